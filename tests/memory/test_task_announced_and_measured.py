"""Task state read by role across sentences and against the goal: a role named alone ("Another hitch.")
announces the sentence after it; "Success means:" and "Definition of done:" label a goal; a figure in the
measure the goal is set in reports progress toward it, whatever its words.

Sentences written for these tests, several phrasings per behaviour; tests/memory/redis/
test_redis_task_announced_and_measured.py re-runs them on Redis.
"""

import pytest

from tests.memory.test_task_state import say, state, texts


@pytest.mark.parametrize(
    ("message", "blocker"),
    [
        ("Fresh hitch. The label printer jams on every second sheet and the vendor has no fix yet.", "label printer jams"),
        ("Ugh, another hiccup. The council portal rejects our PDF because it is over 10 MB.", "council portal rejects"),
        ("right, the kiln controller ran into an issue. it drops to 600 degrees halfway through every firing", "drops to 600 degrees"),
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
        ("Success looks like this: the pantry shifts are 70% covered by volunteers before the spring fair.", "70% covered by volunteers"),
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
        ("Goal: plant 400 young trees along the canal by autumn.", "busy month, we put 260 trees in the ground", "260 trees"),
        ("Our aim is to get the average queue at the clinic under 6 minutes.", "the average queue was 9 minutes on Saturday", "9 minutes"),
        ("Target for the season: 25% of the orders collected by bike.", "bike collections were 18% of the orders in May", "18%"),
        ("目标：年底前志愿者达到80人。", "现在志愿者有55人了", "55人"),
        # What the figure counts said before it, as its key.
        ("Goal: 45 regular members and a second club night by the autumn.", "Regulars this month: 38.", "38"),
    ],
)
def test_a_figure_in_the_goal_s_measure_is_progress(memory, goal, report, figure):
    say(memory, goal, report)
    progress = texts(state(memory).progress)
    assert any(figure in entry for entry in progress), progress


@pytest.mark.parametrize(
    ("goal", "aside"),
    [
        # A share of something the goal does not name, and another measure.
        ("Target for the season: 25% of the orders collected by bike.", "the delivery van's battery is at 80% now"),
        ("Goal: plant 400 young trees along the canal by autumn.", "the hall holds 120 chairs"),
        ("Our aim is to get the average queue at the clinic under 6 minutes.", "the coffee break is 45 minutes"),
        # A sentence that speaks of a target sets or restates one; a word after a figure that counts nothing.
        ("Goal: plant 400 young trees along the canal by autumn.", "a stretch target would be 500 trees by winter"),
        ("Goal: plant 400 young trees along the canal by autumn.", "the van I got was 12 years old"),
    ],
)
def test_a_figure_of_another_measure_is_no_progress(memory, goal, aside):
    say(memory, goal, aside)
    assert texts(state(memory).progress) == []


OPEN_CATERER = "Open question: which caterer Noor should book."


def test_who_relays_a_statement_is_no_sign_of_what_it_answers(memory):
    say(memory, OPEN_CATERER, "Noor says the venue wants a £300 deposit by Monday.")
    assert any("caterer" in entry for entry in texts(state(memory).open_items))


def test_a_relayed_statement_about_the_open_item_answers_it(memory):
    say(memory, OPEN_CATERER, "Noor says the caterer question is settled, Saffron Kitchen it is.")
    assert not any("caterer" in entry for entry in texts(state(memory).open_items))


@pytest.mark.parametrize(
    ("message", "question"),
    [
        ("Open item: do we hire a second van for the choir trip?", "second van"),
        ("Open question: should the raffle run before the speeches?", "raffle run before"),
        ("待定：要不要给志愿者订午饭？", "订午饭"),
    ],
)
def test_an_open_label_keeps_its_question_as_the_open_item(memory, message, question):
    say(memory, message)
    assert any(question in entry for entry in texts(state(memory).open_items)), texts(state(memory).open_items)


@pytest.mark.parametrize(
    ("message", "blocker"),
    [
        ("Another headache. The venue insurer wants a risk assessment and nobody has written one yet.", "risk assessment"),
        ("西边那片林地，林业站还没回复能不能进场施工。", "林业站还没回复"),
        ("物业一直没答复可不可以在楼顶装设备，先不装。", "物业一直没答复"),
    ],
)
def test_a_wait_said_as_a_headache_or_an_unanswered_permission_is_a_blocker(memory, message, blocker):
    say(memory, message)
    assert any(blocker in entry for entry in texts(state(memory).blockers)), texts(state(memory).blockers)


@pytest.mark.parametrize(
    ("message", "progress"),
    [
        ("Only the old ledgers remain, we're down to the last 12 boxes in the loft.", "last 12 boxes"),
        ("Good news for the fun run, we're now at 64 registered.", "64 registered"),
        ("now at 30 registered for the workshop", "30 registered"),
    ],
)
def test_what_is_left_or_the_count_reached_is_progress(memory, message, progress):
    say(memory, message)
    assert any(progress in entry for entry in texts(state(memory).progress)), texts(state(memory).progress)


@pytest.mark.parametrize(
    ("message", "question"),
    [
        ("We're debating whether the zine goes to print before the fair.", "zine goes to print"),
        ("still weighing up which projector to rent for the screening", "which projector"),
    ],
)
def test_a_choice_being_weighed_is_an_open_item(memory, message, question):
    say(memory, message)
    assert any(question in entry for entry in texts(state(memory).open_items)), texts(state(memory).open_items)


def test_a_catch_named_as_a_label_is_a_blocker(memory):
    say(memory, "catch: the council needs a noise permit for the amplified music.")
    assert any("noise permit" in entry for entry in texts(state(memory).blockers))
