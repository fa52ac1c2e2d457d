"""Planning one AppendEvents batch: dedupe, conflicts, extraction and supersede, before any write.

The planner only reads through a StoreReader and returns an AppendPlan; the store
applies the plan atomically. Both stores share this logic, so SQLite and Redis
derive exactly the same items from the same events.
"""

from collections.abc import Callable
from dataclasses import replace as _replace

from services.common.errors import Unavailable
from services.memory.domain import (
    answers,
    goal_measures,
    relations,
    replacement,
    said_about,
    subjects,
    task_lifecycle,
    task_roles,
    units,
    value_text,
    withdrawals,
)
from services.memory.domain.analysis import analyse_turn
from services.memory.domain.batch_index import CORRECTABLE_KINDS, BatchIndex, namespaces
from services.memory.domain.dedupe import compaction_seq, new_events
from services.memory.domain.extraction import extract
from services.memory.domain.extraction_checks import pointed_update, said_new, verb_cut
from services.memory.domain.indexing import CONTEXT_TURNS, event_metadata, turns_context
from services.memory.domain.instances import other_instance, sentence_around
from services.memory.domain.model import (
    QUOTABLE_KINDS,
    TRUSTED_KINDS,
    VALUE_KINDS,
    AppendPlan,
    Candidate,
    Event,
    EventKind,
    Item,
    ItemKind,
    ItemStatus,
    SessionState,
    TaskField,
    item_id_for,
)
from services.memory.domain.near_values import added_up
from services.memory.domain.quoting import own_words
from services.memory.domain.retrieval import analyse
from services.memory.domain.scrub import scrub
from services.memory.domain.store_api import StoreReader
from services.memory.domain.text import detect_lang, normalize_key, term_set
from services.memory.domain.value_parts import distinctive_tokens
from services.memory.domain.value_shapes import value_type

# The latest facts and numbers every new statement is matched against (a restated key, a keyless correction),
RECENT_TARGETS = 50
# and how many more, found by their words, an update or correction is matched against.
MATCHED_TARGETS = 30
# Planning asks whether to go on every this many events: often enough to stop within a grace period.
INTERRUPT_CHECK_EVENTS = 32


class _Overlay:
    """The reader's view plus what this batch has planned so far."""

    def __init__(self, reader: StoreReader, session_id: str, plan: AppendPlan):
        self.reader = reader
        self.session_id = session_id
        self.plan = plan
        self.pending = BatchIndex(plan.new_items)
        self.by_key: dict[str, Item | None] = {}
        # The stored items under a prefix, read once per batch: nothing is written while a batch is
        # planned, and what the plan changes is applied by _current at each read.
        self.stored_with_prefix: dict[str, list[Item]] = {}

    def _current(self, item: Item) -> Item:
        return self.plan.updated_items.get(item.item_id, item)

    def active(self, key: str) -> Item | None:
        if key not in self.by_key:
            found = self.reader.active_items_by_keys(self.session_id, [key]).get(key)
            self.by_key[key] = self._current(found) if found else None
        return self.by_key[key]

    def subject_pool(self, key: str, clues: str | None) -> list[Item]:
        """Active facts and numbers a statement keyed `key` may be about, newest first: this
        batch's latest RECENT_TARGETS, every one whose key nests with key and, for an update
        (clues given), those sharing its clues' words; then the store's latest RECENT_TARGETS
        and, for an update, the MATCHED_TARGETS its index finds for the clues."""
        ids = set(self.pending.latest_correctable(RECENT_TARGETS)) | self.pending.nested_subjects(key)
        if clues is not None:
            ids |= {i for i in self.pending.sharing_words(term_set(clues)) if self.pending.get(i).kind in CORRECTABLE_KINDS}
        pool = self.pending.ordered(ids, newest_first=True)
        stored = self.reader.active_items_of_kinds(self.session_id, CORRECTABLE_KINDS, limit=RECENT_TARGETS)
        pool += [self._current(item) for item in stored]
        if clues is not None:
            pool += self._stored_matches(clues, CORRECTABLE_KINDS, MATCHED_TARGETS)
        return [item for item in pool if item.status is ItemStatus.ACTIVE and item.kind in CORRECTABLE_KINDS]

    def _stored_matches(self, text: str, kinds: tuple[ItemKind, ...], limit: int) -> list[Item]:
        query = analyse(text)
        if query.empty:
            return []
        return [self._current(item) for item in self.reader.match_items(self.session_id, query, kinds, limit=limit)]

    def matching(self, text: str, kinds: tuple[ItemKind, ...], limit: int = MATCHED_TARGETS) -> list[Item]:
        """Active items of these kinds that share words with text, this batch's included."""
        if analyse(text).empty:
            return []
        stored = self._stored_matches(text, kinds, limit)
        pending = [item for item in self.pending.ordered(self.pending.sharing_words(term_set(text))) if item.kind in kinds]
        return [item for item in pending + stored if item.status is ItemStatus.ACTIVE]

    def active_with_prefix(self, prefix: str) -> list[Item]:
        if prefix not in self.stored_with_prefix:
            self.stored_with_prefix[prefix] = self.reader.active_items_with_key_prefix(self.session_id, prefix)
        stored = {item.item_id: self._current(item) for item in self.stored_with_prefix[prefix]}
        if prefix in namespaces(prefix):
            pending = self.pending.ordered(self.pending.by_namespace.get(prefix, ()))
        else:
            pending = [item for item in self.plan.new_items if item.key.startswith(prefix)]
        for item in pending:
            stored[item.item_id] = item
        return [item for item in stored.values() if item.status is ItemStatus.ACTIVE]

    def replaced_by(self, item_id: str) -> list[Item]:
        """The items this batch superseded with item_id (what an update it made replaced)."""
        return [item for item in (*self.plan.new_items, *self.plan.updated_items.values()) if item.superseded_by == item_id]

    def add(self, item: Item) -> None:
        if item.item_id in self.pending.position:
            self.update(item)  # derived twice in one batch (an id is a function of its sources): one row
            return
        self.pending.add(item)
        self.by_key[item.key] = item

    def update(self, item: Item) -> None:
        # A new item updated in the same batch is rewritten in place, not stored twice.
        if not self.pending.replace(item):
            self.plan.updated_items[item.item_id] = item
        if item.status is ItemStatus.ACTIVE:
            self.by_key[item.key] = item
        elif (held := self.by_key.get(item.key)) and held.item_id == item.item_id:
            self.by_key[item.key] = None


# The turns that open a session (five user turns and their replies): what the user says they are
# doing there is the session's goal until one is stated (task_roles.opening_goal).
OPENING_SEQS = 10


def plan_append(reader: StoreReader, session_id: str, events: list[Event], interrupted: Callable[[], bool] | None = None) -> AppendPlan:
    """Decide what a validated batch writes. Raises Conflict, writing nothing, on a reused seq or id.

    interrupted is asked every few events; when it says so (the server is stopping, the caller
    gave up) planning stops with Unavailable, before anything was written."""
    state = reader.session(session_id) or SessionState(session_id=session_id)
    plan = AppendPlan(checkpoint_seq=state.checkpoint_seq, last_seq=state.last_seq)
    fresh = sorted(new_events(reader, session_id, events, plan), key=lambda e: e.seq)
    overlay = _Overlay(reader, session_id, plan)
    # The quotable turns before each event: indexed with its evidence (indexing.turns_context), and
    # they name the subjects in focus (a user names one, the assistant answers, the user updates it).
    before = _stored_before(reader, session_id, fresh[0].seq) if fresh else []
    for index, event in enumerate(fresh):
        if interrupted is not None and index % INTERRUPT_CHECK_EVENTS == 0 and interrupted():
            raise Unavailable("the call was cancelled or the server is stopping; nothing of this batch was written, send it again")
        plan.new_events.append(event)
        plan.last_seq = max(plan.last_seq, event.seq)
        if event.kind is EventKind.COMPACTION:
            plan.checkpoint_seq = max(plan.checkpoint_seq, compaction_seq(event))
        _derive_items(overlay, event, turns_context([earlier.text for earlier in before]))
        if event.kind in QUOTABLE_KINDS and event.text.strip():
            before = [*before[1 - CONTEXT_TURNS :], event]
    return plan


def _stored_before(reader: StoreReader, session_id: str, seq: int) -> list[Event]:
    """The stored quotable events of the CONTEXT_TURNS seqs before seq, oldest first (seq - 1 must hold one)."""
    seqs = list(range(seq - CONTEXT_TURNS, seq))
    found = reader.events_by_seqs(session_id, seqs)
    quotable = [found[s] for s in seqs if s in found and found[s].kind in QUOTABLE_KINDS and found[s].text.strip()]
    return quotable if quotable and quotable[-1].seq == seq - 1 else []


def _derive_items(overlay: _Overlay, event: Event, context: str) -> None:
    index = 0
    metadata = event_metadata(event)
    if event.kind in QUOTABLE_KINDS and (event.text.strip() or event.attributes):
        overlay.add(_evidence_item(overlay.session_id, event, context, metadata))
        index += 1
    if event.kind not in TRUSTED_KINDS or not event.text.strip():
        return
    # What the user pasted (an email, a page, a code block) is quoted evidence, never their own rules or goals.
    turn = analyse_turn(own_words(event.text))
    own = turn.text
    read = [task_roles.with_referent(own, candidate) for candidate in extract(turn)]
    if event.seq <= OPENING_SEQS and overlay.active("task:goal") is None and (goal := task_roles.opening_goal(own, read)):
        read.append(goal)
    if advance := goal_measures.measured_advance(overlay.active("task:goal"), turn, read):
        read.append(advance)
    for candidate in read:
        index += 1
        item_id = item_id_for(overlay.session_id, event.event_id, index)
        if candidate.kind in VALUE_KINDS and scrub(candidate.value) != candidate.value:
            continue  # a password or a home path is no value to keep: the turn's quote, scrubbed when handed out, holds it
        if candidate.resolves:
            task_lifecycle.resolve(overlay, event, candidate, item_id, own, metadata)
        elif candidate.withdraws:
            withdrawals.withdraw(overlay, event, candidate)
        else:
            _reconcile(overlay, event, candidate, item_id, metadata, context)
    task_lifecycle.settled(overlay, event, turn)
    answers.answered_questions(overlay, event, turn)
    if not any(candidate.resolves and candidate.task_field is TaskField.OPEN for candidate in read):
        # A decision read as one ("Decided: receipts go in the folder") was matched to its question already.
        task_lifecycle.chosen_options(overlay, event, turn)


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


def _reconcile(overlay: _Overlay, event: Event, candidate: Candidate, item_id: str, metadata: str, focus: str) -> None:
    candidate = pointed_update(said_new(verb_cut(candidate)))
    new = Item(
        item_id=item_id,
        session_id=overlay.session_id,
        kind=candidate.kind,
        key=candidate.key,
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
    existing = overlay.active(new.key) if new.key else None
    if existing is not None and relations.other_attribute(existing, new, candidate):
        new, existing = _rekeyed(overlay, new, f"{new.key} {value_type(new.value) or new.kind.value}")
    if existing is not None and relations.other_scale(existing, new, candidate):
        # "口语考试…总分 9.0" after "期中…总分 612": a figure fifty times smaller is the same measure of something else.
        about = normalize_key(said_about.subject_of(candidate.text, candidate.value, candidate.unit, candidate.lang))
        new, existing = _rekeyed(overlay, new, f"{about} {new.key}" if about and about not in new.key else f"{new.key} {new.value}")
    if existing is not None and relations.no_figure_for(existing, new, candidate):
        # "Desserts: I'm swapping the tart" after "5 desserts": a figure is replaced by a figure, not by a remark on its subject.
        new, existing = _rekeyed(overlay, new, f"{new.key} {new.kind.value}")
    if existing is not None and (relations.confirms(existing, new) or relations.restated(candidate, existing)):
        if event.event_id not in existing.source_event_ids:
            overlay.update(_with_source(existing, event))
        return
    if existing is not None and event.event_id in existing.source_event_ids and not value_text.names(candidate.corrects, existing.value):
        # Two values one message gives under one key ("got pushed a week, it's the 25th now" read as a day
        # and a weekday) both stand: a message retires what it said itself only by naming it ("40, not 30").
        new, existing = _rekeyed(overlay, new, f"{new.key} {value_type(new.value) or new.kind.value}")
        if existing is not None and (event.event_id in existing.source_event_ids or relations.same_content(existing, new)):
            return
    if existing is not None and not value_text.names(candidate.corrects, existing.value):
        instance = other_instance(sentence_around(event.text, candidate.text), candidate.value, existing.text, existing.value)
        if instance:  # the same measure of another bay, hall or line: a value of its own, under its own key
            new, existing = _rekeyed(overlay, new, f"{new.key} {instance}")
    if existing is None and candidate.kind is ItemKind.RULE and candidate.is_correction:
        existing = replacement.replaced_rule(overlay, new)
    if existing is None and candidate.kind in CORRECTABLE_KINDS:
        existing = _subject_of(overlay, event, candidate, focus)
        if existing is not None and relations.confirms(existing, new):
            # "the cap changes back to 40 minutes" when 40 is kept: the value said again stays the one said first.
            overlay.update(_with_source(existing, event))
            return
    retired_rule = withdrawals.taken_back_rule(overlay, candidate.takes_back) if existing is None and candidate.takes_back else []
    if existing is not None and existing.key != new.key and existing.kind is not ItemKind.RULE:
        new = _replace(new, key=existing.key)
    if existing is not None and relations.inherits_unit(candidate, new, existing):
        # "make it 40" for "25 chairs" is 40 chairs; "bumped it to 10 online" for "8 guests" is 10 guests, online.
        new = _replace(new, unit=existing.unit, condition="; ".join(part for part in (new.unit, new.condition) if part))
    if not new.key and existing is None and (key := _first_value_key(candidate, new)):
        new, existing = _rekeyed(overlay, new, key)
        if existing is not None and relations.same_content(existing, new):
            return
    if not new.key:
        return  # a correction of nothing we know: the evidence item keeps the sentence
    overlay.add(new)
    if existing is not None:
        overlay.update(_replace(existing, status=ItemStatus.SUPERSEDED, superseded_by=new.item_id))
        replacement.restate_siblings(overlay, event, existing, new)
    for item in retired_rule:  # the rule taken back, and what its sentence stated: the new statement replaces them
        overlay.update(_replace(item, status=ItemStatus.SUPERSEDED, superseded_by=new.item_id))
    if candidate.corrects and (existing is None or not value_text.names(candidate.corrects, existing.value)):
        replacement.supersede_quoted(overlay, event, candidate.corrects, new)
    if candidate.task_field is TaskField.PROGRESS:
        task_lifecycle.progress_made(overlay, new)


def _rekeyed(overlay: _Overlay, new: Item, key: str) -> tuple[Item, Item | None]:
    """new under another key, and the active item already under that key."""
    return _replace(new, key=key), overlay.active(key)


def _first_value_key(candidate: Candidate, new: Item) -> str:
    """The key of a keyless value that updates nothing kept: "we're at 143 sign-ups" is a count of them (the
    first or a new one of the count already kept); "They're at $9.40 a seat now", said as a change of
    something nothing kept, is the first value of what its clause is about (said_about.py)."""
    if new.kind is ItemKind.NUMBER and units.dimension(new.unit) == "count":
        return normalize_key(new.unit)
    if candidate.is_correction:
        return normalize_key(said_about.subject_of(candidate.text, candidate.value, candidate.unit, candidate.lang))
    return ""


def _subject_of(overlay: _Overlay, event: Event, candidate: Candidate, focus: str) -> Item | None:
    """The active fact or number the candidate restates, corrects or updates (see subjects.py)."""
    statement = subjects.Statement(
        kind=candidate.kind,
        key=candidate.key,
        value=candidate.value,
        unit=candidate.unit,
        sentence=candidate.text,
        message=event.text,
        seq=event.seq,
        update=candidate.is_correction,
        named_old=candidate.corrects,
        loose=candidate.loose,
        cued=candidate.cued,
        focus=focus,
    )
    clues = None
    if candidate.is_correction:
        # Far from the original, the index finds it: by the key and sentence words, the named old
        # value, and the distinctive words of the whole message (the old value is often repeated there);
        # a keyless update ("it's down to 118 now") by the turn before, which named its subject.
        clues = " ".join([candidate.key, candidate.text, candidate.corrects, *distinctive_tokens(event.text)])
        if not candidate.key:
            clues += " " + focus
    pool = overlay.subject_pool(candidate.key, clues)
    target = subjects.best_target(statement, pool)
    if target is None and candidate.kind is ItemKind.NUMBER:
        # Arithmetic names the subject: "adds $60, so the whole day comes to $700" updates the $640 hire whatever its key.
        target = added_up(candidate.value, candidate.unit, event.text, candidate.lang, [item for item in pool if item.seq < event.seq])
    return target


def _with_source(item: Item, event: Event) -> Item:
    return _replace(
        item,
        source_seqs=tuple(sorted({*item.source_seqs, event.seq})),
        source_event_ids=(*item.source_event_ids, event.event_id),
    )
