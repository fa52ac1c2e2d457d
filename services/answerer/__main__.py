"""`python -m services.answerer`: run the answerer in the foreground until SIGTERM/SIGINT."""

import sys

import structlog

from services.answerer.server import build_server
from services.answerer.settings import SETTINGS_TABLE, Settings
from services.common.config import ConfigError
from services.common.grpc_server import serve_until_signal
from services.common.logging import configure_logging
from services.common.settings_table import answer_arguments
from services.common.tracing import configure_tracing

HELP_SUMMARY = "python -m services.answerer: the answerer service (dsh.answerer.v1), in the foreground until SIGTERM/SIGINT."


def main(argv: list[str] | None = None) -> int:
    answered = answer_arguments("answerer", HELP_SUMMARY, SETTINGS_TABLE, sys.argv[1:] if argv is None else argv)
    if answered is not None:
        return answered
    try:
        settings = Settings.from_env()
    except ConfigError as exc:
        print(f"answerer: {exc}", file=sys.stderr)
        return 2
    configure_logging(settings.log_level, settings.log_format)
    log = structlog.get_logger("answerer")
    configure_tracing(settings.telemetry, "answerer")
    try:
        served = build_server(settings)
    except ConfigError as exc:
        print(f"answerer: {exc}", file=sys.stderr)
        return 2
    except RuntimeError as exc:
        log.error("server_start_failed", error=str(exc))
        return 1
    log.info(
        "server_started",
        listen=settings.listen,
        port=served.port,
        default_mode=settings.default_mode,
        llm_available=settings.llm_available,
        llm_model=settings.llm_model if settings.llm_available else "",
    )
    serve_until_signal(served)
    return 0


if __name__ == "__main__":
    sys.exit(main())
