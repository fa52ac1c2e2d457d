"""What a value said without a subject is about, when it updates nothing kept: "They're at $9.40 a
seat before the discount" keeps 9.40 under "seat discount", so that the next price a seat has
something to replace, and a question about the seats finds it by its words.

The subject is made of the content words of the value's own clause, nearest the value first: not the
speaker or a pronoun, not a stop word, not a verb of saying or of change (lang/<lang>/discourse.py,
lang/<lang>/keys.py), not the value or its unit. In Chinese, the first words of the sentence before the
value (jieba's segmentation: a Chinese sentence says its topic first), without the speakers,
demonstratives, verbs of change and time words a subject drops. A clause with no such word gives no
subject, and the value stays evidence only.
"""

import re
from functools import lru_cache

from services.memory import regex_cache
from services.memory.domain import cjk_words
from services.memory.lang import data

MAX_WORDS = 3
# A clause ends at punctuation or a conjunction: the subject is told in the value's own clause.
_CLAUSE_BREAK = regex_cache.compile(r"[,;:，；：。！？!?]|\s[-–—]\s|\s(?:so|and|but|because|since|while|though|if|when)\s", re.IGNORECASE)
_WORD = regex_cache.compile(r"[A-Za-z][A-Za-z'’\-]*")


def about_someone_named_before(sentence: str, value: str, lang: str) -> bool:
    """The value's clause opens with a pronoun ("they're booked for ..."): its subject is in an earlier sentence."""
    at = sentence.find(value)
    opening = sentence[_clause_start(sentence, max(at, 0)) : at].strip().lower().replace("’", "'")
    pronouns = data(lang, "subjects").THIRD_PERSON
    if lang == "zh":
        return opening.startswith(pronouns)
    return opening.split(" ", 1)[0] in pronouns if opening else False


def subject_of(sentence: str, value: str, unit: str, lang: str) -> str:
    """A key for value from the words around it in sentence, or "" when none names anything."""
    at = sentence.find(value)
    if at < 0 or not value.strip():
        return ""
    start = _clause_start(sentence, at)
    found = _CLAUSE_BREAK.search(sentence, at + len(value))
    before, after = sentence[start:at], sentence[at + len(value) : found.start() if found else len(sentence)]
    if lang == "zh":
        return _subject_zh(sentence[:at])
    return _subject_en(before, after, unit)


def _clause_start(sentence: str, at: int) -> int:
    """Where the clause holding position at begins."""
    return max((m.end() for m in _CLAUSE_BREAK.finditer(sentence, 0, at)), default=0)


def _subject_en(before: str, after: str, unit: str) -> str:
    """English says its subject before the value ("the venue deposit is ..."); only a clause that names
    none there is about what follows the value ("at $9.40 a seat before the discount")."""
    unit_words = {word.lower() for word in _WORD.findall(unit)}
    # "Ines says the deposit went up to ...": who relays it is no part of what it is about.
    before = before[max((m.end() for m in _reporting().finditer(before)), default=0) :]
    left = [w for w in _content(before) if w.lower() not in unit_words]
    right = [w for w in _content(after) if w.lower() not in unit_words]
    words = left[-MAX_WORDS:] if left else right[:MAX_WORDS]
    return " ".join(dict.fromkeys(words))


def _content(text: str) -> list[str]:
    words = []
    for raw in _WORD.findall(text):
        word = raw.lower().replace("’", "'")
        head = word.split("'")[0]
        if head in dropped() or word in dropped() or (len(head) < 3 and not raw.isupper()):
            continue  # a short word is a particle, unless it is an acronym ("CI", "QA")
        words.append(head)
    return words


@lru_cache(maxsize=1)
def _reporting() -> re.Pattern[str]:
    return regex_cache.compile(rf"\b(?:{data('en', 'discourse').REPORTING})\b", re.IGNORECASE)


@lru_cache(maxsize=1)
def dropped() -> frozenset[str]:
    terms, subjects, keys, discourse = (data("en", name) for name in ("terms", "subjects", "keys", "discourse"))
    # The words of the patterns that tell who said it and that it changed: "texted", "now", "instead".
    told = re.findall(r"[a-z]+", "|".join((discourse.REPORTING, discourse.SHIFT_WORDS)))
    pointing = (*keys.NOT_SUBJECTS, *keys.POINTERS, *keys.OBJECT_PRONOUNS)  # "whichever is lower", "those", "us"
    return frozenset(
        (*terms.STOP_WORDS, *subjects.SPEAKERS, *subjects.NO_THING, *subjects.NOT_A_SUBJECT, *keys.KEY_CHANGE_VERBS, *told, *pointing)
    )


def _subject_zh(before: str) -> str:
    """The first words of the sentence before the value: a Chinese sentence says its topic first
    (林老师下周要出差，改到 22 号 is about 林老师), and the clause next to the value is often only the change."""
    leading, change = data("zh", "subjects").LEADING, regex_cache.compile(data("zh", "discourse").CHANGE_VERBS)
    when = data("zh", "keys").TIME_KEY  # 后天, 下周起: when it holds, not what
    words = [w for w in cjk_words.content_words(before) if w not in leading and not change.search(w) and not when.fullmatch(w)]
    return "".join(words[:2])
