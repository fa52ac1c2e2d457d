"""Open questions answered by a statement that fills them, without a cue of decision.

"Haven't figured out who's driving Grandma to the airport." is answered by "Uncle Ray will drive Grandma
to the airport.": the statement says most of the question's own words again and adds what the question
asked for, a name, a figure or a time it did not hold. A statement that asks, hedges, denies or frames
(history, a hypothesis, a comparison) answers nothing, nor does one that only reports asking around
("I asked Ray about driving Grandma to the airport"). Each language's words are in
services/memory/lang/<lang>/task_states.py (ASKS_FOR, ASKING_AROUND).
"""

import re
from dataclasses import replace
from functools import cache

from services.memory import regex_cache
from services.memory.domain.analysis import TurnAnalysis
from services.memory.domain.frames import frame
from services.memory.domain.model import Event, ItemStatus, TaskField, item_id_for
from services.memory.domain.task_lifecycle import PlanView, subject_terms
from services.memory.domain.text import is_hedged
from services.memory.domain.typed_values import typed_values
from services.memory.lang import LANGUAGES, data

# The answer says at least this many of the question's words, and this share of them.
ANSWER_TERMS = 3
ANSWER_SHARE = 0.6
# A name as typed: a capitalised word not opening the sentence, or any capitalised word the question lacks.
_NAME = regex_cache.compile(r"\b[A-Z][a-z][\w'\-]*")


def answered_questions(overlay: PlanView, event: Event, turn: TurnAnalysis) -> None:
    """Close each open question that a statement of the turn answers (see the module doc)."""
    statements = [said for line in turn.lines for said in line if said.lang in LANGUAGES and _states(said.text, said.lang)]
    if not statements:
        return
    questions = [item for item in overlay.active_with_prefix(f"task:{TaskField.OPEN.value}:") if item.seq < event.seq]
    questions = [item for item in questions if _asks_for(item.lang if item.lang in LANGUAGES else "en").search(item.value)]
    if not questions:
        return  # most turns: nothing asked for is open
    closer = item_id_for(event.session_id, event.event_id, 0)
    for said in statements:
        terms = subject_terms(said.text)
        for item in list(questions):
            asked = subject_terms(item.value)
            shared = len(asked & terms)
            if (
                asked
                and shared >= ANSWER_TERMS
                and shared / len(asked) >= ANSWER_SHARE
                and _adds_what_was_asked(said.text, item.value, said.lang)
            ):
                overlay.update(replace(item, status=ItemStatus.SUPERSEDED, superseded_by=closer))
                questions.remove(item)


def _states(sentence: str, lang: str) -> bool:
    words = data(lang, "task_states")
    return not (
        words.UNANSWERED.search(sentence) or is_hedged(sentence, lang) or frame(sentence, lang) or words.ASKING_AROUND.search(sentence)
    )


def _adds_what_was_asked(sentence: str, question: str, lang: str) -> bool:
    """The statement holds a name, a figure or a time that the question does not; in Chinese, where names
    have no capitals, it says the question's words without its question word (谁去接奶奶 -> 小舅去接奶奶)."""
    if lang == "zh":
        return not _asks_for(lang).search(sentence)
    names = {name.lower() for name in _NAME.findall(sentence)} - {name.lower() for name in _NAME.findall(question)}
    values = set(typed_values(sentence, lang)) - set(typed_values(question, lang))
    return bool(names or values)


@cache
def _asks_for(lang: str) -> re.Pattern[str]:
    return regex_cache.compile(data(lang, "task_states").ASKS_FOR, re.IGNORECASE)
