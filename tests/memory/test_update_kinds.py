"""An update keeps the kind of the value it replaces: a count is no new reference number, a weekday no
new time of day; a change back to the value already kept confirms it instead of replacing it; a
reporting frame before a colon relays what follows, and a wish for a value names the subject it
updates. Sentences written for these tests; tests/memory/redis/test_redis_update_kinds.py re-runs
them on Redis."""

from dsh.memory.v1 import memory_pb2

from services.memory.domain import subjects
from services.memory.domain.model import EventKind, Item, ItemKind
from tests.memory.conftest import all_items
from tests.memory.test_corrections import ACTIVE, SUPERSEDED, S, assert_replaced, derived, holding, send


def _status(memory, fragment: str) -> list[int]:
    return [item.status for item in holding(memory, fragment)]


def test_a_change_to_the_value_already_kept_confirms_it_and_cites_both_turns(memory):
    send(
        memory,
        "Podcast episodes are capped at 40 minutes.",
        "Fine, the episode cap changes back to 40 minutes after that experiment.",
    )
    items = holding(memory, "40")
    assert [item.status for item in items] == [ACTIVE], [(i.key, i.value, i.status) for i in items]
    assert {f"{S}:e1", f"{S}:e3"} <= set(items[0].source_event_ids)


def test_a_day_is_no_new_time_of_day(memory):
    send(memory, "The recycling pickup is at 06:10.", "Oh and the recycling pickup is on Fridays.")
    assert _status(memory, "06:10") == [ACTIVE]
    assert _status(memory, "Fridays") == [ACTIVE]


def test_a_count_is_no_new_reference_number(memory):
    send(memory, "我的会员卡号是 QX-5530，报名时要填。", "这周又报了两门课，现在一共3门了。")
    assert _status(memory, "QX-5530") == [ACTIVE]


def test_a_reporting_frame_before_a_colon_relays_the_new_value_and_is_no_key(memory):
    send(memory, "The batch limit for the freezer is 8 vials.", "Dr Okafor replied late last night: the batch limit goes up to 12 vials.")
    assert_replaced(memory, "8", "12")
    assert not [item for item in derived(memory) if "okafor" in item.key.lower()]


def test_a_value_someone_asks_for_is_a_new_value_of_what_they_name(memory):
    send(memory, "The refundable deposit on the flat is 900 euros.", "The landlord would like the deposit at 750.")
    assert_replaced(memory, "900", "750")
    assert not [item for item in derived(memory) if "landlord" in item.key]


def test_a_value_followed_by_instead_is_the_new_one_whatever_the_sentence_named_before_it(memory):
    send(memory, "We're printing 250 flyers for the open day.", "Ola reckons 250 flyers is wasteful, so print 120 instead.")
    assert_replaced(memory, "250", "120")


def test_a_count_of_people_is_updated_by_a_count_of_people_of_another_name(memory):
    send(memory, "The Sunday litter pick needs 9 volunteers.", "We found more hands, so bump the litter pick to 12 people.")
    assert_replaced(memory, "9", "12")


def test_any_verb_with_a_particle_of_direction_moves_the_value_it_names_and_sets_no_ceiling(memory):
    send(memory, "The parking permit is £70 a year.", "The residents' committee voted the parking permit up to £90 a year.")
    assert_replaced(memory, "70", "90")
    assert [item.condition for item in holding(memory, "90")] == ["a year"]


def test_a_chinese_count_of_people_under_another_name_updates_the_one_count_kept_and_its_rule(memory):
    send(memory, "合唱团每次排练最多30个团员，多了教室坐不下。", "团长说，排练人数上限提到36人，下个月起。")
    assert_replaced(memory, "30", "36")
    rules = [item.value for item in all_items(memory.stub, S) if item.kind == memory_pb2.ITEM_KIND_RULE and item.status == ACTIVE]
    assert rules and all("30个" not in rule for rule in rules), rules


def test_a_new_count_with_two_counts_of_its_kind_kept_replaces_neither(memory):
    send(memory, "The quiz night has 40 guests booked.", "The Sunday lunch has 25 guests.", "The venue raised the cap to 45 people.")
    assert _status(memory, "40") == [ACTIVE]
    assert _status(memory, "25") == [ACTIVE]


def test_the_speaker_in_both_sentences_ties_no_value_to_a_new_statement():
    # "I'm" opens sentences everywhere: it is nobody named, so it ties the £30,000 to nothing said later.
    kept = Item(
        item_id="i1",
        session_id=S,
        kind=ItemKind.NUMBER,
        key="putting",
        value="30,000",
        unit="£",
        text="The loan is £85,000, and I'm putting in £30,000 of my own.",
        lang="en",
        source_seqs=(1,),
        source_event_ids=("e1",),
        source_kind=EventKind.USER_MESSAGE,
    )
    said = "They cut the booking deposit down to £450 because I'm paying early."
    statement = subjects.Statement(
        kind=ItemKind.NUMBER, key="booking deposit", value="450", unit="£", sentence=said, message=said, seq=2, update=True
    )
    assert subjects._score(statement, kept) is None


def test_a_count_said_as_a_fragment_is_corrected_by_a_spelled_figure(memory):
    send(memory, "The hens are busy today. 5 eggs so far, all brown.", "Checked the back coop too, make that seven.")
    assert _status(memory, "5") == [SUPERSEDED]
    assert [item.key for item in holding(memory, "seven")] == ["eggs"]


def test_a_level_reached_after_a_clause_of_what_brought_it_updates_the_count(memory):
    send(memory, "We have 28 names on the waiting list.", "Since the newsletter went out we're up to 37.")
    assert_replaced(memory, "28", "37")


def test_where_a_thing_is_going_is_its_value_and_a_new_place_replaces_it(memory):
    send(
        memory,
        "The spare fridge is going to the garage.",
        "No sockets out there. So the spare fridge is going in the utility room instead.",
    )
    assert_replaced(memory, "garage", "utility room")
