"""Several measures in one statement: a number whose condition states a second one ("alpha 0.01 for
the main models, 0.05 for the exploratory ones"; "12 bags a week, each bag 20 kg") gives both, each
with its own condition and a key of its own, so the second is neither lost in a condition nor read as
an update of the first. The phrasing is each language's data (lang/<lang>/clauses.py)."""

from dataclasses import replace
from types import ModuleType

from services.memory.domain.model import Candidate, ItemKind
from services.memory.domain.units import dimension, measure_unit, same_unit_family
from services.memory.lang import data


def split_measures(candidate: Candidate, lang: str) -> list[Candidate]:
    """The candidate, and the second measure its condition states, if any."""
    if candidate.kind is not ItemKind.NUMBER or not candidate.condition:
        return [candidate]
    words: ModuleType = data(lang, "clauses")
    if not hasattr(words, "PARALLEL_MEASURE"):
        return [candidate]
    for pattern, each in ((words.EACH_MEASURE, True), (words.PARALLEL_MEASURE, False)):
        match = pattern.match(candidate.condition)
        if match is None:
            continue
        unit = match.group("unit") or match.group("cur") or ""
        if not each and unit and candidate.unit and unit.lower() != candidate.unit.lower():
            continue  # "2 GB for the cache, 3 replicas for ..." is no parallel of one measure
        if each:
            scope = f"{match.group('each')} {match.group('noun')}"
            condition = match.group("scope").strip(" ,;.")
        else:
            scope = " ".join(word for word in match.group("scope").split() if word.lower() not in words.SCOPE_FILLER)
            condition = match.group("scope").strip(" ,;.")
        second = replace(
            candidate,
            key=f"{candidate.key} {scope}".strip(),
            value=match.group("value"),
            unit=unit or candidate.unit,
            condition=condition,
        )
        return [replace(candidate, condition=match.group("first").strip(" ,;")), second]
    other = words.OTHER_MEASURE.match(candidate.condition) if hasattr(words, "OTHER_MEASURE") else None
    unit = (other.group("unit") or other.group("cur") or "") if other else ""
    # A span of time after a figure is most often its scope ("$900 over 3 months"), not a second measure.
    if other and unit and measure_unit(unit) and not same_unit_family(unit, candidate.unit) and dimension(unit) != "duration":
        # "The new layout is 6 radiators, 9 kW": the same thing measured twice, each a number of its own.
        second = replace(
            candidate, key=f"{candidate.key} {unit.lower()}".strip(), value=other.group("value"), unit=unit, condition=other.group("rest")
        )
        return [replace(candidate, condition=""), second]
    return [candidate]
