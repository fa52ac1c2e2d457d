"""The stores' driver exceptions translated into the domain's errors: sqlite3's here, redis-py's in
redis_faults.py (imported only when the store is Redis).

A store meets the environment here: a full disk, a read-only file, a busy database, a Redis
that is restarting or loading its dataset. Each becomes the ServiceError whose code tells the
client what to do (services/common/errors.py holds the table), with a message an operator can
act on. What is not listed stays untranslated: a bug, answered INTERNAL and logged.
"""

import functools
import sqlite3
from collections.abc import Callable
from typing import Any, ParamSpec, TypeVar

from services.common.errors import (
    DataLoss,
    FailedPrecondition,
    InvalidArgument,
    ResourceExhausted,
    ServiceError,
    Unavailable,
)

P = ParamSpec("P")
R = TypeVar("R")

NOTHING_WRITTEN = "nothing of this request was written"

# SQLite's primary result codes (the low byte of an extended code): https://sqlite.org/rescode.html
_SQLITE_FAULTS: dict[int, Callable[[str], ServiceError]] = {
    sqlite3.SQLITE_BUSY: lambda detail: Unavailable(f"the database is busy ({detail}); {NOTHING_WRITTEN}, retry"),
    sqlite3.SQLITE_LOCKED: lambda detail: Unavailable(f"the database is locked ({detail}); {NOTHING_WRITTEN}, retry"),
    sqlite3.SQLITE_NOMEM: lambda detail: ResourceExhausted(f"SQLite ran out of memory ({detail}); {NOTHING_WRITTEN}"),
    sqlite3.SQLITE_READONLY: lambda detail: FailedPrecondition(
        f"the database is read-only ({detail}); {NOTHING_WRITTEN}: make MEMORY_DB and its directory writable"
    ),
    sqlite3.SQLITE_IOERR: lambda detail: Unavailable(f"the database file could not be read or written ({detail}); retry"),
    sqlite3.SQLITE_CORRUPT: lambda detail: DataLoss(f"the database file is corrupt ({detail}); restore it from a backup"),
    sqlite3.SQLITE_FULL: lambda detail: ResourceExhausted(
        f"the database's disk is full ({detail}); {NOTHING_WRITTEN}: free space, then retry"
    ),
    sqlite3.SQLITE_CANTOPEN: lambda detail: Unavailable(f"the database file cannot be opened ({detail}); retry"),
    sqlite3.SQLITE_PROTOCOL: lambda detail: Unavailable(f"the database is busy ({detail}); retry"),
    sqlite3.SQLITE_TOOBIG: lambda detail: InvalidArgument(f"a value is larger than the database accepts ({detail})"),
    sqlite3.SQLITE_NOTADB: lambda detail: DataLoss(f"the database file is not a SQLite database ({detail})"),
}


def sqlite_fault(exc: BaseException) -> ServiceError | None:
    """The domain error for a sqlite3 exception, None when it is a bug (a query we wrote wrong)."""
    if isinstance(exc, sqlite3.Error) and getattr(exc, "sqlite_errorcode", None) is not None:
        fault = _SQLITE_FAULTS.get(exc.sqlite_errorcode & 0xFF)
        return fault(str(exc)) if fault else None
    if isinstance(exc, OverflowError):
        # sqlite3 binds Python ints as 64-bit integers only; every number we store comes from the request.
        return InvalidArgument(f"a number in the request is outside the 64-bit range ({exc})")
    return None


def translated(translate: Callable[[BaseException], ServiceError | None]) -> Callable[[Callable[P, R]], Callable[P, R]]:
    """A decorator: the method's driver exceptions come out as the domain errors translate gives."""

    def decorate(method: Callable[P, R]) -> Callable[P, R]:
        @functools.wraps(method)
        def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
            try:
                return method(*args, **kwargs)
            except ServiceError:
                raise
            except Exception as exc:
                fault = translate(exc)
                if fault is None:
                    raise
                raise fault from exc

        return wrapper

    return decorate


class TranslatingStore:
    """A Store whose every method answers driver faults as domain errors.

    Wrapping the store, not each method, keeps the stores' code about storing and makes it
    impossible for a new method to forget the translation.
    """

    def __init__(self, inner: Any, translate: Callable[[BaseException], ServiceError | None]):
        self.inner = inner
        self._decorate = translated(translate)

    def __getattr__(self, name: str) -> Any:
        attribute = getattr(self.inner, name)
        return self._decorate(attribute) if callable(attribute) else attribute
