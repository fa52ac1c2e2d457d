"""English figures spelled as words, and where a spelled figure is a value ("bumped it to twenty",
"we're down to seven", "four years of field work, not two") rather than a word of the prose ("one of
us", "two weeks ago", "half past five"). Read by services/memory/domain/numerals.py.
"""

# "one" is left out: it is a pronoun far more often than a figure ("the previous one", "one of them").
SMALL = {
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "thirteen": 13,
    "fourteen": 14,
    "fifteen": 15,
    "sixteen": 16,
    "seventeen": 17,
    "eighteen": 18,
    "nineteen": 19,
}
# What follows a tens word: "twenty-five", "thirty one".
DIGIT_WORDS = {"one": 1, **{word: value for word, value in SMALL.items() if value < 10}}
TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90}
# A scale after a figure word: "two hundred", "a hundred", "five thousand".
SCALES = {"hundred": 100, "thousand": 1000}
# Counts said as a phrase.
PHRASES = {"a dozen": 12, "half a dozen": 6, "a couple of": 2}

# A spelled figure is a value only after these words ("to twenty", "down to seven", "at most three", "not two"; a count
# said in passing, "I have two kids", stays prose: as a value it would compete with what the turn is about)...
BEFORE = (
    r"(?:\b(?:to|down\s+to|up\s+to|at\s+most|at\s+least|only|just|now|not|is|are|was|were|be|about|around|roughly|"
    r"maybe|exactly|another|max|maximum|minimum|of|by|with|keep|keeping|kept|need|needs|want|wants|'s|'re|"
    # a correction: "make that eight", "make it three"
    r"make\s+(?:it|that|this)|call\s+it)\s+)$"
)
# ...when nothing but a clause boundary, or a word that says it holds now, follows it: "so it's eight now, ...".
AFTER = r"^(?:\s+(?:now|instead|total|in\s+total|altogether|left|remaining|this\s+time|then))*\s*(?:[,.;:!?)]|$|\s[-–—]\s)"
# ...or before what it counts: "want four years of field work", "at most three follow-up calls" (a plural noun,
# up to two words after the figure).
COUNTED = r"^\s+(?:[a-z][\w\-]*\s+){0,2}?[a-z][\w\-]*[^s\W]s\b|^\s+(?:people|percent|kids|children|staff|men|women|feet)\b"
# Or set against another value, whatever comes before it: "shadow five weeks of rotations, not three".
CONTRASTED = r"^(?:\s+[a-z][\w\-]*){0,5}\s*,?\s+(?:not|rather\s+than|instead\s+of)\s"
# Not a value: "two weeks ago" (history; its grammar reads the words), "two of us", "five to ten", "half past
# five", "five o'clock", "one or two", "ten-ish", and a count that announces what follows ("Blocker: two things.",
# "three questions for you").
NOT_AFTER = (
    r"^\s+(?:things|questions|issues|points|options|ways|reasons|items|problems|ideas|thoughts|updates|changes|bits|parts|"
    r"notes|asks|requests|topics|steps)\b|"
    r"^\s+(?:[a-z]+\s+){0,2}?ago\b|^\s+of\s+(?:us|them|you|those|these|the|our|my|his|her|their|its|which)\b|"
    r"^\s*(?:to|past|after|till|o'clock|or|and\s+a\s+half|-ish|ish)\b|^\s*[-–]\s*(?:[a-z]+\b)"
)
NOT_BEFORE = r"(?:\b(?:half|quarter|past|the|at|or|and|than|between|of\s+the|one|in|on|every)\s+)$"
# The endings of an ordinal written in digits ("5th", "21st"): what follows such a figure counts nothing.
ORDINAL_SUFFIXES = ("st", "nd", "rd", "th")
