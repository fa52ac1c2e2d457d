"""Statements inside a longer sentence: a statement before a request to the assistant ("I've bumped the
pantry budget to $120, could you suggest a shopping list?") and statements joined by a conjunction ("we're
repainting the hall and we've raised the paint budget to 340 pounds") are read as the sentences they
would be alone, and update what they name. Sentences written for these tests;
tests/memory/redis/test_redis_clauses.py re-runs the service-level ones on Redis.
"""

import pytest

from services.memory.domain.clause_split import statement_clauses
from services.memory.domain.extraction import extract
from tests.memory.test_corrections import ACTIVE, assert_replaced, holding, send


def values(text: str) -> list[tuple[str, str]]:
    return [(c.key, c.value) for c in extract(text) if c.kind.value in ("fact", "number")]


@pytest.mark.parametrize(
    ("sentence", "key", "value"),
    [
        # A statement before a request: the whole sentence is a question, its first clause is not.
        ("I've bumped the pantry budget to $120, could you suggest a shopping list that fits?", "pantry budget", "120"),
        ("We've pushed the allotment open day to Sunday 8 June - any ideas for stalls?", "allotment open day", "Sunday 8 June"),
        # Statements joined by a conjunction: the second has a subject of its own.
        ("We're repainting the hallway this month and we've raised the paint budget to 340 pounds.", "paint budget", "340"),
        ("押金已经改成一千五了，你能帮我算算总共要付多少吗？", "押金", "一千五"),
        # What the speaker saw or heard is the statement.
        ("Checking the app this morning, I noticed that the pantry budget went up to $130.", "pantry budget", "130"),
        ("I'm sorting the bills and I heard that the water rate was raised to 2.40 pounds per cubic metre.", "water rate", "2.40"),
    ],
)
def test_a_statement_inside_a_longer_sentence_is_read(sentence, key, value):
    assert any(k == key and v.startswith(value) for k, v in values(sentence)), values(sentence)


@pytest.mark.parametrize(
    "sentence",
    [
        # A request alone, a clause that asks, a clause that describes how: no statement of a value.
        "Can you tell me how to set the oven timer to 20 minutes?",
        "I'm trying to work out whether the paint budget should go to 400 pounds, can you help?",
        "I wonder if we could move the open day to Sunday, what do you think?",
    ],
)
def test_a_request_or_a_question_clause_states_no_value(sentence):
    assert values(sentence) == []


def test_a_sentence_of_one_statement_is_not_split():
    assert statement_clauses("The paint budget is 340 pounds.", "en") == ()
    assert statement_clauses("Budget: 340 pounds and not a penny more.", "en") == ()


def test_the_clauses_hold_spelled_out_pronouns_and_leave_the_request_out():
    assert statement_clauses("We're repainting the hall and we've raised the budget, can you check it?", "en") == (
        "We are repainting the hall",
        "we have raised the budget",
    )


@pytest.mark.parametrize(
    ("first", "later", "old", "new"),
    [
        (
            "The pantry budget is $90 a month.",
            "Money's a bit easier now and I've bumped the pantry budget to $120, could you suggest a shopping list that fits?",
            "90",
            "120",
        ),
        (
            "The allotment open day is Saturday 7 June.",
            "Rain is forecast, so we've pushed the allotment open day to Sunday 8 June - any ideas for stalls?",
            "7 June",
            "8 June",
        ),
    ],
)
def test_an_update_said_before_a_request_replaces_the_old_value(memory, first, later, old, new):
    send(memory, first, later)
    assert_replaced(memory, old, new)


def test_a_question_about_a_change_leaves_the_value_active(memory):
    send(memory, "The pantry budget is $90 a month.", "Should I raise the pantry budget to $120, or is that too much?")
    (budget,) = holding(memory, "90")
    assert budget.status == ACTIVE
