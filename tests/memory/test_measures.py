"""Two measures in one statement, through the service on a real store: the second is its own number
with its own condition, and neither replaces the other. tests/memory/redis/test_redis_measures.py
re-runs them on Redis. Sentences written for these tests.
"""

import pytest

from tests.memory.test_corrections import ACTIVE, SUPERSEDED, holding, send


@pytest.mark.parametrize(
    ("said", "first", "second", "condition"),
    [
        ("Timeout is 30 s for reads, 60 s for writes.", "30", "60", "writes"),
        ("Significance: alpha 0.01 for the primary outcome, 0.1 for the secondary ones.", "0.01", "0.1", "secondary"),
        ("Sugar: 8 sacks a month, each sack 25 kg.", "8", "25", ""),
        ("The retry budget is 3 attempts on weekdays, 5 attempts at weekends.", "3", "5", "weekends"),
    ],
)
def test_a_second_measure_is_a_number_of_its_own(memory, said, first, second, condition):
    send(memory, said)
    (one,) = holding(memory, first)
    (two,) = [item for item in holding(memory, second) if item.value == second]
    assert one.status == ACTIVE and two.status == ACTIVE
    assert condition in two.condition
    assert second not in one.condition


@pytest.mark.parametrize(
    ("said", "corrected", "other", "old", "new"),
    [
        (
            "The proofing time is 45 minutes and hydration is 45% for the rye loaf.",
            "Ines at the mill said it should be 50%, not 45%.",
            "45 minutes",
            "45",
            "50",
        ),
        (
            "Lunch break is 30 minutes and the staff discount is 30% on bread.",
            "Correction on the discount: 20%, not 30%.",
            "30 minutes",
            "30",
            "20",
        ),
    ],
)
def test_a_correction_replaces_only_the_measure_it_names(memory, said, corrected, other, old, new):
    """Two figures alike in one sentence but of different measures: correcting one leaves the other."""
    send(memory, said, corrected)
    replaced = [item for item in holding(memory, old) if item.status != ACTIVE]
    assert replaced and all(item.status == SUPERSEDED for item in replaced)
    unit = other.split()[1]
    (kept,) = [item for item in holding(memory, old) if item.unit == unit]
    assert kept.status == ACTIVE, f"{other!r} was replaced by a correction of another measure"
    assert any(item.value == new and item.status == ACTIVE for item in holding(memory, new))
