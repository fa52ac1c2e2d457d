"""Domain errors shared by the services, and the one table that maps them to gRPC codes.

Drivers' exceptions (sqlite3, redis-py) never reach this table: each store translates them
into these domain errors where they arise (services/memory/store/faults.py), so the same
fault answers the same code on every store.
"""

import grpc


class ServiceError(Exception):
    """Base of every error a service reports to its client on purpose."""

    @property
    def code(self) -> grpc.StatusCode:
        return code_of(type(self))


class InvalidArgument(ServiceError):
    """The request is malformed: the client must change it."""


class NotFound(ServiceError):
    """The request names something that does not exist."""


class Conflict(ServiceError):
    """The request contradicts what is already stored (a seq reused with other content)."""


class FailedPrecondition(ServiceError):
    """The request is well formed but the state does not allow it (compacting past the last
    stored seq, writing to a read-only database): retrying unchanged will fail again."""


class Unavailable(ServiceError):
    """A dependency (store, model API) cannot be reached now; retrying may help."""


class ResourceExhausted(ServiceError):
    """Out of disk or memory, or a limit reached: retry later, or with less."""


class DataLoss(ServiceError):
    """The stored data is corrupt: an operator must restore it; retrying will not help."""


class Unimplemented(ServiceError):
    """This implementation does not offer the RPC (a baseline without storage)."""


class Unauthenticated(ServiceError):
    """The caller did not prove who it is (no key, or an unknown one)."""


class PermissionDenied(ServiceError):
    """The caller is known but may not do this (another tenant's session, an RPC above its role)."""


# Every exception type a service can meet on purpose, most specific first. A subclass of
# ServiceError defined elsewhere (e.g. a harness precondition) names its base here.
STATUS_CODES: tuple[tuple[type[BaseException], grpc.StatusCode], ...] = (
    (InvalidArgument, grpc.StatusCode.INVALID_ARGUMENT),
    (NotFound, grpc.StatusCode.NOT_FOUND),
    (Conflict, grpc.StatusCode.FAILED_PRECONDITION),
    (FailedPrecondition, grpc.StatusCode.FAILED_PRECONDITION),
    (Unavailable, grpc.StatusCode.UNAVAILABLE),
    (ResourceExhausted, grpc.StatusCode.RESOURCE_EXHAUSTED),
    (DataLoss, grpc.StatusCode.DATA_LOSS),
    (Unimplemented, grpc.StatusCode.UNIMPLEMENTED),
    (Unauthenticated, grpc.StatusCode.UNAUTHENTICATED),
    (PermissionDenied, grpc.StatusCode.PERMISSION_DENIED),
    # The process itself ran out of memory for this request; the next, smaller one may fit.
    (MemoryError, grpc.StatusCode.RESOURCE_EXHAUSTED),
)

# Codes a client may retry unchanged (idempotent calls only): the fault is the environment's.
RETRYABLE = frozenset({grpc.StatusCode.UNAVAILABLE, grpc.StatusCode.RESOURCE_EXHAUSTED})

_GENERIC = {
    MemoryError: "the server ran out of memory for this request; retry later or send less",
}


def code_of(exc_type: type[BaseException]) -> grpc.StatusCode:
    """The code of an exception type by the table; INTERNAL when it is not listed."""
    for listed, code in STATUS_CODES:
        if issubclass(exc_type, listed):
            return code
    return grpc.StatusCode.INTERNAL


def status_of(exc: BaseException) -> tuple[grpc.StatusCode, str]:
    """The gRPC status for an exception: by the table, INTERNAL when it is not listed.

    A ServiceError's message goes to the client; other exceptions get a generic message:
    their details go to the log, not the client.
    """
    code = code_of(type(exc))
    if isinstance(exc, ServiceError):
        return code, str(exc)
    if code is grpc.StatusCode.INTERNAL:
        return code, "internal error; see the server log"
    return code, next(message for listed, message in _GENERIC.items() if isinstance(exc, listed))


def is_expected(exc: BaseException) -> bool:
    """True when the table names the exception: no traceback is worth logging for it."""
    return code_of(type(exc)) is not grpc.StatusCode.INTERNAL
