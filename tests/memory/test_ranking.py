"""The domain ranking on its own (no store): boosts that reorder comparable matches."""

from services.memory.domain.model import EventKind, Item, ItemKind
from services.memory.domain.retrieval import analyse, rank


def _quote(seq: int, text: str, speaker: str = "") -> Item:
    return Item(
        item_id=f"i{seq}", session_id="s", kind=ItemKind.EVIDENCE, key=f"evidence:e{seq}", value=text, text=text,
        lang="en", source_seqs=(seq,), source_event_ids=(f"e{seq}",), source_kind=EventKind.USER_MESSAGE, speaker=speaker,
    )


def test_a_turn_by_the_person_the_question_names_ranks_first_among_equal_matches():
    candidates = [(_quote(10, "I went hiking last weekend.", "Nate"), 1.0), (_quote(20, "I went hiking last weekend.", "Joanna"), 1.0)]
    for name, first in (("Joanna", "e20"), ("Nate", "e10")):
        ranked = rank(analyse(f"When did {name} go hiking?"), candidates, last_seq=30, limit=2)
        assert ranked[0].item.source_event_ids == (first,)


def test_the_speaker_boost_never_lifts_a_weak_match_over_a_strong_one():
    candidates = [(_quote(10, "Hiking trails near the lake, with a map.", "Nate"), 1.0), (_quote(40, "Nice.", "Joanna"), 0.2)]
    ranked = rank(analyse("Which hiking trails did Joanna like?"), candidates, last_seq=50, limit=2)
    assert ranked[0].item.source_event_ids == ("e10",)
