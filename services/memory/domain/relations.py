"""How a new statement relates to the item kept under its key: the same value said again, part of it
restated, another attribute or another scale of the subject, a remark with no figure, a unit inherited.
The planner (ingest.py) reads these to tell an update from a value of its own."""

from services.memory.domain import units, value_text
from services.memory.domain.model import Candidate, Item, ItemKind
from services.memory.domain.value_shapes import other_kinds, value_kind, value_type


def normalize_value(value: str) -> str:
    return " ".join(value.lower().split()).strip(" .,;:!?。，；：！？\"'`")


def other_attribute(existing: Item, new: Item, candidate: Candidate) -> bool:
    """A value of another kind under the same key is another attribute of the subject, not an update of it:
    "push Harlow to the 5th" gives Harlow a date, and leaves the price kept as "Harlow: $9,200"; a key
    made of the sentence's words ("第二位嘉宾") for a date after the guest's name is another attribute too."""
    if candidate.loose:
        return value_type(new.value) != value_type(existing.value)
    return other_kinds(value_kind(existing.value, existing.kind is ItemKind.NUMBER), value_kind(new.value, new.kind is ItemKind.NUMBER))


def other_scale(existing: Item, new: Item, candidate: Candidate) -> bool:
    return existing.kind is new.kind is ItemKind.NUMBER and not candidate.corrects and not units.plausible_change(new.value, existing.value)


def no_figure_for(existing: Item, new: Item, candidate: Candidate) -> bool:
    """A plain statement under a number's key that states no figure: another thing said of the subject."""
    return (
        existing.kind is ItemKind.NUMBER
        and new.kind is ItemKind.FACT
        and not candidate.is_correction
        and units.magnitude(new.value) is None
        and value_type(new.value) != "time"
    )


def inherits_unit(candidate: Candidate, new: Item, existing: Item) -> bool:
    """A number that updates another takes its unit when it said none, or (keyless) a word that measures nothing."""
    if new.kind is not ItemKind.NUMBER or existing.kind is not ItemKind.NUMBER or new.unit == existing.unit:
        return False
    return not new.unit or (not candidate.key and not units.names_unit(new.unit))


def restated(candidate: Candidate, existing: Item) -> bool:
    """A plain statement that says part of the current value again ("the freeze is friday" for
    "Friday 15 May") confirms it; only a correction or update may narrow it."""
    return (
        not candidate.is_correction
        and candidate.kind is existing.kind
        and candidate.unit == existing.unit
        and value_text.restates(candidate.value, existing.value)
    )


def same_content(a: Item, b: Item) -> bool:
    return (
        a.kind is b.kind
        and normalize_value(a.value) == normalize_value(b.value)
        and a.unit == b.unit
        and normalize_value(a.condition) == normalize_value(b.condition)
    )


def confirms(existing: Item, new: Item) -> bool:
    """The same value said again, with no unit or condition of its own that the kept one lacks."""
    return (
        existing.kind is new.kind
        and normalize_value(existing.value) == normalize_value(new.value)
        and new.unit in ("", existing.unit)
        and normalize_value(new.condition) in ("", normalize_value(existing.condition))
    )
