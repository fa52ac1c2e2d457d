"""A parenthetical aside inside a statement is read as the condition of the value the statement gives, and
a rule keeps its aside whole. Sentences written for these tests; tests/memory/redis/test_redis_asides.py
re-runs them on Redis."""

import pytest
from dsh.memory.v1 import memory_pb2

from tests.memory.conftest import all_items
from tests.memory.test_corrections import ACTIVE, S, assert_replaced, holding, send


@pytest.mark.parametrize(
    ("said", "value", "condition"),
    [
        ("The budget (excluding VAT) is 40k.", "40k", "excluding VAT"),
        ("Our deadline (the hard one, not the internal one) is March 3.", "March 3", "the hard one, not the internal one"),
        ("冬季（12月到2月）轿车胎压是2.4 bar。", "2.4", "12月到2月"),
    ],
)
def test_a_value_said_around_an_aside_is_kept_with_the_aside_as_its_condition(memory, said, value, condition):
    send(memory, said)
    assert [(item.status, item.condition) for item in holding(memory, value)] == [(ACTIVE, condition)]


def test_a_value_said_around_an_aside_is_replaced_by_a_later_one(memory):
    send(memory, "The budget (excluding VAT) is 40k.", "The budget is now 45k.")
    assert_replaced(memory, "40k", "45k")


def test_a_rule_keeps_its_aside(memory):
    send(memory, "Never push to main (hotfixes excepted).")
    rules = [item.value for item in all_items(memory.stub, S) if item.kind == memory_pb2.ITEM_KIND_RULE]
    assert any("hotfixes excepted" in value for value in rules), rules
