"""Fixture content: queries paraphrase their evidence, answer fragments are verbatim, filler stays neutral."""

import re

import pytest

from services.harness.fixtures import isolation, longhaul
from services.harness.fixtures.plants import BANS

# Many seeds, so every template and phrasing variant is drawn at least once.
SEEDS = [f"paraphrase-{i}" for i in range(40)]
WORD = re.compile(r"[a-z0-9]+(?:[-'._:/][a-z0-9]+)*")
CJK_RUN = re.compile(r"[\u4e00-\u9fff]+")
# What filler user turns must never say: these read as rules or task state.
RULE_WORDS = re.compile(
    r"\b(always|never|from now on|the goal is|blocked|next step|actually|scratch that)\b"
    r"|必须|一律|以后都|以后凡是|目标是|下一步",
    re.I,
)


def _docs(seed: str, size: int = 40):
    return [longhaul.build(size, seed), isolation.build(20, seed)]


def _events(doc):
    return {ev["eventId"]: ev for st in doc["steps"] if st["op"] == "append" for ev in st["events"]}


def _strip(text: str, fragments: list[str]) -> str:
    for frag in sorted(fragments, key=len, reverse=True):
        text = text.replace(frag, " | ")
    return text


def _grams(text: str) -> set:
    words = WORD.findall(text.lower())
    en = {tuple(words[i : i + 4]) for i in range(len(words) - 3)}
    zh = {run[i : i + 4] for run in CJK_RUN.findall(text) for i in range(len(run) - 3)}
    return en | zh


@pytest.mark.parametrize("seed", SEEDS)
def test_queries_paraphrase_their_planting_event(seed):
    for doc in _docs(seed):
        ev = _events(doc)
        for q in doc["questions"]:
            for ref in q["evidence"]:
                fragments = ref["mustContain"] + [q["expectedAnswer"]]
                shared = _grams(_strip(q["query"], fragments)) & _grams(_strip(ev[ref["eventId"]]["text"], fragments))
                assert not shared, f"{q['id']} repeats {shared} of {ref['eventId']}"


@pytest.mark.parametrize("seed", SEEDS[:10])
def test_must_contain_is_verbatim_and_values_are_typed_naturally(seed):
    for doc in _docs(seed, 100):
        ev = _events(doc)
        for q in doc["questions"]:
            assert q["evidence"], q["id"]
            for ref in q["evidence"]:
                text = ev[ref["eventId"]]["text"]
                assert ev[ref["eventId"]]["seq"] == ref["seq"]
                assert ref["mustContain"] and all(f in text for f in ref["mustContain"])
            for t in q["forbidden"]:
                assert t not in q["expectedAnswer"]
        for s in doc["expectations"]["storage"]:
            if s.get("kind") == "number" and s["unit"]:
                # "120 ms", "5%", "800 毫秒", "300 seconds": the number is followed by its unit as typed.
                text = ev[s["eventId"]]["text"]
                assert re.search(re.escape(s["valueContains"]) + r" ?" + re.escape(s["unit"]), text), text


def test_queries_share_a_term_with_their_evidence():
    # Paraphrase, not riddles: retrieval needs at least one shared word (or CJK bigram).
    for seed in SEEDS[:10]:
        for doc in _docs(seed):
            ev = _events(doc)
            for q in doc["questions"]:
                text = ev[q["evidence"][0]["eventId"]]["text"].lower()
                query = q["query"].lower()
                words = {w for w in WORD.findall(query) if len(w) > 3}
                bigrams = {run[i : i + 2] for run in CJK_RUN.findall(query) for i in range(len(run) - 1)}
                assert any(w in text for w in words) or any(b in text for b in bigrams), q["id"]


def test_filler_user_turns_never_read_as_rules_or_task_state():
    for seed in SEEDS[:5]:
        doc = longhaul.build(500, seed)
        planted = {r["eventId"] for q in doc["questions"] for r in q["evidence"] + q["distractors"]}
        planted |= {s["eventId"] for s in doc["expectations"]["storage"]}
        for ev in _events(doc).values():
            if ev["kind"] == "user_message" and ev["eventId"] not in planted:
                if ev["text"].startswith(("Let's park", "OK, that's sorted")):
                    continue
                assert not RULE_WORDS.search(ev["text"]), ev["text"]
                assert not any(b["term"] in ev["text"] for b in BANS), ev["text"]


def test_filler_is_varied():
    doc = longhaul.build(1000, "variety")
    texts = [ev["text"] for ev in _events(doc).values() if ev["kind"] in ("user_message", "assistant_message")]
    assert len(set(texts)) > 0.4 * len(texts)
    assert not any("lorem" in t.lower() for t in texts)
