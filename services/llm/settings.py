"""Settings of the local model server, parsed once from the environment into a frozen object.

This module and the rest of services.llm run in the model server's own venv (.venv-llm), which
has llama-cpp-python and no gRPC: they import nothing of services.common but its stdlib-only
config helpers.
"""

import os
from collections.abc import Mapping
from dataclasses import dataclass

from services.common.config import ConfigError, env_choice, env_int, env_str
from services.common.settings_table import Setting

DEFAULT_LISTEN = "127.0.0.1:8088"
# Room for the assembled message (an 800-token estimate can be ~1,500 model tokens), the question,
# the instructions and the answer.
DEFAULT_CONTEXT_TOKENS = 4096
DEFAULT_THREADS = 2


@dataclass(frozen=True)
class Settings:
    """What `python -m services.llm` reads from its environment."""

    host: str = "127.0.0.1"
    port: int = 8088
    threads: int = DEFAULT_THREADS
    context_tokens: int = DEFAULT_CONTEXT_TOKENS
    log_level: str = "warning"

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> "Settings":
        """Parse settings; ConfigError names the variable when a value is unusable."""
        env = os.environ if env is None else env
        listen = env_str(env, "LLM_LISTEN", DEFAULT_LISTEN)
        host, sep, port = listen.rpartition(":")
        if not sep or not host or not port.isdigit() or not 0 < int(port) < 65536:
            raise ConfigError(f"LLM_LISTEN={listen!r} must be host:port, e.g. {DEFAULT_LISTEN}")
        return cls(
            host=host.strip("[]"),
            port=int(port),
            threads=env_int(env, "LLM_THREADS", DEFAULT_THREADS, minimum=1),
            context_tokens=env_int(env, "LLM_CONTEXT_TOKENS", DEFAULT_CONTEXT_TOKENS, minimum=512),
            log_level=env_choice(env, "LLM_LOG_LEVEL", "warning", ("debug", "info", "warning", "error")),
        )


SETTINGS_TABLE = (
    Setting("LLM_LISTEN", DEFAULT_LISTEN, "host:port of the OpenAI-compatible HTTP API (/v1/chat/completions, /v1/models)"),
    Setting("LLM_THREADS", str(DEFAULT_THREADS), "CPU threads the model computes with"),
    Setting("LLM_CONTEXT_TOKENS", str(DEFAULT_CONTEXT_TOKENS), "the model's context window, prompt and answer together"),
    Setting("LLM_LOG_LEVEL", "warning", "debug, info (one line per request), warning or error"),
)
