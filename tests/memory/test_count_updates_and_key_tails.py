"""A keyless figure updates the one count kept ("so 14 in total" after "the pottery class is 11 people"), even when
the words of its message tie it weakly to something else; a key keeps no "so far", "right now" or
"currently" after it; "incl", "total" and "tops" after a figure are no unit. Sentences written for these
tests; tests/memory/redis/test_redis_count_updates_and_key_tails.py re-runs them on Redis.
"""

import pytest

from tests.memory.test_corrections import ACTIVE, assert_replaced, holding, send


@pytest.mark.parametrize(
    ("first", "filler", "update", "old", "new"),
    [
        (
            "the pottery class is 11 people incl the teacher",
            "the kiln is booked for Friday mornings",
            "Ines told me three of her friends are joining next week, so 14 in total.",
            "11",
            "14",
        ),
        (
            "We have 16 volunteers signed up for the beach clean.",
            "the council is lending us grabbers and bags",
            "Three more from the rowing club joined this morning, that makes it 19.",
            "16",
            "19",
        ),
        (
            "The choir is 31 singers this term.",
            "rehearsals stay on Tuesday evenings in the church hall",
            "three of the altos left for the other choir, so we're down to 28.",
            "31",
            "28",
        ),
    ],
)
def test_a_keyless_figure_updates_the_one_count_kept(memory, first, filler, update, old, new):
    send(memory, first, filler, update)
    assert_replaced(memory, old, new)


def test_a_keyless_figure_far_from_every_count_updates_none(memory):
    # 900 is no plausible step from 16 volunteers: it is something else, and the count stays.
    send(memory, "We have 16 volunteers signed up for the beach clean.", "it's 900 now, the bags cost more than I thought")
    assert [item.status for item in holding(memory, "16")] == [ACTIVE]


@pytest.mark.parametrize(
    ("sentence", "key", "value"),
    [
        ("the waiting list so far is 47", "waiting list", "47"),
        ("the queue right now is 14 cars", "queue", "14"),
        ("the deposit currently is £300", "deposit", "300"),
        ("sign-ups at the moment are at 61", "sign-ups", "61"),
    ],
)
def test_when_a_value_holds_is_no_part_of_its_key(memory, sentence, key, value):
    send(memory, sentence)
    assert [(item.key, item.value) for item in holding(memory, value)] == [(key, value)]


@pytest.mark.parametrize(
    ("sentence", "value", "condition"),
    [
        ("the tasting tickets are 46 incl staff", "46", "incl staff"),
        ("the catering bill is 340 total", "340", "total"),
        ("the entry count is 16 excluding the staff", "16", "excluding the staff"),
    ],
)
def test_what_a_figure_takes_in_or_leaves_out_is_no_unit(memory, sentence, value, condition):
    send(memory, sentence)
    [item] = holding(memory, value)
    assert item.unit == "" and condition in item.condition, (item.unit, item.condition)


@pytest.mark.parametrize(
    ("first", "update", "old", "new"),
    [
        # The real figure replaces the estimate kept in the same measure, whatever it is keyed by.
        (
            "The installer estimated the heat pump at 2,700 kWh a year.",
            "Per the smart meter the actual number is 2,950 kWh.",
            "2,700",
            "2,950",
        ),
        ("The plot measures 420 m² according to the old deed.", "Per the surveyor the proper number is 436 m².", "420", "436"),
        ("the tank holds 1,200 litres", "turns out the actual capacity is 1,150 litres, the label was wrong", "1,200", "1,150"),
        # Someone wants the thing moved: the value they want replaces it.
        ("The conveyor belt runs at 2.4 m/s.", "After Tuesday's jam the engineers want the conveyor belt down to 1.9 m/s.", "2.4", "1.9"),
        ("The thermostat is at 19 degrees.", "Grandad wants the thermostat up to 22 degrees.", "19", "22"),
        # ... after an opening adverbial and its subject.
        ("The regatta is on 2 June.", "After the storm on Friday the club pushed the regatta back to 9 June.", "2 June", "9 June"),
        ("The kiln fires at 1,180 degrees.", "After the cracked batch the potters want the kiln down to 1,120 degrees.", "1,180", "1,120"),
    ],
)
def test_a_revised_figure_in_the_same_measure_replaces_the_kept_one(memory, first, update, old, new):
    send(memory, first, "the installer comes on Thursday", update)
    assert_replaced(memory, old, new)


def test_a_figure_of_another_measure_replaces_nothing(memory):
    send(memory, "The installer estimated the heat pump at 2,700 kWh a year.", "the actual figure for the shed roof is 38 m²")
    assert [item.status for item in holding(memory, "2,700")] == [ACTIVE]
