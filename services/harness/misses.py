"""What a report keeps of each question beyond its scores: the answer key, and for a miss the evidence
left out and, bounded, the message that was injected.

A baseline *missed* a question when its injected message lacks some of the question's expected
evidence (assemblyCoverage < 1): the host's model could not have read the answer there. The
message of a miss is what a researcher opens to see why, but a LoCoMo run has thousands of misses,
so each baseline keeps it for MESSAGES_KEPT misses taken in turn from each group (scenario, or LoCoMo
category), the ones its HTML page shows, and drops it, with `messageOmitted`, for the rest.
"""

from collections import defaultdict

from services.harness.metrics import covered_refs

MESSAGES_KEPT = 30


def expected(question: dict) -> dict:
    """The answer key as the report shows it: the expected answer and evidence refs."""
    return {
        "answer": question.get("expectedAnswer") or None,
        "evidence": [
            {"eventId": ref["eventId"], "seq": ref.get("seq"), "mustContain": list(ref.get("mustContain") or [])}
            for ref in question.get("evidence") or []
        ],
    }


def detail(question: dict, message: str) -> dict:
    """The per-baseline fields of a question result: the evidence refs missing from the message, and
    the message itself when any is (bound() may drop it later)."""
    refs = [ref["eventId"] for ref in question.get("evidence") or []]
    found = covered_refs(question, message)
    missing = [ref for ref in dict.fromkeys(refs) if ref not in found]
    return {"missingEvidence": missing, "message": message} if missing else {"missingEvidence": []}


def is_missed(result: dict) -> bool:
    coverage = result.get("assemblyCoverage")
    return coverage is not None and coverage < 1


def group_of(entry: dict) -> str:
    """The group a question's misses are bounded and shown by: its LoCoMo category or its scenario."""
    if entry.get("category") is not None:
        return f"category {entry['category']}"
    return str(entry.get("scenario") or "")


def spread(entries: list[dict], limit: int) -> list[dict]:
    """Up to limit entries taken in turn from each group, in report order: every kind of failure rather
    than the first conversation's."""
    groups: dict[str, list[int]] = defaultdict(list)
    for index, entry in enumerate(entries):
        groups[group_of(entry)].append(index)
    chosen: list[int] = []
    depth = 0
    while len(chosen) < limit and any(depth < len(indexes) for indexes in groups.values()):
        for indexes in groups.values():
            if depth < len(indexes) and len(chosen) < limit:
                chosen.append(indexes[depth])
        depth += 1
    return [entries[i] for i in sorted(chosen)]


def bound(entries: list[dict], limit: int = MESSAGES_KEPT) -> None:
    """Keep the message of limit misses per baseline, spread over the groups; mark the other misses'
    `messageOmitted` so a reader knows the message existed."""
    baselines = dict.fromkeys(b for entry in entries for b in entry["results"])
    for baseline in baselines:
        missed = [entry for entry in entries if "message" in entry["results"].get(baseline, {})]
        kept = {id(entry) for entry in spread(missed, limit)}
        for entry in missed:
            if id(entry) not in kept:
                del entry["results"][baseline]["message"]
                entry["results"][baseline]["messageOmitted"] = True
