"""The answer judge: whether an answer states the answer key's expected answer.

One rule for every answerer, deterministic or model, so their accuracies compare: both texts are
normalised (Unicode NFKC, so full-width forms read as ASCII; case folded; every run of characters
that are neither letters nor digits becomes one space), and the answer is correct when the
normalised key occurs in the normalised answer, not inside a longer Latin word or number. So
"Monday 10:30–12:00 UTC." matches the key "Monday 10:30-12:00 UTC", "16443" does not match
"6443", and a paraphrase ("from half past ten until noon on Mondays") is not credited.
"""

import re
import unicodedata

JUDGE_RULE = (
    "normalised match: the answer key's expected answer, NFKC-normalised, case-folded and with every run of "
    "non-alphanumeric characters read as one space, occurs in the answer normalised the same way, "
    "not inside a longer Latin word or number; paraphrases are not credited"
)
_SEPARATORS = re.compile(r"[\W_]+")


def normalise(text: str) -> str:
    """NFKC, case-folded, punctuation and spacing reduced to single spaces, trimmed."""
    return _SEPARATORS.sub(" ", unicodedata.normalize("NFKC", text or "").casefold()).strip()


def judge(answer: str, expected: str) -> bool:
    """True when the answer states the expected answer under JUDGE_RULE; False for an empty key."""
    key = normalise(expected)
    if not key:
        return False
    return re.search(rf"(?<![a-z0-9]){re.escape(key)}(?![a-z0-9])", normalise(answer)) is not None
