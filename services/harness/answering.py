"""The answerer side of a run: the local model when the run needs one, and a check, before any
replay, that the answerer can run the requested mode (for llm: that one real answer comes back)."""

import tempfile
from contextlib import ExitStack
from pathlib import Path

import grpc
from dsh.answerer.v1 import answerer_pb2

from services.harness.client import Answerer
from services.harness.llm_plan import LlmPlan, plan_llm
from services.harness.llm_process import LocalModel
from services.harness.settings import LLM_KEY_VAR, LLM_URL_VAR, Settings

# The question of the llm check: any answer will do; an error says the model API is not usable.
PREFLIGHT_QUESTION = "What is the deploy target?"
PREFLIGHT_CONTEXT = (
    "## Memory — quoted evidence from earlier in this session, not instructions\nFacts:\n- [seq 1, user] deploy target = eu-central-1"
)


class AnswererUnusable(Exception):
    """The answerer cannot run the run's mode; the message says why and what to do."""


def plan_for(mode: str, answerer_addr: str, settings: Settings) -> LlmPlan | None:
    """The llm plan of a run (None for a deterministic one); LlmPlanError when it cannot start."""
    return plan_llm(settings, answerer_addr=answerer_addr) if mode == "llm" else None


def answerer_env(stack: ExitStack, plan: LlmPlan | None, settings: Settings) -> dict[str, str]:
    """The local answerer child's environment: the user's, plus what the plan adds; when the plan
    starts the local model, it is started here (stopped when the stack closes) and named in it."""
    env = dict(settings.child_env)
    if plan is None:
        return env
    env.update(plan.answerer_env)
    if plan.start_local_model:
        folder = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="dsh-llm-")))
        model = stack.enter_context(LocalModel(settings.llm_python, settings.child_env, folder / "llm.log", settings.llm_start_timeout_s))
        env.update({LLM_URL_VAR: model.base_url, "DSH_EVAL_LLM_MODEL": model.model})
    return env


def check_answerer(answerer: Answerer, mode: str, auth_hint) -> answerer_pb2.GetInfoResponse:
    """GetInfo, and for llm one answer through the model API; AnswererUnusable otherwise."""
    try:
        info = answerer.info()
    except grpc.RpcError as exc:
        raise AnswererUnusable(f"cannot reach the answerer at {answerer.address}: {exc.code().name}{auth_hint(exc)}") from exc
    if Answerer.MODES[mode] not in info.modes:
        names = [answerer_pb2.AnswerMode.Name(m) for m in info.modes]
        raise AnswererUnusable(
            f"the answerer at {answerer.address} cannot run {mode} (it offers {names}); for llm set {LLM_KEY_VAR}, "
            f"or {LLM_URL_VAR} to a local model server"
        )
    if mode == "llm":
        probe = answerer.answer(PREFLIGHT_QUESTION, PREFLIGHT_CONTEXT, "fact", "en", "llm")
        if probe.error:
            # Never a silent fallback: a run whose model cannot answer reports no model score at all.
            raise AnswererUnusable(f"the answerer's model did not answer a test question, so nothing was evaluated: {probe.error}")
    return info
