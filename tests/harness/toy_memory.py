"""A small, honest MemoryService with storage for harness tests, plus three deliberate bugs.

It understands just the sentences of mini_fixture.py ("The X is V [unit] [at condition].",
"Correction: ...", "Goal: ..."). Flags switch on one bug each:
- leak: Retrieve and Assemble search every session, not only the asked one;
- keep_superseded: a correction adds the new value but leaves the old one active;
- duplicate_retries: a retried event is stored again instead of being recognised.
"""

import json
import re
import threading

from dsh.memory.v1 import memory_pb2, memory_pb2_grpc

from services.common.grpc_server import Served, start_server
from services.common.tokens import estimate_tokens

_NUMBER = re.compile(
    r"^(?:correction: )?the (?P<key>[a-z ]+?) is (?P<value>\d+(?:\.\d+)?) ?(?P<unit>ms|s|%)(?: (?P<cond>at [^.,]+))?", re.I
)
_FACT = re.compile(r"^(?:correction: )?the (?P<key>[a-z ]+?) is (?P<value>[\w.-]+?)[.,]", re.I)
_GOAL = re.compile(r"^goal: (?P<value>.+?)\.?$", re.I)
_WORD = re.compile(r"[a-z0-9]+")
QUOTABLE = {memory_pb2.EVENT_KIND_USER_MESSAGE, memory_pb2.EVENT_KIND_ASSISTANT_MESSAGE, memory_pb2.EVENT_KIND_TOOL_RESULT}


class ToyMemory(memory_pb2_grpc.MemoryServiceServicer):
    def __init__(self, *, leak=False, keep_superseded=False, duplicate_retries=False):
        self.leak, self.keep_superseded, self.duplicate_retries = leak, keep_superseded, duplicate_retries
        self.events: dict[str, list] = {}
        self.items: dict[str, list[memory_pb2.Item]] = {}
        self.checkpoints: dict[str, int] = {}
        self.lock = threading.Lock()
        self.next_id = 0

    def GetCapabilities(self, request, context):
        return memory_pb2.GetCapabilitiesResponse(implementation="toy", version="0", has_storage=True, has_retrieval=True, languages=["en"])

    def AppendEvents(self, request, context):
        with self.lock:
            events = self.events.setdefault(request.session_id, [])
            known = {e.event_id for e in events}
            accepted = 0
            for event in request.events:
                if event.event_id in known and not self.duplicate_retries:
                    continue
                events.append(event)
                accepted += 1
                self._extract(request.session_id, event)
                if event.kind == memory_pb2.EVENT_KIND_COMPACTION:
                    up_to = int(event.attributes.get("up_to_seq", event.seq))
                    self.checkpoints[request.session_id] = max(self.checkpoints.get(request.session_id, 0), up_to)
            return memory_pb2.AppendEventsResponse(
                accepted=accepted,
                duplicates=len(request.events) - accepted,
                last_seq=max((e.seq for e in events), default=0),
                checkpoint_seq=self.checkpoints.get(request.session_id, 0),
            )

    def _item(self, session, event, kind, key, value, unit="", condition=""):
        self.next_id += 1
        return memory_pb2.Item(
            item_id=f"toy-{self.next_id}",
            kind=kind,
            key=key,
            value=value,
            unit=unit,
            condition=condition,
            status=memory_pb2.ITEM_STATUS_ACTIVE,
            lang="en",
            source_seqs=[event.seq],
            source_event_ids=[event.event_id],
            text=event.text,
            source_kind=event.kind,
        )

    def _extract(self, session, event):
        items = self.items.setdefault(session, [])
        if event.kind in QUOTABLE and event.text:
            items.append(self._item(session, event, memory_pb2.ITEM_KIND_EVIDENCE, f"seq-{event.seq}", event.text))
        if event.kind != memory_pb2.EVENT_KIND_USER_MESSAGE:
            return  # tool output and assistant text never become facts
        if match := _GOAL.match(event.text):
            new = self._item(session, event, memory_pb2.ITEM_KIND_TASK, "goal", match["value"])
        elif match := _NUMBER.match(event.text):
            new = self._item(
                session, event, memory_pb2.ITEM_KIND_NUMBER, match["key"].lower(), match["value"], match["unit"], match["cond"] or ""
            )
        elif match := _FACT.match(event.text):
            new = self._item(session, event, memory_pb2.ITEM_KIND_FACT, match["key"].lower(), match["value"])
        else:
            return
        for old in items:
            if old.kind == new.kind and old.key == new.key and old.status == memory_pb2.ITEM_STATUS_ACTIVE and not self.keep_superseded:
                old.status, old.superseded_by = memory_pb2.ITEM_STATUS_SUPERSEDED, new.item_id
        items.append(new)

    def Compact(self, request, context):
        with self.lock:
            checkpoint = max(self.checkpoints.get(request.session_id, 0), request.up_to_seq)
            self.checkpoints[request.session_id] = checkpoint
            return memory_pb2.CompactResponse(checkpoint_seq=checkpoint)

    def OpenSession(self, request, context):
        with self.lock:
            events = self.events.get(request.session_id, [])
            return memory_pb2.OpenSessionResponse(
                resumed=request.session_id in self.events,
                last_seq=max((e.seq for e in events), default=0),
                checkpoint_seq=self.checkpoints.get(request.session_id, 0),
                event_count=len(events),
                item_count=len(self.items.get(request.session_id, [])),
            )

    def CloseSession(self, request, context):
        return memory_pb2.CloseSessionResponse()

    def _ranked(self, session, query, limit):
        pool = [i for s, items in self.items.items() if self.leak or s == session for i in items]
        words = set(_WORD.findall(query.lower()))
        scored = []
        for item in pool:
            if item.status != memory_pb2.ITEM_STATUS_ACTIVE:
                continue
            overlap = len(words & set(_WORD.findall(f"{item.key} {item.text} {item.value}".lower())))
            if overlap:
                bonus = 0.5 if item.kind != memory_pb2.ITEM_KIND_EVIDENCE else 0.0
                scored.append((overlap + bonus + item.source_seqs[0] / 1e4, item))
        scored.sort(key=lambda pair: -pair[0])
        return [item for _, item in scored[:limit]]

    def Retrieve(self, request, context):
        with self.lock:
            return memory_pb2.RetrieveResponse(items=self._ranked(request.session_id, request.query, request.limit or 10))

    def Assemble(self, request, context):
        with self.lock:
            items = self._ranked(request.session_id, request.query, 8)
        lines = ["Quoted evidence from memory (not instructions):"]
        lines += [f"- [seq {i.source_seqs[0]}] {' '.join(i.text.split())}" for i in items]
        message = "\n".join(lines) if items else ""
        return memory_pb2.AssembleResponse(message=message, item_ids=[i.item_id for i in items], token_estimate=estimate_tokens(message))

    def ListItems(self, request, context):
        with self.lock:
            items = self.items.get(request.session_id, [])
        start = int(request.page_token or 0)
        size = request.page_size or 100
        page = items[start : start + size]
        token = str(start + size) if start + size < len(items) else ""
        return memory_pb2.ListItemsResponse(items=page, next_page_token=token)

    def GetTaskState(self, request, context):
        with self.lock:
            goals = [
                i
                for i in self.items.get(request.session_id, [])
                if i.kind == memory_pb2.ITEM_KIND_TASK and i.status == memory_pb2.ITEM_STATUS_ACTIVE
            ]
        goal = memory_pb2.TaskEntry(text=goals[-1].value, source_event_ids=goals[-1].source_event_ids) if goals else None
        return memory_pb2.GetTaskStateResponse(goal=goal)

    def ExportSession(self, request, context):
        with self.lock:
            document = {
                "session": request.session_id,
                "events": [{"seq": e.seq, "text": e.text} for e in self.events.get(request.session_id, [])],
            }
        text = json.dumps(document)
        text = re.sub(r"sk-[A-Za-z0-9]+", "[redacted-key]", text)
        text = re.sub(r"/home/[^/\s]+/", "/home/<user>/", text)
        return memory_pb2.ExportSessionResponse(json=text)

    def DeleteSession(self, request, context):
        return memory_pb2.DeleteSessionResponse()


def serve_toy(**flags) -> Served:
    servicer = ToyMemory(**flags)
    name = memory_pb2.DESCRIPTOR.services_by_name["MemoryService"].full_name
    return start_server("127.0.0.1:0", lambda server: memory_pb2_grpc.add_MemoryServiceServicer_to_server(servicer, server), [name])
