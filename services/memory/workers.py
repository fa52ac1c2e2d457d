"""MEMORY_PROCESSES > 1: the memory service as worker processes on one port over one store.

The parent checks the store once (a file it cannot use, a Redis it cannot reach: exit 2 before any
worker starts), migrates it, compiles the grammars the workers then share through the fork, and
supervises them (services/common/workers.py). Each worker opens its own connections: SQLite's file
lock serialises their writes and each append is checked against the session's write token inside
its transaction (store/sqlite_writes.py); on Redis they are replicas of one keyspace, as several
containers would be.
"""

import dataclasses

import structlog

from services.common.config import ConfigError
from services.common.errors import ServiceError
from services.common.grpc_server import serve_until_signal
from services.common.logging import configure_logging
from services.common.tracing import configure_tracing
from services.common.workers import START_FAILED, Supervisor, reserved_port
from services.memory.domain.warmup import warm_up
from services.memory.embeddings.errors import EncoderUnavailable
from services.memory.server import build_server, store_location
from services.memory.settings import Settings
from services.memory.store.factory import open_store

log = structlog.get_logger("memory")
START_ERRORS = (ConfigError, ServiceError, RuntimeError, OSError, EncoderUnavailable)


def serve_workers(settings: Settings) -> int:
    """Run settings.processes workers until SIGTERM/SIGINT; the exit status (see Supervisor.run)."""
    try:
        store = open_store(settings)  # also migrates the file, once, before any worker opens it
        location, name = store_location(settings, store), store.name
        store.close()
        with reserved_port(settings.listen) as reserved:
            host = settings.listen.rpartition(":")[0]
            port = reserved.getsockname()[1]
            warm_up()
            log.info(
                "memory_workers_starting",
                workers=settings.processes,
                port=port,
                listen=settings.listen,
                store=name,
                store_location=location,
            )
            supervisor = Supervisor(
                settings.processes,
                lambda index: _serve_one(settings, index, f"{host}:{port}"),
                reserved=reserved,
                grace=settings.grace_seconds,
            )
            return supervisor.run()
    except START_ERRORS as exc:
        log.error("memory_start_failed", error=str(exc))
        return START_FAILED


def worker_metrics_listen(metrics_listen: str, index: int) -> str:
    """Worker index's metrics address: the configured port plus index (port 0: any free port each),
    so the workers' endpoints do not collide; docs/operations.md says how to scrape them."""
    if not metrics_listen:
        return ""
    host, _, port = metrics_listen.rpartition(":")
    return f"{host}:{int(port) + index if int(port) else 0}"


def _serve_one(settings: Settings, index: int, listen: str) -> int:
    """One worker, in its forked child: its own store connections, gRPC server and metrics port."""
    configure_logging(settings.log_level, settings.log_format, worker=index)
    telemetry = dataclasses.replace(settings.telemetry, metrics_listen=worker_metrics_listen(settings.telemetry.metrics_listen, index))
    settings = dataclasses.replace(settings, telemetry=telemetry)
    configure_tracing(settings.telemetry, "memory")
    try:
        server = build_server(settings, listen, reuse_port=True)
    except START_ERRORS as exc:
        structlog.get_logger("memory").error("memory_start_failed", error=str(exc))
        return START_FAILED
    serve_until_signal(server.served, grace=settings.grace_seconds, on_stop=server.close)
    return 0
