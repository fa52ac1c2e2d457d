"""Passphrases: several words after a passphrase's label ("passphrase: correct horse battery staple", 口令是 …)."""

import re

from services.memory import regex_cache
from services.memory.domain.scrub_rules.gates import words
from services.memory.domain.scrub_rules.values import REDACTED, Rule, is_reference
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
_COUNTS = frozenset(en.PASSPHRASE_COUNTS.split("|"))
_PREDICATES = frozenset(en.PASSPHRASE_PREDICATES.split("|"))
_CJK = regex_cache.compile(r"[\u3400-\u9fff]+")
CJK_CHARS_PER_WORD = 2


def _run_end(text: str, assigns: bool) -> int:
    """Where the passphrase that starts `text` ends: its words up to the first one prose puts
    there ("and", "in", "the"); 0 when they are too few or read as a description or a count."""
    taken = []
    for word in re.finditer(r"\S+", text):
        if word.group().lower() in _STOP_WORDS:
            break
        taken.append(word)
    if not taken:
        return 0
    first = taken[0].group().lower()
    if first.isdigit() or first in _COUNTS:
        return 0  # "the passphrase is four random words", "口令是 12 位"
    if not assigns and (first in _PREDICATES or (len(first) >= 5 and first.endswith("ed"))):
        return 0  # "the passphrase is required", "was rotated last week"
    if sum(_words_in(word.group()) for word in taken) < (2 if assigns else 3):
        return 0
    return taken[-1].end()


def _words_in(token: str) -> int:
    """How many words a run holds: its parts joined by apostrophes or hyphens; Chinese, written without
    spaces, about one per two characters ("春眠不觉晓" is a phrase of several words)."""
    if _CJK.fullmatch(token):
        return max(1, len(token) // CJK_CHARS_PER_WORD)
    return len(re.split(r"['’-]", token))


def _passphrase(m: re.Match[str]) -> str:
    found = m.group("words")
    if found is None:  # quoted: all of it, unless it is a template or a placeholder
        group = next(g for g in range(1, (m.re.groups or 1) + 1) if g not in m.re.groupindex.values() and m.group(g) is not None)
        if is_reference(m.group(group)):
            return m.group(0)
        start, end = m.span(group)
    else:
        start = m.start("words")
        end = start + _run_end(found, assigns=m.group("assigns") is not None)
        if end == start or (end == m.end() and not _END.match(m.string, end)):
            return m.group(0)
    whole = m.group(0)
    return whole[: start - m.start()] + REDACTED + whole[end - m.start() :]


PASSPHRASES: tuple[Rule, ...] = (
    # "passphrase: correct horse battery staple", "my passphrase is …", "pass phrase = …",
    # "the passphrase for the backup disk is …", "**Passphrase:** …".
    (
        words("phrase"),
        regex_cache.compile(
            r"(?i)\b(?:" + en.PASSPHRASE_LABELS + r")(?:\*\*)?(?:[ \t]+(?:" + en.PREPOSITIONS + r")(?:[ \t]+[^\s,;:.!?]+){1,4}?)?"
            r"(?:" + _ASSIGNS + "|" + _STATES + ")" + _VALUE
        ),
        _passphrase,
    ),
    # 口令是 correct horse battery staple, 密码短语：紫色 海鸥 飞过 山顶.
    (
        words(*zh.PASSPHRASE_LABELS.split("|")),
        regex_cache.compile(
            r"(?:" + zh.PASSPHRASE_LABELS + r")(?:(?P<assigns>[ \t]*[:：=][ \t]*)|(?P<states>[ \t]*(?:" + zh.COPULAS + r")[ \t]*))" + _VALUE
        ),
        _passphrase,
    ),
)
