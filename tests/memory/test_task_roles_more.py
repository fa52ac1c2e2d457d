"""Task state by what a statement does, in more everyday words: a goal as the point of a stretch of time,
work said halted or held off, a choice someone keeps going back and forth on (hedged or not), a share of a
whole said done, and a wish to get something done that is no resolution. Sentences written for these tests;
tests/memory/redis/test_redis_task_roles_more.py re-runs them on Redis."""

import pytest
from dsh.memory.v1 import memory_pb2

from services.memory.domain.extraction import extract
from services.memory.domain.model import TaskField
from tests.memory.test_task_state import S, say, state, texts


@pytest.mark.parametrize(
    ("said", "fragment"),
    [
        ("The whole point of this trip is seeing Grandma before she moves.", "seeing Grandma"),
        ("Main thing I want out of this weekend is the shed painted.", "shed painted"),
        ("Priority one: get the boiler serviced before the cold snap.", "boiler serviced"),
        ("这个月最重要的就是把装修验收做完。", "装修验收"),
        ("这周就想把报销全部弄完。", "报销"),
    ],
)
def test_what_a_stretch_of_time_is_for_is_the_goal(memory, said, fragment):
    say(memory, "Let's get organised.", said)
    goal = state(memory).goal
    assert fragment in goal.text, goal


@pytest.mark.parametrize(
    ("said", "fragment"),
    [
        ("The supplier still hasn't confirmed the slot, so the install is on hold.", "on hold"),
        ("Still no word from the agent, so the move is on ice.", "on ice"),
        ("We're holding off on the mailing until the printer fixes the typo.", "printer fixes the typo"),
        ("The main thing in the way is the missing floor plan.", "floor plan"),
        ("物业一直没回，没法开工。", "没法开工"),
    ],
)
def test_work_said_halted_or_held_off_is_blocked(memory, said, fragment):
    say(memory, "Let's get organised.", said)
    assert any(fragment in text for text in texts(state(memory).blockers)), texts(state(memory).blockers)
    assert state(memory).goal is None or fragment not in state(memory).goal.text


@pytest.mark.parametrize(
    ("said", "fragment"),
    [
        ("Not sure yet whether we hire a van or borrow Dad's trailer.", "borrow Dad's trailer"),
        ("I keep going back and forth on the venue: the barn or the church hall.", "church hall"),
        ("We're on the fence about adding a second night.", "second night"),
    ],
)
def test_a_choice_still_weighed_is_an_open_item(memory, said, fragment):
    say(memory, "Let's get organised.", said)
    assert any(fragment in text for text in texts(state(memory).open_items)), texts(state(memory).open_items)


@pytest.mark.parametrize(
    ("said", "fragment"),
    [
        ("Half the save-the-dates are out.", "save-the-dates"),
        ("About 70% of the chapters are drafted.", "70%"),
        ("Two thirds of the boxes are packed already.", "boxes"),
        ("论文写到第四章了。", "第四章"),
    ],
)
def test_a_share_of_the_whole_said_done_is_progress(memory, said, fragment):
    say(memory, "Let's get organised.", said)
    assert any(fragment in text for text in texts(state(memory).progress)), texts(state(memory).progress)


@pytest.mark.parametrize(
    "said",
    [
        "Priority one: get the gutters cleared before the storms.",
        "We need the alarm code reset before Friday.",
        "Want the gate repaired by the weekend.",
    ],
)
def test_a_wish_to_get_something_done_resolves_nothing(said):
    assert not [c for c in extract(said) if c.resolves and c.task_field is TaskField.BLOCKER]


@pytest.mark.parametrize(
    ("said", "fragment"),
    [
        ("Checked the tracker: we're at 17/20 on the spring release.", "17/20"),
        ("Three more volunteers signed up Monday, so we're at 26 now.", "26"),
        ("The second movement is finally close, I'd call it 85%.", "85%"),
        ("请柬就剩最后五张没写了。", "五张"),
    ],
)
def test_where_the_count_stands_is_progress(memory, said, fragment):
    say(memory, "Let's get organised.", said)
    assert any(fragment in text for text in texts(state(memory).progress)), texts(state(memory).progress)


@pytest.mark.parametrize(
    ("said", "fragment"),
    [
        ("Problem is the old router can't be reset remotely.", "old router"),
        ("The agent still hasn't sent the signed contract, so I can't book the movers.", "signed contract"),
        ("The clinic has no appointment slots for the booster until October.", "booster"),
        ("Their card reader's been dead since Monday, so nobody can pay by card.", "card reader"),
    ],
)
def test_a_missing_step_that_stops_the_work_is_a_blocker(memory, said, fragment):
    say(memory, "Let's get organised.", said)
    assert any(fragment in text for text in texts(state(memory).blockers)), texts(state(memory).blockers)


@pytest.mark.parametrize(
    ("said", "fragment"),
    [
        ("Fundraising's moving along: 14 sponsors signed now.", "14 sponsors"),
        ("Invitations nearly done, only the Lees and the Parks still to write.", "nearly done"),
        ("Yeah, 9 of 10.", "9 of 10"),
        ("For this week I need us to clear the backlog of returns and reprint the labels.", "backlog of returns"),
    ],
)
def test_a_report_or_a_need_for_the_week_in_plain_words(memory, said, fragment):
    say(memory, "Let's get organised.", said)
    current = state(memory)
    assert any(fragment in text for text in [*texts(current.progress), *([current.goal.text] if current.goal else [])])


@pytest.mark.parametrize("said", ["The problem is that the cache is stale.", "For today I need to rest.", "The catch is it costs more."])
def test_an_explanation_or_a_personal_need_is_no_task_state(said):
    assert not [c for c in extract(said) if c.task_field in (TaskField.BLOCKER, TaskField.GOAL)]


@pytest.mark.parametrize(
    ("said", "query", "fragment"),
    [
        ("We're at 5 of 7 bedrooms painted. The two left are the ones with the damp walls.", "Which bedrooms are still unpainted?", "damp"),
        ("Can't order the tiles until the builder measures the floor. He's booked for the 19th.", "When is the builder measuring?", "19th"),
    ],
)
def test_a_task_entry_that_answers_the_query_is_quoted_with_its_message(memory, said, query, fragment):
    # The task entry takes its turn's slot among the results; the message still says the rest of the turn.
    filler = [f"Unrelated note number {n} about the garden and the weather." for n in range(18)]
    say(memory, "Let's get organised.", said, *filler)
    message = memory.stub.Assemble(memory_pb2.AssembleRequest(session_id=S, query=query, token_budget=800)).message
    assert fragment in message, message


@pytest.mark.parametrize(
    ("said", "fragment"),
    [
        ("The boiler part is stuck at the customs depot until someone pays the duty.", "customs depot"),
        ("We can't pour the slab yet.", "pour the slab"),
        ("Our visa forms are sitting in the consulate's backlog.", "consulate"),
        ("The van is off the road; the garage keeps it until the new clutch arrives.", "new clutch"),
        ("热水器坏了，维修师傅说下周末才能来。", "才能来"),
    ],
)
def test_work_stuck_somewhere_or_not_possible_yet_is_blocked(memory, said, fragment):
    say(memory, "Let's get organised.", said)
    assert any(fragment in text for text in texts(state(memory).blockers)), texts(state(memory).blockers)


@pytest.mark.parametrize("said", ["下周才回来的那批货先别管。", "He got stuck in traffic on the way, but the delivery made it."])
def test_a_later_arrival_said_in_passing_blocks_nothing(memory, said):
    say(memory, "Let's get organised.", said)
    assert not texts(state(memory).blockers), texts(state(memory).blockers)


@pytest.mark.parametrize(
    ("said", "fragment"),
    [
        ("The first two chapters are drafted now.", "drafted"),
        ("Garden beds: 12 of 20 planted.", "12 of 20"),
        ("Our apprentice finished module 4 of 9 yesterday.", "4 of 9"),
    ],
)
def test_work_said_made_is_progress(memory, said, fragment):
    say(memory, "Let's get organised.", said)
    assert any(fragment in text for text in texts(state(memory).progress)), texts(state(memory).progress)


def test_a_week_about_doing_something_is_for_it(memory):
    say(memory, "Let's get organised.", "This month is about getting the garden ready for the open day.")
    assert "garden ready" in state(memory).goal.text


@pytest.mark.parametrize(
    ("weighed", "settled", "subject"),
    [
        (
            "Still can't decide whether the balcony scene stays in the play.",
            "Cut the balcony scene; the second act runs faster without it.",
            "balcony",
        ),
        ("书法班要不要继续上，我们还在犹豫，等期末成绩出来再说。", "跟孩子爸爸商量好了，书法班下学期不报了。", "书法班"),
    ],
)
def test_a_choice_made_by_acting_on_what_was_weighed_closes_it(memory, weighed, settled, subject):
    say(memory, "Let's get organised.", weighed, settled)
    assert not any(subject in text for text in texts(state(memory).open_items)), texts(state(memory).open_items)


@pytest.mark.parametrize(
    ("said", "fragment"),
    [
        ("Shift two went well, we're at 1,250 of 2,000 units done.", "1,250 of 2,000"),
        ("Signed the tiler too, so that's 3 of 7.", "3 of 7"),
    ],
)
def test_a_count_of_the_whole_with_thousands_or_after_a_step_is_progress(memory, said, fragment):
    say(memory, "Let's get organised.", said)
    assert any(fragment in text for text in texts(state(memory).progress)), texts(state(memory).progress)
