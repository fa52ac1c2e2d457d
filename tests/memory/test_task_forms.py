"""Task state in more of the words people use: where a named count stands, every one of a count done, a
count reached with what is left, a count of things reached; a goal label for a stretch of time or for
someone, what the work is for, what the speaker is after for a stretch of time, a Chinese label of what
is to be done; "以后" inside a phrase is no "from now on"; a wait said with "till", closed when what it
waits for is said done however long its preamble (in Chinese, by its words); a figure keyed by "target" is
the goal; a yes-or-no choice made in other words or by doing it closes its open item, asking about it does
not; a Chinese tally of what was counted (交了4个班的) is progress, and the next tally of the same replaces it.
Sentences written for these tests;
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
        ("The whole point of the trip: see the northern lights at least once.", "northern lights"),
        ("We've agreed the target is 60 paid members by June.", "60 paid members"),
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


@pytest.mark.parametrize(
    ("open_item", "settled"),
    [
        (
            "I still haven't decided whether we cater the launch ourselves.",
            "Made up my mind about the launch food: we're hiring a caterer.",
        ),
        ("Not sure yet whether we rent the marquee.", "We went for the marquee in the end, it was cheap enough."),
        ("还没想好要不要报名周末的陶艺课。", "周末的陶艺课报名了，下周六开始。"),
        ("Still haven't decided whether we repaint the fence or not.", "We repainted the fence on Saturday, dark green."),
    ],
)
def test_a_choice_made_or_done_in_other_words_closes_the_open_item(memory, open_item, settled):
    say(memory, open_item)
    assert len(state(memory).open_items) == 1
    say(memory, open_item, settled)
    assert texts(state(memory).open_items) == []


def test_asking_about_a_yes_or_no_choice_leaves_it_open(memory):
    say(memory, "Still haven't decided whether we repaint the fence or not.", "I asked the neighbours about repainting the fence.")
    assert len(state(memory).open_items) == 1


def test_a_chinese_wait_closes_when_most_of_its_words_are_said_done(memory):
    blocker = "护照还没拿回来，要等领事馆的签证官面谈审核，说要排两周。"
    say(memory, blocker)
    assert len(state(memory).blockers) == 1
    say(memory, blocker, "签证官昨天面谈了，审核也完了。")
    assert texts(state(memory).blockers) == []


def test_the_words_framing_a_choice_belong_to_no_option(memory):
    choice = "I need to make up my mind whether the lilies stand by the altar or by the door."
    other = "The programmes look cramped. Let's make the font bigger from now on."
    say(memory, choice, other)
    assert len(state(memory).open_items) == 1
    say(memory, choice, other, "We're standing the lilies by the altar.")
    assert texts(state(memory).open_items) == []


def test_a_chinese_tally_of_what_was_counted_is_progress_and_the_next_tally_replaces_it(memory):
    first = "报名表一共12个班，目前已经交了4个班的。"
    say(memory, "我们在筹备校友会。", first)
    assert texts(state(memory).progress) == [first.rstrip("。")]
    later = "又交了三个班，目前交了7个班了，就差五个班。"
    say(memory, "我们在筹备校友会。", first, later)
    assert texts(state(memory).progress) == [later.rstrip("。")]


def test_a_count_of_things_had_is_no_progress(memory):
    say(memory, "我们在筹备校友会。", "我们吃了三个苹果。")
    assert texts(state(memory).progress) == []
