"""Units and magnitudes of values: which unit spellings measure the same thing ("45 seconds" may
replace "30s"), which units measure anything at all ("10 online" does not), and whether one figure
could be a new value of another."""

import re
from functools import cache

from services.memory import regex_cache
from services.memory.domain.numerals import spelled_value
from services.memory.lang import data
from services.memory.lang.en import shapes as en_shapes
from services.memory.lang.shared import MULTIPLIER_VALUES
from services.memory.lang.zh import shapes as zh_shapes

# A unitless update ("make it 40") replaces a figure only within this factor of it.
MAX_CHANGE_FACTOR = 50
# A figure said with no key and no unit ("down to 96 now") names nothing but its size: it moves a value by a
# step (BEAM has keyless changes of 4-9x), never $3,100 to 96.
MAX_KEYLESS_CHANGE_FACTOR = 10

# Unit spellings that measure the same thing, each language's spellings of one measure together.
_UNIT_FAMILIES = tuple(
    set(spellings) | set(zh_shapes.UNIT_FAMILIES.get(measure, ())) for measure, spellings in en_shapes.UNIT_FAMILIES.items()
)
_DIMENSIONS = tuple(
    (set(spellings) | set(zh_shapes.UNIT_FAMILIES.get(measure, ())), en_shapes.MEASURE_DIMENSIONS.get(measure, ""))
    for measure, spellings in en_shapes.UNIT_FAMILIES.items()
)
_FIGURE = regex_cache.compile(
    r"(?<![\d.])(?P<number>\d+(?:\.\d+)?)(?!\d)(?:(?P<multiplier>"
    + "|".join(sorted(MULTIPLIER_VALUES, key=lambda m: (-len(m), m)))
    + r")(?![a-z]))?",
    re.IGNORECASE,
)

_CJK_MULTIPLIER_SPACE = regex_cache.compile(r"(?<=\d)\s+(?=[万亿千百])")


def plausible_change(new: str, old: str, factor: float = MAX_CHANGE_FACTOR) -> bool:
    """Whether a figure could replace another of the same thing: within `factor` of it."""
    a, b = magnitude(new), magnitude(old)
    if a is None or b is None or a == 0 or b == 0:
        return True
    return max(abs(a), abs(b)) / min(abs(a), abs(b)) <= factor


def magnitude(value: str) -> float | None:
    """The figure a value states, its multiplier applied ("9.6万" is 96,000, "$12k" 12,000), or spelled
    ("six"); None without one."""
    match = _FIGURE.search(_CJK_MULTIPLIER_SPACE.sub("", value.replace(",", "")))  # "18 万" is 18万
    if match is None:
        return spelled_value(value)
    return float(match.group("number")) * MULTIPLIER_VALUES.get((match.group("multiplier") or "").lower(), 1.0)


def changed_figure(old: str, new: str) -> tuple[str, str] | None:
    """(old figure, new figure) when two values differ by one figure only: "every 5 km" and "every 4 km"."""
    old_figures, new_figures = _PLAIN_FIGURE.findall(old), _PLAIN_FIGURE.findall(new)
    if len(old_figures) != 1 or len(new_figures) != 1 or old_figures == new_figures:
        return None
    if _PLAIN_FIGURE.sub("#", old).strip().lower() != _PLAIN_FIGURE.sub("#", new).strip().lower():
        return None
    return old_figures[0], new_figures[0]


_PLAIN_FIGURE = regex_cache.compile(r"(?<![\w.])\d[\d,]*(?:\.\d+)?(?![\d.]\d)")


def takes_to(old: str, new: str, differences: tuple[float, ...]) -> bool:
    """One of the stated differences takes old's figure to new's ("six more came in, so 86" from 80)."""
    before, after = magnitude(old), magnitude(new)
    return before is not None and after is not None and any(abs(before + difference - after) < 1e-6 for difference in differences)


def stated_differences(message: str, lang: str) -> tuple[float, ...]:
    """The signed differences a message states ("six more" +6, "down two degrees" -2, 追加了 40 +40)."""
    grammar = "zh" if lang == "zh" else "en"
    words = data(grammar, "discourse")
    found = []
    for sign, pattern in _differences(grammar):
        for match in pattern.finditer(message):
            amount = match.group("n").lower().replace(",", "")
            number = words.NUMBER_WORDS.get(amount)
            multiplier = MULTIPLIER_VALUES.get((match.groupdict().get("mult") or "").lower(), 1.0)  # 再给3万: 30,000
            found.append(sign * (number if number is not None else float(amount)) * multiplier)
    return tuple(found)


@cache
def _differences(grammar: str) -> tuple[tuple[float, re.Pattern[str]], ...]:
    words = data(grammar, "discourse")
    return tuple(
        (sign, regex_cache.compile(p, re.IGNORECASE))
        for sign, patterns in ((1.0, words.INCREASE), (-1.0, words.DECREASE))
        for p in patterns
    )


def same_measure(a: str, b: str) -> bool:
    """Two numbers' units measure the same thing, or one of them has none to say."""
    return not a.strip() or not b.strip() or same_unit_family(a, b)


def measure_unit(unit: str) -> bool:
    """A unit that says what is measured (ms, °F, %, GB, 天, a currency), not a word read after a figure
    ("bumped it to 10 online")."""
    low = unit.strip().lower()
    return bool(low) and (low[0] in "$€£¥%" or "/" in low or any(low in family for family in _UNIT_FAMILIES))


def measures_amount(unit: str) -> bool:
    """A unit of an amount (GB, $, %, days), not a count of people or things ("guests", "mailboxes")."""
    return measure_unit(unit) and not counted_noun(unit) and not same_unit_family(unit, "people")


@cache
def dimension(unit: str) -> str:
    """What a unit measures ("duration", "size", "money", "share", "count", ...), "" when it says nothing."""
    low = unit.strip().lower()
    if not low:
        return ""
    if low[0] in "$€£¥":
        return "money"
    found = next((kind for spellings, kind in _DIMENSIONS if low in spellings), "")
    return found or ("count" if counted_noun(unit) else "")


def names_unit(unit: str) -> bool:
    """A measure, or a plural noun that counts things ("2,340 sheets"); not a word read after a figure ("online")."""
    return measure_unit(unit) or bool(_COUNTED.fullmatch(unit.strip()))


_COUNTED = regex_cache.compile(r"[A-Za-z]{3,}(?:-[a-z]{2,})?s")


def counted_noun(unit: str) -> bool:
    """A plural noun that counts things ("143 sign-ups", "40 guests"), not a measure ("500 GB")."""
    return bool(_COUNTED.fullmatch(unit.strip())) and not measure_unit(unit)


def same_unit_family(a: str, b: str) -> bool:
    a, b = a.strip().lower(), b.strip().lower()
    if a == b:
        return True
    return any(a in family and b in family for family in _UNIT_FAMILIES)
