"""How an English sentence leans on the one before it (read by domain/extraction.py): "'s" that is "is", a tag that
only binds the rule before, a pronoun opening, verbs of being, a label's aside.
"""

import re

from services.memory import regex_cache

# "Ceremony's at 5 now", "the deadline's still Friday": 's before these words is "is", not a possessive.
IS_CONTRACTED = regex_cache.compile(
    r"\b((?!(?:it|that|what|there|here|he|she|who|let)\b)[A-Za-z][\w\-]*)'s\s+(at|in|on|now|still|set|due|scheduled|booked|moved|"
    r"fixed|confirmed|done|down|up|over|back|going|being|been|capped|limited|pinned|locked|about|around|roughly|exactly|only|just)\b",
    re.IGNORECASE,
)

# A sentence that opens with a pronoun is about what the sentence before it named: "The caterer is
# Olive & Ember. They quoted $118 per head" prices the caterer.
PRONOUN_START = regex_cache.compile(r"^(?:(?:and|so|but|also|ok|okay)[,\s]+)?(?:they|it|she|he)\s+(?P<verb>[a-z]+)\s+(?=\S)", re.IGNORECASE)

BE = frozenset({"is", "are", "was", "were", "has", "have", "had", "will", "would", "can", "could", "should", "must", "might", "may"})

# "<label>: <body>" with a short label; an aside such as ", take three" or ", again" is not part of it.
LABEL = regex_cache.compile(
    r"^(?P<label>[^:;]{2,80}?)(?:,\s*(?:take|round|attempt|try|version|part)\s+\w+|,\s*again)?\s*[:：]\s+(?P<body>\S.*)$", re.IGNORECASE
)

# A sentence that only binds the one before it: "Not negotiable.", "No exceptions.", "Full stop."
BINDING_TAG = (
    r"^(?:(?:and|this|that|it)(?:'s|\s+is)?\s+)?(?:(?:not|non)[- ]?negotiable|no exceptions?|zero exceptions|full stop|period|"
    r"(?:that's|this is)\s+(?:final|a hard rule|a hard line|the rule)|hard rule|hard requirement|no matter what|ever|without exception|always|never)"
    r"[.!]*$"
)
