"""The protocol's metrics as pure functions over replay records.

Relevance, as the harness defines it (the fixtures' answer key, never the plugin's output):
- the relevant items of a question are its evidence refs (event ids);
- a retrieved item is relevant when one of its source_event_ids is an expected ref, so
  retrievalRecall = mean over questions with evidence of
  |expected ∩ union(source_event_ids of the Retrieve top-10)| / |expected|, and
  retrievalRank1 = fraction of those questions whose first item is relevant;
  both are null for a baseline without retrieval;
- a ref is present in the injected message when every one of its mustContain fragments
  appears in it (case-insensitive, whitespace collapsed; a ref without fragments needs its
  `[seq N` label); assemblyCoverage = mean over questions with evidence of
  |present refs| / |refs|, for every baseline.
- extraTokensEstimate: mean estimate_tokens(injected message) per question (an estimate,
  not a tokenizer count); latencyMs: p50/p95 (linear interpolation), mean and total over
  every MemoryService RPC of the baseline, timed at the client (answerer calls excluded:
  they cost every baseline the same).
- ruleCoverage: fraction of questions with a governingRule whose rule text is in the
  answer context; storage expectations match valueContains against an item's value or,
  for numbers, its value followed by its unit, and an `active` one counts only extracted
  items (rule, fact or number): a stored quote or a task entry holding the value is not
  storage of it; storageCorrectness, taskStateAccuracy, guardPassRate: fractions of the
  fixture's expectations met, null for baselines without storage; llmAnswerAccuracy:
  fraction of answers judged correct against the expected answer, only with the llm answerer
  (the judge's rule: services/harness/judge.py, written into the report).

A question asked several times (after each compaction) is scored at its last ask; the
earlier asks feed the evidence-survival invariant. null always means "not applicable".
"""

import functools
import math
import re
from dataclasses import dataclass

from services.common.tokens import estimate_tokens
from services.harness.judge import judge
from services.harness.records import AskRecord, ItemView, ScenarioRun

METRIC_ORDER = (
    "storageCorrectness",
    "retrievalRecall",
    "retrievalRank1",
    "assemblyCoverage",
    "extraTokensEstimate",
    "latencyMs",
    "ruleCoverage",
    "taskStateAccuracy",
    "guardPassRate",
    "llmAnswerAccuracy",
)
# The same message is scored per question, per scenario, per size and overall: estimate it once.
tokens_of = functools.lru_cache(maxsize=8192)(estimate_tokens)
# What an `active` storage assertion can be met by: the kinds a planted rule, fact or number is extracted as.
ASSERTABLE_KINDS = frozenset({"rule", "fact", "number"})
# Everything derived from an event rather than quoted from it (what `not_extracted` forbids).
EXTRACTED_KINDS = ASSERTABLE_KINDS | {"task"}
TASK_FIELDS = {
    "goal": "goal",
    "progress": "progress",
    "blockers": "blockers",
    "blocker": "blockers",
    "open_items": "open_items",
    "openItems": "open_items",
    "open": "open_items",
}


@dataclass(frozen=True)
class Score:
    """A metric value; hits/total are set when the value is a fraction of counts."""

    value: float | None
    hits: int | None = None
    total: int | None = None


@dataclass(frozen=True)
class Latency:
    p50: float
    p95: float
    mean: float
    total_ms: float

    def as_json(self) -> dict:
        return {"p50": round(self.p50, 3), "p95": round(self.p95, 3), "mean": round(self.mean, 3), "totalMs": round(self.total_ms, 3)}


# --- text matching -------------------------------------------------------------------
def normalize(text: str) -> str:
    return re.sub(r"\s+", " ", text or "").strip().casefold()


def contains(haystack: str, needle: str) -> bool:
    return normalize(needle) in normalize(haystack)


def value_matches(item: ItemView, fragment: str) -> bool:
    """valueContains against the item's value, or its value written with its unit the ways people
    type it: "40 connections", "25%", "£150" (numbers store "40" + "connections")."""
    if contains(item.value, fragment):
        return True
    if not item.unit:
        return False
    spellings = (f"{item.value} {item.unit}", f"{item.value}{item.unit}", f"{item.unit}{item.value}", f"{item.unit} {item.value}")
    return any(contains(spelling, fragment) for spelling in spellings)


def covered_refs(question: dict, message: str) -> set[str]:
    """Evidence refs of the question whose fragments all appear in the message."""
    found = set()
    for ref in question.get("evidence") or []:
        fragments = ref.get("mustContain") or []
        if fragments:
            if all(contains(message, fragment) for fragment in fragments):
                found.add(ref["eventId"])
        elif re.search(rf"\[seq {int(ref['seq'])}\b", message or ""):
            found.add(ref["eventId"])
    return found


def retrieved_refs(question: dict, retrieved: list[ItemView]) -> set[str]:
    expected = {ref["eventId"] for ref in question.get("evidence") or []}
    return expected & {event for item in retrieved for event in item.source_event_ids}


# --- per question ----------------------------------------------------------------------
def question_recall(question: dict, retrieved: list[ItemView] | None) -> float | None:
    expected = question.get("evidence") or []
    if retrieved is None or not expected:
        return None
    return len(retrieved_refs(question, retrieved)) / len({ref["eventId"] for ref in expected})


def question_rank1(question: dict, retrieved: list[ItemView] | None) -> float | None:
    if retrieved is None or not question.get("evidence"):
        return None
    return 1.0 if retrieved and retrieved_refs(question, retrieved[:1]) else 0.0


def question_coverage(question: dict, message: str) -> float | None:
    refs = {ref["eventId"] for ref in question.get("evidence") or []}
    if not refs:
        return None
    return len(covered_refs(question, message)) / len(refs)


# --- aggregation helpers -------------------------------------------------------------
def fraction(hits: int, total: int) -> Score:
    return Score(hits / total if total else None, hits, total)


def mean(values: list[float | None]) -> Score:
    present = [v for v in values if v is not None]
    return Score(sum(present) / len(present) if present else None)


def percentile(values: list[float], q: float) -> float:
    """Linear interpolation between closest ranks (q in 0..100)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    position = (len(ordered) - 1) * q / 100
    low, high = math.floor(position), math.ceil(position)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


def latency(values: list[float]) -> Latency | None:
    if not values:
        return None
    return Latency(percentile(values, 50), percentile(values, 95), sum(values) / len(values), sum(values))


# --- expectations ------------------------------------------------------------------------
def storage_met(expectation: dict, items: list[ItemView]) -> bool:
    """One storage assertion of docs/fixtures.md against a session's items."""
    event = expectation["eventId"]
    kind = expectation.get("type")
    if kind == "active":
        return any(_active_match(expectation, item) for item in items)
    if kind == "superseded":
        by_id = {item.item_id: item for item in items}
        old = [
            i
            for i in items
            if i.kind != "evidence" and event in i.source_event_ids and value_matches(i, expectation.get("valueContains", ""))
        ]
        return bool(old) and all(_superseded_properly(expectation, item, by_id) for item in old)
    if kind == "not_extracted":
        return not any(item.kind in EXTRACTED_KINDS and event in item.source_event_ids for item in items)
    return False


def _active_match(expectation: dict, item: ItemView) -> bool:
    # An evidence item quotes its event, so it holds the value whether or not anything was
    # extracted; a task entry is task state, which taskStateAccuracy scores on its own.
    if item.kind not in ASSERTABLE_KINDS or item.status != "active" or expectation["eventId"] not in item.source_event_ids:
        return False
    if not value_matches(item, expectation.get("valueContains", "")):
        return False
    if expectation.get("kind") == "number":
        return (
            item.kind == "number"
            and normalize(item.unit) == normalize(expectation.get("unit", ""))
            and contains(item.condition, expectation.get("conditionContains", ""))
        )
    return True


def _superseded_properly(expectation: dict, item: ItemView, by_id: dict[str, ItemView]) -> bool:
    """Superseded, and its chain of successors passes the expected successor and ends active."""
    if item.status != "superseded":
        return False
    seen_successor, current, hops = False, item, 0
    while current.status == "superseded" and hops < 100:
        current = by_id.get(current.superseded_by)
        if current is None:
            return False
        hops += 1
        seen_successor |= expectation.get("successorEventId", "") in current.source_event_ids and value_matches(
            current, expectation.get("successorValueContains", "")
        )
    return current.status == "active" and seen_successor


def task_met(expectation: dict, state: dict[str, list[str]] | None) -> bool:
    if state is None:
        return False
    entries = state.get(TASK_FIELDS.get(expectation.get("field", ""), ""), [])
    needle = expectation.get("contains", "")
    matching = [entry for entry in entries if contains(entry, needle)]
    return not matching if expectation.get("absent") else bool(matching)


def validation_met(expectation: dict, ask: AskRecord | None) -> bool:
    if ask is None:
        return False
    terms = expectation.get("terms") or []
    if expectation.get("type") == "required":
        return all(contains(ask.message, term) for term in terms)
    if expectation.get("type") == "forbidden":
        return not any(contains(ask.answer, term) for term in terms)
    return False


def rule_reached(question: dict, scenario: dict, context: str) -> bool:
    rules = {
        rule["id"]: rule["text"]
        for session in scenario.get("sessions", [])
        if session["sessionId"] == question["session"]
        for rule in session.get("skill", {}).get("rules", [])
    }
    text = rules.get(question["governingRule"])
    return bool(text) and contains(context, text)


def answer_correct(question: dict, answer: str) -> bool:
    return bool(question.get("expectedAnswer")) and judge(answer, question["expectedAnswer"])


# --- the ten metrics for one baseline over some scenario runs ------------------------------------
def asked(runs: list[ScenarioRun]) -> list[tuple[ScenarioRun, dict, AskRecord]]:
    questions = []
    for run in runs:
        for question in run.scenario.get("questions", []):
            ask = run.asks.get(question["id"])
            if ask is not None:
                questions.append((run, question, ask))
    return questions


def baseline_metrics(runs: list[ScenarioRun], *, llm: bool) -> dict[str, Score | Latency | None]:
    """The ten metrics for one baseline; None where the metric does not apply to it."""
    if not runs:
        return dict.fromkeys(METRIC_ORDER)
    storage = all(run.has_storage for run in runs)
    retrieval = all(run.has_retrieval for run in runs)
    questions = asked(runs)
    with_evidence = [(r, q, a) for r, q, a in questions if q.get("evidence")]
    ruled = [(r, q, a) for r, q, a in questions if q.get("governingRule")]
    metrics: dict[str, Score | Latency | None] = {
        "storageCorrectness": None,
        "retrievalRecall": None,
        "retrievalRank1": None,
        "assemblyCoverage": mean([question_coverage(q, a.message) for _, q, a in with_evidence]),
        "extraTokensEstimate": mean([float(tokens_of(a.message)) for _, _, a in questions]),
        "latencyMs": latency([ms for run in runs for ms in run.latencies_ms]),
        "ruleCoverage": fraction(sum(rule_reached(q, r.scenario, a.context) for r, q, a in ruled), len(ruled)),
        "taskStateAccuracy": None,
        "guardPassRate": None,
        "llmAnswerAccuracy": None,
    }
    if retrieval:
        metrics["retrievalRecall"] = mean([question_recall(q, a.retrieved or []) for _, q, a in with_evidence])
        ranks = [question_rank1(q, a.retrieved or []) for _, q, a in with_evidence]
        metrics["retrievalRank1"] = fraction(int(sum(ranks)), len(ranks))
    if storage:
        checks = [storage_met(e, run.items.get(e["session"], [])) for run in runs for e in _expect(run, "storage")]
        metrics["storageCorrectness"] = fraction(sum(checks), len(checks))
        tasks = [task_met(e, run.task_states.get(e["session"])) for run in runs for e in _expect(run, "taskState")]
        metrics["taskStateAccuracy"] = fraction(sum(tasks), len(tasks))
        guards = [validation_met(e, run.asks.get(e.get("question", ""))) for run in runs for e in _expect(run, "validation")]
        metrics["guardPassRate"] = fraction(sum(guards), len(guards))
    if llm:
        judged = [answer_correct(q, a.answer) for _, q, a in questions if q.get("expectedAnswer")]
        metrics["llmAnswerAccuracy"] = fraction(sum(judged), len(judged))
    return metrics


def _expect(run: ScenarioRun, name: str) -> list[dict]:
    return list((run.scenario.get("expectations") or {}).get(name) or [])


def question_results(run: ScenarioRun, question: dict, ask: AskRecord) -> dict:
    """The per-question entry of the report for one baseline."""
    retrieved = (ask.retrieved or []) if run.has_retrieval else None
    return {
        "retrievalRecall": question_recall(question, retrieved),
        "retrievalRank1": question_rank1(question, retrieved),
        "assemblyCoverage": question_coverage(question, ask.message),
        "extraTokensEstimate": tokens_of(ask.message),
        "latencyMs": round(ask.assemble_ms, 3) if ask.assemble_ms is not None else None,
        "answer": ask.answer,
    }
