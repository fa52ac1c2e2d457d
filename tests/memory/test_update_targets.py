"""Which stored value a new one replaces, by what the message says of it: the old value named in another
sentence of the message, a price per unit that only replaces a price per the same unit, a subject the
message names before the sentence that gives the value. Sentences written for these tests;
tests/memory/redis/test_redis_update_targets.py re-runs them on Redis."""

from services.memory.domain.discourse import change
from tests.memory.test_corrections import ACTIVE, SUPERSEDED, assert_replaced, holding, send


def test_an_update_replaces_the_value_its_message_names_over_the_subject_just_discussed(memory):
    send(
        memory,
        "Venue: Marlowe Rooms by the canal. They have a back room that seats 60.",
        "Our old maths teacher Mr Fenwick is the guest we most want to invite.",
        "Bad news: Marlowe Rooms double-booked us. We've moved to the Tannery Hall on Dock Street.",
    )
    assert_replaced(memory, "Marlowe Rooms", "Tannery Hall")
    (teacher,) = holding(memory, "the guest we most want")
    assert teacher.status == ACTIVE


def test_a_price_per_unit_replaces_the_price_per_that_unit_only(memory):
    send(
        memory,
        "Beef cheek comes from Alder Farm at £11.20 a kilo, trimmed.",
        "The braise is on the menu at £19.50.",
        "Alder Farm phoned this morning. It's gone up again, £12.05 a kilo from next week.",
    )
    assert_replaced(memory, "11.20", "12.05")
    dish = holding(memory, "19.50")
    assert dish and all(item.status == ACTIVE for item in dish)


def test_a_keyless_change_does_not_take_a_flat_price_for_a_rate(memory):
    send(memory, "The braise is on the menu at £19.50.", "Supplier rang, it's now £12.05 a kilo.")
    dish = holding(memory, "19.50")
    assert dish and all(item.status == ACTIVE for item in dish)
    assert not [item for item in holding(memory, "12.05") if item.status == SUPERSEDED]


def test_a_date_never_replaces_a_name_its_message_mentions(memory):
    send(
        memory,
        "For Dad we've gone with Harbour Glazing.",
        "Harbour emailed: the frames are late, so Dad's fitting moves to 14 July.",
    )
    (chosen,) = holding(memory, "Harbour Glazing")
    assert chosen.status == ACTIVE
    assert [item.status for item in holding(memory, "14 July")] == [ACTIVE]


def test_a_subject_named_with_its_change_is_updated(memory):
    # "the increased X to Y", "our revised X of Y": a word of change and the subject its message names.
    send(
        memory,
        "The print budget for the zine is $400.",
        "With the increased print budget to $550 through June, we can add a colour insert.",
        "Our deadline for the residency form is 30 April.",
        "Our revised deadline of 14 May still stands, luckily.",
    )
    assert_replaced(memory, "400", "550")
    assert_replaced(memory, "30 April", "14 May")


def test_a_new_value_ends_before_the_time_it_runs_to():
    # "to $8,000 through August": "through" is no unit of the figure.
    found = change("Traffic spiked, so we increased it to $8,000 through August", "en")
    assert found is not None and found.value == "$8,000"


# Turns between a value and its update: far enough that what was just said is no clue.
LATER = tuple(f"Unrelated note {n}: the printer on floor two is jammed again." for n in range(8))


def test_a_label_that_announces_a_change_is_no_key_and_its_body_updates_the_subject_it_names(memory):
    send(
        memory,
        "Priya's plan for the block: long runs top out at 32 km, no matter how good I feel.",
        *LATER,
        "Big change: Priya looked at my knee scan and says my long-run cap should be 28 instead.",
    )
    assert_replaced(memory, "32", "28")
    assert not holding(memory, "looked at my knee scan")  # the label's body is no value of "big change"


def test_an_update_names_the_subject_of_an_owner_it_mentions(memory):
    send(
        memory,
        "Ines's hard limit: the bakery order stays under 60 loaves a day.",
        *LATER,
        "Big change: Ines went through the flour invoices and says the loaf limit should be 54 instead.",
    )
    assert_replaced(memory, "60", "54")


def test_a_three_digit_figure_said_in_passing_is_the_old_value_a_correction_names(memory):
    send(
        memory,
        "They're keeping locker 517 for him, top row by the window.",
        *LATER,
        "Ugh, no wait, his cubby is 571, not 517. I swapped the digits.",
    )
    assert_replaced(memory, "517", "571")


def test_a_day_said_alone_names_the_date_it_falls_on(memory):
    send(
        memory,
        "The landlord wants the signed lease back three days before the move, so that's March 12.",
        *LATER,
        "Which means the signed lease is due back March 19 now instead of the 12th. A week of slack.",
    )
    assert_replaced(memory, "March 12", "March 19")


def test_a_clock_figure_is_one_value_and_the_one_it_replaces_keeps_its_prefix(memory):
    send(
        memory,
        "My coach and I are aiming for sub-1:45 at the half marathon.",
        *LATER,
        "After the flu we're making the target 1:52 instead of sub-1:45. Finishing healthy matters more.",
    )
    assert_replaced(memory, "1:45", "1:52")
    assert all("1:52" in item.value for item in holding(memory, "52"))


def test_a_change_told_with_an_agent_updates_the_subject_in_focus_whoever_owns_it(memory):
    send(
        memory,
        "The agent came by. She wants to list Gran's cottage at $412,000.",
        *LATER,
        "Two quiet weekends of viewings, so Priya dropped the price to 398,500 as of today.",
    )
    assert_replaced(memory, "412,000", "398,500")


def test_a_decision_reported_as_wanted_changes_the_subject_it_names(memory):
    send(
        memory,
        "Per the training plan, weekly mileage peaks at 90 km in weeks 10 and 11.",
        "The easy days stay around 12 km each.",
        *LATER,
        "Coach revised it. She wants to cap the peak at 80 instead, and add a rest day instead of more tempo work.",
    )
    assert_replaced(memory, "90", "80")
    (easy,) = holding(memory, "12")
    assert easy.status == ACTIVE


def test_a_fee_named_for_a_change_is_a_value_of_its_own(memory):
    # "$75 change fee": a fee for changing, not a change of the pet fee the turns named before.
    send(memory, "Cats are allowed, there's a $300 pet fee, one time.", "The van man can move us a day early. $75 change fee, he says.")
    assert [item.status for item in holding(memory, "300")] == [ACTIVE]


def test_who_reports_is_no_subject_of_what_they_report(memory):
    send(
        memory,
        "My contact there is Kofi Mensah, their finance lead.",
        *LATER,
        "Kofi confirmed the payment run: invoices go out on the 25th of each month.",
    )
    (contact,) = holding(memory, "Kofi Mensah")
    assert contact.key == "contact" and contact.status == ACTIVE


def test_a_relayed_answer_also_states_the_date_it_gives(memory):
    send(
        memory,
        "Open question: when do the Tableau licences end?",
        "Priya says the Tableau licences run out March 3, so that's our cutover.",
    )
    dates = [item for item in holding(memory, "March 3") if item.key == "tableau licences"]
    assert [item.status for item in dates] == [ACTIVE]


def test_a_thought_about_things_named_by_a_figure_changes_no_count(memory):
    send(
        memory,
        "They have 48 dashboards in scope after the clean-up.",
        *LATER,
        "I'm thinking we just retire the 2021 dashboards instead of rebuilding them, there are six of those.",
    )
    assert [item.status for item in holding(memory, "48")] == [ACTIVE]
    assert not holding(memory, "2021")


def test_a_new_count_of_the_same_things_replaces_the_last_one(memory):
    send(memory, "We're at 212 RSVPs.", *LATER, "Now we're at 230 RSVPs.")
    assert_replaced(memory, "212", "230")
