"""Answerer settings, parsed once from the environment into a frozen object."""

import os
from collections.abc import Mapping
from dataclasses import dataclass, field

from services.common.config import ConfigError, env_choice, env_float, env_int, env_str
from services.common.grpc_server import DEFAULT_MAX_CONCURRENT_RPCS, DEFAULT_MAX_RECEIVE_BYTES, ServerLimits
from services.common.llm_url import is_local_model_url
from services.common.security import ServerSecurity
from services.common.settings_table import Setting, server_settings
from services.common.telemetry import Telemetry

MODES = ("deterministic", "llm")
DEFAULT_LISTEN = "127.0.0.1:50052"
DEFAULT_LLM_BASE_URL = "https://api.openai.com/v1"
DEFAULT_LLM_MODEL = "gpt-4o-mini"
DEFAULT_LLM_TIMEOUT_SECONDS = 30.0
DEFAULT_LLM_MAX_RETRIES = 3
DEFAULT_LLM_BACKOFF_SECONDS = 0.5
DEFAULT_LLM_BACKOFF_MAX_SECONDS = 20.0
DEFAULT_LLM_MAX_TOKENS = 64


@dataclass(frozen=True)
class Settings:
    """Everything the answerer reads from its environment, with working defaults."""

    listen: str = DEFAULT_LISTEN
    log_level: str = "info"
    log_format: str = "auto"
    default_mode: str = "deterministic"
    # repr=False keeps the key out of any log line or traceback that prints settings.
    llm_api_key: str = field(default="", repr=False)
    llm_base_url: str = DEFAULT_LLM_BASE_URL
    llm_model: str = DEFAULT_LLM_MODEL
    llm_timeout_seconds: float = DEFAULT_LLM_TIMEOUT_SECONDS
    llm_max_retries: int = DEFAULT_LLM_MAX_RETRIES
    # First backoff delay, doubled per retry with jitter, capped by the max;
    # the max also caps a server's Retry-After so one reply cannot stall us.
    llm_backoff_seconds: float = DEFAULT_LLM_BACKOFF_SECONDS
    llm_backoff_max_seconds: float = DEFAULT_LLM_BACKOFF_MAX_SECONDS
    # The longest answer asked of the model, in its tokens.
    llm_max_tokens: int = DEFAULT_LLM_MAX_TOKENS
    # Authentication, TLS and reflection: ANSWERER_AUTH*, ANSWERER_TLS_*, ANSWERER_REFLECTION.
    security: ServerSecurity = field(default_factory=lambda: ServerSecurity(prefix="ANSWERER"))
    # Resource limits: beyond either, the caller gets RESOURCE_EXHAUSTED.
    max_concurrent_rpcs: int = DEFAULT_MAX_CONCURRENT_RPCS
    max_receive_bytes: int = DEFAULT_MAX_RECEIVE_BYTES
    # Prometheus metrics port and OpenTelemetry tracing (ANSWERER_METRICS_LISTEN, ANSWERER_TRACING): off by default.
    telemetry: Telemetry = field(default_factory=Telemetry)

    @property
    def server_limits(self) -> ServerLimits:
        return ServerLimits(max_concurrent_rpcs=self.max_concurrent_rpcs, max_receive_bytes=self.max_receive_bytes)

    @property
    def llm_local(self) -> bool:
        """The base URL is a model server we run (loopback or a compose service name): no key needed."""
        return is_local_model_url(self.llm_base_url)

    @property
    def llm_available(self) -> bool:
        """llm mode can run: a key for a provider, or a local server that takes none."""
        return bool(self.llm_api_key) or self.llm_local

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> "Settings":
        """Parse settings; ConfigError names the variable when a value is unusable."""
        env = os.environ if env is None else env
        settings = cls(
            listen=env_str(env, "ANSWERER_LISTEN", DEFAULT_LISTEN),
            log_level=env_str(env, "ANSWERER_LOG_LEVEL", "info").lower(),
            log_format=env_choice(env, "ANSWERER_LOG_FORMAT", "auto", ("auto", "json", "console")),
            default_mode=env_choice(env, "ANSWERER_DEFAULT_MODE", "deterministic", MODES),
            llm_api_key=env.get("DSH_EVAL_LLM_API_KEY", "").strip(),
            llm_base_url=env_str(env, "DSH_EVAL_LLM_BASE_URL", DEFAULT_LLM_BASE_URL).rstrip("/"),
            llm_model=env_str(env, "DSH_EVAL_LLM_MODEL", DEFAULT_LLM_MODEL),
            llm_timeout_seconds=env_float(env, "DSH_EVAL_LLM_TIMEOUT_SECONDS", DEFAULT_LLM_TIMEOUT_SECONDS, minimum=0.001),
            llm_max_retries=env_int(env, "DSH_EVAL_LLM_MAX_RETRIES", DEFAULT_LLM_MAX_RETRIES),
            llm_backoff_seconds=env_float(env, "DSH_EVAL_LLM_BACKOFF_SECONDS", DEFAULT_LLM_BACKOFF_SECONDS),
            llm_backoff_max_seconds=env_float(env, "DSH_EVAL_LLM_BACKOFF_MAX_SECONDS", DEFAULT_LLM_BACKOFF_MAX_SECONDS),
            llm_max_tokens=env_int(env, "DSH_EVAL_LLM_MAX_TOKENS", DEFAULT_LLM_MAX_TOKENS, minimum=1),
            security=ServerSecurity.from_env(env, "ANSWERER", env_str(env, "ANSWERER_LISTEN", DEFAULT_LISTEN)),
            max_concurrent_rpcs=env_int(env, "ANSWERER_MAX_CONCURRENT_RPCS", DEFAULT_MAX_CONCURRENT_RPCS, minimum=1),
            max_receive_bytes=env_int(env, "ANSWERER_MAX_RECEIVE_BYTES", DEFAULT_MAX_RECEIVE_BYTES, minimum=1024),
            telemetry=Telemetry.from_env(env, "ANSWERER"),
        )
        if not settings.llm_base_url.startswith(("http://", "https://")):
            raise ConfigError(f"DSH_EVAL_LLM_BASE_URL={settings.llm_base_url!r} must start with http:// or https://")
        if settings.default_mode == "llm" and not settings.llm_available:
            # A server whose default mode cannot run would fail every request; refuse to start instead.
            raise ConfigError(
                "ANSWERER_DEFAULT_MODE=llm needs DSH_EVAL_LLM_API_KEY, or DSH_EVAL_LLM_BASE_URL on a local model server "
                "(loopback or a compose service name, e.g. http://127.0.0.1:8088/v1 from make serve-llm)"
            )
        return settings


# Every variable from_env reads, for `python -m services.answerer --help` and docs/operations.md.
SETTINGS_TABLE = (
    *server_settings("ANSWERER", listen=DEFAULT_LISTEN, max_concurrent_rpcs=DEFAULT_MAX_CONCURRENT_RPCS),
    Setting("ANSWERER_DEFAULT_MODE", "deterministic", "deterministic (extractive, offline) or llm (a key, or a local model server)"),
    Setting("DSH_EVAL_LLM_API_KEY", "", "key of an OpenAI-compatible API; unset: llm mode only on a local model server"),
    Setting(
        "DSH_EVAL_LLM_BASE_URL",
        DEFAULT_LLM_BASE_URL,
        "that API's base URL; on loopback or a single-label host (a compose service) it is a local server and needs no key",
    ),
    Setting("DSH_EVAL_LLM_MODEL", DEFAULT_LLM_MODEL, "the model asked"),
    Setting("DSH_EVAL_LLM_TIMEOUT_SECONDS", f"{DEFAULT_LLM_TIMEOUT_SECONDS:g}", "deadline of one LLM request"),
    Setting("DSH_EVAL_LLM_MAX_RETRIES", str(DEFAULT_LLM_MAX_RETRIES), "retries of a failed LLM request"),
    Setting("DSH_EVAL_LLM_BACKOFF_SECONDS", f"{DEFAULT_LLM_BACKOFF_SECONDS:g}", "first retry delay, doubled per retry with jitter"),
    Setting("DSH_EVAL_LLM_BACKOFF_MAX_SECONDS", f"{DEFAULT_LLM_BACKOFF_MAX_SECONDS:g}", "cap of that delay and of a Retry-After"),
    Setting("DSH_EVAL_LLM_MAX_TOKENS", str(DEFAULT_LLM_MAX_TOKENS), "the longest answer asked of the model, in its tokens"),
)
