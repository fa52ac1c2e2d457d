"""Where a new value ends and what a key may be, through the service on a real store: the time a change
takes effect is no part of its value, a weekday said in the plural is a weekday, and words joined by a
hyphen name a thing even when each word alone names nothing. Sentences written for these tests;
tests/memory/redis/test_redis_value_bounds.py re-runs them on Redis.
"""

import pytest

from tests.memory.test_corrections import ACTIVE, assert_replaced, holding, send


@pytest.mark.parametrize(
    ("first", "update", "old", "new", "not_in_value"),
    [
        (
            "Bin collection is Tuesday.",
            "Heads up: the collection moves to Wednesdays starting next month.",
            "Tuesday",
            "Wednesday",
            "month",
        ),
        ("The yoga class is on Monday.", "The class moved to Thursdays beginning this week.", "Monday", "Thursday", "week"),
        ("The standup is at 9:15.", "The standup moves to 9:45 effective tomorrow.", "9:15", "9:45", "tomorrow"),
    ],
)
def test_when_a_change_takes_effect_is_no_part_of_its_value(memory, first, update, old, new, not_in_value):
    send(memory, first, update)
    assert_replaced(memory, old, new)
    (current,) = [item for item in holding(memory, new) if item.status == ACTIVE]
    assert not_in_value not in current.value


@pytest.mark.parametrize(
    ("first", "update", "old", "new"),
    [
        ("The thank-you is $25 per interview.", "Finance approved raising the thank-you to $30 from today.", "25", "30"),
        ("The drop-off is at 7:50.", "The drop-off moved to 8:10.", "7:50", "8:10"),
        ("The walk-in is set to 3 degrees.", "We bumped the walk-in to 2 degrees.", "3", "2"),
    ],
)
def test_a_hyphenated_name_is_a_subject(memory, first, update, old, new):
    send(memory, first, update)
    assert_replaced(memory, old, new)


@pytest.mark.parametrize(
    ("first", "second", "kept", "added"),
    [
        ("期中考试出分了，总分 612。", "口语考试也考完了，总分 9.0。", "612", "9.0"),
        (
            "Fundraising total: 48,000 dollars so far.",
            "Bake sale went well. Fundraising total: 350 dollars from the stall alone.",
            "48,000",
            "350",
        ),
    ],
)
def test_a_figure_fifty_times_another_under_its_key_is_something_else(memory, first, second, kept, added):
    send(memory, first, second)
    (old,) = holding(memory, kept)
    (new,) = holding(memory, added)
    assert old.status == ACTIVE and new.status == ACTIVE


@pytest.mark.parametrize(
    ("first", "update", "old", "new"),
    [
        # A difference that takes a figure to the new one says which figure it updates.
        ("The guest count is 80.", "Six more RSVPs came in, so 86.", "80", "86"),
        # "'s" before an adverb is "is": "the deposit's actually ...".
        ("The deposit is $1,500.", "Landlord texted: deposit's actually $1,650.", "1,500", "1,650"),
        ("The cap is 30 seats.", "Quick one: the cap's officially 28 seats.", "30", "28"),
    ],
)
def test_an_update_said_by_its_arithmetic_or_a_contraction(memory, first, update, old, new):
    send(memory, first, update)
    assert_replaced(memory, old, new)


@pytest.mark.parametrize(
    ("first", "withdrawal", "old"),
    [
        ("Grandpa's visit is on Tuesday.", "Ignore the Tuesday thing, I mixed him up with Dad.", "Tuesday"),
        ("The team lunch is at Marlow's Diner.", "Forget the Marlow's Diner bit, it closed.", "Marlow"),
    ],
)
def test_a_withdrawal_that_names_the_value_and_a_general_noun_retires_the_value(memory, first, withdrawal, old):
    send(memory, first, withdrawal)
    assert holding(memory, old) and all(item.status != ACTIVE for item in holding(memory, old))


@pytest.mark.parametrize(
    ("first", "update", "old", "new"),
    [
        # What is left is the new value: "that leaves us ...".
        ("The food bank has 420 tins in stock.", "We sent 60 tins to the shelter, so that leaves us 360.", "420", "360"),
        # "'s been" is "has been"; a label that announces news ("Headline:", "Bottom line:") is no key.
        (
            "The launch is Tuesday 3 March.",
            "Headline: the launch's been pushed back a week, it's now Tuesday 10 March.",
            "3 March",
            "10 March",
        ),
        ("The audit is on 12 May.", "Bottom line: the audit's been moved, it's now 19 May.", "12 May", "19 May"),
    ],
)
def test_what_is_left_and_news_under_an_announcing_label_update_the_value(memory, first, update, old, new):
    send(memory, first, update)
    assert_replaced(memory, old, new)


@pytest.mark.parametrize(
    ("first", "update", "old", "new"),
    [
        (
            "The PTA gave us $3,500 for the trip.",
            "The PTA met again and added another $500, so we have $4,000 total now.",
            "3,500",
            "4,000",
        ),
        (
            "The hall hire is $640 for the day.",
            "The caretaker adds $60 for the late lock-up, so the whole day comes to $700.",
            "640",
            "700",
        ),
    ],
)
def test_a_total_that_a_stated_difference_takes_a_figure_to_updates_it(memory, first, update, old, new):
    send(memory, first, update)
    assert_replaced(memory, old, new)


def test_a_chinese_total_after_more_given_updates_the_figure(memory):
    send(memory, "装修预算是12万。", "好消息，我爸他们再支持3万，这样总共就有15万了。")
    assert_replaced(memory, "12万", "15万")


def test_a_quoted_chinese_name_is_part_of_its_phrase(memory):
    send(memory, '花店"青禾"给我们配的花艺师是李娜。', "花店说李娜那周请假了，换成她同事周琳来做。")
    assert_replaced(memory, "李娜", "周琳")


@pytest.mark.parametrize(
    ("first", "update", "old", "new"),
    [
        (
            "The opener is Holst's First Suite.",
            "The Holst isn't working. We're replacing it with Grainger's Molly on the Shore.",
            "Holst",
            "Grainger",
        ),
        ("Our courier is Speedline.", "Speedline lost two parcels, so we're swapping it for Parcelwise.", "Speedline", "Parcelwise"),
    ],
)
def test_what_replaces_the_subject_in_focus_is_its_new_value(memory, first, update, old, new):
    send(memory, first, update)
    assert_replaced(memory, old, new)
