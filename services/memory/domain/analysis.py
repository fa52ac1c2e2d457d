"""One reading of a user turn that every reader shares: its sentences, each with its language, its
words without openers and markup, and whether it asks. Extraction walks these sentences; nothing
after re-splits the turn or re-detects a sentence's language. The index adds the base forms of
irregular words (lemmas.py); Chinese words are segmented where they are searched (cjk_words.py).
"""

import re
from dataclasses import dataclass
from functools import lru_cache

from services.memory import regex_cache
from services.memory.domain.text import detect_lang, is_question, split_sentences, strip_openers
from services.memory.lang import data

_MARKDOWN = regex_cache.compile(r"\*\*|__|^#+\s*")
_TERMINAL = " \t.!。！…"


@dataclass(frozen=True)
class Sentence:
    text: str  # as typed, bullet removed, terminator kept
    lang: str
    clean: str  # without markdown, curly apostrophes, openers ("ok, so", 另外) and final punctuation
    question: bool


@dataclass(frozen=True)
class TurnAnalysis:
    text: str
    lang: str
    lines: tuple[tuple[Sentence, ...], ...]  # a line's sentences stay together: a rule's elaboration ends with its line


def bare(sentence: str) -> str:
    """The sentence as typed, without markdown, curly apostrophes, the quotation marks around a Chinese name
    (书店"青柠"给我们请的讲者: the name is part of its phrase) and its final punctuation."""
    return _QUOTED_CJK.sub(r"\1", _MARKDOWN.sub("", sentence.replace("’", "'"))).strip().rstrip(_TERMINAL)


_QUOTED_CJK = regex_cache.compile(r'["“「『]([\u4e00-\u9fff]{1,12})["”」』]')


def clean(sentence: str, lang: str) -> str:
    return strip_openers(bare(sentence), lang)


def sentence(text: str) -> Sentence:
    lang = detect_lang(text)
    return Sentence(text=text, lang=lang, clean=clean(text, lang), question=is_question(text, lang))


@lru_cache(maxsize=4096)
def analyse_turn(text: str) -> TurnAnalysis:
    """The analysis of a user's own words (quoting.own_words), cached: the planner, the index and
    the tests may ask for the same turn."""
    lines = tuple(_line(line) for line in text.splitlines())
    return TurnAnalysis(text=text, lang=detect_lang(text), lines=tuple(line for line in lines if line))


def _line(line: str) -> tuple[Sentence, ...]:
    """A line's sentences, each one that opens with an exception ("Unless ...", 除非…) joined to the one before
    it: a rule and its exception are read as one statement."""
    said: list[Sentence] = []
    for text in split_sentences(line):
        one = sentence(text)
        if said and _EXCEPTION_OPENER.match(one.clean):
            before = said[-1].text
            said[-1] = sentence(before + text if before.endswith(("。", "！", "；")) else f"{before} {text}")
        else:
            said.append(one)
    return tuple(said)


_EXCEPTION_OPENER = regex_cache.compile(
    f"{data('en', 'sentences').EXCEPTION_OPENER}|{data('zh', 'sentences').EXCEPTION_OPENER}", re.IGNORECASE
)
