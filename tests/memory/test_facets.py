"""A thing noted once with its facts after it, each in its own comma-separated part: every part holding a
value is kept under the thing's name, so a later update of one facet finds it. Sentences written for these
tests; tests/memory/redis/test_redis_facets.py re-runs them on Redis."""

from tests.memory.test_corrections import ACTIVE, assert_replaced, derived, holding, send


def test_each_valued_part_of_a_listed_thing_is_kept_under_the_thing(memory):
    send(memory, "Annual report, roughly 14,000 words, due Tuesday 4 November, 12:00 GMT.")
    keys = {item.key: item.value for item in derived(memory)}
    assert keys.get("annual report due", "").startswith("Tuesday 4 November"), keys
    assert [item.status for item in holding(memory, "14,000")] == [ACTIVE]


def test_a_price_listed_as_a_part_is_the_things_price_and_a_new_one_replaces_it(memory):
    send(
        memory,
        "Coffee beans, for the record: we buy from Alta Roasters, 5 kg sacks, €62.40 a sack, 3 sacks every Thursday.",
        "Alta Roasters sent the new list, the beans are €65.10 a sack now.",
    )
    assert_replaced(memory, "62.40", "65.10")


def test_a_chinese_thing_with_its_facts_after_a_colon(memory):
    send(memory, "吉他课：刘老师，每周三晚上7点，一节课200元。")
    assert any(item.key.startswith("吉他课") and "周三" in item.value for item in derived(memory)), [
        (i.key, i.value) for i in derived(memory)
    ]


def test_a_correction_with_commas_lists_nothing(memory):
    send(memory, "Sorry, the plumber is coming on the 12th, not the 5th, so keep that morning free.")
    assert not [item for item in derived(memory) if item.key == "sorry"]


def test_a_date_with_its_year_is_one_part_and_a_year_alone_is_no_facet(memory):
    send(memory, "Deadlines: report November 10, 2024, visit July 1, 2024.")
    assert not [item for item in derived(memory) if item.value in ("2025", "2024")], [(i.key, i.value) for i in derived(memory)]
