"""Rules said in forms beyond the rule words, through the service on a real store: a prohibition of
a symbol-bearing thing, a universal negative with its condition or without one, a label that names what the rule is
about, and a labelled rule whose words look like a correction. And "先说…" is the speaker's own word,
not a relay. tests/memory/redis/test_redis_rule_forms.py re-runs them on Redis.

Sentences written for these tests; none comes from a corpus.
"""

import pytest
from dsh.memory.v1 import memory_pb2

from tests.memory.conftest import all_items
from tests.memory.test_corrections import ACTIVE, S, send


@pytest.mark.parametrize(
    ("said", "part"),
    [
        ("Also: no SELECT * in the reporting views.", "SELECT *"),
        ("No rm -rf on the shared volume.", "rm -rf"),
        ("Nothing goes to the printer without a proofread.", "proofread"),
        ("For the shop, nobody refunds an order without my OK.", "without my OK"),
        ("Naming rule for the repos: kebab-case everywhere, not camelCase.", "kebab-case"),
        ("Citation rule for the report: cite the final version, not the draft.", "final version"),
        # A universal negative held until a condition is met, a ban said as a place, a labelled rule after an opener.
        ("No pallet leaves the dock until the seal number is logged.", "seal number"),
        ("Keep raw chicken away from the salad station.", "raw chicken"),
        ("Before we start, one standing rule for the shop: every refund gets a second signature.", "second signature"),
        ("先说好一条：退款单都要两个人复核。", "两个人复核"),
        ("丑话说在前面：周末不回工作消息。", "周末不回"),
        # A numbered rule, or one more of them.
        ("Rule three: every quote goes out on the letterhead.", "letterhead"),
        ("第三条：合同扫描件统一存到共享盘。", "共享盘"),
        ("另外一条：样品寄出前先拍照留底。", "拍照留底"),
        # A quantifier after what it is about, or a quantifier pronoun.
        ("Access for anyone outside the studio, freelancers included, goes through Dana.", "through Dana"),
        ("Anything over 300 pounds needs a second quote.", "second quote"),
        # A label after a clause of context, or after the speaker's own 先说.
        ("Before we book anything for the tour, one ground rule: every flight lands before midnight.", "before midnight"),
        ("先说一条：孩子晚上八点以后不出门。", "八点以后"),
        # A word on the rule between its label and the colon; a scope that "please" closes, with no comma.
        ("House rule, strictly: no glass bottles by the pool.", "glass bottles"),
        ("Golden rule above all: every invoice gets a PO number before it is paid.", "PO number"),
        ("at the front desk please don't quote prices over the phone", "quote prices"),
        ("in the minutes please never name the donors", "name the donors"),
        # A label with a clause about keeping it; a permission bound to a condition.
        ("One studio rule you all need to remember for every shoot: flash is off in the church.", "flash is off"),
        ("Volunteers can now drive the van, as long as they have held a licence for three years.", "three years"),
        # What the assistant is to do whenever it does something, whatever the verb, after a long scope.
        ("Whenever you pick wines for the dinner club, favour the Portuguese ones.", "Portuguese"),
        ("When you order anything from the hardware shop's website for the flat, only use the company card.", "company card"),
        # A class of people or things with how they are only, never or always dealt with.
        ("Contractors only ever get the side-gate code.", "side-gate"),
        ("Interns never sign purchase orders.", "purchase orders"),
        # A universal negative with no condition: what nobody does, what nothing in a place is.
        ("Nobody touches the prod database on Fridays.", "prod database"),
        ("House rule: the dog sleeps downstairs, nothing in the bedroom gets chewed.", "bedroom"),
        ("Nobody is allowed in the server room alone.", "server room"),
    ],
)
def test_a_rule_in_other_forms_is_stored_whole(memory, said, part):
    send(memory, said)
    rules = [item for item in all_items(memory.stub, S) if item.kind == memory_pb2.ITEM_KIND_RULE]
    assert any(part in item.value and item.status == ACTIVE for item in rules), [(i.key, i.value) for i in rules]


@pytest.mark.parametrize(
    "said",
    [
        "Nothing happened until the second reboot.",
        "No one knows until Friday.",
        "Keep me posted on the delivery.",
        "All of us need a long weekend after this.",
        # A moment or a habit told, not an instruction: a statement after the scope, things that happen.
        "When you get there, parking is behind the hall.",
        "When you draft emails, Anna reviews them.",
        "The kids never eat broccoli.",
        "Nobody came to the retro, so I cancelled it.",
        "Nothing works on this laptop since the update.",
        "Nothing is finished yet.",
        "No one else is coming.",
        "Things always break on Fridays.",
        # 能不能 / 可不可以 asks whether; the 不能 inside it forbids nothing.
        "房东问能不能下个月再来修热水器。",
        "物业问可不可以周六上午进场。",
    ],
)
def test_a_report_or_a_request_in_those_forms_is_no_rule(memory, said):
    send(memory, said)
    assert not [item for item in all_items(memory.stub, S) if item.kind == memory_pb2.ITEM_KIND_RULE]
