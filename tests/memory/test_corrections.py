"""Corrections and updates resolved by what they are about, through the service on a real store.

Every sentence here is written for these tests (several phrasings per behaviour); none comes
from a corpus. tests/memory/redis/test_redis_corrections.py re-runs them on Redis.
"""

import pytest
from dsh.memory.v1 import memory_pb2

from tests.memory.conftest import all_items, append, event

S = "session-c"
ACTIVE, SUPERSEDED = memory_pb2.ITEM_STATUS_ACTIVE, memory_pb2.ITEM_STATUS_SUPERSEDED
DERIVED = (memory_pb2.ITEM_KIND_FACT, memory_pb2.ITEM_KIND_NUMBER)


def derived(memory, session: str = S) -> list[memory_pb2.Item]:
    return [item for item in all_items(memory.stub, session) if item.kind in DERIVED]


def holding(memory, fragment: str, session: str = S) -> list[memory_pb2.Item]:
    """Facts and numbers whose value (with its unit) holds the fragment."""
    fragment = fragment.lower()
    return [item for item in derived(memory, session) if fragment in f"{item.value} {item.unit}".lower()]


def assert_replaced(memory, old: str, new: str, session: str = S) -> None:
    """Every item holding old is superseded, its chain ends at an active item holding new, and that
    item is the only active one under its key."""
    items = {item.item_id: item for item in derived(memory, session)}
    olds = holding(memory, old, session)
    assert olds, f"no item holds {old!r}: {[(i.key, i.value) for i in items.values()]}"
    for item in olds:
        assert item.status == SUPERSEDED, (item.key, item.value)
        current = item
        while current.status == SUPERSEDED:
            current = items[current.superseded_by]
        assert new.lower() in f"{current.value} {current.unit}".lower(), (current.key, current.value)
        rivals = [i for i in items.values() if i.status == ACTIVE and i.key == current.key]
        assert len(rivals) == 1, [(i.key, i.value) for i in rivals]


def send(memory, *texts: str, session: str = S, start: int = 1, kind: str = "user") -> int:
    """Append texts as turns (an assistant acknowledgement after each user turn); returns the next seq."""
    seq = start
    events = []
    for text in texts:
        events.append(event(seq, text, kind=kind, event_id=f"{session}:e{seq}"))
        events.append(event(seq + 1, "Noted.", kind="assistant", event_id=f"{session}:e{seq + 1}"))
        seq += 2
    for begin in range(0, len(events), 40):
        append(memory.stub, session, *events[begin : begin + 40])
    return seq


@pytest.mark.parametrize(
    ("first", "correction", "old", "new"),
    [
        (
            "The Grafana folder for alerts is team-alpha-dash.",
            "oops, I meant team-beta-dash. team-alpha-dash was archived last spring.",
            "team-alpha-dash",
            "team-beta-dash",
        ),
        (
            "Our artifact bucket is builds-eu-1.",
            "Sorry, wrong one: it's builds-eu-2; builds-eu-1 only holds the old nightlies.",
            "builds-eu-1",
            "builds-eu-2",
        ),
        (
            "The on-call rotation lives in the PagerDuty schedule ops-primary.",
            "My mistake, I meant ops-secondary, ops-primary is the weekend one.",
            "ops-primary",
            "ops-secondary",
        ),
    ],
)
def test_a_keyless_correction_replaces_the_value_its_message_names(memory, first, correction, old, new):
    seq = send(memory, first, "Can you check the dashboards?")
    send(memory, correction, start=seq)
    assert_replaced(memory, old, new)


@pytest.mark.parametrize(
    ("first", "update", "old", "new"),
    [
        ("Our CDN provider is Fastly.", "Update: we moved the CDN from Fastly to Cloudflare over the summer.", "Fastly", "Cloudflare"),
        (
            "The primary region is us-east-2.",
            "Change of plan from compliance: we're hosting in ca-central-1 now, us-east-2 is out.",
            "us-east-2",
            "ca-central-1",
        ),
        ("The nightly export job runs at 02:00 UTC.", "Heads up: the nightly export job is now at 04:30 UTC.", "02:00", "04:30"),
    ],
)
def test_an_update_far_from_the_original_finds_it_through_the_index(memory, first, update, old, new):
    seq = send(memory, first)
    # Seventy other settings in between: more than any "latest items" window holds.
    filler = [
        f"The {name} service listens on port {4000 + index}." for index, name in enumerate(f"svc{chr(97 + i % 26)}{i}" for i in range(70))
    ]
    seq = send(memory, *filler, start=seq)
    send(memory, update, start=seq)
    assert_replaced(memory, old, new)


def test_a_chain_of_corrections_ends_with_one_current_value(memory):
    seq = send(memory, "Worker concurrency for the importer: 16.")
    seq = send(memory, "no wait, 16 starves the database, make it 8.", start=seq)
    seq = send(memory, "update: worker concurrency is now 12, the new replica helps.", start=seq)
    send(memory, "Worker concurrency, third try: turns out it's 10.", start=seq)
    for old in ("16", "8", "12"):
        assert_replaced(memory, old, "10")
    assert [item.value for item in holding(memory, "10") if item.status == ACTIVE] == ["10"]


@pytest.mark.parametrize(
    ("context", "update", "old", "new"),
    [
        (
            "For background: the workers run Node 18 and we queue jobs in Redis.",
            "We upgraded from Node 18 to Node 20 last week, so fetch is built in now.",
            "Node 18",
            "Node 20",
        ),
        (
            "FYI we're on Kafka 2.8 with ZooKeeper, three brokers.",
            "Heads up: the platform team moved from Kafka 2.8 to Kafka 3.6 on Monday.",
            "Kafka 2.8",
            "Kafka 3.6",
        ),
    ],
)
def test_an_old_value_that_was_only_said_in_passing_is_recorded_as_replaced(memory, context, update, old, new):
    seq = send(memory, context)
    send(memory, update, start=seq)
    assert_replaced(memory, old, new)
    replaced = [item for item in holding(memory, old) if item.status == SUPERSEDED]
    assert replaced and all(item.source_event_ids == [f"{S}:e1"] for item in replaced)


@pytest.mark.parametrize(
    "unrelated",
    [
        "Update: the design review moved to Thursday.",
        "今天的会议改到下午三点。",
        "Actually, the team offsite is in Lisbon this year.",
        "Change of plan: we'll write the report in Markdown.",
    ],
)
def test_an_update_about_something_else_supersedes_nothing(memory, unrelated):
    seq = send(memory, "The deploy target is eu-west-1.", "Our cache TTL is 300 seconds.", "部署窗口是每周二晚上十点。")
    send(memory, unrelated, start=seq)
    assert {(item.value, item.status) for item in holding(memory, "eu-west-1") + holding(memory, "300") + holding(memory, "晚上十点")} == {
        ("eu-west-1", ACTIVE),
        ("300", ACTIVE),
        ("每周二晚上十点", ACTIVE),
    }


def test_corrections_never_cross_sessions_nor_come_from_tool_output(memory):
    send(memory, "The cache TTL is 300 seconds.", session="tenant-a")
    send(memory, "The cache TTL is 300 seconds.", session="tenant-b")
    send(memory, "Actually, the cache TTL is 600 seconds.", session="tenant-b", start=3)
    send(memory, "Update: the cache TTL is now 900 seconds.", session="tenant-a", start=3, kind="tool")
    assert [(i.value, i.status) for i in holding(memory, "300", "tenant-a")] == [("300", ACTIVE)]
    assert_replaced(memory, "300", "600", session="tenant-b")


@pytest.mark.parametrize(
    ("first", "second", "old", "new"),
    [
        ("退货审批人是张伟。", "之前说错了，退货审批现在归刘洋，张伟调去仓储了。", "张伟", "刘洋"),
        ("订单库的连接池上限是 150。", "更新一下：连接池上限调到 90 了，运维那边要求的。", "150", "90"),
        ("日志清理任务每 30 分钟跑一次。", "清理任务改成每 10 分钟跑一次，30 分钟太慢了。", "30 分钟", "10 分钟"),
        # A demonstrative inside the key points at the subject said before, under another name.
        ("冷库夜间温度不能低于5度，不然蔬菜会冻坏。", "老板说夜里那个下限提到7度。", "5", "7"),
        # ... or at its end; a temperature in 度 updates one said in °C.
        ("The wine cellar is kept at 12 °C.", "妈妈说太凉了，酒窖那个改成14度吧。", "12", "14"),
        ("鱼缸水温保持在26度。", "The tank water goes up to 27 °C from tomorrow.", "26", "27"),
    ],
)
def test_chinese_corrections_find_their_subject(memory, first, second, old, new):
    seq = send(memory, first)
    send(memory, second, start=seq)
    assert_replaced(memory, old, new)


@pytest.mark.parametrize(
    ("text", "value", "unit", "condition"),
    [
        ("Memory limits: no more than 4 GB per worker unless it's the GPU pool.", "4", "GB", "GPU pool"),
        (
            "Refund notice: the customer must hear from us within 3 business days of the claim, for orders over $50.",
            "3",
            "business days",
            "orders over $50",
        ),
        (
            "For P2 incidents the response target is 8 hours, but the clock only starts once support confirms the bug.",
            "8",
            "hours",
            "support confirms the bug",
        ),
        ("图片缓存的 TTL 设 600 秒，只对热门商品生效。", "600", "秒", "热门商品"),
        ("学习率先定 2e-4（只在微调阶段）。", "2e-4", "", "微调阶段"),
    ],
)
def test_numbers_keep_unit_and_condition_as_people_say_them(memory, text, value, unit, condition):
    send(memory, text)
    numbers = [item for item in derived(memory) if item.kind == memory_pb2.ITEM_KIND_NUMBER and item.value == value]
    assert numbers, [(i.key, i.value, i.unit, i.condition) for i in derived(memory)]
    assert numbers[0].unit == unit and condition in numbers[0].condition, (numbers[0].unit, numbers[0].condition)


@pytest.mark.parametrize(
    ("first", "later", "old", "new"),
    [
        (
            "Print plan: a first run of 2,500 copies on matte stock.",
            "Scratch what I said about the first run. The publisher wants 3,000 copies.",
            "2,500",
            "3,000",
        ),
        ("The hallway colour is Sage Mist.", "Sorry, scratch the Sage Mist. We picked Harbour Grey instead.", "Sage Mist", "Harbour Grey"),
        ("The removal firm quoted £640 for the move.", "The removal firm came back with a revised figure: £590.", "640", "590"),
        ("Our treasurer is Joan Pike.", "Joan has been replaced as treasurer by Omar Said.", "Joan Pike", "Omar Said"),
        ("Our release captain for 3.2 is Lena Ortiz.", "Marco takes over from Lena as release captain.", "Lena Ortiz", "Marco"),
    ],
)
def test_retractions_revisions_and_replacements_supersede_what_they_are_about(memory, first, later, old, new):
    seq = send(memory, first, "Can you draft the checklist?", "We also need two volunteers for Saturday.")
    send(memory, later, start=seq)
    assert_replaced(memory, old, new)


@pytest.mark.parametrize(
    ("first", "restated", "kept"),
    [
        ("The launch is Thursday 12 June.", "Remember, the launch is thursday.", "Thursday 12 June"),
        (
            "The offsite venue is the Harbour Room, second floor.",
            "Quick reminder that the offsite venue is the Harbour Room.",
            "the Harbour Room, second floor",
        ),
    ],
)
def test_saying_part_of_a_value_again_keeps_the_fuller_value(memory, first, restated, kept):
    seq = send(memory, first, "Can you draft the invite?")
    send(memory, restated, start=seq)
    assert (kept, ACTIVE) in {(item.value, item.status) for item in derived(memory)}, [(i.key, i.value, i.status) for i in derived(memory)]


def test_a_schedule_moved_by_someone_replaces_the_date(memory):
    seq = send(memory, "The design review is Tuesday 3 March.", "Let's prepare the slides.")
    send(memory, "Marketing pushed the design review back to Friday 6 March.", start=seq)
    assert_replaced(memory, "3 March", "6 March")


@pytest.mark.parametrize(
    ("first", "later", "old", "new"),
    [
        (
            "The storage locker costs $85 a month, payable on the first.",
            "Oh, and I looked at the contract again last night because something bugged me — the locker is $95 a month, not $85.",
            "85",
            "95",
        ),
        (
            "Quick summary for the notes: our hiking club's annual dues are 40 euros and the trip fund is separate.",
            "I had it wrong from the start: what members pay each year is 45 euros, not 40 euros. Trip fund unchanged.",
            "40",
            "45",
        ),
        (
            "The piano tuner comes on the 9th; keep the living room clear that morning.",
            "Sorry, my mistake earlier — the tuner's visit is on the 16th, not the 9th, so that morning is free after all.",
            "9th",
            "16th",
        ),
        (
            "Choir rehearsal is on Wednesday evenings at the library.",
            "The conductor rang: rehearsal moves from Wednesday to Monday starting next month, same room.",
            "Wednesday",
            "Monday",
        ),
        (
            "The gym membership is £32 a month.",
            "Heads up, the gym membership went from £32 up to £36 in the new year.",
            "32",
            "36",
        ),
        ("窗帘的宽度是 2.4 米，明天去店里量布。", "我刚才又量了一遍，窗帘不是 2.4 米，是 2.65 米，之前量错了。", "2.4", "2.65"),
        ("车位月租是 600 元，每季度交一次。", "物业发通知了，车位月租从 600 元调整为 680 元，下个月开始。", "600", "680"),
    ],
)
def test_a_new_value_set_against_the_old_one_replaces_it_wherever_it_stands(memory, first, later, old, new):
    """A sentence that names the old value beside the new one ("$95, not $85", "moves from Wednesday
    to Monday", 不是 2.4 米，是 2.65 米) replaces the item holding it, whatever else the sentence says."""
    seq = send(memory, first)
    send(memory, *[f"Filler turn {n} about the weather and groceries." for n in range(6)], later, start=seq)
    assert_replaced(memory, old, new)


@pytest.mark.parametrize(
    "later",
    [
        "The garden centre is open from 9am to 5pm on weekdays.",
        "I chose the blue one, not because of the price but the colour.",
        "Tickets for kids run from $12 to $18 depending on the seat.",
    ],
)
def test_a_range_or_a_reason_is_no_contrast_of_values(memory, later):
    send(memory, "The seat for the concert costs $18 and the garden centre trip is on Saturday.", later)
    assert all(item.status == ACTIVE for item in holding(memory, "18"))


def test_a_keyless_update_goes_to_the_subject_the_turns_before_name_most_of(memory):
    """The turns before name "the bark mulch order" whole; a more recent figure whose long key only
    shares a verb with them ("wants") is not what "make it 9" is about."""
    seq = send(memory, "The bark mulch order from the depot is 6 cubic metres, for the front beds.")
    seq = send(memory, "The landscaper wants a $400 deposit before his crew starts on the patio.", start=seq)
    events = [
        event(seq, "Dana wants to know whether the bark mulch order covers the new front beds too.", event_id=f"{S}:e{seq}"),
        event(seq + 1, "Probably not: the front beds alone take most of the mulch order.", kind="assistant", event_id=f"{S}:e{seq + 1}"),
        event(seq + 2, "Make it 9. Dana's beds can have the extra.", event_id=f"{S}:e{seq + 2}"),
    ]
    append(memory.stub, S, *events)
    assert_replaced(memory, "6", "9")
    assert all(item.status == ACTIVE for item in holding(memory, "400"))


def test_a_tally_of_work_done_updates_no_value(memory):
    send(memory, "The hedge trimmer rental is 35 a day.", "We're at 27 of the 40 now.")
    assert all(item.status == ACTIVE for item in holding(memory, "35"))
