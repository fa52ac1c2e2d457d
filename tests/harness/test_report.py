"""The report has exactly the protocol's shape, and the table shows counts and n/a."""

from services.harness.metrics import METRIC_ORDER
from services.harness.records import AskRecord, ScenarioRun
from services.harness.report import build_report, render_table, retrieval_note, write_report

TOP_KEYS = [
    "format",
    "version",
    "generatedAt",
    "profile",
    "seed",
    "answerer",
    "environment",
    "fixtures",
    "metricOrder",
    "metrics",
    "hardInvariants",
    "perScenario",
    "perSize",
    "questions",
    "notes",
]


def _runs():
    scenario = {
        "id": "lh-10",
        "scenario": "long-haul",
        "size": 10,
        "sessions": [{"sessionId": "s", "skill": {"rules": [{"id": "r", "text": "Cite seqs."}]}}],
        "steps": [],
        "questions": [
            {
                "id": "q",
                "session": "s",
                "kind": "fact",
                "lang": "en",
                "query": "what?",
                "governingRule": "r",
                "expectedAnswer": "120 ms",
                "evidence": [{"eventId": "s:e1", "seq": 1, "mustContain": ["120 ms"]}],
            }
        ],
        "expectations": {"storage": [{"id": "x", "session": "s", "type": "not_extracted", "eventId": "s:e9"}]},
    }
    ask = AskRecord(
        "q",
        "s",
        message="Quoted evidence (not instructions):\n- [seq 1] 120 ms",
        context="(skill text lost)",
        answer="120 ms",
        assemble_ms=1.5,
        retrieved=[],
    )
    memory = ScenarioRun(
        "memory",
        scenario,
        True,
        True,
        asks={"q": ask},
        latencies_ms=[1.0, 3.0],
        items={"s": []},
        exports={"s": "{}"},
        messages=[ask.message],
    )
    skill = ScenarioRun(
        "skill-only", scenario, False, False, asks={"q": AskRecord("q", "s", message="", context="Cite seqs.")}, latencies_ms=[0.5]
    )
    return {"skill-only": [skill], "memory": [memory]}


def _build(answerer="deterministic"):
    return build_report(
        _runs(),
        baselines=["skill-only", "memory"],
        profile="seed",
        seed="x",
        answerer=answerer,
        environment={
            "python": "3.11",
            "platform": "linux",
            "plugin": {"available": True, "missingModules": []},
            "memory": {"implementation": "t", "version": "1", "address": "a"},
        },
        fixtures={"dir": "d", "regenerated": False},
    )


def test_report_shape():
    built = _build()
    report = built.report
    assert list(report) == TOP_KEYS
    assert (report["format"], report["version"]) == ("dsh-long-conversation-memory-eval-report", 1)
    assert report["metricOrder"] == list(METRIC_ORDER) and len(METRIC_ORDER) == 10
    assert set(report["metrics"]) == set(METRIC_ORDER)
    assert report["metrics"]["llmAnswerAccuracy"] is None
    assert report["metrics"]["storageCorrectness"] == {"skill-only": None, "memory": 1.0}
    assert report["metrics"]["retrievalRecall"] == {"skill-only": None, "memory": 0.0}
    assert set(report["metrics"]["latencyMs"]["memory"]) == {"p50", "p95", "mean", "totalMs"}
    assert report["fixtures"] == {"dir": "d", "regenerated": False, "sessions": 1, "groups": ["long-haul"]}
    assert all(set(e) == {"id", "status", "detail"} and e["status"] in ("pass", "fail") for e in report["hardInvariants"])
    scenario = report["perScenario"][0]
    assert set(scenario) == {"scenario", "size", "sessionIds", "metrics", "storage", "invariants"}
    assert scenario["storage"] == {"skill-only": None, "memory": {"matched": 1, "total": 1, "failed": []}}
    assert report["perSize"][0]["size"] == 10 and set(report["perSize"][0]["metrics"]) == {"skill-only", "memory"}
    question = report["questions"][0]
    assert set(question) == {"sessionId", "scenario", "id", "kind", "lang", "query", "expected", "results"}
    assert question["expected"] == {"answer": "120 ms", "evidence": [{"eventId": "s:e1", "seq": 1, "mustContain": ["120 ms"]}]}
    assert set(question["results"]["memory"]) == {
        "retrievalRecall",
        "retrievalRank1",
        "assemblyCoverage",
        "extraTokensEstimate",
        "latencyMs",
        "answer",
        "missingEvidence",  # empty: the message covers every ref, so no message is kept
    }
    assert question["results"]["skill-only"]["retrievalRecall"] is None
    # skill-only injected nothing: a miss, kept with the ref it lacks and the (empty) message it injected
    assert (question["results"]["skill-only"]["missingEvidence"], question["results"]["skill-only"]["message"]) == (["s:e1"], "")
    assert any("estimates" in note for note in report["notes"]) and any("never merged" in note for note in report["notes"])
    assert not built.failed


def test_table_rows_and_cells():
    built = _build()
    table = render_table(built.report, built.scores)
    rows = {line.split("|")[1].strip(): [c.strip() for c in line.split("|")[2:-1]] for line in table.splitlines() if line.startswith("| `")}
    assert rows["`storageCorrectness`"] == ["n/a", "100.0% (1/1)"]
    assert rows["`ruleCoverage`"] == ["100.0% (1/1)", "0.0% (0/1)"]
    assert rows["`assemblyCoverage`"] == ["0.0%", "100.0%"]
    assert rows["`llmAnswerAccuracy`"][0] == "n/a (deterministic answerer)"
    assert rows["`latencyMs` mean / p95"][1] == "2.0 / 2.9"
    assert "Hard invariants: 11/11 pass" in table


def test_llm_answerer_reports_accuracy_per_baseline():
    report = _build("llm").report
    assert report["metrics"]["llmAnswerAccuracy"] == {"skill-only": 0.0, "memory": 1.0}


def test_retrieval_note_comes_from_what_memory_reported():
    assert retrieval_note({"retrieval": {"memory": "lexical", "bm25-turns": None}}) == "memory retrieval: lexical (no neural model)."
    hybrid = retrieval_note({"retrieval": {"memory": "hybrid: numpy 2.4.6 MiniLM-L6-v2 (no torch)"}})
    assert hybrid.startswith("memory retrieval: hybrid: numpy 2.4.6 MiniLM-L6-v2 (no torch)")
    assert "not reported" in retrieval_note({"retrieval": {"memory": None}})
    assert retrieval_note({"retrieval": {"skill-only": None}}) is None and retrieval_note({}) is None


def test_report_file_is_named_by_a_file_safe_profile(tmp_path):
    # A hand-written manifest names the profile; whatever it says, the report stays in out_dir.
    report = {"generatedAt": "2026-01-05T09:00:00.000Z", "profile": "../hand written/dev"}
    path = write_report(report, tmp_path)
    assert path.parent == tmp_path and path.name == "2026-01-05T09-00-00-000Z-hand-written-dev.json"
    report["profile"] = "handwritten-dev"
    assert write_report(report, tmp_path / "b").name.endswith("-handwritten-dev.json")
