"""Importing BEAM chats (Tavakoli et al., 2025) as scenarios the harness replays like its own fixtures.

A BEAM folder holds one folder per chat, `<id>/chat.json` (or `chat_trunecated.json`, sic, which
upstream reads instead when it exists) and `<id>/probing_questions/probing_questions.json`; the
benchmark's own root (`data/chats/100K/` inside it) is found too. Every message becomes an event of
its role (event_id `msg-<id>`, seqs in chat order, the batch's time anchor as created_at) with its
content unchanged, generator markers included; every batch ends with a compaction, as a host
compacts between sessions. Each probing question keeps its ability, rubric and the message ids it
cites, grouped as BEAM groups them (original_info / updated_info, first_statement /
second_statement, ...). A file that is not in this shape is refused naming the file and what is wrong.
"""

import json
import re
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

# The ten abilities, in the paper's order; a folder may hold others, reported after these.
ABILITIES = (
    "knowledge_update",
    "contradiction_resolution",
    "temporal_reasoning",
    "information_extraction",
    "multi_session_reasoning",
    "preference_following",
    "instruction_following",
    "event_ordering",
    "summarization",
    "abstention",
)
# The field holding the reference answer, by ability (shown in the report, never scored: upstream scores rubrics).
ANSWER_FIELDS = ("answer", "ideal_answer", "ideal_response", "expected_compliance", "ideal_summary")
CHAT_FILES = ("chat_trunecated.json", "chat.json")  # the truncated cut first, as upstream reads them
QUESTIONS_FILE = Path("probing_questions") / "probing_questions.json"
_NESTED_ROOTS = (Path("data") / "chats" / "100K", Path("chats") / "100K")
_ANCHOR = re.compile(r"^\s*([A-Za-z]+)-(\d{1,2})-(\d{4})\s*$")


class BeamError(ValueError):
    """A folder or file that is not BEAM data in the benchmark's layout; the message names it."""


@dataclass
class BeamStats:
    chats: int = 0
    batches: int = 0
    messages: int = 0
    questions: int = 0
    with_evidence: int = 0
    files: list[str] = field(default_factory=list)  # the conversation file read per chat

    def as_json(self) -> dict:
        return {
            "chats": self.chats,
            "batches": self.batches,
            "messages": self.messages,
            "questions": self.questions,
            "questionsWithEvidence": self.with_evidence,
            "conversationFiles": self.files,
        }


def chat_folders(folder: Path) -> list[Path]:
    """The chat folders under folder (or under its data/chats/100K), in numeric order."""
    root = next((folder / nested for nested in _NESTED_ROOTS if (folder / nested).is_dir()), folder)
    chats = sorted((p for p in root.iterdir() if p.is_dir() and p.name.isdigit()), key=lambda p: int(p.name))
    if not chats:
        raise BeamError(f"{root}: no chat folders (<id>/chat.json and <id>/{QUESTIONS_FILE}) in it")
    return chats


def load_beam(folder: Path) -> tuple[list[dict], BeamStats]:
    """One scenario per chat folder, and what was imported."""
    stats = BeamStats()
    scenarios = [_scenario(chat, stats) for chat in chat_folders(Path(folder))]
    return scenarios, stats


def _read(path: Path) -> object:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise BeamError(f"{path}: missing") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise BeamError(f"{path}: cannot read it ({exc})") from None
    except json.JSONDecodeError as exc:
        raise BeamError(f"{path}: not JSON ({exc.msg} at line {exc.lineno})") from None


def _scenario(chat: Path, stats: BeamStats) -> dict:
    path = next((chat / name for name in CHAT_FILES if (chat / name).is_file()), None)
    if path is None:
        raise BeamError(f"{chat}: no chat.json (nor chat_trunecated.json)")
    session_id = f"beam-{chat.name}"
    steps, seqs = _steps(path, session_id, stats)
    questions = _questions(chat / QUESTIONS_FILE, session_id, seqs)
    steps.append({"op": "ask", "session": session_id, "questions": [q["id"] for q in questions]})
    topic = _read(chat / "topic.json") if (chat / "topic.json").is_file() else {}
    title = str(topic.get("title", "")) if isinstance(topic, dict) else ""
    stats.chats += 1
    stats.questions += len(questions)
    stats.with_evidence += sum(bool(q["evidence"]) for q in questions)
    stats.files.append(f"{chat.name}/{path.name}")
    return {
        "format": "dsh-memory-scenario",
        "version": 1,
        "scenario": "beam",
        "id": session_id,
        "size": len(seqs),
        "sessions": [{"sessionId": session_id, "skill": {"name": f"BEAM chat {chat.name}: {title}".rstrip(": "), "rules": []}}],
        "steps": steps,
        "questions": questions,
        "expectations": {"storage": [], "taskState": [], "validation": []},
    }


def _steps(path: Path, session_id: str, stats: BeamStats) -> tuple[list[dict], dict[int, int]]:
    """An append step per batch, ending in a compaction; and message id -> seq."""
    batches = _read(path)
    if not isinstance(batches, list) or not batches:
        raise BeamError(f"{path}: expected a non-empty list of batches ({{batch_number, turns: [[message, ...], ...]}})")
    steps: list[dict] = []
    seqs: dict[int, int] = {}
    last, seq = -1, 0
    for position, batch in enumerate(batches):
        where = f"{path}: batch {position + 1}"
        if not isinstance(batch, dict) or not isinstance(batch.get("turns"), list):
            raise BeamError(f"{where}: expected an object with a list of turns")
        messages = [m for turn in batch["turns"] for m in (turn if isinstance(turn, list) else [turn])]
        anchor = next((_anchor(m.get("time_anchor")) for m in messages if isinstance(m, dict) and m.get("time_anchor")), "")
        events = []
        for message in messages:
            message_id = _message_id(message, where)
            if message_id <= last:
                raise BeamError(f"{where}: message id {message_id} does not follow {last}; ids must increase through the chat")
            last, seq = message_id, seq + 1
            seqs[message_id] = seq
            attributes = {"role": message["role"], "batch": str(batch.get("batch_number", position + 1)), "message_id": str(message_id)}
            if message.get("question_type"):
                attributes["question_type"] = str(message["question_type"])
            kind = "user_message" if message["role"] == "user" else "assistant_message"
            events.append(_event(seq, f"msg-{message_id}", kind, message["content"], anchor, attributes))
        if not events:
            continue
        seq += 1
        events.append(_event(seq, f"{session_id}:compaction-{position + 1}", "compaction", "", anchor, {"up_to_seq": str(seq)}))
        steps.append({"op": "append", "session": session_id, "batch": f"batch-{position + 1}", "events": events})
        stats.batches += 1
        stats.messages += len(events) - 1
    return steps, seqs


def _message_id(message: object, where: str) -> int:
    if not isinstance(message, dict):
        raise BeamError(f"{where}: a message is {type(message).__name__}, expected an object with id, role and content")
    message_id, role, content = message.get("id"), message.get("role"), message.get("content")
    if not isinstance(message_id, int) or isinstance(message_id, bool) or message_id < 0:
        raise BeamError(f"{where}: message id {message_id!r} is not a non-negative integer")
    if role not in ("user", "assistant"):
        raise BeamError(f"{where}: message {message_id} has role {role!r}; expected user or assistant")
    if not isinstance(content, str):
        raise BeamError(f"{where}: message {message_id} has no text content")
    return message_id


def _anchor(raw: object) -> str:
    """'March-15-2024' -> '2024-03-15T00:00:00Z'; '' for any other form (the anchor is optional)."""
    match = _ANCHOR.match(str(raw or ""))
    if not match:
        return ""
    month, day, year = match.groups()
    try:
        moment = datetime.strptime(f"{day} {month[:3]} {year}", "%d %b %Y").replace(tzinfo=UTC)
    except ValueError:
        return ""
    return moment.strftime("%Y-%m-%dT00:00:00Z")


def _event(seq: int, event_id: str, kind: str, text: str, created_at: str, attributes: dict) -> dict:
    event = {"seq": seq, "eventId": event_id, "kind": kind, "text": text, "attributes": attributes}
    if created_at:
        event["createdAt"] = created_at
    return event


def _questions(path: Path, session_id: str, seqs: dict[int, int]) -> list[dict]:
    document = _read(path)
    if not isinstance(document, dict) or not document:
        raise BeamError(f"{path}: expected an object mapping each ability to its list of questions")
    order = [a for a in ABILITIES if a in document] + sorted(a for a in document if a not in ABILITIES)
    questions = []
    for ability in order:
        entries = document[ability]
        if not isinstance(entries, list):
            raise BeamError(f"{path}: {ability} is {type(entries).__name__}, expected a list of questions")
        for index, entry in enumerate(entries):
            where = f"{path}: {ability}[{index}]"
            if not isinstance(entry, dict) or not isinstance(entry.get("question"), str) or not entry["question"].strip():
                raise BeamError(f"{where}: expected an object with a question")
            rubric = entry.get("rubric", [])
            if not isinstance(rubric, list) or not all(isinstance(item, str) for item in rubric):
                raise BeamError(f"{where}: rubric must be a list of strings")
            groups = _groups(entry.get("source_chat_ids"), where)
            unknown = sorted({i for ids in groups.values() for i in ids if i not in seqs})
            if unknown:
                raise BeamError(f"{where}: source_chat_ids {unknown} name no message of the chat")
            cited = list(dict.fromkeys(i for ids in groups.values() for i in ids))
            questions.append(
                {
                    "id": f"{ability}-{index + 1}",
                    "session": session_id,
                    "kind": "evidence",
                    "lang": "en",
                    "query": entry["question"],
                    "expectedAnswer": next((str(entry[f]) for f in ANSWER_FIELDS if entry.get(f)), ""),
                    "evidence": [{"eventId": f"msg-{i}", "seq": seqs[i], "mustContain": []} for i in cited],
                    "governingRule": None,
                    "forbidden": [],
                    "required": [],
                    "ability": ability,
                    "difficulty": str(entry.get("difficulty", "")),
                    "rubric": rubric,
                    # BEAM's grouping of the cited messages, as seqs: {"original_info": [87], "updated_info": [115]}.
                    "sourceGroups": {name: [seqs[i] for i in ids] for name, ids in groups.items()},
                }
            )
    return questions


def _groups(raw: object, where: str) -> dict[str, list[int]]:
    """source_chat_ids as {group: [message ids]}: a list is one group "cited", nested lists are flattened."""
    if raw is None:
        return {}
    if isinstance(raw, dict):
        return {str(name): _ids(value, f"{where}: source_chat_ids.{name}") for name, value in raw.items()}
    return {"cited": _ids(raw, f"{where}: source_chat_ids")}


def _ids(raw: object, where: str) -> list[int]:
    if isinstance(raw, bool) or not isinstance(raw, int | list):
        raise BeamError(f"{where} must be a message id or a list of them, not {raw!r}")
    if isinstance(raw, int):
        return [raw]
    return [i for value in raw for i in _ids(value, where)]
