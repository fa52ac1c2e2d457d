"""Importing LoCoMo conversations as scenarios the harness replays like its own fixtures.

Two input shapes: one conversation per JSON file (keys speaker_a, speaker_b, session_N,
session_N_date_time, qa) and the original single-file list (locomo10.json: samples with
sample_id, conversation and qa). Each dialog turn becomes a user event whose event_id is
its dia_id, with the session's date/time as created_at and the attributes speaker, dia_id,
session and image_caption; every session ends with a compaction, as a host compacts
between sessions. Evidence ids are normalised ("D8:6; D9:17", "D:11:26", space-joined
lists); ids that match no turn, and entries that hold no id at all ("D"), are counted, not
dropped silently.

With corrections (locomo_corrections.py), each question they name also carries the corrected
evidence (`correctedEvidence`), resolved the same way; a question is asked when either its
published or its corrected evidence names a turn, and each view is scored on its own.
"""

import json
import re
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from services.harness.locomo_corrections import Corrections, same_question, sample_index

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
    scored: int = 0  # categories 1-4 with published evidence
    adversarial: int = 0
    without_evidence: int = 0  # neither published nor corrected evidence names a turn: not asked
    unknown_evidence_ids: list[str] = field(default_factory=list)
    malformed_evidence: list[str] = field(default_factory=list)  # published entries that hold no dialog id
    corrections: "CorrectionStats | None" = None

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
            "malformedEvidenceEntries": len(self.malformed_evidence),
            "malformedEvidenceExamples": self.malformed_evidence[:10],
            "corrections": self.corrections.as_json() if self.corrections else None,
        }


@dataclass
class CorrectionStats:
    """What a corrections file changed in this run."""

    file: str
    entries: int  # in the file
    applied: int = 0  # entries whose question is in this run
    not_in_run: int = 0  # entries for conversations this run did not load
    answers_corrected: int = 0  # applied entries that also correct the gold answer (not WRONG_CITATION)
    evidence_changed: int = 0  # applied entries whose resolved evidence differs from the published one
    scored: int = 0  # categories 1-4 with corrected evidence
    unknown_ids: list[str] = field(default_factory=list)  # correct_evidence ids that match no turn: dropped

    def as_json(self) -> dict:
        return {
            "file": self.file,
            "entries": self.entries,
            "applied": self.applied,
            "notInRun": self.not_in_run,
            "answersCorrected": self.answers_corrected,
            "evidenceChanged": self.evidence_changed,
            "scoredQuestions": self.scored,
            "unknownEvidenceIds": len(self.unknown_ids),
            "unknownEvidenceExamples": self.unknown_ids[:10],
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


def load_locomo(path: Path, corrections: Corrections | None = None) -> tuple[list[dict], ImportStats]:
    """Scenarios (one per conversation) from a file or a folder of files, and what was imported;
    with corrections, each question they name also carries its corrected evidence."""
    path = Path(path)
    files = sorted(path.glob("*.json")) if path.is_dir() else [path]
    if not files:
        raise LocomoError(f"{path}: no .json files")
    stats = ImportStats()
    if corrections is not None:
        stats.corrections = CorrectionStats(file=str(corrections.path), entries=len(corrections.entries))
    scenarios: list[dict] = []
    loaded: set[int] = set()
    for file in files:
        try:
            document = json.loads(file.read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError) as exc:
            raise LocomoError(f"{file}: {exc}") from exc
        samples = document if isinstance(document, list) else [document]
        for index, sample in enumerate(samples):
            if not isinstance(sample, dict):
                raise LocomoError(f"{file.name}[{index}]: expected a conversation object, not {type(sample).__name__}")
            name = str(sample.get("sample_id") or (file.stem if len(samples) == 1 else f"{file.stem}-{index}"))
            # Where the conversation stands in locomo10.json: its known sample id, else its place in a list file.
            number = sample_index(name)
            if number is None and len(samples) > 1:
                number = index
            if number is not None:
                loaded.add(number)
            scenarios.append(_scenario(name, sample, stats, f"{file.name}[{index}]", corrections, number))
    if corrections is not None and stats.corrections is not None:
        stats.corrections.not_in_run = sum(sample not in loaded for sample, _ in corrections.entries)
    return scenarios, stats


def _scenario(name: str, sample: dict, stats: ImportStats, where: str, corrections: Corrections | None, position: int | None) -> dict:
    conversation = sample.get("conversation", sample)
    if not isinstance(conversation, dict) or not isinstance(sample.get("qa"), list):
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
    _check_corrections(corrections, position, sample["qa"], where)
    fixes = stats.corrections
    questions = []
    for index, qa in enumerate(sample["qa"]):
        stats.questions += 1
        category = int(qa.get("category", 0))
        stats.malformed_evidence += [f"{name}:qa{index}:{raw!r}" for raw in qa.get("evidence") or [] if not normalize_evidence([raw])]
        evidence = _resolve(normalize_evidence(qa.get("evidence")), seq_of, stats.unknown_evidence_ids, name)
        correction = corrections.get(position, index) if corrections else None
        corrected = evidence
        if correction is not None and fixes is not None:
            corrected = _resolve(normalize_evidence(list(correction.evidence)), seq_of, fixes.unknown_ids, name)
            fixes.applied += 1
            fixes.answers_corrected += correction.corrects_answer
            fixes.evidence_changed += [r["eventId"] for r in corrected] != [r["eventId"] for r in evidence]
        if not evidence and not corrected:
            stats.without_evidence += 1
            continue
        if category == ADVERSARIAL:
            stats.adversarial += 1
        elif category in SCORED_CATEGORIES:
            stats.scored += bool(evidence)
            if fixes is not None:
                fixes.scored += bool(corrected)
        else:
            continue
        answer = qa.get("answer", qa.get("adversarial_answer", ""))
        question = {
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
        if corrections is not None:
            question["correctedEvidence"] = corrected
        if correction is not None:
            question["correction"] = {"questionId": correction.question_id, "errorType": correction.error_type}
            if correction.corrects_answer:
                question["correction"]["correctAnswer"] = correction.correct_answer
        questions.append(question)
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


def _resolve(ids: list[str], seq_of: dict[str, int], unknown: list[str], name: str) -> list[dict]:
    """Evidence refs of the ids that name a turn; the others are added to unknown."""
    unknown += [f"{name}:{dia_id}" for dia_id in ids if dia_id not in seq_of]
    return [{"eventId": dia_id, "seq": seq_of[dia_id], "mustContain": []} for dia_id in ids if dia_id in seq_of]


def _check_corrections(corrections: Corrections | None, number: int | None, qa: list, where: str) -> None:
    """Every entry for this conversation must name one of its questions, by index and by text."""
    if corrections is None or number is None:
        return
    for (sample, index), entry in corrections.entries.items():
        if sample != number:
            continue
        if index >= len(qa):
            raise LocomoError(
                f"{corrections.path}: entry {entry.position} ({entry.question_id}) names qa[{index}], but {where} has {len(qa)}"
            )
        if not same_question(entry.question, str(qa[index].get("question", ""))):
            raise LocomoError(
                f"{corrections.path}: entry {entry.position} ({entry.question_id}) is about {entry.question!r}, "
                f"but qa[{index}] of {where} asks {qa[index].get('question')!r}: the file is for other data"
            )


def _event(seq: int, event_id: str, kind: str, text: str, created_at: str, attributes: dict) -> dict:
    event = {"seq": seq, "eventId": event_id, "kind": kind, "text": text, "attributes": attributes}
    if created_at:
        event["createdAt"] = created_at
    return event
