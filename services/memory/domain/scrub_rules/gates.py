"""Gates: the lowercase words (or the shape) a text must hold before a scrub rule's regex runs on it."""

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property

from services.memory import regex_cache

# A prefix tree of characters; the key "" marks where a word ends.
_Trie = dict[str, "_Trie"]


def alternation(words: Iterable[str]) -> str:
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
class Gate:
    """What a text must hold, lowercased, for a rule to have a chance: one of `words`, or `shape`."""

    words: tuple[str, ...] = ()
    shape: str = ""

    @cached_property
    def _pattern(self) -> re.Pattern[str]:
        return regex_cache.compile("|".join(filter(None, (alternation(self.words), self.shape))))

    def opens(self, lowered: str) -> bool:
        if not self.shape and len(self.words) <= 8:
            return any(word in lowered for word in self.words)  # a few substring tests beat a regex
        return bool(self._pattern.search(lowered))


def words(*literals: str) -> Gate:
    return Gate(words=literals)
