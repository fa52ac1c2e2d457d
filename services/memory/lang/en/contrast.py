"""English contrasts of a new value with the old one it replaces: "$72, not $65", "the 21st, not the
14th", "not Tuesday but Thursday". Read by services/memory/domain/contrast.py."""

from services.memory.lang.shared import NUM

_CURRENCY = r"(?:US\$|[$€£¥])"
_NOT_A_UNIT = r"(?!(?:not|rather|instead|and|or|but|but|as|is|was|per|for|from|to|the|a|an)\b)"
# A figure with what it counts: "$5,200", "12%", "8 cubic yards", "45 min", "3.5k", "9:30am", "4 years of field work".
FIGURE = (
    rf"{_CURRENCY}?\s?{NUM}(?::\d{{2}})?\s?(?:[kKmM]\b|bn\b|%|am\b|pm\b|a\.m\.|p\.m\.)?"
    rf"(?:\s?{_NOT_A_UNIT}[a-zA-Z][a-zA-Z\-]{{0,15}}(?:\s{_NOT_A_UNIT}[a-z]{{2,12}})?"
    r"(?:\s+of\s+[a-z][a-z\-]{1,15}(?:\s+[a-z][a-z\-]{1,15})?(?=\s*[,;—–]?\s*(?:and\s+)?(?:not|rather\s+than|instead\s+of)\s))?)?"
)
# A day of the month or the week, or a month with its day: "the 21st", "Thursday", "March 3".
DATE = (
    r"(?:the\s+)?\d{1,2}(?:st|nd|rd|th)\b(?:\s+of\s+[A-Z][a-z]+)?"
    r"|(?:mon|tues|wednes|thurs|fri|satur|sun)day\b"
    r"|(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?"
    r"|nov(?:ember)?|dec(?:ember)?)\.?\s+\d{1,2}(?:st|nd|rd|th)?\b"
)
# The new value first, then the one it replaces.
NEW_NOT_OLD = r"(?P<new>{value})\s*(?:,|;|—|–|\s-)?\s*(?:and\s+)?(?:not|rather than|instead of)\s+(?P<old>{value})"
# The old value first: "not Tuesday but Thursday", "not 40 — 45".
NOT_OLD_NEW = r"\bnot\s+(?P<old>{value})\s*(?:,|—|–|\s-)?\s*but\s+(?P<new>{value})"
# Where the clause that states the new value begins: a label's colon, a dash, a semicolon.
CLAUSE_BREAK = r"[:;—–]|\s-\s"
# A change that names both values: "moves from Thursday to Friday", "went from $50 to $65". Without
# such a verb "from 9 to 5" is a range, not a change.
CHANGE_VERBS = (
    r"(?:mov|shift|push|pull|chang|switch|bump|rais|lower|drop|cut|increas|decreas|reduc|extend|shorten|reschedul|upgrad|"
    r"downgrad|swap|updat|revis|adjust|jump|climb|fall|fell|slipp|slid|went|go|goes|gone|grow|grew|shrank|shrink|hik|up)"
    r"[a-z]{0,4}"
)
FROM_TO = r"\b" + CHANGE_VERBS + r"\b(?:\s+\S+){0,4}?\s+from\s+(?P<old>{value})\s+(?:up\s+|down\s+|back\s+)?(?:to|into)\s+(?P<new>{value})"
# Where the subject of the clause ends: its verb ("the full-plot fee this season | is $72").
SUBJECT_END = r"\s+(?:is|are|was|were|'s|’s|has|have|had|will|would|should|got|gets|get|" + CHANGE_VERBS + r")\b"
# A sentence without one of these contrasts nothing (lowercase; a cheap test before the patterns).
NEEDLES = ("not ", "rather than", "instead of", "from ")
