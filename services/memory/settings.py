"""Memory service settings, read once from the environment."""

import os
from collections.abc import Mapping
from dataclasses import dataclass, field

from services.common.config import ConfigError, env_choice, env_float, env_int, env_str
from services.common.grpc_server import DEFAULT_MAX_CONCURRENT_RPCS, DEFAULT_MAX_RECEIVE_BYTES, ServerLimits
from services.common.security import ServerSecurity
from services.common.settings_table import Setting, server_settings
from services.common.telemetry import Telemetry
from services.memory.domain.validation import Limits

VERSION = "0.1.0"
# MEMORY_PROCESSES: more would fork a process per typo'd digit; a core per worker is the useful range.
MAX_PROCESSES = 256
# MEMORY_DENSE: "off" ranks by text matching alone; "minilm" fuses it with MiniLM-L6-v2 sentence
# embeddings (the optional extra, `make embeddings`).
DENSE_CHOICES = ("off", "minilm")


@dataclass(frozen=True)
class Settings:
    listen: str = "127.0.0.1:50051"
    # sqlite path (MEMORY_DB) unless MEMORY_STORE names another store, e.g. redis://host:6379/0
    db_path: str = "./data/memory.sqlite"
    store_url: str = ""
    log_level: str = "info"
    log_format: str = "auto"
    max_event_bytes: int = 1024 * 1024
    max_batch_events: int = 10_000
    grace_seconds: float = 10.0
    max_workers: int = 16
    # Worker processes serving `listen` together (SO_REUSEPORT) over one store; 1 serves in this process.
    processes: int = field(default_factory=lambda: available_cores())
    dense: str = "off"
    # Resource limits: a request over max_receive_bytes, or an RPC beyond max_concurrent_rpcs in
    # flight, is answered RESOURCE_EXHAUSTED. One event (max_event_bytes) must fit in a request.
    max_concurrent_rpcs: int = DEFAULT_MAX_CONCURRENT_RPCS
    max_receive_bytes: int = DEFAULT_MAX_RECEIVE_BYTES
    # Authentication, TLS and reflection (MEMORY_AUTH*, MEMORY_TLS_*, MEMORY_REFLECTION), and the
    # Redis password read from MEMORY_STORE_PASSWORD_FILE so that it never sits in the URL or the environment.
    security: ServerSecurity = field(default_factory=lambda: ServerSecurity(prefix="MEMORY"))
    store_password: str = field(default="", repr=False)
    # Prometheus metrics port and OpenTelemetry tracing (MEMORY_METRICS_LISTEN, MEMORY_TRACING): off by default.
    telemetry: Telemetry = field(default_factory=Telemetry)

    @property
    def limits(self) -> Limits:
        return Limits(max_event_bytes=self.max_event_bytes, max_batch_events=self.max_batch_events)

    @property
    def server_limits(self) -> ServerLimits:
        return ServerLimits(max_concurrent_rpcs=self.max_concurrent_rpcs, max_receive_bytes=self.max_receive_bytes)

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> "Settings":
        env = os.environ if env is None else env
        defaults = cls()
        settings = cls(
            listen=env_str(env, "MEMORY_LISTEN", defaults.listen),
            db_path=env_str(env, "MEMORY_DB", defaults.db_path),
            store_url=env_str(env, "MEMORY_STORE", ""),
            log_level=env_choice(env, "MEMORY_LOG_LEVEL", defaults.log_level, ("debug", "info", "warning", "error")),
            log_format=env_choice(env, "MEMORY_LOG_FORMAT", defaults.log_format, ("auto", "json", "console")),
            max_event_bytes=env_int(env, "MEMORY_MAX_EVENT_BYTES", defaults.max_event_bytes, minimum=1),
            max_batch_events=env_int(env, "MEMORY_MAX_BATCH_EVENTS", defaults.max_batch_events, minimum=1),
            grace_seconds=env_float(env, "MEMORY_GRACE_SECONDS", defaults.grace_seconds),
            max_workers=env_int(env, "MEMORY_MAX_WORKERS", defaults.max_workers, minimum=1),
            processes=env_int(env, "MEMORY_PROCESSES", defaults.processes, minimum=1),
            dense=env_choice(env, "MEMORY_DENSE", defaults.dense, DENSE_CHOICES),
            max_concurrent_rpcs=env_int(env, "MEMORY_MAX_CONCURRENT_RPCS", defaults.max_concurrent_rpcs, minimum=1),
            max_receive_bytes=env_int(env, "MEMORY_MAX_RECEIVE_BYTES", defaults.max_receive_bytes, minimum=1024),
            security=ServerSecurity.from_env(env, "MEMORY", env_str(env, "MEMORY_LISTEN", defaults.listen)),
            store_password=_secret_file(env, "MEMORY_STORE_PASSWORD_FILE"),
            telemetry=Telemetry.from_env(env, "MEMORY"),
        )
        if settings.max_event_bytes >= settings.max_receive_bytes:
            # An event that no request can carry would be a limit nobody can reach.
            raise ConfigError(
                f"MEMORY_MAX_EVENT_BYTES={settings.max_event_bytes} must be below MEMORY_MAX_RECEIVE_BYTES={settings.max_receive_bytes}"
            )
        if settings.processes > MAX_PROCESSES:
            raise ConfigError(f"MEMORY_PROCESSES={settings.processes} must be at most {MAX_PROCESSES} (one per core is the useful range)")
        if settings.processes > 1 and not settings.store_url and settings.db_path == ":memory:":
            # Each worker would hold a private, empty database of its own.
            raise ConfigError(f"MEMORY_DB=:memory: lives in one process; set MEMORY_PROCESSES=1 (it is {settings.processes})")
        return settings


def available_cores() -> int:
    """The cores this process may run on (a container's or taskset's CPU set, not the machine's)."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def _secret_file(env: Mapping[str, str], name: str) -> str:
    path = env_str(env, name, "")
    if not path:
        return ""
    try:
        return open(path, encoding="utf-8").read().strip()
    except OSError as exc:
        raise ConfigError(f"{name}={path}: {exc.strerror or exc}") from exc


# Every variable from_env reads, for `python -m services.memory --help` and docs/operations.md.
SETTINGS_TABLE = (
    *server_settings("MEMORY", listen=Settings.listen, max_concurrent_rpcs=DEFAULT_MAX_CONCURRENT_RPCS),
    Setting("MEMORY_DB", Settings.db_path, "the SQLite file (created with its folder), when MEMORY_STORE is unset"),
    Setting("MEMORY_STORE", "", "another store: redis://host:6379/0, rediss://..., redis+cluster://h1:p1,h2:p2 (?prefix=name)"),
    Setting("MEMORY_STORE_PASSWORD_FILE", "", "a file holding the Redis password, kept out of the URL"),
    Setting("MEMORY_MAX_EVENT_BYTES", str(Settings.max_event_bytes), "largest event text; must be below MEMORY_MAX_RECEIVE_BYTES"),
    Setting("MEMORY_MAX_BATCH_EVENTS", str(Settings.max_batch_events), "most events in one AppendEvents"),
    Setting("MEMORY_MAX_WORKERS", str(Settings.max_workers), "handler threads (of each worker process)"),
    Setting(
        "MEMORY_PROCESSES",
        "",
        "worker processes serving MEMORY_LISTEN together over one store; unset: one per core, 1: a single process"
        " (docs/operations.md, Worker processes)",
    ),
    Setting(
        "MEMORY_GRACE_SECONDS", f"{Settings.grace_seconds:g}", "on SIGTERM, how long running calls may finish before they are cancelled"
    ),
    Setting("MEMORY_DENSE", Settings.dense, "off, or minilm: fuse MiniLM-L6-v2 embeddings into ranking (make embeddings)"),
)
