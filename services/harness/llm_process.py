"""The local model server as a child process of a run: start it, wait until it answers, stop it.

It runs `python -m services.llm` with the interpreter of .venv-llm (make llm-setup), on a free
loopback port, with its log in the run's folder. Ready means GET /v1/models lists the model: the
server loads the model before it listens, so a listed model can answer.
"""

import json
import subprocess
import time
import urllib.error
import urllib.request
from collections.abc import Mapping
from pathlib import Path

import structlog

from services.common.ports import free_port
from services.harness.fixtures.profiles import REPO_ROOT
from services.harness.processes import StartError, terminate

log = structlog.get_logger("harness.llm")

POLL_S = 0.2


class LocalModel:
    """Context manager: the model server for one run, stopped on any exit."""

    def __init__(self, python: str, env: Mapping[str, str], log_path: Path, start_timeout: float):
        self.address = f"127.0.0.1:{free_port()}"
        self.base_url = f"http://{self.address}/v1"
        self.model = ""  # the name the server lists, once it is up
        self._python = python
        self._env = {**env, "LLM_LISTEN": self.address}
        self._log_path = log_path
        self._start_timeout = start_timeout
        self._proc: subprocess.Popen | None = None

    def __enter__(self) -> "LocalModel":
        try:
            self.start()
        except BaseException:
            self.stop()
            raise
        return self

    def __exit__(self, *exc_info) -> None:
        self.stop()

    def start(self) -> None:
        started = time.monotonic()
        with open(self._log_path, "ab") as log_file:
            self._proc = subprocess.Popen(
                [self._python, "-m", "services.llm"],
                cwd=REPO_ROOT,
                env=self._env,
                stdin=subprocess.DEVNULL,
                stdout=log_file,
                stderr=log_file,
                start_new_session=True,
            )
        log.info("llm_spawned", address=self.address, pid=self._proc.pid)
        deadline = started + self._start_timeout
        while True:
            if self._proc.poll() is not None:
                raise StartError(f"the local model server exited during start-up (status {self._proc.returncode}):\n{self._log_tail()}")
            models = self._models()
            if models:
                self.model = models[0]
                log.info("llm_ready", model=self.model, seconds=round(time.monotonic() - started, 1))
                return
            if time.monotonic() > deadline:
                raise StartError(
                    f"the local model server did not answer on {self.base_url} after {self._start_timeout:.0f}s:\n{self._log_tail()}"
                )
            time.sleep(POLL_S)

    def _models(self) -> list[str]:
        try:
            with urllib.request.urlopen(f"{self.base_url}/models", timeout=2.0) as response:
                listed = json.loads(response.read())
        except (urllib.error.URLError, OSError, ValueError):
            return []
        data = listed.get("data") if isinstance(listed, dict) else None
        return [entry["id"] for entry in data or [] if isinstance(entry, dict) and isinstance(entry.get("id"), str)]

    def stop(self) -> None:
        proc, self._proc = self._proc, None
        if terminate(proc):
            log.info("llm_stopped", returncode=proc.returncode if proc else None)

    def _log_tail(self, lines: int = 20) -> str:
        try:
            return "\n".join(self._log_path.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return "(no log)"
