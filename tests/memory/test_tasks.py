"""Task-state reader: every table row replays its examples, the old TASKS_* rows still read the same,
several phrasings per kind of statement, and the sentences that must give nothing."""

import dataclasses

import pytest

from services.memory.domain import tasks
from services.memory.domain.extraction import extract
from services.memory.domain.model import TaskField
from services.memory.domain.tasks import GRAMMARS, TaskSignal, read_tasks
from services.memory.domain.text import split_sentences

GOAL, PROGRESS, BLOCKER, OPEN = TaskField.GOAL, TaskField.PROGRESS, TaskField.BLOCKER, TaskField.OPEN

ROWS = [
    pytest.param(lang, row, sentence, expected, id=f"{lang}-{row.name}-{index}")
    for lang, grammar in GRAMMARS.items()
    for row in grammar.labels + grammar.rows
    for index, (sentence, expected) in enumerate(row.examples)
]


def fields(signal: TaskSignal, wanted: dict) -> dict:
    return {name: getattr(signal, name) for name in wanted}


@pytest.mark.parametrize(("lang", "row", "sentence", "expected"), ROWS)
def test_row_example(lang, row, sentence, expected):
    got = read_tasks(sentence, lang)
    wanted = expected if isinstance(expected, dict) else {"entry": expected}
    wanted = {"field": row.emits[0][0], "resolves": row.emits[0][1], **wanted}
    from_row = [signal for signal in got if row.name in signal.row.split("+")]
    assert from_row, f"row {row.name} read nothing; got {got}"
    assert any(fields(signal, wanted) == wanted for signal in from_row), from_row


def test_tables_are_well_formed():
    for lang, grammar in GRAMMARS.items():
        rows = grammar.labels + grammar.rows
        names = [row.name for row in rows]
        assert len(names) == len(set(names)), lang
        for row in rows:
            assert row.examples and row.emits, row.name
            assert "cue" in row.regex.groupindex, row.name  # the guard reads the words before it
            assert row.label or row.whole or row.regex.groupindex.keys() & {"entry", "about"}, row.name
            assert row.resolves == row.emits[0][1], row.name
            if row.cues is not None:
                assert row.cues.pattern == row.cues.pattern.lower(), row.name
    assert len(GRAMMARS["en"].rows) >= 20 and len(GRAMMARS["zh"].rows) >= 10


# What the TASKS_EN / TASKS_ZH rows of patterns_*.py read before this module existed: same field, same entry.
PORTED = [
    ("Goal: ship the v2 billing API", "en", GOAL, "ship the v2 billing API"),
    ("Our goal is to cut p95 latency in half.", "en", GOAL, "cut p95 latency in half"),
    ("The task is to migrate the users table", "en", GOAL, "migrate the users table"),
    ("So far the invoice parser handles both CSV dialects.", "en", PROGRESS, "the invoice parser handles both CSV dialects"),
    ("So far we've ported the auth tests", "en", PROGRESS, "ported the auth tests"),
    ("We've already moved the cron jobs to the new scheduler.", "en", PROGRESS, "moved the cron jobs to the new scheduler"),
    ("Done: auth middleware", "en", PROGRESS, "auth middleware"),
    ("Done so far: dates fixed to May 12-14", "en", PROGRESS, "dates fixed to May 12-14"),
    ("I finished the migration script.", "en", PROGRESS, "the migration script"),
    ("We've completed the schema review", "en", PROGRESS, "the schema review"),
    ("The login page is done.", "en", PROGRESS, "login page"),
    ("The read replica for reporting is in place.", "en", PROGRESS, "The read replica for reporting is in place"),
    ("Blocker: no staging credentials", "en", BLOCKER, "no staging credentials"),
    ("Blocked on: DBA approval for the schema change", "en", BLOCKER, "DBA approval for the schema change"),
    ("We're blocked on the DNS change.", "en", BLOCKER, "the DNS change"),
    ("Still waiting on legal sign-off", "en", BLOCKER, "legal sign-off"),
    ("At the moment we're stuck because the vendor API rejects our certificate.", "en", BLOCKER, "the vendor API rejects our certificate"),
    ("I'm blocked: no write access to the analytics schema", "en", BLOCKER, "no write access to the analytics schema"),
    ("We can't proceed until legal approves the data retention terms.", "en", BLOCKER, "legal approves the data retention terms"),
    ("Next: wire up the billing webhooks", "en", OPEN, "wire up the billing webhooks"),
    ("TODO: add rate limiting", "en", OPEN, "add rate limiting"),
    ("Still open: transport from the station", "en", OPEN, "transport from the station"),
    ("We still need to write the runbook.", "en", OPEN, "write the runbook"),
    ("The next step is to add caching", "en", OPEN, "add caching"),
    ("目标：上线v2计费接口", "zh", GOAL, "上线v2计费接口"),
    ("我们的目标是降低延迟", "zh", GOAL, "降低延迟"),
    ("已完成：登录页面", "zh", PROGRESS, "登录页面"),
    ("完成了数据库迁移", "zh", PROGRESS, "数据库迁移"),
    ("登录页面已经完成了", "zh", PROGRESS, "登录页面"),
    ("阻塞：没有预发环境的凭证", "zh", BLOCKER, "没有预发环境的凭证"),
    ("目前卡在DNS变更上了", "zh", BLOCKER, "DNS变更"),
    ("下一步：接入计费回调", "zh", OPEN, "接入计费回调"),
    ("我们还需要写运维手册", "zh", OPEN, "写运维手册"),
    # Whole-message cases of test_extraction.py, sentence by sentence.
    ("Thus far we've backfilled two of the five shards.", "en", PROGRESS, "backfilled two of the five shards"),
    ("Currently we're blocked because the staging cluster has no free GPUs.", "en", BLOCKER, "the staging cluster has no free GPUs"),
    ("Next up: ask infra for a GPU quota bump.", "en", OPEN, "ask infra for a GPU quota bump"),
    ("Actually, the goal is to ship v3.", "en", GOAL, "ship v3"),
    ("**Goal:** migrate to Postgres", "en", GOAL, "migrate to Postgres"),
]


@pytest.mark.parametrize(("sentence", "lang", "field", "entry"), PORTED, ids=[case[0][:40] for case in PORTED])
def test_ported_rows_read_the_same(sentence, lang, field, entry):
    new = [(signal.field, signal.entry) for signal in read_tasks(sentence, lang) if not signal.resolves]
    assert new == [(field, entry)]


# Several phrasings of each kind of statement, none from a real conversation.
READS = [
    # goals, set and changed
    ("Tonight's goal: get the guest wifi working", "en", GOAL, "get the guest wifi working"),
    ("Goal for this release: drop Python 3.8 support", "en", GOAL, "drop Python 3.8 support"),
    ("Big project this quarter: rebuild the shipping calculator", "en", GOAL, "rebuild the shipping calculator"),
    ("The aim here is to get the lease into a shape both sides can sign", "en", GOAL, "get the lease into a shape both sides can sign"),
    ("Change of plan — new goal: port the exporter to Go", "en", GOAL, "port the exporter to Go"),
    ("OK so the goal is now a working demo by Thursday", "en", GOAL, "a working demo by Thursday"),
    ("Let's pivot to the invoice matcher instead; that's the goal now", "en", GOAL, "the invoice matcher"),
    ("From now on the focus is hiring, not new features", "en", GOAL, "hiring, not new features"),
    ("本周的 goal 是把告警规则整理完", "zh", GOAL, "把告警规则整理完"),
    ("这次的目标：把旧的支付通道下线", "zh", GOAL, "把旧的支付通道下线"),
    ("New goal: 先把压测报告写完", "zh", GOAL, "先把压测报告写完"),
    # goals changed in passing: after a settled clause, by setting something aside, by a change of plan
    ("Now that the quotes are in, the goal is picking a roofer by Friday", "en", GOAL, "picking a roofer by Friday"),
    ("OK so with the move done, our focus is the garden", "en", GOAL, "the garden"),
    ("The big thing this month is the tax return", "en", GOAL, "the tax return"),
    ("Let's put the podcast on hold and focus on the newsletter relaunch", "en", GOAL, "the newsletter relaunch"),
    ("Forget the poster for now, we need to print the tickets", "en", GOAL, "print the tickets"),
    ("The spring catalogue can wait, first we have to clear the returns backlog", "en", GOAL, "clear the returns backlog"),
    ("Change of plan: we'll move the party to the community hall", "en", GOAL, "move the party to the community hall"),
    ("Change of plan — let's finish the grant report before the site visit", "en", GOAL, "finish the grant report before the site visit"),
    ("计划变了：先把年会的场地定下来，节目往后放", "zh", GOAL, "先把年会的场地定下来，节目往后放"),
    ("方向调整一下，现在优先做小程序", "zh", GOAL, "优先做小程序"),
    ("官网改版先放一放，先把合同签了", "zh", GOAL, "把合同签了"),
    ("先不管周报，我们先把预算表填完", "zh", GOAL, "把预算表填完"),
    # progress
    ("Progress on the bathroom: tiles are up, grout tomorrow", "en", PROGRESS, "tiles are up, grout tomorrow"),
    ("Progress so far on the API side: auth and paging are merged", "en", PROGRESS, "auth and paging are merged"),
    ("Progress update: 7 of 9 regions are live", "en", PROGRESS, "7 of 9 regions are live"),
    ("Five of the eight speakers are confirmed", "en", PROGRESS, "Five of the eight speakers are confirmed"),
    ("Test run: 58 of 64 checks passing", "en", PROGRESS, "58 of 64 checks passing"),
    ("Nine of the ten chapters reviewed", "en", PROGRESS, "Nine of the ten chapters reviewed"),
    ("We've shipped the new onboarding emails", "en", PROGRESS, "the new onboarding emails"),
    ("The data export is in review", "en", PROGRESS, "The data export is in review"),
    ("进度：报表接口已经联调完了", "zh", PROGRESS, "报表接口已经联调完了"),
    ("导出脚本已经写完了，测试也都跑通了", "zh", PROGRESS, "导出脚本已经写完了，测试也都跑通了"),
    # blockers
    ("That's where we're stuck: we're waiting on the bank to unfreeze the account", "en", BLOCKER, "the bank to unfreeze the account"),
    (
        "The snag this week: the florist hasn't quoted yet, so we're stuck until she does",
        "en",
        BLOCKER,
        "the florist hasn't quoted yet, so we're stuck until she does",
    ),
    ("We can't reply to the customer yet: we're stuck until the carrier API recovers", "en", BLOCKER, "the carrier API recovers"),
    (
        "New blocker: the app store rejected the build over the login screen",
        "en",
        BLOCKER,
        "the app store rejected the build over the login screen",
    ),
    ("The signing certificate is holding us up", "en", BLOCKER, "The signing certificate is holding us up"),
    ("Right now we're held up by the vendor's security review", "en", BLOCKER, "the vendor's security review"),
    ("Our Android blocker now: the store wants a new privacy form", "en", BLOCKER, "the store wants a new privacy form"),
    ("ok so that's the legal snag: the lease has no break clause", "en", BLOCKER, "the lease has no break clause"),
    ("现在 blocked：外网出口的白名单还没加", "zh", BLOCKER, "外网出口的白名单还没加"),
    ("现在卡在消息队列上：消费者一直重复消费", "zh", BLOCKER, "消息队列：消费者一直重复消费"),
    ("我们被运维的变更窗口卡住了", "zh", BLOCKER, "运维的变更窗口"),
    # open items
    ("Open question: do we rent chairs or borrow them?", "en", OPEN, "do we rent chairs or borrow them?"),
    ("Another open item: which region hosts the backups", "en", OPEN, "which region hosts the backups"),
    ("Open question for finance: is the refund taxable?", "en", OPEN, "is the refund taxable?"),
    ("Also still open: whether the kids come along", "en", OPEN, "whether the kids come along"),
    ("Still to sort out: the playlist, and who brings the cake", "en", OPEN, "the playlist, and who brings the cake"),
    ("Also need the landlord to sign the inventory before we move in", "en", OPEN, "the landlord to sign the inventory before we move in"),
    ("We haven't decided whether the API stays versioned in the path", "en", OPEN, "whether the API stays versioned in the path"),
    ("还有个问题没定：发票是按月开还是按单开？", "zh", OPEN, "发票是按月开还是按单开？"),
    ("灰度比例还没定", "zh", OPEN, "灰度比例"),
    ("Still haven't picked a caterer for the launch", "en", OPEN, "Still haven't picked a caterer for the launch"),
    ("Haven't booked the van yet", "en", OPEN, "Haven't booked the van yet"),
    ("First step: export the old contacts", "en", OPEN, "export the old contacts"),
    ("ok, first real task: archive the 2019 invoices", "en", OPEN, "archive the 2019 invoices"),
]


@pytest.mark.parametrize(("sentence", "lang", "field", "entry"), READS, ids=[case[0][:40] for case in READS])
def test_new_entries(sentence, lang, field, entry):
    new = [(signal.field, signal.entry) for signal in read_tasks(sentence, lang) if not signal.resolves]
    assert new == [(field, entry)]


RESOLUTIONS = [
    ("The export job is unblocked now", "en", BLOCKER, "The export job"),
    ("Ops restarted the broker, so the ingest pipeline is unblocked", "en", BLOCKER, "the ingest pipeline"),
    (
        "Compliance signed off on the retention policy, so the archive piece is unblocked now",
        "en",
        BLOCKER,
        "the retention policy; the archive piece",
    ),
    ("The tracking API is back since 9:15 and the timeouts stopped", "en", BLOCKER, "The tracking API; the timeouts"),
    ("That's fixed, so we can send the invoices", "en", BLOCKER, ""),
    ("The nightly build works again", "en", BLOCKER, "The nightly build"),
    ("We got access to the shared drive this morning", "en", BLOCKER, "access to the shared drive"),
    ("We're no longer stuck on the vendor's SDK", "en", BLOCKER, "the vendor's SDK"),
    ("The bank signed off this morning", "en", BLOCKER, "The bank"),
    ("The landlord said yes to the cat!", "en", BLOCKER, "The landlord; the cat"),
    ("We're finally cleared to start the demolition", "en", BLOCKER, "start the demolition"),
    ("Ravi added me to the analytics project last night", "en", BLOCKER, "the analytics project"),
    ("We've now been given access to the supplier portal", "en", BLOCKER, "the supplier portal"),
    ("The visa is through!", "en", BLOCKER, "The visa"),
    ("Build 52 got approved overnight", "en", BLOCKER, "Build 52"),
    ("今天上午已经能正常登录了", "zh", BLOCKER, ""),
    ("对象存储的权限已经解决了，今天上午批的", "zh", BLOCKER, "对象存储的权限"),
    ("这个已经解决了", "zh", BLOCKER, ""),
    ("上游服务恢复了", "zh", BLOCKER, "上游服务"),
    ("Decision on the pricing question: we keep the annual discount", "en", OPEN, "the pricing question"),
    ("Settled the naming question with Priya: we use kebab-case", "en", OPEN, "the naming question"),
    ("Finance came back: the refund is not taxable", "en", OPEN, "Finance"),
    ("The caching question is settled, we skip it for now", "en", OPEN, "The caching question"),
    ("发票方式定了：按月开", "zh", OPEN, "发票方式"),
    ("The surveyor says the joists are fine, nothing to replace", "en", OPEN, ""),
    ("Our accountant told us the grant counts as income", "en", OPEN, ""),
]


@pytest.mark.parametrize(("sentence", "lang", "field", "about"), RESOLUTIONS, ids=[case[0][:40] for case in RESOLUTIONS])
def test_resolutions_name_what_they_resolve(sentence, lang, field, about):
    resolved = [signal for signal in read_tasks(sentence, lang) if signal.resolves and signal.field is field]
    assert [signal.about for signal in resolved] == [about]
    assert not [signal for signal in read_tasks(sentence, lang) if not signal.resolves and signal.field is field]


def test_an_answer_carries_the_answer_text():
    (answer, *_) = read_tasks("Decision on the pricing question: we keep the annual discount.", "en")
    assert (answer.field, answer.resolves, answer.entry) == (OPEN, True, "we keep the annual discount")
    (answer,) = read_tasks("We decided to keep the old logo.", "en")
    assert (answer.field, answer.resolves, answer.about, answer.entry) == (OPEN, True, "", "keep the old logo")


def test_a_resolution_and_a_new_blocker_in_one_sentence():
    got = read_tasks("The DNS record is fixed, but now we're stuck on the TLS handshake", "en")
    assert [(s.field, s.resolves, s.entry, s.about) for s in got] == [
        (BLOCKER, False, "we're stuck on the TLS handshake", ""),
        (BLOCKER, True, "", "The DNS record"),
    ]


def test_label_qualifiers_do_not_stop_the_cue():
    for label in (
        "Open question",
        "Open question for later",
        "One more open question",
        "Also still open",
        "Another open point",
        "Open question for the landlord",
    ):
        (signal,) = read_tasks(f"{label}: can we paint the hallway?", "en")
        assert (signal.field, signal.entry) == (OPEN, "can we paint the hallway?"), label


NOTHING = [
    # questions to the assistant
    "What's our goal again?",
    "Are we still blocked on the vendor?",
    "Where exactly are we stuck?",
    "Is the export unblocked yet?",
    "Did billing come back?",
    "Quick question: can you look at the logs?",
    "Next step?",
    "接下来做什么？",
    "这个问题解决了吗？",
    # hedges, conditions, plans
    "If we get stuck on the migration, call me.",
    "I think the goal might be too ambitious.",
    "Maybe we're blocked on DNS.",
    "Once the API is back, resend the labels.",
    "The deploy is done when every pod reports healthy.",
    "如果卡住了就先跳过。",
    "我觉得目标应该再改一下。",
    # rules
    "Never block the event loop.",
    "Don't wait for CI on docs-only changes.",
    "Always wait for the canary before promoting.",
    "You can't merge until two people approve.",
    "不要等 CI 跑完再提交文档。",
    # narration and chit-chat
    "I was stuck in traffic for an hour.",
    "We were waiting for the bus when it started to rain.",
    "I'm stuck in a meeting.",
    "My sister is waiting for me downstairs.",
    "The kids are back at school.",
    "I'm back.",
    "The shop is still open until nine.",
    "我刚才在等地铁。",
    "好了，我们开始吧。",
    # reported speech and other people's aims
    "Luis says they're blocked on the permit.",
    "She said her goal is to learn Italian.",
    "He decided to quit.",
    "Mike says hi.",
    "My mum says we should invite the neighbours.",
    "If the bank says yes to the loan, we start in May.",
    # negated or not yet
    "The caterer hasn't replied yet.",
    "Nobody has signed off on the budget.",
    "The VPN isn't fixed.",
    "We're not blocked on anything.",
    "The API should be back by noon.",
    # look like cues, are not task state
    "Growth-plan customers pay monthly.",
    "The plan is pro.",
    "The task runner is Celery.",
    "Plan: 3 to add, 0 to change.",
    "Our agreed maintenance window is Sunday night.",
    "Let's go with the flow.",
    "It's done.",
    "Status: green.",
    "Deploy target: eu-west-1.",
    "Update: the timeout is now 45 seconds.",
    # a goal word, a set-aside or a change of plan that sets no goal
    "The main thing is that nobody got hurt.",
    "The big thing is whether it rains.",
    "Forget it, we need to go.",
    "Change of plan from the office: the budget is 40k.",
    "Change of plan: the exports wait.",
    "这个不急，先吃饭。",
    "计划变了：报表往后放。",
    # not a resolution, not an open item
    "We're good to know that.",
    "Nobody has signed off yet.",
    "Still haven't heard anything.",
    "",
]


@pytest.mark.parametrize("sentence", NOTHING)
def test_nothing_to_read(sentence):
    assert read_tasks(sentence, "zh" if any("\u4e00" <= char <= "\u9fff" for char in sentence) else "en") == []


def test_a_whole_message_sentence_by_sentence():
    text = (
        "Morning! Goal for the week: move the blog off WordPress.\n"
        "- Progress: the posts are exported and the theme is ported.\n"
        "- Blocked on the DNS transfer: the registrar wants a signed form.\n"
        "- Open question: do we keep the comment section?\n"
        "Also need Sam to review the redirects."
    )
    got = [(s.field, s.resolves) for sentence in split_sentences(text) for s in read_tasks(sentence, "en")]
    assert got == [(GOAL, False), (PROGRESS, False), (BLOCKER, False), (OPEN, False), (OPEN, False)]
    later = [
        s
        for sentence in split_sentences(
            "The registrar got the form. DNS transfer is unblocked now. Decision on the comments: we drop them."
        )
        for s in read_tasks(sentence, "en")
    ]
    assert [(s.field, s.resolves, s.about) for s in later] == [(BLOCKER, True, "DNS transfer"), (OPEN, True, "the comments")]


def test_the_other_grammar_reads_what_the_first_cannot():
    assert [(s.field, s.entry) for s in read_tasks("Next step: 把告警接到值班群", "zh")] == [(OPEN, "把告警接到值班群")]
    assert [(s.field, s.entry) for s in read_tasks("We're blocked on the VPN", "zh")] == [(BLOCKER, "the VPN")]
    assert [(s.field, s.entry) for s in read_tasks("下一步：补监控", "en")] == [(OPEN, "补监控")]


def test_signals_are_frozen_and_the_api_is_a_list():
    got = read_tasks("Blocker: the staging DB is full", "en")
    assert isinstance(got, list) and got == [TaskSignal(BLOCKER, "the staging DB is full", row="blocker_label")]
    with pytest.raises(dataclasses.FrozenInstanceError):
        got[0].entry = "x"
    got.clear()
    assert read_tasks("Blocker: the staging DB is full", "en")  # the cache hands out copies
    assert read_tasks("Blocker: the staging DB is full", "fr") == read_tasks("Blocker: the staging DB is full", "en")


def test_a_sentence_without_a_cue_stops_at_the_prefilter(monkeypatch):
    def fail(*args):
        raise AssertionError("a row ran")

    monkeypatch.setattr(tasks, "_labelled", fail)
    monkeypatch.setattr(tasks, "_verbs", fail)
    tasks._read_sentence.cache_clear()
    assert read_tasks("The meeting moved to 3pm, see you there.", "en") == []
    assert read_tasks("周五晚上一起吃饭。", "zh") == []


@pytest.mark.parametrize(
    ("message", "field", "entry"),
    [
        (
            "We're stuck on one thing though. The council has to approve the drainage plan before anyone digs.",
            BLOCKER,
            "The council has to approve the drainage plan before anyone digs",
        ),
        (
            "Blocker: two things. The van is too small and the driver is off on Friday.",
            BLOCKER,
            "The van is too small and the driver is off on Friday",
        ),
        ("现在卡在一件事上。供应商的发票还没开。", BLOCKER, "供应商的发票还没开"),
    ],
)
def test_an_entry_that_only_points_ahead_is_the_next_sentence(message, field, entry):
    got = [(c.task_field, c.value) for c in extract(message) if c.task_field is field and not c.resolves]
    assert got == [(field, entry)]


def test_an_entry_that_points_ahead_to_nothing_is_dropped():
    assert [c for c in extract("We're stuck on one thing though.") if c.task_field is BLOCKER] == []
    assert tasks.points_ahead("a couple of things") and not tasks.points_ahead("one thing we forgot: the keys")
