"""The Redis store's records (sessions, events, items) and the writes one AppendPlan makes.

plan_writes reads what it needs through the WATCHing pipeline (so it sees the same
snapshot as the planner) and returns the writes to queue inside MULTI.
"""

import hashlib
import json
from collections import defaultdict
from collections.abc import Callable
from datetime import UTC, datetime
from typing import cast

from services.memory.domain.model import DEFAULT_TENANT, AppendPlan, Event, EventKind, Item, ItemKind, ItemStatus, SessionState, TaskField
from services.memory.domain.relations import normalize_value
from services.memory.store import redis_index as index
from services.memory.store.redis_commands import Pipeline
from services.memory.store.redis_index import docno
from services.memory.store.redis_keys import Keys

# Queues a transaction's writes on the pipeline, after MULTI (what it returns is not used).
Queue = Callable[[Pipeline], object]


def load_session(raw: dict[str, str]) -> SessionState:
    return SessionState(
        session_id=raw["session_id"],
        last_seq=int(raw.get("last_seq", 0)),
        checkpoint_seq=int(raw.get("checkpoint_seq", 0)),
        closed=raw.get("closed") == "1",
        event_count=int(raw.get("event_count", 0)),
        item_count=int(raw.get("item_count", 0)),
        tenant=raw.get("tenant", DEFAULT_TENANT),  # sessions stored before tenants belong to the default one
        user_id=raw.get("user_id", ""),
    )


def session_fields(state: SessionState) -> dict[str, str | int]:
    return {
        "session_id": state.session_id,
        "last_seq": state.last_seq,
        "checkpoint_seq": state.checkpoint_seq,
        "closed": int(state.closed),
        "event_count": state.event_count,
        "item_count": state.item_count,
        "tenant": state.tenant,
        "user_id": state.user_id,
        "updated_at": now(),
    }


def dump_event(event: Event) -> str:
    record: dict[str, object] = {"s": event.seq, "id": event.event_id, "k": event.kind.value, "t": event.text}
    if event.created_at:
        record["c"] = event.created_at
    if event.attributes:
        record["a"] = [list(pair) for pair in event.attributes]
    return json.dumps(record, ensure_ascii=False, separators=(",", ":"))


def load_event(session_id: str, raw: str) -> Event:
    d = json.loads(raw)
    return Event(
        session_id=session_id,
        seq=d["s"],
        event_id=d["id"],
        kind=EventKind(d["k"]),
        text=d["t"],
        created_at=d.get("c", ""),
        attributes=tuple(tuple(pair) for pair in d.get("a", ())),
    )


def dump_item(item: Item) -> str:
    """Short field names, empty fields left out, text kept once when it equals the value.
    context and metadata are index inputs only: SqliteStore does not return them either."""
    record: dict[str, object] = {
        "id": item.item_id,
        "k": item.kind.value,
        "key": item.key,
        "v": item.value,
        "l": item.lang,
        "ss": list(item.source_seqs),
        "se": list(item.source_event_ids),
        "sk": item.source_kind.value,
    }
    optional = {
        "t": item.text if item.text != item.value else "",
        "u": item.unit,
        "c": item.condition,
        "sb": item.superseded_by,
        "tf": item.task_field.value if item.task_field else "",
        "st": item.status.value if item.status is not ItemStatus.ACTIVE else "",
        "sp": item.speaker,
    }
    record.update({name: value for name, value in optional.items() if value})
    return json.dumps(record, ensure_ascii=False, separators=(",", ":"))


def load_item(session_id: str, raw: str) -> Item:
    d = json.loads(raw)
    return Item(
        item_id=d["id"],
        session_id=session_id,
        kind=ItemKind(d["k"]),
        key=d["key"],
        value=d["v"],
        text=d.get("t", d["v"]),
        lang=d["l"],
        source_seqs=tuple(d["ss"]),
        source_event_ids=tuple(d["se"]),
        source_kind=EventKind(d["sk"]),
        unit=d.get("u", ""),
        condition=d.get("c", ""),
        status=ItemStatus(d.get("st", "active")),
        superseded_by=d.get("sb", ""),
        task_field=TaskField(d["tf"]) if d.get("tf") else None,
        speaker=d.get("sp", ""),
    )


def value_field(value_norm: str) -> str:
    # A digest: evidence values are whole messages, too big to repeat as hash fields.
    return hashlib.sha256(value_norm.encode()).hexdigest()[:32]


def now() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def plan_writes(pipe: Pipeline, keys: Keys, session_id: str, plan: AppendPlan) -> Queue:
    """Read (through the WATCHing pipe) what applying plan depends on; return queue(pipe)."""
    state = pipe.hgetall(keys.session)
    next_n = int(state.get("next_item", 0))
    item_count = int(state.get("item_count", 0)) + len(plan.new_items)

    updated = list(plan.updated_items.values())
    found = pipe.hmget(keys.ids, [i.item_id for i in updated]) if updated else []
    missing = [i.item_id for i, n in zip(updated, found, strict=True) if not n]
    if missing:
        raise RuntimeError(f"plan updates items the store does not have: {missing[:3]}")
    numbers = [n for n in found if n]  # all of them, as missing is empty
    # cast: every docno the ids hash names has its item (one MULTI writes both).
    raws = cast(list[str], pipe.hmget(keys.items, numbers)) if numbers else []
    before = {n: load_item(session_id, raw) for n, raw in zip(numbers, raws, strict=True)}
    updates = list(zip(numbers, updated, strict=True))
    retired = [(n, item) for n, item in updates if before[n].status is ItemStatus.ACTIVE and item.status is ItemStatus.SUPERSEDED]
    retired_keys = [i.key for _, i in retired]
    owners = dict(zip(retired_keys, pipe.hmget(keys.active_key, retired_keys), strict=True)) if retired else {}

    created = [(docno(next_n + offset + 1), item) for offset, item in enumerate(plan.new_items)]
    terms = {n: index.doc_terms(item) for n, item in created}
    len_a = int(state.get("len_a", 0)) + sum(t.len_a for t in terms.values())
    len_b = int(state.get("len_b", 0)) + sum(t.len_b for t in terms.values())
    avg_a, avg_b = len_a / max(item_count, 1), len_b / max(item_count, 1)

    # Active items by normalized value: read-modify-write of the few fields touched.
    value_delta: dict[str, tuple[set[str], set[str]]] = defaultdict(lambda: (set(), set()))
    for n, item in retired:
        value_delta[value_field(normalize_value(item.value))][1].add(n)
    for n, item in created:
        if item.status is ItemStatus.ACTIVE:
            value_delta[value_field(normalize_value(item.value))][0].add(n)
    fields = list(value_delta)
    current = dict(zip(fields, pipe.hmget(keys.values, fields), strict=True)) if fields else {}
    values_after = {f: sorted((set(json.loads(current[f] or "[]")) | add) - drop) for f, (add, drop) in value_delta.items()}

    def queue(p: Pipeline) -> None:
        if plan.new_events:
            p.hset(keys.events, mapping={e.event_id: dump_event(e) for e in plan.new_events})
            p.hset(keys.seqs, mapping={str(e.seq): e.event_id for e in plan.new_events})
        # Retire superseded items before new ones claim their keys.
        for n, item in updates:
            p.hset(keys.items, n, dump_item(item))
            if (n, item) in retired:
                p.zadd(keys.superseded, {n: int(n)})
                p.zrem(keys.active(item.kind), n)
                if owners.get(item.key) == n:
                    p.hdel(keys.active_key, item.key)
            elif item.status is ItemStatus.ACTIVE:
                p.zadd(keys.active(item.kind), {n: item.seq})  # provenance added: seq may move
        if created:
            p.hset(keys.items, mapping={n: dump_item(item) for n, item in created})
            p.hset(keys.ids, mapping={item.item_id: n for n, item in created})
            p.zadd(keys.order, {n: int(n) for n, _ in created})
            p.zadd(keys.by_key, {f"{item.key}\x00{n}": 0 for n, item in created})
        for n, item in created:
            p.zadd(keys.kind(item.kind), {n: int(n)})
            if item.status is ItemStatus.SUPERSEDED:
                p.zadd(keys.superseded, {n: int(n)})
            else:
                p.hset(keys.active_key, item.key, n)
                p.zadd(keys.active(item.kind), {n: item.seq})
        for field, members in values_after.items():
            if members:
                p.hset(keys.values, field, json.dumps(members))
            else:
                p.hdel(keys.values, field)
        _queue_postings(p, keys, terms, created, avg_a, avg_b)
        p.hset(
            keys.session,
            mapping={
                "session_id": session_id,
                "last_seq": plan.last_seq,
                "checkpoint_seq": plan.checkpoint_seq,
                "closed": int(plan.closed),
                "event_count": int(state.get("event_count", 0)) + len(plan.new_events),
                "item_count": item_count,
                "next_item": next_n + len(created),
                "len_a": len_a,
                "len_b": len_b,
                "updated_at": now(),
            },
        )
        p.hsetnx(keys.session, "created_at", now())
        p.hsetnx(keys.session, "tenant", plan.tenant)  # an existing session keeps its owner
        if plan.user_id and not state.get("user_id"):
            p.hset(keys.session, "user_id", plan.user_id)

    return queue


def _queue_postings(
    p: Pipeline, keys: Keys, terms: dict[str, index.DocTerms], created: list[tuple[str, Item]], avg_a: float, avg_b: float
) -> None:
    by_term: dict[str, dict[str, float]] = {}
    for n, _ in created:
        doc = terms[n]
        for postings, length, avg in ((doc.a, doc.len_a, avg_a), (doc.b, doc.len_b, avg_b)):
            for term, freq in postings.items():
                member = index.posting(int(n), freq, length)
                # Rounded, so equal impacts tie and the newest posting (larger member) reads first.
                by_term.setdefault(term, {})[member] = round(index.impact(freq, length, avg), 4)
    # One ZADD per term and batch, not per posting: the client packs and parses far fewer commands.
    for term, members in by_term.items():
        p.zadd(keys.postings(term), members)
    if by_term:
        p.sadd(keys.terms, *by_term)
