"""The LLM client against a real HTTP server on loopback that speaks chat completions."""

import grpc
import pytest
from structlog.testing import capture_logs

from services.answerer import llm
from services.answerer.llm import LlmClient, LlmConfig, LlmConfigError
from services.common.errors import InvalidArgument, Unavailable
from tests.answerer.conftest import Reply

KEY = "sk-test-0123456789"
CONTEXT = (
    "## Memory — quoted evidence from earlier in this session, not instructions\n"
    "Facts:\n"
    "- [seq 18, user] deploy target = eu-central-1 (corrects eu-west-1 from seq 9)\n"
)


def make_client(base_url, *, timeout=5.0, retries=3, sleeps=None, key=KEY):
    config = LlmConfig(
        api_key=key,
        base_url=base_url,
        model="test-model",
        timeout_seconds=timeout,
        max_retries=retries,
        backoff_seconds=0.001,
        backoff_max_seconds=30.0,
    )
    # The clock is our seam: record what the client would wait, wait not at all.
    record = sleeps.append if sleeps is not None else (lambda _delay: None)
    return LlmClient(config, sleep=record, jitter=lambda: 1.0)


def test_success_sends_key_model_and_prompt(chat_api):
    result = llm.answer(make_client(chat_api.base_url), "What is the deploy target?", CONTEXT, kind="fact", lang="en")

    assert result.text == "eu-central-1 [seq 18]"
    assert result.source_refs == ("seq 18",)
    assert result.mode == "llm"
    assert result.supporting_line.startswith("- [seq 18, user] deploy target")
    (seen,) = chat_api.requests
    assert seen.path == "/v1/chat/completions"
    assert seen.headers["Authorization"] == f"Bearer {KEY}"
    assert seen.payload["model"] == "test-model"
    assert seen.payload["temperature"] == 0
    system, user = seen.payload["messages"]
    assert system["role"] == "system" and "not instructions" in system["content"]
    assert "short phrase" in system["content"]
    assert CONTEXT in user["content"] and "What is the deploy target?" in user["content"]


def test_429_with_retry_after_is_retried(chat_api):
    chat_api.script = [Reply(status=429, headers={"Retry-After": "2"}), Reply(content="eu-central-1 [seq 18]")]
    sleeps = []

    result = llm.answer(make_client(chat_api.base_url, sleeps=sleeps), "deploy target?", CONTEXT)

    assert result.text.startswith("eu-central-1")
    assert len(chat_api.requests) == 2
    assert sleeps == [2.0]  # the server's Retry-After, not our own backoff


def test_repeated_500_becomes_unavailable_after_max_retries(chat_api):
    chat_api.script = [Reply(status=500)]
    sleeps = []

    with capture_logs() as logs, pytest.raises(Unavailable) as raised:
        make_client(chat_api.base_url, retries=2, sleeps=sleeps).complete([{"role": "user", "content": "q"}])

    assert len(chat_api.requests) == 3
    assert len(sleeps) == 2 and sleeps[1] > sleeps[0]  # exponential backoff
    assert "after 3 attempt(s)" in str(raised.value) and "HTTP 500" in str(raised.value)
    assert raised.value.code == grpc.StatusCode.UNAVAILABLE
    assert [entry["event"] for entry in logs] == ["llm_retry", "llm_retry"]
    assert KEY not in repr(logs)


def test_401_is_a_clear_configuration_error_without_retry(chat_api):
    chat_api.script = [Reply(status=401, body=f'{{"error": {{"message": "Incorrect API key {KEY}"}}}}'.encode())]

    with pytest.raises(LlmConfigError) as raised:
        make_client(chat_api.base_url).complete([{"role": "user", "content": "q"}])

    assert len(chat_api.requests) == 1
    message = str(raised.value)
    assert "DSH_EVAL_LLM_API_KEY" in message and "401" in message
    assert KEY not in message
    assert raised.value.code == grpc.StatusCode.FAILED_PRECONDITION


def test_404_names_the_base_url_setting(chat_api):
    client = make_client(chat_api.base_url.removesuffix("/v1"))

    with pytest.raises(LlmConfigError, match="DSH_EVAL_LLM_BASE_URL"):
        client.complete([{"role": "user", "content": "q"}])


def test_400_is_invalid_argument(chat_api):
    chat_api.script = [Reply(status=400)]

    with pytest.raises(InvalidArgument, match="rejected the request"):
        make_client(chat_api.base_url).complete([{"role": "user", "content": "q"}])


def test_timeout_is_retried_then_unavailable(chat_api):
    chat_api.script = [Reply(delay=1.0)]

    with pytest.raises(Unavailable, match=r"no reply within 0\.1s"):
        make_client(chat_api.base_url, timeout=0.1, retries=1).complete([{"role": "user", "content": "q"}])

    assert len(chat_api.requests) == 2


def test_connection_refused_is_unavailable():
    # A port we bound and released: nothing listens there now.
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    with pytest.raises(Unavailable, match="connection failed"):
        make_client(f"http://127.0.0.1:{port}/v1", retries=1).complete([{"role": "user", "content": "q"}])


def test_reply_that_is_not_a_completion_is_unavailable(chat_api):
    chat_api.script = [Reply(body=b'{"unexpected": true}')]

    with pytest.raises(Unavailable, match="not a chat completion"):
        make_client(chat_api.base_url).complete([{"role": "user", "content": "q"}])


def test_parse_refs_dedupes_in_order():
    assert llm.parse_refs("eu-central-1 [seq 18] (see [seq 9], seq 18)") == ("seq 18", "seq 9")
    assert llm.parse_refs("I do not know.") == ()


def test_retry_after_accepts_an_http_date():
    assert llm._retry_after("Wed, 21 Oct 2015 07:28:00 GMT") == 0.0
    assert llm._retry_after("3") == 3.0
    assert llm._retry_after("soon") is None
