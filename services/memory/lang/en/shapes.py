"""English words in the shape of a value (read by domain/subjects.py): units that measure the same thing, weekdays,
dates, and capitalized words that name nothing.
"""

ORDINARY_CAPITALS = frozenset(
    [
        "i",
        "we",
        "you",
        "the",
        "a",
        "an",
        "it",
        "this",
        "that",
        "our",
        "my",
        "your",
        "their",
        "he",
        "she",
        "they",
        "and",
        "but",
        "or",
        "so",
        "please",
        "can",
        "could",
        "let's",
        "let",
        "what",
        "how",
        "why",
        "when",
        "where",
        "who",
        "is",
        "are",
        "do",
        "does",
        "did",
        "ok",
        "okay",
        "yes",
        "no",
        "also",
        "then",
        "now",
        "for",
        "in",
        "on",
        "at",
        "if",
        "actually",
        "sorry",
        "update",
        "change",
        "there",
        "here",
        "with",
        "from",
        "after",
        "before",
        "just",
        "maybe",
        "all",
        "any",
        "every",
        "each",
        "one",
        "two",
    ]
)

# Unit spellings that measure the same thing, so "45 seconds" can replace "30s" (subjects.py joins in the other
# languages' spellings of each measure).
UNIT_FAMILIES = {
    "millisecond": ("ms", "msec", "millisecond", "milliseconds"),
    "second": ("s", "sec", "secs", "second", "seconds"),
    "minute": ("m", "min", "mins", "minute", "minutes"),
    "hour": ("h", "hr", "hrs", "hour", "hours"),
    "day": ("d", "day", "days"),
    "week": ("w", "wk", "wks", "week", "weeks"),
    "month": ("month", "months"),
    "kilobyte": ("kb", "kib"),
    "megabyte": ("mb", "mib", "m"),
    "gigabyte": ("gb", "gib", "g"),
    "terabyte": ("tb", "tib", "t"),
    "percent": ("%", "％", "percent", "pct"),
    "dollar": ("$", "usd", "us$", "dollars"),
    "euro": ("€", "eur", "euros"),
    "pound": ("£", "gbp", "pounds"),
    "yuan": ("¥", "rmb", "cny", "yuan"),
    # Counts of people: "118 guests" and "96 people" measure one thing.
    "person": (
        *("people", "persons", "guests", "attendees", "heads", "pax", "covers", "participants", "volunteers", "members", "staff"),
        *("students", "pupils", "learners", "players", "kids", "children", "adults", "visitors", "customers", "clients", "patients"),
        *("employees", "workers", "helpers", "delegates", "invitees", "diners", "riders", "runners"),
    ),
    "kilogram": ("kg", "kgs", "kilo", "kilos", "kilogram", "kilograms"),
    "kilometre": ("km", "kms", "kilometre", "kilometres", "kilometer", "kilometers"),
    "metre": ("metre", "metres", "meter", "meters"),
    "mile": ("mi", "mile", "miles"),
    "square metre": ("m2", "m²", "sqm", "sq m", "square metre", "square metres", "square meter", "square meters"),
    "square foot": ("sq ft", "sqft", "ft2", "ft²", "square foot", "square feet"),
    "hectare": ("ha", "hectare", "hectares"),
    "litre": ("l", "litre", "litres", "liter", "liters"),
    "gram": ("gram", "grams"),
    "pound weight": ("lb", "lbs"),
    "degree celsius": ("°c", "℃", "degrees celsius", "degree celsius", "celsius", "deg c", "degrees c"),
    "degree fahrenheit": ("°f", "℉", "degrees fahrenheit", "fahrenheit", "deg f", "degrees f"),
    "kilowatt": ("kw", "kwp", "kilowatt", "kilowatts"),
    "watt": ("watt", "watts"),
    "kilowatt hour": ("kwh", "kilowatt hour", "kilowatt hours", "kilowatt-hour", "kilowatt-hours"),
    "millilitre": ("ml", "millilitre", "millilitres", "milliliter", "milliliters"),
    "centimetre": ("cm", "centimetre", "centimetres", "centimeter", "centimeters"),
    "millimetre": ("mm", "millimetre", "millimetres", "millimeter", "millimeters"),
    "inch": ("inch", "inches"),
    "foot": ("ft", "foot", "feet"),
}
# What each measure of UNIT_FAMILIES is a measure of: the kind of answer a question asks for ("how big", "how long").
MEASURE_DIMENSIONS = {
    **dict.fromkeys(("millisecond", "second", "minute", "hour", "day", "week", "month"), "duration"),
    **dict.fromkeys(("kilobyte", "megabyte", "gigabyte", "terabyte"), "size"),
    **dict.fromkeys(("dollar", "euro", "pound", "yuan"), "money"),
    "percent": "share",
    "person": "count",
    "kilogram": "weight",
    "kilometre": "distance",
    "metre": "distance",
    "mile": "distance",
    "square metre": "area",
    "square foot": "area",
    "hectare": "area",
    "litre": "volume",
    "gram": "weight",
    "pound weight": "weight",
    "degree celsius": "temperature",
    "degree fahrenheit": "temperature",
    **dict.fromkeys(("kilowatt", "watt"), "power"),
    "kilowatt hour": "energy",
    "millilitre": "volume",
    **dict.fromkeys(("centimetre", "millimetre", "inch", "foot"), "distance"),
}
WEEKDAYS = r"\b(?:mon|tues|wednes|thurs|fri|satur|sun)day\b"
# A weekday as a value's shape: "Fridays" (every Friday) is one as well.
WEEKDAY_SHAPE = r"\b(?:mon|tues|wednes|thurs|fri|satur|sun)days?\b"
# A count as a value: a figure, in digits or words, before what it counts ("two vans", "12 features", "just 3
# left"). Case-sensitive: a capitalized number word starts a name ("Two Rivers Café").
COUNT = (
    r"^(?:(?:just|only|about|around|roughly|exactly|all|now)\s+)?(?:\d[\d,]*|one|two|three|four|five|six|seven|eight|nine|ten|"
    r"eleven|twelve|a\s+dozen|a\s+couple\s+of)\s+[A-Za-z][\w\-]*"
)
# "4 pm", "7:30am", "15:00"; two of them joined by SPAN are one value ("03:00 to 05:00").
CLOCK = r"\b\d{1,2}(?::\d{2})?\s?[ap]\.?m\b|\b\d{1,2}:\d{2}\b"
# The time zone a clock time is given in, right after it ("06:00 UTC", "5 pm Central"): part of the value.
TIME_ZONE = r"(?:\s?(?:UTC|GMT|[ECMP][SD]?T|CET|CEST|BST|IST|JST|(?:Eastern|Central|Mountain|Pacific)(?:\s+time)?)\b)?"
SPAN = r"\s*(?:to|until|till|-|–)\s*"
# "18 March", "the 3rd of May", "Mar 18", "the 21st".
DATES = (
    r"\b\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b|"
    r"\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2}\b|"
    r"\bthe\s+\d{1,2}(?:st|nd|rd|th)\b"
)
# A day of the month said alone ("the 16th"), and the dates that day names in a text ("April 16", "16th of
# April"; {day} is the day's number).
DAY_ALONE = r"^(?:the\s+)?(?P<day>\d{1,2})(?:st|nd|rd|th)$"
DAY_IN_DATE = (
    r"\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+{day}(?:st|nd|rd|th)?\b(?!:)|"
    r"\b{day}(?:st|nd|rd|th)?\s+(?:of\s+)?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b"
)
# What a figure is counted per, said right after it (matched where the figure ends) ("£9.40 a kilo", "$30 per head", "3 times a week"); RATE_BEFORE
# is the same said before it (Chinese: 每公斤 9.4 元).
RATE_AFTER = r"\s*(?:[A-Za-z$€£%]{0,4}\s+)?(?:(?:a|an|per|each|every)\s+|/\s*)(?P<per>[A-Za-z]{2,})\b"
RATE_BEFORE = r"(?!)"
