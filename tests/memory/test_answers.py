"""Open questions answered by a statement that fills them, without a cue of decision, through the service on
a real store; and statements that ask around, weigh, deny or ask again, which answer nothing. Sentences
written for these tests; tests/memory/redis/test_redis_answers.py re-runs them on Redis."""

import pytest

from tests.memory.test_corrections import send
from tests.memory.test_task_state import S, say, state, texts

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


@pytest.mark.parametrize(
    ("asked", "answer"),
    [
        (
            "Still undecided for the Harlow deck: railing lights on the main panel or on their own circuit?",
            "Petra ran the numbers, so the railing lights go on the main panel.",
        ),
        (
            "Not sure yet whether we paint the fence or replace it.",
            "We looked at the posts and they're fine, so the fence gets painted in May.",
        ),
        ("年会是在公司食堂办还是在酒店办，还没定。", "行政那边回复了，年会在酒店办。"),
    ],
)
def test_an_either_or_question_is_answered_by_a_statement_naming_one_option(memory, asked, answer):
    say(memory, "Let's get organised.", asked, answer)
    assert not texts(state(memory).open_items), texts(state(memory).open_items)


def test_a_statement_naming_both_options_answers_neither(memory):
    say(
        memory,
        "Let's get organised.",
        "Still undecided: oak or walnut for the dining table top.",
        "The oak and the walnut samples both came today.",
    )
    assert texts(state(memory).open_items)


def test_a_statement_naming_little_of_an_option_answers_nothing(memory):
    # "the document portal" is named, but nothing of moving the scans there: a status, not the choice.
    say(
        memory,
        "Let's get organised.",
        "Still undecided: do we keep the scans on the shared drive, or move them to the document portal?",
        "The new laptops reached the office and both can open the document portal.",
    )
    assert texts(state(memory).open_items)
