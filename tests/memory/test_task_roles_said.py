"""Task state by what a statement does, in words no row names: what holds the work up said as the thing, or
by who is being chased, or as what it is down to; where a count stands ("we're at 5 of 7", counts in words);
a share in tenths and work wrapping up, in Chinese. Sentences written for these tests;
tests/memory/redis/test_redis_task_roles_said.py re-runs them on Redis."""

import pytest
from dsh.memory.v1 import memory_pb2

from tests.memory.conftest import all_items
from tests.memory.test_task_state import S, say, state, texts


@pytest.mark.parametrize(
    ("said", "fragment"),
    [
        ("The thing holding us up now is the landlord's gas certificate; the agent won't release keys without it.", "gas certificate"),
        ("Still chasing the council for the road-closure permit, nobody answers the phone there.", "road-closure permit"),
        ("So it's all down to the structural engineer's sign-off at this point.", "structural engineer"),
        ("现在就等物业把门禁卡批下来，批了才能搬。", "门禁卡"),
        # A wait said before what it stops, a refusal without the missing thing, a "Problem:" label.
        ("Until the surveyor sends the report, we can't book the builder.", "surveyor"),
        ("The printer won't start the run without the signed proof.", "signed proof"),
        ("Problem: the venue still hasn't sent the floor plan.", "floor plan"),
        # What is left, when all it says is what it waits for.
        ("剩下的得等配件到了才能装。", "配件"),
    ],
)
def test_a_dependency_said_in_other_words_is_a_blocker(memory, said, fragment):
    say(memory, "Let's get the move organised.", said)
    assert any(fragment in text for text in texts(state(memory).blockers)), texts(state(memory).blockers)


@pytest.mark.parametrize(
    ("said", "fragment"),
    [
        ("Open question: do we wait for the vendor or switch suppliers?", "switch suppliers"),
        ("Still open: whether to wait for the new quote.", "new quote"),
        ("待定：要不要等新报价。", "新报价"),
    ],
)
def test_a_choice_about_waiting_stays_an_open_item(memory, said, fragment):
    say(memory, "Let's get the move organised.", said)
    assert any(fragment in text for text in texts(state(memory).open_items)), texts(state(memory).open_items)
    assert texts(state(memory).blockers) == []


@pytest.mark.parametrize(
    ("said", "fragment"),
    [
        ("Two more chapters went to the editor last night, so we're at 9 of 12.", "9 of 12"),
        ("Roster check: six of eight volunteers done with their safety training.", "six of eight"),
        ("外墙涂料基本收尾了，差不多八成。", "八成"),
        ("The photo edits are at 70%, should wrap by Friday.", "70%"),  # a share reached, the end in sight
        # Where the share stands, hedged; everything done but what is named, under a report's label.
        ("We're at roughly 60% of the tiling, the bathroom is next.", "60%"),
        ("We're at around 3 of 5 bedrooms.", "3 of 5"),
        ("Progress check: everything's drafted now except the index.", "except the index"),
    ],
)
def test_where_a_count_or_a_share_stands_is_progress(memory, said, fragment):
    say(memory, "Let's track the work.", said)
    assert any(fragment in text for text in texts(state(memory).progress)), texts(state(memory).progress)


@pytest.mark.parametrize("said", ["We're at 80% capacity in the car park.", "The CPU is at 80% all day."])
def test_a_level_that_is_no_share_of_the_work_is_no_progress(memory, said):
    say(memory, "Let's track the work.", said)
    assert texts(state(memory).progress) == []


def test_a_rule_about_chasing_is_no_blocker(memory):
    say(memory, "Never hold the release up for a flaky test; quarantine it and ship.")
    assert texts(state(memory).blockers) == []


def test_a_count_of_the_whole_is_progress_and_no_figure_of_its_label(memory):
    say(memory, "Progress: 5 of 14 rooms painted.")
    assert any("5 of 14" in text for text in texts(state(memory).progress))
    figures = [item for item in all_items(memory.stub, S) if item.kind == memory_pb2.ITEM_KIND_NUMBER]
    assert figures == [], [(item.key, item.value) for item in figures]


@pytest.mark.parametrize(
    ("first", "later", "new"),
    [
        ("外墙涂料大概完成了三成。", "外墙涂料基本收尾了，差不多九成。", "九成"),
        ("The photo edit is about 30% through.", "Photo edit: 80% done as of tonight.", "80%"),
    ],
)
def test_a_later_share_of_the_same_work_replaces_the_earlier_progress(memory, first, later, new):
    say(memory, first, "The weather's fine today.", later)
    progress = texts(state(memory).progress)
    assert len(progress) == 1 and new in progress[0], progress


@pytest.mark.parametrize(
    ("opening", "fragment"),
    [
        (
            "Quick framing: file this whole thread under 'Brennan kitchen refit, worktops in before the 20th'.",
            "worktops in before the 20th",
        ),
        ("Main workstream in this chat: OPS-311, 'retire the old VPN concentrator'.", "OPS-311"),
        ("I'm on ticket WEB-88, 'checkout page speed'. That's what this conversation is for.", "WEB-88"),
        ("这个对话主要跟进“城东仓库搬迁，月底前完成”，其他的事偶尔也会聊。", "城东仓库搬迁"),
    ],
)
def test_a_session_named_and_given_a_title_says_what_it_is_for(memory, opening, fragment):
    say(memory, "Morning!", opening)
    assert fragment in state(memory).goal.text, state(memory).goal.text


@pytest.mark.parametrize(
    "opening",
    ["I'll paste the logs in this thread: see below.", "Can we keep this chat to the 'budget' only?"],
)
def test_a_session_named_in_passing_sets_no_goal(memory, opening):
    say(memory, "Morning!", opening)
    assert state(memory).goal.text == ""


@pytest.mark.parametrize(
    ("opening", "fragment"),
    [
        # A label that says what the speaker wants of the work, or where it must end up: its body is the goal.
        (
            ("A rule first: no calls after 8 pm.", "What I want out of this: the garden office built and wired before the autumn."),
            "garden office",
        ),
        (("Where we need to land: the v3 SDK published, with docs, before the partner summit.",), "v3 SDK"),
        # The conversation said to be about getting "there": the sentence before names where.
        (("The big one: the Lisbon half on 9 March. Everything in this thread is about getting me there fit.",), "Lisbon half"),
        (("先说一条：周日上午不约任何事。", "奶奶这边我想做的就是：把她的复诊和取药时间排好，别让她来回跑。"), "复诊"),
    ],
)
def test_a_purpose_said_as_a_label_in_the_opening_turns_is_the_goal(memory, opening, fragment):
    say(memory, *opening)
    assert fragment in state(memory).goal.text, state(memory).goal.text


@pytest.mark.parametrize(
    "opening",
    [
        "Nightly sync job: 300 records a run, retries off.",
        "Nightly backup plan: full dump at 02:00, kept for 14 days.",
    ],
)
def test_a_label_naming_a_thing_of_that_name_is_no_purpose(memory, opening):
    # "job" and "plan" here name a job and a plan the settings belong to, not what the session is for.
    say(memory, opening)
    assert not state(memory).goal.text, state(memory).goal.text


def test_a_question_settled_by_someone_pointing_at_it_is_closed(memory):
    say(
        memory,
        "Let's plan the relaunch.",
        "Open question: do we keep the loyalty card in the new app?",
        "The customer panel settled it: the loyalty card stays.",
    )
    assert not any("loyalty card" in text for text in texts(state(memory).open_items)), texts(state(memory).open_items)


def test_a_wait_is_over_when_the_turn_says_it_arrived_and_names_the_held_up_work(memory):
    say(
        memory,
        "Let's get the podcast out.",
        "The intro can't be mixed until the composer's stems come back.",
        "The composer sent the stems last night. Ines is mixing the intro today.",
    )
    assert not any("stems" in text for text in texts(state(memory).blockers)), texts(state(memory).blockers)


def test_a_wait_for_someones_word_is_over_when_they_are_said_to_have_answered(memory):
    waiting = ("Let's finish the club handbook.", "We can't write the parking section until the council tells us which bays we can use.")
    say(memory, *waiting, session="still-waiting")
    assert any("council" in text for text in texts(state(memory, "still-waiting").blockers))
    say(memory, *waiting, "Good news at last. The council replied!")
    assert not any("council" in text for text in texts(state(memory).blockers)), texts(state(memory).blockers)


def test_a_wait_is_not_over_when_the_one_waited_for_is_only_chased(memory):
    say(memory, "Let's finish the club handbook.", "We can't print it until the treasurer signs off.", "I emailed the treasurer again.")
    assert any("treasurer" in text for text in texts(state(memory).blockers)), texts(state(memory).blockers)


def test_a_chinese_whether_or_not_is_an_open_choice_not_a_prohibition(memory):
    say(memory, "这学期的课外班我来安排。", "还在犹豫要不要给小雨报书法，报的话就是周六上午那个班。")
    assert any("书法" in text for text in texts(state(memory).open_items)), texts(state(memory).open_items)
    assert not [item for item in all_items(memory.stub, S) if item.kind == memory_pb2.ITEM_KIND_RULE]


@pytest.mark.parametrize(
    ("said", "fragment"),
    [
        ("The booking system has been offline since Tuesday, so the new tutors can't pick their slots.", "booking system"),
        ("The fit-out needs the fire officer's approval and he has no visit free until the 14th.", "fire officer"),
        ("Their offer just sits there till the director is back from leave.", "director"),
        ("实验室那台离心机上周坏了，维修的人说要等十天才能修好，样品只能先冻着。", "离心机"),
        ("胶带快用完了，新订的要周四才到，这之前只能先手工打包。", "胶带"),
    ],
)
def test_something_out_of_order_or_someone_not_free_until_later_is_a_blocker(memory, said, fragment):
    say(memory, "Let's get the term started.", said)
    assert any(fragment in text for text in texts(state(memory).blockers)), texts(state(memory).blockers)


def test_a_goal_announced_in_one_sentence_is_the_next_one(memory):
    say(memory, "Here's the plan. Have the bakery's new oven installed and certified before the Easter rush.")
    assert "new oven" in state(memory).goal.text, state(memory).goal.text


def test_what_is_needed_by_a_time_or_wanted_from_the_work_is_the_goal(memory):
    say(memory, "Hi again.", "What we need by the end of term is the science fair poster printed and on the wall.")
    assert "science fair poster" in state(memory).goal.text, state(memory).goal.text


def test_a_refusal_closes_no_open_choice_and_a_wait_said_over_leaves_no_blocker(memory):
    say(
        memory,
        "Let's sort the party.",
        "Still undecided whether we hire a DJ.",
        "We can't paint the mural until the council approves the design.",
        "The band won't play without a stage.",
        "The design thing is no longer holding us up, the council approved the design on Monday.",
    )
    current = state(memory)
    assert any("DJ" in text for text in texts(current.open_items)), texts(current.open_items)
    assert not any("council" in text or "design thing" in text for text in texts(current.blockers)), texts(current.blockers)


def test_a_chinese_payment_or_purchase_done_is_progress_and_not_yet_sure_is_open(memory):
    say(memory, "这次搬家我来统筹。", "新房的押金付好了，两个月的。", "搬家公司说还没确定能不能周六来。")
    current = state(memory)
    assert any("押金" in text for text in texts(current.progress)), texts(current.progress)
    assert any("周六" in text for text in texts(current.open_items)), texts(current.open_items)
