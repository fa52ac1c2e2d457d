"""Hard invariants, checked on what the replay saw through the proto (never a database file).

Each check returns the violations of one scenario run. Storage-dependent checks run only
for baselines that report has_storage; the others run for every baseline.

Labelling rule (injected_content_evidence_labelled): the first non-empty line of a
non-empty message is a header that mentions "evidence" and says "not instructions"; every
later non-empty line is either a section heading (starts with '#' or ends with ':') or
carries a `[seq N` label.
"""

import json
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

from services.harness.metrics import EXTRACTED_KINDS, contains, normalize, storage_met, value_matches
from services.harness.records import ItemView, ScenarioRun

MAX_DETAILS = 5

_HEADER_EVIDENCE = re.compile(r"evidence|证据", re.IGNORECASE)
_HEADER_NOT_INSTRUCTIONS = re.compile(r"not (?:as |an? )?instructions?|不是指令|非指令", re.IGNORECASE)
_SEQ_LABEL = re.compile(r"\[seq \d+")
_LABEL = re.compile(r"\[seq \d+[^\]\n]*\]")
_PLACEHOLDER = r"(?!(?i:user|username|redacted|name|me)[/\\])"
_LEAKS = (
    ("personal path", re.compile(rf"/home/{_PLACEHOLDER}[A-Za-z0-9._-]+/")),
    ("personal path", re.compile(rf"/Users/{_PLACEHOLDER}[A-Za-z0-9._-]+/")),
    ("personal path", re.compile(rf"[A-Za-z]:\\Users\\{_PLACEHOLDER}[A-Za-z0-9._-]+\\")),
    ("credential", re.compile(r"\bsk-[A-Za-z0-9_-]{16,}")),
    ("credential", re.compile(r"\bghp_[A-Za-z0-9]{20,}")),
    ("credential", re.compile(r"\bAKIA[0-9A-Z]{16}\b")),
    ("credential", re.compile(r"\bBearer\s+[A-Za-z0-9._~+/=-]{12,}")),
)


def _non_evidence(items: list[ItemView]) -> list[ItemView]:
    return [item for item in items if item.kind != "evidence"]


def _expectations(run: ScenarioRun, type_: str) -> list[dict]:
    return [e for e in (run.scenario.get("expectations") or {}).get("storage") or [] if e.get("type") == type_]


def superseded_not_active(run: ScenarioRun) -> list[str]:
    problems = []
    for exp in _expectations(run, "superseded"):
        items = run.items.get(exp["session"], [])
        if not storage_met(exp, items):
            problems.append(f"{exp['id']}: {exp.get('valueContains')!r} from {exp['eventId']} not superseded by an active successor")
        successors = [
            i
            for i in _non_evidence(items)
            if i.status == "active"
            and exp.get("successorEventId") in i.source_event_ids
            and value_matches(i, exp.get("successorValueContains", ""))
        ]
        for successor in successors:
            rivals = [i for i in _non_evidence(items) if i.status == "active" and i.kind == successor.kind and i.key == successor.key]
            if len(rivals) > 1:
                problems.append(f"{exp['id']}: {len(rivals)} active items for key {successor.key!r}")
    return problems


def evidence_survives_restart_compaction(run: ScenarioRun) -> list[str]:
    problems = [
        f"{where}: {question} lost {sorted(f'{how} {ref}' for how, ref in before - after)}"
        for where, question, before, after in run.survival
        if before - after
    ]
    problems += [
        f"{session} after {where}: {count} events, {acked} acknowledged ({_count_cause(count, acked)})"
        for session, where, count, acked, _, _ in run.resumes
        if count != acked
    ]
    return problems


def _count_cause(count: int, acked: int) -> str:
    """The likely reason a resumed session's event count differs from what this run acknowledged."""
    if count > acked:
        return "the service holds events this run never sent under these names: duplicates stored twice, or another writer on the same session ids"
    return "acknowledged events were lost across the restart"


def _injects(message: str, term: str) -> bool:
    """Whether a message carries a term, outside its `[seq N, role]` labels and not as part of a longer
    number: "17" is not injected by "[seq 117, user]" nor by "2017"."""
    text = normalize(_LABEL.sub(" ", message))
    needle = normalize(term)
    pattern = (r"(?<!\d)" if needle[:1].isdigit() else "") + re.escape(needle) + (r"(?!\d)" if needle[-1:].isdigit() else "")
    return bool(needle) and re.search(pattern, text) is not None


def cross_session_isolation(run: ScenarioRun) -> list[str]:
    sessions = run.session_ids
    if len(sessions) < 2:
        return []
    events: dict[str, set[str]] = {s: set() for s in sessions}
    said: dict[str, list[str]] = {s: [] for s in sessions}
    for step in run.scenario["steps"]:
        if step["op"] == "append":
            events.setdefault(step["session"], set()).update(e["eventId"] for e in step["events"])
            said.setdefault(step["session"], []).extend(e.get("text", "") for e in step["events"])
    items = {s: {i.item_id for i in run.items.get(s, [])} for s in sessions}
    # Each isolation question forbids its own terms: the other session's value of what it asks about. A
    # forbidden term the session itself says is a near-miss or superseded value of its own (docs/fixtures.md):
    # quoting it is no leak, and the answer's check covers it.
    forbidden: dict[str, list[str]] = {}
    for question in run.scenario.get("questions", []):
        if question.get("kind") == "isolation":
            own = said.get(question["session"], [])
            forbidden[question["id"]] = [term for term in question.get("forbidden") or [] if not any(contains(text, term) for text in own)]
    problems = []
    for session in sessions:
        other_events = set().union(*(events[o] for o in sessions if o != session))
        other_items = set().union(*(items[o] for o in sessions if o != session))
        for seen in run.observations:
            if seen.session_id != session:
                continue
            if leaked := (set(seen.source_event_ids) & other_events) | (set(seen.item_ids) & other_items):
                problems.append(f"{session} {seen.question_id}: got {sorted(leaked)[:3]} of another session")
            for term in forbidden.get(seen.question_id, []):
                if _injects(seen.message, term):
                    problems.append(f"{session} {seen.question_id}: injected {term!r} of another session")
        for item in run.items.get(session, []):
            if leaked := (set(item.source_event_ids) & other_events):
                problems.append(f"{session}: ListItems has {item.item_id} from {sorted(leaked)[:3]}")
    return problems


def pollution_not_extracted(run: ScenarioRun) -> list[str]:
    problems = [
        f"{exp['id']}: {exp['eventId']} was extracted"
        for exp in _expectations(run, "not_extracted")
        if not storage_met(exp, run.items.get(exp["session"], []))
    ]
    for session, items in run.items.items():
        problems += [
            f"{session}: {item.kind} {item.item_id} comes from a tool result"
            for item in items
            if item.kind in EXTRACTED_KINDS and item.source_kind == "tool_result"
        ]
    return problems


def retry_no_duplicate(run: ScenarioRun) -> list[str]:
    problems = [
        f"{session} retry of {batch}: accepted={accepted} duplicates={duplicates} of {size}"
        for session, batch, accepted, duplicates, size in run.retries
        if accepted != 0 or duplicates != size
    ]
    for session, items in run.items.items():
        quotes = Counter((i.source_event_ids, normalize(i.value)) for i in items if i.kind == "evidence")
        problems += [f"{session}: evidence of {ids[:2]} stored {n} times" for (ids, _), n in quotes.items() if n > 1]
    return problems


def no_duplicate_active_content(run: ScenarioRun) -> list[str]:
    problems = []
    for session, items in run.items.items():
        active = [i for i in _non_evidence(items) if i.status == "active"]
        # A rule or task entry is its text: the same text twice is duplicated content. A fact or a
        # number is a key and a value: two keys may rightly share a value (two services on port 8080).
        keys = Counter((i.kind, i.key) for i in active if i.key)
        texts = Counter((i.kind, normalize(i.value)) for i in active if i.kind in ("rule", "task") and i.value.strip())
        problems += [f"{session}: {n} active {kind} items with key {key!r}" for (kind, key), n in keys.items() if n > 1]
        problems += [f"{session}: {n} active {kind} items with value {value[:40]!r}" for (kind, value), n in texts.items() if n > 1]
    return problems


def restart_idempotent_event_count(run: ScenarioRun) -> list[str]:
    return [
        f"{session} after {where}: event_count={count} (acknowledged {acked}), last_seq={last} (acknowledged {acked_last});"
        f" {_count_cause(count, acked) if count != acked else 'the last seq moved'}"
        for session, where, count, acked, last, acked_last in run.resumes
        if count != acked or last != acked_last
    ]


def checkpoint_advanced(run: ScenarioRun) -> list[str]:
    problems, latest = [], {}
    for session, where, checkpoint, required in run.checkpoints:
        if checkpoint < required:
            problems.append(f"{session} {where}: checkpoint {checkpoint} < {required}")
        if checkpoint < latest.get(session, 0):
            problems.append(f"{session} {where}: checkpoint went back from {latest[session]} to {checkpoint}")
        latest[session] = max(latest.get(session, 0), checkpoint)
    return problems


def no_pipeline_errors(run: ScenarioRun) -> list[str]:
    return list(run.errors)


def label_problem(message: str) -> str | None:
    """Why a non-empty injected message breaks the labelling rule, or None."""
    lines = [line.strip() for line in message.splitlines() if line.strip()]
    if not lines:
        return None
    if not (_HEADER_EVIDENCE.search(lines[0]) and _HEADER_NOT_INSTRUCTIONS.search(lines[0])):
        return f"header {lines[0][:60]!r} does not say quoted evidence, not instructions"
    for line in lines[1:]:
        if line.startswith("#") or line.endswith((":", "：")):
            continue
        if not _SEQ_LABEL.search(line):
            return f"unlabelled line {line[:60]!r}"
    return None


def injected_content_evidence_labelled(run: ScenarioRun) -> list[str]:
    return sorted({problem for message in run.messages if (problem := label_problem(message))})


def leak_problems(export_json: str, secrets: list[str]) -> list[str]:
    """Secrets, personal paths or credentials found in an export; invalid JSON is a problem too."""
    try:
        document = json.loads(export_json)
    except json.JSONDecodeError as exc:
        return [f"export is not JSON ({exc.msg})"]
    strings: set[str] = set()
    stack = [document]
    while stack:
        value = stack.pop()
        if isinstance(value, dict):
            strings.update(value.keys())
            stack.extend(value.values())
        elif isinstance(value, list):
            stack.extend(value)
        elif isinstance(value, str):
            strings.add(value)
    # Each pattern and secret searched once over every distinct string, joined by NUL: no pattern
    # or secret matches a NUL, so no match can span two strings, and each string's matches remain.
    text = "\0".join(strings)
    problems = {f"secret #{n + 1} present" for n, secret in enumerate(secrets) if secret and secret in text}
    problems.update(what for what, pattern in _LEAKS if pattern.search(text))
    return sorted(problems)


def export_scrubbed(run: ScenarioRun) -> list[str]:
    secrets = list(run.scenario.get("secrets") or [])
    problems = [f"{session}: no export" for session in run.session_ids if session not in run.exports]
    for session, export in run.exports.items():
        problems += [f"{session}: {problem}" for problem in leak_problems(export, secrets)]
    return problems


@dataclass(frozen=True)
class Invariant:
    id: str
    needs_storage: bool
    check: Callable[[ScenarioRun], list[str]]


INVARIANTS = (
    Invariant("superseded_not_active", True, superseded_not_active),
    Invariant("evidence_survives_restart_compaction", True, evidence_survives_restart_compaction),
    Invariant("cross_session_isolation", False, cross_session_isolation),
    Invariant("pollution_not_extracted", True, pollution_not_extracted),
    Invariant("retry_no_duplicate", False, retry_no_duplicate),
    Invariant("no_duplicate_active_content", True, no_duplicate_active_content),
    Invariant("restart_idempotent_event_count", True, restart_idempotent_event_count),
    Invariant("checkpoint_advanced", False, checkpoint_advanced),
    Invariant("no_pipeline_errors", False, no_pipeline_errors),
    Invariant("injected_content_evidence_labelled", False, injected_content_evidence_labelled),
    Invariant("export_scrubbed", True, export_scrubbed),
)


def check_run(run: ScenarioRun) -> dict[str, list[str] | None]:
    """Violations per invariant id for one run; None where the invariant does not apply."""
    return {inv.id: (inv.check(run) if run.has_storage or not inv.needs_storage else None) for inv in INVARIANTS}


def summarize(checked: list[tuple[ScenarioRun, dict[str, list[str] | None]]]) -> list[dict]:
    """The report's hardInvariants: one entry per invariant over every baseline and scenario."""
    summary = []
    for inv in INVARIANTS:
        evaluated = sorted({run.baseline for run, result in checked if result[inv.id] is not None})
        failures = [f"{run.baseline}: {run.scenario_id}: {problem}" for run, result in checked for problem in result[inv.id] or []]
        on = f"evaluated on {', '.join(evaluated)}" if evaluated else "not applicable to the selected baselines"
        if failures:
            more = f" (+{len(failures) - MAX_DETAILS} more)" if len(failures) > MAX_DETAILS else ""
            detail = f"{on}; {len(failures)} failure(s): " + "; ".join(failures[:MAX_DETAILS]) + more
        else:
            detail = f"{on}; no violation"
        summary.append({"id": inv.id, "status": "fail" if failures else "pass", "detail": detail})
    return summary
