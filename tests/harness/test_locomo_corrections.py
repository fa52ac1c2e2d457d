"""LoCoMo corrections: read strictly, applied by question, and recall scored in both views at turn and session level."""

import json

import pytest

from services.harness.locomo import LocomoError, load_locomo
from services.harness.locomo_corrections import CorrectionsError, load_corrections, sample_index
from services.harness.locomo_views import Asked, in_view, level_metrics
from services.harness.records import AskRecord, ItemView, ScenarioRun
from tests.harness.mini_benchmarks import corrections, locomo_conversation, write_locomo_dir


def test_question_ids_count_conversations_in_locomo10_order():
    assert [sample_index(name) for name in ("conv-26", "26", "conv-43", "conv-50", "conv-99", "locomo")] == [0, 0, 4, 9, None, None]


def test_corrections_name_their_question_and_replace_its_evidence(tmp_path):
    data, fixes = write_locomo_dir(tmp_path)
    [scenario], stats = load_locomo(data, load_corrections(fixes))
    questions = {q["query"]: q for q in scenario["questions"]}
    kayak = questions["Where did Ana buy the red kayak?"]
    assert [r["eventId"] for r in kayak["evidence"]] == ["D3:1"] and [r["eventId"] for r in kayak["correctedEvidence"]] == ["D2:2"]
    assert kayak["correction"] == {
        "questionId": "locomo_0_qa1",
        "errorType": "HALLUCINATION",
        "correctAnswer": "At the harbour shop in Bergen",
    }
    shop = questions["Which shop sold the kayak?"]  # published evidence "D" holds no id: asked for its correction only
    assert shop["evidence"] == [] and [r["eventId"] for r in shop["correctedEvidence"]] == ["D2:2"]
    assert "correctAnswer" not in shop["correction"]  # WRONG_CITATION corrects the citation only
    cat = questions["What is the name of Ana's cat?"]
    assert cat["correctedEvidence"] == cat["evidence"] and "correction" not in cat
    fixed = stats.corrections.as_json()
    assert (fixed["entries"], fixed["applied"], fixed["notInRun"], fixed["answersCorrected"], fixed["evidenceChanged"]) == (3, 2, 1, 1, 2)
    assert fixed["unknownEvidenceExamples"] == ["26:D7:7"] and fixed["scoredQuestions"] == 4
    assert stats.malformed_evidence == ["26:qa2:'D'"] and stats.scored == 3 and stats.without_evidence == 0


def test_without_corrections_questions_carry_the_published_evidence_only(tmp_path):
    data, _ = write_locomo_dir(tmp_path)
    [scenario], stats = load_locomo(data)
    assert all("correctedEvidence" not in q for q in scenario["questions"])
    assert stats.without_evidence == 1 and stats.corrections is None


@pytest.mark.parametrize(
    "content,names",
    [
        ("{oops", ["not JSON"]),
        (json.dumps({"question_id": "locomo_0_qa1"}), ["a JSON list"]),
        (json.dumps(["x"]), ["entry 0", "expected an object"]),
        (
            json.dumps([{"question_id": "conv-26-q1", "question": "q", "correct_evidence": []}]),
            ["entry 0", "locomo_<conversation>_qa<index>"],
        ),
        (json.dumps([{"question_id": "locomo_0_qa1", "correct_evidence": []}]), ["entry 0 (locomo_0_qa1)", "question must be"]),
        (json.dumps([{"question_id": "locomo_0_qa1", "question": "q", "correct_evidence": "D1:1"}]), ["correct_evidence must be a list"]),
        (
            json.dumps([{"question_id": "locomo_0_qa1", "question": "q", "correct_evidence": [], "category": "4"}]),
            ["category must be an integer"],
        ),
        (
            json.dumps([{"question_id": "locomo_0_qa1", "question": "q", "correct_evidence": [], "error_type": 3}]),
            ["error_type must be a string"],
        ),
        (json.dumps(corrections()[:1] * 2), ["entry 1 (locomo_0_qa1) repeats entry 0"]),
    ],
)
def test_a_malformed_corrections_file_is_refused_naming_the_file_and_the_entry(tmp_path, content, names):
    path = tmp_path / "errors.json"
    path.write_text(content)
    with pytest.raises(CorrectionsError) as raised:
        load_corrections(path)
    assert str(path) in str(raised.value) and all(name in str(raised.value) for name in names), str(raised.value)


def test_corrections_for_other_data_are_refused_rather_than_applied_to_the_wrong_questions(tmp_path):
    data, fixes = write_locomo_dir(tmp_path, corrections(e0={"question": "Where did Ben buy the canoe?"}))
    with pytest.raises(LocomoError, match=r"entry 0 \(locomo_0_qa1\) is about 'Where did Ben buy the canoe\?'.*the file is for other data"):
        load_locomo(data, load_corrections(fixes))
    out_of_range = tmp_path / "other"
    data, fixes = write_locomo_dir(out_of_range, corrections(e0={"question_id": "locomo_0_qa40"}))
    with pytest.raises(LocomoError, match=r"names qa\[40\], but 26.json\[0\] has 4"):
        load_locomo(data, load_corrections(fixes))


def _entry(evidence: list[str], retrieved: list[str], message: str, scenario: dict) -> Asked:
    question = {"id": "q", "session": "s", "category": 1, "evidence": [{"eventId": e, "seq": 0, "mustContain": []} for e in evidence]}
    items = [ItemView(str(n), "evidence", source_event_ids=(e,)) for n, e in enumerate(retrieved)]
    run = ScenarioRun("b", scenario, has_storage=False, has_retrieval=True)
    return Asked(run, question, AskRecord("q", "s", message=message, retrieved=items))


def test_session_level_counts_any_turn_of_the_evidence_session_and_turn_level_only_the_turn(tmp_path):
    data, _ = write_locomo_dir(tmp_path)
    [scenario], _ = load_locomo(data)
    # Evidence D2:2 (session 2) and D1:1 (session 1); retrieved: a session-2 neighbour, then D1:1 beyond the top 5.
    entry = _entry(["D2:2", "D1:1"], ["D2:3", "D3:1", "D3:2", "D1:2", "D1:3", "D1:1"], "- [seq 5, user] a session-2 turn", scenario)
    metrics = level_metrics([entry])
    assert metrics["turnRecallAt5"].value == 0.0 and metrics["turnRecallAt10"].value == 0.5
    assert metrics["sessionRecallAt5"].value == 1.0  # D2:3 stands for session 2, D1:2 for session 1
    assert metrics["turnCoverage"].value == 0.0 and metrics["sessionCoverage"].value == 0.5  # seq 5 is D2:1, of session 2


def test_a_view_keeps_the_questions_whose_evidence_in_it_names_a_turn():
    run = ScenarioRun("b", {"steps": []}, has_storage=False, has_retrieval=True)
    published_only = {"id": "a", "evidence": [{"eventId": "D1:1"}], "correctedEvidence": []}
    corrected_only = {"id": "b", "evidence": [], "correctedEvidence": [{"eventId": "D2:2"}]}
    uncorrected = {"id": "c", "evidence": [{"eventId": "D1:3"}]}
    entries = [Asked(run, q, AskRecord(q["id"], "s")) for q in (published_only, corrected_only, uncorrected)]
    assert [e.question["id"] for e in in_view(entries, "published")] == ["a", "c"]
    corrected = in_view(entries, "corrected")
    assert [(e.question["id"], e.question["evidence"]) for e in corrected] == [("b", [{"eventId": "D2:2"}]), ("c", [{"eventId": "D1:3"}])]


def test_the_conversation_written_for_these_tests_is_what_the_views_assume():
    conversation = locomo_conversation()
    words = {"where", "ana", "buy", "red", "kayak"}
    assert not any(words & set(turn["text"].lower().replace(".", "").split()) for turn in conversation["session_3"])
