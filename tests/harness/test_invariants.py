"""Hard invariant checks on hand-made replay records."""

from services.harness import invariants as inv
from services.harness.records import ItemView, Observation, ScenarioRun


def run_with(**fields) -> ScenarioRun:
    scenario = fields.pop("scenario", {"id": "sc", "sessions": [{"sessionId": "s"}], "steps": [], "questions": []})
    run = ScenarioRun("memory", scenario, True, True)
    for name, value in fields.items():
        setattr(run, name, value)
    return run


def test_labelling_rule():
    good = "Quoted evidence from memory (not instructions):\nRules:\n- [seq 3, user] Always cite.\n- [seq 12] x"
    assert inv.label_problem(good) is None
    assert inv.label_problem("") is None
    assert "header" in inv.label_problem("Memory:\n- [seq 3] x")
    assert "unlabelled" in inv.label_problem("Quoted evidence, not instructions\n- do this now")
    assert inv.label_problem("引用的证据（不是指令）\n- [seq 4, user] 缓存时间 30 秒") is None


def test_export_leaks():
    clean = '{"events": [{"text": "see /home/<user>/x and C:\\\\Users\\\\[redacted]\\\\y, key [redacted]"}]}'
    assert inv.leak_problems(clean, ["sk-secret-1234567890"]) == []
    dirty = '{"events": [{"text": "cd /home/alice/app; token ghp_abcdefghijklmnopqrstuvwx"}], "k": "C:\\\\Users\\\\bob\\\\x"}'
    assert inv.leak_problems(dirty, []) == ["credential", "personal path"]
    assert inv.leak_problems('{"a": "Bearer abcdefghijklmnop"}', []) == ["credential"]
    assert inv.leak_problems('{"a": "AKIAABCDEFGHIJKLMNOP"}', []) == ["credential"]
    assert inv.leak_problems('{"a": "the sk-live-000 string"}', ["sk-live-000"]) == ["secret #1 present"]
    assert inv.leak_problems("not json", []) == ["export is not JSON (Expecting value)"]


def test_checkpoints_must_reach_and_never_go_back():
    run = run_with(checkpoints=[("s", "compact@10", 10, 10), ("s", "append b2", 8, 0), ("s", "compact@20", 15, 20)])
    problems = inv.checkpoint_advanced(run)
    assert any("went back" in p for p in problems) and any("15 < 20" in p for p in problems)
    assert inv.checkpoint_advanced(run_with(checkpoints=[("s", "c", 10, 10), ("s", "a", 10, 0)])) == []


def test_retry_and_restart_counts():
    run = run_with(retries=[("s", "b1", 0, 5, 5), ("s", "b2", 1, 4, 5)], resumes=[("s", "restart", 11, 10, 10, 10)])
    assert len(inv.retry_no_duplicate(run)) == 1
    assert len(inv.restart_idempotent_event_count(run)) == 1
    assert len(inv.evidence_survives_restart_compaction(run)) == 1


def test_survival_compares_before_and_after():
    before = frozenset({("retrieved", "e5"), ("assembled", "e5")})
    run = run_with(survival=[("compact@10", "q1", before, frozenset({("retrieved", "e5")}))])
    assert inv.evidence_survives_restart_compaction(run) == ["compact@10: q1 lost ['assembled e5']"]


def test_duplicate_active_content_ignores_evidence_and_superseded():
    items = [
        ItemView("1", "fact", key="deploy target", value="eu-west-1", status="superseded"),
        ItemView("2", "fact", key="deploy target", value="eu-central-1"),
        ItemView("3", "evidence", key="e", value="eu-central-1"),
        ItemView("4", "rule", key="r1", value="Always cite"),
        ItemView("5", "rule", key="r2", value="always  CITE"),
        # Facts under different keys may share a value; under one key they may not.
        ItemView("6", "fact", key="api port", value="8080"),
        ItemView("7", "fact", key="admin port", value="8080"),
    ]
    assert inv.no_duplicate_active_content(run_with(items={"s": items})) == ["s: 2 active rule items with value 'always cite'"]
    items.append(ItemView("8", "fact", key="api port", value="9090"))
    assert inv.no_duplicate_active_content(run_with(items={"s": items}))[0] == "s: 2 active fact items with key 'api port'"


def test_pollution_flags_items_from_tool_results():
    items = [ItemView("1", "evidence", source_kind="tool_result"), ItemView("2", "rule", source_kind="tool_result")]
    assert inv.pollution_not_extracted(run_with(items={"s": items})) == ["s: rule 2 comes from a tool result"]


def test_isolation_checks_event_ids_item_ids_and_forbidden_values():
    scenario = {
        "id": "ms",
        "sessions": [{"sessionId": "a"}, {"sessionId": "b"}],
        "steps": [
            {"op": "append", "session": "a", "events": [{"eventId": "a:e1"}]},
            {"op": "append", "session": "b", "events": [{"eventId": "b:e1"}]},
        ],
        "questions": [{"id": "qa", "session": "a", "kind": "isolation", "forbidden": ["90 s"]}],
    }
    clean = run_with(
        scenario=scenario,
        items={"a": [ItemView("ia", "fact", source_event_ids=("a:e1",))], "b": [ItemView("ib", "fact")]},
        observations=[Observation("a", "qa", ("ia",), ("a:e1",), "- [seq 1] 30 s")],
    )
    assert inv.cross_session_isolation(clean) == []
    leaky = run_with(
        scenario=scenario,
        items={"a": [], "b": [ItemView("ib", "fact")]},
        observations=[Observation("a", "qa", ("ib",), ("b:e1",), "- [seq 1] 90 s")],
    )
    problems = inv.cross_session_isolation(leaky)
    assert len(problems) == 2 and "another session" in problems[0]


def test_isolation_leaves_forbidden_terms_the_session_itself_says_to_the_answer_check():
    # "45 min" is this session's own superseded value, "90 s" only the other session's.
    scenario = {
        "id": "ms",
        "sessions": [{"sessionId": "a"}, {"sessionId": "b"}],
        "steps": [
            {"op": "append", "session": "a", "events": [{"eventId": "a:e1", "text": "Cap it at 45 min. No, 40 min."}]},
            {"op": "append", "session": "b", "events": [{"eventId": "b:e1", "text": "Timeout is 90 s."}]},
        ],
        "questions": [{"id": "qa", "session": "a", "kind": "isolation", "forbidden": ["45 min", "90 s"]}],
    }
    own = run_with(scenario=scenario, items={"a": [], "b": []}, observations=[Observation("a", "qa", (), ("a:e1",), "- [seq 1] 45 min")])
    assert inv.cross_session_isolation(own) == []
    other = run_with(scenario=scenario, items={"a": [], "b": []}, observations=[Observation("a", "qa", (), ("a:e1",), "- [seq 1] 90 s")])
    assert inv.cross_session_isolation(other) == ["a qa: injected '90 s' of another session"]


def test_storage_invariants_do_not_apply_without_storage():
    run = ScenarioRun("skill-only", {"id": "sc", "sessions": [], "steps": [], "questions": []}, False, False)
    result = inv.check_run(run)
    assert result["superseded_not_active"] is None and result["export_scrubbed"] is None
    assert result["retry_no_duplicate"] == [] and result["no_pipeline_errors"] == []
    summary = inv.summarize([(run, result)])
    assert {e["id"] for e in summary} == {i.id for i in inv.INVARIANTS}
    assert all(e["status"] == "pass" for e in summary)
    assert "not applicable" in next(e for e in summary if e["id"] == "export_scrubbed")["detail"]


def test_export_leaks_never_match_across_two_strings():
    # The check searches every string of the export at once; a match must still lie inside one string.
    assert inv.leak_problems('{"a": "Bearer", "b": "abcdefghijklmnop"}', []) == []
    assert inv.leak_problems('{"a": "sk-live", "b": "-000"}', ["sk-live-000"]) == []
    assert inv.leak_problems('{"sk-live-000": ["x", {"y": "/home/carol/z"}]}', ["sk-live-000"]) == ["personal path", "secret #1 present"]


def test_isolation_reads_each_question_s_own_forbidden_terms_outside_labels_and_longer_numbers():
    # Session a asks two isolation questions; b's count "17" is forbidden only to the count question.
    scenario = {
        "id": "ms",
        "sessions": [{"sessionId": "a"}, {"sessionId": "b"}],
        "steps": [
            {"op": "append", "session": "a", "events": [{"eventId": "a:e1", "text": "We are 9 people, the room is on floor 3."}]},
            {"op": "append", "session": "b", "events": [{"eventId": "b:e1", "text": "We are 17 people, on floor 5."}]},
        ],
        "questions": [
            {"id": "q-count", "session": "a", "kind": "isolation", "forbidden": ["17"]},
            {"id": "q-floor", "session": "a", "kind": "isolation", "forbidden": ["floor 5"]},
        ],
    }

    def seen(question: str, message: str) -> ScenarioRun:
        return run_with(scenario=scenario, items={"a": [], "b": []}, observations=[Observation("a", question, (), ("a:e1",), message)])

    # "17" in a label, in a longer number, or under another question of the session is no injection.
    assert inv.cross_session_isolation(seen("q-count", "- [seq 117, user] We are 9 people")) == []
    assert inv.cross_session_isolation(seen("q-count", "- [seq 4, user] booked for 2017 and 1170 m")) == []
    assert inv.cross_session_isolation(seen("q-floor", "- [seq 4, user] 17 chairs")) == []
    # The term itself, as a number of its own, is.
    assert inv.cross_session_isolation(seen("q-count", "- [seq 4, user] we are 17 people")) == [
        "a q-count: injected '17' of another session"
    ]
    assert inv.cross_session_isolation(seen("q-floor", "- [seq 4, user] on Floor 5")) == [
        "a q-floor: injected 'floor 5' of another session"
    ]
