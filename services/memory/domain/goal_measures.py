"""Progress read against the goal: a figure in the measure the goal is set in is an advance toward it.

A goal that names a figure ("plant 400 young trees along the canal by autumn", "get the average queue
under 6 minutes", 志愿者达到80人) sets the measure its progress will be reported in. A later sentence that
gives a figure of that measure ("we put 260 trees in this month", "the average queue was 9 minutes on
Saturday", 现在志愿者有55人) reports where the work stands, whatever its words: the sentence is progress. A
share or a duration measures too many things to be matched by its unit alone: the sentence must also
share a word with the goal ("the average queue" for a goal about the average queue, not "the coffee break")."""

import re
from functools import cache, lru_cache

from services.memory import regex_cache
from services.memory.domain.analysis import TurnAnalysis
from services.memory.domain.model import Candidate, Item, ItemKind, TaskField
from services.memory.domain.rules import MAX_RULE_KEY_CHARS as MAX_TASK_KEY_CHARS
from services.memory.domain.task_lifecycle import subject_terms
from services.memory.domain.text import is_hedged, normalize_key, stem
from services.memory.domain.units import dimension
from services.memory.lang import LANGUAGES, data
from services.memory.lang.en.numerals import ORDINAL_SUFFIXES
from services.memory.lang.en.terms import STOP_WORDS

# A figure and what it counts: "400 young trees", "under 6 minutes", "25%", "80人".
_FIGURE = regex_cache.compile(r"(\d[\d,]*(?:\.\d+)?)\s?(%|[\u3400-\u9fff]|[A-Za-z][\w\-]*)(?:\s+([A-Za-z][\w\-]*))?")
# What follows a figure without being what it counts: a word of grammar ("40% of", "6% by"), an ordinal's ending.
_NOT_COUNTED = STOP_WORDS | set(ORDINAL_SUFFIXES)
# Measures of too many things to tie a figure to the goal by themselves.
_SHARED_MEASURES = ("share", "duration")


def measured_advance(goal: Item | None, turn: TurnAnalysis, read: list[Candidate]) -> Candidate | None:
    """A progress entry for the first sentence of the turn that gives a figure in the goal's measure and is
    no task state of its own (a sentence that raises a blocker or reports progress says so itself), no
    question and no hedge; none in a turn that sets the goal, and none for the goal's own figure said again."""
    if goal is None or any(candidate.task_field is TaskField.GOAL for candidate in read):
        return None
    measures, goal_figures = _goal_measures(goal.value)
    if not measures:
        return None
    said = {candidate.text.strip() for candidate in read if candidate.task_field is not None and not candidate.resolves}
    goal_terms = _subject(goal.value)
    for line in turn.lines:
        for sentence in line:
            text = sentence.text.strip()
            if (
                sentence.question
                or text in said
                or is_hedged(sentence.clean, sentence.lang)
                or _names_a_target(sentence.clean, sentence.lang)
            ):
                continue
            for figure, counts in [*_figures(sentence.clean), *_keyed_figures(read, text)]:
                if counts not in measures or figure in goal_figures:
                    continue
                if _shared_measure(counts) and not _subject(sentence.clean) & goal_terms:
                    continue
                return _progress(sentence.clean, text, sentence.lang)
    return None


def _progress(entry: str, text: str, lang: str) -> Candidate:
    return Candidate(
        kind=ItemKind.TASK,
        key=f"task:progress:{normalize_key(entry)[:MAX_TASK_KEY_CHARS]}",
        value=entry,
        text=text,
        lang=lang,
        task_field=TaskField.PROGRESS,
    )


def _subject(text: str) -> frozenset[str]:
    """The words of what a text is about, without its figures and what they count."""
    return subject_terms(_FIGURE.sub(" ", text))


def _keyed_figures(read: list[Candidate], sentence: str) -> list[tuple[str, str]]:
    """(figure, what it may count) of the sentence's numbers whose key names what they count, the figure said
    after it: each word of the key ("Regulars this month: 38" counts regulars, or months)."""
    return [
        (candidate.value.replace(",", ""), _counted(word))
        for candidate in read
        if candidate.kind is ItemKind.NUMBER and not candidate.unit and candidate.text.strip() == sentence
        for word in candidate.key.split()
        if word.lower() not in _NOT_COUNTED
    ]


def _shared_measure(counts: str) -> bool:
    return counts in _SHARED_MEASURES


def _figures(text: str) -> list[tuple[str, str]]:
    """(figure, what it counts) for each figure of the text: the word after it, and the one after that
    ("400 young trees" counts young ones and trees), stemmed."""
    found = []
    for match in _FIGURE.finditer(text):
        figure = match.group(1).replace(",", "")
        first, second = match.group(2), match.group(3)
        if first.lower() not in _NOT_COUNTED:
            found.append((figure, _counted(first)))
        if second and second.lower() not in _NOT_COUNTED and _may_count(second):
            found.append((figure, _counted(second)))
    return found


def _may_count(word: str) -> bool:
    """The second word after a figure may be what it counts when it is a unit, a plural noun or a Chinese
    measure word ("trees" of "400 young trees"; not "got" of "the 12 I got")."""
    return not word.isascii() or bool(dimension(word)) or word.lower().endswith("s")


def _names_a_target(sentence: str, lang: str) -> bool:
    """A sentence that speaks of a target ("our target of 400 trees") sets or restates one: no report of progress."""
    return bool(_target_words(lang).search(sentence))


@cache
def _target_words(lang: str) -> re.Pattern[str]:
    return regex_cache.compile(data(lang if lang in LANGUAGES else "en", "task_roles").TARGET_WORDS, re.IGNORECASE)


def _counted(word: str) -> str:
    """A unit of a known dimension counts that dimension ("min" and "minutes" both a duration, "%" a share);
    a noun counts its stem ("trees" and "young trees")."""
    kind = dimension(word)
    if kind and kind != "count":
        return kind
    return stem(word.lower()) if word.isascii() else word


@lru_cache(maxsize=256)
def _goal_measures(goal: str) -> tuple[frozenset[str], frozenset[str]]:
    """What the goal's figures count, and the figures themselves."""
    figures = _figures(goal)
    return frozenset(counts for _, counts in figures), frozenset(figure for figure, _ in figures)
