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
COUNT = regex_cache.compile(r"\b\d+\s*(?:of|/|out of)\s*(\d+)\s+([a-z][\w\-]*)", re.IGNORECASE)

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
