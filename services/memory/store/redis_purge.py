"""After a deletion, ask Redis to rewrite its persistence files so the deleted text leaves the disk.

Redis' append-only file keeps every write it ever acknowledged, deleted keys' values included,
until the file is rewritten; an RDB snapshot keeps what existed when it was taken. A rewrite
started after the deletion holds only live data, and Redis removes the old files once it is done.
Requests coalesce: many deletions in a row cost one rewrite per node. A rewrite already running
started before the deletion, so the next one is asked for when it ends.
"""

import threading
import time
from collections.abc import Callable

import redis
import structlog
from redis.exceptions import RedisError, ResponseError

log = structlog.get_logger("memory.redis")

POLL_SECONDS = 0.05
RETRY_SECONDS = 1.0
CLOSE_WAIT_SECONDS = 5.0


class PersistenceRewriter:
    """One background thread per store; request() never blocks a deletion's RPC."""

    def __init__(self, nodes: Callable[[], list[redis.Redis]]):
        # nodes() -> the clients of every primary (one for a single server): the data can live on any.
        self._nodes = nodes
        self._wanted = threading.Event()
        self._idle = threading.Event()
        self._idle.set()
        self._stopping = False
        self._warned: set[str] = set()
        self._thread = threading.Thread(target=self._run, name="redis-rewriter", daemon=True)
        self._thread.start()

    def request(self) -> None:
        self._idle.clear()
        self._wanted.set()

    def wait_idle(self, timeout: float) -> bool:
        """True once every requested rewrite was started (not finished) by Redis."""
        return self._idle.wait(timeout)

    def close(self) -> None:
        # A deletion acknowledged just before shutdown still gets its rewrite asked for.
        self.wait_idle(CLOSE_WAIT_SECONDS)
        self._stopping = True
        self._wanted.set()
        self._thread.join(CLOSE_WAIT_SECONDS)

    def _run(self) -> None:
        while True:
            self._wanted.wait()
            if self._stopping:
                return
            self._wanted.clear()
            try:
                for node in self._nodes():
                    self._rewrite(node)
            except RedisError as exc:
                # Redis is away (restarting, failing over): the deleted data is in the old files
                # still, so ask again once it is back.
                log.warning("redis_rewrite_failed", error=str(exc))
                time.sleep(RETRY_SECONDS)
                self._wanted.set()
                continue
            if not self._wanted.is_set():
                self._idle.set()

    def _rewrite(self, node: redis.Redis) -> None:
        info = node.info("persistence")
        if int(info.get("aof_enabled", 0)):
            self._start(node, "aof_rewrite_in_progress", node.bgrewriteaof)
        if self._snapshots_configured(node):
            self._start(node, "rdb_bgsave_in_progress", lambda: node.bgsave(schedule=True))

    def _start(self, node: redis.Redis, running_flag: str, command: Callable[[], object]) -> None:
        # One that runs now forked before the deletion: wait for it, then start ours.
        while int(node.info("persistence").get(running_flag, 0)):
            if self._stopping:
                return
            time.sleep(POLL_SECONDS)
        try:
            command()
        except ResponseError as exc:
            if "in progress" in str(exc):
                self._start(node, running_flag, command)  # another client's began in between
            else:
                self._warn_once(str(exc))

    def _snapshots_configured(self, node: redis.Redis) -> bool:
        try:
            save = node.config_get("save").get("save") or ""  # typed str | None; a decoding client answers str
        except ResponseError as exc:  # CONFIG renamed or forbidden (managed Redis): see README
            self._warn_once(str(exc))
            return False
        return bool(save.strip())

    def _warn_once(self, error: str) -> None:
        if error not in self._warned:
            self._warned.add(error)
            log.warning("redis_rewrite_refused", error=error)
