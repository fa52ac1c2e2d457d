"""Who is calling: the tenant and role an API key grants, bound per RPC by the auth interceptor.

The domain reads the caller through current_principal() and never sees keys or metadata, so the
stores scope data by tenant without knowing how the caller proved who it is.
"""

import contextvars
from dataclasses import dataclass
from enum import IntEnum


class Role(IntEnum):
    """What a key may do; each role may do everything the roles below it may."""

    READER = 1  # read a tenant's sessions: retrieve, assemble, list, task state
    WRITER = 2  # also append, compact, open, close, delete and import sessions
    ADMIN = 3  # also list and delete a whole tenant's or user's data, export any of it


@dataclass(frozen=True)
class Principal:
    tenant: str
    role: Role
    key_id: str  # the key's public id, safe to log; never the key itself

    def may(self, role: Role) -> bool:
        return self.role >= role


# With authentication off (loopback development, or *_AUTH=none) every caller is this one.
DEFAULT_TENANT = "default"
ANONYMOUS = Principal(tenant=DEFAULT_TENANT, role=Role.ADMIN, key_id="anonymous")

_principal: contextvars.ContextVar[Principal] = contextvars.ContextVar("principal", default=ANONYMOUS)


def current_principal() -> Principal:
    return _principal.get()


def bind_principal(principal: Principal) -> contextvars.Token[Principal]:
    return _principal.set(principal)


def reset_principal(token: contextvars.Token[Principal]) -> None:
    _principal.reset(token)
