"""Serving one port from several worker processes, after grpc's multiprocessing example: the parent
reserves the port with SO_REUSEPORT, forks the workers before it creates any gRPC object (a gRPC
runtime does not survive a fork), and each worker binds the same port, so the kernel spreads the
connections over them. The parent forwards SIGTERM/SIGINT, restarts a worker that dies and exits
once all of them are gone."""

import contextlib
import ctypes
import multiprocessing
import multiprocessing.connection
import os
import signal
import socket
import sys
import time
from collections import deque
from collections.abc import Callable, Iterator
from multiprocessing.process import BaseProcess
from types import FrameType

import structlog

log = structlog.get_logger("workers")

# A worker that exits with this status could not start (a bad setting, a file it cannot use):
# starting it again would fail the same way, so the parent stops and exits with it.
START_FAILED = 2
# More crashes than this within the window is a crash loop: the parent gives up (exit 1) rather
# than fork forever; fewer is a crash to recover from, so the worker is started again.
MAX_RESTARTS = 5
RESTART_WINDOW_S = 60.0
PR_SET_PDEATHSIG = 1  # linux/prctl.h
# After forwarding SIGTERM, how long beyond the workers' own grace the parent waits before SIGKILL.
STOP_MARGIN_S = 5.0


@contextlib.contextmanager
def reserved_port(listen: str) -> Iterator[socket.socket]:
    """A socket bound to listen's address with SO_REUSEPORT and not listening, held while the
    workers serve: it resolves port 0 to a concrete port they all bind, and keeps the port ours
    while a worker restarts. The kernel hands connections to listening sockets only."""
    host, _, port = listen.rpartition(":")
    try:
        family, kind, proto, _, address = socket.getaddrinfo(host.strip("[]") or None, int(port), type=socket.SOCK_STREAM)[0]
    except (OSError, ValueError) as exc:
        raise RuntimeError(f"cannot listen on {listen}: {exc}") from exc
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
        sock.bind(address)
    except OSError as exc:
        sock.close()
        raise RuntimeError(f"cannot listen on {listen}: {exc.strerror or exc}") from exc
    with sock:
        yield sock


def _die_with(parent: int) -> None:
    """A parent killed outright (kill -9, the OOM killer) cannot stop its workers: Linux then kills
    them (PR_SET_PDEATHSIG), as the single process would have died, instead of leaving orphans
    that hold the port and the store."""
    if sys.platform != "linux":
        return
    libc = ctypes.CDLL(None, use_errno=True)
    libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    if os.getppid() != parent:  # it died before the request took effect
        os._exit(1)


def _exit_description(code: int | None) -> dict[str, object]:
    if code is not None and code < 0:
        return {"exit_status": 128 - code, "signal": signal.Signals(-code).name}
    return {"exit_status": code}


class Supervisor:
    """count workers, each running serve(index) in a forked child whose return value is its exit status."""

    def __init__(self, count: int, serve: Callable[[int], int], *, reserved: socket.socket, grace: float):
        self.count = count
        self.serve = serve
        self.reserved = reserved
        self.grace = grace
        self.workers: dict[int, BaseProcess] = {}
        self._context = multiprocessing.get_context("fork")
        self._signal: int | None = None
        self._crashes: deque[float] = deque()
        self._parent = os.getpid()

    def run(self) -> int:
        """Start the workers and supervise them until a signal; the exit status for the parent:
        0 when every worker stopped cleanly, 1 when one did not (or crashed too often), 2 when one
        could not start."""
        for name in (signal.SIGTERM, signal.SIGINT):
            signal.signal(name, self._request_stop)
        for index in range(self.count):
            self._start(index)
        log.info("workers_started", workers=self.count, pids=[p.pid for p in self.workers.values()])
        status = 0
        try:
            while self._signal is None and status == 0:
                # Bounded: the signal handler runs in this thread only between waits.
                multiprocessing.connection.wait([p.sentinel for p in self.workers.values()], timeout=0.2)
                status = self._reap()
        finally:
            # Whatever ends the loop, a fault of the parent's own included, no worker outlives it.
            status = max(status, self._stop_all())
        return status

    def _start(self, index: int) -> None:
        process = self._context.Process(target=self._child, args=(index,), name=f"worker-{index}", daemon=False)
        process.start()
        self.workers[index] = process

    def _child(self, index: int) -> None:
        # Until the worker's server installs its own handlers a signal stops it at once; the
        # parent's handlers, inherited by the fork, would only set the parent's flag here.
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        _die_with(self._parent)
        self.reserved.close()
        raise SystemExit(self.serve(index))

    def _request_stop(self, signum: int, _frame: FrameType | None) -> None:
        self._signal = signum

    def _reap(self) -> int:
        """Restart the workers that died; a status other than 0 when the parent must give up."""
        for index, process in list(self.workers.items()):
            if process.exitcode is None or self._signal is not None:
                continue
            code = process.exitcode
            log.error("worker_exited", worker=index, pid=process.pid, **_exit_description(code))
            process.close()
            del self.workers[index]
            if code == START_FAILED:
                log.error("workers_giving_up", reason="a worker could not start", worker=index)
                return START_FAILED
            now = time.monotonic()
            self._crashes.append(now)
            while self._crashes and now - self._crashes[0] > RESTART_WINDOW_S:
                self._crashes.popleft()
            if len(self._crashes) > MAX_RESTARTS:
                log.error("workers_giving_up", reason=f"more than {MAX_RESTARTS} crashes in {RESTART_WINDOW_S:.0f} s", worker=index)
                return 1
            self._start(index)
            log.warning("worker_restarted", worker=index, pid=self.workers[index].pid)
        return 0

    def _stop_all(self) -> int:
        """SIGTERM (or the signal the parent got) to every worker, a wait for their drain, SIGKILL
        for any still there after it; 0 when all of them exited cleanly."""
        sent = self._signal or signal.SIGTERM
        log.info("workers_stopping", signal=signal.Signals(sent).name, pids=[p.pid for p in self.workers.values()])
        for process in self.workers.values():
            if process.exitcode is None and process.pid is not None:
                with contextlib.suppress(ProcessLookupError):
                    os.kill(process.pid, sent)
        deadline = time.monotonic() + self.grace + STOP_MARGIN_S
        status = 0
        for index, process in self.workers.items():
            process.join(max(0.0, deadline - time.monotonic()))
            if process.exitcode is None:
                log.error("worker_killed", worker=index, pid=process.pid, reason="still running after the grace period")
                process.kill()
                process.join()
            # A worker stopped by the signal before its server took over the handler stopped cleanly too.
            if process.exitcode not in (0, -sent):
                log.error("worker_failed", worker=index, pid=process.pid, **_exit_description(process.exitcode))
                status = 1
        log.info("workers_stopped", exit_status=status)
        return status
