"""`python -m services.memory`: run the memory service in the foreground until SIGTERM/SIGINT."""

import sys

# The memory image installs no rich (requirements-memory.txt). Where it shares an environment that
# does, structlog would import rich and pygments for console tracebacks, a tenth of the service's
# start-up; the service logs as it does in its image, with the standard library's tracebacks.
sys.modules.setdefault("rich", None)  # type: ignore[arg-type]

import structlog  # noqa: E402

from services.common.config import ConfigError  # noqa: E402
from services.common.errors import ServiceError  # noqa: E402
from services.common.grpc_server import serve_until_signal  # noqa: E402
from services.common.logging import configure_logging  # noqa: E402
from services.common.settings_table import answer_arguments  # noqa: E402
from services.common.tracing import configure_tracing  # noqa: E402
from services.memory.embeddings.errors import EncoderUnavailable  # noqa: E402
from services.memory.server import build_server  # noqa: E402
from services.memory.settings import SETTINGS_TABLE, Settings  # noqa: E402
from services.memory.workers import serve_workers  # noqa: E402

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
    serve_until_signal(server.served, grace=settings.grace_seconds, on_stop=server.close)
    return 0


if __name__ == "__main__":
    sys.exit(main())
