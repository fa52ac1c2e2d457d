"""API keys: their format, the keys file that stores only their hashes, and a store that re-reads it.

A key reads `dsh_<id>_<secret>`: the id is public (safe to log, used to revoke), the secret is
32 random bytes. The keys file holds, per id, the tenant, the role and the SHA-256 of the whole
key, never the key itself.
"""

import contextlib
import hashlib
import hmac
import json
import os
import re
import secrets
import tempfile
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from services.common.principal import Principal, Role

KEY_PREFIX = "dsh_"
KEYS_FILE_FORMAT = "dsh-api-keys"
KEYS_FILE_VERSION = 1
# The file is re-read when it changes, but stat()ed at most this often: a busy server must not
# pay a system call per RPC, and a second is short enough for a revocation to take effect.
DEFAULT_CHECK_INTERVAL_S = 1.0
TENANT_PATTERN = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,63}")
_KEY_PATTERN = re.compile(r"dsh_([0-9a-f]{12})_([A-Za-z0-9_-]{43})")
ROLE_NAMES = {role.name.lower(): role for role in Role}


class KeysFileError(Exception):
    """The keys file cannot be read or does not have the expected shape; the message says which."""


@dataclass(frozen=True)
class KeyRecord:
    key_id: str
    tenant: str
    role: Role
    sha256: str
    created: str = ""
    name: str = ""  # what the key is for, chosen by the operator ("harness", "ci")

    def principal(self) -> Principal:
        return Principal(tenant=self.tenant, role=self.role, key_id=self.key_id)


def digest(key: str) -> str:
    """The SHA-256 of a key, hex.

    A plain fast hash is enough here, unlike for passwords: a key carries 256 random bits, so
    no dictionary or brute force can invert its digest, and a slow hash would only slow every RPC.
    """
    return hashlib.sha256(key.encode("utf-8")).hexdigest()


def role_named(name: str) -> Role:
    try:
        return ROLE_NAMES[name.strip().lower()]
    except KeyError:
        raise ValueError(f"unknown role {name!r}; use one of {', '.join(ROLE_NAMES)}") from None


def check_tenant(tenant: str) -> str:
    if not TENANT_PATTERN.fullmatch(tenant):
        raise ValueError(f"tenant {tenant!r} must be 1-64 letters, digits, '.', '_' or '-', starting with a letter or digit")
    return tenant


def new_key(tenant: str, role: Role, name: str = "") -> tuple[str, KeyRecord]:
    """A fresh key and the record to store for it; the key is shown once and never stored."""
    key_id = secrets.token_hex(6)
    key = f"{KEY_PREFIX}{key_id}_{secrets.token_urlsafe(32)}"
    created = datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
    return key, KeyRecord(key_id, check_tenant(tenant), role, digest(key), created, name)


def key_id_of(key: str) -> str | None:
    """The public id inside a well-formed key, None for anything else."""
    match = _KEY_PATTERN.fullmatch(key)
    return match.group(1) if match else None


def read_keys_file(path: str | Path) -> dict[str, KeyRecord]:
    """The records of the keys file by id; KeysFileError says what is wrong with it."""
    try:
        raw = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise KeysFileError(f"cannot read keys file {path}: {exc.strerror or exc}") from exc
    try:
        document = json.loads(raw)
    except ValueError as exc:
        raise KeysFileError(f"keys file {path} is not JSON: {exc}") from exc
    if not isinstance(document, dict) or document.get("format") != KEYS_FILE_FORMAT:
        raise KeysFileError(
            f'{path} is not a keys file (no "format": "{KEYS_FILE_FORMAT}"); create one with python -m services.common.keys init'
        )
    records: dict[str, KeyRecord] = {}
    for index, entry in enumerate(document.get("keys") or []):
        try:
            record = KeyRecord(
                key_id=str(entry["id"]),
                tenant=check_tenant(str(entry["tenant"])),
                role=role_named(str(entry["role"])),
                sha256=str(entry["sha256"]).lower(),
                created=str(entry.get("created", "")),
                name=str(entry.get("name", "")),
            )
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise KeysFileError(f"keys file {path}: entry {index} is malformed ({exc})") from exc
        if not re.fullmatch(r"[0-9a-f]{64}", record.sha256):
            raise KeysFileError(f"keys file {path}: entry {index} has no valid sha256")
        records[record.key_id] = record
    return records


def write_keys_file(path: str | Path, records: Iterable[KeyRecord], *, mode: int = 0o600) -> None:
    """Replace the keys file atomically (write beside it, then rename), so a reader never sees half of it."""
    path = Path(path)
    document = {
        "format": KEYS_FILE_FORMAT,
        "version": KEYS_FILE_VERSION,
        "keys": [
            {"id": r.key_id, "tenant": r.tenant, "role": r.role.name.lower(), "sha256": r.sha256, "created": r.created, "name": r.name}
            for r in records
        ],
    }
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=".keys-", dir=path.parent)
    try:
        os.fchmod(fd, mode)
        _keep_owner(fd, path)
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            json.dump(document, out, indent=2)
            out.write("\n")
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _keep_owner(fd: int, path: Path) -> None:
    """Give the new file the old one's owner and group: the services read it through its group."""
    try:
        st = os.stat(path)
    except FileNotFoundError:
        return
    if (st.st_uid, st.st_gid) != (os.getuid(), os.getgid()):
        # Not root: the file is then ours, as the one we replace could only be if we may write it.
        with contextlib.suppress(PermissionError):
            os.fchown(fd, st.st_uid, st.st_gid)


class KeysUnavailable(Exception):
    """The keys file became unreadable: every call is refused until it is fixed."""


class KeyStore:
    """The keys of one file, re-read when the file changes (rotation and revocation without restart).

    Raises KeysFileError at construction when the file is unusable, so a server does not start
    without its keys. A later unreadable version fails closed: lookups raise KeysUnavailable
    rather than keep honouring keys the operator may just have revoked.
    """

    def __init__(
        self,
        path: str | Path,
        *,
        check_interval: float = DEFAULT_CHECK_INTERVAL_S,
        clock: Callable[[], float] = time.monotonic,
        on_reload: Callable[[int, str], None] | None = None,
    ):
        self.path = Path(path)
        self._check_interval = check_interval
        self._clock = clock
        self._on_reload = on_reload
        self._lock = threading.Lock()
        self._signature = self._stat()
        self._records = read_keys_file(self.path)
        self._error = ""
        self._checked_at = clock()

    def _stat(self) -> tuple[int, int, int] | None:
        try:
            st = os.stat(self.path)
        except OSError:
            return None
        return st.st_ino, st.st_mtime_ns, st.st_size

    def _refresh(self) -> None:
        now = self._clock()
        if now - self._checked_at < self._check_interval:
            return
        with self._lock:
            if now - self._checked_at < self._check_interval:
                return
            self._checked_at = now
            signature = self._stat()
            if signature == self._signature and signature is not None:
                return
            self._signature = signature
            try:
                self._records = read_keys_file(self.path)
                self._error = ""
            except KeysFileError as exc:
                self._records, self._error = {}, str(exc)
            if self._on_reload:
                self._on_reload(len(self._records), self._error)

    def lookup(self, key: str) -> Principal | None:
        """The principal a presented key grants, None when it is unknown, malformed or revoked."""
        self._refresh()
        if self._error:
            raise KeysUnavailable(self._error)
        key_id = key_id_of(key)
        record = self._records.get(key_id) if key_id else None
        if record is None:
            return None
        # Constant-time, so the time to refuse says nothing about how much of the digest matched.
        if not hmac.compare_digest(digest(key), record.sha256):
            return None
        return record.principal()
