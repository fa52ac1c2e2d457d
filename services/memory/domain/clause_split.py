"""The statements inside a sentence that the sentence grammar, which reads a sentence from its start,
does not reach: a statement before a request to the assistant ("I've adjusted the snack budget to $75,
can you suggest some drinks?") and statements joined by a conjunction ("I'm planning a movie night and
I've raised the budget to $90"; 我们在筹备婚礼，而且场地预算已经提到三万了).

Extraction reads these clauses only when the whole sentence named no value, so a sentence the grammar
reads is read as before. Where clauses start is each language's data (lang/<lang>/sentences.py).
"""

import re
from functools import cache, lru_cache

from services.memory import regex_cache
from services.memory.lang import data

MIN_CLAUSE_WORDS = 3  # "and so on", "but yes": no statement
MIN_CJK_CHARS = 4


@cache
def _grammar(lang: str) -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    words = data(lang, "sentences")
    flags = re.IGNORECASE
    return (
        regex_cache.compile(words.REQUEST_TAIL, flags),
        regex_cache.compile(words.CLAUSE_JOINT, flags),
        regex_cache.compile(f"{words.NOT_STATEMENT}|.*(?:{words.UNASSERTED})", flags),
    )


def _spelled_out(text: str, grammar: str) -> str:
    """ "I've raised" as "I have raised": the form the grammar of a statement reads."""
    for pattern, replacement in data(grammar, "sentences").PRONOUN_CONTRACTIONS:
        text = pattern.sub(replacement, text)
    return text


@lru_cache(maxsize=4096)
def statement_clauses(sentence: str, lang: str) -> tuple[str, ...]:
    """The sentence's statements, when it is more than one clause: the part before a request, split at
    conjunctions that start a clause of their own, its pronouns spelled out; () for a sentence of one
    statement said as the grammar reads it."""
    grammar = "zh" if lang == "zh" else "en"
    request, joint, not_statement = _grammar(grammar)
    text = _spelled_out(sentence.strip(), grammar)
    tail = request.search(text)
    head = text[: tail.start()] if tail else text
    parts = [part.strip(" ,;，；") for part in joint.split(head)]
    if not tail and len(parts) < 2 and text == sentence.strip():
        return ()
    return tuple(part for part in parts if _statement(part, grammar, not_statement))


def _statement(clause: str, grammar: str, not_statement: re.Pattern[str]) -> bool:
    if not_statement.match(clause):
        return False
    if grammar == "zh":
        return sum(1 for ch in clause if "\u3400" <= ch <= "\u9fff") >= MIN_CJK_CHARS
    return len(clause.split()) >= MIN_CLAUSE_WORDS
