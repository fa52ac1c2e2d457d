"""Building, probing and draining gRPC servers the same way in every service."""

import signal
import threading
import time
from collections.abc import Callable, Iterable
from concurrent import futures
from dataclasses import dataclass

import grpc
import structlog
from grpc_health.v1 import health, health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection

from services.common.interceptors import RequestIdClientInterceptor, ServerInterceptor

log = structlog.get_logger("server")

DEFAULT_GRACE_SECONDS = 10.0
# What a client may receive (an Export of a long session is large); what a server accepts is ServerLimits'.
MAX_MESSAGE_BYTES = 64 * 1024 * 1024
DEFAULT_MAX_RECEIVE_BYTES = 4 * 1024 * 1024
DEFAULT_MAX_CONCURRENT_RPCS = 64


@dataclass(frozen=True)
class ServerLimits:
    """What one server takes on at once. Beyond either limit gRPC itself answers RESOURCE_EXHAUSTED:
    a request larger than max_receive_bytes is refused before it is parsed, and an RPC beyond
    max_concurrent_rpcs in flight is refused at once rather than queued without bound."""

    max_concurrent_rpcs: int = DEFAULT_MAX_CONCURRENT_RPCS
    max_receive_bytes: int = DEFAULT_MAX_RECEIVE_BYTES


class Served:
    """A started server, its bound port and its health servicer."""

    def __init__(
        self, server: grpc.Server, port: int, health_servicer: health.HealthServicer, services: list[str],
        executor: futures.ThreadPoolExecutor | None = None,
    ):
        self.server = server
        self.port = port
        self.health = health_servicer
        self.services = services
        self.executor = executor

    def stop(self, grace: float = DEFAULT_GRACE_SECONDS) -> None:
        """Report NOT_SERVING, let in-flight RPCs finish within grace, cancel the rest, and return
        once every handler has returned (a cancelled one stops at its next check), so what the
        handlers use can be closed after this."""
        for name in ["", *self.services]:
            self.health.set(name, health_pb2.HealthCheckResponse.NOT_SERVING)
        self.server.stop(grace).wait()
        if self.executor is not None:
            # gRPC cancels the RPCs at the end of grace but cannot stop Python code that runs them.
            self.executor.shutdown(wait=True, cancel_futures=True)


def start_server(
    listen: str,
    register: Callable[[grpc.Server], None],
    service_names: Iterable[str],
    *,
    max_workers: int = 16,
    limits: ServerLimits = ServerLimits(),
) -> Served:
    """Start a server on listen ("host:port", port 0 for any) with health and reflection.

    register adds the service's own servicers. Raises RuntimeError when the address cannot be bound.
    """
    executor = futures.ThreadPoolExecutor(max_workers=max_workers)
    server = grpc.server(
        executor,
        interceptors=[ServerInterceptor()],
        maximum_concurrent_rpcs=limits.max_concurrent_rpcs,
        options=[
            ("grpc.max_receive_message_length", limits.max_receive_bytes),
            ("grpc.max_send_message_length", MAX_MESSAGE_BYTES),
            ("grpc.so_reuseport", 0),
        ],
    )
    register(server)
    names = list(service_names)
    health_servicer = health.HealthServicer()
    health_pb2_grpc.add_HealthServicer_to_server(health_servicer, server)
    reflection.enable_server_reflection([*names, health.SERVICE_NAME, reflection.SERVICE_NAME], server)
    try:
        port = server.add_insecure_port(listen)
    except RuntimeError as exc:
        raise RuntimeError(f"cannot listen on {listen}: {exc}") from exc
    if port == 0:
        raise RuntimeError(f"cannot listen on {listen}")
    server.start()
    for name in ["", *names]:
        health_servicer.set(name, health_pb2.HealthCheckResponse.SERVING)
    return Served(server, port, health_servicer, names, executor)


def serve_until_signal(served: Served, *, grace: float = DEFAULT_GRACE_SECONDS, on_stop: Callable[[], None] | None = None) -> None:
    """Block until SIGTERM or SIGINT, then drain and stop; on_stop runs after the drain."""
    stop = threading.Event()

    def request_stop(signum, _frame):
        log.info("server_stopping", signal=signal.Signals(signum).name)
        stop.set()

    signal.signal(signal.SIGTERM, request_stop)
    signal.signal(signal.SIGINT, request_stop)
    stop.wait()
    served.stop(grace)
    if on_stop:
        on_stop()
    log.info("server_stopped")


def open_channel(address: str) -> grpc.Channel:
    """An insecure channel to address that forwards request ids."""
    channel = grpc.insecure_channel(
        address,
        options=[
            ("grpc.max_receive_message_length", MAX_MESSAGE_BYTES),
            ("grpc.max_send_message_length", MAX_MESSAGE_BYTES),
        ],
    )
    return grpc.intercept_channel(channel, RequestIdClientInterceptor())


def wait_for_serving(address: str, *, service: str = "", timeout: float = 15.0) -> None:
    """Poll grpc.health.v1 until address reports SERVING; TimeoutError after timeout seconds."""
    deadline = time.monotonic() + timeout
    last_error = "no answer"
    # A server that is still starting refuses the first connect; gRPC's default backoff would
    # then wait a whole second before trying again.
    fast_reconnect = [
        ("grpc.initial_reconnect_backoff_ms", 20),
        ("grpc.min_reconnect_backoff_ms", 20),
        ("grpc.max_reconnect_backoff_ms", 100),
    ]
    with grpc.insecure_channel(address, options=fast_reconnect) as channel:
        stub = health_pb2_grpc.HealthStub(channel)
        while time.monotonic() < deadline:
            try:
                reply = stub.Check(health_pb2.HealthCheckRequest(service=service), timeout=1.0)
                if reply.status == health_pb2.HealthCheckResponse.SERVING:
                    return
                last_error = health_pb2.HealthCheckResponse.ServingStatus.Name(reply.status)
            except grpc.RpcError as exc:
                last_error = exc.code().name
            time.sleep(0.01)
    raise TimeoutError(f"{address} not SERVING after {timeout:.0f}s ({last_error})")
