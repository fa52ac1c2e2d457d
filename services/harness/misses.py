"""What a report keeps of each question beyond its scores: the answer key, and for a miss the evidence
left out and, bounded, the message that was injected.

A baseline *missed* a question when its injected message lacks some of the question's expected
evidence (assemblyCoverage < 1): the host's model could not have read the answer there. The
message of a miss is what a researcher opens to see why, but a LoCoMo run has thousands of misses,
so it is kept for the first MESSAGES_PER_GROUP misses of each baseline in each group (scenario, or
LoCoMo category) and dropped, with `messageOmitted`, for the rest.
"""

from collections import Counter

from services.harness.metrics import covered_refs

MESSAGES_PER_GROUP = 30


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


def bound(entries: list[dict], per_group: int = MESSAGES_PER_GROUP) -> None:
    """Keep a missed question's message for the first per_group misses of each (baseline, group);
    mark the others' `messageOmitted` so a reader knows the message existed."""
    kept: Counter = Counter()
    for entry in entries:
        group = group_of(entry)
        for baseline, result in entry["results"].items():
            if "message" not in result:
                continue
            kept[baseline, group] += 1
            if kept[baseline, group] > per_group:
                del result["message"]
                result["messageOmitted"] = True
