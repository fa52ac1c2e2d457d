"""An update replaces a value of its own type for the same subject, and only that: a phrase is no new
time, a count no new weekday or size; two equally named subjects are told apart by the size of the
figure; a date said the same way names the date it moves; what a turn said beside the replaced value
is restated. Sentences written for these tests; tests/memory/redis/test_redis_update_semantics.py
re-runs them on Redis."""

import pytest
from dsh.memory.v1 import memory_pb2

from tests.memory.conftest import all_items
from tests.memory.test_corrections import ACTIVE, SUPERSEDED, S, assert_replaced, derived, holding, send
from tests.memory.test_task_state import state


def test_a_reason_said_with_a_new_time_is_no_new_value_of_the_time(memory):
    send(
        memory,
        "Booked the boiler service with Hartley Heating for Monday at 9 am.",
        "Right, about the service. Hartley Heating rang: their engineer is off sick that day, so it got moved to Thursday 2 pm.",
    )
    assert_replaced(memory, "Monday at 9 am", "Thursday 2 pm")


def test_a_count_for_an_order_named_by_its_weekday_replaces_the_count(memory):
    send(
        memory,
        "老王的面馆每周三要 40 份饺子，上午十点前送到。",
        "老王刚打电话，说周三那单要加到 60 份，时间不变。",
    )
    assert_replaced(memory, "40", "60")


def test_an_amount_under_a_new_name_replaces_the_one_amount_of_its_size(memory):
    send(
        memory,
        "Money-wise the kitchen redo has to stay at or under $42,000 including labour.",
        "The council permit is $900 and the skip hire $350.",
        "Good news: my sister is chipping in $3,000, so the ceiling goes up to $45,000 all in.",
    )
    assert_replaced(memory, "42,000", "45,000")
    assert [item.status for item in holding(memory, "900")] == [ACTIVE]


def test_a_change_after_a_preamble_label_is_read_as_the_change(memory):
    send(
        memory,
        "We're requesting $60,000 from the arts council over three years.",
        "After last night's long trustee call: bump the request to $72,000, still three years.",
    )
    assert_replaced(memory, "60,000", "72,000")


def test_a_new_price_from_a_named_supplier_said_from_when_it_holds(memory):
    send(
        memory,
        "原料这边：丰禾的黄油现在是 320 元一箱。",
        "店里的冰柜是去年买的，还挺好用。",
        "坏消息，丰禾那边通知涨价了，下周起就按 345 元算。",
    )
    assert_replaced(memory, "320", "345")


def test_a_count_of_things_replaces_the_count_and_not_a_size(memory):
    send(
        memory,
        "Scope: 40 shop terminals plus 3 spares in the back office.",
        "On the new plan the storage cap is 20 GB per terminal.",
        "Two branches closed last month, so we're down to 34 shop terminals.",
    )
    assert_replaced(memory, "40", "34")
    assert [item.status for item in holding(memory, "20 GB")] == [ACTIVE]


def test_up_to_a_figure_is_a_cap_not_a_change(memory):
    send(
        memory,
        "The deposit on the van is $2,500.",
        "The lender replied: 5.9% APR for 36 months, up to $8,000.",
    )
    assert [item.status for item in holding(memory, "2,500")] == [ACTIVE]


def test_a_date_said_the_same_way_is_the_one_a_differently_named_change_moves(memory):
    send(
        memory,
        "Go-live weekend is Saturday June 6.",
        "The venue deposit is due May 20.",
        "Change of plan from the board: they want another round of testing, so the launch moves to Saturday June 20.",
    )
    assert_replaced(memory, "June 6", "June 20")
    assert [item.status for item in holding(memory, "May 20")] == [ACTIVE]


def test_progress_that_said_the_old_time_is_restated_with_the_new_one(memory):
    send(
        memory,
        "Booked the chimney sweep for Friday at 8 am.",
        "The sweep rang: his van broke down, so the chimney sweep got pushed to Tuesday 10 am.",
    )
    progress = [entry.text for entry in state(memory, S).progress]
    assert any("Tuesday 10 am" in text for text in progress), progress
    assert not any("Friday at 8 am" in text for text in progress), progress


def test_a_withdrawal_takes_back_a_rule_it_names(memory):
    send(
        memory,
        "One more must-have for the flat: a dishwasher. My partner insists.",
        "The viewing on Elm Road is Thursday at 6 pm.",
        "Drop the dishwasher requirement, turns out she was teasing me.",
    )
    rules = [item for item in all_items(memory.stub, S) if item.kind == memory_pb2.ITEM_KIND_RULE and "dishwasher" in item.value]
    assert rules and all(item.status == SUPERSEDED for item in rules), [(i.value, i.status) for i in rules]
    assert [item.status for item in holding(memory, "Thursday at 6 pm")] == [ACTIVE]


def test_a_chinese_withdrawal_of_a_topic_retires_what_its_sentence_said(memory):
    send(
        memory,
        "周五给每个志愿者发 150 块交通补贴，大家辛苦了。",
        "场地押金是 2000 元。",
        "补贴那个事当我没说，等活动结束再算。",
    )
    assert holding(memory, "150") and all(item.status == SUPERSEDED for item in holding(memory, "150"))
    assert [item.status for item in holding(memory, "2000")] == [ACTIVE]


def test_a_word_that_names_no_subject_keeps_no_value(memory):
    send(
        memory,
        "The council caps the parking permit at £120 or 2% of the rent, whichever is lower.",
        "丰禾的面粉 150 元一袋，一袋 20 公斤。",
    )
    keys = [item.key for item in derived(memory, S)]
    assert not {"whichever", "一袋"} & set(keys), keys
    assert any("parking permit" in key for key in keys), keys


def test_a_value_holding_a_password_or_a_home_path_is_not_kept_as_an_item(memory):
    send(
        memory,
        "The contract draft is in /home/priya/contracts/lease_v2.docx and the portal password=Harbour#42 if you need it.",
        "The deposit is $1,800.",
    )
    assert [item.value for item in derived(memory, S)] == ["1,800"], [(item.key, item.value) for item in derived(memory, S)]


def test_a_head_count_said_alone_is_kept_and_a_later_count_replaces_it(memory):
    send(
        memory,
        "We are at 18 people now, including four kids.",
        "The barn has parking for ten cars.",
        "Two more families said yes, so we're at 25 people now.",
    )
    assert_replaced(memory, "18", "25")


@pytest.mark.parametrize(
    ("first", "other", "old", "new"),
    [
        ("The pump in Bay 2 is set to 40 psi.", "The pump in Bay 5 is set to 55 psi.", "40", "55"),
        ("Kiln 1 is fired at 1,220 °C for the stoneware.", "Kiln 3 is fired at 1,000 °C for the bisque.", "1,220", "1,000"),
        ("Hall B seats 300 people for the keynote.", "Hall D seats 180 people for the workshops.", "300", "180"),
    ],
)
def test_a_value_of_another_numbered_instance_replaces_nothing(memory, first, other, old, new):
    send(memory, first, other)
    for value in (old, new):
        statuses = [item.status for item in holding(memory, value)]
        assert statuses and set(statuses) == {ACTIVE}, (value, [(i.key, i.value, i.status) for i in derived(memory)])


def test_the_same_instance_said_again_with_a_new_value_is_an_update(memory):
    send(memory, "The pump in Bay 2 is set to 40 psi.", "The pump in Bay 2 is now set to 55 psi.")
    assert_replaced(memory, "40", "55")


def test_a_message_does_not_retire_a_value_it_gave_itself(memory):
    # Read as a day of the month and as a weekday under one key: both come from this one sentence.
    send(memory, "Gym update: Saturday's class got pushed back a week, so it's on the 9th now, same two hours.")
    assert [item.status for item in holding(memory, "9")] == [ACTIVE]


def _rules(memory) -> dict[str, int]:
    return {item.value: item.status for item in all_items(memory.stub, S) if item.kind == memory_pb2.ITEM_KIND_RULE}


def test_a_rule_taken_back_and_replaced_in_one_message_is_retired(memory):
    send(
        memory,
        "For the porch plants, put the ferns on the 5-minute drip cycle from Monday.",
        "Forget what I said about dripping the ferns. Nina says the drip rotted the roots last year, so they stay on hand-watering.",
    )
    assert list(_rules(memory).values()) == [SUPERSEDED], _rules(memory)
    assert [item.status for item in holding(memory, "hand-watering")] == [ACTIVE]


def test_a_value_taken_back_and_replaced_leaves_the_rules_that_name_its_subject(memory):
    send(memory, "Always cc Dana on invoices.", "The invoice total is 300.", "Forget what I said about the invoices. The total is 320.")
    assert_replaced(memory, "300", "320")
    assert list(_rules(memory).values()) == [ACTIVE], _rules(memory)


def test_a_new_date_under_a_price_key_moves_the_date_and_leaves_the_price(memory):
    send(
        memory,
        "I priced Harlow at $9,200 with disposal in.",
        "Harlow start is Monday the 3rd.",
        "Heavy frost expected, so push Harlow to Wednesday the 5th.",
    )
    assert_replaced(memory, "Monday the 3rd", "Wednesday the 5th")
    assert [item.status for item in holding(memory, "9,200")] == [ACTIVE]
