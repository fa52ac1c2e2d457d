"""`python -m services.common.keys`: create, list and revoke API keys; bootstrap the compose stack's secrets.

A key is printed once, on stdout, when it is created (or written to --key-out, mode 0600); the
keys file keeps only its hash. Servers re-read the file within a second: no restart needed.
"""

import argparse
import os
import secrets
import sys
from collections.abc import Sequence
from pathlib import Path

from services.common.apikeys import KeyRecord, KeysFileError, new_key, read_keys_file, role_named, write_keys_file
from services.common.principal import DEFAULT_TENANT, Role

EXIT_OK, EXIT_ERROR, EXIT_USAGE = 0, 1, 2
# Files of the compose bootstrap, in the keys volume.
KEYS_FILE, ADMIN_KEY, HARNESS_KEY, REDIS_PASSWORD, REDIS_CONF = "api-keys.json", "admin.key", "harness.key", "redis.password", "redis.conf"


class UsageError(Exception):
    pass


def _write_secret(path: Path, text: str, mode: int = 0o600, owner: tuple[int, int] | None = None) -> None:
    """Create path with text, readable only as mode allows from its first byte (no window at 0644)."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, mode)
    with os.fdopen(fd, "w", encoding="utf-8") as out:
        out.write(text)
    _own(path, mode, owner)


def _own(path: Path, mode: int, owner: tuple[int, int] | None) -> None:
    os.chmod(path, mode)
    if owner is not None:
        os.chown(path, *owner)


def _records(path: Path) -> list[KeyRecord]:
    return list(read_keys_file(path).values()) if path.exists() else []


def _create(path: Path, tenant: str, role: Role, name: str, key_out: str, *, must_be_new: bool = False) -> str:
    if must_be_new and path.exists():
        raise UsageError(f"{path} exists already; add keys with `create`")
    records = _records(path)
    key, record = new_key(tenant, role, name)
    # The key goes out before the hash goes in: a key file that cannot be written leaves no usable orphan.
    if key_out:
        _write_secret(Path(key_out), key + "\n")
    write_keys_file(path, [*records, record], mode=_mode_of(path))
    print(
        f"created key {record.key_id}: tenant {tenant}, role {role.name.lower()}" + (f", written to {key_out}" if key_out else ""),
        file=sys.stderr,
    )
    return "" if key_out else key


def _mode_of(path: Path) -> int:
    try:
        return path.stat().st_mode & 0o777
    except OSError:
        return 0o600


def _revoke(path: Path, key_id: str) -> None:
    records = _records(path)
    kept = [r for r in records if r.key_id != key_id]
    if len(kept) == len(records):
        raise UsageError(f"no key with id {key_id!r} in {path}; `list` shows the ids")
    write_keys_file(path, kept, mode=_mode_of(path))
    print(f"revoked key {key_id}; servers refuse it within a second", file=sys.stderr)


def compose_init(directory: Path, *, service_gid: int, harness_uid: int, redis_uid: int) -> None:
    """The compose stack's secrets, made once: keys file, admin and harness keys, Redis password.

    Idempotent: an existing volume is left as it is (its modes and owners are put right).
    Nothing secret is printed: the admin key is read with `admin-key`.
    """
    directory.mkdir(parents=True, exist_ok=True)
    os.chmod(directory, 0o755)
    keys_file = directory / KEYS_FILE
    root = (os.getuid(), service_gid)
    if not keys_file.exists():
        admin, admin_record = new_key(DEFAULT_TENANT, Role.ADMIN, "admin")
        harness, harness_record = new_key(DEFAULT_TENANT, Role.WRITER, "harness")
        _write_secret(directory / ADMIN_KEY, admin + "\n", 0o600)
        _write_secret(directory / HARNESS_KEY, harness + "\n", 0o640, (harness_uid, service_gid))
        password = secrets.token_urlsafe(32)
        _write_secret(directory / REDIS_PASSWORD, password + "\n", 0o640, (redis_uid, service_gid))
        _write_secret(directory / REDIS_CONF, f"requirepass {password}\n", 0o600, (redis_uid, redis_uid))
        write_keys_file(keys_file, [admin_record, harness_record], mode=0o640)
        print(f"keys created in {directory}: admin {admin_record.key_id}, harness {harness_record.key_id}", file=sys.stderr)
    else:
        print(f"keys already in {directory}: left unchanged", file=sys.stderr)
    # Services run as uid 10001 (group service_gid); the harness as the host user with that group added.
    _own(keys_file, 0o640, root)
    _own(directory / HARNESS_KEY, 0o640, (harness_uid, service_gid))
    _own(directory / REDIS_PASSWORD, 0o640, (redis_uid, service_gid))
    _own(directory / REDIS_CONF, 0o600, (redis_uid, redis_uid))


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m services.common.keys", description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    default_file = os.environ.get("DSH_KEYS_FILE", "")

    def file_arg(sub: argparse.ArgumentParser) -> None:
        sub.add_argument("--file", default=default_file, required=not default_file, help="the keys file (default $DSH_KEYS_FILE)")

    def key_args(sub: argparse.ArgumentParser, role: str) -> None:
        sub.add_argument("--tenant", default=DEFAULT_TENANT, help=f"the tenant the key may act for (default {DEFAULT_TENANT})")
        sub.add_argument("--role", default=role, help=f"reader, writer or admin (default {role})")
        sub.add_argument("--name", default="", help="what the key is for, shown by list")
        sub.add_argument("--key-out", default="", help="write the key to this new file (mode 0600) instead of stdout")

    init = commands.add_parser("init", help="create a keys file with a first (admin) key")
    file_arg(init)
    key_args(init, "admin")
    create = commands.add_parser("create", help="add a key; prints it once")
    file_arg(create)
    key_args(create, "writer")
    listing = commands.add_parser("list", help="list key ids, tenants and roles (never the keys)")
    file_arg(listing)
    revoke = commands.add_parser("revoke", help="remove a key by id")
    file_arg(revoke)
    revoke.add_argument("key_id")
    bootstrap = commands.add_parser("compose-init", help="make the compose stack's keys and Redis password once, in --dir")
    bootstrap.add_argument("--dir", required=True)
    bootstrap.add_argument("--service-gid", type=int, default=10001)
    bootstrap.add_argument("--harness-uid", type=int, default=10001)
    bootstrap.add_argument("--redis-uid", type=int, default=10002)
    admin = commands.add_parser("admin-key", help="print the admin key made by compose-init")
    admin.add_argument("--dir", required=True)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    try:
        args = build_parser().parse_args(argv)
    except SystemExit as exc:
        return EXIT_USAGE if exc.code else EXIT_OK
    try:
        if args.command in ("init", "create"):
            key = _create(Path(args.file), args.tenant, role_named(args.role), args.name, args.key_out, must_be_new=args.command == "init")
            if key:
                print(key)
        elif args.command == "list":
            for record in _records(Path(args.file)):
                print(f"{record.key_id}\t{record.tenant}\t{record.role.name.lower()}\t{record.created}\t{record.name}")
        elif args.command == "revoke":
            _revoke(Path(args.file), args.key_id)
        elif args.command == "compose-init":
            compose_init(Path(args.dir), service_gid=args.service_gid, harness_uid=args.harness_uid, redis_uid=args.redis_uid)
        elif args.command == "admin-key":
            print((Path(args.dir) / ADMIN_KEY).read_text(encoding="utf-8").strip())
    except (UsageError, ValueError, KeysFileError, FileExistsError) as exc:
        print(f"keys: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except OSError as exc:
        print(f"keys: {exc}", file=sys.stderr)
        return EXIT_ERROR
    return EXIT_OK


if __name__ == "__main__":
    sys.exit(main())
