"""Choosing the store from configuration: SQLite by default, Redis when MEMORY_STORE says so."""

from urllib.parse import quote, urlsplit, urlunsplit

from services.common.config import ConfigError
from services.memory.domain.store_api import Store
from services.memory.settings import Settings
from services.memory.store.faults import TranslatingStore, sqlite_fault


def open_store(settings: Settings) -> Store:
    """The configured store, its driver faults translated into domain errors (store/faults.py).

    Raises ConfigError, with one line naming what is wrong, for a database it cannot use.
    """
    url = settings.store_url
    if not url or url.startswith("sqlite:"):
        from services.memory.store.sqlite_file import open_sqlite

        path = url.removeprefix("sqlite://").removeprefix("sqlite:") if url else settings.db_path
        return TranslatingStore(open_sqlite(path or settings.db_path), sqlite_fault)
    if url.startswith(("redis://", "rediss://", "redis+cluster://")):
        try:
            from services.memory.store.redis_faults import redis_fault
            from services.memory.store.redis_store import RedisStore
        except ImportError as exc:
            raise ConfigError(f"MEMORY_STORE={url!r} needs the Redis store, which is not available: {exc}") from exc
        return TranslatingStore(RedisStore.from_url(_with_password(url, settings.store_password)), redis_fault)
    raise ConfigError(f"MEMORY_STORE={url!r}: use sqlite:///path, redis://host:port/db or redis+cluster://host:port")


def _with_password(url: str, password: str) -> str:
    """url with MEMORY_STORE_PASSWORD_FILE's password, unless the url carries one itself."""
    parts = urlsplit(url)
    if not password or parts.password:
        return url
    hosts = parts.netloc.rpartition("@")[2]
    return urlunsplit(parts._replace(netloc=f"{quote(parts.username or '', safe='')}:{quote(password, safe='')}@{hosts}"))
