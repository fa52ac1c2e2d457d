"""Building, probing and draining gRPC servers the same way in every service."""

import signal
import threading
import time
from collections.abc import Callable, Iterable
from concurrent import futures
from dataclasses import dataclass
from types import FrameType
from typing import TYPE_CHECKING

import grpc
import structlog
from grpc_health.v1 import health, health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection

from services.common.auth import AuthInterceptor, BearerClientInterceptor, RoleTable, open_keystore, reflection_roles
from services.common.interceptors import RequestIdClientInterceptor, ServerInterceptor
from services.common.security import PLAINTEXT, ClientCredentials, ServerSecurity
from services.common.telemetry import Telemetry
from services.common.tracing import TracingClientInterceptor, TracingServerInterceptor, tracing_active

if TYPE_CHECKING:
    from services.common.metrics import MetricsEndpoint

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
        self,
        server: grpc.Server,
        port: int,
        health_servicer: health.HealthServicer,
        services: list[str],
        executor: futures.ThreadPoolExecutor | None = None,
        metrics: "MetricsEndpoint | None" = None,
    ):
        self.server = server
        self.metrics = metrics
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
        if self.metrics is not None:
            self.metrics.stop()


def start_server(
    listen: str,
    register: Callable[[grpc.Server], None],
    service_names: Iterable[str],
    *,
    max_workers: int = 16,
    security: ServerSecurity | None = None,
    roles: RoleTable | None = None,
    limits: ServerLimits = ServerLimits(),
    telemetry: Telemetry | None = None,
    reuse_port: bool = False,
) -> Served:
    """Start a server on listen ("host:port", port 0 for any) with health, and reflection when enabled.

    reuse_port binds with SO_REUSEPORT, for worker processes that share one port (common/workers.py);
    otherwise a port another server holds is refused.

    register adds the service's own servicers. With security's auth on, every RPC but health needs a
    key whose role roles ({service: {method: least role}}) allows. Raises RuntimeError when the
    address cannot be bound, ConfigError when the keys file or a TLS file cannot be used.
    telemetry's metrics port and tracing are served when it turns them on.
    """
    security = security or ServerSecurity()
    telemetry = telemetry or Telemetry()
    # Metrics and tracing outermost, so that refused calls are counted and traced too; then
    # authentication: a refused call is answered before anything else reads it.
    interceptors: list[grpc.ServerInterceptor] = []
    if telemetry.metrics_on:
        from services.common.metrics import MetricsInterceptor, RpcMetrics  # prometheus-client: only when exported

        interceptors.append(MetricsInterceptor(RpcMetrics(telemetry.registry)))
    if telemetry.tracing_on:
        interceptors.append(TracingServerInterceptor())
    if security.auth_on:
        table = {**(roles or {}), **(reflection_roles() if security.reflection else {})}
        interceptors.append(AuthInterceptor(open_keystore(security), table))
    credentials = security.server_credentials()
    executor = futures.ThreadPoolExecutor(max_workers=max_workers)
    server = grpc.server(
        executor,
        interceptors=[*interceptors, ServerInterceptor()],
        maximum_concurrent_rpcs=limits.max_concurrent_rpcs,
        options=[
            ("grpc.max_receive_message_length", limits.max_receive_bytes),
            ("grpc.max_send_message_length", MAX_MESSAGE_BYTES),
            ("grpc.so_reuseport", 1 if reuse_port else 0),
        ],
    )
    register(server)
    names = list(service_names)
    health_servicer = health.HealthServicer()
    health_pb2_grpc.add_HealthServicer_to_server(health_servicer, server)
    if security.reflection:
        reflection.enable_server_reflection([*names, health.SERVICE_NAME, reflection.SERVICE_NAME], server)
    try:
        port = server.add_secure_port(listen, credentials) if credentials else server.add_insecure_port(listen)
    except RuntimeError as exc:
        raise RuntimeError(f"cannot listen on {listen}: {exc}") from exc
    if port == 0:
        raise RuntimeError(f"cannot listen on {listen}")
    metrics = None
    if telemetry.metrics_on:
        from services.common.metrics import MetricsEndpoint

        try:
            metrics = MetricsEndpoint(telemetry.metrics_listen, telemetry.registry)
        except RuntimeError:
            server.stop(None)
            raise
        log.info("metrics_listening", listen=telemetry.metrics_listen, port=metrics.port)
    server.start()
    for name in ["", *names]:
        health_servicer.set(name, health_pb2.HealthCheckResponse.SERVING)
    return Served(server, port, health_servicer, names, executor, metrics)


STOP_POLL_SECONDS = 0.05


def serve_until_signal(served: Served, *, grace: float = DEFAULT_GRACE_SECONDS, on_stop: Callable[[], None] | None = None) -> None:
    """Block until SIGTERM or SIGINT, then drain and stop; on_stop runs after the drain."""
    stop = threading.Event()

    def request_stop(signum: int, _frame: FrameType | None) -> None:
        log.info("server_stopping", signal=signal.Signals(signum).name)
        stop.set()

    signal.signal(signal.SIGTERM, request_stop)
    signal.signal(signal.SIGINT, request_stop)
    # A bounded wait, woken often: the kernel may hand SIGTERM to one of gRPC's threads, and then an
    # unbounded wait in the main thread is never interrupted to run the Python handler. Every stop
    # waits half a wake on average, and an evaluation restarts memory once per scenario: 50 ms.
    while not stop.wait(STOP_POLL_SECONDS):
        pass
    served.stop(grace)
    if on_stop:
        on_stop()
    log.info("server_stopped")


def open_channel(address: str, credentials: ClientCredentials = PLAINTEXT) -> grpc.Channel:
    """A channel to address that forwards request ids, with credentials' TLS and bearer key when set."""
    options: list[tuple[str, int | str]] = [
        ("grpc.max_receive_message_length", MAX_MESSAGE_BYTES),
        ("grpc.max_send_message_length", MAX_MESSAGE_BYTES),
    ]
    if credentials.tls_server_name:
        options.append(("grpc.ssl_target_name_override", credentials.tls_server_name))
    tls = credentials.channel_credentials()
    channel = grpc.secure_channel(address, tls, options=options) if tls else grpc.insecure_channel(address, options=options)
    # A client interceptor rather than call credentials: those need TLS, and loopback runs without it.
    interceptors: list[grpc.UnaryUnaryClientInterceptor | grpc.UnaryStreamClientInterceptor] = [RequestIdClientInterceptor()]
    if tracing_active():
        interceptors.append(TracingClientInterceptor())
    if credentials.api_key:
        interceptors.append(BearerClientInterceptor(credentials.api_key))
    return grpc.intercept_channel(channel, *interceptors)


def wait_for_serving(address: str, *, service: str = "", timeout: float = 15.0, credentials: ClientCredentials = PLAINTEXT) -> None:
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
    tls = credentials.channel_credentials()
    with (
        grpc.secure_channel(address, tls, options=fast_reconnect)
        if tls
        else grpc.insecure_channel(address, options=fast_reconnect) as channel
    ):
        stub = health_pb2_grpc.HealthStub(channel)
        while time.monotonic() < deadline:
            try:
                # types-grpcio-health-checking declares HealthStub without its methods.
                reply = stub.Check(health_pb2.HealthCheckRequest(service=service), timeout=1.0)  # type: ignore[attr-defined]
                if reply.status == health_pb2.HealthCheckResponse.SERVING:
                    return
                last_error = health_pb2.HealthCheckResponse.ServingStatus.Name(reply.status)
            except grpc.RpcError as exc:
                last_error = exc.code().name
            time.sleep(0.01)
    raise TimeoutError(f"{address} not SERVING after {timeout:.0f}s ({last_error})")
