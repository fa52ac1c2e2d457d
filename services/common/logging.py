"""structlog set-up, once per process: JSON lines for machines, a console view for people."""

import io
import logging
import sys
from typing import TextIO, cast

import structlog


class _Stderr(io.TextIOBase):
    """sys.stderr as it is at each write, not as it was at set-up: the harness's progress display
    swaps in a writer that prints lines above its bar, and the logs must go through it."""

    def write(self, text: str) -> int:
        return sys.stderr.write(text)

    def flush(self) -> None:
        sys.stderr.flush()

    def isatty(self) -> bool:
        return sys.stderr.isatty()

    def fileno(self) -> int:
        return sys.stderr.fileno()


_STDERR = _Stderr()


def configure_logging(level: str = "info", fmt: str = "auto", *, worker: int | None = None) -> None:
    """Route structlog and stdlib logging to stderr.

    fmt is "json", "console" or "auto" (console on a terminal, JSON otherwise). worker, in one of
    several worker processes (common/workers.py), is added to every line, from every thread.
    """
    numeric = logging.getLevelName(level.upper())
    if not isinstance(numeric, int):
        numeric = logging.INFO
    use_json = fmt == "json" or (fmt == "auto" and not sys.stderr.isatty())
    renderer = structlog.processors.JSONRenderer() if use_json else structlog.dev.ConsoleRenderer(colors=sys.stderr.isatty())
    structlog.configure(
        processors=[
            *([_add_worker(worker)] if worker is not None else []),
            structlog.contextvars.merge_contextvars,
            structlog.processors.add_log_level,
            structlog.processors.TimeStamper(fmt="iso", utc=True),
            structlog.processors.format_exc_info,
            renderer,
        ],
        wrapper_class=structlog.make_filtering_bound_logger(numeric),
        # typeshed's io.TextIOBase is not typing.TextIO, though _Stderr is a text stream.
        logger_factory=structlog.WriteLoggerFactory(file=cast(TextIO, _STDERR)),  # one write per line
        cache_logger_on_first_use=False,
    )
    logging.basicConfig(level=numeric, stream=_STDERR, format="%(levelname)s %(name)s %(message)s")


def _add_worker(worker: int) -> structlog.types.Processor:
    # Not a context variable: gRPC's handler threads do not inherit the main thread's context.
    def add(_logger: object, _name: str, event: structlog.types.EventDict) -> structlog.types.EventDict:
        event.setdefault("worker", worker)
        return event

    return add
