"""Instructions that hold beyond the turn, read by what the sentence does rather than by "always" or
"never": a scope then an imperative, a universal subject with a limit, a prohibition addressed to the
assistant, a policy over every case. Sentences written for these tests;
tests/memory/redis/test_redis_instructions.py re-runs the service-level one on Redis."""

import pytest
from dsh.memory.v1 import memory_pb2

from services.memory.domain.extraction import extract
from tests.memory.test_corrections import S, send


def rules(text: str) -> list[str]:
    return [c.value for c in extract(text) if c.kind.value == "rule"]


@pytest.mark.parametrize(
    "said",
    [
        "In anything that goes to the landlord, call it the 'deposit', never the 'bond'.",
        "For the seating cards, use first names only.",
        "When you draft notes for the nursery, sign them from both of us.",
        "House rule: nothing gets posted to the class group unless Sam has seen it.",
        "Every invoice needs the job number in the subject line.",
        "所有报销单先发我过目，你别直接提交。",
        "每一份合同都要两个人签字。",
        # A bound over every case is a limit: 每次 / 每周 with 不超过, 最多, 至少.
        "我跟司机说了，每次加油不超过三百块。",
        "每周至少给奶奶打两次电话。",
        "每单最多送三件赠品。",
        # Whose rule it is may come before the label.
        "我们组定的规矩：代码合并前必须有人评审。",
        "老板定了个原则：周五不发版，除非是紧急修复。",
        # A kind of thing bounded by a figure is every one of them; a "not" with its exception is standing.
        "Purchases over $500 need my sign-off before anyone orders.",
        "Any refunds above 200 euros need a second approval.",
        "超过五千的合同都要先给法务看。",
        "晚上不回消息，除非是急事。",
    ],
)
def test_a_standing_instruction_is_a_rule_however_it_is_said(said):
    assert rules(said), extract(said)


@pytest.mark.parametrize(
    "said",
    [
        # A request for this turn, a moment rather than a scope, a turn of talk, a statement about everyone.
        "Write a short note to the nursery saying we'll be late on Friday.",
        "When you get a chance, send me the packing list.",
        "On another note, check out the photos from the weekend.",
        "Everyone loved the lemon cake.",
        "All the boxes are in the van now.",
        "Can you always use first names on the seating cards?",
        "每天早上七点开始收货。",
        "这个规则的问题：太复杂了。",
    ],
)
def test_a_request_a_remark_or_a_question_is_no_rule(said):
    assert rules(said) == []


def test_an_instruction_reaches_a_question_it_governs(memory):
    send(memory, "In anything that goes to the landlord, call it the 'deposit', never the 'bond'.", "Thanks!", start=1)
    message = memory.stub.Assemble(
        memory_pb2.AssembleRequest(session_id=S, query="Draft a line to the landlord about getting the deposit back", token_budget=800)
    ).message
    assert "never the 'bond'" in message, message
