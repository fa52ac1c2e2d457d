"""What replacing a value does to the other items that said it: a sibling of the old item's turn that
states the same value is restated with the new one, and an old value named by a correction but held by
no item gets one, superseded, so the old value is on record as replaced. And which rule a corrected
rule replaces."""

from dataclasses import replace as _replace
from typing import Protocol

from services.memory.domain import units, value_text
from services.memory.domain.model import Event, EventKind, Item, ItemKind, ItemStatus, TaskField, item_id_for
from services.memory.domain.text import latin_terms, term_set
from services.memory.domain.value_parts import day_alone
from services.memory.lang.en import rules as en_rules
from services.memory.lang.zh import rules as zh_rules

# A corrected rule replaces an active rule with this share of its words in common.
RULE_OVERLAP = 0.5
# Words that make a sentence a rule say nothing of what it is about.
_RULE_MARKER_TERMS = frozenset(latin_terms(en_rules.RULE_MARKERS)) | zh_rules.RULE_MARKER_TERMS


class PlanView(Protocol):
    """What the planner's overlay offers (see ingest._Overlay)."""

    session_id: str

    def matching(self, text: str, kinds: tuple[ItemKind, ...], limit: int = ...) -> list[Item]: ...

    def active_with_prefix(self, prefix: str) -> list[Item]: ...

    def add(self, item: Item) -> None: ...

    def update(self, item: Item) -> None: ...


def restate_siblings(overlay: PlanView, event: Event, old: Item, new: Item) -> None:
    """Other items of the old item's turn that state its value (the rule "crash-free sessions must
    stay above 99.5%, ... we halt the rollout" beside the number 99.5, the progress "booked the test
    drive for Saturday at 10 am") are restated with the new value, sourced from both turns, so no
    active item still says the replaced value."""
    if ItemKind.RULE in (old.kind, new.kind):
        return
    turn = set(old.source_event_ids)
    # A fact that changed one figure ("every 5 km" -> "every 4 km") restates the number of its turn that holds it.
    pairs = [(old.value, new.value), *([figures] if (figures := units.changed_figure(old.value, new.value)) else [])]
    found = [
        (sibling, said, says)
        for said, says in pairs
        for sibling in overlay.matching(said, (ItemKind.RULE, ItemKind.FACT, ItemKind.NUMBER, ItemKind.TASK))
    ]
    restated_ids = {old.item_id, new.item_id}
    for sibling, old_value, new_value in found:
        if sibling.item_id in restated_ids or not turn & set(sibling.source_event_ids) or sibling.status is not ItemStatus.ACTIVE:
            continue
        if sibling.kind is ItemKind.TASK and sibling.task_field not in (TaskField.GOAL, TaskField.PROGRESS):
            continue  # a blocker or a question is closed by what resolves it, not restated
        if sibling.kind is ItemKind.NUMBER and old.kind is ItemKind.NUMBER and not units.same_measure(sibling.unit, old.unit):
            continue  # "10 minutes" beside the replaced "10%" is another measure that happens to share a figure
        restated = value_text.restated(sibling.value, old_value, new_value)
        if restated is None:
            continue
        copy = _replace(
            sibling,
            item_id=item_id_for(overlay.session_id, f"{sibling.item_id}\x00{new.item_id}", 0),
            value=restated,
            source_seqs=tuple(sorted({*sibling.source_seqs, event.seq})),
            source_event_ids=(*sibling.source_event_ids, event.event_id),
        )
        restated_ids.add(sibling.item_id)  # once, whichever of its values matched
        overlay.add(copy)
        overlay.update(_replace(sibling, status=ItemStatus.SUPERSEDED, superseded_by=copy.item_id))


DISTINCTIVE_DIGITS = 3


def supersede_quoted(overlay: PlanView, event: Event, old: str, new: Item) -> None:
    """A correction names an old value that no item holds ("we moved from Postgres 14 to 16" when
    "Postgres 14" was only said in passing): the latest earlier user turn that said it gets an
    item for it, superseded by the new one, so the old value is on record as replaced."""
    if len(old) < 3 and not any(char.isdigit() for char in old):
        return  # too short to find in a sentence as the value it was
    subject = term_set(new.key)
    # A figure of three digits or more ("not 214": the unit number) is itself the subject's trace: no
    # other statement says it by chance. A shorter value must be said of the same subject.
    figure = sum(char.isdigit() for char in old) >= DISTINCTIVE_DIGITS
    quotes = [
        item
        for item in overlay.matching(f"{old} {day_alone(old)}", (ItemKind.EVIDENCE,))  # "the 16th" may be "April 16"
        if item.source_kind is EventKind.USER_MESSAGE
        and item.seq < event.seq
        and value_text.names(old, item.text)
        and (figure or subject & term_set(item.text))  # said of the same subject, not a word in passing
    ]
    if not quotes:
        return
    quote = max(quotes, key=lambda item: item.seq)
    said = value_text.spelled_as(old, quote.text)
    overlay.add(
        _replace(
            new,
            item_id=item_id_for(overlay.session_id, f"{quote.source_event_ids[0]}\x00{new.item_id}", 0),
            value=said,
            unit="" if said != old else new.unit,
            condition="",
            text=quote.text,
            source_seqs=quote.source_seqs,
            source_event_ids=quote.source_event_ids,
            source_kind=quote.source_kind,
            status=ItemStatus.SUPERSEDED,
            superseded_by=new.item_id,
            task_field=None,
        )
    )


def replaced_rule(overlay: PlanView, new: Item) -> Item | None:
    """The active rule a corrected rule replaces: the most recent one sharing at least half of
    the smaller one's words, rule markers aside ("always reply in English" -> "actually, reply
    in French from now on")."""
    words = _rule_words(new.value)
    if not words:
        return None
    shared = []  # (share, seq, rule): the highest share wins, then the latest rule
    for rule in overlay.active_with_prefix("rule:"):
        other = _rule_words(rule.value)
        share = len(words & other) / min(len(words), len(other)) if other else 0.0
        if share >= RULE_OVERLAP:
            shared.append((share, rule.seq, rule))
    return max(shared, key=lambda entry: entry[:2])[2] if shared else None


def _rule_words(text: str) -> frozenset[str]:
    return term_set(text) - _RULE_MARKER_TERMS
