"""Reads of stored memory: unknown sessions, ListItems filters and paging, task state, export, delete."""

import grpc
import pytest
from dsh.memory.v1 import memory_pb2

from tests.conformance.contract import (
    ACTIVE,
    ASSISTANT,
    EVIDENCE,
    FACT,
    NUMBER,
    RULE,
    SUPERSEDED,
    TASK,
    TIMEOUT,
    TOOL,
    code_of,
    unique_session_id,
)

pytestmark = pytest.mark.needs_storage

UNKNOWN_SESSION_READS = [
    pytest.param(
        "Retrieve",
        lambda s: memory_pb2.RetrieveRequest(session_id=s, query="deploy target"),
        marks=pytest.mark.needs_retrieval,
        id="Retrieve",
    ),
    pytest.param("Assemble", lambda s: memory_pb2.AssembleRequest(session_id=s, query="deploy target"), id="Assemble"),
    pytest.param("ListItems", lambda s: memory_pb2.ListItemsRequest(session_id=s), id="ListItems"),
    pytest.param("GetTaskState", lambda s: memory_pb2.GetTaskStateRequest(session_id=s), id="GetTaskState"),
    pytest.param("ExportSession", lambda s: memory_pb2.ExportSessionRequest(session_id=s), id="ExportSession"),
    pytest.param("DeleteSession", lambda s: memory_pb2.DeleteSessionRequest(session_id=s), id="DeleteSession"),
    pytest.param("CloseSession", lambda s: memory_pb2.CloseSessionRequest(session_id=s), id="CloseSession"),
    pytest.param("Compact", lambda s: memory_pb2.CompactRequest(session_id=s, up_to_seq=3), id="Compact"),
]


@pytest.mark.parametrize("rpc,build", UNKNOWN_SESSION_READS)
def test_unknown_session_is_not_found(stub, rpc, build):
    session_id = unique_session_id("never-written")
    assert code_of(getattr(stub, rpc), build(session_id)) == grpc.StatusCode.NOT_FOUND
    # ...and asking did not create it.
    assert code_of(stub.ListItems, memory_pb2.ListItemsRequest(session_id=session_id)) == grpc.StatusCode.NOT_FOUND


def _planted(conv) -> dict[str, str]:
    """One event of each sort that must yield an item; returns the event ids by sort."""
    conv.append(
        conv.event(1, "Never run database migrations on a Friday afternoon."),
        conv.event(2, "The container registry is harbor.internal.example."),
        conv.event(3, "Peak memory must stay under 512 MB per worker during imports."),
        conv.event(4, "Goal: move the image thumbnails to the CDN."),
        conv.event(5, "$ du -sh thumbnails/ -> 41G thumbnails/", TOOL),
        conv.event(6, "Sounds good, I'll start with the thumbnails.", ASSISTANT),
        conv.event(7, "Correction: the container registry is quay.internal.example, not harbor.internal.example."),
    )
    return {
        "rule": conv.event_id(1),
        "fact": conv.event_id(2),
        "number": conv.event_id(3),
        "task": conv.event_id(4),
        "tool": conv.event_id(5),
        "correction": conv.event_id(7),
    }


def test_list_items_filters_by_kind_status_and_key(conv):
    ids = _planted(conv)
    everything = conv.items()
    by_kind = {kind: conv.items(kind=kind) for kind in (RULE, FACT, NUMBER, TASK, EVIDENCE)}
    for kind, items in by_kind.items():
        assert all(item.kind == kind for item in items)
    assert sorted(i.item_id for items in by_kind.values() for i in items) == sorted(i.item_id for i in everything)
    for kind, event_id in ((RULE, ids["rule"]), (FACT, ids["fact"]), (NUMBER, ids["number"]), (TASK, ids["task"]), (EVIDENCE, ids["tool"])):
        assert any(event_id in item.source_event_ids for item in by_kind[kind]), memory_pb2.ItemKind.Name(kind)
    active, superseded = conv.items(status=ACTIVE), conv.items(status=SUPERSEDED)
    assert all(i.status == ACTIVE for i in active) and all(i.status == SUPERSEDED for i in superseded)
    assert len(active) + len(superseded) == len(everything) and superseded
    old = next(i for i in superseded if i.kind == FACT)
    keyed = conv.items(key=old.key)
    assert keyed and all(i.key == old.key for i in keyed)
    assert old.item_id in [i.item_id for i in keyed] and [i.item_id for i in conv.items(key=old.key, status=ACTIVE)] == [old.superseded_by]
    # Filters combine: the superseded facts of that key are exactly the old one.
    assert [i.item_id for i in conv.items(key=old.key, status=SUPERSEDED, kind=FACT)] == [old.item_id]


def test_list_items_pages_without_repeats(conv):
    hosts = ["ci", "docs", "grafana", "jenkins", "kibana", "metrics", "sentry", "vault", "wiki", "minio", "nexus", "gitea"]
    conv.say(*[f"The {name} host is {name}.corp.example, port {8000 + n}." for n, name in enumerate(hosts)])
    whole = [item.item_id for item in conv.items(page_size=1000)]
    assert len(whole) >= len(hosts)
    seen, token, pages = [], "", 0
    while True:
        page = conv.stub.ListItems(memory_pb2.ListItemsRequest(session_id=conv.session_id, page_size=5, page_token=token), timeout=TIMEOUT)
        assert len(page.items) <= 5
        seen += [item.item_id for item in page.items]
        pages += 1
        token = page.next_page_token
        if not token:
            break
    assert seen == whole, "pages concatenate to the single-page listing, in the same order, without repeats"
    assert len(set(seen)) == len(seen) and pages >= len(whole) // 5


@pytest.mark.parametrize(
    "request_message",
    [
        pytest.param(lambda s: memory_pb2.ListItemsRequest(session_id=s, page_token="definitely not a token!"), id="bad page token"),
        pytest.param(lambda s: memory_pb2.ListItemsRequest(session_id=s, kind=77), id="unknown kind filter"),
        pytest.param(lambda s: memory_pb2.ListItemsRequest(session_id=s, status=77), id="unknown status filter"),
        pytest.param(lambda s: memory_pb2.ListItemsRequest(session_id=s, page_size=-1), id="negative page size"),
    ],
)
def test_bad_list_arguments_are_invalid(conv, request_message):
    conv.say("The log retention is 30 days.")
    assert code_of(conv.stub.ListItems, request_message(conv.session_id)) == grpc.StatusCode.INVALID_ARGUMENT


@pytest.mark.needs_retrieval
def test_negative_retrieve_limit_is_invalid(conv):
    conv.say("The log retention is 30 days.")
    request = memory_pb2.RetrieveRequest(session_id=conv.session_id, query="log retention", limit=-1)
    assert code_of(conv.stub.Retrieve, request) == grpc.StatusCode.INVALID_ARGUMENT


def test_task_state_has_goal_progress_blockers_and_next_with_provenance(conv):
    conv.append(
        conv.event(1, "Goal: ship the CSV export on the reports page."),
        conv.event(2, "Done: wrote the serializer for report rows."),
        conv.event(3, "Right now we're blocked on legal sign-off for the retention policy."),
        conv.event(4, "Next: add pagination to the export endpoint."),
        conv.event(5, "Looks fine to me.", ASSISTANT),
    )
    task = conv.task_state()
    assert "CSV export" in task.goal.text
    assert (list(task.goal.source_seqs), list(task.goal.source_event_ids)) == ([1], [conv.event_id(1)])
    for entries, words, seq in ((task.progress, "serializer", 2), (task.blockers, "legal sign-off", 3), (task.open_items, "pagination", 4)):
        entry = next(e for e in entries if words in e.text)
        assert (list(entry.source_seqs), list(entry.source_event_ids)) == ([seq], [conv.event_id(seq)])
    conv.append(conv.event(6, "Goal: ship the CSV and XLSX exports on the reports page."))
    assert "XLSX" in conv.task_state().goal.text and list(conv.task_state().goal.source_seqs) == [6], "the goal is the latest one"


SECRETS = {
    "home path": "/home/mkowalski/src/api/.env",
    "mac path": "/Users/jdoe/Library/Application Support/notes.txt",
    "windows path": r"C:\Users\rsingh\AppData\Roaming\npm\.npmrc",
    "openai key": "sk-4f9Qx2LmZ8rT1vB6nW3yK7pD0sH5jC9e",
    "github token": "ghp_R7tY2uI9oP4aS6dF1gH3jK5lZ8xC0vB2nM4q",
    "aws key": "AKIAZ7XQ4M2LPN8RT3VW",
    "bearer": "Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJjaSJ9.c2lnbmF0dXJl",
    "password": "password=correct-horse-battery",
}
LEAKS = (
    "mkowalski",
    "jdoe",
    "rsingh",
    "4f9Qx2LmZ8rT1vB6nW3yK7pD0sH5jC9e",
    "R7tY2uI9oP4aS6dF1gH3jK5lZ8xC0vB2nM4q",
    "AKIAZ7XQ4M2LPN8RT3VW",
    "eyJhbGciOiJIUzI1NiJ9",
    "correct-horse-battery",
)


def test_export_is_json_of_the_session_and_scrubbed(conv):
    s = SECRETS
    conv.append(
        conv.event(1, f"My checkout lives in {s['home path']} and the staging notes in {s['mac path']}.", cwd="/home/mkowalski/src/api"),
        conv.event(2, f"cat {s['windows path']}", memory_pb2.EVENT_KIND_TOOL_CALL),
        conv.event(
            3, f"staging config: OPENAI_API_KEY={s['openai key']} GITHUB_TOKEN={s['github token']} AWS_ACCESS_KEY_ID={s['aws key']}", TOOL
        ),
        conv.event(4, f"The staging smoke test sends {s['bearer']} and logs in with {s['password']}."),
    )
    text = conv.export_text()
    document = conv.export()
    assert {"session", "events", "items"} <= document.keys()
    assert sorted(e["seq"] for e in document["events"]) == [1, 2, 3, 4]
    assert len(document["items"]) == len(conv.items())
    for leaked in LEAKS:
        assert leaked not in text, f"export leaks {leaked!r}"
    # Scrubbing replaces the secret, not the event: the rest of each text is still there.
    assert text.count("staging") >= 3


def test_delete_removes_everything_of_the_session_and_nothing_else(new_conversation):
    gone, kept = new_conversation(), new_conversation()
    kept.say("The cache TTL is 300 seconds.", "Always purge the CDN after a deploy.")
    gone.say("The cache TTL is 45 seconds.", "Never purge the CDN during business hours.")
    gone.append(gone.event(3, "purge queued", TOOL))
    kept_items, kept_export = kept.items(), kept.export()
    gone_items = gone.items()
    counts = gone.delete()
    assert (counts.events_deleted, counts.items_deleted) == (3, len(gone_items))
    for rpc, request in (
        (gone.stub.ListItems, memory_pb2.ListItemsRequest(session_id=gone.session_id)),
        (gone.stub.GetTaskState, memory_pb2.GetTaskStateRequest(session_id=gone.session_id)),
        (gone.stub.ExportSession, memory_pb2.ExportSessionRequest(session_id=gone.session_id)),
        (gone.stub.Assemble, memory_pb2.AssembleRequest(session_id=gone.session_id, query="cache TTL")),
        (gone.stub.DeleteSession, memory_pb2.DeleteSessionRequest(session_id=gone.session_id)),
    ):
        assert code_of(rpc, request) == grpc.StatusCode.NOT_FOUND
    assert [i.item_id for i in kept.items()] == [i.item_id for i in kept_items]
    assert kept.export()["events"] == kept_export["events"]
    # Its event ids are forgotten too: the same seq and id with new content is a fresh event.
    assert gone.append(gone.event(1, "The cache TTL is 90 seconds.")).accepted == 1
    assert all("45 seconds" not in i.text for i in gone.items())
