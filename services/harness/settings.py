"""Harness settings, parsed once from the environment into a frozen object."""

from collections.abc import Mapping
from dataclasses import dataclass, field

from services.common.config import env_choice, env_float, env_int, env_str
from services.common.grpc_server import DEFAULT_MAX_RECEIVE_BYTES, ServerLimits
from services.common.security import ClientCredentials, ServerSecurity
from services.common.settings_table import CLIENT_SETTINGS, Setting, server_settings
from services.common.telemetry import Telemetry
from services.harness.benchmarks import DEFAULT_BENCHMARKS_DIR
from services.harness.fixtures.profiles import REPO_ROOT

DEFAULT_LISTEN = "127.0.0.1:50053"
DEFAULT_RESULTS_DIR = "eval-results"
DEFAULT_SEED = "dsh-long-conversation-memory-eval-v1"
# Deadline of one RPC; generous because a 1000-turn batch append is one call.
DEFAULT_RPC_TIMEOUT_S = 30.0
# How long a started service may take to report SERVING.
DEFAULT_START_TIMEOUT_S = 20.0
LLM_KEY_VAR = "DSH_EVAL_LLM_API_KEY"
LLM_URL_VAR = "DSH_EVAL_LLM_BASE_URL"
# The local model server's interpreter: the venv make llm-setup (scripts/llm-env.sh) builds.
DEFAULT_LLM_PYTHON = str(REPO_ROOT / ".venv-llm" / "bin" / "python")
# Deadline of one Answer call in llm mode: the answerer's own retries of a slow model fit inside it.
DEFAULT_LLM_ANSWER_TIMEOUT_S = 300.0
# How long the local model server may take to load the model and answer /v1/models.
DEFAULT_LLM_START_TIMEOUT_S = 120.0
# Where RunEval callers may point fixtures_dir and locomo_path: the checkout's fixtures.
DEFAULT_FIXTURES_ROOTS = (str(REPO_ROOT / "tests" / "fixtures"),)
# A RunEval replays a whole protocol; a few at once already fill a small machine.
DEFAULT_MAX_CONCURRENT_RPCS = 16


@dataclass(frozen=True)
class Settings:
    listen: str = DEFAULT_LISTEN
    memory_addr: str = ""  # empty: start services.memory locally
    answerer_addr: str = ""  # empty: start services.answerer locally
    results_dir: str = DEFAULT_RESULTS_DIR
    # Where results_dir is seen from the user's machine when the harness runs in a container
    # (compose mounts it): the report path is printed as the user can open it.
    results_host_dir: str = ""
    rpc_timeout_s: float = DEFAULT_RPC_TIMEOUT_S
    start_timeout_s: float = DEFAULT_START_TIMEOUT_S
    log_level: str = "warning"
    log_format: str = "auto"
    llm_key_set: bool = False
    llm_base_url: str = ""  # DSH_EVAL_LLM_BASE_URL as given; empty: a key means the provider's default, no key the local model
    llm_python: str = DEFAULT_LLM_PYTHON
    llm_answer_timeout_s: float = DEFAULT_LLM_ANSWER_TIMEOUT_S
    llm_start_timeout_s: float = DEFAULT_LLM_START_TIMEOUT_S
    # Resource limits of `serve`: beyond either, the caller gets RESOURCE_EXHAUSTED.
    max_concurrent_rpcs: int = DEFAULT_MAX_CONCURRENT_RPCS
    max_receive_bytes: int = DEFAULT_MAX_RECEIVE_BYTES
    # The environment handed to child processes (they parse their own settings
    # from it); kept out of repr because it may hold the LLM key.
    child_env: Mapping[str, str] = field(default_factory=dict, repr=False, compare=False)
    # Authentication and TLS of the harness's own port (HARNESS_AUTH*, HARNESS_TLS_*, HARNESS_REFLECTION),
    # what it presents to memory and answerer (DSH_API_KEY[_FILE], DSH_TLS_*), and what RunEval callers
    # may name: folders under HARNESS_FIXTURES_DIRS, memory addresses in HARNESS_ALLOWED_MEMORY_ADDRS.
    security: ServerSecurity = field(default_factory=lambda: ServerSecurity(prefix="HARNESS"))
    client: ClientCredentials = field(default_factory=ClientCredentials)
    fixtures_roots: tuple[str, ...] = DEFAULT_FIXTURES_ROOTS
    allowed_memory_addrs: tuple[str, ...] = ()
    # Where the public benchmarks (LoCoMo, its corrections, BEAM) are read from; never inside the project.
    benchmarks_dir: str = str(DEFAULT_BENCHMARKS_DIR)
    # Prometheus metrics port of `serve` and OpenTelemetry tracing (HARNESS_METRICS_LISTEN, HARNESS_TRACING).
    telemetry: Telemetry = field(default_factory=Telemetry)

    @property
    def server_limits(self) -> ServerLimits:
        return ServerLimits(max_concurrent_rpcs=self.max_concurrent_rpcs, max_receive_bytes=self.max_receive_bytes)


def load_settings(env: Mapping[str, str]) -> Settings:
    """Parse the harness's environment; ConfigError names the bad variable."""
    return Settings(
        listen=env_str(env, "HARNESS_LISTEN", DEFAULT_LISTEN),
        memory_addr=env_str(env, "HARNESS_MEMORY_ADDR", ""),
        answerer_addr=env_str(env, "HARNESS_ANSWERER_ADDR", ""),
        results_dir=env_str(env, "HARNESS_RESULTS_DIR", DEFAULT_RESULTS_DIR),
        results_host_dir=env_str(env, "HARNESS_RESULTS_HOST_DIR", ""),
        rpc_timeout_s=env_float(env, "HARNESS_RPC_TIMEOUT_S", DEFAULT_RPC_TIMEOUT_S, minimum=0.1),
        start_timeout_s=env_float(env, "HARNESS_START_TIMEOUT_S", DEFAULT_START_TIMEOUT_S, minimum=1.0),
        log_level=env_choice(env, "HARNESS_LOG_LEVEL", "warning", ("debug", "info", "warning", "error")),
        log_format=env_choice(env, "HARNESS_LOG_FORMAT", "auto", ("auto", "json", "console")),
        llm_key_set=bool(env.get(LLM_KEY_VAR, "").strip()),
        llm_base_url=env_str(env, LLM_URL_VAR, "").rstrip("/"),
        llm_python=env_str(env, "HARNESS_LLM_PYTHON", DEFAULT_LLM_PYTHON),
        llm_answer_timeout_s=env_float(env, "HARNESS_LLM_ANSWER_TIMEOUT_S", DEFAULT_LLM_ANSWER_TIMEOUT_S, minimum=1.0),
        llm_start_timeout_s=env_float(env, "HARNESS_LLM_START_TIMEOUT_S", DEFAULT_LLM_START_TIMEOUT_S, minimum=1.0),
        child_env=dict(env),
        security=ServerSecurity.from_env(env, "HARNESS", env_str(env, "HARNESS_LISTEN", DEFAULT_LISTEN)),
        client=ClientCredentials.from_env(env),
        fixtures_roots=_list(env, "HARNESS_FIXTURES_DIRS") or DEFAULT_FIXTURES_ROOTS,
        allowed_memory_addrs=_list(env, "HARNESS_ALLOWED_MEMORY_ADDRS"),
        max_concurrent_rpcs=env_int(env, "HARNESS_MAX_CONCURRENT_RPCS", DEFAULT_MAX_CONCURRENT_RPCS, minimum=1),
        max_receive_bytes=env_int(env, "HARNESS_MAX_RECEIVE_BYTES", DEFAULT_MAX_RECEIVE_BYTES, minimum=1024),
        benchmarks_dir=env_str(env, "HARNESS_BENCHMARKS_DIR", str(DEFAULT_BENCHMARKS_DIR)),
        telemetry=Telemetry.from_env(env, "HARNESS"),
    )


def _list(env: Mapping[str, str], name: str) -> tuple[str, ...]:
    return tuple(part.strip() for part in env.get(name, "").split(",") if part.strip())


# Every variable load_settings reads, for `python -m services.harness serve --help` and docs/operations.md.
SETTINGS_TABLE = (
    *server_settings("HARNESS", listen=DEFAULT_LISTEN, max_concurrent_rpcs=DEFAULT_MAX_CONCURRENT_RPCS),
    Setting("HARNESS_MEMORY_ADDR", "", "memory service to evaluate; unset: a local process per run"),
    Setting("HARNESS_ANSWERER_ADDR", "", "answerer to use; unset: a local process per run"),
    Setting("HARNESS_RESULTS_DIR", DEFAULT_RESULTS_DIR, "where reports are written"),
    Setting(
        "HARNESS_RESULTS_HOST_DIR", "", "the same folder as the user's machine sees it (a container's mount), for the printed report path"
    ),
    Setting("HARNESS_RPC_TIMEOUT_S", f"{DEFAULT_RPC_TIMEOUT_S:g}", "deadline of one call to memory or answerer"),
    Setting("HARNESS_START_TIMEOUT_S", f"{DEFAULT_START_TIMEOUT_S:g}", "how long a local service may take to report SERVING"),
    Setting("HARNESS_FIXTURES_DIRS", "tests/fixtures", "comma-separated folders RunEval may read fixtures from"),
    Setting("HARNESS_ALLOWED_MEMORY_ADDRS", "", "comma-separated memory addresses RunEval callers may name"),
    Setting(
        "HARNESS_BENCHMARKS_DIR",
        "../shared/benchmarks",
        "where profiles locomo and beam read the benchmarks (locomo/dev, locomo-audit/errors.json, beam), beside the project",
    ),
    Setting(LLM_KEY_VAR, "", "passed to the answerer; --answerer llm needs it for a provider, not for a local model server"),
    Setting(
        LLM_URL_VAR, "", "--answerer llm: the model API; unset: the local model, started by the harness (or the provider's, with a key)"
    ),
    Setting("HARNESS_LLM_PYTHON", ".venv-llm/bin/python", "the interpreter that runs the local model server (make llm-setup builds it)"),
    Setting("HARNESS_LLM_ANSWER_TIMEOUT_S", f"{DEFAULT_LLM_ANSWER_TIMEOUT_S:g}", "deadline of one Answer call in llm mode"),
    Setting("HARNESS_LLM_START_TIMEOUT_S", f"{DEFAULT_LLM_START_TIMEOUT_S:g}", "how long the local model server may take to load"),
    *CLIENT_SETTINGS,
)
