"""English grammar pieces the extraction tables are built from: how a key, a verb, a comparator and a value
are spelled, the units after a number and the words that end one, and the labels that only announce.
"""

import re

from services.memory import regex_cache
from services.memory.lang.en.abbreviations import MONTH_ABBREVIATIONS
from services.memory.lang.shared import CMP_SYMBOLS, NUM

# A leading condition clause ("when deploying, always ...") and politeness.
_IMP = (
    r"^(?:[\w' ]{1,40}:\s*)?(?:(?:when|whenever|if|before|after|while|once|for|in|on)\b[^,]{1,80},\s*"
    # ... or, with no comma, a scope that "please" closes: "in the flyers please never mention the price".
    r"|(?:also\s+)?(?:when|whenever|before|after|for|in|on|at)\b[^,.;:]{1,80}?\s+(?=(?:please|pls|plz|kindly)\s))?"
    r"(?:please\s+|pls\s+|kindly\s+)?(?:(?:i'd like|i would like|i want|i need)\s+you\s+to\s+|(?:i'd|i would)\s+rather\s+(?:we|you)\s+|let's\s+|"
    r"(?:you|we|u)\s+(?:should\s+|must\s+|will\s+|need to\s+)?)?"
)
# A value is a number or a range; it must not run into more digits (dates, versions, times).
# A clock time ("02:00", "9am") is a value for the fact grammar, never a number.
# A multiple ("2x annual fees") keeps its x: "2" alone would lose what it multiplies.
# "2 June", "18 March" are dates, not a number of Junes.
VAL_EN = (
    # "3A", "12C": a figure with one capital glued to it names a ward, a flat, a seat; only V, W, K, M, G, T measure.
    rf"(?P<value>{NUM}(?:\s*(?:-|–|~|to|and)\s*{NUM})?(?:k|[x×](?![a-z]))?)(?![.,:/-]?\d)(?!\s?[ap]\.?m\b)(?!(?-i:[A-FH-JLN-SUX-Z])\b)"
    r"(?!\s*(?:st|nd|rd|th)?\s+(?:of\s+)?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b)"
)
# "4月3日" is a date: neither its month nor its day is a number of anything.
_KEY_EN = r"(?P<key>[a-z0-9][\w\-./'& ]{0,60}?)"
_VERB_WORDS_EN = (
    r"is|are|was|were|will|would|should|must|shall|can|cannot|can't|may|might|needs?|has|have|ought|stays?|"
    r"remains?|sits?|averages?|defaults?|equals?|takes?|costs?|lasts?|runs?|go(?:es)?|went|moves?|moved|drops?|dropped|keeps|holds|retains|stores|"
    # what a thing measures: "the plot measures 420 m²", "the crate weighs 18 kg", "the mural spans 12 m"
    r"measures|measured|weighs|weighed|spans|covers|"
    # what a supplier asks: "the roofer quoted £6,400 for the job"
    r"quoted|quotes|charges?|charged|bills?|billed|estimated|estimates|priced|asks?\s+for|asked\s+for"
)
# A perfect with its participle, whatever the verb: "has recently improved to", "has been hovering at",
# "have finally reached": the key ends before the auxiliary, not after the participle.
_PERFECT_EN = (
    r"(?:has|have|had)(?:\s+been)?(?:\s+(?:[a-z]+ly|just|now|finally|already|only|still|also|even|since|then))*"
    r"\s+(?!(?:a|an|the|my|our|their|your|no|not|never|around|about|roughly|approximately|exactly|nearly|almost|over|under|below|above|at|to|up|down|more|less|fewer)\b)[a-z]+(?:\s+(?:up|down|back|out|over))?"
)
_VERB_EN = (
    rf"(?P<verb>(?<![A-Za-z])(?:{_PERFECT_EN}(?![A-Za-z])|(?:{_VERB_WORDS_EN})(?:\s+(?:not|never|to|be|stay|remain|keep|go|get|run|hold|sit|always|ideally|out|up|down|back|"
    r"raised|lowered|bumped|increased|reduced|set|moved|changed|pinned|configured|go off|trigger|fire|alert|kick in))*))"
    r"(?![A-Za-z])"
)
CMP_WORDS_EN = (
    # "at or under £750k": the compound first, or "at" alone would be read and "or under" left over.
    r"at or (?:under|below|above|over|less than|more than)|no (?:higher|lower|later|earlier) than|not to exceed|"
    r"under|below|less than|lower than|fewer than|at most|no more than|not more than|up to|within|over|above|more than|"
    r"greater than|higher than|at least|no less than|no fewer than|exceed(?:s|ing)?|between|around|about|approximately|"
    # an estimate corrected by its speaker: "the lawn is more like 90 m²", "closer to 40"
    r"more like|closer to|nearer to|"
    r"roughly|exactly|equal to|capped at|limited to|set to|to|at|of"
)
_CMP_EN = rf"(?P<cmp>(?<![A-Za-z])(?:{CMP_WORDS_EN})(?![A-Za-z])|{CMP_SYMBOLS})"
# Between a key and its value: a verb, a comparator or both; the lookahead stops "p95" reading as key "p", value 95.
_LINK_EN = (
    rf"\s*(?=(?<![A-Za-z])(?:{_VERB_WORDS_EN}|had|{CMP_WORDS_EN})(?![A-Za-z])|{CMP_SYMBOLS})"
    rf"(?:{_VERB_EN}\s*)?(?:{_CMP_EN}\s*)?"
)
# "We agreed (that) ...", "let's say ...", "we test at ...": the statement follows.
_SAY_EN = (
    r"(?:(?:(?:we|i)(?:'ve)?\s+(?:agreed|decided|settled|confirmed)(?:\s+on)?|let's\s+say|i'd\s+say)(?:\s+that)?\s+|"
    r"(?:we|i)\s+(?:test|run|measure|evaluate|analy[sz]e|compute|report|operate)\s+(?:at|with|using)\s+)?"
)
# An aside between a key and its colon: "Staging host, for later: ...".
_ASIDE_EN = r"(?:\s*,\s*(?:for later|for reference|for the record|for context|for now|fyi|btw|just so you know|as a reminder))?"

# A unit is one word, or a measure qualified by what it counts ("4 business hours", "3 story points"); a
# hyphenated noun is one word ("143 sign-ups", "12 walk-ins").
UNIT_EN = regex_cache.compile(
    r"(?:(?:business|working|calendar|billable|man|person|story|school|wall[- ]clock|cpu|gpu|core|node|machine)[- ]"
    r"(?:hours?|days?|weeks?|months?|points?|seconds?|minutes?)\b|%|‰|°[CF]|/[A-Za-z]+|[A-Za-zµ]+[²³]?(?:-(?!ish\b)[a-z]{2,}\b)?(?:/[A-Za-z]+)?)",
    re.IGNORECASE,
)
UNIT_STOP_WORDS = frozenset(
    [
        "now",
        "today",
        "instead",
        "all",
        "again",
        "at",
        "per",
        "for",
        "in",
        "on",
        "with",
        "when",
        "under",
        "over",
        "and",
        "or",
        "to",
        "if",
        "unless",
        "during",
        "except",
        "only",
        "but",
        "across",
        "from",
        "by",
        "of",
        "the",
        "a",
        "an",
        "is",
        "are",
        "was",
        "were",
        "max",
        "min",
        "as",
        "than",
        "so",
        "then",
        "which",
        "that",
        "while",
        "before",
        "after",
        "between",
        "plus",
        "minus",
        # what a figure takes in or leaves out: "46 incl staff" counts staff in, it measures nothing in "incl"
        "incl",
        "including",
        "inc",
        "excl",
        "excluding",
        "counting",
        "total",
        "tops",
        "each",
        "every",
        "more",
        "less",
        "or",
        "not",
        "no",
        "and",
        "should",
        "must",
        "will",
        "would",
        "can",
        "may",
        "it",
        "this",
        "that",
        "they",
        "we",
        "you",
        "i",
        "january",
        "february",
        "march",
        "april",
        "may",
        "june",
        "july",
        "august",
        "september",
        "october",
        "november",
        "december",
        *MONTH_ABBREVIATIONS,
        "monday",
        "tuesday",
        "wednesday",
        "thursday",
        "friday",
        "saturday",
        "sunday",
    ]
)
NEUTRAL_COMPARATORS = frozenset({"", "=", ":", "to", "at", "set to", "equal to", "of", "is"})
# Verbs of a "keep/cap X at N" sentence that imply a comparator the sentence does not spell.
IMPLIED_COMPARATOR = {"cap": "at most", "limit": "at most", "keep": "", "hold": ""}
# Verbs that change a value there already was.
UPDATE_VERBS = frozenset({"raise", "lower", "bump", "increase", "reduce", "change", "cut", "drop"})

# Colon labels that only announce what follows ("Rule of thumb:", "Heads up:", 先定个规矩：): never a fact's key.
# A label that reports news ("Billing came back:", "Checked annex 3:", "Good news from infra:") is not a key either.
ANNOUNCE_LABEL_EN = regex_cache.compile(
    r"^(?:(?:(?:hard|ground|golden|house|team|general|strict|one|another|new|quick|small|important|friendly|final|last|good|bad|big)\s+)?"
    r"(?:rules?(?: of thumb)?|ban|reminder|note|warning|caveat|tip|heads up|fyi|ps|nb|principle|important|constraint|"
    r"requirement|guideline|convention|policy|status|update|context|background|news|headlines?|bottom line|upshot|gist|short version|"
    r"change of plans?|plan change|decision|answer|"
    r"changes?|corrections?|revisions?)(?:-ish)?"
    r"(?:\s+(?:from|on|for|re|about|regarding|to)\s+.{1,40})?"
    r"|[\w\-' ]{1,30}?\s(?:came back|got back|replied|responded|confirmed|says|said|wrote|called|reported|emailed|asked|decided)"
    r"|(?:checked|confirmed|verified|looked at|double-checked|asked|heard from)\b.*)$"
)
UNIVERSAL = regex_cache.compile(r"^(?:every|each|all|any|anything|everything|anyone|everyone|nothing|nobody|no one)\s", re.IGNORECASE)
# A clause after a number that qualifies it ("Benjamini-Hochberg-corrected over 5 arms"), not a statement of its own.
QUALIFIER_EN = regex_cache.compile(r"^[a-z][\w\-]*ed\s+(?:over|across|for|at|by|per|within|on|in)\b", re.IGNORECASE)
# The role an English fact row reads, as a key suffix ("gated behind the flag X" -> feature flag).
ROLE_SUFFIX = {
    "feature-flag": "feature flag",
    "feature toggle": "feature flag",
    "toggle": "feature flag",
    "flag": "feature flag",
}
