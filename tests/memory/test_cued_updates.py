"""An update said by a word, not a pattern: a statement the grammar reads nothing from, with one typed
value (a clock time or a span of them, a date, a figure) and a word that says the value is new
("moved", "later", "now", "confirmed", 挪, 现在), updates the subject its message names, and nothing
else. Sentences written for these tests; tests/memory/redis/test_redis_cued_updates.py re-runs them on Redis.
"""

import pytest

from tests.memory.test_corrections import ACTIVE, assert_replaced, holding, send


@pytest.mark.parametrize(
    ("first", "update", "old", "new"),
    [
        (
            "The parents' evening starts at 18:30 in the main hall.",
            "Heads up, the school moved parents' evening later, 19:15, same hall.",
            "18:30",
            "19:15",
        ),
        (
            "The maintenance window is 01:00 to 03:00.",
            "Ops asked for the maintenance window to shift: 02:00 to 04:00, starting this week.",
            "01:00",
            "02:00 to 04:00",
        ),
        (
            "The boiler service is booked for Tuesday 4 March.",
            "The engineer is running behind, so the boiler service is a week later, Tuesday 11 March now.",
            "4 March",
            "11 March",
        ),
        (
            "Rehearsal dinner is at 7 pm at the boathouse.",
            "Mum confirmed the boathouse can only do the rehearsal dinner earlier, 6 pm, because of a private party.",
            "7 pm",
            "6 pm",
        ),
        # A figure with one capital glued to it is a name, not a measure; a titled name relays.
        ("Our table at the gala is 7C.", "Dr. Moss confirmed the organisers moved our table to 9A, nearer the stage.", "7C", "9A"),
        # What we do at a time is a value of its own ("we fly out on ...").
        ("We fly out on Friday 13 June.", "The airline moved us, so we fly out a day later, Saturday 14 June.", "13 June", "14 June"),
        # Relayed with who said it in apposition; the time it takes effect is not the new value; the
        # party it speaks for owns the value it updates.
        (
            "The Rowan Inn's weekly order is 30 sourdough loaves.",
            "Cara at the Rowan just texted, they need 42 of those from Monday.",
            "30",
            "42",
        ),
        ("The school trip deposit is 40 pounds.", "Mrs Patel, the trip coordinator, rang: the deposit is actually 55 pounds.", "40", "55"),
        ("每周例会定在周二 10:00。", "例会时间挪了，周三 14:00，地点不变。", "10:00", "14:00"),
        ("月底盘点安排在 3 月 28 日。", "财务那边说盘点要提前，现在是 3 月 25 日，大家注意。", "28", "25"),
        # A weekday of next week keeps its 下.
        ("约了律师周二下午三点视频过一遍。", "律师那边改时间了，改成下周四上午十点。", "周二", "下周四"),
        # A day of the month alone is a date: "10 号" replaces a span of dates, not a measure.
        ("仓库搬迁定在 9 月 3 日到 9 月 5 日。", "搬迁推迟了一周，10 号开始，还是三天。", "9 月 3 日", "10 号"),
    ],
)
def test_a_cued_value_updates_the_subject_its_message_names(memory, first, update, old, new):
    send(memory, first, update)
    assert_replaced(memory, old, new)


@pytest.mark.parametrize(
    "later",
    [
        # The message names another subject: a cue and a time of the same type are not enough.
        "The shuttle bus now leaves at 17:45 from the gate.",
        "Great news, my sister confirmed she lands at 21:10.",
        # A question, a hypothesis and a history frame state no current value.
        "Did the school move parents' evening later, to 19:15?",
        "If the school moves parents' evening later, maybe 19:15 would work.",
        "Parents' evening used to start later, 19:15, back when the hall was shared.",
        # The number of a thing and the words of a path name no value and no subject.
        "Could you review PR #2210 for the parents' evening page? I changed src/evening/slots.py and I'm unsure.",
        # Two typed values: which one is the new one is not said.
        "The evening slots for parents moved, with year 7 at 17:00 and year 11 at 19:15.",
    ],
)
def test_a_cued_value_leaves_a_subject_its_message_does_not_update(memory, later):
    send(memory, "The parents' evening starts at 18:30 in the main hall.", later)
    (evening,) = holding(memory, "18:30")
    assert evening.status == ACTIVE


@pytest.mark.parametrize(
    ("first", "correction", "old", "new"),
    [
        ("每周六早上 8:30 在体育馆门口集合。", "跟教练又确认了一遍，不是 8:30，是 8:00，要提前热身。", "8:30", "8:00"),
        ("快递每天 16:30 到店取件。", "问过快递员了，不是 16:30，是 17:00。", "16:30", "17:00"),
    ],
)
def test_a_chinese_time_then_what_happens_at_it_is_a_value_a_correction_names(memory, first, correction, old, new):
    send(memory, first, correction)
    assert_replaced(memory, old, new)


@pytest.mark.parametrize(
    "tally",
    ["We have 11 seats booked now out of 16.", "Seats booked: 12 of 16 now, the rest by Friday."],
)
def test_a_count_out_of_a_whole_updates_neither_figure(memory, tally):
    send(memory, "The minibus to the gala seats 16 people.", tally)
    (seats,) = holding(memory, "16")
    assert seats.status == ACTIVE


@pytest.mark.parametrize(
    ("first", "later", "old", "new"),
    [
        ("We're at 58 sign-ups for the quiz.", "We're up to 74 sign-ups now.", "58", "74"),
        ("The signup sheet is at 31 volunteers.", "We're at 36 volunteers now.", "31", "36"),
    ],
)
def test_a_first_count_said_without_a_key_is_kept_under_what_it_counts(memory, first, later, old, new):
    send(memory, first)
    assert [item.status for item in holding(memory, old)] == [ACTIVE]
    send(memory, first, later)
    assert_replaced(memory, old, new)


@pytest.mark.parametrize(
    "denied",
    [
        "The caretaker rang about parents' evening, 19:15 doesn't work for the hall any more.",
        "家长会那边说，周二 19:15 不行了。",
    ],
)
def test_a_value_its_clause_denies_is_no_update(memory, denied):
    send(memory, "The parents' evening starts at 18:30 in the main hall.", denied)
    (evening,) = holding(memory, "18:30")
    assert evening.status == ACTIVE
    assert all(item.status != ACTIVE for item in holding(memory, "19:15")), holding(memory, "19:15")


@pytest.mark.parametrize(
    ("first", "update", "old", "new"),
    [
        ("Keep the flower cooler at 64°F.", "The florist says the roses open too fast. Lower it by three degrees, to 61.", "64", "61"),
        ("The sprint review is on the 9th.", "Too many people are out, so we pushed it back a week to the 16th.", "9th", "16th"),
        ("Our stall fee is £40 a day.", "The market raised it by 5, to £45.", "40", "45"),
    ],
)
def test_a_difference_between_the_change_and_its_new_value_is_not_the_value(memory, first, update, old, new):
    send(memory, first, update)
    assert_replaced(memory, old, new)
