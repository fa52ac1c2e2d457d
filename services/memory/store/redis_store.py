"""The Redis store: a session's keys under one hash tag, WATCH/MULTI appends, an inverted index for BM25.

Works unchanged on a single Redis and on Redis Cluster: every key of a session
shares the tag `{sha256(session_id)[:32]}`, so each session lives in one slot and
its transactions never cross slots. See docs/redis.md for the key layout.
"""

import hashlib
import json
import random
import time
import uuid
from collections.abc import Callable, Iterable, Iterator
from dataclasses import replace
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

import redis
from redis.cluster import ClusterNode, RedisCluster
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import RedisClusterException, WatchError
from redis.exceptions import TimeoutError as RedisTimeoutError

from services.common.config import ConfigError
from services.common.errors import NotFound, Unavailable
from services.memory.domain.indexing import SCORED_ROWS_BUDGET, add_skipped_scores, fuse_indexes, idf, split_common
from services.memory.domain.ingest import normalize_value
from services.memory.domain.model import DEFAULT_TENANT, AppendPlan, Event, Item, ItemFilter, ItemKind, ItemStatus, SessionState
from services.memory.domain.store_api import SearchQuery, StoreReader
from services.memory.store import redis_index as index
from services.memory.store import redis_tenants as tenants
from services.memory.store.faults import redis_fault, translated
from services.memory.store.footprint import Footprint, RoundTrips, counting_connection_class, redis_footprint
from services.memory.store.redis_purge import PersistenceRewriter
from services.memory.store.redis_writes import load_event, load_item, now, plan_writes, value_field

DEFAULT_PREFIX = "dsh:mem"
# Optimistic retries of one write before reporting UNAVAILABLE; each lost race means
# another writer committed, so even a hot session drains within a few rounds.
MAX_WATCH_RETRIES = 50
SOCKET_TIMEOUT = 10.0
_CHUNK = 500
# Postings read per term when an update looks for the statement it is about.
MATCH_POSTINGS = 200
# Items of a kind read, newest first, when looking for closed ones (task history).
CLOSED_SCAN = 2000
_RETRY = object()  # work's outcome was read from a changing view: run it again


# Readers take the translation too: the append planner calls them directly, inside a transaction.
_translated = translated(redis_fault)


class _Keys:
    """The names of one session's keys: `<prefix>:{<tag>}:<part>`."""

    def __init__(self, prefix: str, session_id: str):
        tag = hashlib.sha256(session_id.encode()).hexdigest()[:32]
        self.base = f"{prefix}:{{{tag}}}:"
        self.session, self.version = self.base + "s", self.base + "v"
        self.events, self.seqs = self.base + "ev", self.base + "sq"
        self.items, self.ids, self.order = self.base + "it", self.base + "id", self.base + "o"
        self.by_key, self.active_key, self.values = self.base + "kl", self.base + "ak", self.base + "av"
        self.superseded, self.compactions, self.terms = self.base + "sup", self.base + "cp", self.base + "terms"

    def kind(self, kind: ItemKind) -> str:
        return self.base + "k:" + kind.value

    def active(self, kind: ItemKind) -> str:
        return self.base + "a:" + kind.value

    def postings(self, term: str) -> str:
        return self.base + "p:" + term

    def fixed(self) -> list[str]:
        parts = ("s", "v", "ev", "sq", "it", "id", "o", "kl", "ak", "av", "sup", "cp", "terms")
        return [self.base + p for p in parts] + [k for kind in ItemKind for k in (self.kind(kind), self.active(kind))]


class _Reader:
    """StoreReader over any Redis command interface: the client, or a pipeline while it WATCHes."""

    def __init__(self, r, prefix: str):
        self.r = r
        self.prefix = prefix

    def _on(self, pipe) -> "_Reader":
        return _Reader(pipe, self.prefix)

    def keys(self, session_id: str) -> _Keys:
        return _Keys(self.prefix, session_id)

    @_translated
    def session(self, session_id: str) -> SessionState | None:
        raw = self.r.hgetall(self.keys(session_id).session)
        return _session(raw) if raw else None

    @_translated
    def events_by_ids(self, session_id: str, event_ids: list[str]) -> dict[str, Event]:
        ids = list(dict.fromkeys(event_ids))
        raws = self.r.hmget(self.keys(session_id).events, ids) if ids else []
        return {i: load_event(session_id, raw) for i, raw in zip(ids, raws, strict=True) if raw}

    @_translated
    def events_by_seqs(self, session_id: str, seqs: list[int]) -> dict[int, Event]:
        wanted = list(dict.fromkeys(seqs))
        ids = self.r.hmget(self.keys(session_id).seqs, [str(s) for s in wanted]) if wanted else []
        by_id = self.events_by_ids(session_id, [i for i in ids if i])
        return {seq: by_id[i] for seq, i in zip(wanted, ids, strict=True) if i and i in by_id}

    def items(self, session_id: str, numbers: list[str]) -> list[tuple[str, Item]]:
        """(docno, item) for the docnos that exist, in the order asked."""
        found: list[tuple[str, Item]] = []
        for start in range(0, len(numbers), _CHUNK):
            chunk = numbers[start : start + _CHUNK]
            raws = self.r.hmget(self.keys(session_id).items, chunk)
            found += [(n, load_item(session_id, raw)) for n, raw in zip(chunk, raws, strict=True) if raw]
        return found

    @_translated
    def active_items_by_keys(self, session_id: str, keys: list[str]) -> dict[str, Item]:
        wanted = list(dict.fromkeys(keys))
        numbers = self.r.hmget(self.keys(session_id).active_key, wanted) if wanted else []
        return {item.key: item for _, item in self.items(session_id, [n for n in numbers if n])}

    @_translated
    def find_active_by_value(self, session_id: str, value_norm: str, kinds: Iterable[ItemKind]) -> Item | None:
        raw = self.r.hget(self.keys(session_id).values, value_field(value_norm))
        kinds = set(kinds)
        matches = [
            (item.seq, n, item)
            for n, item in self.items(session_id, json.loads(raw) if raw else [])
            if item.kind in kinds and item.status is ItemStatus.ACTIVE and normalize_value(item.value) == value_norm
        ]
        return max(matches, key=lambda m: (m[0], m[1]))[2] if matches else None

    @_translated
    def active_items_with_key_prefix(self, session_id: str, prefix: str) -> list[Item]:
        upper = prefix[:-1] + chr(ord(prefix[-1]) + 1)
        members = self.r.zrangebylex(self.keys(session_id).by_key, "[" + prefix, "(" + upper)
        numbers = [m.rsplit("\x00", 1)[1] for m in members]
        return [i for _, i in self.items(session_id, numbers) if i.status is ItemStatus.ACTIVE and i.key.startswith(prefix)]

    @_translated
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

    @_translated
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

    @_translated
    def items_by_ids(self, session_id: str, item_ids: list[str]) -> dict[str, Item]:
        wanted = list(dict.fromkeys(item_ids))
        numbers = self.r.hmget(self.keys(session_id).ids, wanted) if wanted else []
        return {item.item_id: item for _, item in self.items(session_id, [n for n in numbers if n])}

    @_translated
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
        for start in range(0, len(ranked), _CHUNK):
            for _, item in self.items(session_id, ranked[start : start + _CHUNK]):
                if item.kind in wanted and item.status is ItemStatus.ACTIVE:
                    found.append(item)
                    if len(found) >= limit:
                        return found
        return found


class RedisStore(_Reader):
    """Store on a Redis (or Redis Cluster) keyspace; safe for many replicas on one keyspace."""

    name = "redis"

    def __init__(
        self,
        client: "redis.Redis | RedisCluster",
        prefix: str = DEFAULT_PREFIX,
        *,
        scored_rows_budget: int = SCORED_ROWS_BUDGET,
        round_trips: "RoundTrips | None" = None,
    ):
        super().__init__(client, prefix)
        self.scored_rows_budget = scored_rows_budget
        self.round_trips = round_trips  # None: not counted
        tenants.migrate(client, prefix)
        self._rewriter = PersistenceRewriter(
            lambda: [node.redis_connection for node in client.get_primaries()] if isinstance(client, RedisCluster) else [client]
        )

    @classmethod
    def from_url(cls, url: str) -> "RedisStore":
        """`redis://host:port/db` (or rediss://) for one server, `redis+cluster://host:port[,host:port]`
        for a Cluster; `?prefix=name` puts the keys under another namespace (default dsh:mem)."""
        parts = urlsplit(url)
        query = dict(parse_qsl(parts.query))
        prefix = query.pop("prefix", DEFAULT_PREFIX)
        options = {"decode_responses": True, "socket_timeout": SOCKET_TIMEOUT, "socket_connect_timeout": SOCKET_TIMEOUT}
        # Every request the store sends is counted at the connection (the redis round-trips metric).
        # A Cluster's node clients take no connection class, so there round trips are not counted.
        round_trips = RoundTrips()
        if parts.scheme != "redis+cluster":
            base = redis.SSLConnection if parts.scheme == "rediss" else redis.Connection
            options["connection_class"] = counting_connection_class(base, round_trips)
        try:
            if parts.scheme == "redis+cluster":
                nodes = [_node(address) for address in parts.netloc.rpartition("@")[2].split(",") if address]
                if not nodes:
                    raise ConfigError(f"MEMORY_STORE={url!r}: name at least one host:port of the cluster")
                client = RedisCluster(startup_nodes=nodes, username=parts.username, password=parts.password, **options)
            else:
                client = redis.Redis.from_url(urlunsplit(parts._replace(query=urlencode(query))), **options)
                client.ping()
        except (RedisConnectionError, RedisTimeoutError, RedisClusterException) as exc:
            raise Unavailable(f"cannot reach redis at {parts.netloc.rsplit('@', 1)[-1]}: {exc}") from exc
        return cls(client, prefix, round_trips=None if parts.scheme == "redis+cluster" else round_trips)

    def footprint(self) -> Footprint:
        """Used memory and round trips so far, for the metrics endpoint."""
        return redis_footprint(self.r, self.round_trips)

    # --- writes -------------------------------------------------------------------
    def _transact(self, session_id: str, work: Callable) -> object:
        """Run work(pipe, keys) under WATCH of the session's version key; it reads through pipe
        and returns (result, queue) where queue(pipe) adds the writes (None: nothing to write).
        The writes and a new version commit in one MULTI/EXEC; a lost race runs work again."""
        keys = _Keys(self.prefix, session_id)
        for attempt in range(MAX_WATCH_RETRIES):
            with self.r.pipeline(transaction=True) as pipe:
                pipe.watch(keys.version)
                version = pipe.get(keys.version)
                try:
                    result, queue = work(pipe, keys)
                except Exception:
                    # WATCH does not isolate reads: a commit between two of them can make the
                    # planner see a mix and fail (a false Conflict). Only a stable view may fail.
                    if pipe.get(keys.version) == version:
                        raise
                    queue = _RETRY
                if queue is None and pipe.get(keys.version) == version:
                    pipe.unwatch()
                    return result
                if queue is not None and queue is not _RETRY:
                    pipe.multi()
                    # A fresh token, not a counter: a deleted and recreated session never repeats one.
                    pipe.set(keys.version, uuid.uuid4().hex)
                    queue(pipe)
                    try:
                        pipe.execute()
                        return result
                    except WatchError:
                        pass
            time.sleep(random.uniform(0, 0.002 * (attempt + 1)))
        raise Unavailable(f"session {session_id!r} is too contended: gave up after {MAX_WATCH_RETRIES} retries")

    @_translated
    def append(self, session_id: str, planner: Callable[[StoreReader], AppendPlan]) -> AppendPlan:
        def work(pipe, keys: _Keys):
            plan = planner(self._on(pipe))
            if not plan.new_events and not plan.updated_items:
                return plan, None
            if not pipe.exists(keys.session):
                # Listed before it exists: a crash in between leaves an entry ListSessions skips.
                tenants.add(self.r, self.prefix, plan.tenant, session_id)
            return plan, plan_writes(pipe, keys, session_id, plan)

        return self._transact(session_id, work)

    @_translated
    def compact(self, session_id: str, up_to_seq: int, summary: str) -> int:
        def work(pipe, keys: _Keys):
            state = self._on(pipe).session(session_id)
            if state is None:
                raise NotFound(f"session {session_id!r} does not exist")
            checkpoint = max(state.checkpoint_seq, up_to_seq)

            def queue(p):
                p.rpush(keys.compactions, json.dumps({"up_to_seq": up_to_seq, "summary": summary, "at": now()}, ensure_ascii=False))
                p.hset(keys.session, mapping={"checkpoint_seq": checkpoint, "updated_at": now()})

            return checkpoint, queue

        return self._transact(session_id, work)

    @_translated
    def open_session(self, session_id: str, *, tenant: str = DEFAULT_TENANT, user_id: str = "") -> tuple[SessionState, bool]:
        def work(pipe, keys: _Keys):
            state = self._on(pipe).session(session_id)
            resumed = state is not None
            if state is not None and state.tenant != tenant:
                return (state, resumed), None  # another tenant's: untouched
            if state is None:
                tenants.add(self.r, self.prefix, tenant, session_id)
            state = replace(state or SessionState(session_id=session_id, tenant=tenant), closed=False)
            if user_id and not state.user_id:
                state = replace(state, user_id=user_id)

            def queue(p):
                p.hset(keys.session, mapping=_session_fields(state))
                if not resumed:
                    p.hsetnx(keys.session, "created_at", now())

            return (state, resumed), queue

        return self._transact(session_id, work)

    @_translated
    def close_session(self, session_id: str) -> SessionState:
        def work(pipe, keys: _Keys):
            state = self._on(pipe).session(session_id)
            if state is None:
                return None, None
            state = replace(state, closed=True)
            return state, lambda p: p.hset(keys.session, mapping={"closed": 1, "updated_at": now()})

        return self._transact(session_id, work)

    @_translated
    def delete_session(self, session_id: str) -> tuple[int, int]:
        owners = []

        def work(pipe, keys: _Keys):
            state = self._on(pipe).session(session_id)
            if state is None:
                return (0, 0), None
            owners[:] = [state.tenant]
            doomed = keys.fixed() + [keys.postings(term) for term in pipe.smembers(keys.terms)]

            def queue(p):
                # UNLINK frees memory in the background; the version key goes too, which
                # still counts as a change for any writer WATCHing it.
                for start in range(0, len(doomed), _CHUNK):
                    p.unlink(*doomed[start : start + _CHUNK])

            return (state.event_count, state.item_count), queue

        deleted = self._transact(session_id, work)
        for tenant in owners:
            # Unlisted after the data is gone: a crash in between leaves an entry ListSessions skips.
            tenants.remove(self.r, self.prefix, tenant, session_id)
        return deleted

    # --- tenants and the data lifecycle -------------------------------------------
    @_translated
    def list_sessions(self, tenant: str, *, user_id: str, after: str, limit: int) -> list[SessionState]:
        found: list[SessionState] = []
        for chunk in tenants.members(self.r, self.prefix, tenant, after):
            with self.r.pipeline(transaction=False) as pipe:
                for session_id in chunk:
                    pipe.hgetall(_Keys(self.prefix, session_id).session)
                replies = pipe.execute()
            for raw in replies:
                # The index may name a session deleted (or recreated by another tenant) since.
                state = _session(raw) if raw else None
                if state and state.tenant == tenant and (not user_id or state.user_id == user_id):
                    found.append(state)
                    if len(found) >= limit:
                        return found
        return found

    @_translated
    def import_session(self, session_id: str, planner: Callable[[StoreReader], AppendPlan]) -> AppendPlan:
        return self.append(session_id, planner)

    def purge_deleted(self) -> None:
        self._rewriter.request()

    # --- queries ----------------------------------------------------------------------
    @_translated
    def search(self, session_id: str, query: SearchQuery, *, limit: int, include_superseded: bool) -> list[tuple[Item, float]]:
        terms_a, terms_b = index.query_terms(query)
        lists = []
        if query.words or query.cjk_bigrams:
            matched, skipped = self._split_common(session_id, terms_a)
            found = self._bm25(session_id, matched, "len_a", limit, include_superseded)
            lists.append(add_skipped_scores(found, skipped))
        if query.cjk_trigrams:
            lists.append(self._bm25(session_id, terms_b, "len_b", limit, include_superseded))
        return fuse_indexes(lists)

    def _split_common(self, session_id: str, groups: list[list[str]]) -> tuple[list[list[str]], list[tuple[frozenset[str], float]]]:
        """As SqliteStore: the Latin word groups past SCORED_ROWS_BUDGET postings (rarest first) are
        not read, only rescored by their idf on the rows found; CJK bigram groups are always read."""
        words = [group for group in groups if group[0].startswith("w:")]
        if len(words) < 2:
            return groups, []
        keys = _Keys(self.prefix, session_id)
        with self.r.pipeline(transaction=False) as pipe:
            pipe.hget(keys.session, "item_count")
            for term in (term for group in words for term in group):
                pipe.zcard(keys.postings(term))
            replies = pipe.execute()
        documents, counts = int(replies[0] or 0), iter(replies[1:])
        # A word of several terms matches as a phrase: its document frequency is at most its rarest term's.
        hits = [min(next(counts) for _ in group) for group in words]
        # What a group costs is the postings read: at most MAX_POSTINGS_PER_TERM per term.
        cost = [(n, min(hits[n], index.MAX_POSTINGS_PER_TERM) * len(group)) for n, group in enumerate(words)]
        _, dropped = split_common(cost, self.scored_rows_budget)
        skipped = [(frozenset(term[2:] for term in words[n]), idf(hits[n], documents)) for n in dropped]
        dropped_groups = [words[n] for n in dropped]
        return [group for group in groups if group not in dropped_groups], skipped

    def _bm25(self, session_id: str, groups: list[list[str]], length_field: str, limit: int, include_superseded: bool):
        if not groups:
            return []
        keys = _Keys(self.prefix, session_id)
        # One MULTI: document counts and postings read as one snapshot.
        with self.r.pipeline(transaction=True) as pipe:
            pipe.hmget(keys.session, ["item_count", length_field])
            for term in (term for group in groups for term in group):
                pipe.zcard(keys.postings(term))
                pipe.zrevrange(keys.postings(term), 0, index.MAX_POSTINGS_PER_TERM - 1)
            replies = pipe.execute()
        docs, total = int(replies[0][0] or 0), int(replies[0][1] or 0)
        per_term = iter([(replies[i], replies[i + 1]) for i in range(1, len(replies), 2)])
        per_group = [[next(per_term) for _ in group] for group in groups]
        ranked = index.score_postings(per_group, docs, total / docs if docs else 1.0)
        found: list[tuple[Item, float]] = []
        # Superseded items are filtered after scoring, as SqliteStore's WHERE does before LIMIT.
        # Fetch about what the page needs: items hold whole messages, most candidates never show.
        step = max(limit + limit // 2, 16)
        for start in range(0, len(ranked), step):
            chunk = ranked[start : start + step]
            items = dict(self.items(session_id, [n for n, _ in chunk]))
            for n, score in chunk:
                item = items.get(n)
                if item and (include_superseded or item.status is ItemStatus.ACTIVE):
                    found.append((item, score))
                    if len(found) >= limit:
                        return found
        return found

    @_translated
    def list_items(self, session_id: str, flt: ItemFilter, *, after: int, limit: int) -> tuple[list[Item], int]:
        keys = _Keys(self.prefix, session_id)

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

    def _candidates(self, keys: _Keys, flt: ItemFilter, after: int) -> Iterator[list[str]]:
        """Docnos after the cursor in creation order, in chunks, from the narrowest index."""
        if flt.key:
            members = self.r.zrangebylex(keys.by_key, "[" + flt.key + "\x00", "(" + flt.key + "\x01")
            yield [n for n in (m.rsplit("\x00", 1)[1] for m in members) if int(n) > after]
            return
        source = keys.superseded if flt.status is ItemStatus.SUPERSEDED else keys.kind(flt.kind) if flt.kind else keys.order
        cursor = after
        while True:
            numbers = self.r.zrangebyscore(source, f"({cursor}", "+inf", start=0, num=_CHUNK)
            if not numbers:
                return
            yield numbers
            cursor = int(numbers[-1])

    @_translated
    def iter_events(self, session_id: str) -> Iterator[Event]:
        raws = self.r.hgetall(_Keys(self.prefix, session_id).events)
        events = sorted((load_event(session_id, raw) for raw in raws.values()), key=lambda e: e.seq)
        return iter(events)

    @_translated
    def iter_items(self, session_id: str) -> Iterator[Item]:
        raws = self.r.hgetall(_Keys(self.prefix, session_id).items)
        return (load_item(session_id, raws[n]) for n in sorted(raws, key=int))

    def close(self) -> None:
        self._rewriter.close()
        self.r.close()


def _node(address: str) -> ClusterNode:
    host, _, port = address.strip().rpartition(":")
    if not host or not port.isdigit():
        raise ConfigError(f"redis cluster node {address!r}: use host:port")
    return ClusterNode(host, int(port))


def _session(raw: dict[str, str]) -> SessionState:
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


def _session_fields(state: SessionState) -> dict[str, object]:
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
