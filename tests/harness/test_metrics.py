"""Every metric formula on hand-made cases, including null handling."""

import pytest

from services.harness import metrics as m
from services.harness.records import AskRecord, ItemView, ScenarioRun

Q = {
    "id": "q1",
    "session": "s",
    "kind": "fact",
    "lang": "en",
    "query": "?",
    "expectedAnswer": "120 ms",
    "evidence": [
        {"eventId": "s:e5", "seq": 5, "mustContain": ["120 ms", "500 rps"]},
        {"eventId": "s:e9", "seq": 9, "mustContain": ["eu-central-1"]},
    ],
    "governingRule": "r1",
}
NO_EVIDENCE = {"id": "q2", "session": "s", "kind": "rule", "lang": "en", "query": "?", "evidence": []}


def item(item_id, events, kind="fact", **fields):
    return ItemView(item_id=item_id, kind=kind, source_event_ids=tuple(events), **fields)


def test_coverage_needs_every_fragment_case_and_whitespace_insensitive():
    message = "- [seq 5] Latency  ceiling 120\nMS at 500 RPS"
    assert m.covered_refs(Q, message) == {"s:e5"}
    assert m.question_coverage(Q, message) == 0.5
    assert m.question_coverage(Q, "- [seq 5] 120 ms only") == 0.0
    assert m.question_coverage(NO_EVIDENCE, "anything") is None


def test_ref_without_fragments_needs_its_seq_label():
    question = {"evidence": [{"eventId": "s:e7", "seq": 7, "mustContain": []}]}
    assert m.question_coverage(question, "- [seq 7, user] x") == 1.0
    assert m.question_coverage(question, "- [seq 70, user] x") == 0.0


def test_recall_and_rank1_use_source_event_ids():
    retrieved = [item("a", ["s:e1"]), item("b", ["s:e9", "s:e2"]), item("c", ["s:e5"])]
    assert m.question_recall(Q, retrieved) == 1.0
    assert m.question_rank1(Q, retrieved) == 0.0
    assert m.question_rank1(Q, retrieved[1:]) == 1.0
    assert m.question_recall(Q, retrieved[:2]) == 0.5
    assert m.question_recall(Q, []) == 0.0 and m.question_rank1(Q, []) == 0.0


def test_recall_is_null_without_retrieval_or_evidence():
    assert m.question_recall(Q, None) is None
    assert m.question_rank1(Q, None) is None
    assert m.question_recall(NO_EVIDENCE, [item("a", ["s:e1"])]) is None


def test_fraction_mean_and_percentiles():
    assert m.fraction(3, 4) == m.Score(0.75, 3, 4)
    assert m.fraction(0, 0).value is None
    assert m.mean([1.0, None, 0.0]).value == 0.5
    assert m.mean([None]).value is None
    assert m.percentile([1, 2, 3, 4], 50) == 2.5
    assert m.percentile([10], 95) == 10
    assert m.percentile(list(range(1, 101)), 95) == pytest.approx(95.05)
    stats = m.latency([1.0, 3.0])
    assert (stats.p50, stats.mean, stats.total_ms) == (2.0, 2.0, 4.0)
    assert m.latency([]) is None


@pytest.mark.parametrize(
    "expectation,items,expected",
    [
        (
            {"type": "active", "eventId": "e5", "kind": "number", "valueContains": "120", "unit": "ms", "conditionContains": "500 rps"},
            [item("n", ["e5"], "number", value="120", unit="ms", condition="at 500 RPS")],
            True,
        ),
        (
            {"type": "active", "eventId": "e5", "kind": "number", "valueContains": "120", "unit": "ms", "conditionContains": "500 rps"},
            [item("n", ["e5"], "number", value="120", unit="ms", condition="")],
            False,
        ),  # condition dropped
        (
            {"type": "active", "eventId": "e5", "kind": "number", "valueContains": "120", "unit": "ms"},
            [item("n", ["e5"], "number", value="120", unit="s")],
            False,
        ),  # wrong unit
        (
            {"type": "active", "eventId": "e3", "valueContains": "eu-west-1"},
            [item("f", ["e3"], value="eu-west-1", status="superseded")],
            False,
        ),
        (
            {
                "type": "superseded",
                "eventId": "e3",
                "valueContains": "eu-west-1",
                "successorEventId": "e15",
                "successorValueContains": "eu-central-1",
            },
            [
                item("old", ["e3"], value="eu-west-1", status="superseded", superseded_by="new"),
                item("new", ["e15"], value="eu-central-1"),
                item("q", ["e3"], "evidence", value="eu-west-1"),
            ],
            True,
        ),
        (
            {
                "type": "superseded",
                "eventId": "e3",
                "valueContains": "eu-west-1",
                "successorEventId": "e15",
                "successorValueContains": "eu-central-1",
            },
            [item("old", ["e3"], value="eu-west-1"), item("new", ["e15"], value="eu-central-1")],
            False,
        ),  # still active
        (
            {
                "type": "superseded",
                "eventId": "e3",
                "valueContains": "eu-west-1",
                "successorEventId": "e15",
                "successorValueContains": "eu-central-1",
            },
            [],
            False,
        ),  # nothing stored is not "superseded"
        (
            {"type": "superseded", "eventId": "e3", "valueContains": "a", "successorEventId": "e15", "successorValueContains": "b"},
            [
                item("1", ["e3"], value="a", status="superseded", superseded_by="2"),
                item("2", ["e15"], value="b", status="superseded", superseded_by="3"),
                item("3", ["e20"], value="c"),
            ],
            True,
        ),  # chain
        ({"type": "not_extracted", "eventId": "e6"}, [item("q", ["e6"], "evidence")], True),
        ({"type": "not_extracted", "eventId": "e6"}, [item("r", ["e6"], "rule")], False),
    ],
)
def test_storage_expectations(expectation, items, expected):
    assert m.storage_met(expectation, items) is expected


FACT = {"type": "active", "eventId": "e3", "kind": "fact", "valueContains": "eu-west-1"}
NUMBER = {"type": "active", "eventId": "e5", "kind": "number", "valueContains": "120", "unit": "ms"}


@pytest.mark.parametrize(
    "expectation,items,expected",
    [
        (FACT, [item("q", ["e3"], "evidence", value="The deploy target is eu-west-1.")], False),  # a quote is not extraction
        (FACT, [item("t", ["e3"], "task", value="deploy to eu-west-1")], False),  # task state is scored apart
        (
            FACT,
            [
                item("q", ["e3"], "evidence", value="The deploy target is eu-west-1."),
                item("f", ["e3"], "fact", key="deploy target", value="eu-west-1"),
            ],
            True,
        ),
        (FACT, [item("r", ["e3"], "rule", value="deploy only to eu-west-1")], True),
        (FACT, [item("f", ["e4"], "fact", value="eu-west-1")], False),  # another event's fact
        ({**FACT, "valueContains": "25 connections"}, [item("n", ["e3"], "number", value="25", unit="connections")], True),
        (NUMBER, [item("q", ["e5"], "evidence", value="120 ms")], False),
        (NUMBER, [item("f", ["e5"], "fact", value="120 ms")], False),  # a number keeps its unit as a number
        (NUMBER, [item("n", ["e5"], "number", value="120", unit="ms")], True),
    ],
)
def test_active_counts_only_extracted_items(expectation, items, expected):
    assert m.storage_met(expectation, items) is expected


def test_task_and_validation_expectations():
    state = {"goal": ["Migrate the billing service"], "progress": [], "blockers": ["waiting on DBA"], "open_items": []}
    assert m.task_met({"field": "goal", "contains": "migrate the billing"}, state)
    assert not m.task_met({"field": "progress", "contains": "x"}, state)
    assert m.task_met({"field": "blockers", "contains": "vpn", "absent": True}, state)
    assert not m.task_met({"field": "blockers", "contains": "DBA", "absent": True}, state)
    assert not m.task_met({"field": "goal", "contains": "x"}, None)
    ask = AskRecord("q1", "s", message="- [seq 3] use sudo in deploy scripts", answer="150 ms maybe")
    assert m.validation_met({"type": "required", "terms": ["SUDO"]}, ask)
    assert not m.validation_met({"type": "forbidden", "terms": ["150 ms"]}, ask)
    assert not m.validation_met({"type": "required", "terms": ["x"]}, None)


def _run(has_storage, has_retrieval, asks, scenario_extra=None):
    scenario = {
        "id": "sc",
        "scenario": "long-haul",
        "size": 10,
        "sessions": [{"sessionId": "s", "skill": {"rules": [{"id": "r1", "text": "Always cite the seq."}]}}],
        "questions": [Q, NO_EVIDENCE],
        "steps": [],
        **(scenario_extra or {}),
    }
    run = ScenarioRun("b", scenario, has_storage, has_retrieval, asks=asks, latencies_ms=[1.0, 2.0, 3.0])
    return run


def test_baseline_without_storage_gets_nulls_never_zero():
    asks = {
        "q1": AskRecord("q1", "s", message="120 ms at 500 rps", context="Always cite the seq.\n\n120 ms at 500 rps", answer="120 ms"),
        "q2": AskRecord("q2", "s", message="", context="Always cite the seq."),
    }
    result = m.baseline_metrics([_run(False, False, asks)], llm=False)
    for name in ("storageCorrectness", "retrievalRecall", "retrievalRank1", "taskStateAccuracy", "guardPassRate", "llmAnswerAccuracy"):
        assert result[name] is None, name
    assert result["assemblyCoverage"].value == 0.5  # q2 has no evidence and is left out
    assert result["extraTokensEstimate"].value == (5 + 0) / 2
    assert result["ruleCoverage"] == m.Score(1.0, 1, 1)
    assert result["latencyMs"].total_ms == 6.0


def test_storage_baseline_metrics_and_llm_accuracy():
    asks = {
        "q1": AskRecord(
            "q1", "s", message="120 ms", context="", answer="It is 120 MS.", retrieved=[item("a", ["s:e9"]), item("b", ["s:e5"])]
        )
    }
    expectations = {
        "storage": [{"id": "x", "session": "s", "type": "not_extracted", "eventId": "s:e1"}],
        "taskState": [{"id": "t", "session": "s", "field": "goal", "contains": "x"}],
        "validation": [{"id": "v", "session": "s", "question": "q1", "type": "forbidden", "terms": ["150"]}],
    }
    run = _run(True, True, asks, {"expectations": expectations})
    result = m.baseline_metrics([run], llm=True)
    assert result["storageCorrectness"] == m.Score(1.0, 1, 1)
    assert result["taskStateAccuracy"] == m.Score(0.0, 0, 1)  # no task state fetched
    assert result["guardPassRate"] == m.Score(1.0, 1, 1)
    assert result["retrievalRecall"].value == 1.0
    assert result["retrievalRank1"] == m.Score(1.0, 1, 1)
    assert result["ruleCoverage"] == m.Score(0.0, 0, 1)  # the rule text never reached the context
    assert result["llmAnswerAccuracy"] == m.Score(1.0, 1, 1)


def test_no_runs_means_all_null():
    assert all(v is None for v in m.baseline_metrics([], llm=False).values())


def test_value_contains_may_span_value_and_unit():
    pool = item("n", ["e1"], "number", value="40", unit="connections", status="superseded", superseded_by="m")
    new = item("m", ["e2"], "number", value="60", unit="connections")
    expectation = {
        "type": "superseded",
        "eventId": "e1",
        "valueContains": "40 connections",
        "successorEventId": "e2",
        "successorValueContains": "60 connections",
    }
    assert m.storage_met(expectation, [pool, new])
    assert not m.value_matches(item("x", [], value="40"), "40 connections")


def test_value_contains_reads_units_written_against_the_number():
    assert m.value_matches(item("p", [], "number", value="25", unit="%"), "25%")
    assert m.value_matches(item("c", [], "number", value="150", unit="£"), "£150")
    assert m.value_matches(item("k", [], "number", value="8", unit="kg"), "8 kg")
    assert not m.value_matches(item("w", [], "number", value="25", unit="%"), "250%")
