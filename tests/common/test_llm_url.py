"""A model server we run needs no key; a provider does. The line between them is the host."""

import pytest

from services.common.llm_url import is_local_model_url


@pytest.mark.parametrize(
    "url",
    ["http://127.0.0.1:8088/v1", "http://127.9.9.9:1/v1", "http://localhost:8088/v1", "http://[::1]:8088/v1", "http://llm:8088/v1"],
)
def test_loopback_and_compose_service_names_are_local(url):
    assert is_local_model_url(url)


@pytest.mark.parametrize(
    "url",
    ["https://api.openai.com/v1", "http://10.0.0.5:8088/v1", "http://models.internal:8088/v1", "http://8.8.8.8/v1", "not a url", ""],
)
def test_anything_else_is_a_provider(url):
    assert not is_local_model_url(url)
