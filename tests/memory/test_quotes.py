"""A long turn is quoted by the part that answers the question, through the service on a real
store: the head of a long message is not always what was asked about.
tests/memory/redis/test_redis_quotes.py re-runs this on Redis. Sentences written for it."""

import pytest
from dsh.memory.v1 import memory_pb2

from tests.memory.test_corrections import S, send

# An assistant's recap: quoted, never read for facts, so only the quote can carry the answer.
LONG = (
    "Here is a recap of the call with the printers, it's long. They walked us through the paper stock options "
    "and the proofs for the spring catalogue look fine on the matte stock. The binding samples are on their way "
    "by courier and should land early next week. They asked again about the cover varnish and I said we'd "
    "decide after the proofs. Oh and the big one: the print run is locked at 4,500 copies for the first edition."
)


@pytest.mark.parametrize("question", ["How many copies is the first print run?", "What did we lock the print run at?"])
def test_a_long_turn_is_quoted_by_the_part_that_answers(memory, question):
    send(memory, "Can you recap the printers call?")
    send(memory, LONG, kind="assistant", start=3)
    send(memory, "Thanks, that's all for today.", start=5)
    message = memory.stub.Assemble(memory_pb2.AssembleRequest(session_id=S, query=question, token_budget=800)).message
    assert "4,500 copies" in message, message
