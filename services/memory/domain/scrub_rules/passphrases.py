"""Passphrases: several words after a passphrase's label ("passphrase: correct horse battery staple", 口令是 …)."""

import re
from collections.abc import Callable

from services.memory import regex_cache
from services.memory.domain.scrub_rules.gates import words
from services.memory.domain.scrub_rules.values import REDACTED, Rule, in_match, is_reference, looks_like_credential
from services.memory.lang.en import secrets as en
from services.memory.lang.zh import secrets as zh

# A word of a passphrase: letters and digits (any script), joined inside by an apostrophe or a hyphen.
_WORD = r"[^\W_]+(?:['’-][^\W_]+)*"
_VALUE = (
    r"""(?:"([^"\n]+)"|'([^'\n]+)'|`([^`\n]+)`|“([^”\n]+)”|‘([^’\n]+)’|「([^」\n]+)」|(?P<words>""" + _WORD + r"(?:[ \t]+" + _WORD + r")*))"
)
# What may follow the last word: the end, a space, or punctuation that ends a clause; not code
# (`passphrase = settings.PASSPHRASE`, `passphrase: Optional[str]`, `get_passphrase()`).
_END = regex_cache.compile(r"$|\s|[,;!?)\]}\"'`’”」，。；、！？）]|[.:](?!\w)")
# ":" or "=" assigns a value (two words make a passphrase); "is" or a dash states one (three do:
# prose says "the passphrase is stored in the vault").
_ASSIGNS = r"(?P<assigns>(?:[ \t]+(?:" + en.COPULAS + r"))?[ \t]*[:：=](?:\*\*)?[ \t]*)"
_STATES = r"(?P<states>[ \t]+(?:" + en.COPULAS + r")[ \t]+|[ \t]+(?:-|–|—)[ \t]+)"
_STOP_WORDS = frozenset(en.PASSPHRASE_STOP_WORDS.split("|") + zh.PASSPHRASE_STOP_WORDS.split("|"))
_INNER = frozenset(en.PASSPHRASE_INNER_WORDS.split("|"))
# What a secret is for, between its label and its value: "the passphrase for the backup disk is …".
_FOR_WHAT = r"(?:\*\*)?(?:[ \t]*\([^)\n]{1,20}\))?(?:[ \t]+(?:" + en.PREPOSITIONS + r")(?:[ \t]+[^\s,;:.!?]+){1,4}?)?"
_COUNTS = frozenset(en.PASSPHRASE_COUNTS.split("|"))
_PREDICATES = frozenset(en.PASSPHRASE_PREDICATES.split("|"))
_CJK = regex_cache.compile(r"[\u3400-\u9fff]+")
CJK_CHARS_PER_WORD = 2


def _run_end(text: str, needed: int, assigns: bool) -> int:
    """Where the passphrase that starts `text` ends: its words up to the first one prose puts there
    ("and", "the"), a preposition between two of its words kept ("moss between grey stones"); 0 when
    they are fewer than `needed` or read as a description or a count."""
    found = list(re.finditer(r"\S+", text))
    taken: list[re.Match[str]] = []
    counted = 0
    for i, word in enumerate(found):
        lowered = word.group().lower()
        if lowered in _STOP_WORDS:
            following = found[i + 1].group().lower() if i + 1 < len(found) else ""
            if not (taken and lowered in _INNER and following and following not in _STOP_WORDS):
                break
        else:
            counted += _words_in(word.group())
        taken.append(word)
    if not taken:
        return 0
    first = taken[0].group().lower()
    if first.isdigit() or first in _COUNTS:
        return 0  # "the passphrase is four random words", "口令是 12 位"
    if not assigns and (first in _PREDICATES or (len(first) >= 5 and first.endswith("ed"))):
        return 0  # "the passphrase is required", "was rotated last week"
    return taken[-1].end() if counted >= needed else 0


def _words_in(token: str) -> int:
    """How many words a run holds: its parts joined by apostrophes or hyphens; Chinese, written without
    spaces, about one per two characters ("春眠不觉晓" is a phrase of several words)."""
    if _CJK.fullmatch(token):
        return max(1, len(token) // CJK_CHARS_PER_WORD)
    return len(re.split(r"['’-]", token))


def _phrase(assigned: int, stated: int, *, described_after_colon: bool = False) -> Callable[[re.Match[str]], str]:
    """The replacement for a label's run of words: `assigned` words after ":" or "=" make a phrase,
    `stated` after "is" or a dash; `described_after_colon` reads a predicate after ":" as prose too."""

    def replace(m: re.Match[str]) -> str:
        found = m.group("words")
        if found is None:  # quoted: all of it, unless it is a template or a placeholder
            group = next(g for g in range(1, (m.re.groups or 1) + 1) if g not in m.re.groupindex.values() and m.group(g) is not None)
            if is_reference(m.group(group)):
                return m.group(0)
            start, end = m.span(group)
        else:
            assigns = m.groupdict().get("assigns") is not None
            start = m.start("words")
            end = start + _run_end(found, assigned if assigns else stated, assigns and not described_after_colon)
            if end == start or (end == m.end() and not _END.match(m.string, end)):
                return m.group(0)
        whole = m.group(0)
        return whole[: start - m.start()] + REDACTED + whole[end - m.start() :]

    return replace


# A wallet's recovery words: twelve to twenty-four short lowercase words (BIP-39's are of three to eight letters).
MIN_SEED_WORDS = 12


def _seed_words(m: re.Match[str]) -> str:
    """The run of words after a seed's label, when none of them is a word prose needs ("the seed is used to …")."""
    found = m.group("seed").split()
    if len(found) < MIN_SEED_WORDS or any(word in _STOP_WORDS for word in found):
        return m.group(0)
    return m.group(0)[: m.start("seed") - m.start()] + REDACTED


def _quoted_secret(m: re.Match[str]) -> str:
    """A quoted phrase near a password's name is the password when it has several words or reads as one."""
    group = next(g for g in (1, 2, 3) if m.group(g) is not None)
    value = m.group(group)
    if is_reference(value) or not (len(value.split()) >= 2 or looks_like_credential(value)):
        return m.group(0)
    return in_match(m, group, REDACTED)


PASSPHRASES: tuple[Rule, ...] = (
    # "passphrase: correct horse battery staple", "my passphrase is …", "pass phrase = …",
    # "the passphrase for the backup disk is …", "**Passphrase:** …".
    (
        words("phrase"),
        regex_cache.compile(r"(?i)\b(?:" + en.PASSPHRASE_LABELS + r")" + _FOR_WHAT + r"(?:" + _ASSIGNS + "|" + _STATES + ")" + _VALUE),
        _phrase(2, 3),
    ),
    # "the seed for my wallet is …", "Backup words (12):" and the words on the next line.
    (
        words(*en.SEED_GATE),
        regex_cache.compile(
            r"(?i)\b(?:" + en.SEED_LABELS + r")\b[^\n]{0,40}?(?:[:：=]|\b(?:" + en.COPULAS + r")\b)?[ \t]*\n?[ \t]*"
            r"(?P<seed>(?:[a-z]{3,8}[ \t]+){11,23}[a-z]{3,8})(?![\w-])"
        ),
        _seed_words,
    ),
    # A password given as words after ":" or "=" ("Password = river stone lantern 7", "the wifi password is:
    # …"): three words at least, as a single word is the other rules' ("password: hunter2").
    (
        words(*en.PASSWORD_LABELS_GATE),
        regex_cache.compile(r"(?i)\b(?:" + en.PASSWORD_LABELS + r")" + _FOR_WHAT + _ASSIGNS + _VALUE),
        _phrase(3, 3, described_after_colon=True),
    ),
    # A password given its value by a verb: "we reset the shed lock's passphrase to amber otter lantern".
    (
        words(*en.SET_VERBS.split("|")),
        regex_cache.compile(
            r"(?i)\b(?:"
            + en.SET_VERBS
            + r")[ \t]+(?:(?:the|my|our|its|their|his|her)[ \t]+)?(?:[\w'’-]+[ \t]+){0,3}?(?:"
            + en.PASSWORD_LABELS
            + "|"
            + en.PASSPHRASE_LABELS
            + r")[ \t]+(?P<states>to[ \t]+)"
            + _VALUE
        ),
        _phrase(3, 3),
    ),
    # A quoted phrase a few words after a password's name: 'the vault password I use: "…"', 'I typed "…"'.
    (
        words(*en.PASSWORD_LABELS_GATE, "phrase"),
        regex_cache.compile(
            r"(?i)\b(?:" + en.PASSWORD_LABELS + "|" + en.PASSPHRASE_LABELS + r")\b[^.!?\n\"“'‘]{0,50}?[ \t:,]"
            r"(?:\"([^\"\n]{4,80})\"|“([^”\n]{4,80})”|'([^'\n]{4,80})')"
        ),
        _quoted_secret,
    ),
    # 口令是 correct horse battery staple, 密码短语：紫色 海鸥 飞过 山顶.
    (
        words(*zh.PASSPHRASE_LABELS.split("|")),
        regex_cache.compile(
            r"(?:" + zh.PASSPHRASE_LABELS + r")(?:(?P<assigns>[ \t]*[:：=][ \t]*)|(?P<states>[ \t]*(?:" + zh.COPULAS + r")[ \t]*))" + _VALUE
        ),
        _phrase(2, 3),
    ),
)
