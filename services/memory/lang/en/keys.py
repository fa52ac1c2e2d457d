"""What an English key is not part of: a leading determiner, and context every item of a session shares."""

import re

from services.memory import regex_cache

# A leading article, possessive or demonstrative: "the deploy target" is "deploy target".
LEADING_DETERMINER = regex_cache.compile(r"^(?:(?:the|our|my|a|an|this|that|these|those|your|their|its)\s+)+")
# Context a key does not need, since every item is scoped to its session: "deploy target for this work",
# "feature flags here", "staging host, for later", "my contact there".
KEY_CONTEXT = regex_cache.compile(
    r"(?:,?\s+(?:for (?:all of )?(?:this|that|now|later|reference|the record)(?:\s+(?:work|project|task|change|effort|session|"
    r"repo|service|environment|env|setup|rollout|migration))?|here|there|(?:in|on|for|within) (?:this|the current|our) (?:project|"
    r"environment|env|repo|repository|session|setup|work|task|codebase)|fyi|btw))+$",
    re.IGNORECASE,
)
# A key may not start with a pronoun or function word; inside it, prepositions and the determiners after them are fine
# ("cache ttl for catalog responses"), pronouns, conjunctions and verbs of being are not. The words both rules
# refuse: a phrase holding one is a clause, not a name.
CLAUSE_WORDS = frozenset(
    [
        "it",
        "he",
        "she",
        "they",
        "we",
        "i",
        "you",
        "me",
        "us",
        "them",
        "which",
        "what",
        "who",
        "whom",
        "everything",
        "something",
        "nothing",
        "anything",
        "everyone",
        "someone",
        "now",
        "then",
        "and",
        "but",
        "so",
        "if",
        "when",
        "because",
        "let",
        "let's",
        "please",
        "always",
        "never",
        "don't",
        "do",
        "not",
        "just",
        "maybe",
        "also",
        "only",
        "or",
        "also",
        "i'm",
        "we're",
        "you're",
        "it's",
        "that's",
        "there's",
    ]
)
BAD_KEY_WORDS = CLAUSE_WORDS | frozenset(
    [
        "this",
        "that",
        "these",
        "those",
        "there",
        "here",
        "one",
        "at",
        "in",
        "on",
        "for",
        "to",
        "with",
        "from",
        "by",
        "as",
        "every",
        "each",
        "all",
        "any",
        "they're",
        "i've",
        "we've",
        "you've",
        "they've",
        "he's",
        "she's",
        "i'd",
        "we'd",
        "no",
    ]
)
BAD_INNER_KEY_WORDS = CLAUSE_WORDS | frozenset(["is", "are", "was", "were", "be", "been"])
DEMONSTRATIVES = frozenset(["this", "that", "these", "those", "there", "here"])
# What "this" scopes in a key rather than points with: "on-call this week", "the DJ this weekend".
TIME_NOUNS = frozenset(
    ["week", "weekend", "month", "year", "quarter", "term", "season", "sprint", "morning", "afternoon", "evening", "time", "round"]
)
# A key ending in an object pronoun is a clause, no name: "that takes us down to €478,500", "they quoted me".
OBJECT_PRONOUNS = frozenset(["us", "me", "them", "him", "her", "you"])
# Words that make a key a pointer at a subject said before, not a name: "that spacing", "six more of those".
POINTERS = frozenset(["this", "that", "these", "those", "them", "ones"])
# A key that ends in one of these runs into its value ("spacing up to every").
# One word that names no subject a value could belong to: "whichever is lower", "same 5 pm cutoff", "like $1.50".
NOT_SUBJECTS = frozenset(
    [
        "whichever",
        "whatever",
        "whoever",
        "maybe",
        "perhaps",
        "like",
        "same",
        "also",
        "either",
        "neither",
        "both",
        "each",
        "anyway",
        "yes",
        "no",
        "ok",
        "okay",
        "th",
        "st",
        "nd",
        "rd",
        "up",
        "down",
        "ours",
        "mine",
        "yours",
        "theirs",
    ]
)
OPEN_KEY_END = frozenset(["up", "down", "every", "each", "about", "around", "to", "at", "by"])
PREPOSITIONS = frozenset(["for", "of", "in", "on", "to", "with", "at", "from", "by", "across", "under", "over", "per"])
# What a key's speaker adds about themselves: "patch window for us", "governing law we can live with".
# When the value holds, said after the key: no part of it ("the tally so far is 31", "the rate right now is").
TIME_TAIL = regex_cache.compile(
    r"\s+(?:so\s+far|right\s+now|at\s+the\s+moment|as\s+of\s+(?:now|today)|to\s+date|these\s+days|at\s+this\s+point|for\s+now|"
    r"currently|now)$",
    re.IGNORECASE,
)
SPEAKER_TAIL = regex_cache.compile(
    r"(?:\s+(?:for|on|at)\s+(?:us|me|our\s+(?:side|end|team))|\s+(?:that|which)?\s*(?:we|i|you|they)\s+(?:can|could|will|would|should|must|do|did|"
    r"don't|can't|'d|'ll)?\s*(?:[a-z']+\s*){1,3})$",
    re.IGNORECASE,
)

# "The new trial pharmacist is ...", "current ICF is version 5": a word that says the value is the current
# one is no part of what it is the value of.
# The words of STATE_PREFIX that say a value replaces another: "new date", "revised budget".
NEW_VALUE_WORDS = frozenset(["new", "updated", "revised", "latest"])
# When a value takes effect, said after it: "Ines runs Thursdays from this week on" replaces whoever did.
TAKES_EFFECT = regex_cache.compile(
    r"\b(?:from\s+now\s+on|going\s+forward|from\s+(?:this|next)\s+(?:week|month|sprint|term|season|quarter|year)(?:\s+on)?|"
    r"(?:starting|as\s+of|effective)\s+(?:today|tomorrow|(?:this|next)\s+\w+|mon|tue|wed|thu|fri|sat|sun)|from\s+here\s+on)\b",
    re.IGNORECASE,
)
STATE_PREFIX = regex_cache.compile(r"^(?:(?:the|our|my)\s+)?(?:current|new|latest|updated|revised|present)\s+(?=[a-z])", re.IGNORECASE)

# A clock time said in words ("half past one", "quarter to five", "noon"): a value, never a key.
SPOKEN_TIME = regex_cache.compile(
    r"(?:(?:half|quarter|twenty|ten|five)\s+(?:past|to|after)\s+)?(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|noon|midnight)"
    r"(?:\s+o'clock)?|noon|midnight|midday",
    re.IGNORECASE,
)

# Verbs a key holds when a row cut the whole clause before the value as its key ("changed the gel plan:
# every 30 minutes", "the team's bumped to", "the buyer agreed the price at"). A key names a thing, so the
# clause is cut at its verb: what it acts on, else what acts. Past forms only: "drop date", "price cut" and
# "test set" are nouns. A verb of change also says the value is new.
KEY_CHANGE_VERBS = frozenset(
    [
        "changed",
        "moved",
        "pushed",
        "pulled",
        "bumped",
        "raised",
        "lowered",
        "dropped",
        "reduced",
        "increased",
        "decreased",
        "upped",
        "switched",
        "shifted",
        "rescheduled",
        "revised",
        "updated",
        "adjusted",
        "extended",
        "shortened",
        "slipped",
        "doubled",
        "halved",
        "trimmed",
        "renegotiated",
    ]
)
KEY_DEAL_VERBS = frozenset(
    [
        "agreed",
        "confirmed",
        "approved",
        "signed",
        "quoted",
        "booked",
        "got",
        "received",
        "accepted",
        "offered",
        "settled",
        "finalised",
        "finalized",
        "negotiated",
        "locked",
        "picked",
        "chose",
        "chosen",
    ]
)
KEY_CUT_DETERMINERS = frozenset(["the", "a", "an", "our", "my", "their", "his", "her", "its", "this"])
# A particle or preposition left at the end of the cut ("bumped up to", "booked X for"): no part of a name.
KEY_CUT_LEFTOVERS = frozenset(["up", "down", "back", "out", "over", "in", "to", "at", "for", "on", "by", "from", "with", "s"])
# One of several things of a kind told apart by a number or a letter: "Bay 3", "VLAN 30", "Hall B", "room 12",
# "line #2". The noun is the group "kind", the mark the group "mark" (instances.py).
INSTANCE = regex_cache.compile(r"\b(?P<kind>[A-Za-z][a-z]{1,15}|[A-Z]{2,8})\s+#?(?P<mark>\d{1,4}[A-Za-z]?|[A-Z])(?![\w%.,:/°'’-])")
# "Make the overnight one 17": a value picked from several said before by the word that tells it apart
# (extraction_checks.pointed_update); {key} is the key read ("overnight one").
ONE_OF_SEVERAL = r"\b(?:the|that|this|those|these)\s+{key}\b"
ONE_WORDS = frozenset(["one", "ones"])
