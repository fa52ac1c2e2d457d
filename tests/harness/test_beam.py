"""The BEAM importer, message labels and the per-question scoring, on folders and messages written by the tests."""

import json

import pytest

from services.harness.beam import BeamError, load_beam
from services.harness.beam_scoring import found, normalise, rubric_text, score, supersede
from services.harness.records import AskRecord, ItemView
from tests.harness.mini_benchmarks import beam_chat, beam_questions, write_beam_dir
from tests.harness.test_labels import MESSAGE


def test_a_chat_folder_becomes_a_scenario_of_batches_each_ending_in_a_compaction(tmp_path):
    scenarios, stats = load_beam(write_beam_dir(tmp_path))
    assert [s["id"] for s in scenarios] == ["beam-3", "beam-12"]  # numeric order, not 12 before 3
    appends = [step for step in scenarios[0]["steps"] if step["op"] == "append"]
    first = appends[0]["events"]
    assert [e["eventId"] for e in first] == ["msg-0", "msg-1", "msg-2", "msg-3", "msg-4", "msg-5", "beam-3:compaction-1"]
    assert [e["seq"] for e in first] == [1, 2, 3, 4, 5, 6, 7] and first[-1]["attributes"] == {"up_to_seq": "7"}
    assert first[0]["kind"] == "user_message" and first[1]["kind"] == "assistant_message"
    assert first[0]["text"].endswith("->-> 1,1")  # content unchanged, generator marker included
    assert first[0]["createdAt"] == "2024-03-15T00:00:00Z" and appends[1]["events"][0]["createdAt"] == "2024-04-05T00:00:00Z"
    assert appends[1]["events"][0]["seq"] == 8  # after the first batch's compaction
    assert (stats.chats, stats.batches, stats.messages, stats.questions, stats.with_evidence) == (2, 4, 20, 10, 8)
    assert stats.files == ["3/chat.json", "12/chat_trunecated.json"]  # the truncated cut, as upstream reads it


def test_questions_keep_ability_rubric_and_the_groups_of_cited_messages_as_seqs(tmp_path):
    [scenario, _] = load_beam(write_beam_dir(tmp_path))[0]
    questions = {q["id"]: q for q in scenario["questions"]}
    assert list(questions) == [
        "knowledge_update-1",
        "contradiction_resolution-1",
        "information_extraction-1",
        "event_ordering-1",
        "abstention-1",
    ]  # the paper's order of abilities, whatever the file's
    update = questions["knowledge_update-1"]
    assert update["sourceGroups"] == {"original_info": [1], "updated_info": [8]}
    assert [r["eventId"] for r in update["evidence"]] == ["msg-0", "msg-6"] and update["expectedAnswer"] == "eu-central-1"
    assert [r["eventId"] for r in questions["event_ordering-1"]["evidence"]] == ["msg-0", "msg-6", "msg-2"]  # nested ids flattened
    assert questions["abstention-1"]["evidence"] == [] and questions["abstention-1"]["rubric"] == ["no information about a dog"]


def test_the_benchmarks_own_root_is_found_inside_the_folder(tmp_path):
    scenarios, _ = load_beam(write_beam_dir(tmp_path, nested=True))
    assert len(scenarios) == 2


def _chat_dir(tmp_path, chat=None, questions=None):
    folder = tmp_path / "1"
    (folder / "probing_questions").mkdir(parents=True)
    (folder / "chat.json").write_text(chat if isinstance(chat, str) else json.dumps(chat if chat is not None else beam_chat()))
    (folder / "probing_questions" / "probing_questions.json").write_text(
        json.dumps(questions if questions is not None else beam_questions())
    )
    return tmp_path


def _with(question: dict) -> dict:
    return {"knowledge_update": [question]}


@pytest.mark.parametrize(
    "chat,questions,names",
    [
        ("{not json", None, ["chat.json", "not JSON"]),
        ({"turns": []}, None, ["chat.json", "list of batches"]),
        ([{"turns": [[{"role": "user", "id": "x", "content": "hi"}]]}], None, ["batch 1", "message id 'x'"]),
        ([{"turns": [[{"role": "system", "id": 0, "content": "hi"}]]}], None, ["batch 1", "role 'system'"]),
        (
            [{"turns": [[{"role": "user", "id": 3, "content": "a"}, {"role": "user", "id": 2, "content": "b"}]]}],
            None,
            ["id 2 does not follow 3"],
        ),
        (None, [], ["probing_questions.json", "mapping each ability"]),
        (None, {"knowledge_update": {"question": "q"}}, ["knowledge_update", "expected a list"]),
        (None, _with({"rubric": []}), ["knowledge_update[0]", "expected an object with a question"]),
        (None, _with({"question": "q", "rubric": "state: x"}), ["knowledge_update[0]", "rubric must be a list"]),
        (None, _with({"question": "q", "source_chat_ids": {"updated_info": [99]}}), ["knowledge_update[0]", "[99] name no message"]),
        (None, _with({"question": "q", "source_chat_ids": "6"}), ["source_chat_ids", "not '6'"]),
    ],
)
def test_a_file_out_of_shape_is_refused_naming_it_and_what_is_wrong(tmp_path, chat, questions, names):
    with pytest.raises(BeamError) as raised:
        load_beam(_chat_dir(tmp_path, chat, questions))
    assert all(name in str(raised.value) for name in names), str(raised.value)


def test_a_folder_without_chats_or_with_a_chat_missing_its_files_is_refused(tmp_path):
    with pytest.raises(BeamError, match="no chat folders"):
        load_beam(tmp_path)
    (tmp_path / "5").mkdir()
    with pytest.raises(BeamError, match=r"5: no chat.json"):
        load_beam(tmp_path)
    (tmp_path / "5" / "chat.json").write_text(json.dumps(beam_chat()))
    with pytest.raises(BeamError, match=r"probing_questions.json: missing"):
        load_beam(tmp_path)


def test_rubric_items_are_matched_after_normalising_both_sides_as_whole_words():
    assert rubric_text("LLM response should state: 3,150 pages") == "3,150 pages"
    assert rubric_text("Core functionality") == "Core functionality"
    assert normalise("The draft reached 3,150 Pages, I've said.") == "the draft reached 3150 pages ive said"
    assert found("LLM response should state: 3,150 pages", "my draft has 3150 pages now")
    assert found("LLM response should mention: $65", "a budget of $65 a month")
    assert found("LLM response should state: 2.5 hours", "it takes 2.5 hours")
    assert not found("LLM response should state: 12 books", "I read 120 books")  # whole words only
    assert not found("LLM response should state: two weeks", "14 days")  # stricter than a judge: no paraphrase
    assert not found("LLM response should state:", "anything")


def _question(ability: str, groups: dict, rubric: list[str]) -> dict:
    evidence = [{"eventId": f"msg-{seq - 1}", "seq": seq, "mustContain": []} for seqs in groups.values() for seq in seqs]
    return {"id": "q", "ability": ability, "sourceGroups": groups, "rubric": rubric, "evidence": evidence}


def test_a_knowledge_update_is_current_only_when_the_old_message_is_quoted_as_history():
    update = _question("knowledge_update", {"original_info": [1], "updated_info": [8]}, ["LLM response should state: eu-central-1"])
    assert supersede(update, MESSAGE) == {"outcome": "currentOnly", "valueCarried": True, "retiredFlagged": True, "bothQuoted": True}
    both = "- [seq 1, user] The deploy target is eu-west-1.\n- [seq 8, user] Now it is eu-central-1."
    assert supersede(update, both)["outcome"] == "currentAndRetired"
    assert supersede(update, "- [seq 1, user] The deploy target is eu-west-1.")["outcome"] == "retiredOnly"
    assert supersede(update, "") == {"outcome": "neither", "valueCarried": False, "retiredFlagged": False, "bothQuoted": False}
    same = _question("knowledge_update", {"original_info": [8], "updated_info": [8]}, [])
    assert supersede(same, MESSAGE)["outcome"] == "undetermined"


def test_a_contradiction_takes_the_later_statement_as_current_whatever_the_group_names():
    contradiction = _question("contradiction_resolution", {"first_statement": [8], "second_statement": [1]}, [])
    assert supersede(contradiction, MESSAGE)["outcome"] == "currentOnly"
    assert supersede(contradiction, MESSAGE)["valueCarried"] is None
    assert supersede(_question("information_extraction", {"cited": [8]}, []), MESSAGE) is None


def test_a_question_is_scored_from_retrieved_items_the_message_and_the_answer():
    question = _question("knowledge_update", {"original_info": [1], "updated_info": [8]}, ["LLM response should state: eu-central-1"])
    retrieved = [
        ItemView("a", "fact", source_event_ids=("msg-7",)),
        *(ItemView(str(n), "evidence") for n in range(5)),
        ItemView("b", "evidence", source_event_ids=("msg-0",)),
    ]
    ask = AskRecord("q", "s", message=MESSAGE, answer="eu-central-1", assemble_ms=1.5, retrieved=retrieved)
    scores = score(question, ask)
    assert (scores["evidenceRecallAt5"], scores["evidenceRecallAt10"]) == (0.5, 1.0)
    assert (scores["assemblyCoverage"], scores["rubricMet"], scores["rubricInContext"]) == (1.0, 1.0, 1.0)
    assert scores["supersede"]["outcome"] == "currentOnly" and scores["rubricItems"] == 1
    unanswerable = {"id": "a", "ability": "abstention", "rubric": ["no information"], "evidence": []}
    empty = score(unanswerable, AskRecord("a", "s", message="", answer="", retrieved=None))
    assert empty["evidenceRecallAt5"] is None and empty["assemblyCoverage"] is None and empty["rubricMet"] == 0.0
