"""Keys no vendor rule spells out: a short prefix and a random tail, or a random run after a secret word."""

import math
import re

from detect_secrets.filters.heuristic import is_potential_uuid, is_sequential_string
from detect_secrets.plugins.high_entropy_strings import Base64HighEntropyString, HexHighEntropyString

from services.memory import regex_cache
from services.memory.domain.scrub_rules.gates import Gate, words
from services.memory.domain.scrub_rules.names import ZH_SECRET_WORDS
from services.memory.domain.scrub_rules.values import PLACEHOLDER, REDACTED, Rule, in_match, looks_like_credential
from services.memory.lang.en import secrets as en

_ENTROPY = Base64HighEntropyString()  # detect-secrets' base64 charset, Shannon entropy and default limit (4.5)
_HEX_ENTROPY = HexHighEntropyString()  # the same for hex (limit 3.0)
_HEX = regex_cache.compile(r"[0-9a-f]+|[0-9A-F]+")
# A hash named just before it: "the secret rotation landed in commit 9f…", "sha256 of the key file: 4e…".
_HASH_NAMED = regex_cache.compile(r"(?i)\b(?:commit|sha\d*|md5|hash|digest|checksum|revision|rev|fingerprint)\b[^.!?\n]{0,16}$")
# A secret word (or "aws") in the sentence before a random-looking run.
_SECRET_WORD_BEFORE = regex_cache.compile(r"(?i)(aws)|" + en.KEY_WORDS_BEFORE + "|" + ZH_SECRET_WORDS)
_WORD_RUN = regex_cache.compile(r"[A-Z]?[a-z]{3,}|[A-Z]{3,}")
# Prefixes of what is not a key: a hash named by its algorithm (sha512-<base64> in a lockfile),
# and the object ids that APIs print and people quote (msg_01…, toolu_…, call_…, chatcmpl-…,
# Stripe's pi_/cus_/evt_…, user_/sess_/org_ ids), whose tails look just as random.
_NOT_KEY_PREFIX = regex_cache.compile(
    r"(?:sha\d*|md5|blake\w*|crc\d*|xxh\w*|murmur\w*|hash|digest|checksum|commit|rev"
    r"|msg|req|request|toolu|srvtoolu|call|chatcmpl|cmpl|resp|run|thread|asst|step|file|batch|ftjob|ft|vs"
    r"|user|usr|sess|org|team|acct|ba|card|ch|cs|cus|evt|ii|in|inv|pi|pm|po|price|prod|py|re|seti|si|src|sub|txn|tr"
    r"|id|uid|uuid|trace|span|job|task|build|event|order|item|img|doc)(?:[_-].*)?"
)


def _high_entropy_near_word(m: re.Match[str]) -> str:
    """A random-looking base64 run shortly after a secret word on its line (an unnamed AWS secret key, say)."""
    candidate = m.group(0)
    line_start = m.string.rfind("\n", 0, m.start()) + 1
    # Placeholders name secrets too ([REDACTED_GOOGLE_API_KEY]); they must not vouch for a neighbour.
    before = PLACEHOLDER.sub(" ", m.string[max(line_start, m.start() - 160) : m.start()])[-56:]
    word = _SECRET_WORD_BEFORE.search(re.split(r"[.!?;]\s|[。！？；]", before)[-1])  # in the same sentence
    if word is None or is_sequential_string(candidate) or is_potential_uuid(candidate):
        return candidate
    if _HEX.fullmatch(candidate):
        # Many vendors' tokens are hex (an auth token, a webhook secret): random hex has about 3.7 bits a
        # character, far under base64's limit, and ever-longer runs of one case say nothing more.
        random_hex = any(c.isdigit() for c in candidate) and any(c.isalpha() for c in candidate)
        if not random_hex or _HASH_NAMED.search(before) or _HEX_ENTROPY.calculate_shannon_entropy(candidate) <= _HEX_ENTROPY.entropy_limit:
            return candidate
        return "[REDACTED_SECRET]"
    mixed = any(c.isupper() for c in candidate) and any(c.islower() for c in candidate) and any(c.isdigit() for c in candidate)
    words_between_slashes = sum(len(part) >= 4 and part.isalpha() for part in candidate.split("/"))
    if (
        not mixed
        or words_between_slashes >= 2  # a path (docs/AWSEC2/latest/UserGuide), not a key
        # detect-secrets' limit, raised with length toward random base64 (≈5 bits): base64 of readable
        # text (an encoded image id) stays below it, a 40-character AWS secret (≈5.1) does not.
        or _ENTROPY.calculate_shannon_entropy(candidate) <= max(_ENTROPY.entropy_limit, min(5.0, 0.85 * math.log2(len(candidate))))
    ):
        return candidate
    return "[REDACTED_AWS_SECRET]" if word.group(1) else "[REDACTED_SECRET]"


MIN_RANDOM_VALUE = 16


def _random_after_key(m: re.Match[str]) -> str:
    """The value after a name ending in "key": a secret only when it reads as random (long, digits
    mixed with letters of both cases, or hex), not a word or a slug (`sort_key = "created_at"`)."""
    group = next(g for g in (2, 3, 4) if m.group(g) is not None)
    value = m.group(group)
    mixed_case = any(c.isupper() for c in value) and any(c.islower() for c in value)
    random_looking = (
        len(value) >= MIN_RANDOM_VALUE
        and looks_like_credential(value)
        and any(c.isdigit() for c in value)
        and (mixed_case or bool(_HEX.fullmatch(value)))
    )
    return in_match(m, group, REDACTED) if random_looking else m.group(0)


MIN_CAPS_TAIL = 24


def _prefixed_token(m: re.Match[str]) -> str:
    """`abcd_<long random tail>`: a vendor's key that no rule spells out. The tail must read as
    random: all of upper, lower and digits, not mostly words (`_getUserById2FromCache`), spread out."""
    prefix, tail = m.group(1), m.group(2)
    # An all-caps prefix may lead an all-caps tail (`ABCD-Q7RT…`), which then needs digits and letters aplenty.
    caps = prefix.isupper() and prefix.isalpha() and tail.isupper() and len(tail) >= MIN_CAPS_TAIL and sum(c.isdigit() for c in tail) >= 5
    random_looking = (
        not _NOT_KEY_PREFIX.fullmatch(prefix.lower())
        and sum(c.isdigit() for c in prefix) <= 1  # a vendor's prefix is a word (sq0atp_…), not a number (g6064-…)
        and not is_potential_uuid(tail)
        and (caps or ((prefix.islower() or not prefix.isalpha()) and any(c.isupper() for c in tail) and any(c.islower() for c in tail)))
        and any(c.isdigit() for c in tail)
        and sum(map(len, _WORD_RUN.findall(tail))) < 0.7 * len(tail)
        and _ENTROPY.calculate_shannon_entropy(tail) > 3.5
        and not is_sequential_string(tail)
    )
    return "[REDACTED_TOKEN]" if random_looking else m.group(0)


UNNAMED_KEYS: tuple[Rule, ...] = (
    # A vendor's key no rule above knows: a short lowercase prefix and a long random tail
    # (`abcd_8Jf2kLq9…`, `xyz-Q3m…`), named or not. Git SHAs and snake_case names have no mixed-case tail.
    (
        Gate(shape=r"[_-][a-z0-9]{20}|[_-][a-z0-9]{2,19}[_-][a-z0-9_-]{18}"),
        regex_cache.compile(
            r"(?<![\w.+/-])([a-z][a-z0-9]{1,9}(?:[_-][a-z][a-z0-9]{0,9})?|[A-Z]{3,5})[_-]"
            r"((?=[A-Za-z0-9_-]*[A-Za-z0-9]{8})[A-Za-z0-9](?:[A-Za-z0-9]|[_-](?=[A-Za-z0-9])){19,})(?![\w+/=-])"
        ),
        _prefixed_token,
    ),
    # An id and its secret joined by a dot: a mixed-case id, then a long hex secret (`patAb12….<64 hex>`).
    (
        Gate(shape=r"\.[0-9a-f]{40}"),
        regex_cache.compile(
            r"(?<![\w.+/-])(?=[A-Za-z0-9]*[A-Z])(?=[A-Za-z0-9]*[a-z])(?=[A-Za-z0-9]*\d)[A-Za-z][A-Za-z0-9]{9,24}\.[0-9a-f]{40,}(?![\w.-])"
        ),
        "[REDACTED_TOKEN]",
    ),
    # detect-secrets' entropy check on base64 runs shortly after a secret word (or "aws").
    (
        Gate(words=("aws", *en.KEY_WORDS_BEFORE_GATE, *ZH_SECRET_WORDS.split("|"))),
        regex_cache.compile(r"(?<![A-Za-z0-9/+=_.:-])[A-Za-z0-9/+]{32,}={0,2}(?![A-Za-z0-9/+=_-])"),
        _high_entropy_near_word,
    ),
    # Any other name ending in "key", once the shapes above had their say (`$env:MAPS_KEY = "…"`,
    # `maps.key: …`): a sort key or a cache key holds a word, so the value must read as random.
    (
        words("key"),
        regex_cache.compile(
            r"(?i)(?<![\w.$-])((?:\\?[\"'])?[\w.-]*?[_.-]key(?:\\?[\"'])?[ \t]*[=:][ \t]*)"
            r"""(?:"([^"\n]*)"|'([^'\n]*)'|([^\s"'`\\,;&()\[\]{}]+))"""
        ),
        _random_after_key,
    ),
)
