"""The Redis store's writes: each runs under WATCH of its session's version key and commits in one MULTI/EXEC."""

import json
import random
import time
import uuid
from collections.abc import Callable
from dataclasses import replace
from typing import TypeVar

from redis.exceptions import WatchError

from services.common.errors import NotFound, Unavailable
from services.memory.domain.model import DEFAULT_TENANT, AppendPlan, SessionState
from services.memory.domain.store_api import StoreReader
from services.memory.store import redis_tenants as tenants
from services.memory.store.redis_commands import Pipeline
from services.memory.store.redis_faults import redis_translated
from services.memory.store.redis_keys import Keys
from services.memory.store.redis_reads import CHUNK
from services.memory.store.redis_search import RedisSearch
from services.memory.store.redis_writes import Queue, now, plan_writes, session_fields

# Optimistic retries of one write before reporting UNAVAILABLE; each lost race means
# another writer committed, so even a hot session drains within a few rounds.
MAX_WATCH_RETRIES = 50

T = TypeVar("T")
# What a transaction's work returns: its result, and what queues its writes (None: nothing to write).
Work = tuple[T, Queue | None]


class RedisTransactions(RedisSearch):
    """Appends, compactions and the session lifecycle, on the reads (and search) they build on."""

    def _transact(self, session_id: str, work: Callable[[Pipeline, Keys], Work[T]]) -> T:
        """Run work(pipe, keys) under WATCH of the session's version key; it reads through pipe
        and returns (result, queue) where queue(pipe) adds the writes (None: nothing to write).
        The writes and a new version commit in one MULTI/EXEC; a lost race runs work again."""
        keys = Keys(self.prefix, session_id)
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
                else:
                    if queue is None and pipe.get(keys.version) == version:
                        pipe.unwatch()
                        return result
                    if queue is not None:
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

    @redis_translated
    def append(self, session_id: str, planner: Callable[[StoreReader], AppendPlan]) -> AppendPlan:
        def work(pipe: Pipeline, keys: Keys) -> Work[AppendPlan]:
            plan = planner(self._on(pipe))
            if not plan.new_events and not plan.updated_items:
                return plan, None
            if not pipe.exists(keys.session):
                # Listed before it exists: a crash in between leaves an entry ListSessions skips.
                tenants.add(self.r, self.prefix, plan.tenant, session_id)
            return plan, plan_writes(pipe, keys, session_id, plan)

        return self._transact(session_id, work)

    @redis_translated
    def compact(self, session_id: str, up_to_seq: int, summary: str) -> int:
        def work(pipe: Pipeline, keys: Keys) -> Work[int]:
            state = self._on(pipe).session(session_id)
            if state is None:
                raise NotFound(f"session {session_id!r} does not exist")
            checkpoint = max(state.checkpoint_seq, up_to_seq)

            def queue(p: Pipeline) -> None:
                p.rpush(keys.compactions, json.dumps({"up_to_seq": up_to_seq, "summary": summary, "at": now()}, ensure_ascii=False))
                p.hset(keys.session, mapping={"checkpoint_seq": checkpoint, "updated_at": now()})

            return checkpoint, queue

        return self._transact(session_id, work)

    @redis_translated
    def open_session(self, session_id: str, *, tenant: str = DEFAULT_TENANT, user_id: str = "") -> tuple[SessionState, bool]:
        def work(pipe: Pipeline, keys: Keys) -> Work[tuple[SessionState, bool]]:
            state = self._on(pipe).session(session_id)
            resumed = state is not None
            if state is not None and state.tenant != tenant:
                return (state, resumed), None  # another tenant's: untouched
            if state is None:
                tenants.add(self.r, self.prefix, tenant, session_id)
            state = replace(state or SessionState(session_id=session_id, tenant=tenant), closed=False)
            if user_id and not state.user_id:
                state = replace(state, user_id=user_id)

            def queue(p: Pipeline) -> None:
                p.hset(keys.session, mapping=session_fields(state))
                if not resumed:
                    p.hsetnx(keys.session, "created_at", now())

            return (state, resumed), queue

        return self._transact(session_id, work)

    @redis_translated
    def close_session(self, session_id: str) -> SessionState | None:
        def work(pipe: Pipeline, keys: Keys) -> Work[SessionState | None]:
            state = self._on(pipe).session(session_id)
            if state is None:
                return None, None
            state = replace(state, closed=True)
            return state, lambda p: p.hset(keys.session, mapping={"closed": 1, "updated_at": now()})

        return self._transact(session_id, work)

    @redis_translated
    def delete_session(self, session_id: str) -> tuple[int, int]:
        owners: list[str] = []

        def work(pipe: Pipeline, keys: Keys) -> Work[tuple[int, int]]:
            state = self._on(pipe).session(session_id)
            if state is None:
                return (0, 0), None
            owners[:] = [state.tenant]
            doomed = keys.fixed() + [keys.postings(term) for term in pipe.smembers(keys.terms)]

            def queue(p: Pipeline) -> None:
                # UNLINK frees memory in the background; the version key goes too, which
                # still counts as a change for any writer WATCHing it.
                for start in range(0, len(doomed), CHUNK):
                    p.unlink(*doomed[start : start + CHUNK])

            return (state.event_count, state.item_count), queue

        deleted = self._transact(session_id, work)
        for tenant in owners:
            # Unlisted after the data is gone: a crash in between leaves an entry ListSessions skips.
            tenants.remove(self.r, self.prefix, tenant, session_id)
        return deleted

    @redis_translated
    def import_session(self, session_id: str, planner: Callable[[StoreReader], AppendPlan]) -> AppendPlan:
        return self.append(session_id, planner)
