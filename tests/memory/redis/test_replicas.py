"""Two memory replicas on one Redis keyspace, a client alternating between them:
what one replica acknowledged, the other serves."""

import itertools
import threading

import pytest
from dsh.memory.v1 import memory_pb2

from tests.memory.conftest import all_items, append, event
from tests.memory.redis.conftest import start_memory

# A thread that raised must fail the test, not vanish into a warning.
pytestmark = [pytest.mark.redis, pytest.mark.filterwarnings("error::pytest.PytestUnhandledThreadExceptionWarning")]


@pytest.fixture
def replicas(memory_settings):
    started = [start_memory(memory_settings) for _ in range(2)]
    yield [running for _, _, running in started]
    for server, channel, _ in started:
        channel.close()
        server.stop(grace=1)


def test_alternating_client_reads_what_the_other_replica_acknowledged(replicas):
    stubs = itertools.cycle([r.stub for r in replicas])
    session = "shared"
    both = [r.stub for r in replicas]
    for n in range(1, 21):
        writer, reader = both[n % 2], both[(n + 1) % 2]  # each writes every other batch, reads the other's
        reply = append(writer, session, event(n, f"The service{n} port is {8000 + n}."))
        assert (reply.accepted, reply.last_seq) == (1, n)
        hits = reader.Retrieve(memory_pb2.RetrieveRequest(session_id=session, query=f"service{n} port"), timeout=5)
        assert hits.items and str(8000 + n) in hits.items[0].text
    append(next(stubs), session, event(21, "Actually, the service3 port is 9003, not 8003."))
    facts = all_items(next(stubs), session, status=memory_pb2.ITEM_STATUS_ACTIVE, kind=memory_pb2.ITEM_KIND_NUMBER)
    assert [f.value for f in facts if f.key == "service3 port"] == ["9003"]
    assert next(stubs).Compact(memory_pb2.CompactRequest(session_id=session, up_to_seq=15), timeout=5).checkpoint_seq == 15
    assert next(stubs).Compact(memory_pb2.CompactRequest(session_id=session, up_to_seq=5), timeout=5).checkpoint_seq == 15
    exports = [r.stub.ExportSession(memory_pb2.ExportSessionRequest(session_id=session), timeout=5).json for r in replicas]
    assert exports[0] == exports[1]


def test_the_same_retried_batch_on_both_replicas_at_once(replicas):
    batch = [event(n, f"Note {n}: the staging disk threshold is {n}0 percent.") for n in range(1, 31)]
    replies: list = []
    threads = [threading.Thread(target=lambda s=r.stub: replies.append(append(s, "retry", *batch))) for r in replicas * 3]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert sorted(r.accepted for r in replies) == [0] * 5 + [30]
    assert all(r.accepted + r.duplicates == 30 and r.last_seq == 30 for r in replies)
    opened = replicas[1].stub.OpenSession(memory_pb2.OpenSessionRequest(session_id="retry"), timeout=5)
    assert opened.event_count == 30
    ids = [i.item_id for i in all_items(replicas[0].stub, "retry")]
    assert len(ids) == len(set(ids)) == opened.item_count
