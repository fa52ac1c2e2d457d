"""What a Chinese value is not: a negation, a degree word or a clause, or a word that only agrees."""

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
STOP_VALUES = frozenset({"好的", "对的", "可以", "没问题", "正确", "错的", "对", "好", "一样", "这样", "那样"})
# Sentence-final particles a value drops before it is checked against STOP_VALUES.
TRAILING_PARTICLES = "了的吧呢啊呀"
# Sentence-final particles a value stated in Chinese is stored without (改成一千五了 -> 一千五); 的 may end a name.
FINAL_PARTICLES = "了吧呢啊呀"
