"""English words that place a moment relative to when they are said (read by domain/relative_dates.py).

Each entry: a pattern, the unit it moves by (day, month, year) and how many units (negative: before).
A group named n holds a count (a digit or a word of NUMBER_WORDS), multiplied by the sign.
"""

from services.memory.lang.en.discourse import NUMBER_WORDS

_COUNT = r"(?P<n>\d{1,2}|" + "|".join(word for word in NUMBER_WORDS if " " not in word) + r")"

SHIFTS: tuple[tuple[str, str, int], ...] = (
    (r"\bthe\s+day\s+before\s+yesterday\b", "day", -2),
    (r"\bthe\s+day\s+after\s+tomorrow\b", "day", 2),
    (r"\byesterday\b", "day", -1),
    (r"\btomorrow\b", "day", 1),
    (rf"\b{_COUNT}\s+days?\s+ago\b", "day", -1),
    (r"\blast\s+month\b|\ba\s+month\s+ago\b", "month", -1),
    (r"\bnext\s+month\b", "month", 1),
    (rf"\b{_COUNT}\s+months?\s+ago\b", "month", -1),
    (r"\blast\s+year\b|\ba\s+year\s+ago\b", "year", -1),
    (r"\bnext\s+year\b", "year", 1),
    (rf"\b{_COUNT}\s+years?\s+ago\b", "year", -1),
)
# Every shift holds one of these (lowercase): a message without any is not read further.
CUES = ("yesterday", "tomorrow", " ago", "month", "year")
