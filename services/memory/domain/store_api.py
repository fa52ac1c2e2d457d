"""What the domain needs from a store. SQLite and Redis implement it; neither imports grpc."""

from collections.abc import Callable, Iterable, Iterator
from typing import Protocol

from services.memory.domain.model import AppendPlan, Event, Item, ItemFilter, ItemKind, SessionState


class StoreReader(Protocol):
    """Reads the planner makes inside the store's transaction."""

    def session(self, session_id: str) -> SessionState | None: ...

    def events_by_ids(self, session_id: str, event_ids: list[str]) -> dict[str, Event]: ...

    def events_by_seqs(self, session_id: str, seqs: list[int]) -> dict[int, Event]: ...

    def active_items_by_keys(self, session_id: str, keys: list[str]) -> dict[str, Item]: ...

    def find_active_by_value(self, session_id: str, value_norm: str, kinds: Iterable[ItemKind]) -> Item | None: ...

    def active_items_with_key_prefix(self, session_id: str, prefix: str) -> list[Item]: ...

    def active_items_of_kinds(self, session_id: str, kinds: Iterable[ItemKind], *, limit: int) -> list[Item]:
        """Active items of these kinds, most recent first."""
        ...

    def closed_items_of_kinds(self, session_id: str, kinds: Iterable[ItemKind], *, limit: int) -> list[Item]:
        """Superseded items of these kinds, most recent first."""
        ...

    def items_by_ids(self, session_id: str, item_ids: list[str]) -> dict[str, Item]: ...

    def match_items(self, session_id: str, query: "SearchQuery", kinds: Iterable[ItemKind], *, limit: int) -> list[Item]:
        """Active items of these kinds whose indexed text holds any of the query's terms, best
        match first: how an update finds the statement it is about, wherever the session stated it."""
        ...


class SearchQuery(Protocol):
    """The analysed query a store searches with (see domain.retrieval.Query); read-only, as the
    frozen Query is."""

    @property
    def words(self) -> tuple[str, ...]: ...

    @property
    def cjk_bigrams(self) -> tuple[str, ...]: ...

    @property
    def cjk_trigrams(self) -> tuple[str, ...]: ...


class Store(StoreReader, Protocol):
    """A session store. Every method is atomic; append applies a plan all-or-nothing."""

    name: str

    def append(self, session_id: str, planner: Callable[[StoreReader], AppendPlan]) -> AppendPlan:
        """Run planner against a consistent view and apply its plan atomically.

        A store may run planner more than once (optimistic retries); it must be pure.
        """
        ...

    def compact(self, session_id: str, up_to_seq: int, summary: str) -> int | None:
        """The new checkpoint; None (or NotFound) when the session no longer exists."""
        ...

    def open_session(self, session_id: str, *, tenant: str = ..., user_id: str = "") -> tuple[SessionState, bool]:
        """Create the session for tenant (and user_id), or reopen it. A session of another tenant
        is returned as it is, untouched; a user_id is recorded only on a session that has none."""
        ...

    def list_sessions(self, tenant: str, *, user_id: str, after: str, limit: int) -> list[SessionState]:
        """Up to limit of the tenant's sessions (only user_id's when set), by session_id after `after`."""
        ...

    def import_session(self, session_id: str, planner: Callable[[StoreReader], AppendPlan]) -> AppendPlan:
        """append, for a planner that recreates a whole exported session."""
        ...

    def purge_deleted(self) -> None:
        """Make what deletions removed unrecoverable from the store's files (see README)."""
        ...

    def close_session(self, session_id: str) -> SessionState | None:
        """The closed session; None when it no longer exists (a delete won the race)."""
        ...

    def search(self, session_id: str, query: SearchQuery, *, limit: int, include_superseded: bool) -> list[tuple[Item, float]]:
        """Candidates with a text-match score (higher is better), best first."""
        ...

    def list_items(self, session_id: str, flt: ItemFilter, *, after: int, limit: int) -> tuple[list[Item], int]:
        """A page of items in creation order after cursor `after`; returns the next cursor (0: last page)."""
        ...

    def iter_events(self, session_id: str) -> Iterator[Event]: ...

    def iter_items(self, session_id: str) -> Iterator[Item]: ...

    def delete_session(self, session_id: str) -> tuple[int, int]: ...

    def close(self) -> None: ...
