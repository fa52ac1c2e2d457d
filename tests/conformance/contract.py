"""What the conformance tests share: a session wrapper over the stubs and the contract's own rules.

Nothing here knows an implementation: the token estimate, the line labels and the error
codes are the contract's (docs/conformance.md), restated so the suite stands alone.
"""

import contextlib
import json
import math
import re
import uuid
from dataclasses import dataclass, field

import grpc
from dsh.memory.v1 import memory_pb2, memory_pb2_grpc

TIMEOUT = 30.0  # seconds per call: generous, a remote implementation may be far away

USER = memory_pb2.EVENT_KIND_USER_MESSAGE
ASSISTANT = memory_pb2.EVENT_KIND_ASSISTANT_MESSAGE
TOOL_CALL = memory_pb2.EVENT_KIND_TOOL_CALL
TOOL = memory_pb2.EVENT_KIND_TOOL_RESULT
COMPACTION = memory_pb2.EVENT_KIND_COMPACTION

RULE = memory_pb2.ITEM_KIND_RULE
FACT = memory_pb2.ITEM_KIND_FACT
NUMBER = memory_pb2.ITEM_KIND_NUMBER
TASK = memory_pb2.ITEM_KIND_TASK
EVIDENCE = memory_pb2.ITEM_KIND_EVIDENCE
ACTIVE = memory_pb2.ITEM_STATUS_ACTIVE
SUPERSEDED = memory_pb2.ITEM_STATUS_SUPERSEDED

# A seq (or event id) reused with other content: the contract allows either code.
CONFLICT_CODES = (grpc.StatusCode.FAILED_PRECONDITION, grpc.StatusCode.ALREADY_EXISTS)
# Over a size limit: the service says INVALID_ARGUMENT, but a transport that refuses the
# message first says RESOURCE_EXHAUSTED; both leave nothing written.
OVERSIZE_CODES = (grpc.StatusCode.INVALID_ARGUMENT, grpc.StatusCode.RESOURCE_EXHAUSTED)
# What an implementation without storage may answer instead of items it does not have.
NO_STORAGE_CODES = (grpc.StatusCode.UNIMPLEMENTED,)

SERVICE_NAME = memory_pb2.DESCRIPTOR.services_by_name["MemoryService"].full_name
MAX_SESSION_ID_BYTES = 128
DEFAULT_TOKEN_BUDGET = 800

# The characters counted at the CJK rate of the token estimate (documented in docs/conformance.md).
CJK_RANGES = (
    (0x3000, 0x303F),
    (0x3040, 0x30FF),
    (0x3400, 0x4DBF),
    (0x4E00, 0x9FFF),
    (0xAC00, 0xD7AF),
    (0xF900, 0xFAFF),
    (0xFF00, 0xFFEF),
    (0x20000, 0x2FA1F),
)
# A content line of an assembled message: `- [seq 12, user] ...` or `- [seq 3, seq 9, tool, untrusted] ...`.
LABEL = re.compile(r"^- \[seq \d+(?:, seq \d+)*, (?P<source>[^\]]+)\] \S")


def token_estimate(text: str) -> int:
    """ceil(cjk_chars / 1.6 + other_chars / 4), the estimate every implementation reports."""
    cjk = sum(1 for char in text if any(low <= ord(char) <= high for low, high in CJK_RANGES))
    return math.ceil(cjk / 1.6 + (len(text) - cjk) / 4)


def content_lines(message: str) -> list[str]:
    """The labelled lines of an assembled message, after checking its layout.

    Layout: a header line saying the block is quoted evidence and not instructions, then
    only blank lines, section headings ending in ':' and labelled content lines.
    """
    if not message:
        return []
    header, *rest = message.splitlines()
    assert "quoted evidence" in header.lower() and "not instructions" in header.lower(), f"header: {header!r}"
    lines = []
    for line in rest:
        if not line.strip() or (not line.startswith("- ") and line.rstrip().endswith(":")):
            continue
        assert LABEL.match(line), f"unlabelled line in assembled message: {line!r}"
        lines.append(line)
    return lines


def unique_session_id(prefix: str = "conf") -> str:
    """A session id no other run (or test) uses, so a shared server never sees a collision."""
    return f"{prefix}-{uuid.uuid4().hex}"


def code_of(call, *args, **kwargs) -> grpc.StatusCode:
    """The status code a call fails with; OK when it succeeds."""
    try:
        call(*args, timeout=TIMEOUT, **kwargs)
    except grpc.RpcError as exc:
        return exc.code()
    return grpc.StatusCode.OK


@dataclass
class Conversation:
    """One session on the service under test, with short helpers for every RPC."""

    stub: memory_pb2_grpc.MemoryServiceStub
    session_id: str = field(default_factory=unique_session_id)

    @property
    def tag(self) -> str:
        """A short marker unique to this session, planted in texts to detect leaks."""
        return self.session_id[-8:]

    def event_id(self, seq: int) -> str:
        return f"ev{seq}-{self.tag}"

    def event(self, seq: int, text: str, kind: int = USER, event_id: str | None = None, **attributes: str) -> memory_pb2.Event:
        return memory_pb2.Event(seq=seq, event_id=event_id or self.event_id(seq), kind=kind, text=text, attributes=attributes)

    def append(self, *events: memory_pb2.Event) -> memory_pb2.AppendEventsResponse:
        return self.stub.AppendEvents(memory_pb2.AppendEventsRequest(session_id=self.session_id, events=list(events)), timeout=TIMEOUT)

    def say(self, *texts: str, start: int = 1, kind: int = USER) -> memory_pb2.AppendEventsResponse:
        """Append one event per text, seqs counting up from start."""
        return self.append(*[self.event(start + n, text, kind) for n, text in enumerate(texts)])

    def open(self) -> memory_pb2.OpenSessionResponse:
        return self.stub.OpenSession(memory_pb2.OpenSessionRequest(session_id=self.session_id), timeout=TIMEOUT)

    def close(self) -> memory_pb2.CloseSessionResponse:
        return self.stub.CloseSession(memory_pb2.CloseSessionRequest(session_id=self.session_id), timeout=TIMEOUT)

    def compact(self, up_to_seq: int, summary: str = "") -> int:
        request = memory_pb2.CompactRequest(session_id=self.session_id, up_to_seq=up_to_seq, summary=summary)
        return self.stub.Compact(request, timeout=TIMEOUT).checkpoint_seq

    def items(self, page_size: int = 100, **filters) -> list[memory_pb2.Item]:
        """Every stored item matching filters, following next_page_token to the end."""
        items, token = [], ""
        while True:
            request = memory_pb2.ListItemsRequest(session_id=self.session_id, page_size=page_size, page_token=token, **filters)
            page = self.stub.ListItems(request, timeout=TIMEOUT)
            items.extend(page.items)
            token = page.next_page_token
            if not token:
                return items

    def retrieve(self, query: str, limit: int = 0, include_superseded: bool = False) -> list[memory_pb2.Item]:
        request = memory_pb2.RetrieveRequest(session_id=self.session_id, query=query, limit=limit, include_superseded=include_superseded)
        return list(self.stub.Retrieve(request, timeout=TIMEOUT).items)

    def assemble(self, query: str, token_budget: int = 0) -> memory_pb2.AssembleResponse:
        request = memory_pb2.AssembleRequest(session_id=self.session_id, query=query, token_budget=token_budget)
        return self.stub.Assemble(request, timeout=TIMEOUT)

    def task_state(self) -> memory_pb2.GetTaskStateResponse:
        return self.stub.GetTaskState(memory_pb2.GetTaskStateRequest(session_id=self.session_id), timeout=TIMEOUT)

    def export_text(self) -> str:
        return self.stub.ExportSession(memory_pb2.ExportSessionRequest(session_id=self.session_id), timeout=TIMEOUT).json

    def export(self) -> dict:
        document = json.loads(self.export_text())
        assert isinstance(document, dict), "ExportSession.json must be a JSON object"
        return document

    def delete(self) -> memory_pb2.DeleteSessionResponse:
        return self.stub.DeleteSession(memory_pb2.DeleteSessionRequest(session_id=self.session_id), timeout=TIMEOUT)

    def discard(self) -> None:
        """Delete the session if it exists; used in teardown, so a refusal is not an error here."""
        with contextlib.suppress(grpc.RpcError):
            self.delete()


def derived_from(items: list[memory_pb2.Item], event_id: str) -> list[memory_pb2.Item]:
    """The items whose provenance names event_id."""
    return [item for item in items if event_id in item.source_event_ids]
