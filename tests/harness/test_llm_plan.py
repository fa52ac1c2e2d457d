"""Where an llm run's answers come from, and the runs that cannot start, decided before anything starts."""

from dataclasses import replace

import pytest

from services.harness.llm_plan import LlmPlanError, plan_llm
from services.harness.settings import Settings


def test_no_key_and_no_url_starts_the_local_model(tmp_path):
    python = tmp_path / "python"
    python.write_text("")
    plan = plan_llm(Settings(llm_python=str(python)), answerer_addr="")
    assert plan.start_local_model and plan.server == "local model started by the harness"


def test_the_local_model_not_installed_says_how_to_install_it():
    with pytest.raises(LlmPlanError, match="make llm-setup"):
        plan_llm(Settings(llm_python="/nonexistent/python"), answerer_addr="")


def test_a_local_url_needs_no_key_and_starts_nothing():
    plan = plan_llm(Settings(llm_base_url="http://127.0.0.1:8088/v1"), answerer_addr="")
    assert not plan.start_local_model and "local server" in plan.server


def test_a_provider_url_needs_a_key():
    settings = Settings(llm_base_url="https://api.example.com/v1")
    with pytest.raises(LlmPlanError, match="DSH_EVAL_LLM_API_KEY"):
        plan_llm(settings, answerer_addr="")
    assert "provider" in plan_llm(replace(settings, llm_key_set=True), answerer_addr="").server


def test_a_key_without_url_is_the_providers_default():
    plan = plan_llm(Settings(llm_key_set=True, llm_python="/nonexistent/python"), answerer_addr="")
    assert not plan.start_local_model and "provider" in plan.server


def test_an_answerer_of_its_own_decides_for_itself():
    plan = plan_llm(Settings(llm_python="/nonexistent/python"), answerer_addr="answerer:50052")
    assert not plan.start_local_model and "answerer:50052" in plan.server
