"""Values said with the verb of what happens, not with "is": a date, a time or an amount of money that
no table read is kept under what its clause is about, and a later change of it replaces it. Sentences
written for these tests; tests/memory/redis/test_redis_typed_statements.py re-runs the service-level
ones on Redis.
"""

import pytest

from services.memory.domain.extraction import extract_traced
from tests.memory.test_corrections import ACTIVE, assert_replaced, holding, send


def typed(text: str) -> list[tuple[str, str]]:
    return [(c.key, c.value) for c, _ in extract_traced(text) if c.kind.value in ("fact", "number")]


@pytest.mark.parametrize(
    ("sentence", "key", "value"),
    [
        # The subject of the clause.
        ("The piano tuner can come Thursday 9 October, any time after lunch.", "piano tuner", "Thursday 9 October"),
        ("Our locksmith can do Monday 3 March at 08:30, he says.", "locksmith", "Monday 3 March at 08:30"),
        # The speaker is the subject, or goes unsaid: what was acted on.
        ("I've reserved a removal van for Saturday 12 April.", "removal van", "Saturday 12 April"),
        ("Ordered a skip from Brennan's for Wednesday 7 May.", "skip from brennan's", "Wednesday 7 May"),
        # A value that opens its clause is said of the clause before: what was acted on, before where and with whom.
        ("I booked his annual check-up at Riverside Surgery with Dr. Patel, June 4 at 11:20 am.", "annual check-up", "June 4 at 11:20 am"),
        # An amount is of what it is for.
        ("Put aside $60 a month for car insurance, the quote came today.", "car insurance", "60"),
        # A count the speaker reached is a count of what it counts.
        ("So far we've had 318 sign-ups online.", "sign-ups", "318"),
        # A pronoun stands for the subject of the clause before it; an amount of money is a number.
        ("Hexley rang back, they can do it for £415.", "hexley", "415"),
        # Relayed, in Chinese: what was said is read; 那批 and the verb after the date are no part of the subject.
        ("供应商说那批陶瓷杯 10 月 9 号到。", "陶瓷杯", "10 月 9 号"),
        ("物业说电梯检修排在十一月三号。", "电梯检修", "十一月三号"),
        # A pronoun for who relayed it: the value is theirs.
        ("对了，我姐说她十月九号到上海。", "我姐", "十月九号"),
    ],
)
def test_a_value_said_with_its_event_is_kept_under_what_it_is_about(sentence, key, value):
    found = typed(sentence)
    assert any(k == key and v.startswith(value) for k, v in found), found


@pytest.mark.parametrize(
    "sentence",
    [
        # A day said as gone is a story's time; a day by its ordinal alone may be anything.
        "I finally passed my driving theory test last Tuesday!",
        "We were two goals down in the 3rd and still won.",
        # A question and a hypothesis state no value.
        "Can the piano tuner come Thursday 9 October?",
        "If the piano tuner came Thursday 9 October we could practise on the weekend.",
        # A clause that names nothing.
        "They're booked for Thursday 9 October.",
    ],
)
def test_a_story_a_question_or_a_clause_about_nothing_gives_no_value(sentence):
    assert typed(sentence) == []


@pytest.mark.parametrize(
    ("first", "later", "old", "new"),
    [
        (
            "The piano tuner can come Thursday 9 October, any time after lunch.",
            "The piano tuner can't make it, he's coming Tuesday 14 October instead.",
            "9 October",
            "14 October",
        ),
        ("供应商说那批陶瓷杯 10 月 9 号到。", "供应商说路上耽误了，陶瓷杯推迟到 10 月 15 号。", "10 月 9 号", "10 月 15 号"),
    ],
)
def test_a_later_change_replaces_a_value_said_with_its_event(memory, first, later, old, new):
    send(memory, first, later)
    assert_replaced(memory, old, new)


def test_a_value_of_another_subject_leaves_it_active(memory):
    send(memory, "The piano tuner can come Thursday 9 October.", "The window cleaner can come Tuesday 14 October.")
    (tuner,) = holding(memory, "9 October")
    assert tuner.status == ACTIVE
