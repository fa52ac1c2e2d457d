"""Building the memory server: store, core, servicer, health and reflection."""

import os
import threading
from urllib.parse import urlsplit, urlunsplit

import structlog
from dsh.memory.v1 import memory_pb2, memory_pb2_grpc

from services.common.grpc_server import Served, start_server
from services.common.security import log_security
from services.memory.access import REQUIRED_ROLE
from services.memory.domain.fusion import DenseRetriever
from services.memory.domain.service import MemoryCore
from services.memory.domain.warmup import warm_up, warm_up_serving
from services.memory.servicer import MemoryServicer
from services.memory.settings import VERSION, Settings
from services.memory.store.factory import open_store

SERVICE_NAME = memory_pb2.DESCRIPTOR.services_by_name["MemoryService"].full_name
log = structlog.get_logger("memory")


# How long a stopping server waits for its warm-up thread: an interpreter that exits while a thread is
# importing modules can fail its exit (the worker's status would not be 0).
WARM_UP_JOIN_S = 5.0


class MemoryServer:
    """A running memory server and the store it owns; stop() drains RPCs, then closes the store."""

    def __init__(self, served: Served, core: MemoryCore, warm_up: threading.Thread | None = None):
        self.served = served
        self.core = core
        self.port = served.port
        self.warm_up = warm_up

    def stop(self, grace: float = 10.0) -> None:
        self.served.stop(grace)
        self.close()

    def close(self) -> None:
        """What stopping leaves to do once RPCs are drained: let the warm-up finish, close the store."""
        if self.warm_up is not None:
            self.warm_up.join(WARM_UP_JOIN_S)
        self.core.store.close()


def build_server(settings: Settings, listen: str | None = None, *, reuse_port: bool = False) -> MemoryServer:
    """Raises EncoderUnavailable when MEMORY_DENSE asks for embeddings that are not installed.
    reuse_port: one of several worker processes on one port (services/memory/workers.py)."""
    dense = _dense_index(settings)  # before the store: a missing extra then leaves nothing open
    store = open_store(settings)
    if settings.telemetry.metrics_on:
        from services.memory.metrics import ObservedStore, StoreCollector  # prometheus-client: only when exported

        observed = ObservedStore(store, settings.telemetry.registry)
        settings.telemetry.registry.register(StoreCollector(observed))
        store = observed
    core = MemoryCore(store, settings.limits, VERSION, dense=dense)
    warm_up()  # the grammars compile now, not while the first batch of user turns waits
    try:
        served = start_server(
            listen or settings.listen,
            lambda server: memory_pb2_grpc.add_MemoryServiceServicer_to_server(MemoryServicer(core), server),
            [SERVICE_NAME],
            max_workers=settings.max_workers,
            security=settings.security,
            roles={SERVICE_NAME: REQUIRED_ROLE},
            limits=settings.server_limits,
            telemetry=settings.telemetry,
            reuse_port=reuse_port,
        )
    except BaseException:
        store.close()
        raise
    serving_warm_up = threading.Thread(target=warm_up_serving, name="warm-up-serving", daemon=True)
    serving_warm_up.start()
    log_security(settings.security, listen or settings.listen)
    log.info(
        "memory_started",
        port=served.port,
        store=store.name,
        store_location=store_location(settings, store),
        listen=listen or settings.listen,
        retrieval=core.capabilities.retrieval,
    )
    return MemoryServer(served, core, serving_warm_up)


def store_location(settings: Settings, store: object) -> str:
    """Where the data lives, for the start-up line: the SQLite file's absolute path, or the Redis
    URL without its credentials."""
    path = getattr(store, "path", "")
    if path:
        return path if path == ":memory:" else os.path.abspath(path)
    parts = urlsplit(settings.store_url)
    return urlunsplit(parts._replace(netloc=parts.netloc.rpartition("@")[2]))


def _dense_index(settings: Settings) -> DenseRetriever | None:
    if settings.dense == "off":
        return None
    # Imported only when asked for: numpy, tokenizers and the weights are an optional extra.
    from services.memory.embeddings import MiniLMEncoder

    encoder = MiniLMEncoder.load()
    from services.memory.embeddings.index import DenseIndex  # numpy is there once load() succeeded

    return DenseIndex(encoder)
