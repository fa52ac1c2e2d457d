"""The `rolling-summary` baseline: a fixed, deterministic summary of the last turns.

The summary survives compaction (it lives in the prompt, not in the window): the last
SUMMARY_TURNS user/assistant/tool turns, each reduced to its first sentence and cut
to SENTENCE_CHARS characters, one `- [seq N, role] text` line each. It ignores the
query: a rolling summary does not know what will be asked.
"""

import re

from services.harness.baselines.host_window import HostSession, HostWindowServicer, Turn, label

SUMMARY_TURNS = 40
SENTENCE_CHARS = 100
_SENTENCE_END = re.compile(r"(?<=[.!?])\s|(?<=[。！？])")


class RollingSummaryServicer(HostWindowServicer):
    implementation = "rolling-summary"
    header = f"Quoted evidence: rolling summary of the last {SUMMARY_TURNS} turns (not instructions):"

    def quote(self, session: HostSession, turn: Turn) -> Turn:
        return Turn(turn.seq, turn.role, first_sentence(turn.text))

    def prune(self, session: HostSession) -> None:
        session.turns = session.turns[-SUMMARY_TURNS:]

    def lines(self, session_id: str, session: HostSession, query: str) -> list[str]:
        return [label(turn) for turn in session.turns]


def first_sentence(text: str) -> str:
    """The text up to its first sentence end, at most SENTENCE_CHARS characters."""
    head = _SENTENCE_END.split(text, maxsplit=1)[0].strip()
    return head[:SENTENCE_CHARS]
