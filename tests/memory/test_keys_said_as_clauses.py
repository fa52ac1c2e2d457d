"""Keys as people say them rather than as labels: a clause before the value is cut at its verb ("changed
the backup plan:", "the tenants agreed the renewal at"), a short code names a thing ("P2"), "Bond's €900"
is the bond, and a correction that names whose the value is ("Ilse says her bond was ...") replaces the
one kept with no owner. Sentences written for these tests; tests/memory/redis/test_redis_keys_said_as_clauses.py
re-runs them on Redis."""

from tests.memory.test_corrections import ACTIVE, assert_replaced, derived, holding, send


def test_a_short_code_is_a_key_and_its_new_value_replaces_the_old(memory):
    send(memory, "P2 is worth $40,000 on delivery.", "Hana says P2's now $35k, the rest moved into P3.")
    assert_replaced(memory, "40,000", "35k")


def test_a_label_led_by_a_verb_of_change_updates_what_it_names(memory):
    send(
        memory,
        "Snapshot schedule for now: a backup every 6 hours, retained for a week.",
        "Changed the backup schedule: every 4 hours from tonight.",
    )
    assert_replaced(memory, "6 hours", "4 hours")


def test_a_clause_key_is_cut_to_what_its_verb_acts_on(memory):
    send(memory, "Booked Casa Lumen for 2 nights.", "The tenants agreed the renewal at €1,420 a month.")
    keys = {item.key for item in derived(memory)}
    assert "casa lumen" in keys and "renewal" in keys, keys


def test_an_is_contracted_into_the_key_is_no_owner_and_a_named_owner_corrects_it(memory):
    send(memory, "Bond's €900, held by the agency.", "Ilse says her bond was €850, not what I had.")
    assert_replaced(memory, "900", "850")


def test_a_possessive_after_a_preposition_stays_in_the_key(memory):
    send(memory, "Ordered a cake from Mirela's for Saturday 3 May.")
    assert [item.status for item in holding(memory, "Saturday 3 May")] == [ACTIVE]
    assert any("mirela's" in item.key for item in holding(memory, "Saturday 3 May"))


def test_a_value_its_sentence_calls_new_updates_the_subject_its_message_names(memory):
    send(memory, "The proofs go to Halden Press on 9 June.", "Halden Press gave us another week. New date is 16 June.")
    assert_replaced(memory, "9 June", "16 June")


def test_two_shares_of_a_hundred_are_a_split_not_progress(memory):
    send(memory, "Profit share with the venue is 60/40 in our favour.")
    assert [item.status for item in holding(memory, "60/40")] == [ACTIVE]
    assert not [item for item in derived(memory) if item.key.startswith("task:progress")]


def test_who_runs_a_duty_is_kept_under_the_duty_and_a_new_person_from_some_time_on_replaces_them(memory):
    send(
        memory,
        "Odile runs the Tuesday stall. She also handles the float.",
        "Odile's back is bad again. Rahim is running the Tuesday stall from this week on.",
    )
    assert_replaced(memory, "Odile", "Rahim")
    assert not [item for item in derived(memory) if item.value == "She"]


def test_a_new_rate_per_the_same_thing_replaces_the_old_whoever_is_named(memory):
    send(memory, "Verba pays $0.11 per source word, repetitions free.", "Hélène agreed to $0.12 per source word from the next file.")
    assert_replaced(memory, "0.11", "0.12")


def test_a_rate_per_another_thing_or_of_another_size_is_left_alone(memory):
    send(
        memory, "Verba pays $0.11 per source word.", "The reviewer gets $35 per hour.", "Noor quoted $0.95 per source word for legal work."
    )
    assert [item.status for item in holding(memory, "0.11")] == [ACTIVE]


def test_a_change_said_in_the_progressive_replaces_the_value_and_its_subjects_weekday_is_no_value(memory):
    send(memory, "The regular Friday order is 60 baguettes.", "I'm raising the regular Friday order to 75.")
    assert_replaced(memory, "60", "75")
    assert not [item for item in derived(memory) if item.value == "Friday"]


def test_a_perfect_of_any_verb_ends_the_key_before_its_auxiliary(memory):
    send(memory, "The mailing list has slowly swelled to 2,300 readers.", "Our refund queue had finally shrunk to 14 tickets.")
    assert {item.key for item in holding(memory, "2,300")} == {"mailing list"}
    assert {item.key for item in holding(memory, "14")} == {"refund queue"}
