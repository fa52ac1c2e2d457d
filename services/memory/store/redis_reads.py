"""The Redis store's reads: sessions, events and items by id, key, value or kind, pages and whole sessions."""

import json
from collections.abc import Iterable, Iterator

from services.memory.domain.model import Event, Item, ItemFilter, ItemKind, ItemStatus, SessionState
from services.memory.domain.relations import normalize_value
from services.memory.domain.store_api import SearchQuery
from services.memory.store import redis_index as index
from services.memory.store import redis_tenants as tenants
from services.memory.store.redis_commands import Commands
from services.memory.store.redis_faults import redis_translated
from services.memory.store.redis_keys import Keys
from services.memory.store.redis_writes import load_event, load_item, load_session, value_field

CHUNK = 500
# Postings read per term when an update looks for the statement it is about.
MATCH_POSTINGS = 200
# Items of a kind read, newest first, when looking for closed ones (task history).
CLOSED_SCAN = 2000


class RedisReads:
    """StoreReader over any Redis command interface: the client, or a pipeline while it WATCHes."""

    def __init__(self, r: Commands, prefix: str):
        self.r = r
        self.prefix = prefix

    def _on(self, pipe: Commands) -> "RedisReads":
        return RedisReads(pipe, self.prefix)

    def keys(self, session_id: str) -> Keys:
        return Keys(self.prefix, session_id)

    @redis_translated
    def session(self, session_id: str) -> SessionState | None:
        raw = self.r.hgetall(self.keys(session_id).session)
        return load_session(raw) if raw else None

    @redis_translated
    def events_by_ids(self, session_id: str, event_ids: list[str]) -> dict[str, Event]:
        ids = list(dict.fromkeys(event_ids))
        raws = self.r.hmget(self.keys(session_id).events, ids) if ids else []
        return {i: load_event(session_id, raw) for i, raw in zip(ids, raws, strict=True) if raw}

    @redis_translated
    def events_by_seqs(self, session_id: str, seqs: list[int]) -> dict[int, Event]:
        wanted = list(dict.fromkeys(seqs))
        ids = self.r.hmget(self.keys(session_id).seqs, [str(s) for s in wanted]) if wanted else []
        by_id = self.events_by_ids(session_id, [i for i in ids if i])
        return {seq: by_id[i] for seq, i in zip(wanted, ids, strict=True) if i and i in by_id}

    def items(self, session_id: str, numbers: list[str]) -> list[tuple[str, Item]]:
        """(docno, item) for the docnos that exist, in the order asked."""
        found: list[tuple[str, Item]] = []
        for start in range(0, len(numbers), CHUNK):
            chunk = numbers[start : start + CHUNK]
            raws = self.r.hmget(self.keys(session_id).items, chunk)
            found += [(n, load_item(session_id, raw)) for n, raw in zip(chunk, raws, strict=True) if raw]
        return found

    @redis_translated
    def active_items_by_keys(self, session_id: str, keys: list[str]) -> dict[str, Item]:
        wanted = list(dict.fromkeys(keys))
        numbers = self.r.hmget(self.keys(session_id).active_key, wanted) if wanted else []
        return {item.key: item for _, item in self.items(session_id, [n for n in numbers if n])}

    @redis_translated
    def find_active_by_value(self, session_id: str, value_norm: str, kinds: Iterable[ItemKind]) -> Item | None:
        raw = self.r.hget(self.keys(session_id).values, value_field(value_norm))
        kinds = set(kinds)
        matches = [
            (item.seq, n, item)
            for n, item in self.items(session_id, json.loads(raw) if raw else [])
            if item.kind in kinds and item.status is ItemStatus.ACTIVE and normalize_value(item.value) == value_norm
        ]
        return max(matches, key=lambda m: (m[0], m[1]))[2] if matches else None

    @redis_translated
    def active_items_with_key_prefix(self, session_id: str, prefix: str) -> list[Item]:
        upper = prefix[:-1] + chr(ord(prefix[-1]) + 1)
        members = self.r.zrangebylex(self.keys(session_id).by_key, "[" + prefix, "(" + upper)
        numbers = [m.rsplit("\x00", 1)[1] for m in members]
        return [i for _, i in self.items(session_id, numbers) if i.status is ItemStatus.ACTIVE and i.key.startswith(prefix)]

    @redis_translated
    def active_items_of_kinds(self, session_id: str, kinds: Iterable[ItemKind], *, limit: int) -> list[Item]:
        if limit <= 0:
            return []
        keys = self.keys(session_id)
        ranked: list[tuple[float, str]] = []
        for kind in dict.fromkeys(kinds):
            ranked += [(score, n) for n, score in self.r.zrevrange(keys.active(kind), 0, limit - 1, withscores=True)]
        # seq DESC, then creation order DESC: SqliteStore's "ORDER BY seq DESC, id DESC".
        ranked.sort(reverse=True)
        return [item for _, item in self.items(session_id, [n for _, n in ranked[:limit]])]

    @redis_translated
    def closed_items_of_kinds(self, session_id: str, kinds: Iterable[ItemKind], *, limit: int) -> list[Item]:
        if limit <= 0:
            return []
        keys = self.keys(session_id)
        closed: list[Item] = []
        for kind in dict.fromkeys(kinds):
            # Newest created first; superseded ones are few next to evidence, so a bounded read finds them.
            numbers = self.r.zrevrange(keys.kind(kind), 0, CLOSED_SCAN - 1)
            closed += [item for _, item in self.items(session_id, numbers) if item.status is ItemStatus.SUPERSEDED]
        closed.sort(key=lambda item: item.seq, reverse=True)
        return closed[:limit]

    @redis_translated
    def items_by_ids(self, session_id: str, item_ids: list[str]) -> dict[str, Item]:
        wanted = list(dict.fromkeys(item_ids))
        numbers = self.r.hmget(self.keys(session_id).ids, wanted) if wanted else []
        return {item.item_id: item for _, item in self.items(session_id, [n for n in numbers if n])}

    @redis_translated
    def match_items(self, session_id: str, query: SearchQuery, kinds: Iterable[ItemKind], *, limit: int) -> list[Item]:
        # Plain commands, no pipeline: inside append they run on the WATCHing connection, which
        # executes them at once (a nested MULTI would not be allowed there).
        keys = self.keys(session_id)
        groups, _ = index.query_terms(query)
        scores: dict[str, float] = {}
        for group in groups:
            for term in group:
                postings = self.r.zrevrange(keys.postings(term), 0, MATCH_POSTINGS - 1)
                weight = 1.0 / (1 + len(postings))  # a rare term says more about what an item is about
                for member in postings:
                    number = member.split(":", 1)[0]
                    scores[number] = scores.get(number, 0.0) + weight
        ranked = sorted(scores, key=lambda n: (-scores[n], -int(n)))
        wanted = set(kinds)
        found: list[Item] = []
        for start in range(0, len(ranked), CHUNK):
            for _, item in self.items(session_id, ranked[start : start + CHUNK]):
                if item.kind in wanted and item.status is ItemStatus.ACTIVE:
                    found.append(item)
                    if len(found) >= limit:
                        return found
        return found

    @redis_translated
    def list_items(self, session_id: str, flt: ItemFilter, *, after: int, limit: int) -> tuple[list[Item], int]:
        keys = Keys(self.prefix, session_id)

        def wanted(item: Item) -> bool:
            return (
                (not flt.kind or item.kind is flt.kind)
                and (not flt.status or item.status is flt.status)
                and (not flt.key or item.key == flt.key)
            )

        matched: list[tuple[str, Item]] = []
        for numbers in self._candidates(keys, flt, after):
            matched += [(n, item) for n, item in self.items(session_id, numbers) if wanted(item)]
            if len(matched) > limit:
                break
        page = matched[:limit]
        return [item for _, item in page], (int(page[-1][0]) if len(matched) > limit else 0)

    def _candidates(self, keys: Keys, flt: ItemFilter, after: int) -> Iterator[list[str]]:
        """Docnos after the cursor in creation order, in chunks, from the narrowest index."""
        if flt.key:
            members = self.r.zrangebylex(keys.by_key, "[" + flt.key + "\x00", "(" + flt.key + "\x01")
            yield [n for n in (m.rsplit("\x00", 1)[1] for m in members) if int(n) > after]
            return
        source = keys.superseded if flt.status is ItemStatus.SUPERSEDED else keys.kind(flt.kind) if flt.kind else keys.order
        cursor = after
        while True:
            numbers = self.r.zrangebyscore(source, f"({cursor}", "+inf", start=0, num=CHUNK)
            if not numbers:
                return
            yield numbers
            cursor = int(numbers[-1])

    @redis_translated
    def iter_events(self, session_id: str) -> Iterator[Event]:
        raws = self.r.hgetall(Keys(self.prefix, session_id).events)
        events = sorted((load_event(session_id, raw) for raw in raws.values()), key=lambda e: e.seq)
        return iter(events)

    @redis_translated
    def iter_items(self, session_id: str) -> Iterator[Item]:
        raws = self.r.hgetall(Keys(self.prefix, session_id).items)
        return (load_item(session_id, raws[n]) for n in sorted(raws, key=int))

    # --- tenants ------------------------------------------------------------------
    @redis_translated
    def list_sessions(self, tenant: str, *, user_id: str, after: str, limit: int) -> list[SessionState]:
        found: list[SessionState] = []
        for chunk in tenants.members(self.r, self.prefix, tenant, after):
            with self.r.pipeline(transaction=False) as pipe:
                for session_id in chunk:
                    pipe.hgetall(Keys(self.prefix, session_id).session)
                replies = pipe.execute()
            for raw in replies:
                # The index may name a session deleted (or recreated by another tenant) since.
                state = load_session(raw) if raw else None
                if state and state.tenant == tenant and (not user_id or state.user_id == user_id):
                    found.append(state)
                    if len(found) >= limit:
                        return found
        return found
