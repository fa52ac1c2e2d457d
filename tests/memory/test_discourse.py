"""Update semantics by role, through the service on a real store: changes of the subject in focus,
relayed updates, withdrawals, and frames that keep a value out of the current state.

Every sentence is written for these tests, several phrasings per behaviour; none comes from a
corpus. tests/memory/redis/test_redis_discourse.py re-runs them on Redis.
"""

import pytest
from dsh.memory.v1 import memory_pb2

from tests.memory.conftest import all_items, append, event
from tests.memory.test_corrections import ACTIVE, SUPERSEDED, assert_replaced, derived, holding, send

S = "session-c"
FILLER = "Thanks, carry on with the draft."


@pytest.mark.parametrize(
    ("first", "update", "old", "new"),
    [
        ("The checkout service runs on 3 replicas.", "Traffic spiked, so I bumped it to 6 replicas.", "3", "6"),
        ("The deposit is 1,500 pounds.", "It's gone up to 1,750 pounds now.", "1,500", "1,750"),
        (
            "The contractor quoted $14,500 for the cabinets.",
            "Good news, they're down to $13,200 now after I pushed back.",
            "14,500",
            "13,200",
        ),
        ("We need 25 chairs for the hall.", "Scratch that, make it 40.", "25", "40"),
        ("The staging disk is 200 GB.", "We resized it, it's 500 GB now.", "200", "500"),
        ("每箱的运费是 38 元。", "现在是 42 元。", "38", "42"),
        # A figure with its thousands grouped is one value in Chinese too ("12,600" is not 12).
        ("仓库的月租是 11,200 元。", "房东刚来电话，现在是 12,600 元。", "11,200", "12,600"),
        ("展会的布展预算是 35,000 元。", "主办方批了，布展预算提到 41,500 元。", "35,000", "41,500"),
        # Whatever the verb, "<verb> it <particle> to <value>" gives the subject in focus a new value.
        ("The retry budget is 5 attempts.", "We dialled it back to 3 after the outage.", "5", "3"),
        ("The welcome pack has 2 drink tokens per guest.", "Knock that down to 1, the bar is not sponsored.", "2", "1"),
        # What we hold, counted, is a value an update can find.
        ("We have 14 oak casks set aside for the stout.", "Two more came back clean, so we are at 16 now.", "14", "16"),
        ("We keep 40 spare chairs in the basement.", "Some got damaged, it is down to 31 now.", "40", "31"),
    ],
)
def test_a_keyless_change_updates_the_subject_in_focus(memory, first, update, old, new):
    send(memory, first, update)
    assert_replaced(memory, old, new)


def test_a_keyless_number_keeps_the_unit_of_what_it_updates(memory):
    send(memory, "We need 25 chairs for the hall.", "Hmm, make it 40.")
    (current,) = [item for item in derived(memory) if item.status == ACTIVE]
    assert (current.value, current.unit) == ("40", "")  # "chairs" is the key here: nothing to inherit
    send(memory, "The standby pool has 4 nodes.", "Let's make it 6.", start=10, session="s-unit")
    (pool,) = [item for item in derived(memory, "s-unit") if item.status == ACTIVE]
    assert (pool.value, pool.unit) == ("6", "nodes")


def test_a_word_after_a_keyless_figure_that_measures_nothing_leaves_the_unit_to_what_it_updates(memory):
    send(memory, "Online bookings cap at 8 guests per party.", "The terrace opens next week, so we bumped it to 10 online.")
    assert_replaced(memory, "8", "10")
    (current,) = [item for item in derived(memory) if item.status == ACTIVE and item.value == "10"]
    assert current.unit == "guests" and "online" in current.condition


@pytest.mark.parametrize(
    ("first", "update", "old", "new"),
    [
        ("The design review is on Tuesday 9 March.", "The review got pushed to Thursday 11 March.", "Tuesday", "Thursday 11 March"),
        ("The offsite venue is the Harbour Room.", "We moved the offsite venue to the Lakeview Lodge.", "Harbour", "Lakeview"),
        ("The audit is on 20 May.", "Legal pushed the audit back to 3 June.", "20 May", "3 June"),
        # A Chinese figure keeps its multiplier as typed: "12 万" is a value, 万 no condition.
        ("装修预算上限 12 万。", "预算调到 15 万，木工那块超了。", "12 万", "15 万"),
    ],
)
def test_a_named_subject_changed_by_a_verb_of_change_is_updated(memory, first, update, old, new):
    send(memory, first, update)
    assert_replaced(memory, old, new)


def test_the_turns_before_put_a_subject_in_focus_however_long_ago_it_was_said(memory):
    seq = send(memory, "The deposit is 1,500 pounds.")
    seq = send(memory, *[FILLER] * 150, start=seq)
    seq = send(memory, "The sofa costs 800 pounds.", start=seq)
    seq = send(memory, "Back to the deposit for a second.", start=seq)
    send(memory, "It's down to 1,200 pounds now.", start=seq)
    assert_replaced(memory, "1,500", "1,200")
    (sofa,) = holding(memory, "800")
    assert sofa.status == ACTIVE


@pytest.mark.parametrize(
    ("first", "relayed", "old", "new", "who"),
    [
        ("The venue is Hall A in the east wing.", "Priya confirmed the venue changed to Hall B.", "Hall A", "Hall B", "Priya"),
        ("The deposit for the flat is 1,500 pounds.", "My landlord says the deposit is 1,800 pounds now.", "1,500", "1,800", "landlord"),
        ("The kick-off call is at 9:30.", "Marta from finance told me the kick-off call moved to 10:15.", "9:30", "10:15", "Marta"),
    ],
)
def test_a_relayed_update_replaces_and_keeps_who_said_it(memory, first, relayed, old, new, who):
    send(memory, first, relayed)
    assert_replaced(memory, old, new)
    (current,) = [item for item in holding(memory, new) if item.status == ACTIVE]
    assert who in current.text  # the provenance: the sentence that relayed it


@pytest.mark.parametrize(
    ("first", "withdrawal", "old"),
    [
        ("The launch date is 14 May.", "Forget what I said about the launch date, we don't have one yet.", "14 May"),
        ("The projector costs 450 dollars.", "Never mind.", "450"),
        ("The welcome dinner is at Casa Lupo.", "Ignore my earlier note about the welcome dinner.", "Casa Lupo"),
        ("首批发货量是 300 件。", "当我没说。", "300"),
    ],
)
def test_a_withdrawal_retires_what_it_takes_back(memory, first, withdrawal, old):
    send(memory, first, withdrawal)
    (item,) = holding(memory, old)
    assert item.status == SUPERSEDED
    assert not [i for i in derived(memory) if i.status == ACTIVE]


def test_a_bare_never_mind_takes_back_only_the_statement_just_made(memory):
    seq = send(memory, "The projector costs 450 dollars.", *[FILLER] * 4)
    send(memory, "The screen costs 120 dollars.", "Never mind.", start=seq)
    assert holding(memory, "450")[0].status == ACTIVE
    assert holding(memory, "120")[0].status == SUPERSEDED


@pytest.mark.parametrize(
    ("first", "taken_back", "kept", "gone"),
    [
        (
            "The quiz night starts at 19:30.",
            "Let's push the quiz night to 20:00. Actually never mind, keep the original time.",
            "19:30",
            "20:00",
        ),
        ("读书会定在每周二晚上 7 点。", "读书会改到周三晚上 7 点……算了，当我没说，还是照旧。", "周二", "周三"),
    ],
)
def test_an_update_taken_back_as_it_is_made_leaves_what_it_replaced_current(memory, first, taken_back, kept, gone):
    send(memory, first, taken_back)
    assert [item.status for item in holding(memory, kept)] == [ACTIVE]
    assert all(item.status == SUPERSEDED for item in holding(memory, gone))


@pytest.mark.parametrize(
    "framed",
    [
        "The rent used to be 950 euros a month.",
        "Last year the rent was 900 euros a month.",
        "If we moved to the bigger flat, the rent would be 1,600 euros a month.",
        "Maybe the rent could be 1,100 euros a month.",
        "Their rent is 1,400 euros a month, much more than ours.",
        "要是换到大一点的房子，房租可能是 1,600 欧元一个月。",
        "要不房租改成 1,300 欧元一个月吧，房东会同意吗",
    ],
)
def test_history_hypotheses_and_comparisons_do_not_replace_the_current_value(memory, framed):
    send(memory, "The rent is 1,200 euros a month.", framed)
    (rent,) = [item for item in derived(memory) if item.status == ACTIVE]
    assert rent.value == "1,200"
    assert [item.value for item in derived(memory)] == ["1,200"]


@pytest.mark.parametrize(
    "unrelated",
    [
        "We need to move to the next step.",
        "Schema changes have to go through the DBA channel.",
        "I want to go to the hardware store later.",
        "It's fine now, thanks.",
    ],
)
def test_sentences_with_a_verb_of_change_but_no_new_value_change_nothing(memory, unrelated):
    send(memory, "The venue is Hall A in the east wing.", unrelated)
    (venue,) = holding(memory, "Hall A")
    assert venue.status == ACTIVE


@pytest.mark.parametrize(
    ("first", "update", "old", "new"),
    [
        # The history is the old value's clause, not the new one's.
        ("The storage tier is 2 TB.", "No wait, we're on 4 TB; 2 TB was the plan we had last spring.", "2 TB", "4 TB"),
        ("The weekly budget is 300 euros.", "It's 350 euros from this week on, 300 euros was what we had last year.", "300", "350"),
        # A time in the past says when the change happened: the new value is current.
        ("The build agents are on Ubuntu 20.04.", "We switched the build agents to Ubuntu 22.04 last month.", "20.04", "22.04"),
    ],
)
def test_a_frame_governs_its_own_clause_not_the_whole_sentence(memory, first, update, old, new):
    send(memory, first, update)
    assert_replaced(memory, old, new)


@pytest.mark.parametrize(
    "statement",
    [
        "If you need the logs, the bucket is audit-logs-eu.",
        "In case anyone asks, the bucket is audit-logs-eu.",
    ],
)
def test_a_conditional_preamble_does_not_make_the_statement_a_hypothesis(memory, statement):
    send(memory, statement)
    (bucket,) = holding(memory, "audit-logs-eu")
    assert bucket.status == ACTIVE


@pytest.mark.parametrize(
    ("first", "update", "old", "new"),
    [
        # An imperative names its subject as the object of the verb of change.
        (
            "The nightly export runs on the LARGE warehouse.",
            "Costs are up. Drop the nightly export to SMALL and we'll watch it.",
            "LARGE",
            "SMALL",
        ),
        ("The retro is on Wednesday 4 June.", "Please move the retro to Friday 6 June.", "Wednesday", "Friday 6 June"),
        ("The worker pool has 4 nodes.", "Let's bump the worker pool up to 7 nodes.", "4", "7"),
        # A level reached by "we" or "they", in any tense of reaching.
        ("The physio charges $55 a session.", "She rang this morning, they've gone up to $60 a session.", "55", "60"),
        ("The guest list has 140 people.", "Good news, we're down to 120 people now.", "140", "120"),
        ("The waiting list has 30 families.", "It has come down to 22 families.", "30", "22"),
    ],
)
def test_imperatives_and_levels_reached_update_their_subject(memory, first, update, old, new):
    send(memory, first, update)
    assert_replaced(memory, old, new)


@pytest.mark.parametrize(
    ("first", "update", "old", "new"),
    [
        # An imperative without an object, or with "us" for its object, changes the subject the message names.
        ("Pin the runner image to 2.14.1.", "The runner image leaks memory on long jobs. Move us to 2.14.3.", "2.14.1", "2.14.3"),
        (
            "The basemap: use the 2019 survey from the city portal.",
            "The old basemap has the river in the wrong place. Swap to the 2023 release.",
            "2019",
            "2023",
        ),
        # A verb that holds a value at a level: "cap it at", "keep the pool at".
        ("Weekly mileage peaks at 70 km.", "The physio says cap it at 55 for the next month.", "70", "55"),
        ("The standby pool has 4 nodes.", "Keep the standby pool at 6 nodes over the holidays.", "4", "6"),
        # Counts of people are one measure, whatever noun counts them.
        ("The reception has 150 guests.", "The RSVPs are in, we're down to 132 people now.", "150", "132"),
    ],
)
def test_changes_of_the_subject_the_message_names(memory, first, update, old, new):
    seq = send(memory, first, FILLER)
    send(memory, update, start=seq)
    assert_replaced(memory, old, new)


@pytest.mark.parametrize(
    "relayed",
    ["The manager says the venue has 40 parking spaces.", "Our planner confirmed the venue has 40 parking spaces."],
)
def test_a_relayed_answer_closes_the_open_question_it_names(memory, relayed):
    send(memory, "Open question: how many parking spaces does the venue have?", relayed)
    task = memory.stub.GetTaskState(memory_pb2.GetTaskStateRequest(session_id=S))
    assert not [entry for entry in task.open_items if "parking" in entry.text]
    assert [item for item in holding(memory, "40") if item.status == ACTIVE]


@pytest.mark.parametrize(
    ("plan", "reply", "dropped", "question"),
    [
        (
            "Let's book a ferry day trip to the islands for the Saturday.",
            "Added the ferry day trip to the islands to Saturday's plan.",
            "Scrap the ferry day trip, the forecast is awful.",
            "Are we still doing the islands ferry trip on Saturday?",
        ),
        (
            "Let's add a chapter on the Porto case study.",
            "Added a Porto case study chapter to the outline.",
            "Take the Porto chapter out, the data is too thin.",
            "Is the Porto case study chapter still in the outline?",
        ),
        (
            "下周三晚上加一场读书会吧。",
            "好的，下周三晚上加一场读书会。",
            "读书会那个就算了吧，人太少。",
            "下周三的读书会还办不办？",
        ),
    ],
)
def test_a_dropped_plan_answers_questions_about_it_before_the_plan_does(memory, plan, reply, dropped, question):
    events = [event(1, plan, event_id=f"{S}:e1"), event(2, reply, kind="assistant", event_id=f"{S}:e2")]
    events += [event(3, FILLER, event_id=f"{S}:e3"), event(4, "Noted.", kind="assistant", event_id=f"{S}:e4")]
    events += [event(5, dropped, event_id=f"{S}:e5")]
    append(memory.stub, S, *events)
    found = memory.stub.Retrieve(memory_pb2.RetrieveRequest(session_id=S, query=question, limit=3)).items
    assert found[0].source_event_ids == [f"{S}:e5"], [item.text for item in found]


def test_the_subject_a_message_names_beats_the_one_the_turns_before_named(memory):
    seq = send(memory, "The basemap: use the 2018 survey from the county portal.", *[FILLER] * 30)
    seq = send(memory, "The report is due 12 March.", start=seq)
    send(memory, "The old basemap has the coastline wrong. Swap to the 2021 release.", start=seq)
    assert_replaced(memory, "2018", "2021")
    (report,) = holding(memory, "12 March")
    assert report.status == ACTIVE


def test_a_withdrawal_naming_one_word_retires_no_turn(memory):
    send(memory, "Before recording, we always tape a short intro over the piano loop.", "Skip the intro.")
    quotes = [item for item in all_items(memory.stub, S) if item.kind == memory_pb2.ITEM_KIND_EVIDENCE]
    assert quotes and all(item.status == ACTIVE for item in quotes)


NOTES = (
    "My notes from the planning call, as typed:\n"
    "- Fri 8 May: ferry day trip to the islands, 9:10 sailing\n"
    "- Sat 9 May: market in the old town, meet at 10\n"
    "- Sun 10 May: late checkout agreed, 1 pm\n"
    "- Mon 11 May: train back, seats in coach C"
)


def test_dropping_one_plan_of_a_list_retires_no_quote_and_every_line_stays_labelled(memory):
    send(memory, NOTES, "Scrap the ferry day trip, the forecast is awful.")
    notes = [item for item in all_items(memory.stub, S) if item.kind == memory_pb2.ITEM_KIND_EVIDENCE and item.text == NOTES]
    assert notes and notes[0].status == ACTIVE  # the market, the checkout and the train are still said there
    message = memory.stub.Assemble(memory_pb2.AssembleRequest(session_id=S, query="When is the late checkout?", token_budget=800)).message
    assert all(line.startswith(("- [", "## ")) or line.endswith(":") for line in message.splitlines() if line), message


def test_a_retired_proposal_is_quoted_on_one_labelled_line_in_history(memory):
    send(memory, "Let's book a ferry day trip to the islands\nfor the Saturday.", "Scrap the ferry day trip, the forecast is awful.")
    message = memory.stub.Assemble(
        memory_pb2.AssembleRequest(session_id=S, query="ferry day trip to the islands", token_budget=800)
    ).message
    assert all(line.startswith(("- [", "## ")) or line.endswith(":") for line in message.splitlines() if line), message


@pytest.mark.parametrize(
    ("first", "update", "old", "new"),
    [
        ("Free parking covers the first 90 minutes.", "Scratch that, make it 120, the lot is half empty on weekdays.", "90", "120"),
        ("The shuttle waits 10 minutes at each stop.", "No wait, make it 15, the stops are busy in the morning.", "10 minutes", "15"),
    ],
)
def test_scratch_that_points_at_what_was_just_said_not_at_an_older_value(memory, first, update, old, new):
    seq = send(memory, "The lobby screen rotates slides every 30 minutes.", *[FILLER] * 5)
    send(memory, first, update, start=seq)
    assert_replaced(memory, old, new)
    assert all(item.status == ACTIVE for item in holding(memory, "every 30 minutes"))


def test_the_turns_before_help_the_message_name_its_subject(memory):
    """ "On the pale ales" names a word of two subjects; the question before it names the rest of one."""
    seq = send(memory, "On the pale ale line we dry hop at 3 lb/bbl.", *[FILLER] * 30)
    seq = send(memory, "Mill Road's pale ale only gets 1 lb/bbl, ours is punchier.", *[FILLER] * 3, start=seq)
    seq = send(memory, "How does our dry hop rate on the pale ale compare with the style guides?", start=seq)
    send(memory, "Take it down to 2.5 on the pale ales for now.", start=seq)
    assert_replaced(memory, "3", "2.5")
    (theirs,) = [item for item in holding(memory, "1") if item.unit == "lb/bbl"]
    assert theirs.status == ACTIVE


@pytest.mark.parametrize(
    ("first", "update", "kept"),
    [
        ("The malt we settled on is Golden Promise.", "Owners pushed it back a week, so it's the 21st now.", "Golden Promise"),
        ("Our caterer for the offsite is Bramble Kitchen.", "The kickoff moved, it is on Thursday now.", "Bramble Kitchen"),
    ],
)
def test_a_date_is_no_new_value_of_a_name(memory, first, update, kept):
    send(memory, first, update)
    names = holding(memory, kept)
    assert names and all(item.status == ACTIVE for item in names), [(item.key, item.value, item.status) for item in names]


@pytest.mark.parametrize(
    ("first", "other", "update", "old", "new", "kept"),
    [
        (
            "展位订的是国际会展中心 2 号馆。",
            "发布会定在 11 月 8 日。",
            "小李刚说展馆那边调整了，给我们换到 6 号馆。",
            "2 号馆",
            "6 号馆",
            "11 月 8 日",
        ),
        (
            "Our stand is in Hall B.",
            "The press call is on 14 May.",
            "Priya says they moved us, it is Hall D now.",
            "Hall B",
            "Hall D",
            "14 May",
        ),
    ],
)
def test_a_keyless_value_replaces_one_of_its_own_type(memory, first, other, update, old, new, kept):
    """A hall for a hall, however recent another subject is: the value's type picks its subject."""
    send(memory, first, other, update)
    assert_replaced(memory, old, new)
    (date,) = holding(memory, kept)
    assert date.status == ACTIVE


@pytest.mark.parametrize(
    ("decision", "later", "kept"),
    [
        (
            "Paint call is made: Harbour Grey. The other sample looked too green.",
            "Moisture on the east wall came in at 14. Should I have used a primer paint?",
            "Harbour Grey",
        ),
        (
            "Venue call is made: the Boathouse. The other quote was too high.",
            "Catering headcount came in at 85. Is the venue kitchen big enough?",
            "Boathouse",
        ),
    ],
)
def test_a_word_capitalized_only_by_its_place_names_nothing(memory, decision, later, kept):
    """A later message repeating "paint" does not point at the decision that starts with "Paint"."""
    send(memory, decision, later)
    held = holding(memory, kept)
    assert held and all(item.status == ACTIVE for item in held), [(item.key, item.value, item.status) for item in held]


@pytest.mark.parametrize(
    ("ours", "theirs", "question", "their_question", "our_value", "their_value"),
    [
        (
            "Our pale ale gets 3 lb/bbl of dry hop.",
            "Mill Road's pale ale gets 1 lb/bbl of dry hop, much tamer.",
            "How much dry hop does the pale ale get?",
            "How much dry hop does Mill Road's pale ale get?",
            "3",
            "1",
        ),
        (
            "我们的茶歇是人均 55 元。",
            "隔壁 Harbour 的茶歇是人均 80 元，我们不跟。",
            "茶歇人均标准是多少？",
            "Harbour 的茶歇人均多少？",
            "55",
            "80",
        ),
    ],
)
def test_another_partys_value_neither_replaces_ours_nor_answers_for_it(
    memory, ours, theirs, question, their_question, our_value, their_value
):
    filler = [f"Filler turn {n} about the taproom playlist and the quiz night." for n in range(20)]
    send(memory, ours, *filler, theirs, *filler[:5])
    assert all(item.status == ACTIVE for item in holding(memory, our_value) if item.unit in ("lb/bbl", "元"))

    def first(query: str) -> str:
        hits = memory.stub.Retrieve(memory_pb2.RetrieveRequest(session_id=S, query=query, limit=3)).items
        return hits[0].value

    assert first(question) == our_value
    assert first(their_question) == their_value


@pytest.mark.parametrize(
    ("first", "update", "old", "new"),
    [
        ("Aid stations every 3 km along the towpath.", "Stretch that spacing out to every 5 km, please.", "every 3 km", "every 5 km"),
        ("The first-aid tent has 10 stretchers.", "The hospital is lending us four more of those, so 14 in total.", "10", "14"),
        ("试产计划 5月6号开始。", "模具还没好，保不住，往后挪到 5月20号。", "5月6号", "5月20号"),
    ],
)
def test_a_key_that_points_back_is_an_update_of_what_it_points_at(memory, first, update, old, new):
    """ "that spacing", "of those", 往后: the statement names no subject of its own."""
    send(memory, first, update)
    assert_replaced(memory, old, new)


@pytest.mark.parametrize(
    ("kept", "later"),
    [
        ("No-show fee is $30.", "The 3-top moved from 7:30 to 8:15."),
        ("The front desk opens at 7:30.", "Can we move the 3-top from 7:30 to 8:15?"),
    ],
)
def test_a_clock_time_is_one_value_and_a_question_changes_nothing(memory, kept, later):
    send(memory, kept, later)
    items = derived(memory)
    assert all(item.status == ACTIVE for item in items), [(item.key, item.value, item.status) for item in items]


@pytest.mark.parametrize(
    ("first", "update", "old", "new"),
    [
        ("The entry cap is 2,500 runners.", "Spoke to the council: they'll let us go to 3,000 if we add marshals.", "2,500", "3,000"),
        ("Our budget for the loft is £18,000.", "Sam says we can stretch to £19,500 now the bonus is in.", "18,000", "19,500"),
        ("Estates gave us 12 TB on the shared array.", "Good news on space: Estates bumped us to 16 TB.", "12", "16"),
        ("The grant runs out on 30 June.", "Extension granted. We've got until 15 August now.", "30 June", "15 August"),
        ("The kick-off is at 09:30.", "They asked for an earlier start, so 09:00 on the clock now.", "09:30", "09:00"),
    ],
)
def test_a_change_said_inside_a_longer_clause_updates_the_subject_in_focus(memory, first, update, old, new):
    send(memory, first, update)
    assert_replaced(memory, old, new)


@pytest.mark.parametrize(
    ("earlier", "kept", "update", "old", "new"),
    [
        (
            "Bike racks every 2 km along the route.",
            "The shuttle goes at 08:15 from the east gate.",
            "Stretch that spacing out to every 3 km.",
            "every 2 km",
            "every 3 km",
        ),
        (
            "The briefing starts at 07:30 in the hall.",
            "Aid stations every 4 km along the towpath.",
            "They asked for an earlier start, so 07:00 on the clock now.",
            "07:30",
            "07:00",
        ),
    ],
)
def test_a_time_and_a_measure_never_replace_each_other(memory, earlier, kept, update, old, new):
    """A keyless time finds a time, a distance a distance, however recent the other subject is."""
    send(memory, earlier, kept, update)
    assert_replaced(memory, old, new)
    held = [item for item in derived(memory) if item.text == kept]
    assert held and all(item.status == ACTIVE for item in held), [(i.key, i.value, i.status) for i in derived(memory)]


@pytest.mark.parametrize(
    ("kept", "later"),
    [
        ("The scan spec is 600 ppi for loose sheets.", "Per the register the archive comes to 2,340 sheets."),
        ("The fridge holds 4 degrees at the back.", "Per the inventory the pantry comes to 56 jars."),
    ],
)
def test_a_count_of_things_is_no_new_value_of_a_measure(memory, kept, later):
    send(memory, kept, later)
    held = [item for item in derived(memory) if item.text == kept]
    assert held and all(item.status == ACTIVE for item in held), [(i.key, i.value, i.unit, i.status) for i in derived(memory)]


@pytest.mark.parametrize(
    ("first", "other", "update", "old", "new"),
    [
        (
            "The first-aid tent has 10 stretchers.",
            "Water points every 3 km on the route.",
            "The hospital is lending six more of those, so 16 in total.",
            "10",
            "16",
        ),
        ("仓库里这批货 500 箱。", "冷库温度 4 度。", "客户又追加了 60 箱，一共 560 箱。", "500", "560"),
        (
            "The cold room holds at 36°F.",
            "Glycol loop runs at 28°F.",
            "Facilities turned the cold room down two degrees, so 34°F now.",
            "36",
            "34",
        ),
    ],
)
def test_a_stated_difference_finds_the_value_it_adds_up_from(memory, first, other, update, old, new):
    """ "six more, so 16" updates the 10, however recent another figure is."""
    send(memory, first, other, update)
    assert_replaced(memory, old, new)


@pytest.mark.parametrize(
    ("kept", "later"),
    [
        ("仓库的负责人是老周。", "周五那班取消了，改成周六。"),
        ("The caterer is Bramble Kitchen.", "That slot fell through, it's the 14th now."),
        ("冷库温度控制在 2 到 4 度。", "老王刚说那边改了，按这个来。"),
    ],
)
def test_a_keyless_time_or_a_pointer_replaces_nothing_of_another_type(memory, kept, later):
    send(memory, kept, later)
    items = derived(memory)
    assert items and all(item.status == ACTIVE for item in items), [(i.key, i.value, i.status) for i in items]


def test_a_chinese_count_by_its_measure_word_is_a_value_an_update_finds(memory):
    send(memory, "这批货一共 300 件。", "客户又追加了 20 件，一共 320 件。")
    assert_replaced(memory, "300", "320")
