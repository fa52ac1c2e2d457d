"""Query analysis and ranking: the store finds candidates by BM25, this module orders them.

Boosts are deliberately few and small: a key named by the query, the kind of
item (derived items beat raw quotes of the same turn), recency, and a penalty
for untrusted tool output and superseded history.
"""

import re
from dataclasses import dataclass

from services.memory.domain.model import EventKind, Item, ItemKind, ItemStatus, ScoredItem
from services.memory.domain.text import cjk_bigrams, cjk_trigrams, latin_terms

_WORD = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.\-/%$€]*")
# Chinese function characters that make a bigram useless as a search term.
_CJK_FILLER = set("的了吗呢吧么是在和与及或就都也还把被让给个这那哪什怎")

KIND_BOOST = {
    ItemKind.RULE: 0.2,
    ItemKind.FACT: 0.2,
    ItemKind.NUMBER: 0.2,
    ItemKind.TASK: 0.15,
    ItemKind.EVIDENCE: 0.0,
}
KEY_MATCH_BOOST = 0.6
RECENCY_BOOST = 0.05
UNTRUSTED_PENALTY = 0.25
SUPERSEDED_PENALTY = 0.5
CANDIDATE_POOL = 60


@dataclass(frozen=True)
class Query:
    text: str
    words: tuple[str, ...]  # lowercased words minus stop words, for the FTS index (it stems them)
    stems: frozenset[str]  # our own stems, for key matching
    cjk_bigrams: tuple[str, ...]
    cjk_trigrams: tuple[str, ...]

    @property
    def empty(self) -> bool:
        return not (self.words or self.cjk_bigrams)


def analyse(text: str) -> Query:
    words: list[str] = []
    for raw in _WORD.findall(text):
        word = raw.lower().strip(".-/")
        if word and latin_terms(word) and word not in words:
            words.append(word)
    bigrams = [g for g in dict.fromkeys(cjk_bigrams(text)) if not (set(g) & _CJK_FILLER)]
    trigrams = [g for g in dict.fromkeys(cjk_trigrams(text)) if len(set(g) & _CJK_FILLER) < 2]
    return Query(
        text=text,
        words=tuple(words),
        stems=frozenset(latin_terms(text)) | frozenset(bigrams),
        cjk_bigrams=tuple(bigrams),
        cjk_trigrams=tuple(trigrams),
    )


def _key_terms(item: Item) -> set[str]:
    key = item.key.split(":", 1)[1] if item.key.startswith(("rule:", "task:", "evidence:")) else item.key
    if item.kind is ItemKind.EVIDENCE:
        return set()
    return set(latin_terms(key)) | set(cjk_bigrams(key))


def rank(query: Query, candidates: list[tuple[Item, float]], *, last_seq: int, limit: int) -> list[ScoredItem]:
    """Order candidates by text score plus boosts; a raw quote of a turn already
    represented by a higher-ranked derived item is dropped, so results stay diverse."""
    if not candidates:
        return []
    top_text = max(score for _, score in candidates) or 1.0
    scored: list[ScoredItem] = []
    for item, text_score in candidates:
        score = text_score / top_text
        key_terms = _key_terms(item)
        if key_terms:
            score += KEY_MATCH_BOOST * len(key_terms & query.stems) / len(key_terms)
        score += KIND_BOOST[item.kind]
        if last_seq:
            score += RECENCY_BOOST * item.seq / last_seq
        if item.source_kind is EventKind.TOOL_RESULT:
            score -= UNTRUSTED_PENALTY
        if item.status is ItemStatus.SUPERSEDED:
            score -= SUPERSEDED_PENALTY
        scored.append(ScoredItem(item, round(score, 6)))
    scored.sort(key=lambda s: (-s.score, -s.item.seq, s.item.item_id))
    shown_events: set[str] = set()
    result: list[ScoredItem] = []
    for entry in scored:
        events = set(entry.item.source_event_ids)
        if entry.item.kind is ItemKind.EVIDENCE and events <= shown_events:
            continue
        if entry.item.kind is not ItemKind.EVIDENCE:
            shown_events |= events
        result.append(entry)
        if len(result) >= limit:
            break
    return result
