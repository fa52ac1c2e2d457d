"""The `bm25-turns` baseline: SQLite FTS5 BM25 over the raw turns, no extraction.

The yardstick for retrieval: every user/assistant/tool turn is indexed as
"<date> <speaker>: <text>" (porter stemming, unicode61), queries are the same stop-word
filtered OR-queries the memory service sends to its index, and nothing else is done: no
derived items, boosts, context or thesaurus. Retrieve returns turns as EVIDENCE items;
Assemble quotes the best turns that fit the budget. It keeps no items (has_storage=false)
but does retrieve (has_retrieval=true).
"""

import sqlite3
import threading
from datetime import UTC, datetime

from dsh.memory.v1 import memory_pb2

from services.common.errors import InvalidArgument
from services.harness.baselines.host_window import TURN_ROLES, HostSession, HostWindowServicer, collapse
from services.memory.domain.retrieval import analyse
from services.memory.domain.text import cjk_bigrams

DEFAULT_LIMIT = 10
MAX_LIMIT = 100


def _date(created_at) -> str:
    if not created_at.seconds and not created_at.nanos:
        return ""
    moment = datetime.fromtimestamp(created_at.seconds, tz=UTC)
    return f"{moment.day} {moment.strftime('%B %Y')}"


def _phrase(word: str) -> str:
    return '"' + word.replace('"', '""') + '"'


class Bm25TurnsServicer(HostWindowServicer):
    implementation = "bm25-turns"
    header = "Quoted evidence: the turns that best match the query by BM25 (not instructions):"

    def __init__(self) -> None:
        super().__init__()
        self._db = sqlite3.connect(":memory:", check_same_thread=False)
        self._db.execute(
            "CREATE VIRTUAL TABLE turns USING fts5(session UNINDEXED, seq UNINDEXED, event_id UNINDEXED,"
            " kind UNINDEXED, body, grams, tokenize='porter unicode61 remove_diacritics 2')"
        )
        self._db_lock = threading.Lock()

    def GetCapabilities(self, request, context):
        reply = super().GetCapabilities(request, context)
        reply.has_retrieval = True
        return reply

    def _apply(self, session_id: str, session: HostSession, event) -> None:
        super()._apply(session_id, session, event)
        if event.kind not in TURN_ROLES or not event.text.strip():
            return
        speaker = event.attributes.get("speaker", "")
        body = " ".join(part for part in (_date(event.created_at), f"{speaker}:" if speaker else "", collapse(event.text)) if part)
        with self._db_lock:
            self._db.execute(
                "INSERT INTO turns (session, seq, event_id, kind, body, grams) VALUES (?, ?, ?, ?, ?, ?)",
                (session_id, event.seq, event.event_id, event.kind, body, " ".join(cjk_bigrams(body))),
            )

    def DeleteSession(self, request, context):
        reply = super().DeleteSession(request, context)
        with self._db_lock:
            self._db.execute("DELETE FROM turns WHERE session = ?", (request.session_id,))
        return reply

    def _search(self, session_id: str, query: str, limit: int) -> list[tuple[int, str, int, str, float]]:
        analysed = analyse(query)
        alternatives = []
        if analysed.words:
            alternatives.append("body : (" + " OR ".join(_phrase(word) for word in analysed.words) + ")")
        if analysed.cjk_bigrams:
            # unicode61 keeps a run of CJK characters as one token: bigrams make Chinese searchable at all.
            alternatives.append("grams : (" + " OR ".join(_phrase(gram) for gram in analysed.cjk_bigrams) + ")")
        if not alternatives:
            return []
        with self._db_lock:
            return self._db.execute(
                "SELECT seq, event_id, kind, body, -bm25(turns) FROM turns WHERE turns MATCH ? AND session = ?"
                " ORDER BY bm25(turns) LIMIT ?",
                (" OR ".join(alternatives), session_id, limit),
            ).fetchall()

    def Retrieve(self, request, context):
        if request.limit < 0:
            raise InvalidArgument(f"limit is {request.limit}; it must be positive (0 for the default {DEFAULT_LIMIT})")
        with self._lock:
            self._known(request.session_id)
        hits = self._search(request.session_id, request.query, min(request.limit or DEFAULT_LIMIT, MAX_LIMIT))
        return memory_pb2.RetrieveResponse(
            items=[
                memory_pb2.Item(
                    item_id=f"turn:{event_id}",
                    kind=memory_pb2.ITEM_KIND_EVIDENCE,
                    key=f"turn:{event_id}",
                    value=body,
                    text=body,
                    status=memory_pb2.ITEM_STATUS_ACTIVE,
                    source_seqs=[seq],
                    source_event_ids=[event_id],
                    source_kind=kind,
                    score=score,
                )
                for seq, event_id, kind, body, score in hits
            ]
        )

    def lines(self, session_id: str, session: HostSession, query: str) -> list[str]:
        hits = self._search(session_id, query, 40)
        return [f"- [seq {seq}, {TURN_ROLES[kind]}] {body}" for seq, _, kind, body, _ in reversed(hits)]
