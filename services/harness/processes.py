"""Local memory and answerer services as child processes on free loopback ports.

The harness owns their whole life: start, wait for grpc.health SERVING, restart (memory,
on the same database file, to test resume), and stop on success, failure or Ctrl-C.
"""

import importlib.util
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Mapping
from pathlib import Path

import structlog

from services.common.grpc_server import wait_for_serving

log = structlog.get_logger("harness.processes")

STOP_TIMEOUT_S = 10.0
# How long one health probe may take before we look again whether the child died.
PROBE_SLICE_S = 0.1


class StartError(RuntimeError):
    """A local service did not come up; the message carries the tail of its log."""


def module_available(module: str) -> bool:
    """True when `python -m module` can run from this checkout."""
    try:
        return importlib.util.find_spec(f"{module}.__main__") is not None
    except ModuleNotFoundError:
        return False


def free_port() -> int:
    # The kernel picks a free port; the child binds it a moment later (a small,
    # accepted race: nothing else on loopback is racing for ephemeral ports here).
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class ServiceProcess:
    """One `python -m module` child listening on 127.0.0.1:<port>."""

    def __init__(self, module: str, listen_var: str, env: Mapping[str, str], log_path: Path, start_timeout: float):
        self.module = module
        self.address = f"127.0.0.1:{free_port()}"
        self._env = {**env, listen_var: self.address}
        self._log_path = log_path
        self._start_timeout = start_timeout
        self._proc: subprocess.Popen | None = None

    def spawn(self) -> None:
        with open(self._log_path, "ab") as log_file:
            # A session of its own: the terminal's Ctrl-C reaches only the harness,
            # which then stops the children in order.
            self._proc = subprocess.Popen(
                [sys.executable, "-m", self.module],
                env=self._env,
                stdin=subprocess.DEVNULL,
                stdout=log_file,
                stderr=log_file,
                start_new_session=True,
            )
        log.info("service_spawned", module=self.module, address=self.address, pid=self._proc.pid)

    def wait_ready(self) -> None:
        deadline = time.monotonic() + self._start_timeout
        while True:
            if self._proc is None or self._proc.poll() is not None:
                raise StartError(f"{self.module} exited during start-up:\n{self._log_tail()}")
            try:
                wait_for_serving(self.address, timeout=PROBE_SLICE_S)
                return
            except TimeoutError:
                if time.monotonic() > deadline:
                    raise StartError(
                        f"{self.module} not SERVING on {self.address} after {self._start_timeout:.0f}s:\n{self._log_tail()}"
                    ) from None

    def stop(self) -> None:
        """SIGTERM (the service drains), then SIGKILL if it does not exit in time."""
        proc, self._proc = self._proc, None
        if proc is None or proc.poll() is not None:
            return
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=STOP_TIMEOUT_S)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        log.info("service_stopped", module=self.module, returncode=proc.returncode)

    def restart(self) -> None:
        """Really stop the process and start a new one with the same address and env."""
        self.stop()
        self.spawn()
        self.wait_ready()

    def _log_tail(self, lines: int = 20) -> str:
        try:
            return "\n".join(self._log_path.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return "(no log)"


class LocalServices:
    """Context manager: the local children the run needs, stopped on any exit."""

    def __init__(
        self,
        env: Mapping[str, str],
        *,
        memory: bool,
        answerer: bool,
        memory_store: str = "",
        start_timeout: float = 20.0,
    ):
        self._tmp = tempfile.TemporaryDirectory(prefix="dsh-eval-")
        tmp = Path(self._tmp.name)
        self.memory: ServiceProcess | None = None
        self.answerer: ServiceProcess | None = None
        if memory:
            memory_env = {**env, "MEMORY_DB": str(tmp / "memory.sqlite")}
            if memory_store:
                memory_env["MEMORY_STORE"] = memory_store
            self.memory = ServiceProcess("services.memory", "MEMORY_LISTEN", memory_env, tmp / "memory.log", start_timeout)
        if answerer:
            self.answerer = ServiceProcess("services.answerer", "ANSWERER_LISTEN", env, tmp / "answerer.log", start_timeout)

    def _children(self) -> list[ServiceProcess]:
        return [child for child in (self.memory, self.answerer) if child]

    def __enter__(self) -> "LocalServices":
        try:
            # Spawn all first, then wait: the children start up in parallel.
            for child in self._children():
                child.spawn()
            for child in self._children():
                child.wait_ready()
        except BaseException:
            self.close()
            raise
        return self

    def __exit__(self, *exc_info) -> None:
        self.close()

    def close(self) -> None:
        for child in self._children():
            child.stop()
        self._tmp.cleanup()
