"""How English statements are phrased around their values (read by domain/statements.py): relayed speech, where a
value, a condition or a clause ends, scopes and places in a key, what was chosen, entries of a listed figure.
"""

import re

from services.memory import regex_cache

# "If you need the errors, the Sentry project is X": the clause says when the fact is useful, not when it holds.
NEED_CLAUSE = regex_cache.compile(
    r"^(?:if|in case|whenever|when)\s+(?:you|we|anyone|someone|somebody)\s+(?:ever\s+)?(?:need|want|have to|go looking for|are looking for|look for)\b[^,]{0,60},\s*",
    re.IGNORECASE,
)

# "Olu says finance defines churn at 45 days", 陈思远说…: a statement the user relays is theirs to remember.
REPORTED = regex_cache.compile(
    r"^(?:(?-i:[A-Z])[\w'\-]+(?:\s+(?:from|at|in)\s+[\w'\-]+)?|(?:the|their|our|my)\s+[\w\-]+(?:\s+[\w\-]+)?)\s+"
    r"(?:says|said|tells me|told me|told us|confirmed|mentioned|wrote|reckons|thinks|pointed out)(?:\s+that)?[,:]?\s+(?=\S)",
    re.IGNORECASE,
)

# "6 kg of unsalted butter a week": what a quantity counts belongs to what the number is about.
OF_THING = regex_cache.compile(
    r"^of\s+(?P<thing>(?:[a-z][\w\-]*\s+){0,2}?(?![a-z]+ing\b)[a-z][\w\-]*?)(?=\s+(?:a|an|per|every|each|for|in|on|at|plus|and|,)\b|[,;]|$)",
    re.IGNORECASE,
)

# A scope in the key ("diff on fct_rides", "p95 for GET /invoices", 高管看板的…) is also a condition of the number.
SCOPE = regex_cache.compile(r"\b(?:for|on|in|at|across|during|under)\s+(?!(?:the\s+)?(?:rollout|sweep|record)\b)[^;]{2,40}$", re.IGNORECASE)

# "the walkway between the island and the counters", "the gap behind the fridge": a place or scope
# after the measured thing, which may hold words a key cannot ("and", "it").
PLACE = regex_cache.compile(
    r"\s(?:between|behind|beside|under|above|below|inside|outside|around|near|next to|along|across|within|for|on|in|at|from|during)\s",
    re.IGNORECASE,
)

MULTIPLIED = regex_cache.compile(
    r"^\s*((?:(?!(?:as|for|of|on|in|at|per|to|with|when|if|unless|and|or|but)\b)[A-Za-z][\w\-]*\s*){1,3})", re.IGNORECASE
)

# Where a value ends and the speaker's comment on it begins: "Postgres 16 over the weekend, so
# MERGE works now", "Friday at 3:40 pm, same place", "eu-central-1 (Frankfurt); latency matters".
VALUE_END = regex_cache.compile(
    r"\s*(?:;|\s[—–]\s|,\s+(?=(?:so|but|and|because|since|as|which|who|that's|that\s+is|this\s+is|it's|it\s+is|same|then|though|although|"
    r"after|before|while|i|we|you|he|she|they|it|there|nothing|everything|nobody|everyone|anything|even|especially|particularly|mostly|"
    r"mainly|except|apart|not|no)\b|[^,\s]+(?:\s+[^,\s]+){0,2}\s+(?:is|are|was|were|isn't|aren't|wasn't|has|have|had|will|won't|[a-z]{3,}ed)\b)"
    r"|\s+and\s+(?=[^,;]*\b(?:is|are|was|were)\b)|\s+(?:so|because|since)\s"
    # When a new value takes effect is no part of it: "moves to Fridays starting next week".
    r"|\s+(?:starting|effective|beginning)\s+(?:from\s+)?(?:next|this|on|the|today|tomorrow|in|monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b).*$",
    re.IGNORECASE,
)

VALUE_ADVERB = regex_cache.compile(
    r"\s+(?:over the weekend|last (?:week|weekend|night|month|year)|yesterday|today|tonight|this (?:morning|afternoon|evening|week|month)|"
    r"earlier|recently|now|already|again|instead|as well|too|anymore|for now|from now on|going forward|"
    r"on (?:mon|tues|wednes|thurs|fri|satur|sun)day|(?:this|last|next) (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|sprint|quarter))$",
    re.IGNORECASE,
)

# A clause after a condition that says something of its own ("finance tightened it on Monday") ends it;
# one that restricts the value ("but only once the customer confirms") stays.
CONDITION_END = regex_cache.compile(
    r"(?:;|,\s+(?!.*\b(?:only|once|unless|except|if|when|until|provided|as long as|included|excluded|including|excluding)\b)"
    r"(?=(?:so|and|because|since|which|that's|it's|i|we|you|he|she|they|it|there)\b|(?:the\s+)?[a-z]+\s+(?:[a-z]+ed|is|are|was|were|has|have|had|said|says|wants|asked|told)\b)).*$",
    re.IGNORECASE,
)

# What was picked instead, wherever it stands in the sentence: "so soapstone it is", "we're going
# with the Harbour Room", "let's do Friday instead".
CHOSEN = regex_cache.compile(
    r"(?:^|[,;:]\s*|\b(?:so|then|and)\s+)(?P<v>(?!(?:it|that|this|so|then)\b)[\w'\-.]+(?:\s+[\w'\-.]+){0,3}?)\s+it\s+is\b"
    r"|\b(?:going|go|went|gone)\s+with\s+(?P<with>[^,;.]{1,40}?(?:,\s+(?-i:[A-Z])[^,;.]{0,40})?)(?=\s+instead\b|[,;.]|$)"
    r"|\b(?:we|i)\s+(?:picked|chose|settled\s+on|booked|opted\s+for)\s+(?P<picked>[^,;.]{1,40}?)(?=\s+instead\b|[,;.]|$)",
    re.IGNORECASE,
)

# One entry of a list of named figures: "Birchline Builders $41,900", "Hartwell & Sons: $46,250",
# "Cedar Row at $38,700", "Plan B 12 weeks".
LISTED = regex_cache.compile(
    r"^\s*(?:and\s+|or\s+)?(?P<name>(?-i:[A-Z])[\w'.\-]*(?:\s+(?:&\s+|and\s+|of\s+)?(?-i:[A-Z0-9])[\w'.\-]*){0,3})"
    r"\s*(?:[:=\-–—]\s*|\s+(?:at|for|is|was|quoted|says|asks|wants|charges|came in at)\s+|\s+)"
    r"(?P<cur>[$€£¥])?(?P<value>\d[\d,.]*(?:\s?[kKmM]\b)?)(?P<tail>\s*[^,;]*)$"
)

LIST_SPLIT = regex_cache.compile(r"\s*(?:,|;|\band\b)\s*(?=(?:and\s+|or\s+)?(?-i:[A-Z]))")

COUNT_WORDS = regex_cache.compile(r"\b(?:two|three|four|five|six|seven|eight|nine|ten|\d+|the|our|all|both|final|latest)\b", re.IGNORECASE)

# Words that join two clauses (a value or condition ends before them).
JOINERS = r"and|but"
# Where a later clause may state what the first does not (the Chinese commas are joined in by statements.py).
# "so far", "so much", "so many" and "so long" are no "so" that starts a clause ("the tally so far is 31").
LATER_CLAUSE = r",\s+(?:(?:so|and|but|then|which means)\s+)?|;\s*|\s+so\s+(?!(?:far|much|many|long)\b)|\s+(?:when|once|whenever)\s+"
# A negated verb makes its comparator negative ("must not exceed").
NEGATION = regex_cache.compile(r"\b(?:not|never)\b|n't")
# A part of a listed thing that is a clause of its own (facets.py): "Sorry, the visit is on the 16th, not the 9th"
# corrects a value, it lists no facts of "Sorry".
# A facet part's words that name nothing of the thing ("about 3,200 words"), and what a part with no words of
# its own gives of it, by the kind of its value ("Coffee: €62.40 a sack" is its price).
FACET_FILLER = frozenset(["about", "around", "roughly", "approximately", "at", "on", "by", "for", "is", "are", "the", "a", "an", "of"])
FACET_OF_KIND = {"money": "price", "time": "time"}
FACET_CLAUSE = regex_cache.compile(
    r"\b(?:is|are|was|were|has|have|had|will|would|not|never|instead|rather)\b|n't|'s\s+(?:on|at|in|now)\b", re.IGNORECASE
)

# A second measure said in the first one's condition: "alpha 0.01 for the main models, 0.05 for the
# exploratory ones" (a parallel scope), "12 bags a week, each bag 20 kg" (a measure of each unit).
PARALLEL_MEASURE = regex_cache.compile(
    # A comma with a digit right after it is a thousands separator ("$14,800"), no break between two measures.
    r"^(?P<first>.*?)(?:;|,(?!\d))\s*(?:and\s+|but\s+|while\s+)?(?P<cur>[$€£¥])?(?P<value>\d+(?:[.,]\d+)*)\s*(?P<unit>%|[a-z]{1,12}\b)?\s*"
    r"(?P<scope>(?:for|in|on|at|during|with|under|over|after|before|when)\s+(?:the\s+|a\s+|an\s+)?\S.*)$",
    re.IGNORECASE,
)
EACH_MEASURE = regex_cache.compile(
    r"^(?P<first>.*?)[,;]\s*(?:and\s+)?(?P<each>each|every|per)\s+(?P<noun>[a-z][\w\-]*)\s+(?:is\s+|weighs\s+|holds\s+|has\s+)?"
    r"(?P<cur>[$€£¥])?(?P<value>\d+(?:[.,]\d+)*)\s*(?P<unit>%|[a-z]{1,12}\b)?(?P<scope>.*)$",
    re.IGNORECASE,
)
# A second measure of the same thing in another unit, all the condition says: "6 radiators, 9 kW", "12 crates and 300 kg".
OTHER_MEASURE = regex_cache.compile(
    r"^(?:and\s+|,\s*)?(?P<cur>[$€£¥])?(?P<value>\d+(?:[.,]\d+)*)\s*(?P<unit>%|[a-zµ°][\w\-/°]{0,11})\s*(?P<rest>(?:in\s+total|total|now|each)?)$",
    re.IGNORECASE,
)
# Words of a scope that name nothing: "the exploratory ones" is keyed "exploratory".
SCOPE_FILLER = frozenset(
    {"for", "in", "on", "at", "during", "with", "under", "over", "after", "before", "when", "the", "a", "an", "ones", "one"}
)
