"""How an English speaker corrects, takes back or revises a value (read by domain/corrections.py): what
introduces the new value, what names the old one, asides after it, retractions, revisions.
"""

import re

from services.memory import regex_cache

INTRO = regex_cache.compile(
    r"^(?:it's|it is|it should be|it'll be|it will be|it was supposed to be|that's|that is|that should be|"
    r"make it|use|go with|let's use|let's go with|we'll use|we will use|switch to|should be|rather|"
    r"the answer is|i meant|we meant)\s+(?P<v>.+)$",
    re.IGNORECASE,
)

OLD_TAIL = regex_cache.compile(r"^(?P<s>.+?),?\s+(?:not|rather than|and not|instead of)\s+(?P<old>[^,]{1,40}?)$", re.IGNORECASE)

CALENDAR = regex_cache.compile(
    r"(?:mon|tues|wednes|thurs|fri|satur|sun)day|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\b", re.IGNORECASE
)

CLAUSE_VERB = regex_cache.compile(
    r"\b(?:is|are|was|were|be|go|goes|went|run|runs|use|uses|used|need|needs|has|have|had|do|does|did|will|would|should|must|can|could)\b",
    re.IGNORECASE,
)

# A clause after the corrected value is the speaker's aside: "it's 8am, I checked the booking".
TRAILING_CLAUSE = regex_cache.compile(r",\s+(?:i|we|you|he|she|they)\b.*$", re.IGNORECASE)

FILLER = r"(?:(?:also|oh|and|ok|okay|sorry|wait|hmm|actually|so|but|um|erm|right)[,.!\s]+)*(?:please\s+)?"

RETRACTION = regex_cache.compile(
    "^" + FILLER + r"(?:(?:scratch|ignore|disregard|strike|forget)\s+(?:that|this|it|all\s+that|"
    r"what\s+i\s+(?:just\s+)?(?:said|wrote|told\s+you|mentioned|sent)(?:\s+(?:about|re|regarding|on|for)\s+(?P<about>[^,;]{1,50}?))?|"
    r"(?:the\s+|my\s+|our\s+)?(?:earlier\s+|previous\s+|old\s+)?(?P<old>(?!(?:about|what|everything)\b)[^,;]{1,40}?))"
    r"|i\s+misspoke|i\s+was\s+wrong|my\s+(?:bad|mistake)|that\s+was\s+(?:wrong|a\s+mistake)|i\s+got\s+(?:that|it)\s+wrong|"
    r"i\s+made\s+a\s+mistake|i\s+mixed\s+(?:that|it|them|things)\s+up)"
    r"(?:\s+(?:about|on|re|regarding|with)\s+(?P<about2>[^,;]{1,50}?))?"
    r"(?:\s+(?:earlier|before|above|yesterday|last\s+time|from\s+earlier|i\s+(?:said|sent|gave\s+you)))?$",
    re.IGNORECASE,
)

# "forget the narrative for now" parks work; it takes back no value.
NOT_A_VALUE = regex_cache.compile(r"\b(?:for now|for the moment|for today|about it)$|^(?:it|that|this|everything)\b", re.IGNORECASE)

# A sentence that gives a figure as a revision of an earlier one: "their revised PDF says $43,800",
# "the vendor came back with £16,950", "the headcount went up to 140", 新的报价是….
REVISION = regex_cache.compile(
    # "the actual total is €2,340", "the correct figure from the bank": the one that replaces an estimate.
    r"\b(?:revised|updated|amended|corrected|adjusted|new|latest|final|re-?quoted|re-?priced|actual|real|proper|correct|right|true|exact|official)\s+(?:\w+\s+)?"
    r"(?:figure|quote|price|pricing|number|estimate|total|amount|cost|budget|date|deadline|time|count|headcount|offer|bid|"
    r"invoice|pdf|proposal|rate|fee|timeline|schedule)s?\b"
    r"|\b(?:came|come|comes|coming)\s+(?:back|down|in)\s+(?:with|at|to)\b|\b(?:went|gone|goes|come|came)\s+(?:up|down)\s+to\b"
    # A label that says its value is new: "New threshold: anything up to $750", "Updated headcount: 64".
    r"|^(?:the\s+|our\s+|my\s+)?(?:revised|updated|amended|corrected|adjusted|new|latest)\s+(?:[\w\-']+\s+){0,2}?[\w\-']+\s*:"
    # Back to a level, or down to one: "crept back up to 87", "that takes us down to €478,500", "down to 96 now".
    r"|\bback\s+(?:up\s+|down\s+)?to\s+(?:about\s+|around\s+)?[$€£¥]?\d|\bdown\s+to\s+(?:about\s+|around\s+|just\s+|only\s+)?[$€£¥]?\d"
    r"|\b(?:now\s+says|now\s+quotes|re-?quoted|re-?priced)\b",
    re.IGNORECASE,
)
