"""Token estimate shared by the memory service, the baselines and the harness."""

import math
import re

# Ideographs, kana, hangul and full-width forms: one of these costs about
# 1/1.6 tokens, while other characters average four to a token.
_CJK_RANGES = (
    (0x3000, 0x303F),  # CJK symbols and punctuation
    (0x3040, 0x30FF),  # hiragana, katakana
    (0x3400, 0x4DBF),  # CJK extension A
    (0x4E00, 0x9FFF),  # CJK unified ideographs
    (0xAC00, 0xD7AF),  # hangul syllables
    (0xF900, 0xFAFF),  # CJK compatibility ideographs
    (0xFF00, 0xFFEF),  # half-width and full-width forms
    (0x20000, 0x2FA1F),  # extensions B-F and compatibility supplement
)


# One character class for all ranges: counting with it runs in C, not per character in Python.
_CJK = re.compile("[" + "".join(f"{chr(low)}-{chr(high)}" for low, high in _CJK_RANGES) + "]")


def is_cjk(char: str) -> bool:
    """True when the character is counted at the CJK rate."""
    return _CJK.match(char) is not None


def count_cjk(text: str) -> int:
    return len(_CJK.findall(text))


def estimate_tokens(text: str) -> int:
    """ceil(cjk_chars / 1.6 + other_chars / 4): an estimate, not a tokenizer count."""
    cjk = count_cjk(text)
    other = len(text) - cjk
    return math.ceil(cjk / 1.6 + other / 4)
