"""Building and serving the harness's gRPC server (build kept apart from serve, for tests)."""

import sys

import grpc
import structlog
from dsh.harness.v1 import harness_pb2, harness_pb2_grpc

from services.common.config import ConfigError
from services.common.grpc_server import Served, serve_until_signal, start_server
from services.common.security import log_security
from services.harness.access import REQUIRED_ROLE
from services.harness.servicer import HarnessServicer
from services.harness.settings import Settings

SERVICE_NAME = harness_pb2.DESCRIPTOR.services_by_name["HarnessService"].full_name


def build_server(settings: Settings, listen: str | None = None) -> Served:
    """Start the harness on listen (default settings.listen; "127.0.0.1:0" for any port)."""
    servicer = HarnessServicer(settings)

    def register(server: grpc.Server) -> None:
        harness_pb2_grpc.add_HarnessServiceServicer_to_server(servicer, server)

    served = start_server(
        listen or settings.listen,
        register,
        [SERVICE_NAME],
        max_workers=4,
        security=settings.security,
        roles={SERVICE_NAME: REQUIRED_ROLE},
        limits=settings.server_limits,
        telemetry=settings.telemetry,
    )
    log_security(settings.security, listen or settings.listen)
    return served


def serve(settings: Settings) -> int:
    """Serve until SIGTERM/SIGINT; 1 when the address cannot be bound, 2 when a security setting is unusable."""
    log = structlog.get_logger("harness")
    try:
        served = build_server(settings)
    except ConfigError as exc:
        print(f"harness: {exc}", file=sys.stderr)
        return 2
    except RuntimeError as exc:
        log.error("server_start_failed", error=str(exc))
        return 1
    log.info("server_started", listen=settings.listen, port=served.port)
    serve_until_signal(served)
    return 0
