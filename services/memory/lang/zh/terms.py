"""Chinese index terms: the function characters that make a bigram useless as a search term."""

# 的了吗…: a bigram holding one (现在卡在哪里 -> 在哪, 哪里) names nothing a question is about.
FUNCTION_CHARACTERS = frozenset("的了吗呢吧么是在和与及或就都也还把被让给个这那哪什怎")

# Words a question is made of, not what it is about (现在 dairy 那边每周要多少磅？ is about dairy and 每周):
# their characters' bigrams match every turn that asks or answers anything.
QUESTION_WORDS = frozenset(
    [
        "现在",
        "目前",
        "多少",
        "几个",
        "几点",
        "什么",
        "怎么",
        "怎样",
        "怎么样",
        "如何",
        "为什么",
        "为啥",
        "哪个",
        "哪些",
        "哪里",
        "哪儿",
        "哪天",
        "哪家",
        "是不是",
        "有没有",
        "能不能",
        "要不要",
        "还是",
        "那边",
        "这边",
        "那个",
        "这个",
        "我们",
        "你们",
        "他们",
        "她们",
        "一下",
        "一个",
        "已经",
        "可以",
        "应该",
        "总共",
        "一共",
        "到底",
        "吗",
        "呢",
    ]
)
