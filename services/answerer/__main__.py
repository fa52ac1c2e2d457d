"""`python -m services.answerer`: run the answerer in the foreground until SIGTERM/SIGINT."""

import sys

import structlog

from services.answerer.server import build_server
from services.answerer.settings import SETTINGS_TABLE, Settings
from services.common.config import ConfigError
from services.common.grpc_server import serve_until_signal
from services.common.logging import configure_logging
from services.common.settings_table import render_help
from services.common.tracing import configure_tracing


HELP_SUMMARY = "python -m services.answerer: the answerer service (dsh.answerer.v1), in the foreground until SIGTERM/SIGINT."


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv:
        if argv[0] in ("-h", "--help"):
            print(render_help("answerer", HELP_SUMMARY, SETTINGS_TABLE), end="")
            return 0
        # Settings come from the environment only; an argument is a mistake worth saying so.
        print(f"answerer: unexpected argument {argv[0]!r}; settings are environment variables (see --help)", file=sys.stderr)
        return 2
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
