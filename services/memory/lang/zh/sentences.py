"""How a Chinese sentence leans on the one before it (read by domain/extraction.py)."""

from services.memory import regex_cache

# "<label>: <body>" with a short label; an aside such as ", take three" or ", again" is not part of it.
LABEL = regex_cache.compile(r"^(?P<label>[^:：；;，,]{1,20}?)\s*[:：]\s*(?P<body>\S.*)$")

# A sentence that only binds the one before it: 没有例外。
BINDING_TAG = r"^没有例外[。！]?$|^不容商量[。！]?$|^这是硬性要求[。！]?$"
