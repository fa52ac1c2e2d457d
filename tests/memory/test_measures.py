"""Two measures in one statement, through the service on a real store: the second is its own number
with its own condition, and neither replaces the other. tests/memory/redis/test_redis_measures.py
re-runs them on Redis. Sentences written for these tests.
"""

import pytest
from dsh.memory.v1 import memory_pb2

from tests.memory.test_corrections import ACTIVE, SUPERSEDED, derived, holding, send


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


@pytest.mark.parametrize(
    ("said", "value", "unit", "condition"),
    [
        ("The staging cluster gets 3% over 15 minutes before it pages anyone.", "3", "%", "over 15 minutes"),
        ("Mixing notes: the click track drops to -20 dB under the vocals.", "-20", "dB", "under the vocals"),
        ("For proofing, the dough box holds 27 °C overnight.", "27", "°C", "overnight"),
        ("冷库温度要低于 -18 ℃ 才能放冻品。", "-18", "℃", "低于"),
    ],
)
def test_a_measured_figure_is_a_number_whatever_verb_leads_to_it(memory, said, value, unit, condition):
    send(memory, said)
    (number,) = [item for item in holding(memory, value) if item.value == value]
    assert number.unit == unit and condition in number.condition, (number.key, number.unit, number.condition)
    assert not [item for item in derived(memory) if item.value == "15"], "a figure that qualifies another is its condition"


def test_a_figure_in_a_clause_of_its_own_takes_the_thing_of_the_clause_before(memory):
    send(memory, "Mixing notes: the click track drops to -20 dB under the vocals, but in the bridge it comes back up, at -9 dB.")
    (bridge,) = [item for item in holding(memory, "-9") if item.unit == "dB"]
    assert "bridge" in bridge.key


@pytest.mark.parametrize(
    "said",
    [
        "We borrowed two RTX 24GB cards from the lab for the weekend.",
        "They bake at 250 °C in their shop, which is far too hot for our rye.",
    ],
)
def test_a_figure_that_describes_a_thing_or_belongs_to_someone_else_is_no_value(memory, said):
    send(memory, said)
    assert not [item for item in derived(memory) if item.value in ("24", "250")], [(i.key, i.value) for i in derived(memory)]


def test_a_negative_level_is_updated_by_a_verb_of_change(memory):
    send(memory, "The hum filter cuts at -30 dB on the guitar bus.", "Pull it down to -36 for the guitar bus then.")
    (old,) = holding(memory, "-30")
    assert old.status == SUPERSEDED
    assert any(item.value == "-36" and item.status == ACTIVE for item in derived(memory))


def test_a_reading_of_a_screen_is_no_value_of_the_user(memory):
    send(memory, "The scheduler page shows the nightly export as running for 7 hours.")
    assert not [item for item in derived(memory) if item.value == "7"], [(i.key, i.value) for i in derived(memory)]


@pytest.mark.parametrize(
    ("said", "key", "value", "unit"),
    [
        ("搬家公司报价1800元，周六上午到。", "搬家公司报价", "1800", "元"),
        ("院子38平，朝南，离地铁站不远。", "院子", "38", "平"),
        ("首付准备了45万，贷款三十年。", "首付准备", "45万", ""),
        ("这次出差一共12天，住的是公司订的酒店。", "这次出差一共", "12", "天"),
    ],
)
def test_a_chinese_figure_written_against_its_word_is_a_number(memory, said, key, value, unit):
    """Chinese writes the figure against the word before it (报价1800元) and breaks clauses with a full-width
    comma and no space; 45万 is the value as said."""
    send(memory, said)
    found = [item for item in holding(memory, value) if item.value == value]
    assert found, [(i.key, i.value, i.unit) for i in derived(memory)]
    assert found[0].unit == unit and found[0].key and found[0].key in key


@pytest.mark.parametrize(
    ("said", "key", "value", "unit", "condition"),
    [
        # How often it holds is the figure's condition, not part of what it is a figure of.
        ("脂肪每天60克，早饭不算在内。", "脂肪", "60", "克", "每天"),
        # 千卡 and 千克 are units: the 千 is no thousand.
        ("午餐控制在650千卡以内。", "午餐", "650", "千卡", ""),
        ("行李限重23千克。", "行李限重", "23", "千克", ""),
        # "现在" before the figure, and a pronoun owner: still a figure of the thing named.
        ("她的体重现在是58公斤。", "体重", "58", "公斤", ""),
        ("硬拉现在150公斤。", "硬拉", "150", "公斤", ""),
    ],
)
def test_a_chinese_figure_keeps_its_unit_and_how_often_apart_from_its_key(memory, said, key, value, unit, condition):
    send(memory, said)
    found = [item for item in holding(memory, value) if item.value == value and item.kind == memory_pb2.ITEM_KIND_NUMBER]
    assert found, [(i.key, i.value, i.unit) for i in derived(memory)]
    assert found[0].unit == unit and key in found[0].key and "每" not in found[0].key and condition in found[0].condition


@pytest.mark.parametrize(
    ("first", "later", "kept"),
    [
        ("整套装修合同价是 12.5万，木工另算。", "老板说那款瓷砖又降价了，现在45一片。", "12.5万"),
        ("The renovation contract is 84,000 dollars all in.", "Good news on the tiles: make it 38.", "84,000"),
    ],
)
def test_a_unitless_update_never_replaces_a_figure_a_thousand_times_larger(memory, first, later, kept):
    """A price per piece ("now 45 a piece") is no new price for a 125,000 contract, whatever else the turns name."""
    send(memory, first, later)
    assert all(item.status == ACTIVE for item in holding(memory, kept))


@pytest.mark.parametrize(
    ("said", "key", "value", "unit"),
    [
        # A measure used as a modifier measures the thing after it.
        ("The network operator set a 7 kW feed-in limit on the barn roof.", "feed-in limit", "7", "kW"),
        ("We're buying a 13.5 kWh battery for the cabin, mostly for the evenings.", "battery", "13.5", "kWh"),
        ("They gave us a 50 GB quota for the archive.", "quota", "50", "GB"),
        # An amount of money before what it pays for, after an adjective or opening its clause.
        ("Dogs are welcome, there's a $250 pet deposit, refundable.", "pet deposit", "250", "$"),
        ("Oh, and there's a one-time $1,200 joining fee.", "joining fee", "1,200", "$"),
        ("He can switch the date. $60 rebooking fee, he says.", "rebooking fee", "60", "$"),
    ],
)
def test_a_measure_before_a_noun_measures_that_noun(memory, said, key, value, unit):
    send(memory, said)
    (number,) = [item for item in holding(memory, value) if item.value == value]
    assert number.key == key and number.unit == unit and number.status == ACTIVE


def test_a_figure_after_the_points_at_a_value_already_said(memory):
    # "stick with the $70 budget" repeats a value; it states no new one under "budget".
    send(memory, "Our snack budget is $90.", "Thanks, I'll stick with the $70 budget for drinks then.")
    assert [item.status for item in holding(memory, "90")] == [ACTIVE]
    assert not holding(memory, "70")


def test_a_figure_inside_a_name_measures_nothing(memory):
    send(memory, "We ordered two RTX 24GB cards for the lab.")
    assert not [item for item in derived(memory) if item.value == "24"]


def test_a_clock_time_keeps_its_time_zone(memory):
    send(memory, "We publish the report weekly, Thursdays at 14:00 UTC.", "The vendor call is at 9:30 am Pacific.")
    values = [item.value for item in derived(memory)]
    assert any("14:00 UTC" in value for value in values), values
    assert any("9:30 am Pacific" in value for value in values), values


def test_a_chinese_range_keeps_its_unit_and_is_one_value(memory):
    send(memory, "冷柜温度要控制在 1 到 5 度之间，每天查两次。")
    ranges = [(item.value, item.unit) for item in derived(memory) if item.kind == memory_pb2.ITEM_KIND_NUMBER]
    assert ranges == [("1 到 5", "度")], ranges


@pytest.mark.parametrize(
    ("said", "value", "unit"),
    [("Team target for Q2 is $3.1M.", "3.1M", "$"), ("The deal is $40m.", "40m", "$"), ("The cable run is 40m.", "40", "m")],
)
def test_a_multiplier_written_against_a_figure_is_part_of_its_value(memory, said, value, unit):
    # "$3.1M" is three point one million dollars, not 3.1 dollars under the condition "M"; "40m" of cable is metres.
    send(memory, said)
    found = [item for item in derived(memory) if item.kind == memory_pb2.ITEM_KIND_NUMBER]
    assert [(item.value, item.unit) for item in found] == [(value, unit)], [(i.value, i.unit, i.condition) for i in found]


@pytest.mark.parametrize(
    ("said", "value", "unit", "key"),
    [
        ("We book a 3-hour slot for the tasting.", "3", "hour", "slot"),
        ("Every volunteer gets a 30-minute break after four hours on the stall.", "30", "minute", "break"),
        ("Each seminar ends with a 15 minute Q&A for the audience.", "15", "minute", "q&a"),
    ],
)
def test_a_figure_that_measures_the_noun_after_it_is_that_noun_s_number(memory, said, value, unit, key):
    # Joined by a hyphen or not, and a noun written with "&", the measure describes what follows it.
    send(memory, said)
    numbers = [item for item in derived(memory) if item.kind == memory_pb2.ITEM_KIND_NUMBER and item.value == value]
    assert [(item.unit, item.key) for item in numbers] == [(unit, key)], [(i.key, i.value, i.unit) for i in derived(memory)]


@pytest.mark.parametrize(
    ("said", "key", "value", "unit", "condition"),
    [
        # An opener before a colon is no key; "runs" links a thing to how long it lasts.
        ("Another thing: the tasting menu runs 95 minutes.", "tasting menu", "95", "minutes", ""),
        ("Before I forget: the shuttle runs 12 times a day.", "shuttle", "12", "times", "a day"),
        # "&" belongs to a name; a percentage "of" something is a share of it, said as its condition.
        ("The P&L review takes 40 minutes.", "p&l review", "40", "minutes", ""),
        ("Commission is 8% of the hammer price.", "commission", "8", "%", "of the hammer price"),
    ],
)
def test_openers_ampersands_and_shares_leave_the_key_what_it_names(memory, said, key, value, unit, condition):
    send(memory, said)
    (number,) = [item for item in holding(memory, value) if item.value == value]
    assert (number.key, number.unit, number.condition) == (key, unit, condition)


@pytest.mark.parametrize(
    ("said", "first", "second", "unit"),
    [
        ("The trailer takes 8 bales and 400 kg.", "8", "400", "kg"),
        ("Our plot is 30 beds, 120 m2.", "30", "120", "m2"),
        ("The heat pump we chose is 2 units, 9 kW.", "2", "9", "kW"),
    ],
)
def test_the_same_thing_measured_in_two_units_is_two_numbers(memory, said, first, second, unit):
    send(memory, said)
    (one,) = [item for item in holding(memory, first) if item.value == first]
    (other,) = [item for item in holding(memory, second) if item.value == second]
    assert (one.status, other.status, other.unit, one.condition) == (ACTIVE, ACTIVE, unit, "")


def test_a_span_of_time_after_a_figure_is_its_scope_not_a_second_measure(memory):
    send(memory, "The translation job is worth $3,200 over 6 weeks.")
    assert [item.value for item in derived(memory) if item.kind == memory_pb2.ITEM_KIND_NUMBER] == ["3,200"]
