"""Local memory and answerer services as child processes on free loopback ports.

The harness owns their whole life: start, wait for grpc.health SERVING, restart (memory,
on the same database file, to test resume), and stop on success, failure or Ctrl-C.
"""

import importlib.util
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Mapping
from pathlib import Path

import structlog

from services.common.apikeys import new_key, write_keys_file
from services.common.grpc_server import wait_for_serving
from services.common.ports import free_port
from services.common.principal import Role
from services.common.security import ClientCredentials

# The tenant of the throwaway key a run gives its own local services.
LOCAL_TENANT = "eval"

log = structlog.get_logger("harness.processes")

STOP_TIMEOUT_S = 10.0
# How long one health probe may take before we look again whether the child died.
PROBE_SLICE_S = 0.1
# A standby child: imports the module's code (most of a start-up: the memory service compiles its
# language tables), then waits for one line on stdin before it runs the module as `python -m`
# would (its main()). EOF instead of a line (the harness went away, or the run ended) exits without serving.
_GATED_MAIN = (
    "import importlib, sys\n"
    "main = importlib.import_module(sys.argv.pop(1) + '.__main__').main\n"
    "sys.exit(main() if sys.stdin.readline() else 0)\n"
)


class StartError(RuntimeError):
    """A local service did not come up; the message carries the tail of its log."""


def module_available(module: str) -> bool:
    """True when `python -m module` can run from this checkout."""
    try:
        return importlib.util.find_spec(f"{module}.__main__") is not None
    except ModuleNotFoundError:
        return False


def terminate(proc: subprocess.Popen | None, *, signalled: bool = False) -> bool:
    """SIGTERM (unless signalled already), then SIGKILL after STOP_TIMEOUT_S; False when there was nothing running."""
    if proc is None or proc.poll() is not None:
        return False
    if not signalled:
        proc.send_signal(signal.SIGTERM)
    try:
        proc.wait(timeout=STOP_TIMEOUT_S)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
    return True


class ServiceProcess:
    """One `python -m module` child listening on 127.0.0.1:<port>."""

    def __init__(
        self, module: str, listen_var: str, env: Mapping[str, str], log_path: Path, start_timeout: float, args: tuple[str, ...] = ()
    ):
        self.module = module
        self.args = args  # after the module: `python -m services.harness serve`
        self.address = f"127.0.0.1:{free_port()}"
        self._env = {**env, listen_var: self.address}
        self._log_path = log_path
        self._start_timeout = start_timeout
        self._proc: subprocess.Popen | None = None

        # With keep_standby, restart() hands over to a child that has already imported the code.
        self._standby: subprocess.Popen | None = None
        self._restarts_ahead = 0  # how many more restarts keep_standby prepares for
        self._signalled: subprocess.Popen | None = None  # the process request_stop() sent SIGTERM to

    def spawn(self) -> None:
        self._proc = self._popen([sys.executable, "-m", self.module, *self.args], subprocess.DEVNULL)
        log.info("service_spawned", module=self.module, address=self.address, pid=self._proc.pid)

    def _popen(self, argv: list[str], stdin: int) -> subprocess.Popen:
        with open(self._log_path, "ab") as log_file:
            # A session of its own: the terminal's Ctrl-C reaches only the harness,
            # which then stops the children in order.
            return subprocess.Popen(argv, env=self._env, stdin=stdin, stdout=log_file, stderr=log_file, start_new_session=True)

    def keep_standby(self, restarts: int | None = None) -> None:
        """Start the next process now, gated before it opens anything, so a restart does not wait for its imports.

        The standby binds no port and opens no store until restart() releases it, after the running
        process has exited: a restart is still a new process on the same file, only warmer.
        restarts: how many restarts are to come (each after the first takes over a standby started
        by the one before); the last one leaves none behind, since importing costs a core-second."""
        if restarts is not None:
            self._restarts_ahead = restarts
        if self._standby is None and self._restarts_ahead > 0:
            self._restarts_ahead -= 1
            self._standby = self._popen([sys.executable, "-c", _GATED_MAIN, self.module, *self.args], subprocess.PIPE)

    @property
    def pid(self) -> int:
        """The running child's pid, 0 when none runs."""
        return self._proc.pid if self._proc else 0

    def alive(self) -> bool:
        return self._proc is not None and self._proc.poll() is None

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

    def request_stop(self) -> None:
        """SIGTERM without waiting; stop() then waits for the exit."""
        if self._proc is not None and self._proc.poll() is None and self._proc is not self._signalled:
            self._proc.send_signal(signal.SIGTERM)
            self._signalled = self._proc

    def stop(self) -> None:
        """SIGTERM (the service drains), then SIGKILL if it does not exit in time; a standby goes too."""
        self._stop_running()
        self._drop_standby()

    def _stop_running(self) -> None:
        proc, self._proc = self._proc, None
        if terminate(proc, signalled=proc is not None and proc is self._signalled):
            log.info("service_stopped", module=self.module, returncode=proc.returncode)

    def kill(self) -> None:
        """kill -9, as a crash would; spawn() starts it again on the same address."""
        proc, self._proc = self._proc, None
        if proc is not None and proc.poll() is None:
            proc.kill()
            proc.wait()

    def restart(self) -> None:
        """Really stop the process and start a new one with the same address and env."""
        self._stop_running()
        if not self._release_standby():
            self.spawn()
        # The next restart's process gets ready while this one serves.
        self.keep_standby()
        self.wait_ready()

    def _release_standby(self) -> bool:
        """Let the standby go on to serve; False when there is none, or it died waiting."""
        standby, self._standby = self._standby, None
        if standby is None or standby.stdin is None:
            return False
        try:
            standby.stdin.write(b"go\n")
            standby.stdin.close()
        except OSError:  # it exited meanwhile: the pipe is broken
            standby.wait()
            return False
        self._proc = standby
        log.info("service_spawned", module=self.module, address=self.address, pid=standby.pid, standby=True)
        return True

    def _drop_standby(self) -> None:
        standby, self._standby = self._standby, None
        if standby is not None:
            # EOF on its stdin: it exits without serving (SIGKILL when it does not).
            assert standby.stdin is not None
            standby.stdin.close()
            try:
                standby.wait(timeout=STOP_TIMEOUT_S)
            except subprocess.TimeoutExpired:
                standby.kill()
                standby.wait()

    def _log_tail(self, lines: int = 20) -> str:
        try:
            return "\n".join(self._log_path.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return "(no log)"


class RedisProcess:
    """A throwaway redis-server (append-only file on) for `--memory redis`."""

    def __init__(self, directory: Path, start_timeout: float):
        binary = shutil.which("redis-server")
        if binary is None:
            raise StartError(
                "--memory redis needs redis-server on PATH (Debian: apt-get install redis-server), or pass redis://host:port/db"
            )
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self._args = [
            binary,
            "--port",
            str(self.port),
            "--bind",
            "127.0.0.1",
            "--dir",
            str(directory),
            "--appendonly",
            "yes",
            "--appendfsync",
            "always",
            "--save",
            "",
            "--daemonize",
            "no",
        ]
        self._log_path = directory / "redis.log"
        self._start_timeout = start_timeout
        self._proc: subprocess.Popen | None = None

    def start(self) -> None:
        import redis

        with open(self._log_path, "ab") as log_file:
            self._proc = subprocess.Popen(self._args, stdin=subprocess.DEVNULL, stdout=log_file, stderr=log_file, start_new_session=True)
        deadline = time.monotonic() + self._start_timeout
        client = redis.Redis(host="127.0.0.1", port=self.port, socket_timeout=0.5)
        while True:
            try:
                client.ping()
                return
            except redis.RedisError:
                if self._proc.poll() is not None or time.monotonic() > deadline:
                    raise StartError(
                        f"redis-server did not start on port {self.port}:\n{self._log_path.read_text(errors='replace')[-2000:]}"
                    ) from None
                time.sleep(0.05)
            finally:
                client.close()

    def stop(self) -> None:
        proc, self._proc = self._proc, None
        terminate(proc)

    def kill(self) -> None:
        """kill -9; start() brings it back on the same port, reloading its append-only file."""
        proc, self._proc = self._proc, None
        if proc is not None and proc.poll() is None:
            proc.kill()
            proc.wait()


def _with_throwaway_key(env: Mapping[str, str], keys_file: Path) -> dict[str, str]:
    """The children's environment: plaintext loopback, authenticated by a key made for this run alone.

    The user's own auth and TLS settings for memory and answerer are meant for the services they
    run themselves, not for these children, so they are dropped.
    """
    own = ("MEMORY_AUTH", "MEMORY_TLS_", "MEMORY_REFLECTION", "ANSWERER_AUTH", "ANSWERER_TLS_", "ANSWERER_REFLECTION")
    child = {name: value for name, value in env.items() if not name.startswith(own)}
    for prefix in ("MEMORY", "ANSWERER"):
        child[f"{prefix}_AUTH"] = "keys"
        child[f"{prefix}_AUTH_KEYS_FILE"] = str(keys_file)
    return child


class LocalServices:
    """Context manager: the local children the run needs, stopped on any exit.

    The children require an API key: a throwaway one, made in the run's temporary folder (gone with
    it), which `credentials` presents. So a local run needs no set-up and its ports are not open to
    whoever else shares the machine.
    """

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
        self.credentials = ClientCredentials()
        if memory or answerer:
            key, record = new_key(LOCAL_TENANT, Role.WRITER, "local eval run")
            write_keys_file(tmp / "api-keys.json", [record])
            env = _with_throwaway_key(env, tmp / "api-keys.json")
            self.credentials = ClientCredentials(api_key=key)
        self.memory: ServiceProcess | None = None
        self.answerer: ServiceProcess | None = None
        self.redis: RedisProcess | None = None
        if memory:
            memory_env = {**env, "MEMORY_DB": str(tmp / "memory.sqlite")}
            if memory_store == "redis":
                # The shorthand: a redis-server of the run's own, gone with it.
                self.redis = RedisProcess(tmp, start_timeout)
                memory_store = self.redis.url
            if memory_store:
                memory_env["MEMORY_STORE"] = memory_store
            self.memory = ServiceProcess("services.memory", "MEMORY_LISTEN", memory_env, tmp / "memory.log", start_timeout)
        if answerer:
            self.answerer = ServiceProcess("services.answerer", "ANSWERER_LISTEN", env, tmp / "answerer.log", start_timeout)

    def _children(self) -> list[ServiceProcess]:
        return [child for child in (self.memory, self.answerer) if child]

    def __enter__(self) -> "LocalServices":
        self.start()
        self.wait_ready()
        return self

    def start(self) -> None:
        """Spawn the children without waiting for them, so the caller can do other work meanwhile."""
        try:
            if self.redis:
                self.redis.start()
            for child in self._children():
                child.spawn()
        except BaseException:
            self.close()
            raise

    def wait_ready(self) -> None:
        """Wait until every child is SERVING (they start up in parallel); StartError otherwise."""
        try:
            for child in self._children():
                child.wait_ready()
        except BaseException:
            self.close()
            raise

    def keep_memory_standby(self, restarts: int) -> None:
        """For a run that restarts memory `restarts` times: keep its next process importing while this one serves."""
        if self.memory:
            self.memory.keep_standby(restarts)

    def __exit__(self, *exc_info) -> None:
        self.close()

    def close(self) -> None:
        # SIGTERM to every child first, so they drain and exit together rather than one after the other.
        for child in self._children():
            child.request_stop()
        for child in self._children():
            child.stop()
        if self.redis:
            self.redis.stop()
        self._tmp.cleanup()
