"""Checks on what a client sends, before anything is written."""

from dataclasses import dataclass

from services.common.errors import InvalidArgument, NotFound
from services.memory.domain.model import Event, EventKind

MAX_SESSION_ID_BYTES = 128
MAX_EVENT_ID_BYTES = 256
MAX_ATTRIBUTES = 64
MAX_ATTRIBUTE_BYTES = 4096


@dataclass(frozen=True)
class Limits:
    max_event_bytes: int = 1024 * 1024
    max_batch_events: int = 10_000


def check_session_id(session_id: str) -> str:
    if not session_id:
        raise InvalidArgument("session_id is empty: name the session the events belong to")
    size = len(session_id.encode())
    if size > MAX_SESSION_ID_BYTES:
        raise InvalidArgument(f"session_id is {size} bytes; at most {MAX_SESSION_ID_BYTES} are allowed")
    if any(ord(char) < 32 for char in session_id):
        raise InvalidArgument("session_id contains control characters")
    return session_id


def session_not_found(session_id: str) -> NotFound:
    """The contract's answer to a read of a session that was never created (or was deleted)."""
    return NotFound(f"session {session_id!r} does not exist; AppendEvents or OpenSession creates it")


def check_batch(events: list[Event], limits: Limits) -> None:
    """Reject the whole batch if any event is malformed; say which one and why."""
    if not events:
        raise InvalidArgument("events is empty: send at least one event")
    if len(events) > limits.max_batch_events:
        raise InvalidArgument(f"batch has {len(events)} events; at most {limits.max_batch_events} are allowed, split it")
    for index, event in enumerate(events):
        where = f"events[{index}]"
        if event.seq <= 0:
            raise InvalidArgument(f"{where}.seq is {event.seq}; seqs start at 1")
        if not event.event_id:
            raise InvalidArgument(f"{where}.event_id is empty; every event needs a unique id")
        if len(event.event_id.encode()) > MAX_EVENT_ID_BYTES:
            raise InvalidArgument(f"{where}.event_id is longer than {MAX_EVENT_ID_BYTES} bytes")
        size = len(event.text.encode())
        if size > limits.max_event_bytes:
            raise InvalidArgument(f"{where}.text is {size} bytes; at most {limits.max_event_bytes} are allowed")
        if len(event.attributes) > MAX_ATTRIBUTES:
            raise InvalidArgument(f"{where} has {len(event.attributes)} attributes; at most {MAX_ATTRIBUTES}")
        for name, value in event.attributes:
            if len(name.encode()) + len(value.encode()) > MAX_ATTRIBUTE_BYTES:
                raise InvalidArgument(f"{where}.attributes[{name!r}] is longer than {MAX_ATTRIBUTE_BYTES} bytes")
        if event.kind is EventKind.COMPACTION:
            _check_compaction_bound(event, where)


def _check_compaction_bound(event: Event, where: str) -> None:
    """A compaction's up_to_seq attribute, when given, is a seq it covers: 1..its own seq."""
    raw = event.attribute("up_to_seq", None)
    if raw is None:
        return
    # ASCII digits only: str.isdigit() accepts "²", which int() then rejects.
    if not (raw.isascii() and raw.isdigit() and len(raw) <= 19 and 0 < int(raw) <= event.seq):
        raise InvalidArgument(
            f"{where}.attributes['up_to_seq'] is {raw[:40]!r}; a compaction covers seqs up to itself:"
            f" write a decimal seq from 1 to {event.seq}, or leave the attribute out"
        )
