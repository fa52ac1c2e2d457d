"""English task-state grammar, as tasks.py reads it: the label rows, the rows in table order (new goals,
blockers, open items and progress, then resolutions) and the words that guard them. Row format: domain/task_rows.py.
"""

import re

from services.memory import regex_cache
from services.memory.domain.task_rows import TaskSpec
from services.memory.lang.en.task_blockers import BLOCKERS
from services.memory.lang.en.task_goals import GOALS
from services.memory.lang.en.task_labels import LABELS as LABELS
from services.memory.lang.en.task_progress import PROGRESS
from services.memory.lang.en.task_questions import QUESTIONS
from services.memory.lang.en.task_resolutions import RESOLUTIONS

ROWS: tuple[TaskSpec, ...] = (*GOALS, *BLOCKERS, *QUESTIONS, *PROGRESS, *RESOLUTIONS)

# ---- guards and word lists ----------------------------------------------------------------------
# Words before a cue that make it a condition, a rule, an opinion, reported speech or past narration.
_HEDGE = (
    r"if|unless|when|whenever|once|in case|should|shouldn't|would|wouldn't|could|couldn't|might|may|hope|hopefully|maybe|perhaps|"
    r"probably|whether|expect|supposed|wonder"
)
GUARDS = {
    "new": rf"\b(?:{_HEDGE}|got|yesterday|last (?:week|night|time|month|year)|used to|never|don't|do not|doesn't|does not|avoid|always|must|no longer|not|isn't|aren't|was|were|wasn't|weren't|had|said|says|"
    r"say|told|tells|asked|asks|think|thinks|thought|wants to know|mentioned|claims?|according to|imagine|suppose|e\.g|example)\b",
    "progress": rf"\b(?:{_HEDGE}|never|don't|do not|avoid|always|must|said|says|told|asked|think|thought|wants to know|claims?|not|isn't|aren't|"
    r"hasn't|haven't)\b",
    "resolve": rf"\b(?:{_HEDGE}|until|will|won't|not|never|nobody|no one|isn't|aren't|hasn't|haven't|wasn't|didn't|doesn't|as soon as|asked|wants to know)\b",
}
# A label that reports or supposes: its body is not the user's own state ("Luis asked: ...", "If it fails: ...").
LABEL_GUARD = (
    r"\b(?:said|says|told|asked|asks|wants to know|wrote|writes|claims?|thinks?|if|unless|when|whenever|once|in case|suppose|"
    r"imagine|yesterday|last (?:week|night|time|month|year)|used to)\b"
)
# A resolution's about that only points back ("that's fixed", "the blocker is gone").
ANAPHORA = (
    r"(?:that|this|it|everything|all|all of (?:it|that)|things|the (?:blocker|issue|problem|thing|question|one)|"
    r"(?:that|this) (?:issue|problem|blocker|question|one|thing|part|bit))"
)
# Trailing words of an about or entry that are not the thing itself.
ABOUT_HEAD = r"^(?:to|on|for|of|about|with|from|re)\s+"
ABOUT_TAIL = r"\s+(?:now|again|yesterday|today|tonight|this morning|last night|finally|at last|too|as well|already|officially)$"
GOAL_TRIM = (
    r"^(?:to\s+|let's\s+(?:pivot|switch(?: our)? focus|shift(?: our)? focus|focus|refocus)\s+(?:to|on|onto)\s+)|"
    r"\s+instead$|\s*[;,]\s*(?:that's|that is|this is)\s+(?:the|our)\s+(?:new\s+)?(?:goal|aim|focus|priority)(?:\s+now)?$"
)
# Sentences that start like a question but state something ("What's left is to ...").
HEDGE_EXEMPT = r"^whether\b"
PSEUDO_CLEFT = (
    r"^what(?:'s| is|\s+(?:we|i)(?:'re|'m| are| am)?)\s+[^?]*?\b(?:is|are)\s+(?!it\b|there\b)\S|"
    r"^(?:who|whether|how|which|when|where)\b[^?]*\b(?:is|are|remains)\s+(?:still\s+)?(?:open|undecided|unclear|unresolved|up in the air|"
    r"tbd|pending|to be decided)\b"
)
# Waiting for these is a day's narration, not a blocker.
NARRATIVE = (
    r"^(?:the|a|my|our)?\s*(?:bus|train|tram|subway|metro|taxi|cab|uber|traffic|elevator|lift|kettle|coffee|"
    r"my turn|the lights?|a table)\b"
)
BAD_ENTRY_START = (
    "it",
    "this",
    "that",
    "they",
    "nothing",
    "none",
    "you",
    "he",
    "she",
    "me",
    "us",
    "him",
    "her",
    "them",
    "it's",
    "that's",
    "there's",
)
# A goal that is a state ("the goal is blocked") or a verdict ("the goal is unclear"), not an aim.
NOT_A_GOAL = (
    r"(?:blocked|stuck|waiting|on hold|paused|in review|pending|done|finished|complete|running|failing|failed|queued|"
    r"green|red|flaky|broken|scheduled)\b|"
    r"(?:unclear|clear|ambitious|realistic|unrealistic|achievable|simple|the same|different|ready|met|reached|achieved|a \w+ one)$|"
    # what is set aside is not the new goal ("New focus: the exports can wait")
    r".*\b(?:can wait|will have to wait|has to wait|(?:is|are|goes|go) on (?:hold|ice)|(?:is|are) (?:parked|postponed|deferred|dropped))$"
)
SEPARATOR = r"^(?P<label>[^:：]{1,90}?)\s*(?::\s+|：\s*|\s+[—–-]\s+)(?P<body>.+)$"
LABEL_MAX_WORDS = 10
# Corrections and discourse markers text.strip_openers keeps ("Actually, the goal is ...").
LEAD = (
    r"^(?:(?:actually|no wait|wait|sorry|correction|scratch that|in fact|ok(?:ay)? so|right so|anyway)\s*[,:!.—–-]+|"
    r"(?:from now on|from here on|going forward|for now|at this point)\s*,?)\s*"
)
# Extra cue stems of the sentence-level prefilter, beyond the rows' cues.
CUES = (
    "step",
    "goal",
    "aim",
    "object",
    "focus",
    "priorit",
    "mission",
    "project",
    "plan",
    "task",
    "progress",
    "done",
    "finish",
    "complete",
    "job",
    "big thing",
    "main thing",
    "hired",
    "here for",
    "after now",
    "going for",
    "nobody",
    "no one",
    "unanswered",
    "all about",
    "no answer",
    "no reply",
    "no word",
    "no decision",
    "no response",
    "ship",
    "merge",
    "land",
    "fix",
    "resolv",
    "solv",
    "block",
    "stuck",
    "wait",
    "snag",
    "hold",
    "bottleneck",
    "roadblock",
    "obstacle",
    "impediment",
    "sticking",
    "open",
    "question",
    "next",
    "todo",
    "to-do",
    "to do",
    "pending",
    "remaining",
    "left",
    "tbd",
    "tbc",
    "missing",
    "need",
    "follow",
    "action",
    "unresolved",
    "undecided",
    "outstanding",
    "unknown",
    "to be",
    "decid",
    "decision",
    "settled",
    "verdict",
    "outcome",
    "conclusion",
    "answer",
    "agreed",
    "consensus",
    "ruling",
    "call",
    "came back",
    "got back",
    "replied",
    "responded",
    "wrote back",
    "confirmed",
    "weighed in",
    "signed off",
    "update",
    "status",
    "recap",
    "sitrep",
    "where we are",
    "where things stand",
    "unblock",
    "cleared",
    "back",
    "again",
    "achiev",
    "accomplish",
    "win",
    "booked",
    "sort out",
    "figure out",
    "work out",
    "find out",
    "things to",
    "clarify",
    "investigate",
    "review",
    "live",
    "deploy",
    "so far",
    "in place",
    "set up",
    "wired",
    "provisioned",
    "target",
    "north star",
    "news",
    "word",
    "feedback",
    "response",
    "reply",
    "issue",
    "problem",
    "headache",
    "complication",
    "figured",
    "haven't",
    "have not",
    "checked",
    "looked",
    "verified",
    "investigated",
    "dug into",
    "read through",
    "turns out",
    "turned out",
)

LEADING_THAT = regex_cache.compile(r"^that\s+", re.IGNORECASE)

# ---- what tasks.py reads around the rows ----
# Who may be the subject of an entry without naming what it is about.
PRONOUNS = frozenset({"we", "i", "you", "they", "us", "he", "she"})
# An entry that only announces the next sentence ("we're stuck on one thing though. The city has to ...").
POINTS_AHEAD = (
    r"(?:(?:one|two|three|a few|a couple of|some|one more|one last|a single|another)\s+)(?:small\s+|big\s+|last\s+)?"
    r"(?:thing|things|issue|issues|problem|problems|detail|details|snag|question|questions|point|points)"
    r"(?:\s+(?:though|still|now|here|right now|at the moment|actually))*"
)
