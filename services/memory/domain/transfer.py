"""Reading an ExportSession document back: validated whole before anything is written.

The document is the one MemoryCore.export writes (format "dsh-memory-export", version 1). Imported
under its own session id, exporting the imported session gives the same document; under another id
the item ids are renamed (they are unique across sessions) and everything else stays.
"""

import hashlib
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import NoReturn, TypeVar

from services.common.errors import InvalidArgument
from services.memory.domain.indexing import CONTEXT_TURNS, event_metadata, turns_context
from services.memory.domain.model import (
    QUOTABLE_KINDS,
    AppendPlan,
    Event,
    EventKind,
    Item,
    ItemKind,
    ItemStatus,
    SessionState,
    TaskField,
)
from services.memory.domain.validation import (
    MAX_ATTRIBUTE_BYTES,
    MAX_ATTRIBUTES,
    MAX_EVENT_ID_BYTES,
    Limits,
    check_session_id,
)

FORMAT = "dsh-memory-export"
VERSION = 1
MAX_SEQ = 2**63 - 1  # SQLite's INTEGER
_EVENT_KINDS = {kind.value: kind for kind in EventKind}
_ITEM_KINDS = {kind.value: kind for kind in ItemKind}
_STATUSES = {status.value: status for status in ItemStatus}
_TASK_FIELDS = {field.value: field for field in TaskField}
_T = TypeVar("_T")


@dataclass(frozen=True)
class Imported:
    """A validated document: the session, its events and its items as they will be stored."""

    session: SessionState
    events: tuple[Event, ...]
    items: tuple[Item, ...]

    def plan(self, *, tenant: str, user_id: str) -> AppendPlan:
        """The writes that recreate the session, applied by the store as one append."""
        return AppendPlan(
            new_events=list(self.events),
            new_items=list(self.items),
            checkpoint_seq=self.session.checkpoint_seq,
            last_seq=self.session.last_seq,
            tenant=tenant,
            user_id=user_id,
            closed=self.session.closed,
        )


def parse_export(document: str, limits: Limits, session_id: str = "") -> Imported:
    """Validate an export document; session_id (non-empty) imports it under another id."""
    try:
        data = json.loads(document)
    except (ValueError, RecursionError) as exc:
        raise InvalidArgument(f"document is not JSON: {exc}; pass ExportSession's json unchanged") from exc
    data = _object(data, "document")
    _require(data.get("format") == FORMAT, "document.format", f"must be {FORMAT!r}")
    _require(data.get("version") == VERSION and _is_int(data.get("version")), "document.version", f"must be {VERSION}")
    session = _object(data.get("session"), "session")
    source_id = _string(session.get("session_id"), "session.session_id", limit=None)
    try:
        check_session_id(source_id)
    except InvalidArgument as exc:
        raise InvalidArgument(f"document session.session_id: {exc}") from exc
    target = session_id or source_id
    events = [_event(target, raw, f"events[{n}]", limits) for n, raw in enumerate(_list(data.get("events"), "events"))]
    _unique([e.seq for e in events], "events", "seq")
    _unique([e.event_id for e in events], "events", "event_id")
    last_seq = _seq(session.get("last_seq"), "session.last_seq", minimum=0)
    highest = max((e.seq for e in events), default=0)
    _require(last_seq >= highest, "session.last_seq", f"is {last_seq}, below the highest event seq {highest}")
    checkpoint = _seq(session.get("checkpoint_seq"), "session.checkpoint_seq", minimum=0)
    closed = session.get("closed")
    if not isinstance(closed, bool):
        _fail("session.closed", "must be true or false")
    by_seq = {e.seq: e for e in sorted(events, key=lambda e: e.seq)}
    rename = _renamer(source_id, target)
    items = [_item(target, raw, f"items[{n}]", limits, by_seq, rename) for n, raw in enumerate(_list(data.get("items"), "items"))]
    _check_items(items)
    state = SessionState(
        session_id=target,
        last_seq=last_seq,
        checkpoint_seq=checkpoint,
        closed=closed,
        event_count=len(events),
        item_count=len(items),
    )
    return Imported(state, tuple(sorted(events, key=lambda e: e.seq)), tuple(_with_index_inputs(items, by_seq)))


def _check_items(items: list[Item]) -> None:
    _unique([i.item_id for i in items], "items", "item_id")
    ids = {i.item_id for i in items}
    active_keys: set[str] = set()
    for n, item in enumerate(items):
        if item.superseded_by:
            _require(item.superseded_by in ids, f"items[{n}].superseded_by", "names no item of the document")
        if item.status is ItemStatus.ACTIVE:
            _require(item.key not in active_keys, f"items[{n}].key", f"{item.key!r} has a second active item; one per key")
            active_keys.add(item.key)


def _with_index_inputs(items: list[Item], by_seq: dict[int, Event]) -> list[Item]:
    """What an export leaves out but ranking reads: the source turn's metadata and speaker, and for
    evidence the turns before it (ingest's context), taken from the imported events."""
    previous: dict[int, str] = {}  # seq -> the context of its evidence, as ingest read a batch
    before: list[str] = []
    for seq, event in by_seq.items():
        previous[seq] = turns_context(before)
        if event.kind in QUOTABLE_KINDS and event.text.strip():
            before = [*before[1 - CONTEXT_TURNS :], event.text]
    restored: list[Item] = []
    for item in items:
        source = by_seq[item.source_seqs[0]]
        context = previous[source.seq] if item.kind is ItemKind.EVIDENCE else ""
        restored.append(replace(item, metadata=event_metadata(source), speaker=source.attribute("speaker"), context=context))
    return restored


def _renamer(source_id: str, target: str) -> Callable[[str], str]:
    if source_id == target:
        return lambda item_id: item_id
    # Item ids are unique across sessions: a copy under another id gets its own, stably derived.
    return lambda item_id: "it_" + hashlib.sha256(f"{target}\x00{item_id}".encode()).hexdigest()[:20]


def _event(session_id: str, raw: object, where: str, limits: Limits) -> Event:
    data = _object(raw, where)
    kind = _choice(_EVENT_KINDS, data.get("kind"), f"{where}.kind")
    created_at = _string(data.get("created_at", ""), f"{where}.created_at", limit=64)
    if created_at:
        try:
            datetime.fromisoformat(created_at.replace("Z", "+00:00"))
        except ValueError:
            raise InvalidArgument(f"document {where}.created_at {created_at!r} is not an RFC 3339 time") from None
    raw_attributes = _object(data.get("attributes", {}), f"{where}.attributes")
    _require(len(raw_attributes) <= MAX_ATTRIBUTES, f"{where}.attributes", f"has more than {MAX_ATTRIBUTES} entries")
    attributes = {
        name: _string(value, f"{where}.attributes[{name!r}]", limit=MAX_ATTRIBUTE_BYTES - len(name.encode()))
        for name, value in raw_attributes.items()
    }
    event_id = _string(data.get("event_id"), f"{where}.event_id", limit=MAX_EVENT_ID_BYTES)
    _require(bool(event_id), f"{where}.event_id", "is empty")
    return Event(
        session_id=session_id,
        seq=_seq(data.get("seq"), f"{where}.seq", minimum=1),
        event_id=event_id,
        kind=kind,
        text=_string(data.get("text"), f"{where}.text", limit=limits.max_event_bytes),
        created_at=created_at,
        attributes=tuple(sorted(attributes.items())),
    )


def _item(session_id: str, raw: object, where: str, limits: Limits, by_seq: dict[int, Event], rename: Callable[[str], str]) -> Item:
    data = _object(raw, where)
    size = limits.max_event_bytes

    def text(name: str) -> str:
        return _string(data.get(name), f"{where}.{name}", limit=size)

    kind = _choice(_ITEM_KINDS, data.get("kind"), f"{where}.kind")
    status = _choice(_STATUSES, data.get("status"), f"{where}.status")
    source_kind = _choice(_EVENT_KINDS, data.get("source_kind"), f"{where}.source_kind")
    task_field = text("task_field")
    _require(task_field in _TASK_FIELDS or not task_field, f"{where}.task_field", f"must be empty or one of {sorted(_TASK_FIELDS)}")
    seqs = _list(data.get("source_seqs"), f"{where}.source_seqs")
    _require(bool(seqs), f"{where}.source_seqs", "is empty; an item comes from at least one event")
    source_seqs = tuple(_seq(seq, f"{where}.source_seqs", minimum=1) for seq in seqs)
    _require(all(seq in by_seq for seq in source_seqs), f"{where}.source_seqs", "names a seq no event of the document has")
    event_ids = tuple(
        _string(e, f"{where}.source_event_ids", limit=MAX_EVENT_ID_BYTES)
        for e in _list(data.get("source_event_ids"), f"{where}.source_event_ids")
    )
    item_id = _string(data.get("item_id"), f"{where}.item_id", limit=64)
    _require(bool(item_id), f"{where}.item_id", "is empty")
    superseded_by = _string(data.get("superseded_by"), f"{where}.superseded_by", limit=64)
    _require(status is ItemStatus.SUPERSEDED or not superseded_by, f"{where}.superseded_by", "is set on an active item")
    return Item(
        item_id=rename(item_id),
        session_id=session_id,
        kind=kind,
        key=text("key"),
        value=text("value"),
        text=text("text"),
        lang=_string(data.get("lang"), f"{where}.lang", limit=16),
        source_seqs=source_seqs,
        source_event_ids=event_ids,
        source_kind=source_kind,
        unit=text("unit"),
        condition=text("condition"),
        status=status,
        superseded_by=rename(superseded_by) if superseded_by else "",
        task_field=_TASK_FIELDS.get(task_field),
    )


def _fail(where: str, problem: str) -> NoReturn:
    raise InvalidArgument(f"document {where} {problem}; nothing was imported")


def _require(ok: bool, where: str, problem: str) -> None:
    if not ok:
        _fail(where, problem)


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _choice(table: Mapping[str, _T], value: object, where: str) -> _T:
    """The table's entry for a name; anything else (another string, a number, a list) is refused."""
    found = table.get(value) if isinstance(value, str) else None
    if found is None:
        _fail(where, f"must be one of {sorted(table)}")
    return found


def _seq(value: object, where: str, *, minimum: int) -> int:
    if not (isinstance(value, int) and not isinstance(value, bool) and minimum <= value <= MAX_SEQ):
        _fail(where, f"must be an integer from {minimum} to {MAX_SEQ}")
    return value


def _string(value: object, where: str, *, limit: int | None) -> str:
    if not isinstance(value, str):
        _fail(where, "must be a string")
    if limit is not None:
        _require(len(value.encode("utf-8", "surrogatepass")) <= limit, where, f"is longer than {limit} bytes")
    try:
        value.encode()
    except UnicodeEncodeError:
        _require(False, where, "is not valid UTF-8 (a lone surrogate escape)")
    return value


def _object(value: object, where: str) -> dict[str, object]:
    if not isinstance(value, dict):
        _fail(where, "must be a JSON object")
    return value


def _list(value: object, where: str) -> list[object]:
    if not isinstance(value, list):
        _fail(where, "must be a JSON list")
    return value


def _unique(values: Sequence[object], where: str, field: str) -> None:
    seen: set[object] = set()
    for n, value in enumerate(values):
        _require(value not in seen, f"{where}[{n}].{field}", f"repeats {value!r}; each must be unique")
        seen.add(value)


def event_json(event: Event) -> dict[str, object]:
    """An event as ExportSession writes it (and parse_export reads it back)."""
    return {
        "seq": event.seq,
        "event_id": event.event_id,
        "kind": event.kind.value,
        "text": event.text,
        "created_at": event.created_at,
        "attributes": dict(event.attributes),
    }


def item_json(item: Item) -> dict[str, object]:
    """An item as ExportSession writes it."""
    return {
        "item_id": item.item_id,
        "kind": item.kind.value,
        "key": item.key,
        "value": item.value,
        "unit": item.unit,
        "condition": item.condition,
        "status": item.status.value,
        "superseded_by": item.superseded_by,
        "lang": item.lang,
        "source_seqs": list(item.source_seqs),
        "source_event_ids": list(item.source_event_ids),
        "source_kind": item.source_kind.value,
        "text": item.text,
        "task_field": item.task_field.value if item.task_field else "",
    }
