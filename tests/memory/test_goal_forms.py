"""A goal said as what the speaker is after for a stretch of time, or under a Chinese label of what is to be
done this month; "以后" inside a phrase ("搬家以后的") is no "from now on". Sentences written for these
tests; tests/memory/redis/test_redis_goal_forms.py re-runs them on Redis."""

import pytest
from dsh.memory.v1 import memory_pb2

from tests.memory.conftest import all_items
from tests.memory.test_task_state import S, say, state


@pytest.mark.parametrize(
    ("said", "fragment"),
    [
        ("What I'm after this weekend is a tidy garage.", "tidy garage"),
        ("What we want out of this call is a shortlist of three venues.", "shortlist of three venues"),
        ("这学期要做的事：把毕业论文的开题报告交上去。", "开题报告"),
    ],
)
def test_what_the_speaker_is_after_for_a_stretch_of_time_is_the_goal(memory, said, fragment):
    say(memory, "Let's get organised.", said)
    assert fragment in state(memory).goal.text


def test_after_inside_a_chinese_phrase_is_no_standing_rule(memory):
    say(memory, "这个月要做的事：把爸爸搬家以后的水电都办好。")
    rules = [item.value for item in all_items(memory.stub, S) if item.kind == memory_pb2.ITEM_KIND_RULE]
    assert rules == []
