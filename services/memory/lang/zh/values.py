"""What a Chinese value is not: a negation, a degree word or a clause, or a word that only agrees."""

from services.memory import regex_cache

# A value may not open with these.
BAD_VALUE_START = (
    "不",
    "没",
    "很",
    "非常",
    "太",
    "挺",
    "比较",
    "还",
    "也",
    "都",
    "在",
    "什么",
    "怎么",
    "为什么",
    "因为",
    "否",
    "由",
    "被",
)
# A degree said alone (晚一点, 便宜些, 早点儿): which way a value moved, not the value it moved to.
DEGREE_ONLY = regex_cache.compile(r"^(?:再|稍|稍微|更)?[晚早快慢多少大小高低长短贵近远强弱轻重]?(?:便宜)?(?:一点|一些|点|些)儿?$")
STOP_VALUES = frozenset({"好的", "对的", "可以", "没问题", "正确", "错的", "对", "好", "一样", "这样", "那样"})
# Sentence-final particles a value drops before it is checked against STOP_VALUES.
TRAILING_PARTICLES = "了的吧呢啊呀"
# Sentence-final particles a value stated in Chinese is stored without (改成一千五了 -> 一千五); 的 may end a name.
FINAL_PARTICLES = "了吧呢啊呀"
