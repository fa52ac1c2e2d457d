"""The LoCoMo importer and its report, on small conversations of the tests' own in LoCoMo's shapes."""

import json

import pytest

from services.harness.locomo import LocomoError, load_locomo, normalize_evidence, parse_date_time
from services.harness.locomo_report import _Asked, category_metrics
from services.harness.records import AskRecord, ItemView, ScenarioRun


def turn(speaker: str, dia: str, text: str, **extra) -> dict:
    return dict(speaker=speaker, dia_id=dia, text=text, **extra)


def conversation() -> dict:
    return {
        "speaker_a": "Ana",
        "speaker_b": "Ben",
        "session_1_date_time": "4:05 pm on 17 March, 2024",
        "session_1": [
            turn("Ana", "D1:1", "I adopted a grey cat called Miso last week."),
            turn("Ben", "D1:2", "Lovely! Does Miso like the balcony?", blip_caption="a photo of a cat"),
        ],
        "session_2_date_time": "9:05 am on 2 June, 2024",
        "session_2": [turn("Ana", "D2:1", "Miso learned to open the fridge.")],
        "events_session_1": ["not a dialog session"],
        "qa": [
            {"question": "What is the name of Ana's cat?", "answer": "Miso", "evidence": ["D1:1"], "category": 4},
            {"question": "What did the cat learn?", "answer": "to open the fridge", "evidence": ["D2:1; D1:1"], "category": 1},
            {"question": "What did Ben adopt?", "evidence": ["D:1:2"], "category": 5, "adversarial_answer": "a cat"},
            {"question": "Unanswerable?", "answer": "x", "evidence": [], "category": 2},
            {"question": "Broken id?", "answer": "x", "evidence": ["D9:99"], "category": 3},
        ],
    }


def test_evidence_ids_are_normalized():
    assert normalize_evidence(["D8:6; D9:17", "D:11:26", "D1:3 D1:4", "D1:3"]) == ["D8:6", "D9:17", "D11:26", "D1:3", "D1:4"]
    assert normalize_evidence(["D", ""]) == []


def test_session_dates_become_rfc3339():
    assert parse_date_time("4:05 pm on 17 March, 2024") == "2024-03-17T16:05:00Z"
    assert parse_date_time("12:05 am on 1 January, 2024") == "2024-01-01T00:05:00Z"
    assert parse_date_time("sometime in spring") == ""


def test_a_conversation_file_becomes_one_scenario(tmp_path):
    (tmp_path / "conv-a.json").write_text(json.dumps(conversation()))
    scenarios, stats = load_locomo(tmp_path / "conv-a.json")
    [scenario] = scenarios
    appends = [step for step in scenario["steps"] if step["op"] == "append"]
    assert len(appends) == 2  # events_session_1 is not a dialog session
    first = appends[0]["events"]
    assert [e["eventId"] for e in first] == ["D1:1", "D1:2", "locomo-conv-a:compaction-1"]
    assert first[1]["attributes"] == dict(speaker="Ben", dia_id="D1:2", session="1", image_caption="a photo of a cat")
    assert first[0]["createdAt"] == "2024-03-17T16:05:00Z" and first[-1]["kind"] == "compaction"
    questions = {q["query"]: q for q in scenario["questions"]}
    assert [r["eventId"] for r in questions["What did the cat learn?"]["evidence"]] == ["D2:1", "D1:1"]
    assert questions["What did Ben adopt?"]["category"] == 5
    assert "Unanswerable?" not in questions and "Broken id?" not in questions
    assert (stats.scored, stats.adversarial, stats.without_evidence, stats.turns) == (2, 1, 2, 3)
    assert stats.unknown_evidence_ids == ["conv-a:D9:99"]


def test_the_single_file_list_shape_is_read_too(tmp_path):
    sample = {"sample_id": "conv-7", "conversation": {k: v for k, v in conversation().items() if k != "qa"}, "qa": conversation()["qa"]}
    (tmp_path / "locomo10.json").write_text(json.dumps([sample, {**sample, "sample_id": "conv-8"}]))
    scenarios, stats = load_locomo(tmp_path)
    assert [s["id"] for s in scenarios] == ["locomo-conv-7", "locomo-conv-8"] and stats.conversations == 2


@pytest.mark.parametrize("document", [{"qa": []}, {"speaker_a": "x"}, [{"conversation": {"session_1": []}}]])
def test_other_shapes_are_refused_with_a_reason(tmp_path, document):
    (tmp_path / "bad.json").write_text(json.dumps(document))
    with pytest.raises(LocomoError):
        load_locomo(tmp_path / "bad.json")


def _asked(retrieved: list[list[str]] | None, message: str, evidence: list[str]) -> _Asked:
    question = {
        "id": "q",
        "session": "s",
        "category": 1,
        "evidence": [{"eventId": e, "seq": int(e[1:]), "mustContain": []} for e in evidence],
    }
    run = ScenarioRun("b", {"questions": [question]}, has_storage=False, has_retrieval=retrieved is not None)
    items = None if retrieved is None else [ItemView(str(n), "evidence", source_event_ids=tuple(ids)) for n, ids in enumerate(retrieved)]
    return _Asked(run, question, AskRecord("q", "s", message=message, retrieved=items, assemble_ms=2.0))


def test_recall_at_k_counts_evidence_turns_of_the_top_k_items():
    entry = _asked([["e9"], ["e1"], ["e5"], ["e2"], ["e7"], ["e3"]], "- [seq 2, user] quoted", ["e1", "e2", "e3"])
    metrics = category_metrics([entry])
    assert metrics["evidenceRecallAt1"].value == 0.0
    assert metrics["evidenceRecallAt5"].value == pytest.approx(2 / 3)
    assert metrics["evidenceRecallAt10"].value == 1.0
    assert metrics["evidenceHitAt5"].value == 1.0 and metrics["retrievalRank1"].value == 0.0
    assert metrics["assemblyCoverage"].value == pytest.approx(1 / 3)


def test_retrieval_metrics_are_null_without_retrieval():
    metrics = category_metrics([_asked(None, "", ["e1"])])
    assert metrics["evidenceRecallAt5"] is None and metrics["retrievalRank1"] is None
    assert metrics["assemblyCoverage"].value == 0.0
