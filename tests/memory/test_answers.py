"""Open questions answered by a statement that fills them, without a cue of decision, through the service on
a real store; and statements that ask around, weigh, deny or ask again, which answer nothing. Sentences
written for these tests; tests/memory/redis/test_redis_answers.py re-runs them on Redis."""

import pytest

from tests.memory.test_corrections import send
from tests.memory.test_task_state import S, state, texts

QUESTION = "Haven't figured out who's driving Grandma to the airport on Sunday."


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        (QUESTION, "Uncle Ray will drive Grandma to the airport on Sunday."),
        ("Still need to decide which caterer does the rehearsal dinner.", "Olive Branch is the caterer for the rehearsal dinner."),
        ("Not sure yet when the piano tuner comes for the studio piano.", "The piano tuner comes for the studio piano on 14 March."),
        ("还没定谁去机场接奶奶。", "小舅去机场接奶奶。"),
    ],
)
def test_a_statement_that_fills_an_open_question_answers_it(memory, question, answer):
    after = send(memory, "Let's get the week organised.", question, session=S)
    assert texts(state(memory).open_items), "the question was not raised"
    send(memory, answer, session=S, start=after)
    assert texts(state(memory).open_items) == []


@pytest.mark.parametrize(
    "reply",
    [
        "I asked Uncle Ray about driving Grandma to the airport on Sunday.",
        "Maybe Uncle Ray could drive Grandma to the airport on Sunday.",
        "Uncle Ray can't drive Grandma to the airport on Sunday.",
        "Could Uncle Ray drive Grandma to the airport on Sunday?",
    ],
)
def test_asking_around_weighing_or_denying_answers_nothing(memory, reply):
    after = send(memory, "Let's get the week organised.", QUESTION, session=S)
    send(memory, reply, session=S, start=after)
    assert texts(state(memory).open_items), "the question was closed"
