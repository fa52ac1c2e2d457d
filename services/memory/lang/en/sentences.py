"""How an English sentence leans on the one before it (read by domain/extraction.py): "'s" that is "is", a tag that
only binds the rule before, a pronoun opening, verbs of being, a label's aside.
"""

import re

from services.memory import regex_cache

# "Ceremony's at 5 now", "the deadline's still Friday": 's before these words is "is", not a possessive.
IS_CONTRACTED = regex_cache.compile(
    r"\b((?!(?:it|that|what|there|here|he|she|who|let)\b)[A-Za-z][\w\-]*)'s\s+(at|in|on|now|still|set|due|scheduled|booked|moved|"
    r"fixed|confirmed|done|down|up|over|back|going|being|capped|limited|pinned|locked|about|around|roughly|exactly|only|just|"
    r"actually|really|currently|officially|finally|definitely|probably)\b",
    re.IGNORECASE,
)

# "the launch's been pushed back": 's before these words is "has".
HAS_CONTRACTED = regex_cache.compile(r"\b((?!(?:let)\b)[A-Za-z][\w\-]*)'s\s+(been|got|gone|had)\b", re.IGNORECASE)

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

# A sentence that opens with an exception belongs to the one before it: "Invoices go out on the 1st. Unless the 1st
# is a Sunday, then the 2nd." is one rule with its exception.
EXCEPTION_OPENER = r"^(?:unless|except\s+(?:when|if|for|on|where)|other\s+than\s+(?:when|for))\b"

# "I've", "we're", "I'm": the pronoun and its verb, spelled out so that one grammar reads both forms.
PRONOUN_CONTRACTIONS = (
    (regex_cache.compile(r"\b(I|we|they|you)'ve\b", re.IGNORECASE), r"\1 have"),
    (regex_cache.compile(r"\b(we|they|you)'re\b", re.IGNORECASE), r"\1 are"),
    (regex_cache.compile(r"\b(I)'m\b", re.IGNORECASE), r"\1 am"),
)

# Where a statement ends and a request to the assistant begins, in one sentence: "I've adjusted the snack
# budget to $75, can you suggest some drinks?", "... by March 1 - any tips on pacing?".
REQUEST_TAIL = (
    r"(?:[,;:]|\s[-–—])\s*(?:(?:so|and|but|then|now|also)\s+)?(?:(?:can|could|would|will|do|does|should|shall|might)\s+"
    r"(?:you|i|we|it|this|that|they|there)|what|how|which|where|when|why|who|any\s+(?:ideas|thoughts|tips|suggestions|advice|idea)|"
    r"is\s+(?:it|there|that|this)|are\s+there|i\s+(?:wonder|was\s+wondering)|please\s+(?:help|suggest|advise|recommend))\b"
)
# Statements joined into one sentence: "I'm planning a movie night and I've raised the budget to $90".
# A new clause starts at a conjunction followed by its own subject.
CLAUSE_JOINT = (
    r"(?:,\s*|\s+)(?:and|but|so|while|though|although|since|because|as|plus)\s+"
    r"(?=(?:i|we|they|he|she|you|it|my|our|their|his|her|the|that|this)\s)"
)
# A clause that asks or hedges is no statement of a value: "how to find the outcomes", "whether it's enough".
NOT_STATEMENT = r"^(?:how|what|whether|if|why|which|when|where|who|do|does|did|can|could|would|should|is|are|will)\b"
# A clause that wonders or supposes asserts nothing: "I'm trying to work out whether it should go to 400".
UNASSERTED = r"\b(?:whether|if|should|could|would|might|may|wondering|wonder)\b"
