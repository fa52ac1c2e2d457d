"""Assemble: a labelled, budgeted message of quoted evidence, never instructions."""

import re

import grpc
import pytest
from dsh.memory.v1 import memory_pb2

from tests.conformance.contract import (
    ASSISTANT,
    DEFAULT_TOKEN_BUDGET,
    LABEL,
    TOOL,
    TOOL_CALL,
    code_of,
    content_lines,
    token_estimate,
)

SEQS = re.compile(r"seq (\d+)")


def _busy_session(conv) -> int:
    """Thirty turns of chatter, then a rule and the fact the queries ask about; returns the fact's seq."""
    chatter = [f"Note {n}: node pool {n % 4} reported disk pressure at {60 + n}% on the staging cluster." for n in range(1, 31)]
    conv.say(*chatter)
    conv.append(conv.event(31, "Never force-push to a release branch."), conv.event(32, "The deploy window is Thursday 18:00 CET."))
    return 32


def test_message_is_labelled_evidence_within_the_budget(conv, caps):
    fact_seq = _busy_session(conv)
    reply = conv.assemble("when is the deploy window?", token_budget=200)
    lines = content_lines(reply.message)
    assert lines, "a query about a stated fact assembles something"
    assert reply.token_estimate == token_estimate(reply.message) <= 200
    assert len(reply.item_ids) == len(set(reply.item_ids)), "no item twice"
    fact_lines = [line for line in lines if "Thursday 18:00" in line]
    assert fact_lines, "the fact asked about is in the message"
    assert any(str(fact_seq) in SEQS.findall(line) and "user" in LABEL.match(line)["source"] for line in fact_lines)
    assert all(1 <= int(seq) <= fact_seq for line in lines for seq in SEQS.findall(LABEL.match(line).group(0)))
    if caps.has_storage:
        assert reply.item_ids and set(reply.item_ids) <= {i.item_id for i in conv.items()}


@pytest.mark.parametrize("budget", [40, 120, 400, 2000])
def test_token_estimate_is_the_documented_formula_and_fits(conv, budget):
    conv.say(
        "数据库备份在每天凌晨两点执行，保留三十天。",
        "The backup bucket is called nightly-dumps-eu.",
        "备份失败时必须通知值班工程师。",
        "Always verify a restore after changing the backup job.",
    )
    reply = conv.assemble("数据库备份 backup restore", token_budget=budget)
    content_lines(reply.message)
    assert reply.token_estimate == token_estimate(reply.message)
    assert reply.token_estimate <= budget


def test_default_budget_applies_when_unset(conv):
    _busy_session(conv)
    reply = conv.assemble("disk pressure on the staging cluster")
    assert reply.token_estimate == token_estimate(reply.message) <= DEFAULT_TOKEN_BUDGET


def test_negative_budget_is_invalid(conv):
    conv.say("The deploy window is Thursday 18:00 CET.")
    request = memory_pb2.AssembleRequest(session_id=conv.session_id, query="deploy window", token_budget=-5)
    assert code_of(conv.stub.Assemble, request) == grpc.StatusCode.INVALID_ARGUMENT


def test_tool_output_is_quoted_as_untrusted(conv):
    conv.append(
        conv.event(1, "Why is the retry limit so high in production?"),
        conv.event(2, "grep retry config/prod.yaml", TOOL_CALL),
        conv.event(3, "config/prod.yaml:12: retry_limit: 17  # set by the nightly job", TOOL),
        conv.event(4, "The prod config sets the retry limit to 17.", ASSISTANT),
    )
    lines = content_lines(conv.assemble("retry limit in config/prod.yaml", token_budget=400).message)
    quoted = [line for line in lines if "config/prod.yaml:12" in line]
    assert quoted, "the tool output that matches the query is quoted"
    assert all("untrusted" in LABEL.match(line)["source"] for line in quoted), quoted


def test_every_line_names_one_source_and_nothing_repeats(conv, caps):
    conv.say(
        "Use Terraform for provisioning.",
        "Always run terraform plan before apply.",
        "The state bucket is called tf-state-prod.",
        "Goal: move the DNS zones into Terraform.",
        "Next: import the existing records.",
    )
    reply = conv.assemble("terraform state bucket plan apply DNS records", token_budget=600)
    lines = content_lines(reply.message)
    assert lines and len(lines) == len(set(lines)), "no line twice"
    assert len(reply.item_ids) == len(set(reply.item_ids))
    if caps.has_storage:
        assert len(reply.item_ids) <= len(lines), "every quoted item has a line"
