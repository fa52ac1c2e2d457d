"""Figures spelled as words, values a remark does not replace, and clauses that only give a reason,
through the service on a real store. Every sentence is written for these tests, several phrasings per
behaviour; none comes from a corpus. tests/memory/redis/test_redis_spelled_figures.py re-runs them on Redis.
"""

import pytest
from dsh.memory.v1 import memory_pb2

from services.memory.domain.numerals import figured, spelled_value
from services.memory.domain.units import magnitude
from tests.memory.conftest import all_items
from tests.memory.test_corrections import ACTIVE, S, assert_replaced, holding, send


@pytest.mark.parametrize(
    ("first", "update", "old", "new"),
    [
        ("We run 12 workers on the render farm.", "Load doubled overnight, so I bumped it to twenty.", "12", "twenty"),
        ("The tasting menu has 9 courses.", "Too long for a weeknight. We're down to seven.", "9", "seven"),
        ("The shuttle seats 14 passengers.", "They swapped the van, it's sixteen now.", "14", "sixteen"),
        ("Our reading group is 6 people.", "Two dropped out, so we're down to four.", "6", "four"),
        ("The warranty covers 24 months.", "The dealer says it's thirty-six months, not 24.", "24", "thirty-six"),
        # The old value named in words finds the one typed in digits, past what the figure counts.
        ("Applicants need at least 2 years of field work.", "The board wants four years of field work, not two.", "2", "four"),
        (
            "Trainees shadow for 3 weeks in the past year's scheme.",
            "HR says trainees shadow five weeks of rotations, not three.",
            "3",
            "five",
        ),
    ],
)
def test_a_figure_spelled_as_a_word_is_a_new_value(memory, first, update, old, new):
    send(memory, first, update)
    assert_replaced(memory, old, new)


@pytest.mark.parametrize(
    "sentence",
    [
        "Two weeks ago the lease was signed.",
        "One of us has to call the landlord.",
        "Let's meet at half past five.",
        "Blocker: two things, the van and the driver.",
        "The two of them split the bill.",
        # A count said in passing stays prose: as a value it would compete with what the turn is about.
        "We have two kids and a very loud dog.",
        "She spent three summers in Lisbon.",
    ],
)
def test_a_figure_word_in_prose_stays_a_word(sentence):
    assert not figured(sentence, "en").changed


def test_a_value_spelled_as_a_word_keeps_its_size():
    assert magnitude("sixteen") == 16 and magnitude("a dozen eggs") == 12 and spelled_value("forty-two") == 42
    assert magnitude("the sixth") is None


@pytest.mark.parametrize(
    ("first", "remark", "figure"),
    [
        ("Desserts: we've got 5 desserts on the card.", "Desserts: I'm swapping the tart for a sorbet.", "5"),
        ("Volunteers: 18 volunteers signed up.", "Volunteers: Maria is handling the rota.", "18"),
    ],
)
def test_a_remark_under_a_figures_key_does_not_replace_the_figure(memory, first, remark, figure):
    send(memory, first, remark)
    (kept,) = holding(memory, figure)
    assert kept.status == ACTIVE


@pytest.mark.parametrize(
    ("first", "message", "old", "new"),
    [
        ("Desserts: 5 desserts on the card.", "Desserts: nobody orders the tart in summer. So we're down to 4.", "5", "4"),
        ("The stand-up is at 9:30.", "Never schedule over lunch. It moves to 10:15 from Monday.", "9:30", "10:15"),
    ],
)
def test_a_change_after_a_rule_is_not_part_of_the_rule(memory, first, message, old, new):
    send(memory, first, message)
    assert_replaced(memory, old, new)
    rules = [item for item in all_items(memory.stub, S) if item.kind == memory_pb2.ITEM_KIND_RULE]
    assert rules
    assert all(new not in rule.value for rule in rules), [rule.value for rule in rules]


@pytest.mark.parametrize(
    ("first", "update", "old", "new", "reason"),
    [
        ("Staff lunch is at 1pm.", "Staff lunch moves to 12:30pm, because at 1pm the deliveries come in.", "1pm", "12:30pm", "1pm"),
        ("早会每天九点。", "早会以后改到八点半，因为九点要开始接待客户。", "九点", "八点半", "九点"),
        ("The call is on Tuesday.", "We moved the call to Thursday because Tuesday is the audit.", "Tuesday", "Thursday", "Tuesday"),
    ],
)
def test_a_value_that_only_gives_a_reason_is_no_value(memory, first, update, old, new, reason):
    send(memory, first, update)
    assert_replaced(memory, old, new)
    assert not [item for item in holding(memory, reason) if item.status == ACTIVE]
