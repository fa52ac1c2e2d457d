"""Where an llm run's answers come from, decided before anything starts.

| the run | model API |
| --- | --- |
| --answerer-addr given | whatever that answerer is configured with (it says in GetInfo) |
| DSH_EVAL_LLM_BASE_URL on loopback or a single-label host | that local server, no key |
| DSH_EVAL_LLM_BASE_URL elsewhere | that provider: DSH_EVAL_LLM_API_KEY required |
| no base URL, DSH_EVAL_LLM_API_KEY set | the provider's default (the answerer's DSH_EVAL_LLM_BASE_URL default) |
| no base URL, no key | the pinned local model, started by the harness for the run (.venv-llm) |
"""

from dataclasses import dataclass, field
from pathlib import Path

from services.common.llm_url import is_local_model_url
from services.harness.settings import LLM_KEY_VAR, LLM_URL_VAR, Settings

# What the answerer child is told when the harness starts the local model: a local model on a
# loaded machine is slow, so one request may take long; the harness's own deadline still bounds it.
LOCAL_MODEL_ANSWERER_ENV = {"DSH_EVAL_LLM_TIMEOUT_SECONDS": "120", "DSH_EVAL_LLM_MAX_RETRIES": "1"}


class LlmPlanError(Exception):
    """An llm run that cannot start as asked; the message says what to set or install."""


@dataclass(frozen=True)
class LlmPlan:
    start_local_model: bool = False
    # For the local answerer child (the base URL and model of a started local model are added once it runs).
    answerer_env: dict[str, str] = field(default_factory=dict)
    server: str = ""  # for the report: where the answers came from


def plan_llm(settings: Settings, *, answerer_addr: str) -> LlmPlan:
    """The plan for an llm run; LlmPlanError when a provider is named without a key or the local
    model is needed and not installed."""
    if answerer_addr:
        return LlmPlan(server=f"as configured in the answerer at {answerer_addr}")
    if settings.llm_base_url:
        if is_local_model_url(settings.llm_base_url):
            return LlmPlan(server=f"local server at {settings.llm_base_url}")
        if not settings.llm_key_set:
            raise LlmPlanError(
                f"--answerer=llm: {LLM_URL_VAR}={settings.llm_base_url} is a provider, which needs {LLM_KEY_VAR}; "
                f"for the local model leave {LLM_URL_VAR} unset (or point it at a local server, e.g. make serve-llm)"
            )
        return LlmPlan(server=f"provider at {settings.llm_base_url}")
    if settings.llm_key_set:
        return LlmPlan(server="provider (the answerer's default base URL)")
    if not Path(settings.llm_python).is_file():
        raise LlmPlanError(
            f"--answerer=llm without {LLM_KEY_VAR} uses the local model, whose server is not installed "
            f"({settings.llm_python} is missing): run `make llm-setup` (builds llama-cpp-python once, a few minutes), "
            f"or set {LLM_URL_VAR} to a running model server"
        )
    return LlmPlan(start_local_model=True, answerer_env=dict(LOCAL_MODEL_ANSWERER_ENV), server="local model started by the harness")
