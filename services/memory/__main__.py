"""`python -m services.memory`: run the memory service in the foreground until SIGTERM/SIGINT."""

import sys

import structlog

from services.common.config import ConfigError
from services.common.errors import ServiceError
from services.common.grpc_server import serve_until_signal
from services.common.logging import configure_logging
from services.common.settings_table import answer_arguments
from services.common.tracing import configure_tracing
from services.memory.embeddings.errors import EncoderUnavailable
from services.memory.server import build_server
from services.memory.settings import SETTINGS_TABLE, Settings
from services.memory.workers import serve_workers

HELP_SUMMARY = (
    "python -m services.memory: the memory service (dsh.memory.v1), in the foreground until SIGTERM/SIGINT;"
    " MEMORY_PROCESSES worker processes share its port."
)


def main(argv: list[str] | None = None) -> int:
    answered = answer_arguments("memory", HELP_SUMMARY, SETTINGS_TABLE, sys.argv[1:] if argv is None else argv)
    if answered is not None:
        return answered
    try:
        settings = Settings.from_env()
    except ConfigError as exc:
        print(f"memory: {exc}", file=sys.stderr)
        return 2
    configure_logging(settings.log_level, settings.log_format)
    if settings.processes > 1:
        return serve_workers(settings)  # tracing is set up in each worker: the parent serves no RPC
    configure_tracing(settings.telemetry, "memory")
    try:
        server = build_server(settings)
    except (ConfigError, ServiceError, RuntimeError, OSError, EncoderUnavailable) as exc:
        # One line an operator can act on (which file or server, what is wrong); no traceback.
        structlog.get_logger("memory").error("memory_start_failed", error=str(exc))
        return 2
    serve_until_signal(server.served, grace=settings.grace_seconds, on_stop=server.core.store.close)
    return 0


if __name__ == "__main__":
    sys.exit(main())
