"""The memory service's own metrics: events ingested and items written (counted on each append),
and the store's footprint (read from the store on each scrape)."""

from collections.abc import Callable, Iterator
from typing import Any, Protocol

import structlog
from prometheus_client import CollectorRegistry, Counter
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily, Metric
from prometheus_client.registry import Collector

from services.memory.domain.model import AppendPlan
from services.memory.domain.store_api import Store, StoreReader
from services.memory.store.footprint import Footprint

log = structlog.get_logger("memory.metrics")


class ObservedStore:
    """A store whose appends and imports are counted; every other attribute is the store's own."""

    def __init__(self, inner: Store, registry: CollectorRegistry):
        self.inner = inner
        self._events = Counter(
            "dsh_memory_events_ingested", "Events stored (duplicates and retries not counted)", ("store",), registry=registry
        )
        self._items = Counter(
            "dsh_memory_items_written",
            "Items written by appends and imports, new or replaced, by kind and the status written",
            ("store", "kind", "status"),
            registry=registry,
        )

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    def append(self, session_id: str, planner: Callable[[StoreReader], AppendPlan]) -> AppendPlan:
        return self._count(self.inner.append(session_id, planner))

    def import_session(self, session_id: str, planner: Callable[[StoreReader], AppendPlan]) -> AppendPlan:
        return self._count(self.inner.import_session(session_id, planner))

    def _count(self, plan: AppendPlan) -> AppendPlan:
        # Counted after the store committed; a failure here must not turn a stored batch into an error.
        try:
            store = self.inner.name
            if plan.new_events:
                self._events.labels(store).inc(len(plan.new_events))
            for item in [*plan.new_items, *plan.updated_items.values()]:
                self._items.labels(store, _name(item.kind), _name(item.status)).inc()
        except Exception:
            log.warning("metrics_record_failed", exc_info=True)
        return plan


def _name(value: Any) -> str:
    return str(getattr(value, "value", value))


class MeasuredStore(Protocol):
    """What StoreCollector reads: both stores measure themselves, which the domain's Store does not ask."""

    name: str

    def footprint(self) -> Footprint: ...


class StoreCollector(Collector):
    """Reads the store's footprint when Prometheus scrapes; a store that cannot answer (Redis down)
    leaves its figures out of that scrape rather than failing it."""

    def __init__(self, store: MeasuredStore):
        self._store = store

    def collect(self) -> Iterator[Metric]:
        name = self._store.name
        try:
            footprint = self._store.footprint()
        except Exception as exc:  # noqa: BLE001 - a scrape must not fail with the store
            log.warning("store_footprint_failed", store=name, error=str(exc))
            return
        size = GaugeMetricFamily("dsh_memory_store_size_bytes", "SQLite file with -wal and -shm, or Redis used_memory", labels=["store"])
        size.add_metric([name], footprint.size_bytes)
        yield size
        if footprint.items:
            items = GaugeMetricFamily("dsh_memory_items", "Items stored, by kind and status (SQLite)", labels=["store", "kind", "status"])
            for (kind, status), count in sorted(footprint.items.items()):
                items.add_metric([name, kind, status], count)
            yield items
        if footprint.round_trips is not None:
            trips = CounterMetricFamily(
                "dsh_memory_redis_round_trips", "Requests sent to Redis (a pipeline or transaction is one)", labels=["store"]
            )
            trips.add_metric([name], footprint.round_trips)
            yield trips
