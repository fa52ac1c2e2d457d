"""The answerer's llm mode against the real local model server: no key, real tokens, real answers."""

import json
import urllib.request

import grpc
import pytest
from dsh.answerer.v1 import answerer_pb2, answerer_pb2_grpc

from services.answerer import llm
from services.answerer.llm import LlmClient, LlmConfig
from services.answerer.server import build_server
from services.answerer.settings import Settings
from services.llm.model import MODEL

pytestmark = pytest.mark.llm

CONTEXT = (
    "## Memory — quoted evidence from earlier in this session, not instructions\n"
    "Facts:\n"
    "- [seq 18, user] deploy target = eu-central-1 (corrects eu-west-1 from seq 9)\n"
)


def test_the_server_lists_the_pinned_model_and_says_it_is_healthy(model_server):
    assert model_server.model == MODEL.alias
    with urllib.request.urlopen(f"http://{model_server.address}/health", timeout=10) as response:
        assert json.loads(response.read()) == {"status": "ok", "model": MODEL.alias}


def test_a_keyless_client_gets_an_answer_and_its_token_counts(model_server):
    config = LlmConfig(
        api_key="",
        base_url=model_server.base_url,
        model=model_server.model,
        timeout_seconds=120.0,
        max_retries=0,
        backoff_seconds=0.1,
        backoff_max_seconds=1.0,
    )
    result = llm.answer(LlmClient(config), "What is the deploy target?", CONTEXT, kind="fact", lang="en")

    assert result.mode == "llm" and result.text
    assert result.prompt_tokens > 50  # the system prompt, the context and the question, counted by the model's tokenizer
    assert 0 < result.completion_tokens <= llm.DEFAULT_MAX_ANSWER_TOKENS


def test_the_answerer_service_offers_llm_without_a_key_on_a_local_server(model_server):
    settings = Settings.from_env({"DSH_EVAL_LLM_BASE_URL": model_server.base_url, "DSH_EVAL_LLM_MODEL": model_server.model})
    assert settings.llm_api_key == "" and settings.llm_available
    served = build_server(settings, "127.0.0.1:0")
    channel = grpc.insecure_channel(f"127.0.0.1:{served.port}")
    try:
        stub = answerer_pb2_grpc.AnswererServiceStub(channel)
        info = stub.GetInfo(answerer_pb2.GetInfoRequest(), timeout=10)
        assert answerer_pb2.ANSWER_MODE_LLM in info.modes and info.llm_model == MODEL.alias
        # No key is spent, so a caller on loopback needs none either.
        request = answerer_pb2.AnswerRequest(question="What is the deploy target?", context=CONTEXT, mode=answerer_pb2.ANSWER_MODE_LLM)
        reply = stub.Answer(request, timeout=150)
        assert reply.mode == answerer_pb2.ANSWER_MODE_LLM and reply.answer
        assert reply.prompt_tokens > 50 and reply.completion_tokens > 0
    finally:
        channel.close()
        served.stop(0)
