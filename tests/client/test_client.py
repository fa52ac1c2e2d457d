"""MemoryClient against a real memory server: every RPC with Python types in and out, errors with code and message."""

import json

import grpc
import pytest

from dsh_memory import (
    AppendResult,
    Assembly,
    DshMemoryError,
    Event,
    FailedPreconditionError,
    InvalidArgumentError,
    MemoryClient,
    NotFoundError,
    ResourceExhaustedError,
)

CORRECTION = [
    Event(seq=1, text="The deploy target is eu-west-1."),
    Event(seq=2, kind="assistant", text="Noted: eu-west-1."),
    {"seq": 3, "kind": "tool_result", "text": "kubectl: 3 pods running", "attributes": {"tool": "kubectl"}},
    {"seq": 4, "text": "Actually it's eu-central-1, not eu-west-1."},
    {"seq": 5, "text": "Goal for this shift: migrate the billing service."},
]


def test_every_rpc_round_trips_python_types(memory_address):
    with MemoryClient(memory_address) as memory:
        capabilities = memory.get_capabilities()
        assert capabilities.has_storage and "en" in capabilities.languages and capabilities.max_batch_events > 0

        opened = memory.open_session("s1", user_id="u1")
        assert not opened.resumed and opened.last_seq == 0

        appended = memory.append_events("s1", CORRECTION, user_id="u1")
        assert appended == AppendResult(accepted=5, duplicates=0, last_seq=5, checkpoint_seq=0)
        # The same batch again (a retry) is recognised by its event ids ("seq-<n>" by default).
        assert memory.append_events("s1", CORRECTION).duplicates == 5

        assert memory.compact("s1", 2, summary="early turns") == 2

        items = memory.retrieve("s1", "deploy target", limit=5, include_superseded=True)
        deploy = [i for i in items if i.kind == "fact" and "deploy" in i.key]
        assert {i.status for i in deploy} == {"active", "superseded"}
        active = next(i for i in deploy if i.status == "active")
        assert active.value == "eu-central-1" and active.source_seqs == (4,) and active.source_kind == "user"

        assembly = memory.assemble("s1", "Which region do we deploy to?", token_budget=400)
        assert isinstance(assembly, Assembly) and "eu-central-1" in assembly.message
        assert active.item_id in assembly.item_ids and 0 < assembly.token_estimate <= 400

        page = memory.list_items("s1", kind="fact", status="superseded")
        assert [i.value for i in page.items] == ["eu-west-1"] and page.next_page_token == ""
        first = memory.list_items("s1", page_size=1)
        assert len(first.items) == 1 and first.next_page_token
        assert memory.list_items("s1", page_size=1, page_token=first.next_page_token).items[0] != first.items[0]

        task = memory.get_task_state("s1")
        assert task.goal is not None and "billing" in task.goal.text and task.goal.source_seqs == (5,)

        document = memory.export_session("s1")
        assert json.loads(document)["session"]["session_id"] == "s1"

        assert memory.close_session("s1") == 5
        assert memory.open_session("s1").resumed

        imported = memory.import_session(document, session_id="s2", user_id="u1")
        assert imported.session_id == "s2" and imported.event_count == 5 and imported.user_id == "u1"

        sessions = memory.list_sessions(user_id="u1")
        assert [s.session_id for s in sessions.sessions] == ["s1", "s2"]

        deleted = memory.delete_session("s2")
        assert deleted.events_deleted == 5 and deleted.items_deleted > 0
        assert memory.delete_user_data("u1").sessions_deleted == 1

        memory.append_events("s3", [Event(seq=1, text="The port is 8080.")])
        assert memory.delete_tenant_data("default").sessions_deleted == 1
        assert memory.list_sessions().sessions == ()


def test_events_may_carry_their_own_ids_and_times(memory_address):
    from datetime import datetime

    with MemoryClient(memory_address) as memory:
        naive = datetime(2024, 5, 1, 12)  # noqa: DTZ001  the client takes a naive time as UTC: that is under test
        memory.append_events("s1", [Event(seq=1, event_id="host-7", text="The port is 8080.", created_at=naive)])
        exported = json.loads(memory.export_session("s1"))
        assert exported["events"][0]["event_id"] == "host-7"
        assert exported["events"][0]["created_at"] == "2024-05-01T12:00:00Z"


def test_errors_keep_the_grpc_code_and_the_servers_message(memory_address):
    with MemoryClient(memory_address) as memory:
        with pytest.raises(NotFoundError) as missing:
            memory.get_task_state("nobody")
        assert missing.value.code == grpc.StatusCode.NOT_FOUND and "nobody" in missing.value.message
        assert missing.value.method == "GetTaskState"

        with pytest.raises(InvalidArgumentError) as bad:
            memory.append_events("", [Event(seq=1, text="x")])
        assert bad.value.code == grpc.StatusCode.INVALID_ARGUMENT and "session_id" in bad.value.message

        memory.append_events("s1", [Event(seq=1, text="The port is 8080.")])
        with pytest.raises(FailedPreconditionError) as conflict:
            memory.append_events("s1", [Event(seq=1, event_id="other", text="The port is 9090.")])
        assert conflict.value.code == grpc.StatusCode.FAILED_PRECONDITION and "seq" in conflict.value.message
        assert isinstance(conflict.value, DshMemoryError)


def test_a_request_over_the_servers_size_limit_is_resource_exhausted(start_memory):
    address = start_memory(max_receive_bytes=64 * 1024, max_event_bytes=4096)
    with MemoryClient(address) as memory:
        events = [Event(seq=n, text="x" * 4000) for n in range(1, 40)]
        with pytest.raises(ResourceExhaustedError) as raised:
            memory.append_events("s1", events)
        assert raised.value.code == grpc.StatusCode.RESOURCE_EXHAUSTED
        with pytest.raises(NotFoundError):
            memory.get_task_state("s1")  # nothing was written


def test_a_mistyped_event_is_refused_before_anything_is_sent(memory_address):
    with MemoryClient(memory_address) as memory:
        with pytest.raises(ValueError, match=r"unknown event kind 'human'.*user"):
            memory.append_events("s1", [{"seq": 1, "kind": "human", "text": "hi"}])
        with pytest.raises(ValueError, match="not an event"):
            memory.append_events("s1", [{"seq": 1, "body": "hi"}])
        with pytest.raises(ValueError, match="unknown item kind"):
            memory.list_items("s1", kind="facts")
        with pytest.raises(NotFoundError):
            memory.get_task_state("s1")
