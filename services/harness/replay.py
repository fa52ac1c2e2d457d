"""Replays one scenario through one baseline's MemoryService exactly as an agent host would.

Append batches as given (a retry re-sends the identical batch), compactions, restarts
(a real process restart for the local memory service, CloseSession + OpenSession
otherwise), interleaved sessions on their own channels, then the questions:
Retrieve (when the baseline has retrieval) and Assemble at every ask, Answer at a question's
last ask (the one it is scored at; an earlier answer would be thrown away). Around every
compaction and restart of a storage baseline the evidence already planted is probed
before and after, for the evidence_survives_restart_compaction invariant.
"""

import contextvars
import functools
from collections import defaultdict
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

from dsh.memory.v1 import memory_pb2
from google.protobuf import timestamp_pb2

from services.harness.client import Answerer, MemoryConnection, TimedMemory, item_view
from services.harness.metrics import covered_refs, retrieved_refs
from services.harness.processes import StartError
from services.harness.records import AskRecord, Observation, ScenarioRun

ASSEMBLE_BUDGET = 800
RETRIEVE_LIMIT = 10
PROBE_WORKERS = 4

Progress = Callable[[str, str], None]  # (phase, session_id)


def skill_text(session: dict) -> str:
    """The host's skill text for a session: its rules, one per line."""
    return "\n".join(rule["text"] for rule in session.get("skill", {}).get("rules", []))


def answer_context(skill: str, message: str) -> str:
    return f"{skill}\n\n{message}" if message else skill


def to_event(event: dict) -> memory_pb2.Event:
    proto = memory_pb2.Event(
        seq=int(event["seq"]),
        event_id=event["eventId"],
        kind=memory_pb2.EventKind.Value("EVENT_KIND_" + event["kind"].upper()),
        text=event.get("text", ""),
        attributes={str(k): str(v) for k, v in (event.get("attributes") or {}).items()},
    )
    if event.get("createdAt"):
        stamp = timestamp_pb2.Timestamp()
        stamp.FromJsonString(event["createdAt"])
        proto.created_at.CopyFrom(stamp)
    return proto


def prepare(scenario: dict) -> list[memory_pb2.AppendEventsRequest | None]:
    """The AppendEventsRequest of each append step, built once and shared by all baselines."""
    return [
        memory_pb2.AppendEventsRequest(session_id=step["session"], events=[to_event(e) for e in step["events"]])
        if step["op"] == "append"
        else None
        for step in scenario["steps"]
    ]


class Replayer:
    """Replays scenarios for one baseline connection."""

    def __init__(
        self, connection: MemoryConnection, answerer: Answerer, progress: Progress | None = None, *, retrieve_limit: int = RETRIEVE_LIMIT
    ):
        self._conn = connection
        self._answerer = answerer
        self._retrieve_limit = retrieve_limit
        self._progress = progress or (lambda phase, session: None)

    def run(self, scenario: dict, prepared: list) -> ScenarioRun:
        caps = self._conn.capabilities
        run = ScenarioRun(self._conn.name, scenario, caps.has_storage, caps.has_retrieval)
        mem = TimedMemory(self._conn, run)
        self._questions = {q["id"]: q for q in scenario.get("questions", [])}
        self._skills = {s["sessionId"]: skill_text(s) for s in scenario.get("sessions", [])}
        self._appended: dict[str, int] = defaultdict(int)  # session -> highest seq acknowledged
        # The step index of each question's last ask: where it is scored, and so where it is answered.
        self._last_ask = {qid: index for index, step in enumerate(scenario["steps"]) if step["op"] == "ask" for qid in step["questions"]}
        opened: set[str] = set()
        for index, step in enumerate(scenario["steps"]):
            op = step["op"]
            session = step.get("session", "")
            if session and session not in opened:
                # A host opens a session before it writes to it.
                mem.call(session, "OpenSession", memory_pb2.OpenSessionRequest(session_id=session))
                opened.add(session)
            if op == "append":
                self._append(mem, run, step, prepared[index])
            elif op == "compact":
                self._around(mem, run, [session], f"compact@{step['upToSeq']}", functools.partial(self._compact, mem, run, step))
            elif op == "restart":
                sessions = [step["session"]] if session else sorted(opened)
                self._around(mem, run, sessions, f"restart#{index}", functools.partial(self._restart, mem, run, sessions))
            elif op == "ask":
                for question_id in step["questions"]:
                    self._ask(mem, run, self._questions[question_id], final=self._last_ask[question_id] == index)
            self._progress("ask" if op == "ask" else "replay", session)
        if run.has_storage:
            self._collect_end_state(mem, run)
        return run

    # --- steps ---------------------------------------------------------------------
    def _append(self, mem: TimedMemory, run: ScenarioRun, step: dict, request) -> None:
        session = step["session"]
        reply = mem.call(session, "AppendEvents", request)
        if reply is None:
            return
        events = step["events"]
        acked = run.acknowledged.setdefault(session, set())
        acked.update(e["eventId"] for e in events)
        self._appended[session] = max([self._appended[session], *(int(e["seq"]) for e in events)])
        if step.get("retry"):
            run.retries.append((session, step.get("batch", ""), reply.accepted, reply.duplicates, len(events)))
        compactions = [_up_to(e) for e in events if e["kind"] == "compaction"]
        run.checkpoints.append((session, f"append {step.get('batch', '')}".strip(), reply.checkpoint_seq, max(compactions, default=0)))

    def _compact(self, mem: TimedMemory, run: ScenarioRun, step: dict) -> None:
        session, up_to = step["session"], int(step["upToSeq"])
        request = memory_pb2.CompactRequest(session_id=session, up_to_seq=up_to, summary=step.get("summary", ""))
        reply = mem.call(session, "Compact", request)
        if reply is not None:
            run.checkpoints.append((session, f"compact@{up_to}", reply.checkpoint_seq, up_to))

    def _restart(self, mem: TimedMemory, run: ScenarioRun, sessions: list[str]) -> None:
        if self._conn.restarts_process:
            try:
                self._conn.restart()
            except StartError as exc:
                # A memory that does not come back is this baseline's failure (no_pipeline_errors),
                # not the harness's: the run goes on and reports it.
                run.errors.append(f"restart of {run.baseline} failed: {exc}")
                return
        else:
            for session in sessions:
                mem.call(session, "CloseSession", memory_pb2.CloseSessionRequest(session_id=session))
        for session in sessions:
            reply = mem.call(session, "OpenSession", memory_pb2.OpenSessionRequest(session_id=session))
            if reply is not None:
                acked = run.acknowledged.get(session, set())
                run.resumes.append((session, "restart", reply.event_count, len(acked), reply.last_seq, self._appended[session]))

    def _around(self, mem: TimedMemory, run: ScenarioRun, sessions: list[str], where: str, action: Callable[[], None]) -> None:
        """Run a compaction or restart, probing planted evidence before and after (storage baselines)."""
        probe = [q for q in self._questions.values() if run.has_storage and q["session"] in sessions and self._planted(q)]
        # Probes are read-only and independent: a few at a time keep the service busy
        # (its SQLite reads run outside the GIL) without changing what is measured.
        with ThreadPoolExecutor(max_workers=PROBE_WORKERS, thread_name_prefix="probe") as pool:
            # Each probe in its own copy of this thread's context, so its calls carry the run's request id and trace.
            caller = contextvars.copy_context()
            before = list(pool.map(lambda q: caller.copy().run(self._probe, mem, run, q), probe))
            action()
            after = list(pool.map(lambda q: caller.copy().run(self._probe, mem, run, q), probe))
        for question, found_before, found_after in zip(probe, before, after, strict=True):
            run.survival.append((where, question["id"], found_before, found_after))

    def _planted(self, question: dict) -> bool:
        evidence = question.get("evidence") or []
        return bool(evidence) and all(int(ref["seq"]) <= self._appended[question["session"]] for ref in evidence)

    def _probe(self, mem: TimedMemory, run: ScenarioRun, question: dict) -> frozenset:
        retrieved, message, _ = self._query(mem, run, question)
        found = {("retrieved", ref) for ref in retrieved_refs(question, retrieved)} if retrieved is not None else set()
        found |= {("assembled", ref) for ref in covered_refs(question, message)}
        return frozenset(found)

    def _ask(self, mem: TimedMemory, run: ScenarioRun, question: dict, *, final: bool) -> None:
        session = question["session"]
        retrieved, message, assemble = self._query(mem, run, question)
        context = answer_context(self._skills.get(session, ""), message)
        answers = {}
        if final:
            # The run's answerer first; in an llm run the deterministic one answers the same context
            # beside it, so the report can set the two side by side under one judge.
            modes = [self._answerer.mode] + (["deterministic"] if self._answerer.mode == "llm" else [])
            for mode in modes:
                answers[mode] = self._answerer.answer(question["query"], context, question.get("kind", ""), question.get("lang", ""), mode)
                if answers[mode].error:
                    run.errors.append(f"{answers[mode].error} ({question['id']})")
        primary = answers.get(self._answerer.mode)
        run.asks[question["id"]] = AskRecord(
            question_id=question["id"],
            session_id=session,
            message=message,
            item_ids=tuple(assemble.item_ids) if assemble else (),
            context=context,
            answer=primary.text if primary else "",
            assemble_ms=run.latencies_ms[-1] if assemble else None,
            retrieved=retrieved,
            answers=answers,
        )

    def _query(self, mem: TimedMemory, run: ScenarioRun, question: dict):
        """Retrieve (when supported) and Assemble for a question, both kept for the isolation check."""
        session, query = question["session"], question["query"]
        retrieved = None
        if run.has_retrieval:
            reply = mem.call(session, "Retrieve", memory_pb2.RetrieveRequest(session_id=session, query=query, limit=self._retrieve_limit))
            if reply is not None:
                retrieved = [item_view(item) for item in reply.items]
                run.observations.append(
                    Observation(
                        session,
                        question["id"],
                        item_ids=tuple(i.item_id for i in retrieved),
                        source_event_ids=tuple(e for i in retrieved for e in i.source_event_ids),
                    )
                )
        request = memory_pb2.AssembleRequest(session_id=session, query=query, token_budget=ASSEMBLE_BUDGET)
        assemble = mem.call(session, "Assemble", request)
        message = assemble.message if assemble else ""
        if assemble is not None:
            run.observations.append(Observation(session, question["id"], item_ids=tuple(assemble.item_ids), message=message))
            if message.strip():
                run.messages.append(message)
        return retrieved, message, assemble

    def _collect_end_state(self, mem: TimedMemory, run: ScenarioRun) -> None:
        for session in run.session_ids:
            items = mem.list_items(session)
            if items is not None:
                run.items[session] = items
            state = mem.call(session, "GetTaskState", memory_pb2.GetTaskStateRequest(session_id=session))
            if state is not None:
                run.task_states[session] = {
                    "goal": [state.goal.text] if state.goal.text else [],
                    "progress": [e.text for e in state.progress],
                    "blockers": [e.text for e in state.blockers],
                    "open_items": [e.text for e in state.open_items],
                }
            export = mem.call(session, "ExportSession", memory_pb2.ExportSessionRequest(session_id=session))
            if export is not None:
                run.exports[session] = export.json


def _up_to(event: dict) -> int:
    raw = str((event.get("attributes") or {}).get("up_to_seq", "")).strip()
    return int(raw) if raw.isdigit() else int(event["seq"])
