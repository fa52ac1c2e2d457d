"""Placeholders, and the tests that tell a secret's value from code, a template or a pointer to one."""

import re
from collections.abc import Callable

from detect_secrets.filters.heuristic import is_prefixed_with_dollar_sign, is_templated_secret

from services.memory import regex_cache
from services.memory.domain.scrub_rules.gates import Gate

Replacement = str | Callable[[re.Match[str]], str]
# A rule: when it can apply, what it finds, what replaces it.
Rule = tuple[Gate, re.Pattern[str], Replacement]

REDACTED = "[REDACTED]"
PLACEHOLDER = regex_cache.compile(r"\[(?:REDACTED\w*|USER)\]")

# Values of secrets' names that are code or a pointer to the secret, not the secret.
NOT_VALUES = frozenset(
    [
        "none",
        "null",
        "nil",
        "true",
        "false",
        "undefined",
        "required",
        "optional",
        "str",
        "string",
        "bytes",
        "secretstr",
        "any",
        "redacted",
        "***",
        "xxx",
        "...",
        "…",
        "1password",  # the password manager ("密码 1Password 里有")
        # what examples put where a secret goes
        "changeme",
        "change_me",
        "change-me",
        "placeholder",
        "example",
        "dummy",
        "password",
        "secret",
        "yourpassword",
    ]
)
# A name in capitals standing for a value (`NAME:SECRET@HOST`, `"INSERT_TOKEN"`), and a value cut short
# on purpose (`pk-...`): what a template or the docs write, never a secret.
_CAPITALS_NAME = regex_cache.compile(r"[A-Z]+(?:_[A-Z]+)*")
_ELIDED = regex_cache.compile(r"(.{0,11})(?:\.{3}|…)")
CODE_WORD = regex_cache.compile(r"[A-Za-z_]+(?:\.[A-Za-z_]+)*")  # an identifier or a dotted path, no digits


def in_match(m: re.Match[str], group: int, placeholder: str) -> str:
    """The whole match with one group replaced (inside its quotes, if it is quoted)."""
    start, end = m.span(group)
    if end - start >= 2 and m.string[start] in "'\"" and m.string[end - 1] == m.string[start]:
        start, end = start + 1, end - 1
    whole = m.group(0)
    return whole[: start - m.start()] + placeholder + whole[end - m.start() :]


def is_reference(value: str) -> bool:
    """Not a secret but a pointer to one or no value at all: empty, a placeholder, a template
    (`${X}`, `<token>`, `{{ x }}`, `%(x)s`), a `$VAR`, a mask, a keyword, punctuation, a colour."""
    return (
        not value
        or bool(PLACEHOLDER.match(value))
        or value.lower() in NOT_VALUES
        or is_templated_secret(value)
        or is_prefixed_with_dollar_sign(value)
        or set(value) <= set("*xX.…•-")
        or value.startswith("%")
        or "%(" in value
        or not any(c.isalnum() for c in value)
        or ("{" in value and "}" in value)  # f"{registry_id}-auth-token"
        or bool(re.fullmatch(r"#[0-9a-fA-F]{3,8}", value))
        or bool(_CAPITALS_NAME.fullmatch(value))
        or bool(_ELIDED.fullmatch(value))
    )


def looks_like_credential(value: str) -> bool:
    """For a value named in prose ("my password is …"): ASCII letters mixed with digits or symbols,
    and not code (`Name.Variable`, `dict[str, str]`)."""
    return (
        len(value) >= 6
        and value.isascii()
        and any(c.isalpha() for c in value)
        and any(c.isdigit() or c in "!@#$%^&*+=?~/" for c in value)  # "position-only" is a word
        and not any(c in "()[]{}<>" for c in value)
        and not CODE_WORD.fullmatch(value)
        and not is_reference(value)
    )


def unless_reference(m: re.Match[str]) -> str:
    """The first group from 2 on that matched is a password (`-p'…'`, `://user:…@`): it goes,
    unless it is a template or a placeholder."""
    group = next(g for g in range(2, (m.re.groups or 2) + 1) if m.group(g) is not None)
    return m.group(0) if is_reference(m.group(group).strip("'\"")) else in_match(m, group, REDACTED)
