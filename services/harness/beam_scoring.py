"""Scoring one BEAM question from what a baseline retrieved, injected and answered (pure functions).

- evidenceRecallAtK: |cited messages ∩ source turns of the Retrieve top-k| / |cited messages|
  (questions without cited messages, abstention and two summaries, have none);
- assemblyCoverage: |cited messages quoted by some line of the injected message| / |cited|, a line
  quoting every turn its label names (labels.py);
- rubricMet / rubricInContext: the fraction of the question's rubric items found, by a normalised
  match, in the deterministic answer / in the injected message. An item is the text after "LLM
  response should state|mention|contain:"; both sides are NFKC-normalised, case-folded, stripped
  of punctuation and thousands separators, and the item must appear as whole words. BEAM's own
  scorer (src/evaluation/compute_metrics.py) asks an LLM judge instead, item by item.
- supersede (knowledge_update, contradiction_resolution): whether the message carries the
  current value and not a retired one, by the cited messages. Knowledge update: current =
  updated_info, retired = original_info (less any message in both); contradiction: the later
  statement is current, the earlier one retired. The outcome says which of the two the message
  quotes on a line not marked superseded or history (currentOnly is what a supersede should
  give); valueCarried (knowledge update) says whether every rubric item is on such a line;
  retiredFlagged counts a retired message quoted as superseded or history, and bothQuoted both
  quoted anywhere (what BEAM's ideal contradiction answer needs: it names both statements).
"""

import re
import unicodedata

from services.harness import labels
from services.harness.metrics import tokens_of
from services.harness.records import AskRecord

RECALL_DEPTHS = (5, 10)
RETRIEVE_LIMIT = max(RECALL_DEPTHS)
SUPERSEDE_ABILITIES = ("knowledge_update", "contradiction_resolution")
OUTCOMES = ("currentOnly", "currentAndRetired", "retiredOnly", "neither", "undetermined")
_PREFIX = re.compile(r"^\s*(?:the\s+)?(?:llm\s+)?response\s+should\s+(?:state|mention|contain|include)\s*:\s*", re.IGNORECASE)
_QUOTES = str.maketrans({"\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"', "\u2013": "-", "\u2014": "-"})
_THOUSANDS = re.compile(r"(?<=\d),(?=\d{3}(?!\d))")
_APOSTROPHE = re.compile(r"(?<=\w)'(?=\w)")
_PUNCTUATION = re.compile(r"[^\w$%£€.]+|(?<!\d)\.|\.(?!\d)")


def rubric_text(item: str) -> str:
    """What a rubric item asks to find: the text after its 'LLM response should ...:' prefix."""
    return _PREFIX.sub("", item).strip()


def normalise(text: str) -> str:
    """NFKC, case-folded, '4,700' -> '4700', "I've" -> 'ive', other punctuation (but decimal points) -> space."""
    text = unicodedata.normalize("NFKC", text or "").translate(_QUOTES).casefold()
    text = _APOSTROPHE.sub("", _THOUSANDS.sub("", text))
    return " ".join(_PUNCTUATION.sub(" ", text).split())


def found(item: str, text: str) -> bool:
    """The rubric item's text appears in text as whole words, after normalisation."""
    needle = normalise(rubric_text(item))
    return bool(needle) and f" {needle} " in f" {normalise(text)} "


def rubric_fraction(rubric: list[str], text: str) -> float | None:
    if not rubric:
        return None
    return sum(found(item, text) for item in rubric) / len(rubric)


def recall(question: dict, ask: AskRecord, depth: int) -> float | None:
    expected = {ref["eventId"] for ref in question["evidence"]}
    if not expected or ask.retrieved is None:
        return None
    top = {event for item in ask.retrieved[:depth] for event in item.source_event_ids}
    return len(expected & top) / len(expected)


def coverage(question: dict, message: str) -> float | None:
    expected = {int(ref["seq"]) for ref in question["evidence"]}
    if not expected:
        return None
    return len(expected & labels.quoted_seqs(message)) / len(expected)


def _current_and_retired(question: dict) -> tuple[set[int], set[int]]:
    groups = {name: set(seqs) for name, seqs in (question.get("sourceGroups") or {}).items()}
    if question.get("ability") == "knowledge_update":
        new = groups.get("updated_info", set())
        return new, groups.get("original_info", set()) - new
    first, second = groups.get("first_statement", set()), groups.get("second_statement", set())
    if not first or not second:
        return set(), set()
    later, earlier = (second, first) if max(second) >= max(first) else (first, second)
    return later, earlier - later


def supersede(question: dict, message: str) -> dict | None:
    """The supersede outcome of a knowledge-update or contradiction question; None for other abilities."""
    if question.get("ability") not in SUPERSEDE_ABILITIES:
        return None
    value = None
    if question["ability"] == "knowledge_update" and question.get("rubric"):
        value = all(found(item, labels.current_text(message)) for item in question["rubric"])
    new, old = _current_and_retired(question)
    if not new or not old:  # one message cited as both, or a group missing: nothing to tell apart
        return {"outcome": "undetermined", "valueCarried": value, "retiredFlagged": False, "bothQuoted": False}
    current = labels.current_seqs(message)
    carried, retired = bool(new & current), bool(old & current)
    outcome = ("currentAndRetired" if retired else "currentOnly") if carried else ("retiredOnly" if retired else "neither")
    quoted = labels.quoted_seqs(message)
    return {
        "outcome": outcome,
        "valueCarried": value,
        "retiredFlagged": bool(old & labels.retired_seqs(message)),
        "bothQuoted": bool(new & quoted and old & quoted),
    }


def score(question: dict, ask: AskRecord) -> dict:
    """Every per-question number of one baseline, as the report's questions[].results hold them."""
    rubric = question.get("rubric") or []
    return {
        **{f"evidenceRecallAt{k}": _round(recall(question, ask, k)) for k in RECALL_DEPTHS},
        "assemblyCoverage": _round(coverage(question, ask.message)),
        "rubricMet": _round(rubric_fraction(rubric, ask.answer)),
        "rubricInContext": _round(rubric_fraction(rubric, ask.message)),
        "rubricItems": len(rubric),
        "extraTokensEstimate": tokens_of(ask.message),
        "latencyMs": round(ask.assemble_ms, 3) if ask.assemble_ms is not None else None,
        "supersede": supersede(question, ask.message),
        "answer": ask.answer,
    }


def _round(value: float | None) -> float | None:
    return None if value is None else round(value, 4)
