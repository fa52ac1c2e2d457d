"""Whose value a statement gives: a name in the possessive that its key holds ("Foundry Street's IPA",
"GopherChina 的茶歇"). Another party's value is neither an update of ours nor the answer to a question
about ours, unless the question or the update names them."""

from functools import lru_cache

from services.memory import regex_cache
from services.memory.domain.text import term_set

_KEY_OWNER = regex_cache.compile(r"^([\w&\-]+)'s\s")
_ZH_PLACE_OWNER = regex_cache.compile(r"^([\u4e00-\u9fff]{2,8}?)(?:那边|这边|那儿|家)的?(?=[\u4e00-\u9fff]{2})")
_OWNER = regex_cache.compile(r"(?<![\w'])((?-i:[A-Z])[\w&\-]*(?:\s+(?-i:[A-Z])[\w&\-]*)*)(?:'s|’s|\s*的)")


@lru_cache(maxsize=8192)
def owner(text: str, key: str) -> frozenset[str]:
    """The words of the owner's name, when the sentence names one in the possessive and the key holds it."""
    key = key.lower()
    for match in _OWNER.finditer(text):
        name = match.group(1)
        # "Deposit's £1,130" is the key and its verb: an owner owns something besides its own name.
        if len(name) >= 3 and name.lower() in key and key.strip() != name.lower():
            return frozenset(term_set(name))
    # 社区花园那边草坪, 老王家的院子: a Chinese key led by a place or a household is theirs.
    if (place := _ZH_PLACE_OWNER.match(key)) is not None:
        return frozenset(term_set(place.group(1)))
    # "Tom moved his visit": the key holds the owner its sentence names only as "his" (tom's visit).
    held = _KEY_OWNER.match(key)
    if held and len(held.group(1)) >= 3 and held.group(1) in text.lower():
        return frozenset(term_set(held.group(1)))
    return frozenset()
