"""Importing LoCoMo conversations as scenarios the harness replays like its own fixtures.

Two input shapes: one conversation per JSON file (keys speaker_a, speaker_b, session_N,
session_N_date_time, qa) and the original single-file list (locomo10.json: samples with
sample_id, conversation and qa). Each dialog turn becomes a user event whose event_id is
its dia_id, with the session's date/time as created_at and the attributes speaker, dia_id,
session and image_caption; every session ends with a compaction, as a host compacts
between sessions. Evidence ids are normalised ("D8:6; D9:17", "D:11:26", space-joined
lists); ids that match no turn are counted, not dropped silently.
"""

import json
import re
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

CATEGORIES = {1: "multi-hop", 2: "temporal", 3: "open-domain", 4: "single-hop", 5: "adversarial"}
SCORED_CATEGORIES = (1, 2, 3, 4)
ADVERSARIAL = 5
_SESSION_KEY = re.compile(r"^session_(\d+)$")
_DIA_ID = re.compile(r"D:?(\d+):(\d+)")
_DATE_TIME = re.compile(r"^\s*(\d{1,2}):(\d{2})\s*([ap]m)\s+on\s+(\d{1,2})\s+([A-Za-z]+),?\s+(\d{4})\s*$", re.IGNORECASE)


class LocomoError(ValueError):
    """The file is not LoCoMo data in a shape this importer knows."""


@dataclass
class ImportStats:
    conversations: int = 0
    turns: int = 0
    questions: int = 0
    scored: int = 0
    adversarial: int = 0
    without_evidence: int = 0
    unknown_evidence_ids: list[str] = field(default_factory=list)

    def as_json(self) -> dict:
        return {
            "conversations": self.conversations,
            "turns": self.turns,
            "questions": self.questions,
            "scoredQuestions": self.scored,
            "adversarialQuestions": self.adversarial,
            "questionsWithoutEvidence": self.without_evidence,
            "unknownEvidenceIds": len(self.unknown_evidence_ids),
            "unknownEvidenceExamples": self.unknown_evidence_ids[:10],
        }


def normalize_evidence(raw: list) -> list[str]:
    """Every D<session>:<turn> id in the raw evidence list, in order, without repeats."""
    found: list[str] = []
    for entry in raw or []:
        for session, turn in _DIA_ID.findall(str(entry)):
            dia_id = f"D{int(session)}:{int(turn)}"
            if dia_id not in found:
                found.append(dia_id)
    return found


def parse_date_time(text: str) -> str:
    """'4:05 pm on 17 March, 2024' -> '2024-03-17T16:05:00Z'; '' when the text has another form."""
    match = _DATE_TIME.match(text or "")
    if not match:
        return ""
    hour, minute, meridiem, day, month, year = match.groups()
    try:
        moment = datetime.strptime(f"{day} {month[:3]} {year} {hour}:{minute} {meridiem.upper()}", "%d %b %Y %I:%M %p").replace(tzinfo=UTC)
    except ValueError:
        return ""
    return moment.strftime("%Y-%m-%dT%H:%M:00Z")


def load_locomo(path: Path) -> tuple[list[dict], ImportStats]:
    """Scenarios (one per conversation) from a file or a folder of files, and what was imported."""
    path = Path(path)
    files = sorted(path.glob("*.json")) if path.is_dir() else [path]
    if not files:
        raise LocomoError(f"{path}: no .json files")
    stats = ImportStats()
    scenarios: list[dict] = []
    for file in files:
        try:
            document = json.loads(file.read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError) as exc:
            raise LocomoError(f"{file}: {exc}") from exc
        samples = document if isinstance(document, list) else [document]
        for index, sample in enumerate(samples):
            name = str(sample.get("sample_id") or (file.stem if len(samples) == 1 else f"{file.stem}-{index}"))
            scenarios.append(_scenario(name, sample, stats, f"{file.name}[{index}]"))
    return scenarios, stats


def _scenario(name: str, sample: dict, stats: ImportStats, where: str) -> dict:
    conversation = sample.get("conversation", sample)
    if not isinstance(conversation, dict) or "qa" not in sample:
        raise LocomoError(f"{where}: expected keys speaker_a, speaker_b, session_N and qa (or conversation and qa)")
    session_id = f"locomo-{name}"
    numbers = sorted(int(m.group(1)) for key in conversation if (m := _SESSION_KEY.match(key)))
    if not numbers:
        raise LocomoError(f"{where}: no session_N keys")
    steps, seq_of = [], {}
    seq = 0
    for number in numbers:
        created_at = parse_date_time(str(conversation.get(f"session_{number}_date_time", "")))
        events = []
        for turn in conversation[f"session_{number}"]:
            seq += 1
            dia_id = str(turn["dia_id"])
            attributes = {"speaker": str(turn.get("speaker", "")), "dia_id": dia_id, "session": str(number)}
            if turn.get("blip_caption"):
                attributes["image_caption"] = str(turn["blip_caption"])
            events.append(_event(seq, dia_id, "user_message", str(turn.get("text", "")), created_at, attributes))
            seq_of[dia_id] = seq
        seq += 1
        events.append(_event(seq, f"{session_id}:compaction-{number}", "compaction", "", created_at, {"up_to_seq": str(seq)}))
        steps.append({"op": "append", "session": session_id, "batch": f"session-{number}", "events": events})
    questions = []
    for index, qa in enumerate(sample["qa"]):
        stats.questions += 1
        category = int(qa.get("category", 0))
        evidence = []
        for dia_id in normalize_evidence(qa.get("evidence")):
            if dia_id in seq_of:
                evidence.append({"eventId": dia_id, "seq": seq_of[dia_id], "mustContain": []})
            else:
                stats.unknown_evidence_ids.append(f"{name}:{dia_id}")
        if not evidence:
            stats.without_evidence += 1
            continue
        if category == ADVERSARIAL:
            stats.adversarial += 1
        elif category in SCORED_CATEGORIES:
            stats.scored += 1
        else:
            continue
        answer = qa.get("answer", qa.get("adversarial_answer", ""))
        questions.append(
            {
                "id": f"q{index + 1}",
                "session": session_id,
                "kind": "evidence",
                "lang": "en",
                "query": str(qa["question"]),
                "expectedAnswer": str(answer),
                "evidence": evidence,
                "governingRule": None,
                "forbidden": [],
                "required": [],
                "category": category,
            }
        )
    steps.append({"op": "ask", "session": session_id, "questions": [q["id"] for q in questions]})
    stats.conversations += 1
    stats.turns += len(seq_of)
    speakers = f"{conversation.get('speaker_a', '')} and {conversation.get('speaker_b', '')}"
    return {
        "format": "dsh-memory-scenario",
        "version": 1,
        "scenario": "locomo",
        "id": session_id,
        "size": len(seq_of),
        "sessions": [{"sessionId": session_id, "skill": {"name": f"LoCoMo conversation between {speakers}", "rules": []}}],
        "steps": steps,
        "questions": questions,
        "expectations": {"storage": [], "taskState": [], "validation": []},
    }


def _event(seq: int, event_id: str, kind: str, text: str, created_at: str, attributes: dict) -> dict:
    event = {"seq": seq, "eventId": event_id, "kind": kind, "text": text, "attributes": attributes}
    if created_at:
        event["createdAt"] = created_at
    return event
