"""Planning one AppendEvents batch: dedupe, conflicts, extraction and supersede, before any write.

The planner only reads through a StoreReader and returns an AppendPlan; the store
applies the plan atomically. Both stores share this logic, so SQLite and Redis
derive exactly the same items from the same events.
"""

import hashlib
from dataclasses import replace as _replace

from services.common.errors import Conflict
from services.memory.domain.extraction import extract
from services.memory.domain.indexing import event_metadata
from services.memory.domain.model import (
    QUOTABLE_KINDS,
    TRUSTED_KINDS,
    AppendPlan,
    Candidate,
    Event,
    EventKind,
    Item,
    ItemKind,
    ItemStatus,
    SessionState,
    TaskField,
)
from services.memory.domain.store_api import StoreReader
from services.memory.domain.text import detect_lang, latin_terms, normalize_key, term_set

CORRECTABLE_KINDS = (ItemKind.FACT, ItemKind.NUMBER)
CONTEXT_CHARS = 300
# A corrected rule replaces an active rule with this share of its words in common.
RULE_OVERLAP = 0.5
# Words that make a sentence a rule say nothing of what it is about.
_RULE_MARKER_TERMS = frozenset(
    latin_terms("always never from now on going forward please make sure ensure only avoid instead actually")
) | frozenset({"从现", "现在", "在开", "开始", "以后", "始终", "总是", "永远", "不要", "必须"})
# How many of the latest facts and numbers a correction that names its old value loosely is matched against.
RECENT_TARGETS = 50
# An open item counts as done when a progress entry shares this much of its wording.
DONE_OVERLAP = 0.6


def item_id_for(session_id: str, event_id: str, index: int) -> str:
    """Deterministic, so a replayed plan names the same items; unique across sessions."""
    digest = hashlib.sha256(f"{session_id}\x00{event_id}\x00{index}".encode()).hexdigest()
    return f"it_{digest[:20]}"


def normalize_value(value: str) -> str:
    return " ".join(value.lower().split()).strip(" .,;:!?。，；：！？\"'`")


class _Overlay:
    """The reader's view plus what this batch has planned so far."""

    def __init__(self, reader: StoreReader, session_id: str, plan: AppendPlan):
        self.reader = reader
        self.session_id = session_id
        self.plan = plan
        self.by_key: dict[str, Item | None] = {}

    def _current(self, item: Item) -> Item:
        return self.plan.updated_items.get(item.item_id, item)

    def active(self, key: str) -> Item | None:
        if key not in self.by_key:
            found = self.reader.active_items_by_keys(self.session_id, [key]).get(key)
            self.by_key[key] = self._current(found) if found else None
        return self.by_key[key]

    def active_by_value(self, value: str) -> Item | None:
        wanted = normalize_value(value)
        for item in reversed(self.plan.new_items):
            if item.status is ItemStatus.ACTIVE and item.kind in CORRECTABLE_KINDS:
                if normalize_value(item.value) == wanted:
                    return self._current(item)
        found = self.reader.find_active_by_value(self.session_id, wanted, CORRECTABLE_KINDS)
        return self._current(found) if found else None

    def recent_active(self, kinds: tuple[ItemKind, ...]) -> list[Item]:
        """Active items of these kinds, newest first: this batch's, then the store's latest RECENT_TARGETS."""
        recent = [self._current(item) for item in reversed(self.plan.new_items)]
        recent += [self._current(item) for item in self.reader.active_items_of_kinds(self.session_id, kinds, limit=RECENT_TARGETS)]
        return [item for item in recent if item.status is ItemStatus.ACTIVE and item.kind in kinds]

    def active_like_value(self, value: str, key: str) -> Item | None:
        """The most recent active fact or number a correction's "not Y" names loosely: Y is its
        value cut at a separator ("not db-stg-2" for db-stg-2.internal), or the other way round,
        and the keys share a word when the correction has one."""
        wanted = normalize_value(value)
        key_terms = term_set(key)
        return next(
            (item for item in self.recent_active(CORRECTABLE_KINDS)
             if _cut_at_separator(normalize_value(item.value), wanted) and (not key_terms or key_terms & term_set(item.key))),
            None,
        )

    def active_with_wider_key(self, new: Item) -> Item | None:
        """The one active number of the same unit whose key holds the new key's words and more:
        "raise the timeout to 60s" restates the request timeout when no other timeout is known."""
        words = term_set(new.key)  # stems, or bigrams of a Chinese key (超时 in 接口超时时间)
        if not words:
            return None
        wider = {item.item_id: item for item in self.recent_active((new.kind,)) if item.unit == new.unit and words < term_set(item.key)}
        return next(iter(wider.values())) if len(wider) == 1 else None

    def latest_user_item(self, unit: str = "") -> Item | None:
        """The latest active fact or number; with a unit, the latest in that unit if there is one
        ("make that $15k" corrects the last amount in dollars, not the timeout said after it)."""
        active = self.recent_active(CORRECTABLE_KINDS)
        same_unit = [item for item in active if unit and item.unit.lower() == unit.lower()]
        return (same_unit or active or [None])[0]

    def active_with_prefix(self, prefix: str) -> list[Item]:
        stored = {item.item_id: self._current(item) for item in self.reader.active_items_with_key_prefix(self.session_id, prefix)}
        for item in self.plan.new_items:
            if item.key.startswith(prefix):
                stored[item.item_id] = self._current(item)
        return [item for item in stored.values() if item.status is ItemStatus.ACTIVE]

    def add(self, item: Item) -> None:
        self.plan.new_items.append(item)
        self.by_key[item.key] = item

    def update(self, item: Item) -> None:
        # A new item updated in the same batch is rewritten in place, not stored twice.
        for index, pending in enumerate(self.plan.new_items):
            if pending.item_id == item.item_id:
                self.plan.new_items[index] = item
                break
        else:
            self.plan.updated_items[item.item_id] = item
        if item.status is ItemStatus.ACTIVE:
            self.by_key[item.key] = item
        elif self.by_key.get(item.key) and self.by_key[item.key].item_id == item.item_id:
            self.by_key[item.key] = None


def plan_append(reader: StoreReader, session_id: str, events: list[Event]) -> AppendPlan:
    """Decide what a validated batch writes. Raises Conflict, writing nothing, on a reused seq or id."""
    state = reader.session(session_id) or SessionState(session_id=session_id)
    plan = AppendPlan(checkpoint_seq=state.checkpoint_seq, last_seq=state.last_seq)
    fresh = sorted(_dedupe(reader, session_id, events, plan), key=lambda e: e.seq)
    overlay = _Overlay(reader, session_id, plan)
    previous = _stored_before(reader, session_id, fresh[0].seq) if fresh else None
    for event in fresh:
        plan.new_events.append(event)
        plan.last_seq = max(plan.last_seq, event.seq)
        if event.kind is EventKind.COMPACTION:
            plan.checkpoint_seq = max(plan.checkpoint_seq, compaction_seq(event))
        _derive_items(overlay, event, previous.text[:CONTEXT_CHARS] if previous else "")
        if event.kind in QUOTABLE_KINDS and event.text.strip():
            previous = event
    return plan


def _stored_before(reader: StoreReader, session_id: str, seq: int) -> Event | None:
    """The stored quotable event just before seq, if the previous seq holds one."""
    earlier = reader.events_by_seqs(session_id, [seq - 1]).get(seq - 1)
    return earlier if earlier and earlier.kind in QUOTABLE_KINDS and earlier.text.strip() else None


def compaction_seq(event: Event) -> int:
    """A compaction event covers up to its up_to_seq attribute, or up to itself."""
    raw = event.attribute("up_to_seq")
    return int(raw) if raw.isdigit() and int(raw) > 0 else event.seq


def _dedupe(reader: StoreReader, session_id: str, events: list[Event], plan: AppendPlan) -> list[Event]:
    stored_by_id = reader.events_by_ids(session_id, [e.event_id for e in events])
    stored_by_seq = reader.events_by_seqs(session_id, [e.seq for e in events])
    seen_ids: dict[str, Event] = {}
    seen_seqs: dict[int, Event] = {}
    fresh: list[Event] = []
    for event in events:
        earlier = stored_by_id.get(event.event_id) or seen_ids.get(event.event_id)
        if earlier is not None:
            if earlier.content_hash != event.content_hash:
                raise Conflict(
                    f"event_id {event.event_id!r} was already stored with other content (seq {earlier.seq}); "
                    "a retry must resend the identical event"
                )
            plan.duplicates += 1
            continue
        holder = stored_by_seq.get(event.seq) or seen_seqs.get(event.seq)
        if holder is not None:
            raise Conflict(
                f"seq {event.seq} already holds event {holder.event_id!r}; "
                f"event {event.event_id!r} must use a new seq"
            )
        seen_ids[event.event_id] = event
        seen_seqs[event.seq] = event
        fresh.append(event)
    return fresh


def _derive_items(overlay: _Overlay, event: Event, context: str) -> None:
    index = 0
    metadata = event_metadata(event)
    if event.kind in QUOTABLE_KINDS and (event.text.strip() or event.attributes):
        overlay.add(_evidence_item(overlay.session_id, event, context, metadata))
        index += 1
    if event.kind not in TRUSTED_KINDS or not event.text.strip():
        return
    for candidate in extract(event.text):
        index += 1
        _reconcile(overlay, event, candidate, item_id_for(overlay.session_id, event.event_id, index), metadata)


def _evidence_item(session_id: str, event: Event, context: str, metadata: str) -> Item:
    return Item(
        item_id=item_id_for(session_id, event.event_id, 0),
        session_id=session_id,
        kind=ItemKind.EVIDENCE,
        key=f"evidence:{event.event_id}",
        value=event.text,
        text=event.text,
        lang=detect_lang(event.text),
        source_seqs=(event.seq,),
        source_event_ids=(event.event_id,),
        source_kind=event.kind,
        context=context,
        metadata=metadata,
        speaker=event.attribute("speaker"),
    )


def _resolve_key(overlay: _Overlay, candidate: Candidate) -> str:
    if candidate.key:
        return candidate.key
    if not candidate.is_correction:
        return ""
    target = overlay.active_by_value(candidate.corrects) if candidate.corrects else None
    if target is None and not candidate.corrects:
        target = overlay.latest_user_item(candidate.unit)
    return target.key if target else ""


def _reconcile(overlay: _Overlay, event: Event, candidate: Candidate, item_id: str, metadata: str) -> None:
    key = _resolve_key(overlay, candidate)
    if not key:
        return  # a correction of nothing we know: the evidence item keeps the sentence
    new = Item(
        item_id=item_id,
        session_id=overlay.session_id,
        kind=candidate.kind,
        key=key,
        value=candidate.value,
        text=candidate.text,
        lang=candidate.lang,
        source_seqs=(event.seq,),
        source_event_ids=(event.event_id,),
        source_kind=event.kind,
        unit=candidate.unit,
        condition=candidate.condition,
        task_field=candidate.task_field,
        metadata=metadata,
        speaker=event.attribute("speaker"),
    )
    existing = overlay.active(key)
    if existing is not None and _same_content(existing, new):
        if event.event_id not in existing.source_event_ids:
            overlay.update(_with_source(existing, event))
        return
    if existing is None and candidate.kind is ItemKind.RULE and candidate.is_correction:
        existing = _replaced_rule(overlay, new)
    if existing is None and candidate.is_correction and candidate.corrects:
        # "not Y": the corrected item may live under a key spelled differently.
        existing = overlay.active_by_value(candidate.corrects) or overlay.active_like_value(candidate.corrects, key)
    if existing is None and candidate.kind is ItemKind.NUMBER:
        existing = overlay.active_with_wider_key(new)
    if existing is not None and existing.key != key and existing.kind is not ItemKind.RULE:
        new = _replace(new, key=existing.key)
    overlay.add(new)
    if existing is not None:
        overlay.update(_replace(existing, status=ItemStatus.SUPERSEDED, superseded_by=new.item_id))
    if candidate.task_field is TaskField.PROGRESS:
        _close_open_items(overlay, new)


def _close_open_items(overlay: _Overlay, done: Item) -> None:
    done_terms = set(latin_terms(done.value)) or set(normalize_key(done.value))
    for item in overlay.active_with_prefix("task:open:"):
        open_terms = set(latin_terms(item.value)) or set(normalize_key(item.value))
        if open_terms and len(open_terms & done_terms) / len(open_terms) >= DONE_OVERLAP:
            overlay.update(_replace(item, status=ItemStatus.SUPERSEDED, superseded_by=done.item_id))


def _replaced_rule(overlay: _Overlay, new: Item) -> Item | None:
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


def _cut_at_separator(a: str, b: str) -> bool:
    """One value is the other cut before a separator: "db-stg-2" and "db-stg-2.internal"."""
    short, long = sorted((a, b), key=len)
    return bool(short) and len(short) < len(long) and long.startswith(short) and not long[len(short)].isalnum()


def _same_content(a: Item, b: Item) -> bool:
    return (
        a.kind is b.kind
        and normalize_value(a.value) == normalize_value(b.value)
        and a.unit == b.unit
        and normalize_value(a.condition) == normalize_value(b.condition)
    )


def _with_source(item: Item, event: Event) -> Item:
    return _replace(
        item,
        source_seqs=tuple(sorted({*item.source_seqs, event.seq})),
        source_event_ids=(*item.source_event_ids, event.event_id),
    )
