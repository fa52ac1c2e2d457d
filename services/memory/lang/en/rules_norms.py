"""English norms said of things in the present tense, with no word that names a rule: a statement with its
exception ("visitors sign in at the desk, unless they hold a badge"), a thing kept away from another ("the
bikes stay out of the hallway"), a restriction with the time it lifts or the one case it allows, a thing that
never goes somewhere or to someone, a statement bound by ", full stop" or "no exceptions". What someone never
does is left unread: "the kids never eat broccoli" is a habit, not a norm. Rows of RULES_EN (lang/en/rules.py),
after the rows that name a rule."""

from services.memory.domain.patterns_core import RULE, _row

# Who speaks of their own plans or past ("I'll come unless it rains", "we left early unless I'm wrong") states
# no norm; nor does a question or a hypothesis.
_NOT_A_NORM = r"(?!(?:if|when|i|i'll|i'd|i'm|i've|we'll|we'd|we've|maybe|perhaps|hopefully|probably)\b)"
# A story's past: "we went there last year, full stop" binds a memory, not a norm.
_NOT_PAST = (
    r"(?![^,;?]*\b(?:went|came|got|said|told|saw|made|took|gave|left|bought|sold|met|ate|drank|drove|flew|ran|wrote|paid|"
    r"yesterday|ago|last\s+(?:night|week|month|year|time|spring|summer|autumn|fall|winter|weekend))\b)"
)
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

# "Trainee work only goes into the kiln on Mondays", "refunds only when the parcel arrives broken": the one case allowed.
ONLY_CASE = _row(
    "norm_only_case",
    "en",
    RULE,
    rf"^(?:and\s+|also\s+)?{_NOT_A_NORM}{_TENSE_OF_A_REPORT}(?!(?:it|that|this|there)\b)[^?]{{3,80}}?\b(?P<marker>only)\s+"
    r"(?:(?:goes|go|gets|get|happens|happen|runs|run|comes|come|leaves|leave|ships|ship|opens|open)\b[^?]*|(?:when|if)\s+[^?]+)$",
    [
        ("Trainee work only goes into the kiln on Mondays.", {"key": "rule:trainee work only goes into the kiln on mondays"}),
        ("Refunds only when the parcel arrives broken.", {"key": "rule:refunds only when the parcel arrives broken"}),
    ],
    needles=("only",),
)

# "The safe combination never goes in the group chat", "the donor list never gets shared": where a thing may not go.
NEVER_GOES = _row(
    "norm_never_goes",
    "en",
    RULE,
    rf"^(?:and\s+|also\s+)?{_NOT_A_NORM}(?!(?:he|she|they|you|it|that|this|there)\b)[^?]{{2,60}}?\b(?P<marker>never|doesn't|don't|isn't|aren't)\s+"
    # "goes in", "gets out": a thing moved; "the kids never go to bed early" is a habit of people.
    r"(?:(?:goes|gets|leaves)\s+(?:in|into|on|onto|out|outside|past|through|beyond)\b|(?:get\s+|gets\s+)?"
    r"(?:shared|sent|given|shown|forwarded|passed\s+on|posted|emailed|printed|copied)\s+(?:with|to|out|on|in|anywhere)\b)[^?]*$",
    [
        ("The safe combination never goes in the group chat.", {"key": "rule:safe combination never goes in the group chat"}),
        ("Our donor list doesn't get shared with anyone.", {"key": "rule:donor list doesn't get shared with anyone"}),
    ],
    needles=("never", "n't"),
)

# "The printed edition goes out with no ads, full stop", "allocation goes by booking time, no exceptions": a bound statement.
BOUND = _row(
    "norm_bound",
    "en",
    RULE,
    rf"^(?:and\s+|also\s+)?{_NOT_A_NORM}{_TENSE_OF_A_REPORT}{_NOT_PAST}[^?]{{6,160}}?,\s*(?P<marker>full\s+stop|no\s+exceptions?|period|no\s+matter\s+what|"
    r"without\s+exception|no\s+favou?rs)\b[^?]*$",
    [("The printed edition goes out with no ads, full stop.", {"key": "rule:printed edition goes out with no ads, full stop"})],
    needles=("full stop", "exception", "period", "no matter what", "no favo"),
)

# "Prices come from the rate card and from nowhere else": the one source, place or person allowed.
NOWHERE_ELSE = _row(
    "norm_nowhere_else",
    "en",
    RULE,
    rf"^(?:and\s+|also\s+)?{_NOT_A_NORM}{_TENSE_OF_A_REPORT}[^?]{{6,160}}?\b(?:and\s+|but\s+)?(?:from|in|to|with|by|at|through)?\s*"
    r"(?P<marker>nowhere\s+else|no\s+one\s+else|nobody\s+else)\b[^?]*$",
    [
        (
            "Prices come from the official rate card and from nowhere else.",
            {"key": "rule:prices come from the official rate card and from nowhere else"},
        )
    ],
    needles=("nowhere else", "no one else", "nobody else"),
)

NORMS = (WITH_EXCEPTION, ONLY_ONCE, KEPT_AWAY, ONLY_CASE, NEVER_GOES, BOUND, NOWHERE_ELSE)
