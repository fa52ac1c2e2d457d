"""A turn that places a moment relative to when it was said ("last month", 昨天) is found by the calendar
words a question uses ("in March 2023"). Sentences written for these tests;
tests/memory/redis/test_redis_relative_dates.py re-runs the search on Redis."""

from datetime import UTC, datetime

import pytest
from dsh.memory.v1 import memory_pb2
from google.protobuf.timestamp_pb2 import Timestamp

from services.memory.domain.relative_dates import resolved_dates
from tests.memory.conftest import append

SAID = datetime(2024, 1, 10, 9, 30, tzinfo=UTC)


@pytest.mark.parametrize(
    ("text", "dates"),
    [
        ("We repainted the shed last month.", ["December 2023"]),
        ("The boiler man came yesterday, and the day before yesterday the plumber.", ["9 January 2024", "8 January 2024"]),
        ("I sold the old bike three days ago.", ["7 January 2024"]),
        ("We met at a conference two years ago.", ["2022"]),
        ("The movers come tomorrow, the piano next month.", ["11 January 2024", "February 2024"]),
        ("我们上个月去了杭州。", ["December 2023"]),
        ("十五天前他来修过空调，去年也来过。", ["26 December 2023", "2023"]),
        # Words that only look like a shift name no moment.
        ("The last monthly report is late.", []),
        ("Next, the yearly plan.", []),
    ],
)
def test_a_moment_said_relative_to_the_message_is_put_on_the_calendar(text, dates):
    assert resolved_dates(text, SAID) == dates


def test_a_question_naming_the_month_finds_the_turn_that_said_last_month(memory):
    turns = [
        ("2024-01-10T09:30:00Z", "My colleagues and I went to a robotics meetup last month. It was great."),
        ("2023-12-04T18:00:00Z", "Work has been quiet, I mostly read in the evenings."),
        ("2023-12-20T18:00:00Z", "Our team lunch was fun, the colleagues brought cake."),
        ("2024-01-10T09:31:00Z", "Sounds lovely, glad you had a good time."),
    ]
    events = [
        memory_pb2.Event(seq=seq, event_id=f"e{seq}", kind=memory_pb2.EVENT_KIND_USER_MESSAGE, text=text, created_at=_stamp(at))
        for seq, (at, text) in enumerate(sorted(turns), start=1)
    ]
    append(memory.stub, "s-dates", *events)
    found = memory.stub.Retrieve(
        memory_pb2.RetrieveRequest(session_id="s-dates", query="What did I go to with my colleagues in December 2023?", limit=3), timeout=30
    ).items
    assert "robotics meetup" in found[0].text


def _stamp(at: str) -> Timestamp:
    stamp = Timestamp()
    stamp.FromJsonString(at)
    return stamp
