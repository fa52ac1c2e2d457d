"""Task state read by role (domain/task_roles.py), through the service on a real store: goals, open
choices, blockers and progress said without the words the task rows know, and what closes them.

Sentences written for these tests, several phrasings per role, en and zh, with sentences that must
give nothing; tests/memory/redis/test_redis_task_roles.py re-runs them on Redis.
"""

import pytest

from services.memory.domain.tasks import read_tasks
from tests.memory.test_task_state import say, state, texts


@pytest.mark.parametrize(
    ("said", "field", "part"),
    [
        ("The big push this quarter is moving every invoice run onto the new ledger.", "goal", "new ledger"),
        ("Our main job for the next few weeks: get the greenhouse wired for irrigation.", "goal", "greenhouse"),
        ("Dissertation in one line, for context: noise exposure of cyclists on arterial roads.", "goal", "noise exposure"),
        ("这周最重要的事：把会员数据从旧系统迁到新平台。", "goal", "会员数据"),
        ("月底前要把三家门店的收银系统都换掉。", "goal", "收银系统"),
        ("Still haven't decided whether the workshop goes in Leeds or Bristol.", "open_items", "Leeds"),
        ("We're torn between the oak worktop and the quartz one.", "open_items", "quartz"),
        ("Not sure yet which courier handles the bulky parcels.", "open_items", "courier"),
        ("要不要把周六的课改到线上，还没想好。", "open_items", "周六的课"),
        ("Can't order the tiles until the floor plan is signed off.", "blockers", "floor plan"),
        ("Can't open the second till before the card reader is swapped.", "blockers", "card reader"),
        ("Still waiting on the bank for the mortgage offer.", "blockers", "mortgage"),
        ("门禁系统的权限还没给开，新员工进不去机房。", "blockers", "门禁"),
        ("Week 6 of 10 done on the strength block.", "progress", "6 of 10"),
        ("Nine out of twelve chapters are drafted.", "progress", "twelve chapters"),
        ("140 tickets already sold for the gala.", "progress", "140 tickets"),
        ("会员迁移已经完成了 3 家门店。", "progress", "3 家"),
    ],
)
def test_a_role_said_in_other_words_is_task_state(memory, said, field, part):
    say(memory, said)
    current = state(memory)
    entries = [current.goal] if field == "goal" else list(getattr(current, field))
    assert any(part in entry.text for entry in entries), (field, texts(entries))


@pytest.mark.parametrize(
    ("raised", "closed", "field", "part"),
    [
        (
            "Can't book the venue until the council approves the licence.",
            "The council approved the licence this morning.",
            "blockers",
            "licence",
        ),
        (
            "Still waiting on the supplier for the cold-room compressor.",
            "The cold-room compressor arrived, the supplier came through.",
            "blockers",
            "compressor",
        ),
        ("装修许可还没批下来，工人没法进场。", "装修许可批下来了，工人明天进场。", "blockers", "装修许可"),
        (
            "Haven't decided whether the retreat uses the lake cabin or the farmhouse.",
            "We settled on the lake cabin for the retreat.",
            "open_items",
            "retreat",
        ),
    ],
)
def test_what_the_role_raised_a_later_statement_closes_by_its_subject(memory, raised, closed, field, part):
    say(memory, raised, "Thanks, noted.", closed)
    assert not [entry for entry in getattr(state(memory), field) if part in entry.text]


@pytest.mark.parametrize(
    "plain",
    [
        "The main thing is that nobody got hurt.",
        "You can't park there until after six.",
        "We were waiting for the bus when it rained.",
        "My brother is waiting for me downstairs.",
        "He decided to take the train.",
        "Nobody has signed the card yet.",
        "Once the parcel arrives, open it carefully.",
        "超时率控制在 5% 以内。",
        "The survey had 3 of 5 stars on average.",
    ],
)
def test_sentences_that_only_look_like_a_role_give_no_new_entry(plain):
    assert not [signal for signal in read_tasks(plain, "zh" if not plain.isascii() else "en") if not signal.resolves], plain
