"""Python client of the dsh memory service (dsh.memory.v1.MemoryService).

from dsh_memory import MemoryClient, Event
with MemoryClient("127.0.0.1:50051") as memory:
    memory.append_events("s1", [Event(seq=1, text="The deploy target is eu-west-1.")])
    print(memory.assemble("s1", "where do we deploy?").message)
"""

from dsh_memory.aio import AsyncMemoryClient
from dsh_memory.client import MemoryClient
from dsh_memory.connection import DEFAULT_ADDRESS, DEFAULT_TIMEOUT_SECONDS, NO_RETRY, Connection, RetryPolicy, connection_from_env
from dsh_memory.errors import (
    DeadlineExceededError,
    DshMemoryError,
    FailedPreconditionError,
    InvalidArgumentError,
    NotFoundError,
    PermissionDeniedError,
    ResourceExhaustedError,
    UnauthenticatedError,
    UnavailableError,
)
from dsh_memory.types import (
    AppendResult,
    Assembly,
    Capabilities,
    Deleted,
    Event,
    Item,
    ItemPage,
    OpenedSession,
    SessionPage,
    SessionSummary,
    TaskEntry,
    TaskState,
)

__all__ = [
    "DEFAULT_ADDRESS",
    "DEFAULT_TIMEOUT_SECONDS",
    "NO_RETRY",
    "AppendResult",
    "Assembly",
    "AsyncMemoryClient",
    "Capabilities",
    "Connection",
    "DeadlineExceededError",
    "Deleted",
    "DshMemoryError",
    "Event",
    "FailedPreconditionError",
    "InvalidArgumentError",
    "Item",
    "ItemPage",
    "MemoryClient",
    "NotFoundError",
    "OpenedSession",
    "PermissionDeniedError",
    "ResourceExhaustedError",
    "RetryPolicy",
    "SessionPage",
    "SessionSummary",
    "TaskEntry",
    "TaskState",
    "UnauthenticatedError",
    "UnavailableError",
    "connection_from_env",
]
