"""The scrubber's rule table: for each kind of credential or personal path, its gate, its pattern and its replacement."""

import logging
import math
import re
import warnings
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cached_property

from detect_secrets.filters.heuristic import is_potential_uuid, is_prefixed_with_dollar_sign, is_sequential_string, is_templated_secret
from detect_secrets.plugins import artifactory, aws, azure_storage_key, discord, mailchimp, sendgrid, square_oauth, telegram_token, twilio
from detect_secrets.plugins.base import RegexBasedDetector
from detect_secrets.plugins.high_entropy_strings import Base64HighEntropyString

# Importing detect-secrets turns logging.captureWarnings on for the whole process (its logger
# module does); a library import must not reroute the service's warnings, so that is undone.
if getattr(warnings.showwarning, "__module__", None) == "logging":
    logging.captureWarnings(False)

Replacement = str | Callable[[re.Match[str]], str]

REDACTED = "[REDACTED]"
_PLACEHOLDER = re.compile(r"\[(?:REDACTED\w*|USER)\]")

# The names that mark a secret, in an assignment (`DB_PASSWORD=`, `"apiKey":`) or a dict key.
_SECRET_WORDS = (
    r"password|passwd|passphrase|(?<![a-z])pass|(?<=[_.-])pwd|secret|(?<!page)(?<!page_)(?<!next)(?<!next_)token|api[_.-]?key|apikey"
    r"|(?:access|secret|private|signing|encryption|master|client)[_.-]?key|credentials?"
)
_ZH_SECRET_WORDS = "密码|密碼|口令|密钥|秘钥|令牌|凭证"
# Lowercase literals, one of which any text naming a secret holds (the gate of the rules on names).
_NAMED = (
    "pass",
    "pwd",
    "secret",
    "token",
    "apikey",
    "api_key",
    "api-key",
    "api.key",
    "api key",
    "credential",
    "authorization",
    "access_key",
    "access-key",
    "accesskey",
    "access key",
    "private_key",
    "private-key",
    "privatekey",
    "signing_key",
    "signingkey",
    "encryption_key",
    "encryptionkey",
    "master_key",
    "masterkey",
    "client_key",
    "clientkey",
    *_ZH_SECRET_WORDS.split("|"),
)
# Values of such names that are code or a pointer to the secret, not the secret.
_NOT_VALUES = frozenset(
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
    ]
)
_CODE_WORD = re.compile(r"[A-Za-z_]+(?:\.[A-Za-z_]+)*")  # an identifier or a dotted path, no digits
_PASSWORD_WORD = re.compile(r"(?i)pass|pwd|secret|密码|口令")
_DEFAULT_ARGUMENT = re.compile(r"[A-Za-z_][\w.\[\]]*=(?:None|True|False|null|\d+|[\w.]+)")  # start_token:Token=None
# A bare "token" is left out: in talk about LLMs it mostly counts tokens, next to hashes and ids;
# a token or key that says what it opens ("app key", "deploy token") names a credential.
_SECRET_WORD_BEFORE = re.compile(
    r"(?i)(aws)|secret|passw|credential|api[ _-]?key|access[ _-]?key"
    r"|\b(?:app(?:lication)?|auth|client|service|license|licence|deploy|bot|refresh|session|personal)[ _-]?(?:key|token)\b|"
    + _ZH_SECRET_WORDS
)
_ENTROPY = Base64HighEntropyString()  # detect-secrets' base64 charset, Shannon entropy and default limit (4.5)


# A prefix tree of characters; the key "" marks where a word ends.
_Trie = dict[str, "_Trie"]


def _alternation(words: Iterable[str]) -> str:
    """One regex for a set of literals, factored by prefix (sre then tries a handful of branches
    per position instead of every word); a word that extends another adds nothing."""
    tree: _Trie = {}
    for word in words:
        node = tree
        for char in word:
            node = node.setdefault(char, {})
        node[""] = {}

    def emit(node: _Trie) -> str:
        if "" in node or not node:
            return ""
        branches = [re.escape(char) + emit(child) for char, child in sorted(node.items())]
        return branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"

    return emit(tree)


@dataclass(frozen=True)
class _Gate:
    """What a text must hold, lowercased, for a rule to have a chance: one of `words`, or `shape`."""

    words: tuple[str, ...] = ()
    shape: str = ""

    @cached_property
    def _pattern(self) -> re.Pattern[str]:
        return re.compile("|".join(filter(None, (_alternation(self.words), self.shape))))

    def opens(self, lowered: str) -> bool:
        if not self.shape and len(self.words) <= 8:
            return any(word in lowered for word in self.words)  # a few substring tests beat a regex
        return bool(self._pattern.search(lowered))


def _words(*words: str) -> _Gate:
    return _Gate(words=words)


def _in_match(m: re.Match[str], group: int, placeholder: str) -> str:
    """The whole match with one group replaced (inside its quotes, if it is quoted)."""
    start, end = m.span(group)
    if end - start >= 2 and m.string[start] in "'\"" and m.string[end - 1] == m.string[start]:
        start, end = start + 1, end - 1
    whole = m.group(0)
    return whole[: start - m.start()] + placeholder + whole[end - m.start() :]


def _is_reference(value: str) -> bool:
    """Not a secret but a pointer to one or no value at all: empty, a placeholder, a template
    (`${X}`, `<token>`, `{{ x }}`, `%(x)s`), a `$VAR`, a mask, a keyword, punctuation, a colour."""
    return (
        not value
        or bool(_PLACEHOLDER.match(value))
        or value.lower() in _NOT_VALUES
        or is_templated_secret(value)
        or is_prefixed_with_dollar_sign(value)
        or set(value) <= set("*xX.…•-")
        or value.startswith("%")
        or "%(" in value
        or not any(c.isalnum() for c in value)
        or ("{" in value and "}" in value)  # f"{registry_id}-auth-token"
        or bool(re.fullmatch(r"#[0-9a-fA-F]{3,8}", value))
    )


def _looks_like_credential(value: str) -> bool:
    """For a value named in prose ("my password is …"): ASCII letters mixed with digits or symbols,
    and not code (`Name.Variable`, `dict[str, str]`)."""
    return (
        len(value) >= 6
        and value.isascii()
        and any(c.isalpha() for c in value)
        and any(c.isdigit() or c in "!@#$%^&*+=?~/" for c in value)  # "position-only" is a word
        and not any(c in "()[]{}<>" for c in value)
        and not _CODE_WORD.fullmatch(value)
        and not _is_reference(value)
    )


def _is_code(m: re.Match[str], name: str, separator: str, value: str) -> bool:
    """Whether an unquoted value after a secret's name is code or prose rather than a secret."""
    env_name = re.search(r"\b[A-Z][A-Z0-9_]*[\"']?[ \t]*\S{1,2}[ \t]*$", name)  # ADMIN_PASSWORD=word, …
    before, after = m.string[m.start() - 1 : m.start()] or "^", m.string[m.end() : m.end() + 1] or "$"
    word = _CODE_WORD.fullmatch(value.rstrip(":"))
    dotted = re.fullmatch(r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+", value)  # rust_openssl.hpke.X25519PrivateKey
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
        or (number and (len(value) < 4 or not _PASSWORD_WORD.search(name)))  # max_token=4096, HAVE_PASSWD: 1
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
    return not yaml_line or camel_type or value.lower() in _NOT_VALUES or not _PASSWORD_WORD.search(name)


def _named_value(m: re.Match[str]) -> str:
    """`NAME = value` where NAME ends in a secret word: the value goes, unless it is code or a pointer."""
    name, separator = m.group(1), m.group(2)
    group = next(g for g in (3, 4, 5, 6) if m.group(g) is not None)
    value = m.group(group)
    identifier = re.search(r"[\w-]+(?=[\"'\\]?[ \t]*(?::=|=>|==|=|:|：))", name)
    same = identifier is not None and _squash(value) == _squash(identifier.group(0))  # REFRESH_TOKEN = "REFRESH_TOKEN"
    if _is_reference(value) or same:
        return m.group(0)
    if group != 6:  # a quoted literal is a secret, unless code compares against it (`token == "("`)
        return m.group(0) if separator == "==" and not _looks_like_credential(value) else _in_match(m, group, REDACTED)
    return m.group(0) if _is_code(m, name, separator, value) else _in_match(m, group, REDACTED)


def _squash(word: str) -> str:
    return re.sub(r"[\W_]+", "", word).lower()


def _ends_name(name: str, value: str) -> bool:
    """Whether the value is the name's last parts (`state_credentials=credentials`, `self.token = token`)."""
    parts = re.split(r"[\W_]+|(?<=[a-z])(?=[A-Z])", name)
    return any(_squash("".join(parts[i:])) == _squash(value) for i in range(len(parts)))


def _prose_value(m: re.Match[str]) -> str:
    value = m.group(2).rstrip(".,;:!?)")
    if not _looks_like_credential(value):
        return m.group(0)
    return m.group(1) + REDACTED + m.group(2)[len(value) :]


def _authorization(m: re.Match[str]) -> str:
    scheme, value = (m.group(2) or "").strip(), m.group(3)
    # After a scheme, anything but a word or a template; without one, a credential-looking value
    # (`authorization=authorization,` and `"Authorization": "Bearer " + token` are code).
    credential = (not value.isalpha() or len(value) >= 16) if scheme else _looks_like_credential(value)
    if _is_reference(value) or not credential:
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
    if _is_reference(value) or value.startswith("$("):
        return m.group(0)
    # `--token X` with a space is also how prose mentions a flag ("pass the --token flag"): judge the word.
    if m.group(2) != "=" and m.group(3)[0] not in "'\"" and not _looks_like_credential(value):
        return m.group(0)
    return _in_match(m, 3, REDACTED)


def _user_password(m: re.Match[str]) -> str:
    if _PLACEHOLDER.match(m.group(2)) or (m.group(1).isdigit() and m.group(2).isdigit()):
        return m.group(0)  # docker -u 1000:1000 is a uid:gid
    return _in_match(m, 2, REDACTED)


def _unless_reference(m: re.Match[str]) -> str:
    """The first group from 2 on that matched is a password (`-p'…'`, `://user:…@`): it goes,
    unless it is a template or a placeholder."""
    group = next(g for g in range(2, (m.re.groups or 2) + 1) if m.group(g) is not None)
    return m.group(0) if _is_reference(m.group(group).strip("'\"")) else _in_match(m, group, REDACTED)


def _high_entropy_near_word(m: re.Match[str]) -> str:
    """A random-looking base64 run shortly after a secret word on its line (an unnamed AWS secret key, say)."""
    candidate = m.group(0)
    line_start = m.string.rfind("\n", 0, m.start()) + 1
    # Placeholders name secrets too ([REDACTED_GOOGLE_API_KEY]); they must not vouch for a neighbour.
    before = _PLACEHOLDER.sub(" ", m.string[max(line_start, m.start() - 160) : m.start()])[-56:]
    word = _SECRET_WORD_BEFORE.search(re.split(r"[.!?;]\s|[。！？；]", before)[-1])  # in the same sentence
    mixed = any(c.isupper() for c in candidate) and any(c.islower() for c in candidate) and any(c.isdigit() for c in candidate)
    words_between_slashes = sum(len(part) >= 4 and part.isalpha() for part in candidate.split("/"))
    if (
        word is None
        or not mixed
        or words_between_slashes >= 2  # a path (docs/AWSEC2/latest/UserGuide), not a key
        # detect-secrets' limit, raised with length toward random base64 (≈5 bits): base64 of readable
        # text (an encoded image id) stays below it, a 40-character AWS secret (≈5.1) does not.
        or _ENTROPY.calculate_shannon_entropy(candidate) <= max(_ENTROPY.entropy_limit, min(5.0, 0.85 * math.log2(len(candidate))))
        or is_sequential_string(candidate)
        or is_potential_uuid(candidate)
    ):
        return candidate
    return "[REDACTED_AWS_SECRET]" if word.group(1) else "[REDACTED_SECRET]"


# Terms that follow "password" in prose without being one: versions (v2.3.1), algorithms and
# ticket ids (SHA-256, bcrypt2, argon2id, UTF-8, PAY-2203), sizes (12-char, 8chars), mentions,
# addresses, URLs, file names and snake_case names.
_VERSION = re.compile(r"v?\d+(?:\.\d+)+[\w.+-]*|v\d+[a-z]?")
_PLAIN_TERM = re.compile(
    _VERSION.pattern + r"|[A-Z]{2,}[-_]?\d+(?:[-._]\d+)*[a-z]?(?:-[a-z]+)*|\d+[-_]?[A-Za-z]+"
    r"|(?i:sha|md|aes|rsa|base|utf|pbkdf|argon|bcrypt|scrypt|blake|oauth|http|tls|ssl|hmac|crc|ed|chacha|ipv)[-_]?\d+[a-z]*(?:-[A-Za-z]+)*"
    r"|[\w.+-]+@[\w-]+(?:\.[\w-]+)+|[\w.-]*\.(?:py|js|ts|tsx|jsx|md|json|ya?ml|txt|toml|ini|cfg|conf|sh|go|rs|java|rb|php|html|css|csv|log|env|lock)"
    r"|[a-z]+(?:_[a-z0-9]+)+|[@#][a-z][a-z.-]*"
)


def _credential_in_prose(value: str) -> bool:
    """A value that follows a secret's name with no "is" or ":" in between ("password Xy9-Thing!",
    "密码 Ab3$xyz"): it must look like a credential and be none of the terms prose puts there."""
    return _looks_like_credential(value) and "://" not in value and "/" not in value.strip("/") and not _PLAIN_TERM.fullmatch(value)


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
    if not re.search(r"(?:is|are|was|were|[:：=是为])[ \t]*$", m.group(1)) and not any(c in "!@#$%^&*+=?~" for c in value):
        return m.group(0)
    start = m.start(4) - m.start()
    return m.group(0)[:start] + REDACTED + m.group(0)[start + len(value) :]


_WORD_RUN = re.compile(r"[A-Z]?[a-z]{3,}|[A-Z]{3,}")
# Prefixes of what is not a key: a hash named by its algorithm (sha512-<base64> in a lockfile),
# and the object ids that APIs print and people quote (msg_01…, toolu_…, call_…, chatcmpl-…,
# Stripe's pi_/cus_/evt_…, user_/sess_/org_ ids), whose tails look just as random.
_NOT_KEY_PREFIX = re.compile(
    r"(?:sha\d*|md5|blake\w*|crc\d*|xxh\w*|murmur\w*|hash|digest|checksum|commit|rev"
    r"|msg|req|request|toolu|srvtoolu|call|chatcmpl|cmpl|resp|run|thread|asst|step|file|batch|ftjob|ft|vs"
    r"|user|usr|sess|org|team|acct|ba|card|ch|cs|cus|evt|ii|in|inv|pi|pm|po|price|prod|py|re|seti|si|src|sub|txn|tr"
    r"|id|uid|uuid|trace|span|job|task|build|event|order|item|img|doc)(?:[_-].*)?"
)


def _prefixed_token(m: re.Match[str]) -> str:
    """`abcd_<long random tail>`: a vendor's key that no rule spells out. The tail must read as
    random: all of upper, lower and digits, not mostly words (`_getUserById2FromCache`), spread out."""
    tail = m.group(2)
    random_looking = (
        not _NOT_KEY_PREFIX.fullmatch(m.group(1))
        and any(c.isupper() for c in tail)
        and any(c.islower() for c in tail)
        and any(c.isdigit() for c in tail)
        and sum(map(len, _WORD_RUN.findall(tail))) < 0.7 * len(tail)
        and _ENTROPY.calculate_shannon_entropy(tail) > 3.5
        and not is_sequential_string(tail)
    )
    return "[REDACTED_TOKEN]" if random_looking else m.group(0)


_VALUE_QUOTED = r"""(?:(?:[bBrRuUfF]{1,2}(?=["']))?"([^"\n]*)"|(?:[bBrRuUfF]{1,2}(?='))?'([^'\n]*)'|\\"([^"\\\n]*)\\"|"""
_FLAG_VALUE = r"""("[^"\n]*"|'[^'\n]*'|(?!-)[^\s"'，。；、]+)"""
_NAMED_GATE = _Gate(words=_NAMED)
# A prose value, quoted or not: printable ASCII up to a space, a quote, a bracket or a separator
# (Chinese text goes on right after it: "密码 Ab3$xyz，别外传", "密码Ab3$xyz别外传").
_ASCII_VALUE = r"[\"'`“‘「]?([!#-&*+\-./0-:=?-Z\\^_a-z|~]+)"
_ZH_GATE = _Gate(words=tuple(_ZH_SECRET_WORDS.split("|")))
# What joins 密码 and its value besides 是/为/：: "也是", "改成了", "设为", …
_ZH_LINKS = "是|为|為|也是|还是|就是|都是|改成了?|改为|换成了?|换为|设成了?|设为|设置为|设置成"
# "user" alone is everywhere (assembled lines are labelled "[seq 12, user]"): it opens the pair rule
# only in the shape of a pair ("user: bob / …", "username is bob:…", "user/pass bob / …").
_PAIR_GATE = _Gate(
    words=(
        "login",
        "log-in",
        "sign-in",
        "signin",
        "cred",
        "account",
        "acct",
        "账号",
        "帐号",
        "账户",
        "帳號",
        "用户名",
        "用戶名",
        "登录",
        "登錄",
    ),
    shape=r"user(?:name)?(?:/pass\w*)?(?:[ \t]+(?:is|are|was|were)[ \t]+|[ \t]*[:：=][ \t]*|[ \t]+)[\w.@+-]{2,64}(?:[ \t]*/[ \t]*|:)\S",
)

# Each row: when it can apply, what it finds, what replaces it. Order matters: vendor formats before
# generic names, so a named key keeps its kind ("OPENAI_API_KEY=[REDACTED_OPENAI_KEY]").
_RULES: tuple[tuple[_Gate, re.Pattern[str], Replacement], ...] = (
    # Whole PEM blocks, across lines (the scan for END stops at the next BEGIN, so it stays linear);
    # a block cut short takes its header and the key lines after it; a header named in prose stays.
    (
        _words("private key"),
        re.compile(
            r"-----BEGIN[A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----(?:(?:(?!-----BEGIN).)*?-----END[A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----"
            r"|(?:(?:\\[rn]|\s)+(?:[A-Za-z0-9+/]{16,}={0,2}|[A-Za-z0-9+/]+={1,2}|(?:Proc-Type|DEK-Info|Comment):[^\n]*))+)",
            re.S,
        ),
        "[REDACTED_PRIVATE_KEY]",
    ),
    (
        _words("putty-user-key-file"),
        re.compile(r"PuTTY-User-Key-File-\d+:.*?(?:Private-MAC: *[0-9a-fA-F]+|\Z)", re.S),
        "[REDACTED_PRIVATE_KEY]",
    ),
    (_words("sk-ant-"), re.compile(r"\bsk-ant-[A-Za-z0-9_-]{16,}"), "[REDACTED_ANTHROPIC_KEY]"),
    (  # a key holds a long alphanumeric run; "sk-ecdsa-sha2-nistp256" does not
        _words("sk-"),
        re.compile(r"\bsk-(?:proj-|svcacct-|admin-|live-|test-)?(?=[A-Za-z0-9_-]*[A-Za-z0-9]{20})[A-Za-z0-9_-]{20,}"),
        "[REDACTED_OPENAI_KEY]",
    ),
    (_words("k_live_", "k_test_", "whsec_"), re.compile(r"\b(?:[srp]k_(?:live|test)|whsec)_[A-Za-z0-9]{16,}"), "[REDACTED_STRIPE_KEY]"),
    (
        _words("ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_"),
        re.compile(r"\b(?:gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{22,})"),
        "[REDACTED_GITHUB_TOKEN]",
    ),
    (
        _words(*(f"gl{kind}-" for kind in ("pat", "dt", "ft", "soat", "rt", "cbt", "imt", "ptt", "agent", "oas"))),
        re.compile(r"\bgl(?:pat|dt|ft|soat|rt|cbt|imt|ptt|agent|oas)-[A-Za-z0-9_-]{20,}"),
        "[REDACTED_GITLAB_TOKEN]",
    ),
    (
        _words("hooks.slack.com/"),
        re.compile(r"https://hooks\.slack\.com/(?:services|workflows|triggers)/[A-Za-z0-9_/-]+", re.I),
        "[REDACTED_SLACK_WEBHOOK]",
    ),
    (
        _words("/api/webhooks/"),
        re.compile(r"https://(?:\w+\.)?discord(?:app)?\.com/api/webhooks/\d+/[A-Za-z0-9_-]+", re.I),
        "[REDACTED_DISCORD_WEBHOOK]",
    ),
    (_words("xox", "xapp-"), re.compile(r"\b(?:xox[abposre]|xapp)-[A-Za-z0-9-]{10,}"), "[REDACTED_SLACK_TOKEN]"),
    (_words("npm_"), re.compile(r"\bnpm_[A-Za-z0-9]{30,}\b"), "[REDACTED_NPM_TOKEN]"),
    (_words("pypi-"), re.compile(r"\bpypi-[A-Za-z0-9_-]{40,}"), "[REDACTED_PYPI_TOKEN]"),
    (_words("hf_"), re.compile(r"\bhf_[A-Za-z0-9]{30,}\b"), "[REDACTED_HUGGINGFACE_TOKEN]"),
    (_words("aiza"), re.compile(r"\bAIza[0-9A-Za-z_-]{35}(?![0-9A-Za-z_-])"), "[REDACTED_GOOGLE_API_KEY]"),
    (_words("gocspx-", "ya29."), re.compile(r"\b(?:GOCSPX-[A-Za-z0-9_-]{20,}|ya29\.[A-Za-z0-9_-]{20,})"), "[REDACTED_GOOGLE_TOKEN]"),
    (_words("eyj"), re.compile(r"\beyJ[A-Za-z0-9_-]{6,}\.eyJ[A-Za-z0-9_-]{6,}(?:\.[A-Za-z0-9_-]+){0,3}"), "[REDACTED_JWT]"),
    (
        _words("a3t", "akia", "asia", "abia", "acca"),
        re.compile(r"\b(?:A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}\b"),
        "[REDACTED_AWS_KEY]",
    ),
    # Authorization headers: the scheme stays, the credential goes.
    (
        _words("authorization"),
        re.compile(
            r"(?i)\b((?:proxy-)?authorization[\"']?[ \t]*[:=][ \t]*[\"']?)"
            r"((?:bearer|basic|token|bot|apikey|api-key|sso-key|negotiate|ntlm|digest|aws4-hmac-sha256)[ \t]+)?([^\s\"',;，。；、]+)"
        ),
        _authorization,
    ),
    (
        _words("bearer"),
        re.compile(r"(?i)\bbearer[ \t]+(?=[A-Za-z0-9._~+/=-]*[0-9._~+/=-])[A-Za-z0-9._~+/-]{8,}=*"),
        "Bearer [REDACTED_TOKEN]",
    ),
    (_words("basic"), re.compile(r"\bBasic[ \t]+([A-Za-z0-9+/]{8,}={0,2})(?![A-Za-z0-9+/=])"), _basic),
    (_Gate(shape=r"://[^/\s:@]*:[^@\s/]+@"), re.compile(r"(://[^/\s:@]*:)([^@\s/]+)@"), _unless_reference),
    # Command lines: --password X, --token=X, curl -u user:pass, mysql -pX / -p'X', sshpass -p X.
    (
        _NAMED_GATE,
        re.compile(
            r"(?i)(?<![\w-])(--?(?:[a-z0-9]+-)*(?:password|passwd|pass|token|secret|api-?key|access-key|secret-key|private-key))"
            r"(?![\w-])(=|[ \t]+)" + _FLAG_VALUE
        ),
        _flag_value,
    ),
    (
        _words("-u ", "-u=", "--user"),
        re.compile(r"(?<![\w-])(?:-u|--user)(?:=|[ \t]+)[\"']?([^\s:\"'/@]+):([^\s\"'@，。；、]+)"),
        _user_password,
    ),
    (_words("-p'", '-p"'), re.compile(r"(?<!\S)(-p)('[^'\s]+'|\"[^\"\s]+\")"), _unless_reference),
    (
        _words("mysql", "mariadb"),
        re.compile(r"(?i)\b(?:mysql\w*|mariadb[\w-]*)\b([^\n|;&]*?[ \t]-p)([^\s'\"-][^\s'\"]*)"),
        _unless_reference,
    ),
    (_words("sshpass"), re.compile(r"\b(sshpass[ \t]+-p)[ \t]*" + _FLAG_VALUE), _unless_reference),
    # AWS secret access keys when named (aws_secret_access_key, "SecretAccessKey", "secret key: …").
    (
        _words("secret"),
        re.compile(
            r"(?i)((?:aws[ _-]?)?secret[ _-]?(?:access[ _-]?)?key[\"']?[ \t]*(?:[:=：]|=>|:=|[ \t]is)[ \t]*[\"']?)"
            r"([A-Za-z0-9/+]{40})(?![A-Za-z0-9/+=])"
        ),
        r"\1[REDACTED_AWS_SECRET]",
    ),
    # NAME = value for every name ending in a secret word: env (export X=…), JSON, YAML, code, URLs.
    # The lookahead skips, in one pass, every word that no assignment follows.
    (
        _NAMED_GATE,
        re.compile(
            r"(?i)(?<![\w.$-])(?<!\$\{)((?:\\?[\"'])?(?=[\w.-]+(?:\\?[\"'])?[ \t]*[:=：])[\w.-]*?(?:"
            + _SECRET_WORDS
            + "|"
            + _ZH_SECRET_WORDS
            + r")(?:\\?[\"'])?[ \t]*(:=|=>|==|=|:|：)[ \t]*)"
            + _VALUE_QUOTED
            + r"((?!\[REDACTED|\[USER\]|[=>#:])(?:[^\s\"'`\\,;&()\[\]{}，。；、（）]|&(?![\w.-]+=))+))"
        ),
        _named_value,
    ),
    # A name/value pair (Kubernetes env, JSON): `- name: DB_PASSWORD` then `value: …`.
    (
        _NAMED_GATE,
        re.compile(
            r"(?i)(\bname[\"']?[ \t]*[:=][ \t]*[\"']?[\w.-]*?(?:" + _SECRET_WORDS + r")[\"']?[ \t]*[,\n][ \t]*-?[ \t]*"
            r"[\"']?value[\"']?[ \t]*[:=][ \t]*)" + r"""(?:"([^"\n]*)"|'([^'\n]*)'|((?!\[REDACTED)[^\s"',}，。；、]+))"""
        ),
        _unless_reference,
    ),
    # Prose: "my password is …", "the API key: …", "密码是…".
    (
        _NAMED_GATE,
        re.compile(
            r"(?i)(\b(?:password|passphrase|passwd|secret|token|(?:api|access|secret) key|(?:access|auth) token)"
            r"[ \t]+(?:is|was)[ \t]+|\b(?:api|access|secret) key[ \t]*[:：=][ \t]*"
            r"|(?:" + _ZH_SECRET_WORDS + r")[ \t]*(?:是|为|為|[:：=])[ \t]*)"
            r"([^\s，。；、,;'\"()\[\]{}<>]+)"
        ),
        _prose_value,
    ),
    # Prose without "is" or ":": "username jdoe, password Xy9-Thing!", "pw Q7#x…", "password for the
    # router is …", "密码 Ab3$…", "登录密码改成了 …". The value is the next word; _bare_value judges it.
    (
        _words("pass", "pw"),
        re.compile(
            r"(?i)\b(?:(?:password|passwd|passphrase|passcode|pword|pwd|pw)"
            r"(?:[ \t]+(?:for|of|on|to)(?:[ \t]+[^\s,;:.!?]+){1,4}?(?:[ \t]*[:：=][ \t]*|[ \t]+(?:is|was)[ \t]+)|[ \t]+(?:is|was)[ \t]+|[ \t]+(?:-|–|—|->|→)[ \t]+|[ \t]+)"
            # `password: …` and `password=…` are the assignment rule's, which tells code from secrets.
            r"|(?:passcode|pword|pwd|pw)[ \t]*[:：=][ \t]*)" + _ASCII_VALUE
        ),
        _bare_value,
    ),
    (
        _ZH_GATE,
        re.compile(r"(?:" + _ZH_SECRET_WORDS + r")(?:[ \t]*(?:" + _ZH_LINKS + r"|[:：=]))?[ \t]*" + _ASCII_VALUE),
        _bare_value,
    ),
    # "pass" alone is a verb ("pass the flag"); after a user name it is a password: "user bob pass …".
    (
        _words("pass"),
        re.compile(
            r"(?i)\b(?:user(?:name)?|login|account|e-?mail)(?:[ \t]*[:：=][ \t]*|[ \t]+)[\w.@+-]{2,64}[ \t]*[,;，]?[ \t]*(?:and[ \t]+)?"
            r"pass(?:[ \t]*[:：=][ \t]*|[ \t]+)" + _ASCII_VALUE
        ),
        _bare_value,
    ),
    # A user name and its password, after a label: "login is ana.m / QHs#0919", "creds: bob:Pa$$w0rd!9",
    # "账号/密码：bob / Xy#12ab". The user name stays.
    (
        _PAIR_GATE,
        re.compile(
            r"(?i)((?:\b(?:login|log-?in|sign-?in|creds|credentials?|user(?:name)?|account|acct)(?:[ \t]*/[ \t]*(?:pass(?:word)?|pwd?))?"
            r"(?:[ \t]+(?:for|to|on)(?:[ \t]+[^\s,;:.!?]+){1,4}?(?=[ \t]*[:：=]|[ \t]+(?:is|are|was|were)[ \t]))?"
            r"|(?:账号|帐号|账户|帳號|用户名|用戶名|登录名?|登錄)(?:[ \t]*/[ \t]*(?:密码|密碼))?)"
            r"(?:[ \t]+(?:is|are|was|were)[ \t]+|[ \t]*[:：=][ \t]*|[ \t]*(?:是|为)[ \t]*|[ \t]+))"
            r"([\w.@+-]{2,64})([ \t]*/[ \t]*|:)" + _ASCII_VALUE
        ),
        _pair_password,
    ),
    # A vendor's key no rule above knows: a short lowercase prefix and a long random tail
    # (`abcd_8Jf2kLq9…`, `xyz-Q3m…`), named or not. Git SHAs and snake_case names have no mixed-case tail.
    (
        _Gate(shape=r"[_-][a-z0-9]{20}"),
        re.compile(r"(?<![\w.+/-])([a-z][a-z0-9]{1,9}(?:[_-][a-z][a-z0-9]{0,9})?)[_-]([A-Za-z0-9]{20,})(?![\w+/=-])"),
        _prefixed_token,
    ),
    # detect-secrets' entropy check on base64 runs shortly after a secret word (or "aws").
    (
        _Gate(
            words=(
                "aws",
                "secret",
                "passw",
                "credential",
                "key",  # api key, access key, app key, license key, …
                "token",  # deploy token, session token, …
                *_ZH_SECRET_WORDS.split("|"),
            )
        ),
        re.compile(r"(?<![A-Za-z0-9/+=_.:-])[A-Za-z0-9/+]{32,}={0,2}(?![A-Za-z0-9/+=_-])"),
        _high_entropy_near_word,
    ),
    # Not inside a URL's path (example.org/home/team/).
    (_words("/home/"), re.compile(r"(?<![\w.])/home/[A-Za-z0-9._-]+(?=/|\b)"), "/home/[USER]"),
    (
        _words("/users/"),
        re.compile(r"(?<![\w.])/Users/(?:[A-Za-z0-9._-]+ [A-Za-z0-9._-]+(?=/)|[A-Za-z0-9._-]+(?=/|\b))"),  # "/Users/Jane Doe/" too
        "/Users/[USER]",
    ),
    (_words("\\users\\"), re.compile(r"(?i)\b([A-Z]:)\\+Users\\+[^\\\s\"']+"), r"\1\\Users\\[USER]"),
)

# detect-secrets' regex detectors for vendors our rules do not spell out, each behind a gate as
# cheap as ours. Left out on purpose: the high-entropy and keyword scanners (on chat text they
# flag git SHAs, hostnames and most identifiers), the public-IP detector (an address is not a
# credential), the IBM/Cloudant/SoftLayer ones (a named key, which the rules above already take)
# and the vendors the rules above match more broadly (Stripe, GitHub, Slack, JWT, ...).
_DETECTORS: tuple[tuple[_Gate, RegexBasedDetector], ...] = (
    (_words("aws"), aws.AWSKeyDetector()),
    (_Gate(words=("akc",), shape=r"ap[\da-f][a-z0-9]{8}"), artifactory.ArtifactoryDetector()),
    (_words("accountkey="), azure_storage_key.AzureStorageKeyDetector()),
    (_Gate(shape=r"\.[\w-]{6}\.[\w-]{27}"), discord.DiscordBotTokenDetector()),
    (_Gate(shape=r"-us\d"), mailchimp.MailchimpDetector()),
    (_words("sg."), sendgrid.SendGridDetector()),
    (_words("sq0csp-"), square_oauth.SquareOAuthDetector()),
    (_Gate(shape=r":[\w-]{35}"), telegram_token.TelegramBotTokenDetector()),
    (_Gate(shape=r"(?:ac|sk)[a-z0-9]{32}"), twilio.TwilioKeyDetector()),
)
