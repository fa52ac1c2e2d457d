"""LoCoMo evidence recall in two views and at two levels, from the same asks.

Views: `published` scores a question against LoCoMo's own evidence ids, `corrected` against the
corrections file's (the published ones where it names no correction). A question whose evidence in
a view names no turn is left out of that view.

Levels: at the *turn* level an evidence turn is found when it is itself among the source turns of
the top-k retrieved items (what the harness always measured); at the *session* level when any turn
of its LoCoMo session is (what systems evaluated on LoCoMo often publish as session recall; k items
span at most k sessions). turnCoverage is assemblyCoverage (the turn quoted by its `[seq N` label
in the injected message); sessionCoverage counts an evidence turn's session as covered when the
injected message quotes any turn of that session (labels.py).
"""

from dataclasses import dataclass

from services.harness.labels import quoted_seqs
from services.harness.metrics import Score, mean, question_coverage
from services.harness.records import AskRecord, ScenarioRun

VIEWS = ("published", "corrected")
DEPTHS = (5, 10)
LEVEL_METRICS = (
    *(f"turnRecallAt{k}" for k in DEPTHS),
    *(f"sessionRecallAt{k}" for k in DEPTHS),
    "turnCoverage",
    "sessionCoverage",
)


@dataclass(frozen=True)
class Asked:
    run: ScenarioRun
    question: dict
    ask: AskRecord


@dataclass(frozen=True)
class Sessions:
    """The LoCoMo session of every turn of one conversation, by event id and by seq."""

    by_event: dict[str, str]
    by_seq: dict[int, str]


def sessions_of(scenario: dict) -> Sessions:
    by_event: dict[str, str] = {}
    by_seq: dict[int, str] = {}
    for step in scenario["steps"]:
        for event in step.get("events") or []:
            session = (event.get("attributes") or {}).get("session")
            if session is not None and event["kind"] != "compaction":
                by_event[event["eventId"]] = session
                by_seq[int(event["seq"])] = session
    return Sessions(by_event, by_seq)


def view_evidence(question: dict, view: str) -> list[dict]:
    """The question's evidence refs in a view."""
    if view == "corrected":
        return question.get("correctedEvidence", question["evidence"])
    return question["evidence"]


def in_view(entries: list[Asked], view: str) -> list[Asked]:
    """The entries whose evidence in the view names a turn, each with that evidence as its question's."""
    return [
        Asked(entry.run, {**entry.question, "evidence": refs}, entry.ask)
        for entry in entries
        if (refs := view_evidence(entry.question, view))
    ]


def question_levels(entry: Asked, sessions: Sessions) -> dict[str, float | None]:
    """One question's turn- and session-level numbers (its question holds the view's evidence)."""
    expected = [ref["eventId"] for ref in entry.question["evidence"]]
    wanted = {sessions.by_event[e] for e in expected if e in sessions.by_event}
    scores: dict[str, float | None] = dict.fromkeys(LEVEL_METRICS)
    if entry.run.has_retrieval:
        retrieved = entry.ask.retrieved or []
        for k in DEPTHS:
            turns = {e for item in retrieved[:k] for e in item.source_event_ids}
            scores[f"turnRecallAt{k}"] = len(set(expected) & turns) / len(set(expected))
            found = {sessions.by_event[e] for e in turns if e in sessions.by_event}
            scores[f"sessionRecallAt{k}"] = len(wanted & found) / len(wanted) if wanted else None
    scores["turnCoverage"] = question_coverage(entry.question, entry.ask.message)
    quoted = {sessions.by_seq[seq] for seq in quoted_seqs(entry.ask.message) if seq in sessions.by_seq}
    scores["sessionCoverage"] = len(wanted & quoted) / len(wanted) if wanted else None
    return scores


def level_metrics(entries: list[Asked]) -> dict[str, Score | None]:
    """The level metrics over entries already in one view; None where no entry has the number (no retrieval)."""
    cache: dict[str, Sessions] = {}
    rows = []
    for entry in entries:
        key = entry.run.scenario_id
        if key not in cache:
            cache[key] = sessions_of(entry.run.scenario)
        rows.append(question_levels(entry, cache[key]))
    metrics: dict[str, Score | None] = {}
    for metric in LEVEL_METRICS:
        value = mean([row[metric] for row in rows])
        metrics[metric] = None if value.value is None else value
    return metrics
