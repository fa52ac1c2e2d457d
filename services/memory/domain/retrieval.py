"""Query analysis and ranking: the store finds candidates by BM25, this module orders them.

Boosts are deliberately few and small: a key named by the query, the person who
said the turn when the query names them, the kind of item (derived items beat raw
quotes of the same turn), recency, and a penalty for untrusted tool output and
superseded history (and for the quotes of its turns). A superseded match brings in its key's
current item, since a question worded like the old statement asks for the current value.
Turns near a hit gain a little (a question and its reply), and a turn right next to a
better one loses a little, so that the results cover more of the conversation.
"""

import heapq
from bisect import bisect_left, bisect_right
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import lru_cache

from services.memory import regex_cache
from services.memory.domain import lemmas, lexicon
from services.memory.domain.cjk_words import word_grams
from services.memory.domain.indexing import searchable_text
from services.memory.domain.model import EventKind, Item, ItemKind, ItemStatus, ScoredItem, TaskField
from services.memory.domain.owners import owner
from services.memory.domain.quoting import split_voice
from services.memory.domain.text import cjk_bigrams, cjk_runs, cjk_trigrams, is_question, latin_terms, split_sentences, term_set
from services.memory.domain.units import dimension
from services.memory.domain.value_shapes import is_money, value_type
from services.memory.lang.en import quantities as en_quantities
from services.memory.lang.zh import quantities as zh_quantities
from services.memory.lang.zh.terms import FUNCTION_CHARACTERS as _CJK_FILLER

_WORD = regex_cache.compile(r"[A-Za-z0-9][A-Za-z0-9_.\-/%$€]*")
_HYPHENATED = regex_cache.compile(r"[a-z]{3,}(?:-[a-z]{3,})+")

KIND_BOOST = {
    ItemKind.RULE: 0.3,
    ItemKind.FACT: 0.3,
    ItemKind.NUMBER: 0.3,
    ItemKind.TASK: 0.25,
    ItemKind.EVIDENCE: 0.0,
}
KEY_MATCH_BOOST = 0.6
# A question that names who said a turn ("what did Caroline say about ...") is mostly answered
# by that person's own turns.
SPEAKER_BOOST = 0.2
RECENCY_BOOST = 0.05
# A question about the value as it stands ("... now?") weighs how late a match was said this much more.
CURRENT_RECENCY_BOOST = 0.4
UNTRUSTED_PENALTY = 0.25
# The assistant restating a user's words, or the commands it ran, are weaker evidence than the user's own turn.
ASSISTANT_PENALTY = 0.15
# A turn that only asks a question holds no answer (the turns around it may: see the neighbour bonus).
QUESTION_PENALTY = 0.2
SUPERSEDED_PENALTY = 0.5
# Candidates read from the index per query: enough for the neighbour bonus to see the turns
# around each hit, few enough to keep a query in a few milliseconds.
CANDIDATE_POOL = 60
POOL_PER_RESULT = 3
# Thesaurus matches only add to candidates; a short list of them is enough.
EXPANSION_POOL = 60
# A turn gains from its reply more than from the turn before it: the turn before is already
# indexed with it (item.context), and a reply that only echoes a hit should not outrank it.
NEIGHBOUR_WEIGHT = 0.3
PREVIOUS_NEIGHBOUR_WEIGHT = 0.18
DENSITY_WEIGHT = 0.15
DENSITY_WINDOW = 5
# A turn right next to a better-ranked one is mostly the same exchange again: it loses this
# share of its score, so the results reach more parts of the conversation.
ADJACENT_PENALTY = 0.1
# A value keyed by someone else's name ("Foundry Street's IPA", "GopherChina 的茶歇") answers a question
# about ours less, unless the question names them.
OTHER_OWNER_PENALTY = 0.2
# Matches found only through the thesaurus count this much of a match on the query's own words.
EXPANSION_WEIGHT = 0.5


@dataclass(frozen=True)
class Query:
    text: str
    words: tuple[str, ...]  # lowercased words minus stop words, for the FTS index (it stems them)
    stems: frozenset[str]  # our own stems, for key matching
    cjk_bigrams: tuple[str, ...]
    cjk_trigrams: tuple[str, ...]
    intents: frozenset[ItemKind] = frozenset()
    progress: bool = False  # "how far along ...": progress leads the goal
    wants: str = ""  # the kind of value asked for (lexicon.answer_type): "time", "money", "size", ...
    current: bool = False  # "... now?": the latest of what was said counts most

    @property
    def empty(self) -> bool:
        return not (self.words or self.cjk_bigrams)


def _cjk_terms(text: str) -> tuple[list[str], list[str]]:
    if not cjk_runs(text):
        return [], []
    # The bigrams and trigrams inside the question's words (cjk_words.py), when it has any.
    bigrams = word_grams(text, 2)
    if bigrams:
        return bigrams, word_grams(text, 3)
    every = list(dict.fromkeys(cjk_bigrams(text)))
    bigrams = [g for g in every if not (set(g) & _CJK_FILLER)]
    if not bigrams:
        # A short question of common characters (现在卡在哪里: "stuck where?") would lose every
        # bigram; one function character per bigram is better than no Chinese terms at all.
        bigrams = [g for g in every if len(set(g) & _CJK_FILLER) < 2]
    trigrams = [g for g in dict.fromkeys(cjk_trigrams(text)) if len(set(g) & _CJK_FILLER) < 2]
    return bigrams, trigrams


@lru_cache(maxsize=2048)
def analyse(text: str) -> Query:
    words: list[str] = []
    for raw in _WORD.findall(text):
        word = raw.lower().strip(".-/")
        if word and latin_terms(word) and word not in words:
            words.append(word)
    bigrams, trigrams = _cjk_terms(text)
    return Query(
        text=text,
        words=tuple(words),
        stems=frozenset(latin_terms(text)) | frozenset(bigrams),
        cjk_bigrams=tuple(bigrams),
        cjk_trigrams=tuple(trigrams),
        intents=lexicon.intents(text),
        progress=lexicon.asks_progress(text),
        wants=lexicon.answer_type(text),
        current=lexicon.asks_current(text),
    )


@lru_cache(maxsize=2048)
def expand(query: Query) -> Query | None:
    """The thesaurus words for a query, as a query of their own; None when there are none."""
    latin, chinese = lexicon.expansions(query.text)
    # "feature-flag" is searched as a phrase; its words, which a turn may say apart ("the flag service"), count as expansions.
    latin = [*latin, *(part for word in query.words if _HYPHENATED.fullmatch(word) for part in word.split("-") if part not in latin)]
    # The index holds the base form beside each irregular form (lemmas.py): "did I buy it?" finds "I bought
    # it" as it is, and "who bought it?" also searches "buy", to find "I'll buy it".
    forms = (form for form in lemmas.base_forms(query.text, question=True) if form not in query.words)
    latin = list(dict.fromkeys([*latin, *forms]))  # "went" and "gone" both give "go": one term, not a doubled score
    if not latin and not chinese:
        return None
    joined = " ".join(chinese)
    bigrams = [g for g in _cjk_terms(joined)[0] if g not in query.cjk_bigrams] + [w for w in chinese if len(w) == 2]
    return Query(
        text=" ".join(latin) + " " + joined,
        words=tuple(latin),
        stems=frozenset(),
        cjk_bigrams=tuple(dict.fromkeys(bigrams)),
        cjk_trigrams=(),
    )


def fuse(primary: list[tuple[Item, float]], secondary: list[tuple[Item, float]], weight: float) -> list[tuple[Item, float]]:
    """Add the secondary list's scores, scaled to the primary's best score and weighted."""
    if not secondary:
        return primary
    scale = weight * (max((score for _, score in primary), default=0.0) or max(score for _, score in secondary))
    top_secondary = max(score for _, score in secondary) or 1.0
    merged = {item.item_id: (item, score) for item, score in primary}
    for item, score in secondary:
        kept, total = merged.get(item.item_id, (item, 0.0))
        merged[item.item_id] = (kept, total + scale * score / top_secondary)
    return list(merged.values())


def with_successors(candidates: list[tuple[Item, float]], current: dict[str, Item]) -> list[tuple[Item, float]]:
    """The candidates plus what replaced each superseded one (current: superseded id -> successor),
    at the superseded one's text score when that is higher: "how much money do we have?" may match
    only the sentence that set a budget since corrected, and what it asks for is the corrected
    budget; "is X still blocked?" matches the blocker, and the answer is the turn that resolved it."""
    merged = {item.item_id: (item, score) for item, score in candidates}
    for item, score in candidates:
        successor = current.get(item.item_id) if item.status is ItemStatus.SUPERSEDED else None
        if successor is not None:
            kept, best = merged.get(successor.item_id, (successor, 0.0))
            merged[successor.item_id] = (kept, max(best, score))
    return list(merged.values())


class _Traits:
    """What ranking reads of an item whatever the query: worked out once per item, not per query."""

    __slots__ = ("_item", "_search_terms", "answer_type", "factor", "key_terms", "owner", "source_factor", "speaker")

    def __init__(self, item: Item):
        self._item = item
        self.factor = 1.0 + KIND_BOOST[item.kind]
        evidence = item.kind is ItemKind.EVIDENCE
        self.key_terms = frozenset() if evidence else term_set(item.subject)
        self.owner = frozenset() if evidence else owner(item.text, item.subject)
        self.speaker = term_set(item.speaker) if item.speaker else frozenset()
        self.answer_type = _answer_type(item)
        source_factor = 1.0
        if item.source_kind is EventKind.TOOL_RESULT:
            source_factor = 1.0 - UNTRUSTED_PENALTY
        elif item.source_kind in (EventKind.ASSISTANT_MESSAGE, EventKind.TOOL_CALL):
            source_factor = 1.0 - ASSISTANT_PENALTY
        elif evidence:
            source_factor = 1.0 - UNTRUSTED_PENALTY * _pasted_share(item.text)  # what the user pasted is a tool's word, not theirs
        if evidence and _only_asks(item.text, item.lang):
            source_factor *= 1.0 - QUESTION_PENALTY
        self.source_factor = source_factor
        self._search_terms: frozenset[str] | None = None

    def search_terms(self) -> frozenset[str]:
        """The words of the item's own text (for the share of a query it answers), read when a key is named."""
        if self._search_terms is None:
            self._search_terms = term_set(searchable_text(self._item))
        return self._search_terms


# Traits per item id, with the fields that would tell another item under a reused id (a session deleted and
# created again) from the one they were read from.
_TRAITS: dict[str, tuple[tuple[str, str, str, str], _Traits]] = {}
_MAX_TRAITS = 50_000


def _traits(item: Item) -> _Traits:
    stamp = (item.text, item.key, item.value, item.speaker)
    cached = _TRAITS.get(item.item_id)
    if cached is not None and cached[0] == stamp:
        return cached[1]
    if len(_TRAITS) >= _MAX_TRAITS:
        _TRAITS.clear()  # cheaper than an LRU's bookkeeping on every hit; refilled in a few queries
    traits = _TRAITS[item.item_id] = (stamp, _Traits(item))
    return traits[1]


def _context(candidates: list[tuple[Item, float]], top_text: float) -> dict[int, float]:
    """seq -> bonus from neighbouring turns: an answer often sits next to the turn that names its topic
    (a question and its reply), and a topic discussed over several nearby turns is likelier the one asked about."""
    by_seq: dict[int, float] = {}
    for item, text_score in candidates:
        seq = item.seq
        by_seq[seq] = max(by_seq.get(seq, 0.0), text_score / top_text)
    seqs = sorted(by_seq)
    bonus: dict[int, float] = {}
    for at, seq in enumerate(seqs):
        neighbour = max(PREVIOUS_NEIGHBOUR_WEIGHT * by_seq.get(seq - 1, 0.0), NEIGHBOUR_WEIGHT * by_seq.get(seq + 1, 0.0))
        # Only the candidates' own seqs within the window, found by bisection: most windows hold one or two.
        window = seqs[bisect_left(seqs, seq - DENSITY_WINDOW, 0, at) : bisect_right(seqs, seq + DENSITY_WINDOW, at)]
        nearby = sorted((by_seq[other] for other in window if other != seq), reverse=True)[:3]
        bonus[seq] = neighbour + DENSITY_WEIGHT * sum(nearby)
    return bonus


def rank(
    query: Query, candidates: list[tuple[Item, float]], *, last_seq: int, limit: int, include_superseded: bool = True
) -> list[ScoredItem]:
    """Order candidates by text relevance (their own match plus nearby turns'), scaled by boosts.

    Boosts multiply relevance rather than add to it, so they reorder comparable matches
    but never lift a weak match over a strong one. A raw quote of a turn already
    represented by a higher-ranked derived item is dropped, so results stay diverse.
    Superseded candidates count (their turns' quotes are as stale as they are) even when
    they are left out of the result."""
    if not candidates:
        return []
    top_text = max(score for _, score in candidates) or 1.0
    context = _context(candidates, top_text)
    # A turn is stale when a value read from it was replaced; a replaced goal or a settled blocker
    # leaves the rest of what the turn said (a figure, a date) as current as it was.
    stale_turns = {
        event
        for item, _ in candidates
        if item.status is ItemStatus.SUPERSEDED and item.kind is not ItemKind.TASK
        for event in item.source_event_ids
    }
    recency = CURRENT_RECENCY_BOOST if query.current else RECENCY_BOOST
    scored: list[ScoredItem] = []
    for item, text_score in candidates:
        relevance = text_score / top_text + context.get(item.seq, 0.0)
        traits = _traits(item)
        factor = traits.factor
        named = len(traits.key_terms & query.stems)
        if named:
            # A key the query names, weighed by how much of the query the item answers: "Harry
            # Potter" is named by "when did John attend the Harry Potter trivia?" but answers little of it.
            factor += (
                KEY_MATCH_BOOST * named / len(traits.key_terms) * (0.5 + 0.5 * len(traits.search_terms() & query.stems) / len(query.stems))
            )
        if item.kind in query.intents and not (query.progress and item.task_field is TaskField.GOAL):
            factor += lexicon.INTENT_BOOST  # "how far along is X?" asks for progress, not the goal it measures
        if query.progress and item.task_field is TaskField.PROGRESS:
            factor += lexicon.PROGRESS_BOOST
        if query.wants and query.wants == traits.answer_type:
            factor += lexicon.ANSWER_TYPE_BOOST
        if traits.owner and not traits.owner <= query.stems:
            factor *= 1.0 - OTHER_OWNER_PENALTY  # a value keyed by someone else's name, whom the query does not name
        if traits.speaker and traits.speaker <= query.stems:
            factor += SPEAKER_BOOST
        factor *= traits.source_factor
        if item.status is ItemStatus.SUPERSEDED or (item.kind is ItemKind.EVIDENCE and stale_turns.issuperset(item.source_event_ids)):
            factor *= 1.0 - SUPERSEDED_PENALTY
        score = relevance * factor + (recency * item.seq / last_seq if last_seq else 0.0)
        scored.append(ScoredItem(item, round(score, 6)))
    scored.sort(key=lambda s: (-s.score, -s.item.seq, s.item.item_id))
    # Lazily: the greedy spread settles its order front first, and only the first `limit` turns are taken.
    spread = _spread(scored)
    if not include_superseded:
        spread = (entry for entry in spread if entry.item.status is ItemStatus.ACTIVE)
    return _one_slot_per_turn(spread, limit)


def _answer_type(item: Item) -> str:
    """The kind of value a fact or number holds, as a question asks for it (lexicon.answer_type)."""
    if item.kind is ItemKind.NUMBER:
        return dimension(item.unit) or ("money" if _names_charge(item.subject) else "")
    if item.kind is ItemKind.FACT:
        kind = value_type(item.value)
        if kind == "time":
            return "time"
        if is_money(item.value):
            return "money"
        if kind == "name" or _CJK_NAME.fullmatch(item.value):
            return "name"
    return ""


@lru_cache(maxsize=8192)
def _names_charge(key: str) -> bool:
    """A key that is a charge or a sum of money (学费, 课时费, "monthly rent"): its bare figure is an amount."""
    words = key.lower().split()
    return bool(words) and (words[-1] in en_quantities.CHARGE_WORDS or key.rstrip().endswith(zh_quantities.MONEY_HEADS))


# A Chinese value of two to four characters with no figure: most often who (小周, 阿梅, 王老师) or what is picked.
_CJK_NAME = regex_cache.compile(r"[\u4e00-\u9fff]{2,4}")


def _only_asks(text: str, lang: str) -> bool:
    """A turn that only asks ("what's the bottleneck under load?") states nothing; its reply might."""
    sentences = split_sentences(text)
    return bool(sentences) and all(is_question(sentence, lang) for sentence in sentences)


def _pasted_share(text: str) -> float:
    """The share of a user's message that is pasted material (an email, a page, a log)."""
    quoted = sum(len(segment.text) for segment in split_voice(text) if segment.quoted)
    return quoted / len(text) if text else 0.0


def _spread(scored: list[ScoredItem]) -> Iterator[ScoredItem]:
    """Reorder so that a turn adjacent to an already placed turn counts ADJACENT_PENALTY less
    (a greedy pass: a penalised entry goes back in the queue at its lower score)."""
    queue = [(-entry.score, index, False) for index, entry in enumerate(scored)]
    heapq.heapify(queue)
    placed: set[int] = set()
    while queue:
        negative, index, penalised = heapq.heappop(queue)
        entry = scored[index]
        seq = entry.item.seq
        if not penalised and (seq - 1 in placed or seq + 1 in placed):
            heapq.heappush(queue, (negative * (1.0 - ADJACENT_PENALTY), index, True))
            continue
        placed.add(seq)
        yield entry if not penalised else ScoredItem(entry.item, round(-negative, 6))


def _one_slot_per_turn(scored: Iterable[ScoredItem], limit: int) -> list[ScoredItem]:
    """A raw quote and an item derived from the same turn share one slot: the derived item
    takes the quote's place (keeping the better rank); a quote after it is dropped."""
    result: list[ScoredItem] = []
    quote_slot: dict[str, int] = {}  # event id -> index of its raw quote in result
    shown: set[str] = set()
    for entry in scored:
        events = set(entry.item.source_event_ids)
        if entry.item.kind is ItemKind.EVIDENCE:
            if events <= shown:
                continue
            quote_slot.update({event: len(result) for event in events})
            shown |= events
            result.append(entry)
        elif entry.item.kind is ItemKind.TASK and entry.item.status is not ItemStatus.ACTIVE:
            result.append(entry)  # a closed blocker or answered question: its turn's quote still tells the story
        else:
            slot = next((quote_slot.pop(e) for e in events if e in quote_slot), None)
            if slot is not None:
                result[slot] = ScoredItem(entry.item, result[slot].score)
            else:
                result.append(entry)
            shown |= events
        if len(result) >= limit:
            break
    return result
