"""Norms said without a word that names a rule: a statement with its exception, a thing kept from a place, a
restriction with the time it lifts or the one case it allows, a universal negative, a thing that never goes
somewhere, a statement bound by "full stop", the one source allowed, Chinese norms behind a clause and with
their 除非; an exception said as a sentence of its own belongs to the rule before it, and so does a norm
right after a rule. Sentences written for these tests; tests/memory/redis/test_redis_norms.py re-runs
them on Redis."""

import pytest
from dsh.memory.v1 import memory_pb2

from tests.memory.conftest import all_items
from tests.memory.test_corrections import ACTIVE, S, send


def _rules(memory) -> list[str]:
    return [item.value for item in all_items(memory.stub, S) if item.kind == memory_pb2.ITEM_KIND_RULE and item.status == ACTIVE]


@pytest.mark.parametrize(
    ("said", "part"),
    [
        ("Parcels for the flat go to the corner shop, unless they need a signature.", "need a signature"),
        ("The ladders stay out of the children's bedroom.", "children's bedroom"),
        ("Fresh plaster is only painted after a week of drying.", "a week of drying"),
        ("Nothing wider than 80 cm is allowed up the back stairs.", "back stairs"),
        ("Nobody re-tags the published container images.", "container images"),
        ("访客只能在前台登记以后进楼。", "前台登记"),
        # Chinese norms behind a clause of when or of who said it, and any standing statement with its 除非.
        ("周末加班的时候，实习生不能单独值班，除非有正式员工在场。", "实习生不能单独值班"),
        ("物业经理发通知说，快递柜里的包裹一律放三天，除非收件人打电话延期。", "包裹一律放三天"),
        ("押金由中介代收，除非租客直接转给房东。", "押金由中介代收"),
        # The one case allowed, a thing that never goes somewhere, a statement bound by "full stop", the one source.
        ("Deliveries only come through the side gate.", "side gate"),
        ("Overtime only when the shift lead signs the sheet.", "shift lead signs"),
        ("The master key never goes into the shared drawer.", "shared drawer"),
        ("The patient list doesn't get emailed to anyone.", "patient list"),
        ("Pets stay at home on match days, no exceptions.", "match days"),
        ("Spare parts are ordered through the fleet office and from nowhere else.", "fleet office"),
    ],
)
def test_a_norm_without_a_rule_word_is_a_rule(memory, said, part):
    send(memory, said)
    assert any(part in rule for rule in _rules(memory)), _rules(memory)


def test_an_exception_said_on_its_own_belongs_to_the_rule_before_it(memory):
    send(memory, "Rent is paid on the 3rd of each month. Unless the 3rd falls on a weekend, then it is the Monday after.")
    assert any("3rd of each month" in rule and "Monday after" in rule for rule in _rules(memory)), _rules(memory)


def test_a_chinese_exception_said_on_its_own_belongs_to_the_routine_before_it(memory):
    send(memory, "每周五下午给花园浇水。除非前一天下过大雨，改到周六再浇。")
    assert any("周五下午" in rule and "大雨" in rule for rule in _rules(memory)), _rules(memory)


@pytest.mark.parametrize(
    "said",
    [
        "I'll drop the keys round tomorrow unless the train is late.",
        "We got there at noon, unless I'm misremembering.",
        "我们下周去露营，除非下雨。",
        "孩子们周六去游泳，除非教练请假。",
        "上个月房租涨了，除非我记错了。",
        "We drove up there last spring, full stop.",
        "There's no other road into the valley.",
    ],
)
def test_a_plan_or_a_memory_with_unless_is_no_rule(memory, said):
    send(memory, said)
    assert _rules(memory) == []


def test_a_clause_of_condition_names_no_fact(memory):
    send(memory, "押金由中介代收，除非是租客自己转的。")
    assert not [item for item in all_items(memory.stub, S) if item.kind == memory_pb2.ITEM_KIND_FACT and item.key.startswith("除非")]


def test_a_norm_right_after_a_rule_spells_that_rule_out(memory):
    send(memory, "Never lend the van to anyone outside the team. Van keys stay in the office safe, full stop.")
    rules = _rules(memory)
    assert len(rules) == 1 and "office safe" in rules[0], rules
