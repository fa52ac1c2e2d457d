"""AnswererService over gRPC: translates between protobuf messages and the engine."""

import grpc
from dsh.answerer.v1 import answerer_pb2, answerer_pb2_grpc

from services.answerer.engine import Answerer
from services.common.errors import InvalidArgument, PermissionDenied
from services.common.principal import ANONYMOUS, current_principal

_MODE_NAMES = {
    answerer_pb2.ANSWER_MODE_UNSPECIFIED: "",
    answerer_pb2.ANSWER_MODE_DETERMINISTIC: "deterministic",
    answerer_pb2.ANSWER_MODE_LLM: "llm",
}
_MODE_ENUMS = {"deterministic": answerer_pb2.ANSWER_MODE_DETERMINISTIC, "llm": answerer_pb2.ANSWER_MODE_LLM}


def _mode_name(value: answerer_pb2.AnswerMode) -> str:
    try:
        return _MODE_NAMES[value]
    except KeyError:
        raise InvalidArgument(f"unknown answer mode {value}; use DETERMINISTIC, LLM or leave it unspecified") from None


class LlmNeedsAKey(PermissionDenied):
    """llm mode with a provider spends the operator's LLM key: never on behalf of a caller nobody
    authenticated. A local model server (no key) costs only this machine's CPU, like any RPC."""


class AnswererServicer(answerer_pb2_grpc.AnswererServiceServicer):
    """Errors are raised as ServiceErrors; the shared interceptor maps them to statuses.

    llm_for_anonymous: whether callers without an API key (auth off) may use llm mode; only an
    explicit ANSWERER_AUTH=none grants it.
    """

    def __init__(self, engine: Answerer, *, llm_for_anonymous: bool = False):
        self._engine = engine
        self._llm_for_anonymous = llm_for_anonymous

    def Answer(self, request: answerer_pb2.AnswerRequest, context: grpc.ServicerContext) -> answerer_pb2.AnswerResponse:
        info = self._engine.info()
        mode = _mode_name(request.mode) or info.default_mode
        keyed_llm = mode == "llm" and "llm" in info.modes and info.llm_keyed
        if keyed_llm and current_principal() == ANONYMOUS and not self._llm_for_anonymous:
            raise LlmNeedsAKey(
                "llm mode needs an authenticated caller: start the answerer with ANSWERER_AUTH_KEYS_FILE and send an API key "
                "(or set ANSWERER_AUTH=none to let anyone who reaches it spend the LLM key)"
            )
        result = self._engine.answer(
            request.question,
            request.context,
            kind=request.kind,
            lang=request.lang,
            mode=mode,
        )
        return answerer_pb2.AnswerResponse(
            answer=result.text,
            source_refs=list(result.source_refs),
            mode=_MODE_ENUMS[result.mode],
            supporting_line=result.supporting_line,
            prompt_tokens=result.prompt_tokens,
            completion_tokens=result.completion_tokens,
        )

    def GetInfo(self, request: answerer_pb2.GetInfoRequest, context: grpc.ServicerContext) -> answerer_pb2.GetInfoResponse:
        info = self._engine.info()
        return answerer_pb2.GetInfoResponse(
            modes=[_MODE_ENUMS[mode] for mode in info.modes],
            default_mode=_MODE_ENUMS[info.default_mode],
            llm_model=info.llm_model,
        )
