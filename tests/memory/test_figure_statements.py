"""A value said in a shape no reading knows is still kept, under the words of its own clause, so that a
later value of the same subject has something to replace and a question finds it; a story, the moment,
a figure that describes a thing, a clause about someone named before, a question or a hypothesis keeps
nothing. Sentences written for these tests; tests/memory/redis/test_redis_figure_statements.py re-runs
them on Redis."""

import pytest

from services.memory.domain.extraction import extract
from services.memory.domain.said_about import subject_of
from tests.memory.test_corrections import ACTIVE, assert_replaced, holding, send


def test_an_amount_said_with_a_verb_no_table_reads_is_kept_and_a_new_one_replaces_it(memory):
    send(memory, "We hand each volunteer a €15 meal voucher per shift.", "The meal voucher is €18 now.")
    assert_replaced(memory, "15", "18")


def test_a_price_said_before_its_subject_is_kept_under_what_follows_it(memory):
    # Nothing before the price names its subject: the words after it do, and the next such price replaces it.
    send(memory, "They're at $9.40 a seat before the discount.", "They came down to $8.90 a seat.")
    assert_replaced(memory, "9.40", "8.90")
    assert {item.key for item in holding(memory, "8.90")} == {"seat discount"}


def test_a_chinese_count_is_kept_under_what_it_counts(memory):
    send(memory, "码头那边给我们留了 6 个泊位。", "泊位现在是 8 个了。")
    assert_replaced(memory, "6", "8")


def test_a_measure_said_as_a_plain_fact_is_kept(memory):
    send(memory, "CI runs 3 workers on a 2-core box, so the dev server starves.")
    assert [(item.status, item.unit) for item in holding(memory, "3")] == [(ACTIVE, "workers")]


def test_a_figure_named_by_an_acronym_is_kept_under_it_and_a_new_one_replaces_it(memory):
    send(memory, "Settings for the kiln: RPM 40, PSI 12, and the fan at 2 bar.", "They turned it up a notch, RPM 55 now, PSI unchanged.")
    assert_replaced(memory, "40", "55")
    assert {item.key for item in holding(memory, "55")} == {"rpm"}


def test_a_value_called_new_before_its_thing_replaces_it_inside_a_worry_or_a_request(memory):
    send(
        memory,
        "The deadline for the grant narrative is May 3.",
        "Good news, sort of: I might not make the new May 10 deadline either, can you help me re-plan?",
    )
    assert_replaced(memory, "May 3", "May 10")
    assert {item.key for item in holding(memory, "May 10")} == {"deadline"}


def test_a_sentence_that_states_two_values_keeps_both_and_each_can_be_updated(memory):
    # A grammar reads the pages; the price after "and costs" is kept too, and a later price replaces it.
    send(
        memory,
        "The new printer does 40 pages a minute and costs $1,250 with the trade-in.",
        "They knocked the printer down to $1,100.",
        "The flat is 45 m² and rents at £1,400 a month with bills.",
        "The flat's rent went up to £1,480 a month.",
    )
    assert_replaced(memory, "1,250", "1,100")
    assert_replaced(memory, "1,400", "1,480")
    assert [item.status for item in holding(memory, "40 pages")] == [ACTIVE]


@pytest.mark.parametrize(
    "said",
    ["Move the standup from 09:15 to 09:45, it runs 20 minutes.", "Make the cap 40 GB, not 30 GB, for the cache on the build box."],
)
def test_the_old_value_of_a_change_is_no_second_value(memory, said):
    send(memory, said)
    assert not [item for item in holding(memory, "09:15") + holding(memory, "30 GB") if item.status == ACTIVE]


def test_a_thousands_separator_is_no_break_between_two_measures():
    for said in ("The roof quote came in at 6.2 kW, sixteen panels and $14,800 before the rebate.", "It draws 3 kW, $2,400 for the unit."):
        assert not [c for c in extract(said) if c.value in ("800", "400")], extract(said)


def test_a_year_before_what_it_names_counts_nothing():
    assert not [c for c in extract("We archived the 2019 reports last week.") if c.value == "2019"]


def test_a_year_or_a_time_zone_is_no_labelled_measure():
    for said in ("We shipped the v2 API in Q3 2025.", "The call is at 15:00 UTC tomorrow."):
        assert not [c for c in extract(said) if c.key in ("q3", "utc")], extract(said)


@pytest.mark.parametrize(
    "said",
    [
        "Standup at 9:15 tomorrow.",  # the moment's time, not a value that holds
        "I finally got my licence back last Thursday!",  # a story
        "We bought two 32GB sticks for the build box.",  # a figure that describes a thing
        "She's free on Thursday 12 March.",  # about someone said before: typed_statements.py reads that
        "Did the caterer charge $12 a head?",
        "If we go with them it'd be $5,000.",
        "The trial ran 45 minutes.",  # what one run took
        "The quote wasn't $300, it never was.",
    ],
)
def test_a_story_the_moment_a_description_or_a_question_keeps_no_figure(said):
    assert not [c for c in extract(said) if c.loose and c.kind.value in ("fact", "number")], extract(said)


def test_the_subject_is_the_content_words_nearest_the_value_in_its_clause():
    assert subject_of("Ines says the venue deposit went up to $1,900, so budget for it.", "$1,900", "$", "en") == "venue deposit"
    # A verb of saying or of change, a pronoun, a pointer word and the value's unit are no part of it.
    assert subject_of("So they're at 102 guests now.", "102", "guests", "en") == ""
    # Chinese says its topic first: the first words of the sentence, not the change next to the value.
    assert subject_of("林老师下周要出差，改到 22 号。", "22 号", "", "zh").startswith("老师")


@pytest.mark.parametrize(
    ("said", "first", "second"),
    [
        ("The heating is set to 21 °C in the morning and 16 overnight.", ("21", "in the morning"), ("16", "overnight")),
        ("Parking costs 4 euros on weekdays and 6 on weekends.", ("4", "on weekdays"), ("6", "on weekends")),
    ],
)
def test_a_second_figure_under_its_own_condition_is_a_value_of_its_own(memory, said, first, second):
    send(memory, said)
    for value, condition in (first, second):
        assert [(item.status, item.condition) for item in holding(memory, value)] == [(ACTIVE, condition)]


def test_the_second_figure_is_what_an_update_of_its_condition_replaces(memory):
    send(memory, "The heating is set to 21 °C in the morning and 16 overnight.", "Too cold at night, make the overnight one 17.")
    assert_replaced(memory, "16", "17")
    assert [item.status for item in holding(memory, "21")] == [ACTIVE]
