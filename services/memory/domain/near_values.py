"""Which stored value a new one of the same kind is near, when words leave the subject open: a figure of
about the same size (the others far off), a clock time moved by a little, a date of the same named month,
a rate per the same thing, a figure that the difference the message states takes to the new one.
People update a value by a step, rarely by an order of magnitude or half a day."""

import math

from services.memory.domain.model import Item, ItemKind
from services.memory.domain.text import word_terms
from services.memory.domain.units import (
    dimension,
    magnitude,
    measures_amount,
    plausible_change,
    same_unit_family,
    stated_differences,
    takes_to,
)
from services.memory.domain.value_parts import counted_per
from services.memory.domain.value_shapes import clock_minutes, typed_shape, value_type

# Tied subjects told apart by size: the new figure is near one and far from every other.
NEAR_FACTOR = 1.5
FAR_FACTOR = 5.0
# A new rate per the same thing is a step from the old one, not a multiple.
SAME_RATE_FACTOR = 2.0
# A count no words name changes by a step: within a factor of three of the one kept.
KEYLESS_COUNT_FACTOR = 3.0
# A clock time moved by an update is near the old one: within three hours.
NEAR_MINUTES = 180


def nearest_figure(value: str, tied: list[Item]) -> Item | None:
    """The one of the tied items whose figure is within a factor of NEAR_FACTOR of value, all the others
    being FAR_FACTOR or more away; None when the sizes do not tell them apart."""
    new = magnitude(value)
    distances = []
    for item in tied:
        old = magnitude(item.value) if item.kind is ItemKind.NUMBER else None
        if not new or not old:
            return None
        distances.append((abs(math.log(abs(new) / abs(old))), item))
    if not distances:
        return None
    distances.sort(key=lambda pair: pair[0])
    (nearest, item), runner_up = distances[0], (distances[1][0] if len(distances) > 1 else math.inf)
    return item if nearest <= math.log(NEAR_FACTOR) and runner_up >= math.log(FAR_FACTOR) else None


def alike_unnamed(kind: ItemKind, key: str, value: str, unit: str, earlier: list[Item]) -> Item | None:
    """The value an update keyed by `key` replaces when its key names no subject known ("the switch moves to
    Saturday March 28" after "cutover weekend is Saturday March 14", "the ceiling goes up to $45,000" after
    "stay at or under $42,000"): the one value of its type said alike, a date of the same month or an amount
    of the same measure and about the same size. None when another subject has a word of the key, or when
    the look of the value does not single one out."""
    if _names_known_subject(key, earlier):
        return None  # the key names a known subject, whose value the statement did not fit
    if value_type(value) == "time":
        wanted = typed_shape(value)
        alike = [item for item in earlier if item.kind is ItemKind.FACT and _same_month(wanted & typed_shape(item.value))]
        return alike[0] if len(alike) == 1 else None
    if kind is ItemKind.NUMBER and measures_amount(unit):
        return nearest_amount(value, unit, earlier)
    if kind is ItemKind.NUMBER and dimension(unit):
        # "排练人数上限提到36人" after "每次排练最多30个团员": the one count of the same things kept, of about the same size;
        # "the actual reading: 2,950 kWh" after "the heat pump uses about 2,700 kWh a year": the one energy figure kept.
        alike = [
            item
            for item in earlier
            if item.kind is ItemKind.NUMBER and same_unit_family(unit, item.unit) and plausible_change(value, item.value)
        ]
        return alike[0] if len(alike) == 1 else None
    return None


def same_rate(key: str, value: str, unit: str, sentence: str, earlier: list[Item]) -> Item | None:
    """The one rate a new one of the same measure per the same thing replaces, when its key names no known
    subject: "the client agreed to $0.12 per word" after "Verba pays $0.10 per word". Who pays per word, per
    month or per loaf is said in many ways; a second price per the same thing near the first is rarely a
    second subject. None when the value is counted per nothing, or more than one rate or none is alike."""
    per = counted_per(sentence, value)
    if not per or _names_known_subject(key, earlier):
        return None
    alike = [
        item
        for item in earlier
        if item.kind is ItemKind.NUMBER
        and same_unit_family(unit, item.unit)
        and counted_per(item.text, item.value) == per
        and plausible_change(value, item.value, SAME_RATE_FACTOR)
    ]
    return alike[0] if len(alike) == 1 else None


def _names_known_subject(key: str, earlier: list[Item]) -> bool:
    words = word_terms(key)
    return any(words & word_terms(item.subject) for item in earlier)


def nearest_amount(value: str, unit: str, earlier: list[Item]) -> Item | None:
    """The one amount of the unit's measure that a new one is near ("that takes us down to €478,500" after
    "the draft budget totals €512,000"), by nearest_figure."""
    return nearest_figure(value, [item for item in earlier if item.kind is ItemKind.NUMBER and same_unit_family(unit, item.unit)])


def nearest_keyless(kind: ItemKind, value: str, unit: str, earlier: list[Item]) -> Item | None:
    """The value a keyless update replaces by its look: an amount or a measure the one of its family it is near,
    a count the count it is near (nearest_count), anything else the clock time it is near."""
    if kind is ItemKind.NUMBER and (not unit or dimension(unit) == "count") and not measures_amount(unit):
        return nearest_count(value, unit, earlier)
    if kind is ItemKind.NUMBER and (measures_amount(unit) or dimension(unit)):
        return nearest_amount(value, unit, earlier)
    return nearest_time(value, earlier)


def nearest_count(value: str, unit: str, earlier: list[Item]) -> Item | None:
    """The count a keyless figure updates ("two more signed up, so it's 20 now" after
    "18 volunteers so far"): of the counts kept (a figure of no unit, or of things counted), the one it
    is near by nearest_figure, or the only one when it is a plausible step from it."""
    counts = [
        item
        for item in earlier
        if item.kind is ItemKind.NUMBER
        and (not item.unit or dimension(item.unit) == "count")
        and (not unit or same_unit_family(unit, item.unit))
    ]
    if len(counts) == 1:
        return counts[0] if plausible_change(value, counts[0].value, KEYLESS_COUNT_FACTOR) else None
    return nearest_figure(value, counts)


def nearest_time(value: str, earlier: list[Item]) -> Item | None:
    """The clock time a new one said by no subject moves ("from tomorrow we're starting it earlier, at
    01:15 UTC"): the one within NEAR_MINUTES of it, every other FAR_FACTOR times farther; None otherwise."""
    new = clock_minutes(value)
    if new is None:
        return None
    times = sorted(((abs(old - new), item) for item in earlier if (old := clock_minutes(item.value)) is not None), key=lambda pair: pair[0])
    if not times or times[0][0] > NEAR_MINUTES or (len(times) > 1 and times[1][0] < FAR_FACTOR * max(times[0][0], 1)):
        return None
    return times[0][1]


def near_in_time(new: str, old: str) -> bool:
    """Two values holding clock times within NEAR_MINUTES of each other (7点半 and 7点)."""
    a, b = clock_minutes(new), clock_minutes(old)
    return a is not None and b is not None and abs(a - b) <= NEAR_MINUTES


def _same_month(shared: frozenset[str]) -> bool:
    """Two dates' shared parts hold a day and its month by name ("March 14", "March 28")."""
    return "date" in shared and any(part.startswith("numbered:") and part[9:].isalpha() and part[9:].isascii() for part in shared)


def added_up(value: str, unit: str, message: str, lang: str, earlier: list[Item]) -> Item | None:
    """The one earlier figure of the same measure that the message's stated difference takes to value: "the caretaker
    adds $60, so the whole day comes to $700" after "$640 for the day"; "added another $500, so we have $4,000" after $3,500."""
    differences = stated_differences(message, lang)
    found = [
        item
        for item in earlier
        if item.kind is ItemKind.NUMBER
        and same_unit_family(unit, item.unit)
        and magnitude(item.value) not in differences  # the step itself is no figure it started from
        and takes_to(item.value, value, differences)
    ]
    return found[0] if len({item.item_id for item in found}) == 1 else None
