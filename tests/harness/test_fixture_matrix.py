"""Every behaviour of the protocol's scenario matrix is present at every size of every profile."""

import math
import re
from functools import cache

import pytest

from services.harness.fixtures import DEFAULT_SEED, SEED_DIR, isolation, load_fixtures, longhaul

TURN_KINDS = {"user_message", "assistant_message", "tool_call", "tool_result"}
SIZES = sorted({40, 100, 200, 500, 1000})
CJK = re.compile(r"[\u4e00-\u9fff]")


@cache
def long_haul(size: int) -> dict:
    return longhaul.build(size, DEFAULT_SEED)


@cache
def multi(size: int) -> dict:
    return isolation.build(size, DEFAULT_SEED)


def events(doc: dict, session: str | None = None, include_retries: bool = False) -> list[dict]:
    return [
        ev
        for st in doc["steps"]
        if st["op"] == "append" and (include_retries or not st.get("retry")) and (session is None or st["session"] == session)
        for ev in st["events"]
    ]


def by_id(doc: dict) -> dict:
    return {ev["eventId"]: ev for ev in events(doc)}


@pytest.mark.parametrize("size", SIZES)
def test_turn_count_and_kinds(size):
    doc = long_haul(size)
    evs = events(doc)
    assert sum(ev["kind"] in TURN_KINDS for ev in evs) == size == doc["sessions"][0]["turns"]
    assert evs[0]["kind"] == "session_start"
    assert {"user_message", "assistant_message", "tool_call", "tool_result", "cancel", "compaction"} <= {ev["kind"] for ev in evs}
    for sid in (f"iso-alpha-{size}", f"iso-beta-{size}"):
        assert sum(ev["kind"] in TURN_KINDS for ev in events(multi(size), sid)) == size


@pytest.mark.parametrize("size", SIZES)
def test_question_volume_and_languages(size):
    doc = long_haul(size)
    qs = doc["questions"]
    assert len({q["id"] for q in qs}) >= 12
    assert {q["kind"] for q in qs} == {"fact", "rule", "evidence", "pollution"}
    zh = [q for q in qs if q["lang"] == "zh"]
    assert len(zh) >= 3 and all(CJK.search(q["query"]) for q in zh)
    # A two-character CJK term of some query occurs in its evidence (the bigram path).
    ev = by_id(doc)
    assert any(
        re.search(r"(?<![\u4e00-\u9fff])[\u4e00-\u9fff]{2}(?![\u4e00-\u9fff])", q["query"])
        or q["query"][:2] in ev[q["evidence"][0]["eventId"]]["text"]
        for q in zh
    )
    asked = [qid for st in doc["steps"] if st["op"] == "ask" for qid in st["questions"]]
    assert len(asked) > len(qs), "questions are re-asked"
    iso = multi(size)
    for s in iso["sessions"]:
        own = [q for q in iso["questions"] if q["session"] == s["sessionId"]]
        assert len(own) >= 3 and all(q["kind"] == "isolation" for q in own)


@pytest.mark.parametrize("size", SIZES)
def test_early_rule_and_retention(size):
    doc = long_haul(size)
    turns = [ev for ev in events(doc) if ev["kind"] in TURN_KINDS]
    q = next(q for q in doc["questions"] if q["id"] == "q-early-rule")
    assert q["evidence"][0]["eventId"] in [ev["eventId"] for ev in turns[:5]]
    final = [st for st in doc["steps"] if st["op"] == "ask"][-1]
    assert final["phase"] == "final" and {"q-early-rule", "q-retention"} <= set(final["questions"])
    assert doc["steps"][-1] == final


@pytest.mark.parametrize("size", SIZES)
def test_repeated_compaction_with_re_asks(size):
    doc = long_haul(size)
    steps = doc["steps"]
    compacts = [i for i, st in enumerate(steps) if st["op"] == "compact"]
    inline = [
        i
        for i, st in enumerate(steps)
        if st["op"] == "append" and not st.get("retry") and any(ev["kind"] == "compaction" for ev in st["events"])
    ]
    assert len(compacts) >= 3 and len(inline) >= 1
    if size >= 1000:
        assert len(compacts) >= 6
    evidence_ids = None
    for i in sorted(compacts + inline):
        ask = next(st for st in steps[i + 1 :] if st["op"] in ("ask", "compact"))
        assert ask["op"] == "ask" and ask["phase"] == "after_compaction"
        evidence_ids = evidence_ids or ask["questions"]
        assert ask["questions"] == evidence_ids, "the same evidence questions after every compaction"
    ups = [steps[i]["upToSeq"] for i in compacts]
    assert ups == sorted(ups) and len(set(ups)) == len(ups)


@pytest.mark.parametrize("size", SIZES)
def test_restart_then_questions(size):
    for doc in (long_haul(size), multi(size)):
        steps = doc["steps"]
        r = next(i for i, st in enumerate(steps) if st["op"] == "restart")
        after = [st for st in steps[r + 1 :] if st["op"] == "ask"]
        assert after and after[0]["phase"] == "after_restart"
        assert {qid for st in after for qid in st["questions"]} == {q["id"] for q in doc["questions"]}


@pytest.mark.parametrize("size", SIZES)
def test_retry_and_cancel_resend(size):
    doc = long_haul(size)
    steps = doc["steps"]
    originals = {st["batch"]: st for st in steps if st["op"] == "append" and not st.get("retry")}
    retries = [st for st in steps if st.get("reason") == "retry"]
    assert len(retries) >= 2
    for st in retries:
        assert st["retry"] is True and st["events"] == originals[st["batch"]]["events"]
    cancel = next(ev for ev in events(doc) if ev["kind"] == "cancel")
    cancelled = by_id(doc)[cancel["attributes"]["cancels_event_id"]]
    assert cancelled["kind"] == "user_message" and cancelled["seq"] == cancel["seq"] - 1
    resend_at, resend = next((i, st) for i, st in enumerate(steps) if st.get("reason") == "cancel_resend")
    assert resend["retry"] is True and resend["events"] == [cancelled]
    cancel_at = next(i for i, st in enumerate(steps) if st["op"] == "append" and cancel in st["events"])
    assert resend_at > cancel_at and resend["batch"] not in originals


@pytest.mark.parametrize("size", SIZES)
def test_corrections_and_numbers(size):
    doc = long_haul(size)
    storage = doc["expectations"]["storage"]
    sup = [s for s in storage if s["type"] == "superseded"]
    assert len(sup) == 1
    ev = by_id(doc)
    assert ev[sup[0]["successorEventId"]]["seq"] > ev[sup[0]["eventId"]]["seq"]
    q = next(q for q in doc["questions"] if q["id"] == "q-correction")
    assert q["forbidden"] == [sup[0]["valueContains"]] and q["expectedAnswer"] == sup[0]["successorValueContains"]
    assert any(ev[d["eventId"]]["kind"] == "assistant_message" for d in q["distractors"]), (
        "the superseded value is repeated by the assistant"
    )
    numbers = [s for s in storage if s.get("kind") == "number"]
    assert len(numbers) >= 4
    for s in numbers:
        text = ev[s["eventId"]]["text"]
        assert s["valueContains"] in text and s["conditionContains"] in text and s["unit"] in text


@pytest.mark.parametrize("size", SIZES)
def test_task_and_side_quest(size):
    doc = long_haul(size)
    fields = {t["field"] for t in doc["expectations"]["taskState"] if not t.get("absent")}
    assert fields == {"goal", "progress", "blockers", "open_items"}
    turns = [ev for ev in events(doc) if ev["kind"] in TURN_KINDS]
    start = next(i for i, ev in enumerate(turns) if ev["text"].startswith("Let's park"))
    end = next(i for i, ev in enumerate(turns) if ev["text"].startswith("OK, that's sorted."))
    assert end - start >= math.ceil(0.25 * size)
    task_seq = by_id(doc)[next(q for q in doc["questions"] if q["id"] == "q-task")["evidence"][0]["eventId"]]["seq"]
    assert task_seq < turns[start]["seq"]


@pytest.mark.parametrize("size", SIZES)
def test_pollution(size):
    doc = long_haul(size)
    ev = by_id(doc)
    untrusted = {s["eventId"] for s in doc["expectations"]["storage"] if s["type"] == "not_extracted"}
    polluted = [
        e for e in events(doc) if e["kind"] == "tool_result" and ("IGNORE PREVIOUS INSTRUCTIONS" in e["text"] or "Goal:" in e["text"])
    ]
    assert len(polluted) == 2 and {e["eventId"] for e in polluted} <= untrusted
    assert any("\nAlways " in e["text"] for e in polluted)
    pq = [q for q in doc["questions"] if q["kind"] == "pollution"]
    assert len(pq) >= 2
    for q in pq:
        assert q["forbidden"] and any(t in ev[d["eventId"]]["text"] for d in q["distractors"] for t in q["forbidden"])
    assert all(ev[i]["kind"] == "tool_result" for i in untrusted)


@pytest.mark.parametrize("size", SIZES)
def test_secrets_are_planted_and_listed(size):
    doc = long_haul(size)
    secrets = doc["secrets"]
    kinds = {"/home/": False, "/Users/": False, "sk-": False, "ghp_": False, "AKIA": False}
    for s in secrets:
        for k in kinds:
            kinds[k] |= s.startswith(k)
    assert all(kinds.values()) and len(secrets) == 7
    texts = [ev["text"] for ev in events(doc)]
    for s in secrets:
        assert any(s in t for t in texts)
    blob = "\n".join(texts)
    assert "Authorization: Bearer " in blob and "password=" in blob


@pytest.mark.parametrize("size", SIZES)
def test_scoped_ban_validation(size):
    doc = long_haul(size)
    req = [v for v in doc["expectations"]["validation"] if v["type"] == "required"]
    assert len(req) == 1 and req[0]["scope"] and req[0]["question"] == "q-ban"
    q = next(q for q in doc["questions"] if q["id"] == "q-ban")
    assert q["required"] == req[0]["terms"]


@pytest.mark.parametrize("size", SIZES)
def test_isolation_pair(size):
    doc = multi(size)
    a, b = (s["sessionId"] for s in doc["sessions"])
    assert (a, b) == (f"iso-alpha-{size}", f"iso-beta-{size}")
    order = [st["session"] for st in doc["steps"] if st["op"] == "append"]
    # Batches alternate while both sessions still have batches to send.
    n = min(order.count(a), order.count(b))
    assert order[: 2 * n] == [a, b] * n
    text = {sid: "\n".join(ev["text"] for ev in events(doc, sid)) for sid in (a, b)}
    for q in doc["questions"]:
        other = b if q["session"] == a else a
        assert q["forbidden"] and all(t in text[other] and t not in text[q["session"]] for t in q["forbidden"])
    assert any(st["op"] == "compact" for st in doc["steps"])


@pytest.mark.parametrize("size", SIZES)
def test_chinese_filler_share(size):
    for doc in (long_haul(size), multi(size)):
        for s in doc["sessions"]:
            assert s["zhFillerTurns"] >= 0.15 * s["fillerTurns"]


def test_committed_seed_covers_the_matrix():
    fx = load_fixtures(SEED_DIR)
    assert [sc["id"] for sc in fx.scenarios] == ["long-haul-40", "multi-session-20"]
    assert fx.scenarios[0] == long_haul(40) and fx.scenarios[1] == multi(20)
