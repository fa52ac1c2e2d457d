"""Chinese words with which task_lifecycle.py tells which item a resolution closes."""

from services.memory import regex_cache

# What a blocker says is not done yet: its verb ("还没开", "hasn't arrived").
NOT_YET = regex_cache.compile(r"(?:还没有?|尚未|没有|未)([\u4e00-\u9fff]{1,2})")

# Words that say a thing is resolved, or what kind of thing it was, not which thing.
CUE_WORDS = "问题 阻塞 解决 已经"
# Nouns that name the kind of an open item, not which one.
QUESTION_NOUNS = r"问题"

# "权限还没开" ... "开了": a verb the blocker said was not done, now said done (unless negated).
NEGATIONS = "没未不"
DONE_SUFFIXES = r"了|好了|通了|过了"
# The key suffix of an answered question ("<key>结论").
DECISION = "结论"
