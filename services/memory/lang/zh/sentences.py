"""How a Chinese sentence leans on the one before it (read by domain/extraction.py)."""

import re

from services.memory import regex_cache

# "<label>: <body>" with a short label; an aside such as ", take three" or ", again" is not part of it.
LABEL = regex_cache.compile(r"^(?P<label>[^:：；;，,]{1,20}?)\s*[:：]\s*(?P<body>\S.*)$")

# A sentence that only binds the one before it: 没有例外。
BINDING_TAG = r"^没有例外[。！]?$|^不容商量[。！]?$|^这是硬性要求[。！]?$"

# A sentence that opens with an exception belongs to the one before it: 每周一交周报。除非周一放假，那就周二交。
EXCEPTION_OPENER = r"^(?:除非|除了(?=[^，,。]{1,20}(?:以外|之外)))"

# Chinese writes no contracted pronouns.
PRONOUN_CONTRACTIONS: tuple[tuple[re.Pattern[str], str], ...] = ()
# 预算已经调到 7500 了，你能帮我看看还有哪些可以省？: the statement before a request to the assistant.
REQUEST_TAIL = r"[，,；;]\s*(?:所以|那|那么)?\s*(?:你|您)?(?:能不能|能否|可不可以|可以|能|帮我|请|麻烦)|[，,；;]\s*(?:有没有|怎么|如何|是不是|要不要|哪些|什么)"
# 我们在筹备婚礼，而且场地预算已经提到三万了: statements joined by a conjunction that starts a clause.
CLAUSE_JOINT = r"[，,；;]\s*(?:而且|但是|不过|所以|然后|并且|另外|同时)(?=\S)"
NOT_STATEMENT = r"^(?:怎么|如何|是否|为什么|哪|什么|是不是|能不能|要不要)"
UNASSERTED = r"是否|要不要|能不能|如果|要是|假如|可能|也许|打算|考虑"
