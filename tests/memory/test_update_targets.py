"""Which stored value a new one replaces, by what the message says of it: the old value named in another
sentence of the message, a price per unit that only replaces a price per the same unit, a subject the
message names before the sentence that gives the value. Sentences written for these tests;
tests/memory/redis/test_redis_update_targets.py re-runs them on Redis."""

from services.memory.domain.discourse import change
from tests.memory.test_corrections import ACTIVE, SUPERSEDED, assert_replaced, holding, send


def test_an_update_replaces_the_value_its_message_names_over_the_subject_just_discussed(memory):
    send(
        memory,
        "Venue: Marlowe Rooms by the canal. They have a back room that seats 60.",
        "Our old maths teacher Mr Fenwick is the guest we most want to invite.",
        "Bad news: Marlowe Rooms double-booked us. We've moved to the Tannery Hall on Dock Street.",
    )
    assert_replaced(memory, "Marlowe Rooms", "Tannery Hall")
    (teacher,) = holding(memory, "the guest we most want")
    assert teacher.status == ACTIVE


def test_a_price_per_unit_replaces_the_price_per_that_unit_only(memory):
    send(
        memory,
        "Beef cheek comes from Alder Farm at £11.20 a kilo, trimmed.",
        "The braise is on the menu at £19.50.",
        "Alder Farm phoned this morning. It's gone up again, £12.05 a kilo from next week.",
    )
    assert_replaced(memory, "11.20", "12.05")
    dish = holding(memory, "19.50")
    assert dish and all(item.status == ACTIVE for item in dish)


def test_a_keyless_change_does_not_take_a_flat_price_for_a_rate(memory):
    send(memory, "The braise is on the menu at £19.50.", "Supplier rang, it's now £12.05 a kilo.")
    dish = holding(memory, "19.50")
    assert dish and all(item.status == ACTIVE for item in dish)
    assert not [item for item in holding(memory, "12.05") if item.status == SUPERSEDED]


def test_a_date_never_replaces_a_name_its_message_mentions(memory):
    send(
        memory,
        "For Dad we've gone with Harbour Glazing.",
        "Harbour emailed: the frames are late, so Dad's fitting moves to 14 July.",
    )
    (chosen,) = holding(memory, "Harbour Glazing")
    assert chosen.status == ACTIVE
    assert [item.status for item in holding(memory, "14 July")] == [ACTIVE]


def test_a_subject_named_with_its_change_is_updated(memory):
    # "the increased X to Y", "our revised X of Y": a word of change and the subject its message names.
    send(
        memory,
        "The print budget for the zine is $400.",
        "With the increased print budget to $550 through June, we can add a colour insert.",
        "Our deadline for the residency form is 30 April.",
        "Our revised deadline of 14 May still stands, luckily.",
    )
    assert_replaced(memory, "400", "550")
    assert_replaced(memory, "30 April", "14 May")


def test_a_new_value_ends_before_the_time_it_runs_to():
    # "to $8,000 through August": "through" is no unit of the figure.
    found = change("Traffic spiked, so we increased it to $8,000 through August", "en")
    assert found is not None and found.value == "$8,000"
