"""Payment details and one-time codes: card numbers (Luhn-valid, or after a card label), IBANs (their
check digits valid), the recovery codes an account gives out, and the session cookies a browser sends.
The labels are each language's data (lang/<lang>/secrets.py)."""

import re

from services.memory import regex_cache
from services.memory.domain.scrub_rules.gates import Gate, words
from services.memory.domain.scrub_rules.values import Rule
from services.memory.lang.en import secrets as en
from services.memory.lang.zh import secrets as zh

MIN_CARD_DIGITS, MAX_CARD_DIGITS = 13, 19
MIN_COOKIE_VALUE = 16  # shorter cookie values are preferences ("theme=dark"), not sessions


def _luhn(digits: str) -> bool:
    total = 0
    for index, char in enumerate(reversed(digits)):
        value = int(char) * (2 if index % 2 else 1)
        total += value - 9 if value > 9 else value
    return total % 10 == 0


def _card(m: re.Match[str]) -> str:
    digits = re.sub(r"\D", "", m.group("number"))
    labelled = bool(m.group("label"))
    if MIN_CARD_DIGITS <= len(digits) <= MAX_CARD_DIGITS and (labelled or _luhn(digits)):
        return (m.group("label") or "") + "[REDACTED_CARD]"
    return m.group(0)


def _iban(m: re.Match[str]) -> str:
    """An IBAN whose check digits hold, or any after the word IBAN."""
    compact = m.group("iban").replace(" ", "")
    number = "".join(str(int(char, 36)) for char in compact[4:] + compact[:4])
    label = m.group("label") or ""
    return label + "[REDACTED_IBAN]" if label or int(number) % 97 == 1 else m.group(0)


def _codes(m: re.Match[str]) -> str:
    return m.group("label") + _CODE.sub("[REDACTED]", m.group("codes"))


def _cookie(m: re.Match[str]) -> str:
    return m.group(1) + _COOKIE_PAIR.sub(
        lambda pair: pair.group(1) + ("[REDACTED]" if len(pair.group(2)) >= MIN_COOKIE_VALUE else pair.group(2)), m.group(2)
    )


_CODE = regex_cache.compile(r"(?=[A-Za-z0-9-]*\d)[A-Za-z0-9]{4,}(?:-[A-Za-z0-9]{4,})*")
_COOKIE_PAIR = regex_cache.compile(r"([\w.-]+=)([^;\s]+)")

PAYMENTS: tuple[Rule, ...] = (
    (
        # Four groups of four, or American Express's 4-6-5.
        Gate(shape=r"\d{4}[ -]?\d{4}[ -]?\d{4}|\d{4}[ -]?\d{6}[ -]?\d{5}"),
        regex_cache.compile(
            r"(?i)(?P<label>(?:\b(?:"
            + en.CARD_LABELS
            + r")|"
            + zh.CARD_LABELS
            + r")[ \t]*(?:[:：=]|"
            + en.COPULAS
            + "|"
            + zh.COPULAS
            + r")?[ \t]*)?(?<![\d-])(?P<number>\d{4}(?:[ -]?\d){9,15})(?![\d-])"
        ),
        _card,
    ),
    (
        Gate(shape=r"\b[a-z]{2}\d{2}[ ]?[a-z0-9]{4}"),
        regex_cache.compile(
            r"(?P<label>\bIBAN[ \t]*[:：]?[ \t]*)?(?P<iban>\b[A-Z]{2}\d{2}(?:[ ]?[A-Z0-9]{4}){2,7}(?:[ ]?[A-Z0-9]{1,4})?\b)"
        ),
        _iban,
    ),
    (
        words(*en.RECOVERY_GATE, *zh.RECOVERY_GATE),
        regex_cache.compile(
            r"(?i)(?P<label>(?:\b(?:" + en.RECOVERY_LABELS + r")|" + zh.RECOVERY_LABELS + r")[^:：\n]{0,40}[:：][ \t]*)"
            r"(?P<codes>(?:[A-Za-z0-9-]{4,}[ \t,，、]*){1,16})"
        ),
        _codes,
    ),
    # A Cookie header, or a cookie named in prose right before its pairs ("the cookie I pasted: sid=…", "the cookies are a=…").
    (
        words("cookie"),
        regex_cache.compile(r"(?i)(\b(?:set-)?cookies?(?:[ \t]*[:：]|[ \t]+(?:is|are|was|were|header))?[ \t]*)(?=[\w.-]+=)([^\n]+)"),
        _cookie,
    ),
)
