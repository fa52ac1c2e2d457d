"""Credentials in the shapes tools print and read: Wi-Fi QR payloads, registry auths in a docker config,
session ids in logs, key parameters in URLs, password flags of keytool and redis-cli, bot and vendor
tokens no detector spells out, account numbers after their label, and one-time codes an app shows."""

import re

from services.memory import regex_cache
from services.memory.domain.scrub_rules.gates import Gate, words
from services.memory.domain.scrub_rules.values import REDACTED, Rule, in_match, looks_like_credential, unless_reference
from services.memory.lang.en import secrets as en

MIN_SESSION_ID = 16


def _random_value(m: re.Match[str]) -> str:
    """The last group, when it reads as a credential (mixed letters and digits), not a word or a number."""
    last = m.re.groups
    value = m.group(last)
    return in_match(m, last, REDACTED) if looks_like_credential(value) or (value.isdigit() and len(value) >= 6) else m.group(0)


TOOL_SHAPES: tuple[Rule, ...] = (
    # WIFI:S:<ssid>;T:WPA;P:<password>;; as a QR code spells a network's key.
    (words("wifi:"), regex_cache.compile(r"(?i)(WIFI:[^\n]*?\bP:)((?:\\;|[^;\n])+)"), unless_reference),
    # ~/.docker/config.json: "auth" is base64 of user:password.
    (
        words('"auth"'),
        regex_cache.compile(r'("auth"[ \t]*:[ \t]*")([A-Za-z0-9+/]{12,}={0,2})(")'),
        lambda m: m.group(1) + REDACTED + m.group(3),
    ),
    # A server's session id in a log line or a pasted cookie: PHPSESSID=…, JSESSIONID=…, connect.sid=….
    (
        words(*en.SESSION_COOKIE_GATE),
        regex_cache.compile(r"(?i)\b(?:" + en.SESSION_COOKIES + r")=([^;\s&,\"']{" + str(MIN_SESSION_ID) + r",})"),
        lambda m: m.group(0)[: m.start(1) - m.start()] + REDACTED,
    ),
    # A key passed in a URL's query: ?appid=…, &api_key=…, &access_token=…, &sig=….
    (
        Gate(shape=r"[?&](?:" + en.URL_KEY_PARAMETERS + r")="),
        regex_cache.compile(r"(?i)([?&](?:" + en.URL_KEY_PARAMETERS + r")=)([^&#\s\"'<>]+)"),
        _random_value,
    ),
    # keytool -storepass X -keypass X, openssl -passin pass:X, redis-cli -a X.
    (
        words("-storepass", "-keypass", "-srcstorepass", "-deststorepass", "-passin", "-passout"),
        regex_cache.compile(
            r"(?i)(?<![\w-])(-(?:store|key|srcstore|deststore)pass[ \t]+|-pass(?:in|out)[ \t]+pass:)(\"[^\"\n]*\"|'[^'\n]*'|[^\s\"']+)"
        ),
        unless_reference,
    ),
    (
        words("redis-cli"),
        regex_cache.compile(r"(\bredis-cli\b[^\n|;&]*?[ \t]-a[ \t]+)(\"[^\"\n]*\"|'[^'\n]*'|[^\s\"'-][^\s\"']*)"),
        unless_reference,
    ),
    # Discord bot tokens (the detector's lengths are older than today's tokens) and Atlassian API tokens.
    (
        Gate(shape=r"\.[\w-]{6}\.[\w-]{27}"),
        regex_cache.compile(r"(?<![\w.-])[A-Za-z\d_-]{23,28}\.[A-Za-z\d_-]{6,7}\.[A-Za-z\d_-]{27,40}(?![\w.-])"),
        "[REDACTED_DISCORD_TOKEN]",
    ),
    (words("atatt"), regex_cache.compile(r"\bATATT[A-Za-z0-9_\-=]{40,}"), "[REDACTED_ATLASSIAN_TOKEN]"),
    (words("dckr_pat_"), regex_cache.compile(r"\bdckr_pat_[A-Za-z0-9_-]{20,}"), "[REDACTED_DOCKER_TOKEN]"),
    # Recovery and product keys in the groups their tools print: BitLocker's eight groups of six digits,
    # a licence key's five groups of five (named or not: nothing else is written that way).
    (
        Gate(shape=r"\d{6}-\d{6}-\d{6}"),
        regex_cache.compile(r"(?<![\w-])\d{6}(?:-\d{6}){7}(?![\w-])"),
        "[REDACTED_RECOVERY_KEY]",
    ),
    (
        Gate(shape=r"-[a-z0-9]{5}-[a-z0-9]{5}-[a-z0-9]{5}-"),
        regex_cache.compile(r"(?<![\w-])(?=[A-Z0-9-]*[A-Z])(?=[A-Z0-9-]*\d)[A-Z0-9]{5}(?:-[A-Z0-9]{5}){4}(?![\w-])"),
        "[REDACTED_PRODUCT_KEY]",
    ),
    # A bank account's number after its label ("account number 4402 8817 9301", 账号 6222…); a routing number is public.
    (
        words(*en.ACCOUNT_NUMBER_GATE),
        regex_cache.compile(r"(?i)(\b(?:" + en.ACCOUNT_NUMBER_LABELS + r")[ \t]*(?:is|:|：|=|#)?[ \t]*)(\d[\d -]{4,20}\d)(?![\d-])"),
        lambda m: m.group(1) + REDACTED,
    ),
    # A one-time code an app shows, read out: "the code in my authenticator is 448 019".
    (
        words(*en.ONE_TIME_GATE),
        regex_cache.compile(r"(?i)(\b(?:" + en.ONE_TIME_SOURCES + r")\b[^.\n]{0,30}?\b)(\d{3}[ -]?\d{3})\b"),
        lambda m: m.group(1) + REDACTED,
    ),
)
