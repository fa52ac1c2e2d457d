"""Corrections to LoCoMo's gold answers and evidence ids, in the format of the locomo-audit's errors.json.

The file is a JSON list of entries, each naming its question as `locomo_<N>_qa<K>`: N is the
conversation's position in LoCoMo's locomo10.json, K the index into that conversation's whole `qa`
list. An entry must carry its `question` (checked against the conversation's, so a file made for
other data is refused rather than applied to the wrong questions) and `correct_evidence`, a list of
dialog ids; `error_type`, `correct_answer`, `golden_answer` and `category` are read when present.
Every entry's `correct_evidence` replaces the question's evidence, as the audit says to; an entry
whose `error_type` is WRONG_CITATION corrects the citation only, the others the gold answer too.
Anything else in the file is refused with the file, the entry and what is wrong.
"""

import json
import re
from dataclasses import dataclass
from pathlib import Path

QUESTION_ID = re.compile(r"^locomo_(\d+)_qa(\d+)$")
# The samples of locomo10.json in file order: question ids count conversations in this order.
LOCOMO10_SAMPLES = ("conv-26", "conv-30", "conv-41", "conv-42", "conv-43", "conv-44", "conv-47", "conv-48", "conv-49", "conv-50")
CITATION_ONLY = "WRONG_CITATION"
_SAMPLE_NUMBER = re.compile(r"^(?:conv-?)?(\d+)$")


class CorrectionsError(ValueError):
    """The corrections file is missing, unreadable or not in the audit's format; the message names the entry."""


@dataclass(frozen=True)
class Correction:
    position: int  # the entry's index in the file, for messages
    question_id: str
    sample: int  # N
    qa: int  # K
    question: str
    evidence: tuple[str, ...]  # correct_evidence as written
    error_type: str
    correct_answer: str

    @property
    def corrects_answer(self) -> bool:
        return self.error_type != CITATION_ONLY


@dataclass(frozen=True)
class Corrections:
    path: Path
    entries: dict[tuple[int, int], Correction]  # (N, K) -> entry

    def get(self, sample: int | None, qa: int) -> Correction | None:
        return None if sample is None else self.entries.get((sample, qa))


def sample_index(name: str) -> int | None:
    """Where a conversation stands in locomo10.json, from its sample id or file name ('conv-26', '26'); None if unknown."""
    match = _SAMPLE_NUMBER.match(name.strip())
    if not match:
        return None
    sample = f"conv-{int(match.group(1))}"
    return LOCOMO10_SAMPLES.index(sample) if sample in LOCOMO10_SAMPLES else None


def load_corrections(path: Path) -> Corrections:
    """The entries of a corrections file; CorrectionsError names the file, the entry and what is wrong."""
    path = Path(path)
    try:
        document = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise CorrectionsError(f"{path}: no such file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise CorrectionsError(f"{path}: cannot read it ({exc})") from None
    except json.JSONDecodeError as exc:
        raise CorrectionsError(f"{path}: not JSON ({exc.msg} at line {exc.lineno})") from None
    if not isinstance(document, list):
        raise CorrectionsError(f"{path}: expected a JSON list of corrections (the audit's errors.json), not a {type(document).__name__}")
    entries: dict[tuple[int, int], Correction] = {}
    for position, raw in enumerate(document):
        correction = _entry(path, position, raw)
        key = (correction.sample, correction.qa)
        if key in entries:
            raise CorrectionsError(f"{path}: entry {position} ({correction.question_id}) repeats entry {entries[key].position}")
        entries[key] = correction
    return Corrections(path, entries)


def _entry(path: Path, position: int, raw: object) -> Correction:
    where = f"{path}: entry {position}"
    if not isinstance(raw, dict):
        raise CorrectionsError(f"{where}: expected an object, not {type(raw).__name__}")
    question_id = raw.get("question_id")
    match = QUESTION_ID.match(question_id) if isinstance(question_id, str) else None
    if not match:
        raise CorrectionsError(f"{where}: question_id {question_id!r} is not of the form locomo_<conversation>_qa<index>")
    where = f"{where} ({question_id})"
    question = raw.get("question")
    if not isinstance(question, str) or not question.strip():
        raise CorrectionsError(f"{where}: question must be the question's text")
    evidence = raw.get("correct_evidence")
    if not isinstance(evidence, list) or not all(isinstance(e, str) for e in evidence):
        raise CorrectionsError(f'{where}: correct_evidence must be a list of dialog ids such as "D1:3", not {evidence!r}')
    for name in ("error_type", "correct_answer", "golden_answer"):
        if name in raw and not isinstance(raw[name], str):
            raise CorrectionsError(f"{where}: {name} must be a string, not {raw[name]!r}")
    if "category" in raw and (isinstance(raw["category"], bool) or not isinstance(raw["category"], int)):
        raise CorrectionsError(f"{where}: category must be an integer, not {raw['category']!r}")
    return Correction(
        position=position,
        question_id=question_id,
        sample=int(match.group(1)),
        qa=int(match.group(2)),
        question=question,
        evidence=tuple(evidence),
        error_type=str(raw.get("error_type", "")),
        correct_answer=str(raw.get("correct_answer", "")),
    )


def same_question(a: str, b: str) -> bool:
    """The two texts are the same question (whitespace and case aside)."""
    return " ".join(a.split()).casefold() == " ".join(b.split()).casefold()
