"""Text helpers shared by extraction and retrieval: language, sentences, keys and index terms.

Everything here is pure and cheap: it runs on every event at ingest and on
every query, so ASCII text takes fast paths and nothing allocates more than a
few small lists.
"""

import re
import unicodedata
from collections.abc import Iterable
from functools import lru_cache

from services.common.tokens import is_cjk
from services.memory import regex_cache
from services.memory.lang import LANGUAGES, data
from services.memory.lang.en import keys as en_keys
from services.memory.lang.en.abbreviations import ABBREVIATIONS as _ABBREVIATIONS
from services.memory.lang.en.abbreviations import OPENERS_AFTER_DOT as _OPENERS_AFTER_DOT
from services.memory.lang.en.terms import NO_PLURAL_S as _NO_PLURAL_S
from services.memory.lang.en.terms import STOP_WORDS as _STOP_WORDS
from services.memory.lang.en.terms import SUFFIXES as _SUFFIXES
from services.memory.lang.en.terms import UNDOUBLE as _UNDOUBLE
from services.memory.lang.en.terms import VOWELS as _VOWELS
from services.memory.lang.zh import keys as zh_keys
from services.memory.lang.zh import openings as zh_openings
from services.memory.lang.zh.terms import FUNCTION_CHARACTERS as _FUNCTION_CHARACTERS

# Ideographs are roughly one word each, an English word about five letters:
# weighting ideographs by three lets a Chinese sentence with a few Latin terms
# ("部署目标是eu-west-1") still read as Chinese.
_IDEOGRAPH_WEIGHT = 3

# One full sentence ends at CJK terminators wherever they are, at Latin ones
# only before whitespace or the end (so "0.05", "eu-west-1.b" and URLs survive).
_TERMINATOR = regex_cache.compile(r"[。！？；…]+|[.!?]+(?=[\s\"'”’)\]]|$)")
_CLOSERS = "\"'”’)]」』"
# How a dot after an abbreviation reads: lang/en/abbreviations.py.
_DOTTED_LETTERS = regex_cache.compile(r"[a-z](?:\.[a-z])*")
_ROMAN = regex_cache.compile(r"[IVXLC]+[.,;:)]*")
_NEXT_WORD = regex_cache.compile(r"[\s\"'”’)\]」』]*[\"'“‘(\[「『]*(?P<word>[^\s\"'”’)\],;:]*)")
_BULLET = regex_cache.compile(r"^\s*(?:[-*•·▪‣◦+>]+\s+|#{1,6}\s+|\d{1,3}[.)]\s+|\d{1,3}、\s*|[（(]\d{1,3}[)）]\s*|[a-z][.)]\s+)")

_LEADING_DETERMINER = en_keys.LEADING_DETERMINER
_LEADING_ZH_POSSESSIVE = zh_keys.LEADING_POSSESSIVE
# Context a key does not need, since every item is scoped to its session (lang/<lang>/keys.py).
_KEY_CONTEXT: dict[str, re.Pattern[str]] = {lang: data(lang, "keys").KEY_CONTEXT for lang in LANGUAGES}
_EDGE_PUNCT = " \t.,;:!?。，；：！？、…\"'`“”‘’()（）[]【】<>《》-–—"
_QUOTES = regex_cache.compile(r"[\"`“”「」『』《》*]")
_SPACE_NEAR_CJK = regex_cache.compile(r"(?<=[\u3400-\u9fff])\s+|\s+(?=[\u3400-\u9fff])")

# Openers that carry nothing, hedges, and questions without a question mark (lang/<lang>/openings.py).
_OPENERS: dict[str, re.Pattern[str]] = {lang: data(lang, "openings").OPENERS for lang in LANGUAGES}
_HEDGES: dict[str, re.Pattern[str]] = {lang: data(lang, "openings").HEDGES for lang in LANGUAGES}
_QUESTIONS: dict[str, re.Pattern[str]] = {lang: data(lang, "openings").QUESTIONS for lang in LANGUAGES}
_QUESTION_END = ("?", "？", *zh_openings.QUESTION_PARTICLES)

_LATIN_WORD = regex_cache.compile(r"\d+(?:\.\d+)+|[0-9a-z\u00c0-\u024f]+(?:'[a-z]+)?")


@lru_cache(maxsize=4096)
def _is_ideograph(char: str) -> bool:
    """A CJK letter (not CJK punctuation or full-width symbols): what n-grams and language count."""
    return is_cjk(char) and char.isalnum()


def detect_lang(text: str) -> str:
    """ "zh" when CJK ideographs (weighted) outnumber Latin letters, else "en"."""
    if text.isascii():
        return "en"
    ideographs = letters = 0
    for char in text:
        if char.isascii():
            letters += char.isalpha()
        elif _is_ideograph(char):
            ideographs += 1
    return "zh" if ideographs and ideographs * _IDEOGRAPH_WEIGHT >= letters else "en"


def split_sentences(text: str) -> list[str]:
    """Sentences and bullet items of a message, stripped, bullets removed, terminators kept."""
    sentences: list[str] = []
    for line in text.splitlines():
        line = _BULLET.sub("", line, count=1).strip()
        start = 0
        for match in _TERMINATOR.finditer(line):
            end = match.end()
            if match.group().startswith(".") and len(match.group()) == 1 and _is_abbreviation(line, match.start()):
                continue
            while end < len(line) and line[end] in _CLOSERS:
                end += 1
            _add_sentence(sentences, line[start:end])
            start = end
        _add_sentence(sentences, line[start:])
    return sentences


def _is_abbreviation(line: str, dot: int) -> bool:
    """True when the dot at line[dot] closes an abbreviation inside a sentence, not the sentence itself."""
    word = line[:dot].rsplit(None, 1)[-1] if line[:dot].strip() else ""
    word = word.lstrip("(\"'“‘[「『").lower()
    kind = _ABBREVIATIONS.get(word) or ("initial" if _DOTTED_LETTERS.fullmatch(word) else "")
    if not kind:
        return False
    # _NEXT_WORD matches at every position (each of its parts may be empty).
    following = next_word.group("word") if (next_word := _NEXT_WORD.match(line, dot + 1)) else ""
    if kind == "joined" or not following[:1].isupper():
        return True  # digits, lowercase, symbols and CJK continue the sentence; at the line's end it does not matter
    bare = following.rstrip(".!?").lower()
    if kind == "number":
        return word != "no" and bool(_ROMAN.fullmatch(following))  # "Vol. IV", "Ch. XII"; "No. I think" splits
    if kind == "end":
        return bare in _ABBREVIATIONS  # "Co. Ltd.", "Pte. Ltd."
    return bare not in _OPENERS_AFTER_DOT


def ends_with_abbreviation(text: str) -> bool:
    """True when a final dot belongs to an abbreviation ("Acme Pte. Ltd."), so it is not punctuation to trim."""
    words = text.rstrip().rsplit(None, 1)
    return text.rstrip().endswith(".") and bool(words) and words[-1][:-1].lower().lstrip("(\"'") in _ABBREVIATIONS


def _add_sentence(sentences: list[str], piece: str) -> None:
    piece = piece.strip()
    if piece and any(char.isalnum() for char in piece):
        sentences.append(piece)


def is_question(sentence: str, lang: str) -> bool:
    """True for a question: a question mark or particle at the end, or an interrogative opening."""
    text = sentence.rstrip(" \t!！")
    # "What I need out of this: a weekly list", "Why it matters: ...": an opening like a question that labels a statement.
    return text.endswith(_QUESTION_END) or (bool(_QUESTIONS[lang].match(text)) and not _LABELLED_STATEMENT.fullmatch(text))


_LABELLED_STATEMENT = regex_cache.compile(r"[^?？:：]{1,60}[:：]\s*[^?？\s][^?？]*")


def is_hedged(sentence: str, lang: str) -> bool:
    """True when the sentence opens as an opinion or plan ("I think", "let me", 我觉得): no fact is stated."""
    return bool(_HEDGES[lang].match(sentence))


def strip_openers(sentence: str, lang: str) -> str:
    """The sentence without discourse openers ("ok, so", "also", "note:", 另外, 好的，)."""
    return _OPENERS[lang].sub("", sentence.strip()).strip()


def normalize_key(phrase: str) -> str:
    """The stable spelling of a key: lowercase, single spaces, no leading article or
    possessive (the/our/my/a/this, 我们的/这个), no edge punctuation or quotes."""
    key = _QUOTES.sub("", phrase.replace("\u3000", " ")).lower()
    key = " ".join(key.split()).strip(_EDGE_PUNCT)
    key = _LEADING_DETERMINER.sub("", key)
    if not key.isascii():
        key = _SPACE_NEAR_CJK.sub("", key)
        key = _LEADING_ZH_POSSESSIVE.sub("", key)
        key = key.rstrip(zh_keys.TRAILING_POSSESSIVE).strip(_EDGE_PUNCT)
    return key.strip(_EDGE_PUNCT)


def strip_ends(text: str, tails: Iterable[str] = (), heads: Iterable[str] = ()) -> str:
    """text without any of `tails` at its end or `heads` at its start, as often as they occur
    (押金现在已经 -> 押金); a head stays when nothing would be left after it."""
    tails, heads = tuple(tails), tuple(heads)
    changed = True
    while changed:
        changed = False
        for tail in tails:
            if text.endswith(tail):
                text, changed = text[: -len(tail)], True
        for head in heads:
            if text.startswith(head) and len(text) > len(head):
                text, changed = text[len(head) :], True
    return text


def context_free_key(phrase: str, lang: str) -> str:
    """normalize_key without the session-scoped context a phrase carries ("for this work", "here", 这个环境的)."""
    pattern = _KEY_CONTEXT["zh" if lang == "zh" else "en"]
    key = normalize_key(pattern.sub("", phrase.strip(_EDGE_PUNCT)))
    return normalize_key(pattern.sub("", key)) or key


@lru_cache(maxsize=65536)
def stem(word: str) -> str:
    """A small suffix stripper: deploy/deploys/deployed/deploying/deployment -> "deploy",
    latency/latencies -> "latency", install/installs/installation -> "install"."""
    if len(word) <= 3 or not word.isalpha():
        return word
    for suffix, shortest in _SUFFIXES:
        base = word[: -len(suffix)]
        if suffix in ("ed", "es", "ing") and word.endswith(suffix) and _short_e_base(base):
            return base + "e"  # used/uses/using -> use, aged -> age
        if not word.endswith(suffix) or len(base) < shortest:
            continue
        if suffix == "s":
            return word if word.endswith(_NO_PLURAL_S) else stem(base)
        if suffix in ("ies", "ied"):
            return base + "y"
        if suffix in ("ing", "ed", "ings") and len(base) > 3 and base[-1] == base[-2] and base[-1] in _UNDOUBLE:
            base = base[:-1]  # running -> run, stopped -> stop (but install stays)
        return _drop_final_e(base)
    return _drop_final_e(word)


def _short_e_base(base: str) -> bool:
    return len(base) == 2 and base[0] in _VOWELS and base[1] not in _VOWELS


def _drop_final_e(word: str) -> str:
    # configure/configured/configuration all meet at "configur", type/types at "typ".
    return word[:-1] if len(word) >= 4 and word.endswith("e") else word


def latin_terms(text: str) -> list[str]:
    """Stemmed Latin word tokens minus stop words, deduplicated, in first-seen order."""
    if not text.isascii():
        text = unicodedata.normalize("NFKC", text).replace("’", "'")
    terms: dict[str, None] = {}
    for word in _LATIN_WORD.findall(text.lower()):
        if word.endswith("'s"):
            word = word[:-2]
        if word in _STOP_WORDS or (len(word) == 1 and not word.isdigit()):
            continue
        terms[stem(word)] = None
    if "-" in text:
        # A compound of stop words is still a thing ("the thank-you", "a one-off"): it is a term of its own.
        for compound in _COMPOUND.findall(text.lower()):
            if all(part in _STOP_WORDS for part in compound.split("-")):
                terms[compound.replace("-", "")] = None
    return list(terms)


_COMPOUND = regex_cache.compile(r"(?<![\w-])[a-z]+(?:-[a-z]+)+(?![\w-])")


def cjk_runs(text: str) -> list[str]:
    """Maximal runs of CJK ideographs (punctuation and Latin letters break a run)."""
    if text.isascii():
        return []
    runs: list[str] = []
    current: list[str] = []
    for char in text:
        if _is_ideograph(char):
            current.append(char)
        elif current:
            runs.append("".join(current))
            current = []
    if current:
        runs.append("".join(current))
    return runs


def _ngrams(text: str, size: int) -> list[str]:
    grams: dict[str, None] = {}
    for run in cjk_runs(text):
        for start in range(len(run) - size + 1):
            grams[run[start : start + size]] = None
    return list(grams)


def cjk_bigrams(text: str) -> list[str]:
    """Distinct two-character windows over each CJK run; a one-character run gives none."""
    return _ngrams(text, 2)


def cjk_trigrams(text: str) -> list[str]:
    """Distinct three-character windows over each CJK run; shorter runs give none."""
    return _ngrams(text, 3)


@lru_cache(maxsize=8192)
def word_terms(text: str) -> frozenset[str]:
    """Like term_set, but a Chinese run gives only its bigrams free of function characters (张家老宅的合同总价:
    张家, 家老, 老宅, 合同, 同总, 总价, not 宅的 or 的合): what names a subject, for comparing two short phrases.
    No segmenter: ingest reads every key, and loading a dictionary costs a tenth of a second."""
    if not cjk_runs(text):
        return term_set(text)
    return frozenset(latin_terms(text)) | frozenset(gram for gram in cjk_bigrams(text) if not set(gram) & _FUNCTION_CHARACTERS)


@lru_cache(maxsize=32768)
def term_set(text: str) -> frozenset[str]:
    """latin_terms and cjk_bigrams of a text, as a set; cached, as ranking analyses the same items again and again."""
    return frozenset(latin_terms(text)) | frozenset(cjk_bigrams(text))
