"""English words with which task_lifecycle.py tells which item a resolution closes: words that only say a thing is
resolved, states after a count, a verb of what is not done yet, a count of one whole.
"""

import re

from services.memory import regex_cache

# Words after a count that name a state, not the whole counted ("30 of 31 passing").
STATE_WORDS = frozenset(
    (
        "done",
        "finished",
        "complete",
        "completed",
        "passing",
        "green",
        "live",
        "ready",
        "running",
        "working",
        "merged",
        "shipped",
        "deployed",
        "fixed",
        "closed",
        "resolved",
        "approved",
        "reviewed",
        "tested",
        "checked",
        "verified",
        "signed",
        "sent",
        "paid",
        "booked",
        "confirmed",
        "migrated",
        "translated",
        "are",
        "is",
        "have",
        "now",
    )
)

NOT_YET = regex_cache.compile(
    r"\b(?:hasn't|haven't|has not|have not|isn't|aren't|is not|are not|wasn't|not yet|still not)\s+(?:been\s+|yet\s+)?(\w+(?:ed|en))\b",
    re.IGNORECASE,
)

# "12 of 14 services": a count of one whole.
# "3 of the 6 are banked" counts the same whole as "5 of 6 banked".
COUNT = regex_cache.compile(
    r"\b\d+\s*(?:of|/|out of)\s*(?:the\s+|our\s+)?(\d+)\s+(?:(?:are|is|were|was|now|already)\s+)*([a-z][\w\-]*)", re.IGNORECASE
)

# A tally by what was done to how many: "collected 14 forms" is the same tally as "collected 9 forms".
TALLY = regex_cache.compile(r"\b([a-z]{3,}ed)\s+(?:another\s+)?\d[\d,]*\s+([a-z][\w\-]*)", re.IGNORECASE)

# Words that say a thing is resolved, or what kind of thing it was, not which thing.
CUE_WORDS = (
    "question questions issue issues problem problems blocker blockers blocked block unblocked unblock fixed fix resolved resolve "
    "settled decided decision answer open item items point thing now finally today yesterday sorted done "
    # approval words: "the holiday request got approved" says nothing of a blocker about legal approving a clause
    "approve approved approving approval sign signed signing cleared through yes added access overnight morning"
)
# Nouns that name the kind of an open item, not which one ("the DNS question").
QUESTION_NOUNS = r"\b(?:question|issue|point|decision|problem)s?\b"

# The key suffix of an answered question ("<key> decision").
DECISION = "decision"

# A fact keyed by one of these states the goal ("the Q3 goal is 40 signups", "new objective: 1,500 downloads");
# "target" stays out: a deploy target or a target temperature is a setting, not what the user is after.
GOAL_KEY = regex_cache.compile(
    r"^(?:(?:q[1-4]|this|next|the|our|my|main|overall|new|revised|weekly|monthly|quarterly|annual|yearly|[a-z]+'s)\s+)*"
    r"(?:goal|objective)s?$",
    re.IGNORECASE,
)
# A figure keyed by "target" alone is what the user is after ("the target is 12,000", "she wants the target
# at 40 sign-ups"); a fact so keyed ("target: eu-west-1") stays a setting.
GOAL_NUMBER_KEY = regex_cache.compile(
    r"^(?:(?:q[1-4]|this|next|the|our|my|main|overall|new|revised|weekly|monthly|quarterly|annual|yearly|[a-z]+'s)\s+)*"
    r"(?:goal|objective|target)s?$",
    re.IGNORECASE,
)

# What the opening turns of a session say it is for, when no goal was stated: the speaker's own undertaking
# ("We want a waitlist for the tasting counter set up before spring", "we're moving our bookings over from
# the old export"): first person, then a verb of wanting, preparing or doing, not a request for help.
OPENING_INTENT = regex_cache.compile(
    r"^(?:(?:so|ok(?:ay)?|basically|today|right|well)\s*,?\s+)*(?:we|i|they)(?:'re|'m|'d|\s+are|\s+am|\s+would)?\s+"
    r"(?:really\s+|just\s+|finally\s+|now\s+)?(?:want|need|like|trying|moving|migrating|building|launching|setting\s+up|"
    r"planning|preparing|organi[sz]ing|putting\s+together|switching|replacing|rolling\s+out|getting|shipping|opening|"
    r"redoing|rebuilding|renovating|writing|organising)\b(?!\s+(?:you|your|help|to\s+(?:know|ask|check)|a\s+hand)\b)",
    re.IGNORECASE,
)

# The label of what a session is for, said as it opens ("What we're doing: a week's charter out of Split",
# "What we're here for: ...", "The plan for this thread: ..."): the body after it is the goal.
PURPOSE_LABEL = regex_cache.compile(
    r"\b(?:we|we're|we've|i'm|us|our)\b.*\b(?:doing|for|after|about|building|making|running|planning)\b|"
    # The label's own head, not a noun it modifies: "The job for this week:" says what it is for, "Import job:" names a job.
    r"^(?:(?:the|my|our|this|today's|tonight's|this\s+week's|whole|main|overall|real)\s+)*(?:aim|job|plan|purpose|mission|remit|brief|agenda)\b|"
    # what the speaker wants of it, where they must end up: "What I want out of this:", "Where we need to land:"
    r"\b(?:i|we)\s+(?:really\s+)?(?:want|need|'d\s+like|would\s+like|hope|am\s+hoping|are\s+hoping)\b|"
    r"^where\s+(?:we|i)\b.*\b(?:land|end\s+up|get|be)\b|^(?:the\s+)?(?:big|main)\s+one\b",
    re.IGNORECASE,
)

# A sentence that names the conversation or the undertaking itself ("file this whole thread under '...'", "Call this
# project '...'", "That's what this conversation is for"): said as a session opens, it says what the session is for.
SESSION_REFERENCE = regex_cache.compile(
    r"\b(?:this|the)\s+(?:whole\s+|entire\s+)?(?:chat|conversation|thread|session|workstream|project|effort|engagement)\b", re.IGNORECASE
)
# What only points back at the sentence before: "That's what this conversation is for", "That's what this thread is about".
POINTS_BACK = regex_cache.compile(r"^(?:that's|that\s+is|this\s+is|that\s+was)\b", re.IGNORECASE)
# A sentence that only announces the goal ("Here's the mission."): the sentence after it states it.
ANNOUNCES_GOAL = regex_cache.compile(
    r"^(?:(?:ok(?:ay)?|so|right)\s*,?\s+)*here(?:'s|\s+is)\s+(?:the|my|our)\s+(?:mission|goal|plan|aim|objective|brief|job)\s*[.:!]?$",
    re.IGNORECASE,
)
# A sentence about the conversation that names its aim only by pointing ("Everything here is about getting me
# there"): the sentence before names it.
POINTS_AT = regex_cache.compile(r"\b(?:there|it|that\s+one|this\s+one)\b", re.IGNORECASE)

# A sentence that says a thing is settled, and one that says it is not yet (waiting, negated, to come,
# asked): a blocker restated in the first way, and not the second, is closed (task_lifecycle).
SETTLED = regex_cache.compile(
    r"\b(?:[a-z]{3,}ed|got|came|went|sent|gave|made|done|finally|arrived|showed|passed|approved|signed|cleared|sorted|"
    r"fixed|resolved|through|landed|in hand|back)\b",
    re.IGNORECASE,
)
# A blocker that waits for someone's word ("until the surveyor sends the report", "till legal signs
# off"): who it waits for. That one said to have answered settles it ("The surveyor replied!").
AWAITED_PARTY = regex_cache.compile(
    r"^(?:the\s+|our\s+|my\s+|their\s+)?(?P<party>[a-z][\w'\-]*(?:\s+[a-z][\w'\-]*){0,2}?)\s+"
    r"(?:tells?|answers?|repl(?:y|ies)|confirms?|signs?|approves?|decides?|sends?|gets?\s+back|comes?\s+back|responds?|"
    r"says|gives?|returns?|okays?|clears?|checks?|hears?)\b",
    re.IGNORECASE,
)
# Where a blocker says what it waits for: the words after it are the awaited thing, which a later sentence
# names when it settles ("can't book the hall till the council sends the permit" -> "the council sends the permit").
AWAITED_CLAUSE = regex_cache.compile(
    r"\b(?:until|till|til|waiting\s+(?:on|for)|depends\s+on|held\s+up\s+by)\s+(?P<awaited>[^.;,]+)", re.IGNORECASE
)
UNSETTLED = regex_cache.compile(
    r"\b(?:not|no|never|still|waiting|wait|until|till|yet|pending|blocked|stuck|cannot|will|going to|gonna|hope|"
    r"hopefully|should|might|maybe|if|whether|once|when|soon|tomorrow|next)\b|n't\b|'ll\b|\?",
    re.IGNORECASE,
)

# What separates the options of a choice left open ("Business Standard or Business Premium", "Lisbon vs Porto").
OPTIONS = regex_cache.compile(r"\s+(?:or|vs\.?|versus)\s+|(?<=[A-Za-z])\s*/\s*(?=[A-Za-z])", re.IGNORECASE)
# What frames a choice before its first option: "I still have to make up my mind whether …".
CHOICE_LEAD = regex_cache.compile(r"^.*?\b(?:whether|if)\s+", re.IGNORECASE)
# A statement that commits to something: an option it names is the one chosen ("we're licensing Standard for
# everybody"), where "Standard has a 50 GB cap" only discusses it.
COMMITS = regex_cache.compile(
    r"\b(?:we're|we\s+are|we'll|we\s+will|i'm|i'll|i\s+will|let's|going\s+to|gonna|decided|decision|went\s+with|go\s+with|"
    r"picked|chose|settled|booked|signed|ordered|bought|sticking\s+with)\b",
    re.IGNORECASE,
)

# An open question that asks for something a statement can fill in: who, which, what, where, when, whether.
# Between the two options of an either-or question: "on the main panel or on their own circuit?".
EITHER = r"\s+or\s+"
ASKS_FOR = r"\b(?:who|whom|which|what|where|when|whether|how\s+much|how\s+many)\b|who's"
# A statement that asks, denies, or says the thing is still open ("the fence and the gate still open") answers nothing.
UNANSWERED = regex_cache.compile(r"\?|\b(?:not|never|nobody|no\s+one|nothing|open|pending|undecided|unresolved|tbd)\b|n't\b", re.IGNORECASE)
# Asking around, or weighing it, is no answer: "I asked Ray about driving Grandma", "maybe Ray could drive".
# An open item that asks yes or no ("whether we sponsor the club", "if we rent the van"): doing the thing answers it.
YES_OR_NO = regex_cache.compile(r"\bwhether\b|\bif\s+(?:we|i|to|they)\b|\bor\s+not\b", re.IGNORECASE)
ASKING_AROUND = regex_cache.compile(
    r"\b(?:ask|asked|asking|check|checking|checked|wonder|wondering|considering|thinking|maybe|might|could|perhaps|if)\b", re.IGNORECASE
)
