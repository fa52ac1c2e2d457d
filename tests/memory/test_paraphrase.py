"""Retrieval across inflection, through the service on a real store: a question that says a word in
another form than the turn that answers it ("run" / "ran", "buy" / "bought", "child" / "children")
still finds that turn first. tests/memory/redis/test_redis_paraphrase.py re-runs them on Redis.

Every sentence is written for these tests; none comes from a corpus.
"""

import pytest
from dsh.memory.v1 import memory_pb2

from tests.memory.test_corrections import send

S = "session-p"
OTHER_TURNS = (
    "The kitchen tap still drips a little.",
    "I booked the dentist for the week after next.",
    "Remind me to call the insurer about the hall window.",
    "The garden hose needs a new connector.",
)


@pytest.mark.parametrize(
    ("said", "near_miss", "question"),
    [
        (
            "We ran the canal loop in 48 minutes on Saturday.",
            "We cycled the canal loop in 31 minutes on Sunday.",
            "How long did the canal loop take to run?",
        ),
        (
            "Marta bought the standing desk at the outlet store.",
            "Marta returned the standing desk to the outlet store.",
            "Where did Marta buy the standing desk?",
        ),
        (
            "The children eat lunch in the canteen at 12:15.",
            "The teachers eat lunch in the canteen at 12:45.",
            "When does a child eat lunch in the canteen?",
        ),
        (
            "I wrote the landlord about the boiler on Monday.",
            "I phoned the landlord about the boiler on Friday.",
            "When did I write to the landlord about the boiler?",
        ),
        (
            "We saw mice near the boiler cupboard in March.",
            "We saw damp near the boiler cupboard in May.",
            "When did we see a mouse near the boiler cupboard?",
        ),
    ],
)
def test_a_question_in_another_form_of_a_word_finds_the_turn_that_said_it(memory, said, near_miss, question):
    for order, first in enumerate((said, near_miss)):  # either order: the form of the word decides, not recency
        session = f"{S}-{order}"
        seq = send(memory, OTHER_TURNS[0], session=session)
        seq = send(memory, first, session=session, start=seq)
        seq = send(memory, *OTHER_TURNS[1:3], session=session, start=seq)
        send(memory, near_miss if first == said else said, OTHER_TURNS[3], session=session, start=seq)
        found = memory.stub.Retrieve(memory_pb2.RetrieveRequest(session_id=session, query=question, limit=3)).items
        assert found, question
        assert found[0].text == said, [item.text for item in found]
