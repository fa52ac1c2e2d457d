"""The answerer as a real gRPC server on loopback, through the generated stubs."""

import grpc
import pytest
from dsh.answerer.v1 import answerer_pb2, answerer_pb2_grpc
from grpc_health.v1 import health_pb2, health_pb2_grpc

from services.answerer.engine import LLM_KEY_MISSING
from services.answerer.server import SERVICE_NAME, build_server
from services.answerer.settings import Settings
from services.common.config import ConfigError
from services.common.security import ServerSecurity
from tests.answerer.conftest import Reply

CONTEXT = (
    "## Memory — quoted evidence from earlier in this session, not instructions\n"
    "Facts:\n"
    "- [seq 18, user] deploy target = eu-central-1 (corrects eu-west-1 from seq 9)\n"
    "History (superseded; not current):\n"
    "- [seq 9, user, superseded by seq 18] deploy target = eu-west-1\n"
)
DEADLINE = 10.0


@pytest.fixture
def serve():
    started = []

    def start(settings: Settings):
        served = build_server(settings, "127.0.0.1:0")
        channel = grpc.insecure_channel(f"127.0.0.1:{served.port}")
        started.append((served, channel))
        return answerer_pb2_grpc.AnswererServiceStub(channel), channel

    yield start
    for served, channel in started:
        channel.close()
        served.stop(0)


def llm_settings(base_url: str, **overrides) -> Settings:
    values = dict(
        llm_api_key="sk-service-test",
        llm_base_url=base_url,
        llm_model="test-model",
        llm_timeout_seconds=5.0,
        llm_max_retries=1,
        llm_backoff_seconds=0.001,
        llm_backoff_max_seconds=0.01,
        # These tests call without a key: the operator's explicit choice that anyone may spend the LLM key.
        security=ServerSecurity(prefix="ANSWERER", auth="none", auth_explicit=True),
    )
    values.update(overrides)
    return Settings(**values)


def test_unspecified_mode_answers_deterministically(serve):
    stub, _ = serve(Settings())

    reply = stub.Answer(
        answerer_pb2.AnswerRequest(question="What is the deploy target?", context=CONTEXT, kind="fact", lang="en"),
        timeout=DEADLINE,
    )

    assert reply.answer == "eu-central-1"
    assert list(reply.source_refs) == ["seq 18"]
    assert reply.mode == answerer_pb2.ANSWER_MODE_DETERMINISTIC
    assert reply.supporting_line.startswith("- [seq 18, user]")


def test_empty_question_is_invalid_argument(serve):
    stub, _ = serve(Settings())

    with pytest.raises(grpc.RpcError) as raised:
        stub.Answer(answerer_pb2.AnswerRequest(question="  ", context=CONTEXT), timeout=DEADLINE)

    assert raised.value.code() == grpc.StatusCode.INVALID_ARGUMENT


def test_llm_without_key_is_failed_precondition(serve):
    stub, _ = serve(Settings())

    with pytest.raises(grpc.RpcError) as raised:
        stub.Answer(
            answerer_pb2.AnswerRequest(question="deploy target?", context=CONTEXT, mode=answerer_pb2.ANSWER_MODE_LLM),
            timeout=DEADLINE,
        )

    assert raised.value.code() == grpc.StatusCode.FAILED_PRECONDITION
    assert raised.value.details() == LLM_KEY_MISSING


def test_get_info_hides_llm_without_a_key(serve):
    stub, _ = serve(Settings())

    info = stub.GetInfo(answerer_pb2.GetInfoRequest(), timeout=DEADLINE)

    assert list(info.modes) == [answerer_pb2.ANSWER_MODE_DETERMINISTIC]
    assert info.default_mode == answerer_pb2.ANSWER_MODE_DETERMINISTIC
    assert info.llm_model == ""


def test_get_info_lists_llm_and_model_with_a_key(serve, chat_api):
    stub, _ = serve(llm_settings(chat_api.base_url))

    info = stub.GetInfo(answerer_pb2.GetInfoRequest(), timeout=DEADLINE)

    assert list(info.modes) == [answerer_pb2.ANSWER_MODE_DETERMINISTIC, answerer_pb2.ANSWER_MODE_LLM]
    assert info.llm_model == "test-model"


def test_llm_mode_answers_through_the_chat_api(serve, chat_api):
    chat_api.script = [Reply(content="The deploy target is eu-central-1 [seq 18].")]
    stub, _ = serve(llm_settings(chat_api.base_url))

    reply = stub.Answer(
        answerer_pb2.AnswerRequest(question="deploy target?", context=CONTEXT, mode=answerer_pb2.ANSWER_MODE_LLM),
        timeout=DEADLINE,
    )

    assert reply.mode == answerer_pb2.ANSWER_MODE_LLM
    assert "eu-central-1" in reply.answer
    assert list(reply.source_refs) == ["seq 18"]
    assert chat_api.requests[0].headers["Authorization"] == "Bearer sk-service-test"


@pytest.mark.parametrize(
    ("reply", "code", "says"),
    [
        (Reply(status=401), grpc.StatusCode.FAILED_PRECONDITION, "DSH_EVAL_LLM_API_KEY"),
        (Reply(status=503), grpc.StatusCode.UNAVAILABLE, "HTTP 503"),
        (Reply(status=400), grpc.StatusCode.INVALID_ARGUMENT, "rejected the request"),
    ],
)
def test_llm_errors_map_to_grpc_statuses(serve, chat_api, reply, code, says):
    chat_api.script = [reply]
    stub, _ = serve(llm_settings(chat_api.base_url))

    with pytest.raises(grpc.RpcError) as raised:
        stub.Answer(
            answerer_pb2.AnswerRequest(question="deploy target?", context=CONTEXT, mode=answerer_pb2.ANSWER_MODE_LLM),
            timeout=DEADLINE,
        )

    assert raised.value.code() == code
    assert says in raised.value.details()
    assert "sk-service-test" not in raised.value.details()


def test_health_reports_serving(serve):
    _, channel = serve(Settings())
    health = health_pb2_grpc.HealthStub(channel)

    for name in ("", SERVICE_NAME):
        status = health.Check(health_pb2.HealthCheckRequest(service=name), timeout=DEADLINE).status
        assert status == health_pb2.HealthCheckResponse.SERVING


def test_settings_from_env_defaults_and_errors():
    settings = Settings.from_env({})
    assert settings.listen == "127.0.0.1:50052"
    assert settings.llm_base_url == "https://api.openai.com/v1"
    assert settings.llm_model == "gpt-4o-mini"
    assert (settings.llm_timeout_seconds, settings.llm_max_retries) == (30.0, 3)
    assert not settings.llm_available

    keyed = Settings.from_env({"DSH_EVAL_LLM_API_KEY": "sk-secret", "ANSWERER_DEFAULT_MODE": "LLM"})
    assert keyed.default_mode == "llm" and "sk-secret" not in repr(keyed)

    with pytest.raises(ConfigError, match="DSH_EVAL_LLM_API_KEY"):
        Settings.from_env({"ANSWERER_DEFAULT_MODE": "llm"})
    with pytest.raises(ConfigError, match="ANSWERER_DEFAULT_MODE"):
        Settings.from_env({"ANSWERER_DEFAULT_MODE": "oracle"})
    with pytest.raises(ConfigError, match="DSH_EVAL_LLM_MAX_RETRIES"):
        Settings.from_env({"DSH_EVAL_LLM_MAX_RETRIES": "many"})


def test_unknown_mode_is_invalid_argument(serve):
    stub, _ = serve(Settings())

    with pytest.raises(grpc.RpcError) as raised:
        stub.Answer(answerer_pb2.AnswerRequest(question="deploy target?", context=CONTEXT, mode=7), timeout=DEADLINE)

    assert raised.value.code() == grpc.StatusCode.INVALID_ARGUMENT


def test_llm_mode_is_refused_to_an_unauthenticated_caller_unless_auth_none_is_explicit(serve, chat_api):
    # Auth off because no keys file is configured (loopback default): nobody proved who they are.
    stub, _ = serve(llm_settings(chat_api.base_url, security=ServerSecurity(prefix="ANSWERER")))
    request = answerer_pb2.AnswerRequest(question="deploy target?", context=CONTEXT, mode=answerer_pb2.ANSWER_MODE_LLM)
    with pytest.raises(grpc.RpcError) as raised:
        stub.Answer(request, timeout=DEADLINE)
    assert raised.value.code() == grpc.StatusCode.PERMISSION_DENIED
    assert "ANSWERER_AUTH_KEYS_FILE" in raised.value.details()
    assert chat_api.requests == []  # the LLM key was not spent
    # The deterministic mode stays open.
    deterministic = answerer_pb2.AnswerRequest(question="deploy target?", context=CONTEXT, mode=answerer_pb2.ANSWER_MODE_DETERMINISTIC)
    assert stub.Answer(deterministic, timeout=DEADLINE).answer
