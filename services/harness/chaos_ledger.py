"""What the chaos tool counts: every acknowledged event, every status answered, every latency.

Outcomes are real: an event counts as acknowledged only when AppendEvents answered OK, and it
counts as lost or duplicated only from what ExportSession returns after the faults.
"""

import json
import threading
from collections import Counter
from dataclasses import dataclass, field

import grpc
from dsh.memory.v1 import memory_pb2

# Statuses that say the server broke, never the client's or the environment's fault.
BROKEN = ("INTERNAL", "UNKNOWN")


@dataclass
class Ledger:
    """Thread-safe record of one scenario on one store."""

    name: str
    acknowledged: dict[str, dict[int, str]] = field(default_factory=dict)  # session -> seq -> event_id
    statuses: Counter = field(default_factory=Counter)
    latencies_ms: list[float] = field(default_factory=list)
    lost: int = 0
    duplicated: int = 0
    notes: list[str] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)  # anything else that must fail the run
    seconds: float = 0.0
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def ack(self, session_id: str, events: list[memory_pb2.Event]) -> None:
        with self._lock:
            self.acknowledged.setdefault(session_id, {}).update({e.seq: e.event_id for e in events})

    def status(self, code: grpc.StatusCode | str, latency_ms: float | None = None) -> None:
        with self._lock:
            self.statuses[code.name if isinstance(code, grpc.StatusCode) else code] += 1
            if latency_ms is not None:
                self.latencies_ms.append(latency_ms)

    @property
    def acknowledged_events(self) -> int:
        return sum(len(events) for events in self.acknowledged.values())

    @property
    def refused(self) -> int:
        """Calls answered with any status but OK."""
        return sum(count for name, count in self.statuses.items() if name != "OK")

    @property
    def broken(self) -> int:
        return sum(self.statuses[name] for name in BROKEN)

    @property
    def ok(self) -> bool:
        return not (self.lost or self.duplicated or self.broken or self.failures)

    def verify(self, stub, timeout: float = 30.0) -> None:
        """Re-read every session that acknowledged something; count what is missing or twice there."""
        for session_id, expected in self.acknowledged.items():
            try:
                document = json.loads(stub.ExportSession(memory_pb2.ExportSessionRequest(session_id=session_id), timeout=timeout).json)
            except grpc.RpcError as exc:
                self.lost += len(expected)
                self.failures.append(f"{session_id}: export failed with {exc.code().name}: {exc.details()}")
                continue
            stored = [(event["seq"], event["event_id"]) for event in document["events"]]
            ids = Counter(event_id for _, event_id in stored)
            self.duplicated += sum(count - 1 for count in ids.values() if count > 1)
            by_seq = dict(stored)
            self.lost += sum(1 for seq, event_id in expected.items() if by_seq.get(seq) != event_id)

    def summary(self) -> dict:
        return {
            "scenario": self.name,
            "acknowledged": self.acknowledged_events,
            "lost": self.lost,
            "duplicated": self.duplicated,
            "internal": self.broken,
            "statuses": dict(sorted(self.statuses.items())),
            "seconds": round(self.seconds, 1),
            "latency_ms": percentiles(self.latencies_ms),
            "calls_per_s": round(len(self.latencies_ms) / self.seconds, 1) if self.seconds and self.latencies_ms else None,
            "notes": self.notes,
            "failures": self.failures,
            "ok": self.ok,
        }

    def line(self) -> str:
        text = (
            f"{self.name}: {self.acknowledged_events:,} acknowledged, {self.lost} lost, {self.duplicated} duplicated, "
            f"{self.broken} INTERNAL"
        )
        others = {k: v for k, v in sorted(self.statuses.items()) if k != "OK"}
        if others:
            text += f" (statuses besides OK: {', '.join(f'{k} {v}' for k, v in others.items())})"
        if self.latencies_ms and self.seconds:
            p = percentiles(self.latencies_ms)
            text += f"; {len(self.latencies_ms) / self.seconds:,.0f} calls/s, p50/p95/p99 {p['p50']}/{p['p95']}/{p['p99']} ms"
        for note in self.notes:
            text += f"\n    {note}"
        for failure in self.failures[:10]:
            text += f"\n    FAIL {failure}"
        return text


def percentiles(samples: list[float]) -> dict:
    if not samples:
        return {"p50": None, "p95": None, "p99": None}
    ordered = sorted(samples)

    def at(q: float) -> float:
        return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))], 1)

    return {"p50": at(0.50), "p95": at(0.95), "p99": at(0.99)}
