"""`python -m services.mcp`: serve the memory tools over stdio (default) or streamable HTTP."""

import argparse
import sys

import structlog

from services.common.apikeys import KeysFileError
from services.common.config import ConfigError
from services.common.logging import configure_logging
from services.common.settings_table import render_help
from services.mcp.server import serve_http, serve_stdio
from services.mcp.settings import SETTINGS_TABLE, TRANSPORTS, Settings


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m services.mcp",
        description="MCP server for agent hosts: tools remember, recall, search, task_state and forget, "
        "answered by the memory service over gRPC.",
        epilog=render_help("mcp", "Over HTTP a caller's own bearer key is forwarded to memory instead of DSH_API_KEY.", SETTINGS_TABLE),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--transport", choices=TRANSPORTS, help="overrides MCP_TRANSPORT (default stdio)")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    try:
        settings = Settings.from_env(transport=args.transport)
    except ConfigError as exc:
        print(f"mcp: {exc}", file=sys.stderr)
        return 2
    # Logs go to stderr: on stdio, stdout carries the protocol and nothing else.
    configure_logging(settings.log_level, settings.log_format)
    try:
        if settings.transport == "http":
            serve_http(settings)
        else:
            serve_stdio(settings)
    except (ConfigError, KeysFileError, OSError) as exc:
        structlog.get_logger("mcp").error("mcp_start_failed", error=str(exc))
        return 2
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
