"""Domain errors shared by the services, and the one table that maps them to gRPC codes."""

import grpc


class ServiceError(Exception):
    """Base of every error a service reports to its client on purpose."""

    code = grpc.StatusCode.INTERNAL


class InvalidArgument(ServiceError):
    """The request is malformed: the client must change it."""

    code = grpc.StatusCode.INVALID_ARGUMENT


class NotFound(ServiceError):
    """The request names something that does not exist."""

    code = grpc.StatusCode.NOT_FOUND


class Conflict(ServiceError):
    """The request contradicts what is already stored (a seq reused with other content)."""

    code = grpc.StatusCode.FAILED_PRECONDITION


class PermissionDenied(ServiceError):
    """The caller may not touch what it named (another tenant's session, an RPC above its role)."""

    code = grpc.StatusCode.PERMISSION_DENIED


class Unavailable(ServiceError):
    """A dependency (store, model API) cannot be reached now; retrying may help."""

    code = grpc.StatusCode.UNAVAILABLE


def status_of(exc: BaseException) -> tuple[grpc.StatusCode, str]:
    """The gRPC status for an exception: its own for a ServiceError, INTERNAL otherwise.

    Unexpected errors get a generic message: their details go to the log, not the client.
    """
    if isinstance(exc, ServiceError):
        return exc.code, str(exc)
    return grpc.StatusCode.INTERNAL, "internal error; see the server log"
