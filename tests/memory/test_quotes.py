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


# A dense message of the user's: its first sentence is read as a number; what else it says is only quoted.
DENSE = (
    "Kiln notes from the weekend so you have them: the glaze firing tops out at 1,240 °C now that the new "
    "elements are in. The studio's insurance renewal came through without a premium increase. Marta wants the "
    "shelves repainted before the open day. Two students asked about a wheel-throwing evening class. And the "
    "clay order for next month goes to Brennan Supplies, since the old supplier raised prices twice this year."
)


def test_the_best_item_is_quoted_with_its_whole_message_when_the_budget_allows(memory):
    send(memory, DENSE)
    # The supplier is read as a fact; the renewal is said only in the message around it.
    question = "Which supplier gets next month's clay order, and did the insurance renewal raise the premium?"
    message = memory.stub.Assemble(memory_pb2.AssembleRequest(session_id=S, query=question, token_budget=800)).message
    assert "Brennan Supplies" in message and "without a premium increase" in message, message
    # With no room to spare, the best item keeps the sentence it came from.
    tight = memory.stub.Assemble(memory_pb2.AssembleRequest(session_id=S, query=question, token_budget=90)).message
    assert "Brennan Supplies" in tight and "premium" not in tight, tight


RULE = (
    "House rule for the newsletter: every photo of a student needs the parent's written consent on file. "
    "Group shots from a distance are the one exception. Consent forms live in the office binder."
)


def test_a_rule_the_question_does_not_ask_about_is_shown_by_its_first_sentence(memory):
    send(memory, RULE, "The open day starts at 10:00 on Saturday.", start=1)
    about_other = memory.stub.Assemble(
        memory_pb2.AssembleRequest(session_id=S, query="When does the open day start?", token_budget=800)
    ).message
    assert "written consent on file" in about_other and "one exception" not in about_other, about_other
    about_rule = memory.stub.Assemble(
        memory_pb2.AssembleRequest(session_id=S, query="Can I put a group shot of students in the newsletter?", token_budget=800)
    ).message
    assert "Group shots from a distance are the one exception" in about_rule, about_rule


@pytest.mark.parametrize(
    ("said", "question", "reason"),
    [
        (
            "Our youngest is allergic to sesame. Never suggest anything with tahini or sesame seeds.",
            "Which snacks with tahini could we bring on the school trip?",
            "allergic to sesame",
        ),
        ("阿姨对猫毛过敏。订民宿的时候一律别选养猫的。", "订民宿要注意什么？", "对猫毛过敏"),
    ],
)
def test_a_rule_is_quoted_with_the_reason_its_short_message_gives(memory, said, question, reason):
    send(memory, said, "Thanks, that's all for today.", start=1)
    message = memory.stub.Assemble(memory_pb2.AssembleRequest(session_id=S, query=question, token_budget=800)).message
    assert reason in message, message


def test_a_replaced_figure_is_shown_in_history_as_it_was_typed(memory):
    # History lines carry no quote of their turn: the value with its unit is all a reader sees of it.
    send(memory, "The hall deposit is $1,250 and the service charge is 12.5%.")
    send(memory, "Correction: the hall deposit is $1,400, not $1,250.", start=3)
    send(memory, "And the service charge went up to 14%.", start=5)
    message = memory.stub.Assemble(memory_pb2.AssembleRequest(session_id=S, query="What were the deposit and service charge?")).message
    _, history = message.split("History (superseded; not current):")
    assert "$1,250" in history and "12.5%" in history, history
