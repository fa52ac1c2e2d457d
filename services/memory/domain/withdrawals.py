"""Withdrawals: what "forget what I said about X", "never mind", "drop the Lagos chapter" or
"西溪不考虑了" retires. The item its words name, else the statement just made; and when no stored
statement holds a plan it names, the user turn that proposed it, so retrieval answers "are we still
doing X?" with the turn that dropped it (retrieval.with_successors)."""

import re
from dataclasses import replace
from functools import cache
from typing import Protocol

from services.memory import regex_cache
from services.memory.domain import discourse
from services.memory.domain import extraction_checks as C
from services.memory.domain.model import Candidate, Event, EventKind, Item, ItemKind, ItemStatus, item_id_for
from services.memory.domain.statements import MAX_KEY_WORDS
from services.memory.domain.task_lifecycle import PlanView
from services.memory.domain.text import split_sentences, strip_openers, term_set
from services.memory.domain.value_text import names
from services.memory.lang import data

# A withdrawal that names no stored statement retires the turn holding this share of its words,
WITHDRAWN_SHARE = 0.5
# when it names at least this many terms (words, or Chinese bigrams): one word matches too many turns;
MIN_NAMED_TERMS = 2
# and only a turn this short (a proposal, not notes about many things).
PROPOSAL_CHARS = 300
PROPOSAL_SENTENCES = 3
WITHDRAWABLE_KINDS = (ItemKind.FACT, ItemKind.NUMBER, ItemKind.RULE)
# A sentence that says everything a withdrawal names (奖金 of "发 200 块奖金") is as good as a key word.
WHOLLY_SAID = 0.5
# The assistant's reply to a withdrawn proposal is retired with it when it comes this soon after.
REPLY_SPAN = 2


class WithdrawalView(PlanView, Protocol):
    """What a withdrawal reads of the planner's overlay (ingest._Overlay)."""

    def subject_pool(self, key: str, clues: str | None) -> list[Item]: ...

    def matching(self, text: str, kinds: tuple[ItemKind, ...], limit: int = ...) -> list[Item]: ...

    def replaced_by(self, item_id: str) -> list[Item]: ...


def about_key(about: str, lang: str) -> str:
    """The key a withdrawal names ("forget what I said about the venue" -> venue), "" when it names none."""
    grammar = "zh" if lang == "zh" else "en"
    about = _vague_tail(grammar).sub("", strip_openers(about, grammar))
    return C.store_key(about, grammar) if about and C.good_key(about, grammar, MAX_KEY_WORDS) else ""


@cache
def _vague_tail(grammar: str) -> re.Pattern[str]:
    return regex_cache.compile(data(grammar, "discourse").VAGUE_TAIL, re.IGNORECASE)


def withdrawal_candidate(withdrawn: discourse.Withdrawal, sentence: str, lang: str) -> Candidate:
    """What a sentence takes back, as a candidate: a fact (or number) named by its key, or a rule said lifted."""
    if withdrawn.rule:
        return Candidate(kind=ItemKind.RULE, key="", value=withdrawn.about, text=sentence, lang=lang, withdraws=True)
    return Candidate(
        kind=ItemKind.FACT, key=about_key(withdrawn.about, lang), value=withdrawn.about, text=sentence, lang=lang, withdraws=True
    )


def withdraw(overlay: WithdrawalView, event: Event, candidate: Candidate) -> None:
    """Retire the item a withdrawal takes back: the one its words name, or, naming none, the
    statement just made. Its successor is the turn that took it back, so history says when; what it
    replaced in the same batch is current again."""
    named = candidate.key or candidate.value
    if candidate.kind is ItemKind.RULE:
        # "That restriction's lifted": a rule, the one the sentence's other words name.
        target = withdrawn(named, overlay.matching(named, (ItemKind.RULE,)))
    elif named:
        # A rule is taken back like a value: "forget the sunroof requirement" for "one more must-have: sunroof".
        target = withdrawn(named, [*overlay.subject_pool(candidate.key, named), *overlay.matching(named, (ItemKind.RULE,))])
    else:
        target = just_said(overlay.subject_pool("", None), event.seq)
    evidence = item_id_for(overlay.session_id, event.event_id, 0)
    retired = _with_sentence(overlay, target) if target is not None else _withdrawn_turns(overlay, event, named) if named else []
    for item in retired:
        overlay.update(replace(item, status=ItemStatus.SUPERSEDED, superseded_by=evidence))
        # "Move it to Thursday... never mind, keep the original": an update taken back as it is made
        # leaves what it replaced current.
        for earlier in overlay.replaced_by(item.item_id):
            overlay.update(replace(earlier, status=ItemStatus.ACTIVE, superseded_by=""))


def taken_back_rule(overlay: WithdrawalView, named: str) -> list[Item]:
    """The rule a retraction named, with what else its sentence stated, when no value took its place: "Forget
    what I said about misting the basil" of "put the basil on the 10-minute mist cycle"; [] when none."""
    rule = withdrawn(named, overlay.matching(named, (ItemKind.RULE,)))
    return _with_sentence(overlay, rule) if rule is not None and rule.kind is ItemKind.RULE else []


def _with_sentence(overlay: WithdrawalView, target: Item) -> list[Item]:
    """The item taken back and what else its sentence stated ("pay everyone a 200 bonus on Monday" is
    one thing taken back, whether it was read as a number, a fact or both)."""
    said = overlay.matching(target.text, WITHDRAWABLE_KINDS)
    return [
        target,
        *(
            item
            for item in said
            if item.item_id != target.item_id and item.text == target.text and item.source_event_ids == target.source_event_ids
        ),
    ]


def _withdrawn_turns(overlay: WithdrawalView, event: Event, named: str) -> list[Item]:
    """The quote of the latest earlier user turn that names most of what a withdrawal takes back
    ("forget the BigQuery copy" for "let's plan a nightly BigQuery copy of the mart"), with the
    assistant's reply to it when that names it too, so that a question about it finds the
    withdrawal first (retrieval.with_successors)."""
    words = term_set(named)
    if len(words) < MIN_NAMED_TERMS:
        return []  # "skip the intro" names too little to say which turn proposed it
    quotes = [item for item in overlay.matching(named, (ItemKind.EVIDENCE,)) if item.seq < event.seq]
    scored = [(len(words & term_set(item.text)) / len(words), item.seq, item) for item in quotes]
    said = [
        entry
        for entry in scored
        if entry[0] >= WITHDRAWN_SHARE and entry[2].source_kind is EventKind.USER_MESSAGE and _one_proposal(entry[2].text)
    ]
    if not said:
        return []
    turn = max(said, key=lambda entry: entry[:2])[2]
    replies = [
        item
        for share, seq, item in scored
        if share >= WITHDRAWN_SHARE and item.source_kind is EventKind.ASSISTANT_MESSAGE and turn.seq < seq <= turn.seq + REPLY_SPAN
    ]
    return [turn, *replies]


def _one_proposal(text: str) -> bool:
    """A turn short enough to be about one plan: meeting notes or a pasted list say many things
    besides the plan dropped, and retiring them would hide all of it."""
    return len(text) <= PROPOSAL_CHARS and len(split_sentences(text)) <= PROPOSAL_SENTENCES


def withdrawn(named: str, candidates: list[Item]) -> Item | None:
    """The item "forget what I said about <named>" or "scratch <named>" takes back: the one whose value
    it names, else whose key (or, less, sentence) shares most of its words, the latest on a tie; None
    when none shares any."""
    values = [item for item in candidates if item.kind in (ItemKind.FACT, ItemKind.NUMBER) and names(named, item.value)]
    if values:
        return max(values, key=lambda item: item.seq)
    words = term_set(named)
    scored = [
        (len(words & term_set(item.subject)) + 0.5 * len(words & said) + (WHOLLY_SAID if words <= said else 0.0), item.seq, item)
        for item in candidates
        if item.kind in WITHDRAWABLE_KINDS and (said := term_set(item.text))
    ]
    best = max((entry for entry in scored if entry[0] >= 1.0), key=lambda entry: entry[:2], default=None)
    return best[2] if best else None


def just_said(candidates: list[Item], seq: int, within: int = 4) -> Item | None:
    """The statement a bare "never mind" takes back: the latest fact or number of the last few seqs,
    its own message's included ("push it to 20:00. Actually never mind")."""
    recent = [item for item in candidates if item.kind in (ItemKind.FACT, ItemKind.NUMBER) and seq - within <= item.seq <= seq]
    return max(recent, key=lambda item: item.seq, default=None)
