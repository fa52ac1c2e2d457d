"""Task state in more of the words people use: where a named count stands, every one of a count done, a
count reached with what is left, a count of things reached; a goal label for a stretch of time or for
someone, what the work is for, what the speaker is after for a stretch of time, a Chinese label of what
is to be done; "以后" inside a phrase is no "from now on"; a wait said with "till", closed when what it
waits for is said done however long its preamble. Sentences written for these tests;
tests/memory/redis/test_redis_task_forms.py re-runs them on Redis."""

import pytest
from dsh.memory.v1 import memory_pb2

from tests.memory.conftest import all_items
from tests.memory.test_task_state import S, say, state, texts


@pytest.mark.parametrize(
    "said",
    [
        "The east wall is at 9 of 14.",
        "Good news from the roof: all 9 panels are fitted.",
        "We're at 40 crates, six to go.",
        "Sign-ups hit 240 this week.",
    ],
)
def test_a_measured_advance_is_progress(memory, said):
    say(memory, "Let's keep track of the work.", said)
    assert said.rstrip(".") in " ".join(texts(state(memory).progress))


@pytest.mark.parametrize(
    ("said", "fragment"),
    [
        ("Here's what I'm working towards this month: a repainted shop front and new signage.", "repainted shop front"),
        ("What we need for the move: the van booked and the piano wrapped.", "piano wrapped"),
        ("That's what the whole renovation is for: passing the fire inspection in May.", "fire inspection"),
        ("我的打算是这个月把驾照考下来。", "驾照"),
        ("What I'm after this weekend is a tidy garage.", "tidy garage"),
        ("What we want out of this call is a shortlist of three venues.", "shortlist of three venues"),
        ("这学期要做的事：把毕业论文的开题报告交上去。", "开题报告"),
    ],
)
def test_a_goal_said_by_what_the_work_is_for_is_the_goal(memory, said, fragment):
    say(memory, "Let's get organised.", said)
    assert fragment in state(memory).goal.text


def test_a_wait_said_with_till_is_a_blocker_and_what_it_waits_for_said_done_closes_it(memory):
    blocker = "The banner has to be ordered by Friday, though I can't place the order till the print shop sends the proof"
    say(memory, blocker)
    assert texts(state(memory).blockers) == [blocker]
    say(memory, blocker, "Proof arrived from the print shop this morning; banner ordered.")
    assert texts(state(memory).blockers) == []


def test_after_inside_a_chinese_phrase_is_no_standing_rule(memory):
    say(memory, "这个月要做的事：把爸爸搬家以后的水电都办好。")
    rules = [item.value for item in all_items(memory.stub, S) if item.kind == memory_pb2.ITEM_KIND_RULE]
    assert rules == []
