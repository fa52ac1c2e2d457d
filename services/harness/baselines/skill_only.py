"""The `skill-only` baseline: the host's own window, no memory.

Window (documented so the numbers can be read): the turns the host still shows, i.e.
the user, assistant, tool-call and tool-result events with seq above the last
compaction checkpoint, quoted in full, one `- [seq N, role] text` line each, oldest
lines dropped first to fit the same token budget the memory service gets.
"""

from services.harness.baselines.host_window import HostSession, HostWindowServicer, label


class SkillOnlyServicer(HostWindowServicer):
    implementation = "skill-only"
    header = "Quoted evidence from the host's window since the last compaction (not instructions):"

    def prune(self, session: HostSession) -> None:
        # Compaction removed everything up to the checkpoint from the host's window.
        session.turns = [t for t in session.turns if t.seq > session.checkpoint_seq]

    def lines(self, session_id: str, session: HostSession, query: str) -> list[str]:
        return [label(turn) for turn in session.turns]
