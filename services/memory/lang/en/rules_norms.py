"""English norms said of things in the present tense, with no word that names a rule: a statement with its
exception ("visitors sign in at the desk, unless they hold a badge"), a thing kept away from another ("the
bikes stay out of the hallway"), a restriction with the time it lifts. What something never does is left
unread: "the kids never eat broccoli" is a habit, not a norm. Rows of RULES_EN (lang/en/rules.py), after the
rows that name a rule."""

from services.memory.domain.patterns_core import RULE, _row

# Who speaks of their own plans or past ("I'll come unless it rains", "we left early unless I'm wrong") states
# no norm; nor does a question or a hypothesis.
_NOT_A_NORM = r"(?!(?:if|when|i|i'll|i'd|i'm|i've|we'll|we'd|we've|maybe|perhaps|hopefully|probably)\b)"
_TENSE_OF_A_REPORT = r"(?![^,;?]*\b(?:was|were|did|didn't|had|hadn't|would|could|might|will|won't|'ll|going\s+to)\b)"

# A present-tense statement with its exception: the exception is what makes it a standing norm.
WITH_EXCEPTION = _row(
    "norm_exception",
    "en",
    RULE,
    rf"^(?:and\s+|also\s+|but\s+)?{_NOT_A_NORM}{_TENSE_OF_A_REPORT}[^?]{{6,160}}?(?:,\s*|\s+|\.\s+)"
    r"(?P<marker>unless|except\s+(?:when|if|for|on|where))\s+(?!i'm\s+(?:wrong|mistaken|misremembering|missing)|i\s+am\s+(?:wrong|mistaken))[^?]+$",
    [
        (
            "Visitors sign in at the front desk, unless they already hold a staff badge.",
            {"key": "rule:visitors sign in at the front desk, unless they already hold a staff badge"},
        ),
        (
            "Invoices go out on the 1st. Unless the 1st is a Sunday, then they go out on the 2nd.",
            {"value": "Invoices go out on the 1st. Unless the 1st is a Sunday, then they go out on the 2nd"},
        ),
    ],
    needles=("unless", "except"),
)

# "Seedlings are only planted out after the last frost": a restriction with the time it lifts.
ONLY_ONCE = _row(
    "norm_only_once",
    "en",
    RULE,
    rf"^(?:and\s+|also\s+)?{_NOT_A_NORM}{_TENSE_OF_A_REPORT}[^?]{{3,80}}?\b(?P<marker>only)\s+(?!(?:just|now|then)\b)[a-z][a-z\-]*s?\b[^?]{{0,80}}?"
    r"\b(?:once|after|when|until)\s+[^?]+$",
    [("Seedlings are only planted out after the last frost.", {"key": "rule:seedlings are only planted out after the last frost"})],
    needles=("only",),
)

# "The bikes stay out of the hallway", "dogs keep off the sofa": a thing kept from a place.
KEPT_AWAY = _row(
    "norm_kept_away",
    "en",
    RULE,
    r"^(?:and\s+|also\s+)?(?!(?:i|we|you|it|that|this|there)\b)[\w\-'./ ]{2,50}?\s(?P<marker>stays?|remains?|keeps?)\s+"
    r"(?:off|out\s+of|away\s+from|clear\s+of)\s+\S",
    [("The bikes stay out of the hallway.", {"key": "rule:bikes stay out of the hallway"})],
    needles=("stay", "remain", "keep"),
)

NORMS = (WITH_EXCEPTION, ONLY_ONCE, KEPT_AWAY)
