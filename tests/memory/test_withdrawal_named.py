"""A Chinese withdrawal that names what it takes back retires that, and only that: 忘了我说的X吧 never falls
back on the statement just made. Sentences written for these tests;
tests/memory/redis/test_redis_withdrawal_named.py re-runs them on Redis."""

from tests.memory.test_corrections import ACTIVE, SUPERSEDED, holding, send


def test_a_named_withdrawal_leaves_the_latest_unrelated_value_current(memory):
    send(
        memory,
        "我还想报名莫干山的那个陶艺周末班。",
        "驾校科目二的考试日期是3月8日。",
        "教练说科目二的考试日期改成3月22日了。",
        "忘了我说的陶艺那个班吧，不报了，太远。",
    )
    assert [item.status for item in holding(memory, "3月22日")] == [ACTIVE]


def test_a_named_withdrawal_retires_what_it_names(memory):
    send(memory, "周六聚餐定在西湖边的那家杭帮菜，晚上六点。", "忘了我说的周六聚餐，改天再约。")
    assert {item.status for item in holding(memory, "杭帮菜")} == {SUPERSEDED}
