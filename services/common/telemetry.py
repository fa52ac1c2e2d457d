"""What a server exports about itself: where its Prometheus metrics listen, whether it traces, and the
registry its collectors share. Off by default; both are read from `<PREFIX>_METRICS_LISTEN` and
`<PREFIX>_TRACING` (see docs/operations.md)."""

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING

from services.common.config import ConfigError, env_choice, env_str

if TYPE_CHECKING:
    from prometheus_client import CollectorRegistry

TRACING_CHOICES = ("off", "console", "otlp")
OTLP_ENDPOINT_VAR = "OTEL_EXPORTER_OTLP_ENDPOINT"


@dataclass(frozen=True)
class Telemetry:
    """A server's metrics endpoint ("" = none) and tracing mode, with the registry it exports.

    A registry per server rather than prometheus_client's global one, so that two servers in one
    process (the tests, the harness's in-process baselines) count apart.
    """

    metrics_listen: str = ""
    tracing: str = "off"
    otlp_endpoint: str = ""

    @cached_property
    def registry(self) -> "CollectorRegistry":
        # prometheus-client (with http.server and wsgiref) loads only for a server that exports metrics.
        from prometheus_client import CollectorRegistry

        return CollectorRegistry(auto_describe=True)

    @property
    def metrics_on(self) -> bool:
        return bool(self.metrics_listen)

    @property
    def tracing_on(self) -> bool:
        return self.tracing != "off"

    @classmethod
    def from_env(cls, env: Mapping[str, str], prefix: str) -> "Telemetry":
        listen = env_str(env, f"{prefix}_METRICS_LISTEN", "")
        if listen and (":" not in listen or not listen.rsplit(":", 1)[1].isdigit()):
            raise ConfigError(f"{prefix}_METRICS_LISTEN={listen!r} must be host:port, e.g. 127.0.0.1:9451")
        tracing = env_choice(env, f"{prefix}_TRACING", "off", TRACING_CHOICES)
        endpoint = env_str(env, OTLP_ENDPOINT_VAR, "")
        if tracing == "otlp" and not endpoint:
            raise ConfigError(f"{prefix}_TRACING=otlp needs {OTLP_ENDPOINT_VAR}, e.g. http://127.0.0.1:4318")
        return cls(metrics_listen=listen, tracing=tracing, otlp_endpoint=endpoint)
