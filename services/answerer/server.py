"""Building the answerer's gRPC server from settings (kept apart from serving, for tests)."""

import grpc
from dsh.answerer.v1 import answerer_pb2, answerer_pb2_grpc

from services.answerer.access import REQUIRED_ROLE
from services.answerer.engine import Answerer
from services.answerer.servicer import AnswererServicer
from services.answerer.settings import Settings
from services.common.grpc_server import Served, start_server
from services.common.security import log_security

SERVICE_NAME = answerer_pb2.DESCRIPTOR.services_by_name["AnswererService"].full_name


def build_server(settings: Settings, listen: str | None = None, *, engine: Answerer | None = None) -> Served:
    """Start the answerer on listen (default settings.listen; "127.0.0.1:0" for any port).

    engine lets a test supply an Answerer with its own LLM client seams.
    """
    # With auth off, only an explicit ANSWERER_AUTH=none lets anonymous callers spend the LLM key.
    servicer = AnswererServicer(
        engine or Answerer(settings), llm_for_anonymous=settings.security.auth == "none" and settings.security.auth_explicit
    )

    def register(server: grpc.Server) -> None:
        answerer_pb2_grpc.add_AnswererServiceServicer_to_server(servicer, server)

    served = start_server(
        listen or settings.listen,
        register,
        [SERVICE_NAME],
        security=settings.security,
        roles={SERVICE_NAME: REQUIRED_ROLE},
        limits=settings.server_limits,
        telemetry=settings.telemetry,
    )
    log_security(settings.security, listen or settings.listen)
    return served
