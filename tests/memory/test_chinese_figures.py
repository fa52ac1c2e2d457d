"""Chinese figures written in characters (六个人, 二十份, 一百二十块, 三万二千元) are read as figures where they
count something, and kept as typed; an article (一个问题), an ordinal (第三个), a weekday (周三), an approximate
pair (三四个), how often (每天查两次), a step by which something moved (推迟两周) and a count told in passing
(我们请了十二位志愿者) stay prose. Sentences written
for these tests; tests/memory/redis/test_redis_chinese_figures.py re-runs them on Redis.
"""

import pytest
from dsh.memory.v1 import memory_pb2

from services.memory.domain.numerals import figured, spelled_value
from tests.memory.test_corrections import assert_replaced, derived, send


@pytest.mark.parametrize(
    ("sentence", "digits"),
    [
        ("每个小组最多六个人。", "每个小组最多6个人。"),
        ("这次盒饭一共二十份", "这次盒饭一共20份"),
        ("场地费是一百二十块一小时", "场地费是120块一小时"),
        ("预算是三万二千元", "预算是32000元"),
        ("只剩一张门票了", "只剩1张门票了"),
    ],
)
def test_a_figure_in_characters_before_what_it_counts_is_read_as_digits(sentence, digits):
    assert figured(sentence, "zh").text == digits


@pytest.mark.parametrize(
    "sentence",
    # ... and a count told in passing, with no word that asks for a value before it (as "I have two kids").
    [
        "我有一个问题想问",
        "第三个方案不行",
        "三四个人就够了",
        "周三开会",
        "每天查两次",
        "交房推迟两周",
        "有两个问题",
        "家里有两个想去的",
        "我们请了十二位志愿者",
    ],
)
def test_characters_that_are_prose_stay_prose(sentence):
    assert figured(sentence, "zh").text == sentence


@pytest.mark.parametrize(
    ("chars", "value"), [("八", 8), ("十二", 12), ("二十五", 25), ("一百零五", 105), ("两千", 2000), ("三万二千", 32000)]
)
def test_the_figure_characters_write(chars, value):
    assert spelled_value(chars) == value


def test_a_count_in_characters_is_stored_as_typed(memory):
    send(memory, "读书会每次最多十二个人。")
    numbers = [(item.value, item.unit) for item in derived(memory) if item.kind == memory_pb2.ITEM_KIND_NUMBER]
    assert numbers and numbers[0][0] == "十二", numbers


@pytest.mark.parametrize(
    ("first", "update", "old", "new"),
    [
        ("合唱团现在是31个人。", "两个人搬走了，现在只剩二十八个。", "31", "二十八"),
        ("这周的志愿者是9个人。", "临时又来了三个，现在是十二个人。", "9", "十二"),
    ],
)
def test_a_count_in_characters_updates_the_count_kept(memory, first, update, old, new):
    send(memory, first, update)
    assert_replaced(memory, old, new)
