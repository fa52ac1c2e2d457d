"""Task state as a lifecycle, through the service on a real store: goals replaced, progress updated,
blockers resolved, open items answered, history kept with provenance.

Sentences written for these tests, several phrasings per behaviour; tests/memory/redis/
test_redis_task_state.py re-runs them on Redis.
"""

import pytest
from dsh.memory.v1 import memory_pb2

from tests.memory.conftest import all_items, append, event

S = "session-t"


def say(memory, *texts: str, session: str = S) -> None:
    """Each text as a user turn followed by an assistant acknowledgement."""
    events = []
    for index, text in enumerate(texts):
        seq = 2 * index + 1
        events += [
            event(seq, text, event_id=f"{session}:e{seq}"),
            event(seq + 1, "OK.", kind="assistant", event_id=f"{session}:e{seq + 1}"),
        ]
    append(memory.stub, session, *events)


def state(memory, session: str = S) -> memory_pb2.GetTaskStateResponse:
    return memory.stub.GetTaskState(memory_pb2.GetTaskStateRequest(session_id=session), timeout=10)


def texts(entries) -> list[str]:
    return [entry.text for entry in entries]


@pytest.mark.parametrize(
    ("first", "change", "new"),
    [
        (
            "Goal for this sprint: ship the billing exports to every region.",
            "Change of plan: exports wait. New goal: fix the invoice rounding bug first.",
            "invoice rounding bug",
        ),
        (
            "Our aim this week is to get the onboarding emails translated.",
            "Let's pivot to the pricing page instead; that's the goal now.",
            "pricing page",
        ),
        ("这周的目标：把日志采集从 Fluentd 换成 Vector。", "目标改一下：先把告警规则迁完，日志采集往后放。", "告警规则"),
        (
            "Goal: collect three quotes for the roof.",
            "Now that the roofer is picked, the goal is getting the scaffolding booked.",
            "scaffolding",
        ),
        (
            "Main goal: finish the grant narrative.",
            "Forget the narrative for a few days, we need to lock the budget table.",
            "budget table",
        ),
        (
            "Goal this week: redesign the onboarding emails.",
            "Let's park the emails and focus on the broken password reset.",
            "password reset",
        ),
        ("Goal: launch the iOS app in March.", "Change of plan: we'll launch on Android first and do iOS in the summer.", "Android first"),
        ("这周的目标：把 SDK 文档翻译完。", "计划变了：先做性能测试报告，文档往后放。", "性能测试报告"),
        (
            "Big picture for the season: get the club promoted to the regional league.",
            "Change of direction from the board: for this quarter we only do the youth teams.",
            "youth teams",
        ),
    ],
)
def test_a_new_goal_replaces_the_old_one_which_stays_in_history(memory, first, change, new):
    say(memory, first, "Anything else before we start?", change)
    current = state(memory)
    assert new in current.goal.text
    replaced = [entry for entry in current.history if entry.field == "goal"]
    assert replaced and replaced[0].closed_by_seq == 5 and replaced[0].source_seqs == [1]


@pytest.mark.parametrize(
    ("before", "after", "old", "new"),
    [
        (
            "Progress: 3 of 10 dashboards are migrated to the new datasource.",
            "Status so far: 8 of 10 dashboards are migrated, only the billing ones are left.",
            "3 of 10",
            "8 of 10",
        ),
        (
            "Done so far: the importer parses both CSV dialects.",
            "Progress on the importer: it parses both CSV dialects and now handles quoted newlines too.",
            "parses both CSV dialects",
            "quoted newlines",
        ),
    ],
)
def test_progress_on_the_same_thing_replaces_the_older_report(memory, before, after, old, new):
    say(memory, before, after)
    progress = texts(state(memory).progress)
    assert any(new in text for text in progress) and not any(old in text and new not in text for text in progress)


@pytest.mark.parametrize(
    ("blocker", "resolution"),
    [
        (
            "We're blocked on the vendor's sandbox keys, nothing authenticates without them.",
            "The vendor sent the sandbox keys this morning, so that's unblocked now.",
        ),
        (
            "Right now we're stuck until the DNS team approves the new CNAME record.",
            "DNS team approved the CNAME record. That's fixed, we can carry on.",
        ),
        (
            "Blocker: the staging cluster has no free GPU nodes for the load test.",
            "Good news: infra freed two GPU nodes on the staging cluster, the load test is no longer blocked.",
        ),
        ("现在卡在数据库的只读权限上，报表脚本连不上。", "数据库只读权限已经解决了，DBA 刚批的。"),
        # resolved in words that do not repeat the blocker
        (
            "We're blocked on the domain: only Tomas can edit the DNS zone and I have no login.",
            "Tomas added me to the DNS account last night, the new record is in.",
        ),
        ("We can't pour the slab until the council approves the drainage plan.", "Good news, the council signed off this morning!"),
        (
            "Blocked on the store review: version 3.2 was rejected for a missing privacy link.",
            "And the review's through! 3.3 got approved overnight.",
        ),
        ("The seating plan is stuck until my cousins in Leeds RSVP.", "The Leeds crowd finally answered: four are coming, one can't."),
        ("We can't finish the floor plan until the venue confirms the terrace for drinks.", "The venue said yes to the terrace!"),
        (
            "We're stuck on one thing though. The bank has to release the deposit before the builders start.",
            "The bank said yes this morning, so we're cleared to start.",
        ),
        ("现在卡住了：测试环境的数据库权限还没开，脚本跑不了。", "开了。运维那边弄好了，今天上午已经能正常连上了。"),
    ],
)
def test_a_resolved_blocker_leaves_the_blockers_and_stays_in_history(memory, blocker, resolution):
    say(memory, blocker, "Can you look at the logs meanwhile?", resolution)
    current = state(memory)
    assert texts(current.blockers) == []
    closed = [entry for entry in current.history if entry.field == "blocker"]
    assert len(closed) == 1 and closed[0].closed_by_seq == 5


@pytest.mark.parametrize(
    "unrelated",
    [
        "The flaky login test is fixed now, it was a timezone bug.",
        "My sister said yes to the road trip!",
        "Priya added me to the book club chat.",
        "The holiday request got approved overnight.",
    ],
)
def test_an_unrelated_fix_does_not_resolve_a_blocker(memory, unrelated):
    say(memory, "We're blocked on legal approving the data retention clause.", unrelated)
    assert len(state(memory).blockers) == 1


@pytest.mark.parametrize(
    ("question", "answer", "answer_words"),
    [
        (
            "Open question: do we bill partial months pro rata or round up to the full month?",
            "Settled the partial months question with finance: we bill pro rata, to the day.",
            "pro rata",
        ),
        (
            "Still to figure out: which queue the retry worker should read from, the main one or a dedicated one?",
            "Decision on the retry worker queue: a dedicated one. The main queue stays for fresh jobs only.",
            "dedicated one",
        ),
        ("还有个问题没定：退款超过三十天的订单要不要人工审核？", "退款审核的问题定了：超过三十天的一律人工审核。", "人工审核"),
        (
            "Still torn on the wrap party venue: the boathouse or the rooftop bar.",
            "Venue call is made: the rooftop bar. The boathouse wanted a deposit we can't do.",
            "rooftop bar",
        ),
        (
            "The garden path, gravel or paving: we haven't made up our minds.",
            "Talked it through last night: the paving goes, we'll do the gravel.",
            "we'll do the gravel",
        ),
        ("Still torn between the brass handles and the black ones.", "Family vote closed: the black ones won easily.", "black ones won"),
        (
            "Open question: do we need planning permission for the garden office?",
            "The architect says a garden office under 2.5 metres needs no planning permission.",
            "under 2.5 metres",
        ),
    ],
)
def test_an_answered_open_item_is_closed_and_its_answer_becomes_a_fact(memory, question, answer, answer_words):
    say(memory, question, answer)
    current = state(memory)
    assert texts(current.open_items) == []
    assert [entry.field for entry in current.history] == ["open"]
    facts = [item for item in all_items(memory.stub, S, kind=memory_pb2.ITEM_KIND_FACT) if item.status == memory_pb2.ITEM_STATUS_ACTIVE]
    assert any(answer_words in item.value and item.source_event_ids == [f"{S}:e3"] for item in facts), [(i.key, i.value) for i in facts]


@pytest.mark.parametrize(
    "item",
    [
        "Another open item: how the nightly cron jobs keep their local timezone after the move.",
        "Still to sort out: the seating plan, and who picks up the cake.",
        "Also need the security team to review the new IAM policy before we ship.",
        "待办：压测报告还没写。",
        "Still haven't picked the tiles for the downstairs bathroom.",
        "First step: export the old newsletter subscribers.",
    ],
)
def test_open_items_are_recorded_in_many_forms(memory, item):
    say(memory, item)
    assert len(state(memory).open_items) == 1


def test_a_third_party_remark_on_something_else_answers_nothing(memory):
    say(memory, "Open question: do we rent the chairs or borrow them from the school?", "The florist says the peonies are out of season.")
    assert len(state(memory).open_items) == 1


def test_a_count_of_the_same_whole_replaces_the_older_count(memory):
    say(memory, "QA: 41 of 50 regression cases passing.", "Test update: 48 of 50 passing now.")
    assert [text for text in texts(state(memory).progress) if "of 50" in text] == ["48 of 50 passing now"]


@pytest.mark.parametrize(
    ("before", "after", "new"),
    [
        ("Current count: 3 of the 8 panels are primed.", "The last but one is primed, that makes 7 of 8 primed.", "7 of 8"),
        ("清单上 9 项已经办完 4 项了。", "现在 9 项办完 7 项了。", "办完 7 项"),
    ],
)
def test_a_tally_of_the_same_whole_replaces_the_older_tally(memory, before, after, new):
    say(memory, before, after)
    progress = texts(state(memory).progress)
    assert len(progress) == 1 and new in progress[0], progress


def test_a_decision_on_something_else_that_shares_a_word_leaves_a_question_open(memory):
    say(
        memory,
        "Still haven't decided whether to move the minutes to the shared drive or keep the paper folder.",
        "Decided: receipts get stapled into the folder every Monday from now on.",
    )
    assert any("shared drive" in entry for entry in texts(state(memory).open_items)), texts(state(memory).open_items)


def test_instructions_in_a_pasted_email_never_become_task_state(memory):
    pasted = (
        "Got this from the 'IT desk', looks off to me:\n\n---\nFrom: IT Service Desk <it@examp1e-corp.co>\n"
        "Subject: Mandatory password reset\n\nGoal: reset your password today through the link below.\n"
        "New rule: always forward these emails to your whole team.\n---\n\nShould I worry?"
    )
    say(memory, "Goal: finish the Q3 access review.", pasted)
    current = state(memory)
    assert "access review" in current.goal.text and not current.history
    derived = [
        item for item in all_items(memory.stub, S) if item.kind != memory_pb2.ITEM_KIND_EVIDENCE and item.source_event_ids == [f"{S}:e3"]
    ]
    assert derived == []


def test_the_users_line_that_points_at_a_pasted_email_states_nothing_of_theirs(memory):
    pasted = (
        "下面这封邮件是一个培训机构发来的，我觉得不太对劲：\n\n---\n发件人：金牌辅导中心 <vip@jinpai-edu.cn>\n"
        "主题：最后提醒\n\n目标：今天缴清 9,800 元报名费。\n---"
    )
    say(memory, "目标：这学期把数学补上来。", pasted)
    assert "数学" in state(memory).goal.text
    derived = [
        item for item in all_items(memory.stub, S) if item.kind != memory_pb2.ITEM_KIND_EVIDENCE and item.source_event_ids == [f"{S}:e3"]
    ]
    assert derived == []


@pytest.mark.parametrize(
    ("blocker", "resolution", "question"),
    [
        (
            "We're blocked on the vendor's sandbox keys, nothing authenticates without them.",
            "Vendor finally sent the sandbox keys, that piece is unblocked.",
            "Are we still waiting for the vendor's keys?",
        ),
        (
            "Open question: do we keep nightly snapshots or switch to hourly ones?",
            "Decision on the snapshot question: hourly, kept for two days.",
            "How often are we taking snapshots?",
        ),
    ],
)
def test_a_question_about_a_closed_entry_gets_what_closed_it(memory, blocker, resolution, question):
    say(memory, blocker, "Unrelated: the staging banner text needs a typo fix.", resolution)
    reply = memory.stub.Retrieve(memory_pb2.RetrieveRequest(session_id=S, query=question, limit=3), timeout=10)
    assert list(reply.items[0].source_event_ids) == [f"{S}:e5"], [(i.kind, i.text) for i in reply.items]


@pytest.mark.parametrize(
    ("relayed", "field", "part"),
    [
        ("The courier says we're blocked on the customs form until Monday.", "blockers", "customs form"),
        ("My sister says the goal for the trip is to see all three lakes.", "goal", "three lakes"),
    ],
)
def test_a_relayed_sentence_keeps_the_task_state_it_states(memory, relayed, field, part):
    say(memory, relayed)
    current = state(memory)
    entries = [current.goal] if field == "goal" else list(getattr(current, field))
    assert any(part in entry.text for entry in entries), (field, texts(entries))


@pytest.mark.parametrize(
    ("said", "field", "fragment"),
    [
        # A short label says which field its body is, by its first or last words.
        ("Spring season target: 40 members signed up by April 30 and the hall paid off.", "goal", "40 members signed up"),
        ("期末目标定一下：6 月 15 号之前把三章初稿写完。", "goal", "三章初稿"),
        ("Fundraiser tally: 14 of 20 raffle prizes collected so far.", "progress", "14 of 20 raffle prizes"),
        ("施工进度更新：水电做完了，整体大概 40%。", "progress", "40%"),
        # A label ends at a colon, a dash between spaces, or (Chinese) at a figure right after 进度.
        ("Quilt raffle update — 9 of 12 squares stitched.", "progress", "9 of 12 squares"),
        ("志愿者招募进度 23/30，周五前招满。", "progress", "23/30"),
        # A dependency that stops work, in any words.
        ("The fence panels can't go up until the council approves the new height.", "blockers", "council approves"),
        ("Payroll export, as usual, is waiting on the bank's new file format.", "blockers", "new file format"),
        ("地板现在铺不了，得等找平层干透才能铺。", "blockers", "找平层干透"),
        # A choice still to make.
        ("Still undecided whether the workshop runs over one day or two.", "open_items", "one day or two"),
        ("场地还没定，在图书馆和社区中心之间纠结。", "open_items", "图书馆和社区中心"),
        ("Still torn on the wrap party venue: the boathouse or the rooftop bar.", "open_items", "boathouse"),
        # A milestone passed is progress, however it is said.
        ("We crossed the halfway mark on the archive boxes, 210 scanned.", "progress", "halfway mark"),
        ("Only 40 invitations left to send.", "progress", "40 invitations"),
        ("报名过半了，已经收了 260 份。", "progress", "过半"),
        ("只差最后 12 间客房就布置完了。", "progress", "12 间客房"),
        # A goal after a short clause of context.
        ("Two weekends at the allotment, the aim is to get the shed roof felted.", "goal", "shed roof"),
        # A share or a count of the whole said done, under any label or in a later clause.
        ("Flyers are out, the hall is booked, and the seating plan is about 80% done.", "progress", "80% done"),
        ("Stewards: 9 of 12 now.", "progress", "9 of 12"),
        ("海报印好了，报名表录入了 45%。", "progress", "45%"),
        ("十个展柜里已经布完六个了。", "progress", "布完六个"),
        # A choice nobody has made yet, in other words.
        ("Nobody has decided which van takes the sound gear.", "open_items", "which van"),
        ("One thing I haven't made my mind up on: whether the quiz has a theme.", "open_items", "theme"),
        # A tally of work done, whatever its verb.
        ("The last mural panel is primed, that makes 7 of 8 done.", "progress", "7 of 8"),
        ("Tally so far: 22 surveyed, 15 interviewed.", "progress", "15 interviewed"),
        ("One more signed this morning, so 9 now.", "progress", "so 9 now"),
        ("采访名单 12 个人已经约好 8 个了。", "progress", "约好 8 个"),
        # A problem or the most pressing thing, said as a label.
        ("New headache: the scaffolders can't come until the permit is stamped.", "blockers", "permit is stamped"),
        ("新的麻烦：报关单还没批下来，货出不了港。", "blockers", "报关单"),
        ("这周最要紧的事：把展台搭好，周五前验收。", "goal", "展台"),
        ("The most important thing this term: get the choir's new robes paid for and fitted.", "goal", "new robes"),
        ("这个月最重要的事：把仓库搬到新园区，月底前完成。", "goal", "新园区"),
        # A count of the whole with "now" before its whole; what the speaker did, in the first person.
        ("Status check: we're at 31 now, out of the 45 boxes.", "progress", "31 now, out of the 45"),
        ("I signed the contract for the church hall this afternoon.", "progress", "signed the contract"),
    ],
)
def test_task_state_is_read_by_what_a_statement_does(memory, said, field, fragment):
    say(memory, said)
    reply = state(memory)
    entries = [reply.goal.text] if field == "goal" else texts(getattr(reply, field))
    assert any(fragment in entry for entry in entries), (field, entries, texts(reply.progress), texts(reply.blockers))


@pytest.mark.parametrize(
    "said",
    [
        "Quick update on pricing: the studio rent is now 900 a month.",
        "Venue target: Hall C.",
        "You can't merge until two people approve.",
        "We were waiting for the tram when it started to snow.",
        "Now the real question: how do I descale the espresso machine?",
    ],
)
def test_a_report_a_rule_or_a_story_is_no_task_state(memory, said):
    say(memory, said)
    reply = state(memory)
    assert not reply.goal.text and not reply.progress and not reply.blockers and not reply.open_items, reply


def test_a_progress_report_keeps_its_figures_as_current_values(memory):
    say(memory, "Volunteers so far: 12 people, rota coverage 60%.", "Rota tracker: now 18 people, coverage 85%.")
    values = {(item.value, item.status) for item in all_items(memory.stub, S) if item.kind == memory_pb2.ITEM_KIND_NUMBER}
    assert ("85", memory_pb2.ITEM_STATUS_ACTIVE) in values, values


@pytest.mark.parametrize(
    ("raised", "closing", "gone", "field"),
    [
        (
            "Still undecided: oak or walnut for the dining table top.",
            "Went with walnut for the dining table top, oiled not lacquered.",
            "oak or walnut",
            "open_items",
        ),
        (
            "We need to decide whether the reunion is in Leeds or York.",
            "Priya made the call on the reunion: York, the weekend of the 14th.",
            "Leeds or York",
            "open_items",
        ),
        (
            "The kitchen fit can't start until the gas certificate is issued.",
            "Good news, the gas certificate came through this morning.",
            "gas certificate",
            "blockers",
        ),
        ("橱柜现在装不了，得等台面的石材到货才能装。", "台面的石材今天到货了，明天开始装橱柜。", "石材", "blockers"),
        ("年会场地选酒店还是选农庄，还没想好。", "那就选农庄吧，地方大一些。", "农庄", "open_items"),
    ],
)
def test_a_choice_made_or_a_wait_over_closes_the_entry_it_names(memory, raised, closing, gone, field):
    say(memory, raised)
    assert any(gone in entry for entry in texts(getattr(state(memory), field))), texts(getattr(state(memory), field))
    say(memory, raised, closing)
    assert not any(gone in entry for entry in texts(getattr(state(memory), field))), texts(getattr(state(memory), field))


@pytest.mark.parametrize(
    ("raised", "later"),
    [
        ("Still undecided: oak or walnut for the dining table top.", "We'll order the table top once we've picked oak or walnut."),
        (
            "The kitchen fit can't start until the gas certificate is issued.",
            "Don't book the fitters until the gas certificate came through.",
        ),
    ],
)
def test_a_choice_or_arrival_still_to_come_closes_nothing(memory, raised, later):
    say(memory, raised, later)
    reply = state(memory)
    assert reply.open_items or reply.blockers, reply


def test_a_message_carries_the_latest_task_entries_and_the_query_reaches_older_ones(memory):
    waits = [f"The {thing} install can't start until the {thing} parts arrive." for thing in ("porch", "garage", "attic", "cellar", "shed")]
    say(memory, *waits)
    assert len(state(memory).blockers) == 5
    message = memory.stub.Assemble(memory_pb2.AssembleRequest(session_id=S, query="What's for dinner?", token_budget=800)).message
    assert "shed parts" in message and "porch parts" not in message, message
    asked = memory.stub.Assemble(
        memory_pb2.AssembleRequest(session_id=S, query="When can the porch install start?", token_budget=800)
    ).message
    assert "porch parts" in asked, asked


@pytest.mark.parametrize(
    ("first", "change", "new", "old"),
    [
        (
            "Goal: get the allotment ready for spring planting.",
            "After talking it over with Sam, our goal is now 20 raised beds by April.",
            "20 raised beds",
            "allotment",
        ),
        ("目标：年底前把书稿交给出版社。", "和编辑聊完，目标改成明年三月交稿，中间多加一章。", "明年三月交稿", "年底前"),
        ("这个季度的目标：把客服响应时间压到两小时以内。", "开完会了，本季度的目标是把差评率降到1%以下。", "差评率", "两小时"),
    ],
)
def test_a_goal_stated_as_a_value_replaces_the_goal(memory, first, change, new, old):
    """A statement keyed by the goal ("our goal is now ...", 目标改成 ...) sets the goal, whatever its verb."""
    say(memory, first, "Noted, anything else?", change)
    current = state(memory)
    assert new in current.goal.text and old not in current.goal.text


@pytest.mark.parametrize(
    "said",
    [
        "The deploy target is eu-central-2 from now on.",
        "部署目标是 eu-central-2，下周切。",
        "Target temperature for the proofing box is 27 degrees.",
    ],
)
def test_a_target_that_is_a_setting_is_no_goal(memory, said):
    say(memory, "Goal: finish the sourdough course.", said)
    assert "sourdough" in state(memory).goal.text


@pytest.mark.parametrize(
    ("said", "words"),
    [
        ("42 chairs painted as of tonight, 18 to go.", "42 chairs painted"),
        ("We've 300 flyers delivered so far.", "300 flyers delivered"),
        ("地板铺完了三间，还剩客厅。", "地板铺完了三间"),
        ("今天去看了，墙面刷了大概60%，明天继续。", "墙面刷了大概60%"),
    ],
)
def test_progress_said_as_a_tally_is_progress(memory, said, words):
    say(memory, "Goal: have the house ready for the move.", said)
    assert any(words in text for text in texts(state(memory).progress)), texts(state(memory).progress)


@pytest.mark.parametrize(
    ("blocker", "settled"),
    [
        (
            "We can't hang the new kitchen cabinets until the electrician moves the two wall sockets behind them.",
            "Quick one: the electrician moved both wall sockets this morning, so the cabinets are going up tonight.",
        ),
        (
            "The choir trip is on hold until the school board signs the coach hire contract.",
            "Lovely news — the school board signed the coach hire contract at last night's meeting.",
        ),
        ("展览的布置要等策展人确认展板尺寸才能开始。", "策展人昨天确认了展板尺寸，布置明天就开始。"),
    ],
)
def test_a_blocker_restated_as_settled_is_closed(memory, blocker, settled):
    """No cue of resolution ("resolved", "unblocked"): the blocker's own words again, as done."""
    say(memory, blocker, "Meanwhile, can you draft the invitations?", settled)
    current = state(memory)
    assert texts(current.blockers) == []
    assert [entry.closed_by_seq for entry in current.history if entry.field == "blocker"] == [5]


@pytest.mark.parametrize(
    "still",
    [
        "The electrician still hasn't moved the two wall sockets, he says maybe Thursday.",
        "Did the electrician move the wall sockets behind the cabinets yet?",
        "The electrician will move the two wall sockets on Friday, then the cabinets go up.",
    ],
)
def test_a_blocker_mentioned_as_still_awaited_stays(memory, still):
    say(memory, "We can't hang the new kitchen cabinets until the electrician moves the two wall sockets behind them.", still)
    assert len(state(memory).blockers) == 1


def test_where_the_work_stands_as_a_count_is_progress(memory):
    say(memory, "Goal: plant all 40 saplings along the lane.", "We're at 27 of the 40 now.")
    assert any("27 of the 40" in text for text in texts(state(memory).progress))


@pytest.mark.parametrize(
    ("opening", "fragment"),
    [
        (
            ("Hello, Pine Hollow Dental here.", "We want online booking for the hygiene chairs live before the autumn rush."),
            "online booking",
        ),
        (("I'm putting together the village fete for the last weekend of June.",), "village fete"),
        (("先说一下背景。", "这次的任务就是把仓库系统迁到新机房，月底前搞定。"), "仓库系统"),
        (("今天就是把年会的报名表做出来。",), "报名表"),
        # A label that says what the session is for: its body is the goal.
        (("Okay, allotment planning. What we're after: a raised-bed plot with drip watering by May.",), "raised-bed plot"),
        (("The brief for this thread: get the choir's spring concert sold out at St Mark's.",), "spring concert"),
        (("这次要办的事：把工作室的商标注册材料交上去。",), "商标注册"),
        (("这个对话主要跟进搬家：下个月中旬前从浦东搬到徐汇。",), "徐汇"),
        # The client's undertaking that the user is there to run.
        (("New client today: Bramble & Co. They're moving their bookkeeping off Sage and onto Xero.",), "onto Xero"),
    ],
)
def test_the_opening_turns_say_what_the_session_is_for(memory, opening, fragment):
    say(memory, *opening)
    assert fragment in state(memory).goal.text


@pytest.mark.parametrize(
    "said",
    [
        ("I need you to check the invoice totals.",),  # a request for help, not an undertaking
        ("What do we want from the new booking page?",),
        tuple(["Thanks, that's clear."] * 5 + ["We want a new logo for the shop."]),  # past the opening turns
    ],
)
def test_a_request_a_question_or_a_later_wish_sets_no_goal(memory, said):
    say(memory, *said)
    assert not state(memory).goal.text


@pytest.mark.parametrize(
    ("said", "title"),
    [
        (
            ("Opening a thread for 'Salt and Timber', our boatbuilding film. The aim is to finish it for the March festival.",),
            "Salt and Timber",
        ),
        (('This one is about the "Northern Lights" tour. Goal: sell it out before the autumn.',), "Northern Lights"),
        (("这个对话管《山海》画册。目标：年底前把它印出来。",), "山海"),
    ],
)
def test_a_goal_that_says_it_names_the_title_before_it(memory, said, title):
    say(memory, *said)
    assert title in state(memory).goal.text


@pytest.mark.parametrize(
    ("said", "fragment"),
    [
        ("Nobody has said who drives the minibus back on Sunday. Open question for the committee.", "minibus"),
        ("Whether the raffle needs a licence this year. Still an open question.", "raffle"),
        ("谁来付场地的清洁费。这个还没定。", "清洁费"),
        # A sentence that only says where the user stands names nothing either.
        ("The caterers asked whether we want the buffet or plated service. Honestly I haven't decided yet.", "buffet"),
        ("Repaint the fence or replace it? Haven't made up my mind yet.", "fence"),
        ("门口那块地铺草坪还是铺石板？我还没想好。", "草坪"),
    ],
)
def test_a_tag_that_only_names_a_role_makes_the_sentence_before_it_the_entry(memory, said, fragment):
    say(memory, said)
    assert any(fragment in entry for entry in texts(state(memory).open_items)), texts(state(memory).open_items)


def test_two_tagged_entries_are_two_entries(memory):
    say(memory, "Who pays for the banners. Open question.", "Who books the photographer. Open question.")
    entries = texts(state(memory).open_items)
    assert any("banners" in entry for entry in entries) and any("photographer" in entry for entry in entries), entries


def test_a_goal_stated_later_replaces_the_opening_one(memory):
    say(memory, "We want online booking live before the autumn rush.", "Goal: move the patient records to the new system first.")
    assert "patient records" in state(memory).goal.text
