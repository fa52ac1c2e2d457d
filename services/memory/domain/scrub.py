"""Scrubbing exports and assembled messages: credentials and personal paths become placeholders."""

import re
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import TYPE_CHECKING, Any

from services.memory import regex_cache
from services.memory.domain.scrub_rules.gates import Gate
from services.memory.domain.scrub_rules.names import SECRET_WORDS, ZH_SECRET_WORDS

if TYPE_CHECKING:
    from services.memory.domain.scrub_rules.values import Rule

_TOKEN_TAIL = r"[A-Za-z0-9_+/=-]*"


@dataclass(frozen=True)
class _Table:
    rules: tuple["Rule", ...]  # (gate, pattern, replacement), in the order they run
    detectors: tuple[tuple[Gate, Any], ...]  # (gate, detect-secrets detector)
    gates: tuple[Gate, ...]  # every distinct gate of both
    any_gate: re.Pattern[str]  # every gate at once: text with nothing to replace (most lines) costs one scan
    placeholder: re.Pattern[str]
    redacted: str


@cache
def _table() -> _Table:
    """The rule table, loaded on the first text to scrub: it and detect-secrets under it (with requests)
    were a third of the service's start-up, and a health check or a Retrieve needs neither."""
    from services.memory.domain.scrub_rules import table

    gates = tuple({id(gate): gate for gate in [gate for gate, *_ in table.RULES] + [gate for gate, _ in table.DETECTORS]}.values())
    any_gate = regex_cache.compile(
        "|".join([table.alternation(w for g in gates for w in g.words), *sorted({g.shape for g in gates if g.shape})])
    )
    return _Table(table.RULES, table.DETECTORS, gates, any_gate, table.PLACEHOLDER, table.REDACTED)


def prepare() -> None:
    """Load the rule table now (the server does, once it serves) rather than on the first scrub."""
    _table()


def _placeholder(detector: Any) -> str:
    return "[REDACTED_" + re.sub(r"\W+", "_", detector.secret_type).strip("_").upper() + "]"


# Assemble scrubs every line it hands out, and the same items come back query after query.
_CACHED_CHARS = 4096


def scrub(text: str) -> str:
    """The text with credentials and personal paths replaced by placeholders that name their kind
    (`[REDACTED_STRIPE_KEY]`, `password=[REDACTED]`, `/home/[USER]/`, `~/[REDACTED_PATH]`).
    Idempotent; text with nothing to replace costs one regex scan, a short text seen lately none."""
    return _scrub_cached(text) if len(text) <= _CACHED_CHARS else _scrub(text)


@lru_cache(maxsize=16384)
def _scrub_cached(text: str) -> str:
    return _scrub(text)


def _scrub(text: str) -> str:
    table = _table()
    lowered = text.lower()
    if not table.any_gate.search(lowered):
        return text
    # Gates read the text as it came in: a replacement only ever takes material away.
    open_gates = {id(gate) for gate in table.gates if gate.opens(lowered)}
    for gate, pattern, replacement in table.rules:
        if id(gate) in open_gates:
            text = pattern.sub(replacement, text)
    for gate, detector in table.detectors:
        if id(gate) not in open_gates:
            continue
        for found in set(detector.analyze_string(text)):
            found = found.strip(" \t\r\n\"'=:")
            if found and not table.placeholder.search(found):
                # A detector may match a key's prefix only; the rest of the token goes with it.
                text = re.sub(re.escape(found) + _TOKEN_TAIL, _placeholder(detector), text)
    return text


_SECRET_KEY = regex_cache.compile(
    r"(?i)^[\w .-]{0,48}?(?:" + SECRET_WORDS + r"|authorization|(?<![a-z])auth|cookie|" + ZH_SECRET_WORDS + ")$"
)


def names_secret(name: object) -> bool:
    """Whether a dict key (or the name in a {"name": …, "value": …} pair) says its value is a secret:
    `password`, `DB_PASSWORD`, `apiKey`, `client_secret`, `Authorization`, `x-auth-token`, …"""
    return isinstance(name, str) and bool(_SECRET_KEY.match(name.strip()))


def _redact_all(value: object) -> object:
    if isinstance(value, str):
        return _table().redacted if value else value
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return _table().redacted
    if isinstance(value, list):
        return [_redact_all(v) for v in value]
    if isinstance(value, dict):
        return {scrub(k) if isinstance(k, str) else k: _redact_all(v) for k, v in value.items()}
    return value


def _scrub_named(name: str, value: str) -> str:
    """A pair's value read after its name, as the sentence it came from put them: a fact
    {"key": "portal login", "value": "ana.m / QHs#0919"} holds a password that the value
    alone does not show to be one."""
    lead = scrub(name + ": ")
    scrubbed = scrub(lead + value)
    return scrubbed[len(lead) :] if scrubbed.startswith(lead) else scrub(value)


def scrub_document(value: object) -> object:
    """Scrub every string of a JSON-like document, keys too (before it is serialized, so escapes
    stay valid). A value whose key names a secret is replaced whatever it looks like, and so is the
    `value` of a pair whose `key` or `name` does (`{"name": "DB_PASSWORD", "value": …}`); the
    `value` of any other pair is scrubbed as written after its name (`login: user / password`)."""
    if isinstance(value, str):
        return scrub(value)
    if isinstance(value, list):
        return [scrub_document(v) for v in value]
    if not isinstance(value, dict):
        return value
    pair_is_secret = names_secret(value.get("key")) or names_secret(value.get("name"))
    name = next((n for n in (value.get("key"), value.get("name")) if isinstance(n, str) and n.strip()), None)
    scrubbed: dict[object, object] = {}
    for key, item in value.items():
        new_key = scrub(key) if isinstance(key, str) else key
        while new_key in scrubbed:  # two credentials as keys must not collapse into one entry
            new_key = f"{new_key}+"
        secret = names_secret(key) or (pair_is_secret and key == "value")
        if secret:
            scrubbed[new_key] = _redact_all(item)
        elif key == "value" and name is not None and isinstance(item, str):
            scrubbed[new_key] = _scrub_named(name, item)
        else:
            scrubbed[new_key] = scrub_document(item)
    return scrubbed
