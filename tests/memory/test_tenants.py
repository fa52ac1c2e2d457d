"""Tenants and the data lifecycle through gRPC on a real server: isolation, ListSessions, ImportSession,
user and tenant deletion. tests/memory/redis/test_redis_tenants.py re-runs these on Redis."""

import functools
import json

import grpc
import pytest
from dsh.memory.v1 import memory_pb2

from services.common.principal import Role
from tests.memory.conftest import event
from tests.memory.tenant_server import tenant_server

# A session with a correction, a superseded number, task history (a replaced goal, a resolved
# blocker), a tool result and a compaction.
HISTORY = [
    "Goal for this sprint: ship the billing exports to every region.",
    "The deploy target is eu-west-1.",
    "We're blocked on the IAM role for the export bucket.",
    "The retry budget is 3 attempts per job.",
    "Actually, the deploy target is eu-central-1, not eu-west-1.",
    "The IAM role is sorted now, security signed it off.",
    "Change of plan: exports wait. New goal: fix the invoice rounding bug first.",
    "Correction: the retry budget is 5 attempts per job.",
]


@pytest.fixture
def served(memory_settings):
    with tenant_server(memory_settings) as server:
        yield server


def fill(caller, session_id: str, user_id: str = "", texts=HISTORY) -> None:
    events = []
    for n, text in enumerate(texts):
        events += [
            event(2 * n + 1, text, event_id=f"{session_id}-u{n}"),
            event(2 * n + 2, "OK.", kind="assistant", event_id=f"{session_id}-a{n}"),
        ]
    events.append(event(len(events) + 1, "bucket policy: deny all public reads", kind="tool", event_id=f"{session_id}-t"))
    caller.AppendEvents(memory_pb2.AppendEventsRequest(session_id=session_id, events=events, user_id=user_id))
    caller.AppendEvents(
        memory_pb2.AppendEventsRequest(
            session_id=session_id, events=[event(len(events) + 1, "summary", kind="compaction", event_id=f"{session_id}-c", up_to_seq="4")]
        )
    )


def export(caller, session_id: str) -> str:
    return caller.ExportSession(memory_pb2.ExportSessionRequest(session_id=session_id)).json


def listed(caller, **request) -> list[memory_pb2.SessionSummary]:
    sessions, token = [], ""
    while True:
        page = caller.ListSessions(memory_pb2.ListSessionsRequest(page_token=token, **request))
        sessions += page.sessions
        token = page.next_page_token
        if not token:
            return sessions


def code_of(call) -> tuple[grpc.StatusCode, str]:
    with pytest.raises(grpc.RpcError) as failure:
        call()
    return failure.value.code(), failure.value.details()


def test_another_tenants_session_is_denied_for_every_rpc_and_left_untouched(served):
    alice, bob = served.tenant("alice"), served.tenant("bob")
    fill(alice, "shared-name", user_id="u-1")
    before = export(alice, "shared-name")
    document = before
    s = "shared-name"
    calls = {
        "AppendEvents": lambda: bob.AppendEvents(
            memory_pb2.AppendEventsRequest(session_id=s, events=[event(99, "The deploy target is us-east-1.")])
        ),
        "Compact": lambda: bob.Compact(memory_pb2.CompactRequest(session_id=s, up_to_seq=5)),
        "OpenSession": lambda: bob.OpenSession(memory_pb2.OpenSessionRequest(session_id=s)),
        "CloseSession": lambda: bob.CloseSession(memory_pb2.CloseSessionRequest(session_id=s)),
        "Retrieve": lambda: bob.Retrieve(memory_pb2.RetrieveRequest(session_id=s, query="deploy target")),
        "Assemble": lambda: bob.Assemble(memory_pb2.AssembleRequest(session_id=s, query="deploy target")),
        "ListItems": lambda: bob.ListItems(memory_pb2.ListItemsRequest(session_id=s)),
        "GetTaskState": lambda: bob.GetTaskState(memory_pb2.GetTaskStateRequest(session_id=s)),
        "ExportSession": lambda: bob.ExportSession(memory_pb2.ExportSessionRequest(session_id=s)),
        "DeleteSession": lambda: bob.DeleteSession(memory_pb2.DeleteSessionRequest(session_id=s)),
        "ImportSession": lambda: bob.ImportSession(memory_pb2.ImportSessionRequest(json=document)),
    }
    for rpc, call in calls.items():
        code, message = code_of(call)
        assert code == grpc.StatusCode.PERMISSION_DENIED, rpc
        # Nothing of the session leaks: not its owner, user, counts or words.
        assert "alice" not in message and "u-1" not in message and "eu-central-1" not in message, rpc
    assert [x.session_id for x in listed(bob)] == []
    assert export(alice, s) == before  # untouched, still open
    assert [(x.session_id, x.user_id, x.closed) for x in listed(alice)] == [(s, "u-1", False)]
    # Tenant "default" (every caller when auth is off) is not alice either.
    default = served.tenant("default")
    assert code_of(lambda: default.Retrieve(memory_pb2.RetrieveRequest(session_id=s, query="x")))[0] == grpc.StatusCode.PERMISSION_DENIED


def test_a_key_reads_and_writes_its_own_tenant_only_as_far_as_its_role_allows(served):
    writer = served.tenant("alice", Role.WRITER)
    reader = served.tenant("alice", Role.READER)
    fill(writer, "alice-notes")
    # Same tenant: the reader sees the writer's session, and may not change it.
    assert reader.Retrieve(memory_pb2.RetrieveRequest(session_id="alice-notes", query="deploy target")).items
    assert [x.session_id for x in listed(reader)] == ["alice-notes"]
    for call in (
        lambda: reader.AppendEvents(
            memory_pb2.AppendEventsRequest(session_id="alice-notes", events=[event(99, "The deploy target is us-east-1.")])
        ),
        lambda: reader.DeleteSession(memory_pb2.DeleteSessionRequest(session_id="alice-notes")),
        lambda: writer.DeleteTenantData(memory_pb2.DeleteTenantDataRequest(tenant="alice")),
    ):
        assert code_of(call)[0] == grpc.StatusCode.PERMISSION_DENIED
    assert [x.session_id for x in listed(reader)] == ["alice-notes"]


def test_each_tenant_lists_only_its_own_sessions_page_by_page(served):
    alice, bob = served.tenant("alice"), served.tenant("bob")
    for n in range(5):
        alice.AppendEvents(
            memory_pb2.AppendEventsRequest(
                session_id=f"a-{n}",
                user_id="u-1" if n % 2 else "u-2",
                events=[event(seq, f"Note {seq} of session {n}.") for seq in range(1, n + 2)],
            )
        )
    alice.CloseSession(memory_pb2.CloseSessionRequest(session_id="a-3"))
    bob.OpenSession(memory_pb2.OpenSessionRequest(session_id="b-0"))
    pages = []
    token = ""
    while True:
        page = alice.ListSessions(memory_pb2.ListSessionsRequest(page_size=2, page_token=token))
        pages.append([s.session_id for s in page.sessions])
        token = page.next_page_token
        if not token:
            break
    assert pages == [["a-0", "a-1"], ["a-2", "a-3"], ["a-4"]]
    summary = {s.session_id: s for s in listed(alice)}
    assert (summary["a-3"].last_seq, summary["a-3"].event_count, summary["a-3"].closed, summary["a-3"].user_id) == (4, 4, True, "u-1")
    assert summary["a-3"].item_count >= 4 and not summary["a-2"].closed
    assert [s.session_id for s in listed(alice, user_id="u-1")] == ["a-1", "a-3"]
    assert [s.session_id for s in listed(bob)] == ["b-0"]
    for token in ("²", "9" * 5000, "bm90IGEgY3Vyc29y"):
        code, message = code_of(functools.partial(alice.ListSessions, memory_pb2.ListSessionsRequest(page_token=token)))
        assert code == grpc.StatusCode.INVALID_ARGUMENT and "page_token" in message
    assert code_of(lambda: alice.ListSessions(memory_pb2.ListSessionsRequest(page_size=-1)))[0] == grpc.StatusCode.INVALID_ARGUMENT


def test_a_session_keeps_the_user_it_was_created_with(served):
    alice = served.tenant("alice")
    alice.OpenSession(memory_pb2.OpenSessionRequest(session_id="s", user_id="u-1"))
    alice.AppendEvents(memory_pb2.AppendEventsRequest(session_id="s", events=[event(1, "Hello.")]))  # no user named: fine
    code, message = code_of(
        lambda: alice.AppendEvents(memory_pb2.AppendEventsRequest(session_id="s", user_id="u-2", events=[event(2, "Hi.")]))
    )
    assert code == grpc.StatusCode.FAILED_PRECONDITION and "user_id" in message
    assert listed(alice)[0].last_seq == 1
    # A session stored without a user takes the first one its owner names.
    alice.AppendEvents(memory_pb2.AppendEventsRequest(session_id="t", events=[event(1, "Hello.")]))
    alice.OpenSession(memory_pb2.OpenSessionRequest(session_id="t", user_id="u-3"))
    assert {s.session_id: s.user_id for s in listed(alice)} == {"s": "u-1", "t": "u-3"}
    assert (
        code_of(lambda: alice.OpenSession(memory_pb2.OpenSessionRequest(session_id="t", user_id="x" * 129)))[0]
        == grpc.StatusCode.INVALID_ARGUMENT
    )


def test_export_then_import_gives_the_same_document(served):
    alice = served.tenant("alice")
    fill(alice, "orig", user_id="u-1")
    alice.CloseSession(memory_pb2.CloseSessionRequest(session_id="orig"))
    document = export(alice, "orig")
    parsed = json.loads(document)
    assert parsed["session"]["closed"] and parsed["session"]["checkpoint_seq"] == 4
    statuses = {item["status"] for item in parsed["items"]}
    assert statuses == {"active", "superseded"} and any(item["superseded_by"] for item in parsed["items"])
    history = alice.GetTaskState(memory_pb2.GetTaskStateRequest(session_id="orig")).history
    assert history  # a replaced goal and a resolved blocker at least
    items = alice.ListItems(memory_pb2.ListItemsRequest(session_id="orig", page_size=1000)).items

    alice.DeleteSession(memory_pb2.DeleteSessionRequest(session_id="orig"))
    reply = alice.ImportSession(memory_pb2.ImportSessionRequest(json=document, user_id="u-1"))
    assert (reply.session.session_id, reply.session.closed, reply.session.user_id) == ("orig", True, "u-1")
    assert export(alice, "orig") == document
    assert alice.GetTaskState(memory_pb2.GetTaskStateRequest(session_id="orig")).history == history
    assert alice.ListItems(memory_pb2.ListItemsRequest(session_id="orig", page_size=1000)).items == items
    top = alice.Retrieve(memory_pb2.RetrieveRequest(session_id="orig", query="which deploy target?", limit=1)).items[0]
    assert "eu-central-1" in top.value
    # The imported session goes on where it stopped.
    last = reply.session.last_seq
    alice.AppendEvents(
        memory_pb2.AppendEventsRequest(
            session_id="orig", events=[event(last + 1, "The deploy target is ap-south-1 now, not eu-central-1.")]
        )
    )
    top = alice.Retrieve(memory_pb2.RetrieveRequest(session_id="orig", query="which deploy target?", limit=1)).items[0]
    assert "ap-south-1" in top.value

    # Into an existing session: refused, nothing written; under a new id: a copy.
    code, message = code_of(lambda: alice.ImportSession(memory_pb2.ImportSessionRequest(json=document)))
    assert code == grpc.StatusCode.FAILED_PRECONDITION and "already exists" in message
    alice.ImportSession(memory_pb2.ImportSessionRequest(json=document, session_id="copy"))
    copy = json.loads(export(alice, "copy"))
    assert copy["session"] == {**parsed["session"], "session_id": "copy"} and copy["events"] == parsed["events"]
    renamed = {old["item_id"]: new["item_id"] for old, new in zip(parsed["items"], copy["items"], strict=True)}
    assert not set(renamed) & set(renamed.values())
    assert [
        {**item, "item_id": renamed[item["item_id"]], "superseded_by": renamed.get(item["superseded_by"], "")} for item in parsed["items"]
    ] == copy["items"]


@pytest.mark.parametrize(
    ("mutate", "named"),
    [
        (lambda d: "not json", "not JSON"),
        (lambda d: json.dumps([d]), "JSON object"),
        (lambda d: json.dumps({**d, "format": "other"}), "document.format"),
        (lambda d: json.dumps({**d, "version": 2}), "document.version"),
        (lambda d: json.dumps({**d, "session": {**d["session"], "session_id": ""}}), "session_id"),
        (lambda d: json.dumps({**d, "session": {**d["session"], "last_seq": 1}}), "session.last_seq"),
        (lambda d: json.dumps({**d, "session": {**d["session"], "checkpoint_seq": 2**63}}), "session.checkpoint_seq"),
        (lambda d: json.dumps({**d, "session": {**d["session"], "closed": "yes"}}), "session.closed"),
        (lambda d: json.dumps({**d, "events": d["events"] + [d["events"][0]]}), "seq"),
        (lambda d: json.dumps({**d, "events": [{**d["events"][0], "kind": "shout"}, *d["events"][1:]]}), "events[0].kind"),
        (lambda d: json.dumps({**d, "events": [{**d["events"][0], "seq": "1"}, *d["events"][1:]]}), "events[0].seq"),
        (lambda d: json.dumps({**d, "events": [{**d["events"][0], "created_at": "yesterday"}, *d["events"][1:]]}), "created_at"),
        (lambda d: json.dumps({**d, "events": [{**d["events"][0], "text": "x" * 5000}, *d["events"][1:]]}), "events[0].text"),
        (lambda d: json.dumps({**d, "items": [{**d["items"][0], "status": "gone"}, *d["items"][1:]]}), "items[0].status"),
        (lambda d: json.dumps({**d, "items": [{**d["items"][0], "source_seqs": [999]}, *d["items"][1:]]}), "items[0].source_seqs"),
        (
            lambda d: json.dumps(
                {**d, "items": [{**d["items"][0], "superseded_by": "it_nowhere", "status": "superseded"}, *d["items"][1:]]}
            ),
            "superseded_by",
        ),
        (lambda d: json.dumps({**d, "items": d["items"] + [{**d["items"][0], "item_id": "it_twin"}]}), "active item"),
        (lambda d: json.dumps({**d, "events": [{**d["events"][0], "text": "\ud800"}, *d["events"][1:]]}), "UTF-8"),
    ],
)
def test_a_bad_document_is_refused_naming_the_problem_and_writes_nothing(served, mutate, named):
    alice = served.tenant("alice")
    fill(alice, "orig")
    document = json.loads(export(alice, "orig"))
    assert document["items"][0]["status"] == "active"
    code, message = code_of(lambda: alice.ImportSession(memory_pb2.ImportSessionRequest(json=mutate(document), session_id="new")))
    assert code == grpc.StatusCode.INVALID_ARGUMENT and named in message, message
    assert [s.session_id for s in listed(alice)] == ["orig"]


def test_deleting_a_users_data_and_a_tenants_data(served):
    alice, bob = served.tenant("alice"), served.tenant("bob")
    fill(alice, "a-u1-x", user_id="u-1")
    fill(alice, "a-u1-y", user_id="u-1")
    fill(alice, "a-u2", user_id="u-2")
    fill(bob, "b-u1", user_id="u-1")  # the same user id in another tenant is another person
    events = sum(s.event_count for s in listed(alice, user_id="u-1"))
    reply = alice.DeleteUserData(memory_pb2.DeleteUserDataRequest(user_id="u-1"))
    assert (reply.sessions_deleted, reply.events_deleted) == (2, events) and reply.items_deleted > 0
    assert [s.session_id for s in listed(alice)] == ["a-u2"] and [s.session_id for s in listed(bob)] == ["b-u1"]
    assert code_of(lambda: alice.ExportSession(memory_pb2.ExportSessionRequest(session_id="a-u1-x")))[0] == grpc.StatusCode.NOT_FOUND
    assert code_of(lambda: alice.DeleteUserData(memory_pb2.DeleteUserDataRequest(user_id="")))[0] == grpc.StatusCode.INVALID_ARGUMENT

    assert code_of(lambda: alice.DeleteTenantData(memory_pb2.DeleteTenantDataRequest()))[0] == grpc.StatusCode.INVALID_ARGUMENT
    assert code_of(lambda: alice.DeleteTenantData(memory_pb2.DeleteTenantDataRequest(tenant="bob")))[0] == grpc.StatusCode.PERMISSION_DENIED
    assert [s.session_id for s in listed(bob)] == ["b-u1"]
    reply = alice.DeleteTenantData(memory_pb2.DeleteTenantDataRequest(tenant="alice"))
    assert reply.sessions_deleted == 1 and listed(alice) == []
    assert [s.session_id for s in listed(bob)] == ["b-u1"]
    # The name is free again, for anyone.
    bob.OpenSession(memory_pb2.OpenSessionRequest(session_id="a-u2"))
