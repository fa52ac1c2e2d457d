"""MemoryCore: the memory service's operations on domain types, over any Store."""

import json
from collections.abc import Callable
from dataclasses import dataclass

from services.common.errors import Conflict, FailedPrecondition, InvalidArgument, PermissionDenied
from services.memory.domain import assembly
from services.memory.domain.fusion import DenseRetriever, fuse_rankings, fusion_depth
from services.memory.domain.ingest import plan_append
from services.memory.domain.model import (
    DEFAULT_TENANT,
    AppendPlan,
    AppendResult,
    Assembly,
    ClosedTask,
    Event,
    Item,
    ItemFilter,
    ItemKind,
    ItemStatus,
    ScoredItem,
    SessionState,
    TaskField,
    TaskState,
)
from services.memory.domain.retrieval import (
    CANDIDATE_POOL,
    EXPANSION_POOL,
    EXPANSION_WEIGHT,
    POOL_PER_RESULT,
    analyse,
    expand,
    fuse,
    rank,
    with_successors,
)
from services.memory.domain.scrub import scrub_document
from services.memory.domain.store_api import Store, StoreReader
from services.memory.domain.tenancy import check_owner, check_tenant, check_user_id, decode_cursor, denied, encode_cursor
from services.memory.domain.transfer import event_json, item_json, parse_export
from services.memory.domain.validation import Limits, check_batch, check_session_id, session_not_found

DEFAULT_LIMIT = 10
MAX_LIMIT = 100
DEFAULT_PAGE = 100
MAX_PAGE = 1000
MAX_BUDGET = 32_000
MAX_QUERY_BYTES = 16 * 1024
MAX_CURSOR_DIGITS = 19
TASK_ENTRIES = 50
TASK_HISTORY = 50
RULES_CONSIDERED = 200
HISTORY_LINES = 2
SUCCESSOR_HOPS = 4


@dataclass(frozen=True)
class Capabilities:
    implementation: str
    version: str
    languages: tuple[str, ...]
    limits: Limits
    retrieval: str  # how Retrieve ranks: "lexical" or "hybrid: <encoder build>"


class MemoryCore:
    """Validates requests, plans writes, ranks and assembles; the store only stores."""

    def __init__(self, store: Store, limits: Limits, version: str, dense: DenseRetriever | None = None):
        self.store = store
        self.limits = limits
        # Optional embeddings fused with the lexical ranking; None ranks exactly as without them.
        self.dense = dense
        self.capabilities = Capabilities(
            implementation=f"dsh-memory-{store.name}",
            version=version,
            languages=("en", "zh"),
            limits=limits,
            retrieval=f"hybrid: {dense.build}" if dense is not None else "lexical",
        )

    # --- writes -----------------------------------------------------------
    def append(
        self,
        session_id: str,
        events: list[Event],
        interrupted: Callable[[], bool] | None = None,
        *,
        tenant: str = DEFAULT_TENANT,
        user_id: str = "",
    ) -> AppendResult:
        """interrupted: asked while planning; True stops it with Unavailable, nothing written."""
        check_session_id(session_id)
        check_batch(events, self.limits)
        check_tenant(tenant)
        check_user_id(user_id)

        def planner(reader: StoreReader) -> AppendPlan:
            # Inside the store's consistent view, so no other tenant can create the session in between.
            check_owner(reader.session(session_id), session_id, tenant, user_id)
            plan = plan_append(reader, session_id, events, interrupted)
            plan.tenant, plan.user_id = tenant, user_id
            return plan

        plan = self.store.append(session_id, planner)
        return AppendResult(
            accepted=len(plan.new_events),
            duplicates=plan.duplicates,
            last_seq=plan.last_seq,
            checkpoint_seq=plan.checkpoint_seq,
        )

    def compact(self, session_id: str, up_to_seq: int, summary: str, *, tenant: str = DEFAULT_TENANT) -> int:
        state = self._require(session_id, tenant)
        if up_to_seq <= 0:
            raise InvalidArgument(f"up_to_seq is {up_to_seq}; it must be a stored seq (> 0)")
        if up_to_seq > state.last_seq:
            # A checkpoint past the evidence would claim events were kept that never arrived.
            raise FailedPrecondition(
                f"up_to_seq is {up_to_seq} but the session's last stored seq is {state.last_seq}; append the events first"
            )
        if len(summary.encode()) > self.limits.max_event_bytes:
            raise InvalidArgument(f"summary is longer than {self.limits.max_event_bytes} bytes")
        checkpoint = self.store.compact(session_id, up_to_seq, summary)
        if checkpoint is None:  # deleted since _require
            raise session_not_found(session_id)
        return checkpoint

    def open_session(self, session_id: str, *, tenant: str = DEFAULT_TENANT, user_id: str = "") -> tuple[SessionState, bool]:
        check_session_id(session_id)
        check_tenant(tenant)
        check_user_id(user_id)
        check_owner(self.store.session(session_id), session_id, tenant, user_id)
        state, resumed = self.store.open_session(session_id, tenant=tenant, user_id=user_id)
        # The store leaves a session another tenant created meanwhile untouched; say so.
        check_owner(state, session_id, tenant, user_id)
        return state, resumed

    def close_session(self, session_id: str, *, tenant: str = DEFAULT_TENANT) -> SessionState:
        self._require(session_id, tenant)
        state = self.store.close_session(session_id)
        if state is None:  # deleted since _require
            raise session_not_found(session_id)
        return state

    def delete_session(self, session_id: str, *, tenant: str = DEFAULT_TENANT) -> tuple[int, int]:
        self._require(session_id, tenant)
        deleted = self._delete(session_id)
        self.store.purge_deleted()
        return deleted

    def _delete(self, session_id: str) -> tuple[int, int]:
        """Remove a session from the store and the dense index; the caller purges the files."""
        deleted = self.store.delete_session(session_id)
        if self.dense is not None:
            self.dense.forget(session_id)
        return deleted

    # --- tenants and the data lifecycle ----------------------------------------
    def list_sessions(self, *, tenant: str, user_id: str = "", page_size: int = 0, page_token: str = "") -> tuple[list[SessionState], str]:
        """The tenant's sessions (of one end user when user_id is set), by session_id, one page."""
        check_tenant(tenant)
        check_user_id(user_id)
        size = self._bounded(page_size, "page_size", DEFAULT_PAGE, MAX_PAGE)
        after = decode_cursor(page_token)
        found = self.store.list_sessions(tenant, user_id=user_id, after=after, limit=size + 1)
        page = found[:size]
        return page, (encode_cursor(page[-1].session_id) if len(found) > size else "")

    def delete_sessions_of(self, *, tenant: str, user_id: str = "") -> tuple[int, int, int]:
        """Delete every session of the tenant, or of one of its end users: (sessions, events, items)."""
        check_tenant(tenant)
        check_user_id(user_id)
        sessions = events = items = 0
        after = ""
        while True:
            batch = self.store.list_sessions(tenant, user_id=user_id, after=after, limit=MAX_PAGE)
            for state in batch:
                removed = self._delete(state.session_id)
                sessions, events, items = sessions + 1, events + removed[0], items + removed[1]
            if len(batch) < MAX_PAGE:
                break
            after = batch[-1].session_id
        self.store.purge_deleted()
        return sessions, events, items

    def delete_tenant_data(self, confirmation: str, *, tenant: str) -> tuple[int, int, int]:
        """Delete all of tenant's sessions; confirmation must spell the tenant out."""
        if not confirmation:
            raise InvalidArgument("tenant is empty: spell out your own tenant to confirm deleting all of its data")
        if confirmation != check_tenant(tenant):
            raise PermissionDenied("tenant names another tenant; you may delete only your own tenant's data")
        return self.delete_sessions_of(tenant=tenant)

    def delete_user_data(self, user_id: str, *, tenant: str) -> tuple[int, int, int]:
        """Delete every session of one end user of tenant."""
        if not user_id:
            raise InvalidArgument("user_id is empty: name the end user whose sessions to delete")
        return self.delete_sessions_of(tenant=tenant, user_id=user_id)

    def import_session(self, document: str, *, tenant: str = DEFAULT_TENANT, session_id: str = "", user_id: str = "") -> SessionState:
        """Recreate a session from an ExportSession document, under its own id or session_id.

        The target must not exist (Conflict); a bad document raises InvalidArgument, writing nothing."""
        check_tenant(tenant)
        check_user_id(user_id)
        if session_id:
            check_session_id(session_id)
        imported = parse_export(document, self.limits, session_id)
        target = imported.session.session_id

        def planner(reader: StoreReader) -> AppendPlan:
            existing = reader.session(target)
            if existing is not None:
                if existing.tenant != tenant:
                    raise denied(target)
                raise Conflict(f"session {target!r} already exists; delete it first or import under another session_id")
            return imported.plan(tenant=tenant, user_id=user_id)

        self.store.import_session(target, planner)
        return self._require(target, tenant)

    # --- reads ------------------------------------------------------------
    def retrieve(
        self, session_id: str, query: str, limit: int, include_superseded: bool, *, tenant: str = DEFAULT_TENANT
    ) -> list[ScoredItem]:
        state = self._require(session_id, tenant)
        limit = self._bounded(limit, "limit", DEFAULT_LIMIT, MAX_LIMIT)
        return self._rank(state, query, limit, include_superseded)

    def assemble(self, session_id: str, query: str, token_budget: int, *, tenant: str = DEFAULT_TENANT) -> Assembly:
        state = self._require(session_id, tenant)
        if token_budget < 0 or token_budget > MAX_BUDGET:
            raise InvalidArgument(f"token_budget is {token_budget}; use 1..{MAX_BUDGET} (0 for the default)")
        ranked = self._rank(state, query, assembly.depth(token_budget or assembly.DEFAULT_BUDGET), include_superseded=True)
        active = [s for s in ranked if s.item.status is ItemStatus.ACTIVE]
        history = [s.item for s in ranked if s.item.status is ItemStatus.SUPERSEDED][:HISTORY_LINES]
        rules = self.store.active_items_of_kinds(session_id, [ItemKind.RULE], limit=RULES_CONSIDERED)
        successor_seq = self._successor_seqs(session_id, history)
        matched = frozenset(s.item.item_id for s in active if s.item.kind is ItemKind.RULE)
        return assembly.assemble(
            ranked=active,
            rules=self._rules_for(rules, ranked),
            task=self._task_state(session_id),  # the session was checked above
            history=history,
            successor_seq=successor_seq,
            budget=token_budget or assembly.DEFAULT_BUDGET,
            focus=analyse(query).stems,
            matched_rules=matched,
            turns=self._turns_of(session_id, active[: assembly.EXPANDED]),
        )

    def list_items(
        self, session_id: str, flt: ItemFilter, page_size: int, page_token: str, *, tenant: str = DEFAULT_TENANT
    ) -> tuple[list[Item], str]:
        self._require(session_id, tenant)
        size = self._bounded(page_size, "page_size", DEFAULT_PAGE, MAX_PAGE)
        after = _decode_cursor(page_token)
        items, next_cursor = self.store.list_items(session_id, flt, after=after, limit=size)
        return items, (str(next_cursor) if next_cursor else "")

    def task_state(self, session_id: str, *, tenant: str = DEFAULT_TENANT) -> TaskState:
        self._require(session_id, tenant)
        return self._task_state(session_id, with_history=True)

    def _task_state(self, session_id: str, *, with_history: bool = False) -> TaskState:
        entries = self.store.active_items_of_kinds(session_id, [ItemKind.TASK], limit=TASK_ENTRIES)
        by_field: dict[TaskField, list[Item]] = {field: [] for field in TaskField}
        for item in sorted(entries, key=lambda i: i.seq):
            if item.task_field:
                by_field[item.task_field].append(item)
        goals = by_field[TaskField.GOAL]
        return TaskState(
            goal=goals[-1] if goals else None,
            progress=tuple(by_field[TaskField.PROGRESS]),
            blockers=tuple(by_field[TaskField.BLOCKER]),
            open_items=tuple(by_field[TaskField.OPEN]),
            history=self._task_history(session_id) if with_history else (),
        )

    def _task_history(self, session_id: str) -> tuple[ClosedTask, ...]:
        closed = self.store.closed_items_of_kinds(session_id, [ItemKind.TASK], limit=TASK_HISTORY)
        closers = self.store.items_by_ids(session_id, [item.superseded_by for item in closed if item.superseded_by])
        history = [ClosedTask(item, closers[item.superseded_by].seq if item.superseded_by in closers else 0) for item in closed]
        return tuple(sorted(history, key=lambda entry: (entry.closed_by_seq, entry.item.seq), reverse=True))

    def export(self, session_id: str, *, tenant: str = DEFAULT_TENANT) -> str:
        state = self._require(session_id, tenant)
        document = {
            "format": "dsh-memory-export",
            "version": 1,
            "session": {
                "session_id": state.session_id,
                "last_seq": state.last_seq,
                "checkpoint_seq": state.checkpoint_seq,
                "closed": state.closed,
            },
            "events": [event_json(e) for e in self.store.iter_events(session_id)],
            "items": [item_json(i) for i in self.store.iter_items(session_id)],
        }
        return json.dumps(scrub_document(document), ensure_ascii=False, indent=1)

    # --- helpers ----------------------------------------------------------
    def _require(self, session_id: str, tenant: str) -> SessionState:
        check_session_id(session_id)
        check_tenant(tenant)
        state = self.store.session(session_id)
        if state is None:
            raise session_not_found(session_id)
        if state.tenant != tenant:
            raise denied(session_id)
        return state

    @staticmethod
    def _bounded(value: int, name: str, default: int, maximum: int) -> int:
        if value < 0:
            raise InvalidArgument(f"{name} is {value}; it must be positive (0 for the default {default})")
        return min(value or default, maximum)

    def _rank(self, state: SessionState, text: str, limit: int, include_superseded: bool) -> list[ScoredItem]:
        if len(text.encode()) > MAX_QUERY_BYTES:
            raise InvalidArgument(f"query is longer than {MAX_QUERY_BYTES} bytes")
        query = analyse(text)
        if query.empty and not query.intents:
            return []
        pool = max(CANDIDATE_POOL, limit * POOL_PER_RESULT)
        candidates: list[tuple[Item, float]] = []
        if not query.empty:
            # Superseded items are searched even when they are not to be returned: a question that
            # matches an old value is asking for the current one (see with_successors).
            candidates = self.store.search(state.session_id, query, limit=pool, include_superseded=True)
            expanded = expand(query)
            if expanded is not None:
                extra = self.store.search(state.session_id, expanded, limit=EXPANSION_POOL, include_superseded=True)
                candidates = fuse(candidates, extra, EXPANSION_WEIGHT)
            candidates = with_successors(candidates, self._current_items(state.session_id, candidates))
        if not candidates and query.intents:
            # "What's left to do?" names no words an item holds, only the kind of item it wants.
            wanted = [kind for kind in ItemKind if kind in query.intents]
            candidates = [(item, 1.0) for item in self.store.active_items_of_kinds(state.session_id, wanted, limit=limit)]
        if self.dense is None:
            return rank(query, candidates, last_seq=state.last_seq, limit=limit, include_superseded=include_superseded)
        # The same candidates as without embeddings, only ranked deeper (as deep as they reach):
        # the lexical list's first `limit` entries then hold the lexical-only result's turns in its
        # order, and fusion only reorders and adds to them.
        depth = fusion_depth(limit)
        lexical = rank(query, candidates, last_seq=state.last_seq, limit=depth, include_superseded=include_superseded)
        dense = self.dense.search(self.store, state.session_id, text, depth)
        return fuse_rankings(lexical, dense, limit=limit, include_superseded=include_superseded)

    def _current_items(self, session_id: str, candidates: list[tuple[Item, float]]) -> dict[str, Item]:
        """superseded item id -> the item that replaced it, followed down a chain of corrections
        (a resolved blocker -> the turn that resolved it, an answered question -> its answer)."""
        current: dict[str, Item] = {}
        pending = {
            item.item_id: item.superseded_by for item, _ in candidates if item.status is ItemStatus.SUPERSEDED and item.superseded_by
        }
        for _ in range(SUCCESSOR_HOPS):
            if not pending:
                break
            found = self.store.items_by_ids(session_id, list(set(pending.values())))
            still = {}
            for origin, successor_id in pending.items():
                successor = found.get(successor_id)
                if successor is None:
                    continue
                current[origin] = successor
                if successor.status is ItemStatus.SUPERSEDED and successor.superseded_by:
                    still[origin] = successor.superseded_by
            pending = still
        return current

    @staticmethod
    def _rules_for(rules: list[Item], ranked: list[ScoredItem]) -> list[Item]:
        """Rules the query matched first, then the rest, most recent first."""
        matched = [s.item for s in ranked if s.item.kind is ItemKind.RULE and s.item.status is ItemStatus.ACTIVE]
        seen = {item.item_id for item in matched}
        return matched + [item for item in rules if item.item_id not in seen]

    def _turns_of(self, session_id: str, ranked: list[ScoredItem]) -> dict[str, str]:
        """The messages the best derived items come from, which Assemble may quote at more length."""
        wanted = [s.item.source_event_ids[-1] for s in ranked if s.item.kind is not ItemKind.EVIDENCE]
        return {event_id: event.text for event_id, event in self.store.events_by_ids(session_id, wanted).items()} if wanted else {}

    def _successor_seqs(self, session_id: str, history: list[Item]) -> dict[str, int]:
        wanted = [item.superseded_by for item in history if item.superseded_by]
        return {item_id: item.seq for item_id, item in self.store.items_by_ids(session_id, wanted).items()} if wanted else {}


def _decode_cursor(token: str) -> int:
    if not token:
        return 0
    # ASCII digits of a 64-bit id: str.isdigit() accepts "²", and int() refuses 5,000 digits.
    if not (token.isascii() and token.isdigit() and len(token) <= MAX_CURSOR_DIGITS and int(token) < 2**63):
        raise InvalidArgument("page_token is not one this server issued; pass next_page_token unchanged")
    return int(token)
