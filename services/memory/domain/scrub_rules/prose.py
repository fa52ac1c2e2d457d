"""Secrets labelled in prose: "my password is …", "password Xy9-Thing!", "login is bob / …", 密码是…."""

import re

from services.memory import regex_cache
from services.memory.domain.scrub_rules.gates import Gate, alternation, words
from services.memory.domain.scrub_rules.names import NAMED_GATE, ZH_GATE, ZH_SECRET_WORDS
from services.memory.domain.scrub_rules.values import REDACTED, Rule, looks_like_credential
from services.memory.lang import SECRET_LANGUAGES, data
from services.memory.lang.en import secrets as en
from services.memory.lang.zh import secrets as zh

# A prose value, quoted or not: printable ASCII up to a space, a quote, a bracket or a separator
# (Chinese text goes on right after it: "密码 Ab3$xyz，别外传", "密码Ab3$xyz别外传").
_ASCII_VALUE = r"[\"'`“‘「]?([!#-&*+\-./0-:=?-Z\\^_a-z|~]+)"
_IS = r"[ \t]+(?:" + en.COPULAS + r")[ \t]+(?:(?:" + en.COPULA_ADVERBS + r")[ \t]+)?"
_PAIR_GATE = Gate(
    words=(*en.ACCOUNT_GATE, *zh.ACCOUNT_GATE),
    shape=en.USER_WORD + r"(?:[ \t]+(?:" + en.PAIR_COPULAS + r")[ \t]+|[ \t]*[:：=][ \t]*|[ \t]+)[\w.@+-]{2,64}(?:[ \t]*/[ \t]*|:)\S",
)
# "set to" between a password's name and its value: "the admin pw is now set to …", "password — reset to …".
_SET_TO = r"(?:[ \t]+(?:-|–|—))?[ \t]+(?:(?:" + en.PAIR_COPULAS + r"|now|has[ \t]+been)[ \t]+)*(?:(?:" + en.SET_VERBS + r")[ \t]+)?to[ \t]+"
# "and pass …" after a user name.
_AND_PASS = r"(?:" + en.AND + r"[ \t]+)?" + en.PASS + r"(?:[ \t]*[:：=][ \t]*|[ \t]+)"
_ARE = r"[ \t]+(?:" + en.PAIR_COPULAS + r")[ \t]"
# What a secret is for, between its label and a colon: "2FA key (hex) for the backup admin: …".
_FOR_WHAT = r"(?:[ \t]*\([^)\n]{1,20}\))?(?:[ \t]+(?:" + en.PREPOSITIONS + r")(?:[ \t]+[^\s,;:.!?]+){1,5}?)?"
# A password's name in the other languages, and the words that join it to its value ("… lautet", "…は"); read
# here, with the rule table, so that a service that scrubs nothing yet imports none of those folders.
OTHER_PASSWORD_WORDS = tuple(sorted({w for lang in SECRET_LANGUAGES for w in data(lang, "secrets").PASSWORD_WORDS}))
OTHER_VALUE_LINKS = tuple(sorted({w for lang in SECRET_LANGUAGES for w in data(lang, "secrets").VALUE_LINKS}, key=len, reverse=True))
# A value that may be a password: a letter, and a digit or a symbol, somewhere in its run (so that the
# words between a name and its link are not taken for it).
_MIXED = r"(?=[!-~]*?[A-Za-z])(?=[!-~]*?[0-9!@#$%^&*+=?~])"
# A pair's label that ends in "is" or ":" ("login is", "账号：").
_LINKED = regex_cache.compile(r"(?:" + en.PAIR_COPULAS + "|" + zh.PAIR_COPULAS + r"|[:：=])[ \t]*$")

# Terms that follow "password" in prose without being one: versions (v2.3.1), algorithms and
# ticket ids (SHA-256, bcrypt2, argon2id, UTF-8, PAY-2203), sizes (12-char, 8chars), mentions,
# addresses, URLs, file names and snake_case names.
_VERSION = regex_cache.compile(r"v?\d+(?:\.\d+)+[\w.+-]*|v\d+[a-z]?")
_PLAIN_TERM = regex_cache.compile(
    _VERSION.pattern + r"|[A-Z]{2,}[-_]?\d+(?:[-._]\d+)*[a-z]?(?:-[a-z]+)*|\d+[-_]?[A-Za-z]+"
    r"|(?i:sha|md|aes|rsa|base|utf|pbkdf|argon|bcrypt|scrypt|blake|oauth|http|tls|ssl|hmac|crc|ed|chacha|ipv)[-_]?\d+[a-z]*(?:-[A-Za-z]+)*"
    r"|[\w.+-]+@[\w-]+(?:\.[\w-]+)+|[\w.-]*\.(?:py|js|ts|tsx|jsx|md|json|ya?ml|txt|toml|ini|cfg|conf|sh|go|rs|java|rb|php|html|css|csv|log|env|lock)"
    r"|[a-z]+(?:_[a-z0-9]+)+|[@#][a-z][a-z.-]*"
)


MIN_LABELLED_LETTERS = 12


def _prose_value(m: re.Match[str]) -> str:
    value = m.group(2).rstrip(".,;:!?)")
    # After a colon a long run of letters is a code, not a word ("授权码：hzxxsoiyupmlbrmc"); after "is" it may be prose.
    labelled = m.group(1).rstrip().endswith((":", "：")) and len(value) >= MIN_LABELLED_LETTERS and value.isascii() and value.isalpha()
    if not (looks_like_credential(value) or labelled):
        return m.group(0)
    return m.group(1) + REDACTED + m.group(2)[len(value) :]


def _credential_in_prose(value: str) -> bool:
    """A value that follows a secret's name with no "is" or ":" in between ("password Xy9-Thing!",
    "密码 Ab3$xyz"): it must look like a credential and be none of the terms prose puts there."""
    return (
        looks_like_credential(value)
        and "://" not in value
        and "/" not in value.strip("/")
        and not value.endswith("**")  # the end of a bold heading ("**Password Policy v2**")
        and not _PLAIN_TERM.fullmatch(value)
    )


def _strong(value: str) -> bool:
    """Three of lowercase, uppercase, digits and symbols, or long: what a password beside a user
    name ("ana.m / QHs#0919") looks like, unlike "admin/viewer2" or "Q1 / Q2-plan"."""
    kinds = sum(
        (
            any(c.islower() for c in value),
            any(c.isupper() for c in value),
            any(c.isdigit() for c in value),
            any(not c.isalnum() and c not in "-._" for c in value),  # "us-east-1" is a region
        )
    )
    return kinds >= 3 or len(value) >= 10


def _bare_value(m: re.Match[str]) -> str:
    """The last group is a value named by the words before it without "is" or ":" in between."""
    last = m.re.groups
    value = m.group(last).rstrip(".,;:!?)")
    if not _credential_in_prose(value):
        return m.group(0)
    start = m.start(last) - m.start()
    return m.group(0)[:start] + REDACTED + m.group(0)[start + len(value) :]


def _pair_password(m: re.Match[str]) -> str:
    """`login is user / password` (or `user:password`): the password goes, the user name stays."""
    user, value = m.group(2), m.group(4).rstrip(".,;:!?)")
    if not any(c.isalpha() for c in user) or _VERSION.fullmatch(user) or not (_credential_in_prose(value) and _strong(value)):
        return m.group(0)
    # With no "is" or ":" after the label ("the account Ops/Finance-2024"), only a password's symbols tell.
    if not _LINKED.search(m.group(1)) and not any(c in "!@#$%^&*+=?~" for c in value):
        return m.group(0)
    start = m.start(4) - m.start()
    return m.group(0)[:start] + REDACTED + m.group(0)[start + len(value) :]


PROSE: tuple[Rule, ...] = (
    # "my password is …", "the API key: …", "密码是…".
    (
        NAMED_GATE,
        regex_cache.compile(
            r"(?i)(\b(?:" + en.PROSE_LABELS + r")" + _IS + r"|\b(?:" + en.COLON_LABELS + r")" + _FOR_WHAT + r"[ \t]*[:：=][ \t]*"
            r"|(?:" + ZH_SECRET_WORDS + r")[ \t]*(?:" + zh.COPULAS + r"|[:：=])[ \t]*)"
            r"([^\s，。；、,;'\"()\[\]{}<>]+)"
        ),
        _prose_value,
    ),
    # Without "is" or ":": "username jdoe, password Xy9-Thing!", "pw Q7#x…", "password for the
    # router is …", "密码 Ab3$…", "登录密码改成了 …". The value is the next word; _bare_value judges it.
    (
        words(*en.PASSWORD_LABELS_GATE),
        regex_cache.compile(
            r"(?i)\b(?:(?:" + en.PASSWORD_LABELS + r")"
            r"(?:[ \t]+(?:" + en.PREPOSITIONS + r")(?:[ \t]+[^\s,;:.!?]+){1,4}?(?:[ \t]*[:：=][ \t]*|" + _IS + r")"
            r"|" + _SET_TO + r"|" + _IS + r"|[ \t]+(?:-|–|—|->|→)[ \t]+|[ \t]+)"
            # `password: …` and `password=…` are the assignment rule's, which tells code from secrets.
            r"|(?:" + en.SHORT_PASSWORD_LABELS + r")[ \t]*[:：=][ \t]*)" + _ASCII_VALUE
        ),
        _bare_value,
    ),
    (
        ZH_GATE,
        regex_cache.compile(r"(?:" + ZH_SECRET_WORDS + r")(?:[ \t]*(?:" + zh.LINKS + r"|[:：=]))?[ \t]*" + _ASCII_VALUE),
        _bare_value,
    ),
    # A password named in another language, up to four words before its link, or none: "la clave
    # del portátil es …", "Kennwort ist …", "пароль для сервера: …", "ルーターのパスワードは …", "hasło Xy9-…".
    (
        words(*OTHER_PASSWORD_WORDS),
        regex_cache.compile(
            r"(?i)(?<![A-Za-z0-9])(?:" + alternation(OTHER_PASSWORD_WORDS) + r")"
            r"(?:(?:[ \t]+[^\s:：=]+){0,4}?(?:[ \t]*(?:"
            + "|".join(map(re.escape, OTHER_VALUE_LINKS))
            + r")\b[ \t]*[:：]?|[ \t]*(?:[:：]|-|–|—)))?"
            r"[ \t]*[«„『“\"'`「]?[ \t]*" + _MIXED + r"([A-Za-z0-9][!#-&*+\-./0-:?-Z\\^_a-z|~]*(?:={1,2}(?![\w\"']))?)"
        ),
        _bare_value,
    ),
    # A code that opens something, digits only allowed: "the door code is 4471#", "alarm PIN 8842", 门禁码是 0615;
    # a six-digit one-time code may be read out in halves ("the login code is 304 558").
    (
        words(*en.CODE_GATE, *zh.CODE_GATE),
        regex_cache.compile(
            r"(?i)((?:\b(?:"
            + en.CODE_LABELS
            + r")(?:[ \t]+(?:for|to|of|on|from)(?:[ \t]+[^\s,;:.!?]+){1,3}?)?(?:"
            + _IS
            + r"|[ \t]*[:：=][ \t]*|[ \t]+)"
            r"|(?:" + zh.CODE_LABELS + r")[ \t]*(?:" + zh.COPULAS + r"|[:：=])?[ \t]*))"
            r"(\d{1,2}(?:-\d{1,2}){2,5}|\d{3}[ -]\d{3}|(?=[0-9A-Za-z#*]*\d)[0-9A-Za-z#*]{3,12})(?![\w])"
        ),
        lambda m: m.group(1) + REDACTED,
    ),
    # "pass" alone is a verb ("pass the flag"); after a user name it is a password: "user bob pass …".
    (
        words(en.PASS),
        regex_cache.compile(
            r"(?i)\b(?:" + en.USER_LABELS + r")(?:[ \t]*[:：=][ \t]*|[ \t]+)[\w.@+-]{2,64}[ \t]*[,;，/]?[ \t]*" + _AND_PASS + _ASCII_VALUE
        ),
        _bare_value,
    ),
    # A user name and its password, after a label: "login is ana.m / QHs#0919", "creds: bob:Pa$$w0rd!9",
    # "账号/密码：bob / Xy#12ab". The user name stays.
    (
        _PAIR_GATE,
        regex_cache.compile(
            r"(?i)((?:\b(?:" + en.ACCOUNT_LABELS + r")(?:[ \t]*/[ \t]*(?:" + en.ACCOUNT_PASSWORD_LABELS + r"))?"
            r"(?:[ \t]+(?:" + en.ACCOUNT_PREPOSITIONS + r")(?:[ \t]+[^\s,;:.!?]+){1,4}?(?=[ \t]*[:：=]|" + _ARE + r"))?"
            r"|(?:" + zh.ACCOUNT_LABELS + r")(?:[ \t]*/[ \t]*(?:" + zh.ACCOUNT_PASSWORD_LABELS + r"))?)"
            r"(?:[ \t]+(?:" + en.PAIR_COPULAS + r")[ \t]+|[ \t]*[:：=][ \t]*|[ \t]*(?:" + zh.PAIR_COPULAS + r")[ \t]*|[ \t]+))"
            r"([\w.@+-]{2,64})([ \t]*/[ \t]*|:)" + _ASCII_VALUE
        ),
        _pair_password,
    ),
)
