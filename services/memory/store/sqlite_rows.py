"""The SQLite store's rows: sessions, events and items read into domain objects, and items written as rows."""

import json
import sqlite3
from collections.abc import Iterator
from typing import TypeVar

from services.memory.domain.indexing import searchable_text
from services.memory.domain.model import Event, EventKind, Item, ItemKind, ItemStatus, SessionState, TaskField
from services.memory.domain.relations import normalize_value
from services.memory.domain.text import cjk_bigrams, cjk_runs
from services.memory.store.sqlite_terms import namespaced

ITEM_COLUMNS = (
    "item_id, session_id, kind, key, value, unit, condition, status, superseded_by, lang,"
    " source_seqs, source_event_ids, source_kind, text, task_field, speaker, id"
)
# The same columns, qualified, for queries that join items to an FTS table.
JOINED_ITEM_COLUMNS = ", ".join(f"items.{c.strip()}" for c in ITEM_COLUMNS.split(","))
# The statement item_row's values fill, column for column.
INSERT_ITEM = (
    "INSERT INTO items (item_id, session_id, kind, key, value, value_norm, unit, condition, status,"
    " superseded_by, lang, source_seqs, source_event_ids, source_kind, text, task_field, seq,"
    " search_text, cjk_grams, cjk_text, context_text, speaker) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)"
)

T = TypeVar("T")


def chunks(values: list[T], size: int = 500) -> Iterator[list[T]]:
    """values in slices of at most size: SQLite binds at most so many parameters in one statement."""
    for start in range(0, len(values), size):
        yield values[start : start + size]


def session_from_row(row: sqlite3.Row) -> SessionState:
    return SessionState(
        session_id=row["session_id"],
        last_seq=row["last_seq"],
        checkpoint_seq=row["checkpoint_seq"],
        closed=bool(row["closed"]),
        event_count=row["event_count"],
        item_count=row["item_count"],
        tenant=row["tenant"],
        user_id=row["user_id"],
    )


def event_from_row(session_id: str, row: sqlite3.Row) -> Event:
    return Event(
        session_id=session_id,
        seq=row["seq"],
        event_id=row["event_id"],
        kind=EventKind(row["kind"]),
        text=row["text"],
        created_at=row["created_at"],
        attributes=tuple(tuple(pair) for pair in json.loads(row["attributes"])),
    )


_ITEM_KINDS = {kind.value: kind for kind in ItemKind}
_STATUSES = {status.value: status for status in ItemStatus}
_EVENT_KINDS = {kind.value: kind for kind in EventKind}
_TASK_FIELDS = {field.value: field for field in TaskField}


def _json_list(raw: str) -> tuple[str, ...]:
    # Search hydrates hundreds of items per query; most lists hold one plain value.
    if raw.startswith('["') and raw.endswith('"]') and "," not in raw and "\\" not in raw:
        return (raw[2:-2],)
    return tuple(json.loads(raw))


def _seq_list(raw: str) -> tuple[int, ...]:
    return (int(raw[1:-1]),) if "," not in raw and raw[1:-1].isdigit() else tuple(json.loads(raw))


def item_from_row(row: sqlite3.Row) -> Item:
    return Item(
        item_id=row["item_id"],
        session_id=row["session_id"],
        kind=_ITEM_KINDS[row["kind"]],
        key=row["key"],
        value=row["value"],
        unit=row["unit"],
        condition=row["condition"],
        status=_STATUSES[row["status"]],
        superseded_by=row["superseded_by"],
        lang=row["lang"],
        source_seqs=_seq_list(row["source_seqs"]),
        source_event_ids=_json_list(row["source_event_ids"]),
        source_kind=_EVENT_KINDS[row["source_kind"]],
        text=row["text"],
        task_field=_TASK_FIELDS.get(row["task_field"]),
        speaker=row["speaker"],
    )


def seqs_json(seqs: tuple[int, ...]) -> str:
    # Ingest writes one row per event, most with one source: json.dumps costs more than the row's other columns.
    return f"[{seqs[0]}]" if len(seqs) == 1 else json.dumps(list(seqs))


def ids_json(ids: tuple[str, ...]) -> str:
    plain = len(ids) == 1 and ids[0].isascii() and ids[0].isprintable() and '"' not in ids[0] and "\\" not in ids[0]
    return f'["{ids[0]}"]' if plain else json.dumps(list(ids))


def item_row(item: Item, prefix: str) -> tuple[str | int, ...]:
    """The values INSERT_ITEM writes for item, its indexed text under the session's term prefix."""
    searchable = searchable_text(item)
    return (
        item.item_id,
        item.session_id,
        item.kind.value,
        item.key,
        item.value,
        normalize_value(item.value),
        item.unit,
        item.condition,
        item.status.value,
        item.superseded_by,
        item.lang,
        seqs_json(item.source_seqs),
        ids_json(item.source_event_ids),
        item.source_kind.value,
        item.text,
        item.task_field.value if item.task_field else "",
        item.seq,
        namespaced(searchable, prefix),
        namespaced(" ".join(cjk_bigrams(searchable)), prefix),
        " ".join(cjk_runs(searchable)),
        namespaced(item.context, prefix),
        item.speaker,
    )
