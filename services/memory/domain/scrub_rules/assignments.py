"""Secrets labelled in config and code: `NAME = value`, JSON and YAML keys, name/value pairs."""

import re

from services.memory import regex_cache
from services.memory.domain.scrub_rules.gates import Gate, words
from services.memory.domain.scrub_rules.names import NAMED_GATE, PASSWORD_WORD, SECRET_WORDS, ZH_SECRET_WORDS
from services.memory.domain.scrub_rules.values import (
    CODE_WORD,
    NOT_VALUES,
    REDACTED,
    Rule,
    in_match,
    is_reference,
    looks_like_credential,
    unless_reference,
)

_DEFAULT_ARGUMENT = regex_cache.compile(r"[A-Za-z_][\w.\[\]]*=(?:None|True|False|null|\d+|[\w.]+)")  # start_token:Token=None
_VALUE_QUOTED = r"""(?:(?:[bBrRuUfF]{1,2}(?=["']))?"([^"\n]*)"|(?:[bBrRuUfF]{1,2}(?='))?'([^'\n]*)'|\\"([^"\\\n]*)\\"|"""


def _is_code(m: re.Match[str], name: str, separator: str, value: str) -> bool:
    """Whether an unquoted value after a secret's name is code or prose rather than a secret."""
    env_name = re.search(r"\b[A-Z][A-Z0-9_]*[\"']?[ \t]*\S{1,2}[ \t]*$", name)  # ADMIN_PASSWORD=word, …
    before, after = m.string[m.start() - 1 : m.start()] or "^", m.string[m.end() : m.end() + 1] or "$"
    word = CODE_WORD.fullmatch(value.rstrip(":"))
    # rust_openssl.hpke.X25519PrivateKey, Settings.SECRET; not a password with a dot in it ("Tq8.Lamp4Ridge").
    dotted = re.fullmatch(r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+", value) and (
        re.match(r"[a-z_][a-z0-9_]*\.", value) or not any(c.isdigit() for c in value)
    )
    typed = separator == ":" and after in ",)=" and value[:1].isupper() and value.isidentifier()  # key: KeyTypes,
    # A shell assignment has no spaces around '='; code has (`self.token = token`).
    spaced = separator in ("=", ":=", "=>") and re.search(r"\s(?:=|:=|=>)|(?:=|:=|=>)\s", name)
    number = re.fullmatch(r"[-+]?\d+(?:\.\d+)?", value)
    if (
        separator == "=="  # token == Name
        or after in "(["  # password=get_password(), token = headers["X"]
        or dotted
        or typed
        # A variable named after a secret is a variable: token=new_lock_token, state_credentials=credentials.
        or (word and ((after in ",)" and not env_name) or spaced or "_" in value or _ends_name(name, value)))
        or (number and (len(value) < 4 or not PASSWORD_WORD.search(name)))  # max_token=4096, HAVE_PASSWD: 1
    ):
        return True
    if separator not in ":：":
        return False
    if before in ":{" or name.rstrip(" \t")[:-1].endswith((" ", "\t")) or _DEFAULT_ARGUMENT.fullmatch(value):
        return True  # arn:…:secret:name, f"{token:056d}", "Pass :data:`x`", start_token:Token=None
    if not value.isalpha():
        return False
    # A lone word after a colon is a password only on a YAML line of its own (`password: Sunflower`),
    # not in prose ("token: roughly four") nor as a type (`password: str`, `pseudo_token: Pattern`).
    line_start, line_end = m.string.rfind("\n", 0, m.start()) + 1, m.string.find("\n", m.end())
    rest = m.string[m.end() : None if line_end < 0 else line_end].strip()
    yaml_line = not m.string[line_start : m.start()].strip(" \t-\"'") and (not rest or rest.startswith("#"))
    camel_type = value[0].isupper() and sum(c.isupper() for c in value) >= 2
    return not yaml_line or camel_type or value.lower() in NOT_VALUES or not PASSWORD_WORD.search(name)


def _named_value(m: re.Match[str]) -> str:
    """`NAME = value` where NAME ends in a secret word: the value goes, unless it is code or a pointer."""
    name, separator = m.group(1), m.group(2)
    group = next(g for g in (3, 4, 5, 6) if m.group(g) is not None)
    value = m.group(group)
    identifier = re.search(r"[\w-]+(?=[\"'\\]?[ \t]*(?::=|=>|==|=|:|：))", name)
    same = identifier is not None and _squash(value) == _squash(identifier.group(0))  # REFRESH_TOKEN = "REFRESH_TOKEN"
    if is_reference(value) or same:
        return m.group(0)
    if group != 6:  # a quoted literal is a secret, unless code compares against it (`token == "("`)
        return m.group(0) if separator == "==" and not looks_like_credential(value) else in_match(m, group, REDACTED)
    return m.group(0) if _is_code(m, name, separator, value) else in_match(m, group, REDACTED)


def _squash(word: str) -> str:
    return re.sub(r"[\W_]+", "", word).lower()


def _ends_name(name: str, value: str) -> bool:
    """Whether the value is the name's last parts (`state_credentials=credentials`, `self.token = token`)."""
    parts = re.split(r"[\W_]+|(?<=[a-z])(?=[A-Z])", name)
    return any(_squash("".join(parts[i:])) == _squash(value) for i in range(len(parts)))


ASSIGNMENTS: tuple[Rule, ...] = (
    # AWS secret access keys when named (aws_secret_access_key, "SecretAccessKey", "secret key: …").
    (
        words("secret"),
        regex_cache.compile(
            r"(?i)((?:aws[ _-]?)?secret[ _-]?(?:access[ _-]?)?key[\"']?[ \t]*(?:[:=：]|=>|:=|[ \t]is)[ \t]*[\"']?)"
            r"([A-Za-z0-9/+]{40})(?![A-Za-z0-9/+=])"
        ),
        r"\1[REDACTED_AWS_SECRET]",
    ),
    # NAME = value for every name ending in a secret word: env (export X=…), JSON, YAML, code, URLs.
    # The lookahead skips, in one pass, every word that no assignment follows.
    (
        NAMED_GATE,
        regex_cache.compile(
            r"(?i)(?<![\w.$-])(?<!\$\{)((?:\\?[\"'])?(?=[\w.-]+(?:\\?[\"'])?[ \t]*[:=：])[\w.-]*?(?:"
            + SECRET_WORDS
            + "|"
            + ZH_SECRET_WORDS
            + r")(?:\\?[\"'])?[ \t]*(:=|=>|==|=|:|：)[ \t]*)"
            + _VALUE_QUOTED
            + r"((?!\[REDACTED|\[USER\]|[=>#:])(?:[^\s\"'`\\,;&()\[\]{}，。；、（）]|&(?![\w.-]+=))+))"
        ),
        _named_value,
    ),
    # A .pgpass line, host:port:database:user:password (`*` for any of the first four).
    (
        Gate(shape=r"[\w.-]+:(?:\d+|\*):[^:\s]+:[^:\s]+:\S"),
        regex_cache.compile(r"(?m)^((?=[\w.*-]*[A-Za-z*])[\w.*-]+:(?:\d+|\*):[^:\s]+:[^:\s]+:)(\S+)$"),
        unless_reference,
    ),
    # A name/value pair (Kubernetes env, JSON): `- name: DB_PASSWORD` then `value: …`.
    (
        NAMED_GATE,
        regex_cache.compile(
            r"(?i)(\bname[\"']?[ \t]*[:=][ \t]*[\"']?[\w.-]*?(?:" + SECRET_WORDS + r")[\"']?[ \t]*[,\n][ \t]*-?[ \t]*"
            r"[\"']?value[\"']?[ \t]*[:=][ \t]*)" + r"""(?:"([^"\n]*)"|'([^'\n]*)'|((?!\[REDACTED)[^\s"',}，。；、]+))"""
        ),
        unless_reference,
    ),
)
