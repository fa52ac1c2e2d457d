"""Credentials in HTTP headers, URLs and command lines: Authorization, user:pass@, --password, -p."""

import re

from services.memory import regex_cache
from services.memory.domain.scrub_rules.gates import Gate, words
from services.memory.domain.scrub_rules.names import NAMED_GATE
from services.memory.domain.scrub_rules.values import (
    PLACEHOLDER,
    REDACTED,
    Rule,
    in_match,
    is_reference,
    looks_like_credential,
    unless_reference,
)

_FLAG_VALUE = r"""("[^"\n]*"|'[^'\n]*'|(?!-)[^\s"'，。；、]+)"""


def _authorization(m: re.Match[str]) -> str:
    scheme, value = (m.group(2) or "").strip(), m.group(3)
    # After a scheme, anything but a word or a template; without one, a credential-looking value
    # (`authorization=authorization,` and `"Authorization": "Bearer " + token` are code).
    credential = (not value.isalpha() or len(value) >= 16) if scheme else looks_like_credential(value)
    if is_reference(value) or not credential:
        return m.group(0)
    return m.group(1) + (scheme + " " if scheme else "") + ("[REDACTED_TOKEN]" if scheme.lower() == "bearer" else REDACTED)


def _basic(m: re.Match[str]) -> str:
    token = m.group(1)
    # "Basic Authentication" is prose; base64 credentials carry digits, '+', '/', '=' or many inner capitals.
    if any(c in "+/=" or c.isdigit() for c in token) or (len(token) >= 12 and sum(c.isupper() for c in token[1:]) >= 3):
        return "Basic " + REDACTED
    return m.group(0)


def _flag_value(m: re.Match[str]) -> str:
    value = m.group(3).strip("'\"")
    if is_reference(value) or value.startswith("$("):
        return m.group(0)
    # `--token X` with a space is also how prose mentions a flag ("pass the --token flag"): judge the word.
    if m.group(2) != "=" and m.group(3)[0] not in "'\"" and not looks_like_credential(value):
        return m.group(0)
    return in_match(m, 3, REDACTED)


def _user_password(m: re.Match[str]) -> str:
    if PLACEHOLDER.match(m.group(2)) or (m.group(1).isdigit() and m.group(2).isdigit()):
        return m.group(0)  # docker -u 1000:1000 is a uid:gid
    return in_match(m, 2, REDACTED)


HEADERS_AND_FLAGS: tuple[Rule, ...] = (
    # Authorization headers: the scheme stays, the credential goes.
    (
        words("authorization"),
        regex_cache.compile(
            r"(?i)\b((?:proxy-)?authorization[\"']?[ \t]*[:=][ \t]*[\"']?)"
            r"((?:bearer|basic|token|bot|apikey|api-key|sso-key|negotiate|ntlm|digest|aws4-hmac-sha256)[ \t]+)?([^\s\"',;，。；、]+)"
        ),
        _authorization,
    ),
    (
        words("bearer"),
        regex_cache.compile(r"(?i)\bbearer[ \t]+(?=[A-Za-z0-9._~+/=-]*[0-9._~+/=-])[A-Za-z0-9._~+/-]{8,}=*"),
        "Bearer [REDACTED_TOKEN]",
    ),
    (words("basic"), regex_cache.compile(r"\bBasic[ \t]+([A-Za-z0-9+/]{8,}={0,2})(?![A-Za-z0-9+/=])"), _basic),
    (Gate(shape=r"://[^/\s:@]*:[^@\s/]+@"), regex_cache.compile(r"(://[^/\s:@]*:)([^@\s/]+)@"), unless_reference),
    # Command lines: --password X, --token=X, --passphrase "…", curl -u user:pass, mysql -pX / -p'X', sshpass -p X.
    (
        NAMED_GATE,
        regex_cache.compile(
            r"(?i)(?<![\w-])(--?(?:[a-z0-9]+-)*(?:password|passwd|pass-?phrase|pass|token|secret|api-?key|access-key|secret-key|private-key))"
            r"(?![\w-])(=|[ \t]+)" + _FLAG_VALUE
        ),
        _flag_value,
    ),
    (
        words("-u ", "-u=", "--user"),
        regex_cache.compile(r"(?<![\w-])(?:-u|--user)(?:=|[ \t]+)[\"']?([^\s:\"'/@]+):([^\s\"'@，。；、]+)"),
        _user_password,
    ),
    (words("-p'", '-p"'), regex_cache.compile(r"(?<!\S)(-p)('[^'\s]+'|\"[^\"\s]+\")"), unless_reference),
    # A quoted -p after a user on the same command line is its password: snowsql -u loader -p 'X'.
    (
        words("-p '", '-p "'),
        regex_cache.compile(r"(?<!\S)(-u[ \t]+\S+[ \t]+(?:[^\n]*?[ \t])?-p[ \t]+)('[^'\n]+'|\"[^\"\n]+\")"),
        unless_reference,
    ),
    (
        words("mysql", "mariadb"),
        regex_cache.compile(r"(?i)\b(?:mysql\w*|mariadb[\w-]*)\b([^\n|;&]*?[ \t]-p)([^\s'\"-][^\s'\"]*)"),
        unless_reference,
    ),
    (words("sshpass"), regex_cache.compile(r"\b(sshpass[ \t]+-p)[ \t]*" + _FLAG_VALUE), unless_reference),
)
