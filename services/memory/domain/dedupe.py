"""Which events of an AppendEvents batch are new: a retry is a duplicate, a reused seq or id a conflict."""

from services.common.errors import Conflict
from services.memory.domain.model import AppendPlan, Event
from services.memory.domain.store_api import StoreReader


def compaction_seq(event: Event) -> int:
    """A compaction event covers up to its up_to_seq attribute, or up to itself."""
    raw = event.attribute("up_to_seq")
    # validation.check_batch rejected any other value; the guard keeps a planner call safe on its own.
    return int(raw) if raw.isascii() and raw.isdigit() and 0 < int(raw) <= event.seq else event.seq


def new_events(reader: StoreReader, session_id: str, events: list[Event], plan: AppendPlan) -> list[Event]:
    """The events of a batch not stored yet; a retried event (same id, same content) counts in
    plan.duplicates. Raises Conflict on an id stored with other content or a seq another event holds."""
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
            raise Conflict(f"seq {event.seq} already holds event {holder.event_id!r}; event {event.event_id!r} must use a new seq")
        seen_ids[event.event_id] = event
        seen_seqs[event.seq] = event
        fresh.append(event)
    return fresh
