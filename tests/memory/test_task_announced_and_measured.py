"""Task state read by role across sentences and against the goal: a role named alone ("New snag.") announces
the sentence after it; "What success looks like:" and "Definition of done:" label a goal; a figure in the
measure the goal is set in reports progress toward it, whatever its words.

Sentences written for these tests, several phrasings per behaviour; tests/memory/redis/
test_redis_task_announced_and_measured.py re-runs them on Redis.
"""

import pytest

from tests.memory.test_task_state import say, state, texts


@pytest.mark.parametrize(
    ("message", "blocker"),
    [
        ("new snag. the label printer jams on every second sheet and the vendor has no fix yet", "label printer jams"),
        ("Ugh, another hiccup. The council portal rejects our PDF because it is over 10 MB.", "council portal rejects"),
        ("ok so the kiln controller has a problem. it drops to 600 degrees halfway through every firing", "drops to 600 degrees"),
        ("The courier app hit a snag: it won't print labels for the islands.", "won't print labels"),
    ],
)
def test_a_blocker_named_alone_is_the_sentence_after_it(memory, message, blocker):
    say(memory, "Goal: get the spring catalogue out to every stockist by April.", message)
    blockers = texts(state(memory).blockers)
    assert any(blocker in entry for entry in blockers), blockers


@pytest.mark.parametrize(
    ("message", "question"),
    [
        ("Another open question. Do we print the badges or email them?", "print the badges"),
        ("One more thing to decide. Whether the quiz runs before or after dinner.", "quiz runs before or after dinner"),
    ],
)
def test_an_open_item_named_alone_is_the_sentence_after_it(memory, message, question):
    say(memory, message)
    assert any(question in entry for entry in texts(state(memory).open_items)), texts(state(memory).open_items)


def test_a_role_named_last_still_tags_the_sentence_before_it(memory):
    say(memory, "Who pays for the stage lights. Open question.")
    assert any("stage lights" in entry for entry in texts(state(memory).open_items))


@pytest.mark.parametrize(
    ("label", "goal"),
    [
        (
            "What success looks like: by the May board meeting, volunteers cover at least 30% of the pantry shifts.",
            "30% of the pantry shifts",
        ),
        ("Definition of done: every locker has a working key and a name tag.", "every locker has a working key"),
        ("Success means: the cold room never goes above 5 degrees for a whole month.", "cold room never goes above"),
    ],
)
def test_success_and_done_labels_state_the_goal(memory, label, goal):
    say(memory, label)
    reply = state(memory)
    assert reply.HasField("goal") and goal in reply.goal.text, reply.goal.text
    assert not any(goal in entry for entry in texts(reply.progress))


@pytest.mark.parametrize(
    ("goal", "report", "figure"),
    [
        (
            "Goal: 30 regular volunteers signed up for Saturday shifts by June.",
            "good week, we had 24 regulars at the Saturday session",
            "24 regulars",
        ),
        ("Our aim is to cut the average phone wait to under 8 minutes.", "the average wait came in at 11 minutes last week", "11 minutes"),
        ("Target for the season: 40% of the orders picked up in store.", "store pickups were 28% of the orders in March", "28%"),
        ("目标：年底前会员达到500人。", "现在会员有320人了", "320人"),
    ],
)
def test_a_figure_in_the_goal_s_measure_is_progress(memory, goal, report, figure):
    say(memory, goal, report)
    progress = texts(state(memory).progress)
    assert any(figure in entry for entry in progress), progress


@pytest.mark.parametrize(
    ("goal", "aside"),
    [
        # A share of something the goal does not name, another measure, and a figure said as a hypothesis.
        ("Target for the season: 40% of the orders picked up in store.", "the delivery van's battery is at 80% now"),
        ("Goal: 30 regular volunteers signed up for Saturday shifts by June.", "the hall holds 120 chairs"),
        ("Our aim is to cut the average phone wait to under 8 minutes.", "the lunch break is 45 minutes"),
        # A sentence that speaks of a target sets or restates one; a word after a figure that counts nothing.
        ("Goal: 30 regular volunteers signed up for Saturday shifts by June.", "my stretch goal would be 40 regulars by August"),
        ("Goal: 30 regular volunteers signed up for Saturday shifts by June.", "the van I had was 12 years old"),
    ],
)
def test_a_figure_of_another_measure_is_no_progress(memory, goal, aside):
    say(memory, goal, aside)
    assert texts(state(memory).progress) == []


OPEN_TOOL = "Open question: which intake tool Wren should buy."


def test_who_relays_a_statement_is_no_sign_of_what_it_answers(memory):
    say(memory, OPEN_TOOL, "Wren says consult fees go to $190 from April 1st.")
    assert any("intake tool" in entry for entry in texts(state(memory).open_items))


def test_a_relayed_statement_about_the_open_item_answers_it(memory):
    say(memory, OPEN_TOOL, "Wren says the intake tool question is settled, Formly it is.")
    assert not any("intake tool" in entry for entry in texts(state(memory).open_items))
