"""Two measures in one statement, through the service on a real store: the second is its own number
with its own condition, and neither replaces the other. tests/memory/redis/test_redis_measures.py
re-runs them on Redis. Sentences written for these tests.
"""

import pytest

from tests.memory.test_corrections import ACTIVE, holding, send


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
