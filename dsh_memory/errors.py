"""The client's exceptions: one per gRPC status a caller handles differently, each keeping the code and the message."""

import grpc


class DshMemoryError(Exception):
    """A call to the memory service failed. code is the gRPC status, message the server's explanation."""

    def __init__(self, code: grpc.StatusCode, message: str, method: str = ""):
        self.code = code
        self.message = message
        self.method = method
        where = f"{method}: " if method else ""
        super().__init__(f"{where}{code.name}: {message}")


class InvalidArgumentError(DshMemoryError):
    """The request is malformed (INVALID_ARGUMENT); the message names the field. Fix it, do not retry."""


class NotFoundError(DshMemoryError):
    """The session does not exist (NOT_FOUND)."""


class FailedPreconditionError(DshMemoryError):
    """The state forbids the call (FAILED_PRECONDITION): a seq reused with other content, a session that exists already, a read-only store."""


class UnauthenticatedError(DshMemoryError):
    """No API key or an unknown one (UNAUTHENTICATED)."""


class PermissionDeniedError(DshMemoryError):
    """The key's role or tenant does not allow the call (PERMISSION_DENIED)."""


class UnavailableError(DshMemoryError):
    """The service or its store is unreachable or restarting (UNAVAILABLE); nothing was written. Retried for idempotent calls."""


class ResourceExhaustedError(DshMemoryError):
    """A limit was hit (RESOURCE_EXHAUSTED): request size, RPCs in flight, a full disk. Retry later or send less."""


class DeadlineExceededError(DshMemoryError):
    """The call's deadline passed before an answer (DEADLINE_EXCEEDED), retries included."""


_BY_CODE: dict[grpc.StatusCode, type[DshMemoryError]] = {
    grpc.StatusCode.INVALID_ARGUMENT: InvalidArgumentError,
    grpc.StatusCode.NOT_FOUND: NotFoundError,
    grpc.StatusCode.FAILED_PRECONDITION: FailedPreconditionError,
    grpc.StatusCode.UNAUTHENTICATED: UnauthenticatedError,
    grpc.StatusCode.PERMISSION_DENIED: PermissionDeniedError,
    grpc.StatusCode.UNAVAILABLE: UnavailableError,
    grpc.StatusCode.RESOURCE_EXHAUSTED: ResourceExhaustedError,
    grpc.StatusCode.DEADLINE_EXCEEDED: DeadlineExceededError,
}


def error_for(code: grpc.StatusCode, message: str, method: str = "") -> DshMemoryError:
    """The exception for a status: its subclass when one exists, DshMemoryError otherwise."""
    return _BY_CODE.get(code, DshMemoryError)(code, message, method)


def from_rpc_error(exc: grpc.RpcError, method: str = "") -> DshMemoryError:
    """The exception for a failed call (sync or grpc.aio), to raise `from` the original."""
    code = exc.code() if hasattr(exc, "code") else grpc.StatusCode.UNKNOWN
    message = exc.details() if hasattr(exc, "details") else str(exc)
    return error_for(code or grpc.StatusCode.UNKNOWN, message or "", method)
