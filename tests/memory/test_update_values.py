"""Updates read by the type of their value, whatever words carry them: a clock time said the Chinese way is a
time, not a figure; an area in another spelling of its unit is the same measure. Sentences written for these
tests; tests/memory/redis/test_redis_update_values.py re-runs them on Redis."""

from dsh.memory.v1 import memory_pb2

from tests.memory.conftest import all_items
from tests.memory.test_corrections import ACTIVE, SUPERSEDED, S, assert_replaced, derived, holding, send


def test_a_chinese_clock_time_in_a_change_replaces_the_time_and_is_no_figure(memory):
    send(
        memory,
        "仓库这边每天早上7点开始收货。",
        "供应商的车改到晚一点了，收货时间也往后推，改成7点半。",
    )
    assert_replaced(memory, "7点开始收货", "7点半")
    assert [item.unit for item in holding(memory, "7点半") if item.status == ACTIVE] == [""]


def test_a_chinese_clock_time_typed_with_spaces_is_a_time_and_its_change_replaces_it(memory):
    # "3 点" typed with a space, a deadline before it ("之前" after a clock time is by then, not ago).
    send(memory, "周报每周五下午 4 点之前发给老板。", "老板说周报改到周五上午 11 点之前发。")
    times = {item.value: item.status for item in derived(memory) if "点" in item.value}
    assert any("11 点" in value and status == ACTIVE for value, status in times.items()), times
    assert [status for value, status in times.items() if "4 点" in value] == [SUPERSEDED], times
    assert not [item for item in derived(memory) if item.kind == memory_pb2.ITEM_KIND_NUMBER and item.value in ("4", "11")]


def test_an_hour_with_its_time_zone_is_a_time_with_its_date_and_moving_it_replaces_the_old_one(memory):
    send(memory, "Dr Lenz is down for Monday 9 June at 14:00.", "Okay, Lenz's moving to Wednesday the 11th at 3 Central.")
    assert_replaced(memory, "Monday 9 June", "Wednesday the 11th at 3 Central")
    assert not [item for item in derived(memory) if item.kind == memory_pb2.ITEM_KIND_NUMBER and item.value == "3"]


def test_a_chinese_date_left_in_a_key_joins_its_time_and_another_attribute_replaces_nothing(memory):
    # The date and weekday typed with spaces are one value with the time; the guest's name stays current.
    send(memory, "第二位嘉宾是周敏老师，做陶艺的，约在 5 月 8 日周四上午 10 点。")
    values = {item.value: item.status for item in derived(memory)}
    assert values.get("周敏老师") == ACTIVE, values
    assert values.get("5 月 8 日周四上午 10 点") == ACTIVE, values


def test_a_degree_said_alone_is_no_value(memory):
    send(memory, "快递员说今天的车会来得晚一点。")
    assert not holding(memory, "一点")


def test_a_label_that_calls_its_value_new_replaces_the_one_its_sentence_names(memory):
    send(
        memory,
        "Small things are fine though: anything under $300 and either of us can approve it.",
        "We talked it over last night. New limit: anything up to $750, one of us saying yes will do.",
    )
    assert_replaced(memory, "300", "750")


def test_a_figure_brought_down_to_replaces_the_total_of_its_size(memory):
    send(
        memory,
        "The draft grant budget comes to €412,000 over three years.",
        "Dropping the second field trip helps; that brings us down to €389,500.",
    )
    assert_replaced(memory, "412,000", "389,500")


def test_a_time_moved_without_naming_its_subject_moves_the_time_it_is_near(memory):
    send(
        memory,
        "For reference: the backup job starts at 02:00 UTC and the reports must be ready by 07:30 UTC.",
        "Ops asked for more headroom, so from tomorrow we're starting it earlier, at 01:15 UTC.",
    )
    assert_replaced(memory, "02:00", "01:15")
    assert [item.status for item in holding(memory, "07:30")] == [ACTIVE]


def test_a_short_chinese_key_inside_a_long_one_restates_it(memory):
    send(
        memory,
        "张家老宅翻修的合同总价是52.4万，含材料费。",
        "今天跟业主对完了：多加了一间阳光房，总价按57.9万算，业主已经签字。",
    )
    assert_replaced(memory, "52.4万", "57.9万")


def test_an_area_in_another_spelling_of_its_unit_and_said_as_what_it_really_is_replaces_the_area(memory):
    send(
        memory,
        "设计图上屋顶花园的面积是140平方米。",
        "今天去量了一下，扣掉设备间，屋顶花园实际只有118平米。",
    )
    assert_replaced(memory, "140", "118")


def test_a_limit_that_is_really_another_figure_replaces_it(memory):
    send(
        memory,
        "The marquee hire sheet says the weight limit on the deck is 900 kg.",
        "The site manager checked the spec: the weight limit on the deck is really 650 kg.",
    )
    assert_replaced(memory, "900", "650")


def test_a_chinese_date_moved_without_its_key_replaces_the_date_whose_sentence_it_shares_words_with(memory):
    send(
        memory,
        "合同约定8月15日交房验收。",
        "雨季拖了工期，交房往后挪了两周，跟业主说好了是8月29号。",
    )
    assert_replaced(memory, "8月15日", "8月29号")


def test_a_chinese_limit_relaxed_to_a_count_of_things_replaces_it_with_its_measure_word(memory):
    send(
        memory,
        "先定个规矩：拆下来的东西都要登记。换下来的旧灯具不超过3盏的，可以直接当场处理。",
        "旧灯具那条放宽到8盏以内都可以当场处理。",
    )
    assert_replaced(memory, "3", "8")
    assert [(item.value, item.unit) for item in holding(memory, "8") if item.status == ACTIVE] == [("8", "盏")]


def test_who_takes_a_duty_over_replaces_who_had_it_whatever_week_the_key_names(memory):
    send(
        memory,
        "本周前台夜班是小周。",
        "经理刚说小周病了，这周夜班改由阿梅顶上。",
    )
    assert_replaced(memory, "小周", "阿梅")


def test_a_verb_of_keeping_stays_out_of_the_key(memory):
    send(memory, "监控截图保留30天。")
    assert [item.key for item in holding(memory, "30")] == ["监控截图"]


def test_a_restriction_said_lifted_retires_the_rule_the_sentence_names(memory):
    send(
        memory,
        "House rule for the edit: no footage of the Hendry twins goes in the trailer until their parents sign the release.",
        "Can you list the b-roll we still need?",
        "Their parents signed the release this morning, so that restriction's lifted: use the twins' footage wherever it works.",
        "Separate thing: the trailer runs 90 seconds.",
    )
    rules = [item for item in all_items(memory.stub, S) if item.kind == memory_pb2.ITEM_KIND_RULE and "Hendry" in item.value]
    assert [item.status for item in rules] == [SUPERSEDED], [(item.value, item.status) for item in rules]


def test_a_restriction_lifted_in_chinese_retires_its_rule(memory):
    send(
        memory,
        "先定个规矩：周末不许动生产库，除非值班经理点头。",
        "迁移已经做完了，之前那条周末不动生产库的限制取消了。",
    )
    rules = [
        item
        for item in all_items(memory.stub, S)
        if item.kind == memory_pb2.ITEM_KIND_RULE and "生产库" in item.value and "先定个规矩" in item.value
    ]
    assert [item.status for item in rules] == [SUPERSEDED], [(item.value, item.status) for item in rules]


def test_an_area_of_another_place_is_not_the_one_a_restated_area_replaces(memory):
    send(
        memory,
        "设计图上后院草坪面积是260平方米。",
        "社区花园那边草坪有700平米，跟这个项目没关系。",
        "今天复尺，草坪实际只有231平米。",
    )
    assert_replaced(memory, "260", "231")
    assert [item.status for item in holding(memory, "700")] == [ACTIVE]


def test_a_bare_figure_said_as_new_does_not_replace_an_amount_many_times_its_size(memory):
    send(
        memory,
        "Caterer is booked: the tasting menu, £3,100 all in.",
        "We trimmed the invite list hard this weekend. Down to 96 now.",
    )
    assert [item.status for item in holding(memory, "3,100")] == [ACTIVE]


def test_a_time_said_in_words_is_no_key_of_the_time_after_it(memory):
    send(
        memory,
        "The pottery class starts at 6pm in the back studio.",
        "The teacher's running late all month, so it's been moved later: half past six, 6:30pm.",
    )
    assert_replaced(memory, "6pm", "6:30pm")


def test_someone_covering_or_swapping_a_duty_replaces_who_had_it(memory):
    send(
        memory,
        "The duty nurse this weekend is Sam.",
        "Bea is covering for Sam this weekend, his back's gone again.",
    )
    assert_replaced(memory, "Sam", "Bea")
    send(memory, "Front desk on Monday is Priya.", "Priya swapped with Tomasz for a dentist appointment.", session="swap")
    assert_replaced(memory, "Priya", "Tomasz", session="swap")


def test_an_amount_named_by_nothing_never_replaces_one_of_another_size(memory):
    send(
        memory,
        "The draft budget totals €512,000 over three years.",
        *[f"Filler note {n}: the weather in Leeds was grey again." for n in range(70)],
        "Per-sample sequencing is quoted at €95.",
        "Cutting the second field site, that brings us down to €478,500.",
    )
    assert {item.status for item in holding(memory, "95")} == {ACTIVE}


def test_a_chinese_charge_followed_by_a_figure_is_an_amount(memory):
    send(memory, "小区停车位谈好了，月租450，押金900。")
    assert [item.status for item in holding(memory, "450")] == [ACTIVE]
    assert [item.status for item in holding(memory, "900")] == [ACTIVE]


def test_how_a_bill_is_settled_is_no_choice_that_replaces_a_value(memory):
    send(memory, "书法课：王老师，一节课150元，按月结。")
    assert [item.status for item in holding(memory, "150")] == [ACTIVE]
    assert not holding(memory, "月结")


def test_a_month_a_value_holds_from_is_no_part_of_its_key(memory):
    send(memory, "物业说十月起停车费调到每月380。")
    assert any(item.key == "停车费" for item in holding(memory, "380"))


def test_a_chinese_update_under_another_key_replaces_the_value_its_sentence_shared_a_name_with(memory):
    send(
        memory,
        "吉他：刘老师，每周三晚上7点，一节课200元。",
        "刘老师刚才说，下个月开始课时费调到240了。",
    )
    assert_replaced(memory, "200", "240")


def test_the_ordinal_weekday_of_a_month_is_one_value_not_a_broken_key(memory):
    send(memory, "王阿姨说，她们每个月第一个周六都能来帮忙。")
    assert not [item for item in derived(memory) if item.value.startswith("个")]
