"""Who owns a session: the tenant that created it, and optionally the end user it is about.

The servicer passes the caller's tenant in explicitly; nothing here knows how it was proven.
"""

import base64
import binascii

from services.common.errors import Conflict, InvalidArgument, PermissionDenied
from services.memory.domain.model import SessionState

MAX_USER_ID_BYTES = 128
MAX_TENANT_BYTES = 128
_CURSOR_PREFIX = "s1:"


def check_user_id(user_id: str, field: str = "user_id") -> str:
    size = len(user_id.encode())
    if size > MAX_USER_ID_BYTES:
        raise InvalidArgument(f"{field} is {size} bytes; at most {MAX_USER_ID_BYTES} are allowed")
    if any(ord(char) < 32 for char in user_id):
        raise InvalidArgument(f"{field} contains control characters")
    return user_id


def check_tenant(tenant: str) -> str:
    # The tenant comes from the caller's credentials, not the request: a bad one is a server-side
    # configuration error, but it must still never reach a store key or a SQL row unchecked.
    if not tenant or len(tenant.encode()) > MAX_TENANT_BYTES or any(ord(char) < 32 for char in tenant):
        raise PermissionDenied("the caller's credentials name no usable tenant")
    return tenant


def denied(session_id: str) -> PermissionDenied:
    """The answer for a session of another tenant. It says neither who owns it nor what it holds."""
    return PermissionDenied(f"session {session_id!r} is not one of your tenant's sessions; use another session_id")


def check_owner(state: SessionState | None, session_id: str, tenant: str, user_id: str = "") -> None:
    """Raise unless the caller's tenant may write to session_id (absent: it will create it).

    A user_id names the end user the request is for: a session keeps the user it was given first.
    """
    if state is None:
        return
    if state.tenant != tenant:
        raise denied(session_id)
    if user_id and state.user_id and state.user_id != user_id:
        raise Conflict(f"session {session_id!r} belongs to another user_id; a session keeps the user it was created with")


def encode_cursor(session_id: str) -> str:
    return base64.urlsafe_b64encode((_CURSOR_PREFIX + session_id).encode()).decode()


def decode_cursor(token: str) -> str:
    """The session id a ListSessions page token continues after ("" for the first page)."""
    if not token:
        return ""
    try:
        raw = base64.urlsafe_b64decode(token.encode("ascii")).decode()
    except (UnicodeError, ValueError, binascii.Error):
        raw = ""
    if not raw.startswith(_CURSOR_PREFIX):
        raise InvalidArgument("page_token is not one this server issued; pass next_page_token unchanged")
    return raw[len(_CURSOR_PREFIX) :]
