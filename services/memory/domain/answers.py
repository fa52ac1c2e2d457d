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
from functools import cache, lru_cache

from services.memory import regex_cache
from services.memory.domain.analysis import TurnAnalysis
from services.memory.domain.frames import frame
from services.memory.domain.model import Event, ItemStatus, TaskField, item_id_for
from services.memory.domain.task_lifecycle import PlanView, option_terms, subject_terms
from services.memory.domain.text import is_hedged
from services.memory.domain.typed_values import typed_values
from services.memory.lang import LANGUAGES, data

# The answer says at least this many of the question's words, and this share of them.
ANSWER_TERMS = 3
ANSWER_SHARE = 0.6
# An answer that picks an option of an either-or question says at least this many of its words (its subject).
OPTION_SUBJECT_TERMS = 2
OPTION_SHARE = 0.5
# A name as typed: a capitalised word not opening the sentence, or any capitalised word the question lacks.
_NAME = regex_cache.compile(r"\b[A-Z][a-z][\w'\-]*")


def answered_questions(overlay: PlanView, event: Event, turn: TurnAnalysis) -> None:
    """Close each open question that a statement of the turn answers (see the module doc)."""
    statements = [said for line in turn.lines for said in line if said.lang in LANGUAGES and _states(said.text, said.lang)]
    if not statements:
        return
    questions = [item for item in overlay.active_with_prefix(f"task:{TaskField.OPEN.value}:") if item.seq < event.seq]
    questions = [item for item in questions if _asks_for(_lang(item.lang)).search(item.value) or _options(item.value, _lang(item.lang))]
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
                and _asks_for(_lang(item.lang)).search(item.value)
                and _adds_what_was_asked(said.text, item.value, said.lang)
            ) or (shared >= OPTION_SUBJECT_TERMS and _picks_an_option(terms, item.value, _lang(item.lang))):
                overlay.update(replace(item, status=ItemStatus.SUPERSEDED, superseded_by=closer))
                questions.remove(item)


def _lang(lang: str) -> str:
    return lang if lang in LANGUAGES else "en"


@lru_cache(maxsize=1024)
def _options(question: str, lang: str) -> tuple[frozenset[str], ...] | None:
    """The terms only each side of an either-or question names ("on the main panel or on their own
    circuit?"), without the words that frame it ("not sure yet whether"); None when it offers no two options."""
    own = option_terms(_either(lang).split(question.rstrip("?？ "), maxsplit=1), _framing(lang))
    return tuple(own) if own else None  # cached: a tuple, which no caller can change


@cache
def _framing(lang: str) -> frozenset[str]:
    return subject_terms(data(lang, "task_roles").OPTION_FRAMING)


def _picks_an_option(said: frozenset[str], question: str, lang: str) -> bool:
    """A statement that names most of one option and nothing of the other answers an either-or question:
    "railing lights go on the main panel" picks the main panel over their own circuit ("once we've picked oak
    or walnut" names both and picks neither; "the portal works on the new laptops" names too little of "move the
    scans to the portal")."""
    options = _options(question, lang)
    if options is None:
        return False
    named = [len(said & option) / len(option) for option in options]
    return min(named) == 0 and max(named) >= OPTION_SHARE


@cache
def _either(lang: str) -> re.Pattern[str]:
    return regex_cache.compile(data(lang, "task_states").EITHER, re.IGNORECASE)


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
