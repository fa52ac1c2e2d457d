"""The benchmark's workload: deterministic long-haul sessions cut into append batches, and their queries."""

import random
from dataclasses import dataclass

from dsh.memory.v1 import memory_pb2

from services.harness.fixtures import content, content_zh, longhaul
from services.harness.replay import to_event
from services.memory.servicer import event_from_proto

SEED = "dsh-bench-v1"
BATCH_EVENTS = 500
MIN_SIZE = longhaul.MIN_SIZE

# Generic questions a user asks about a long technical session, filled from the generator's slot pools.
GENERIC_EN = [
    "What did we decide about the {svc} service?",
    "Why did the {job} job fail on {branch}?",
    "What was wrong in {file}?",
    "How do we use the {col} column of {table}?",
    "What happened on {host}?",
    "Where are we with PR #{pr}?",
    "Which problem did we hit after upgrading to {ver}?",
    "How many rows does {table} have?",
    "What latency did {svc} show, {ms} ms?",
    "Who touched {file} last?",
]
GENERIC_ZH = ["{svc}那边后来怎么处理的？", "{job}为什么失败了？", "{host}上出了什么问题？", "{table}表的{col}字段是怎么用的？"]
GENERIC_COUNT = 34


@dataclass
class Session:
    """One synthetic session, prepared once for every implementation."""

    size: int
    session_id: str
    requests: list  # AppendEventsRequest per batch of BATCH_EVENTS
    batches: list  # the same events as domain Events, for the in-process path
    queries: list[str]

    @property
    def events(self) -> int:
        return sum(len(batch) for batch in self.batches)


def build_session(size: int, seed: str) -> Session:
    """The long-haul scenario of `size` turns (rules, facts, numbers, a correction, tool output,
    en/zh filler), its events in seq order without retries, cut into batches of BATCH_EVENTS."""
    scenario = longhaul.build(size, seed)
    sid = f"bench-{size}"
    events = [to_event(e) for step in scenario["steps"] if step["op"] == "append" and not step.get("retry") for e in step["events"]]
    requests, batches = [], []
    for start in range(0, len(events), BATCH_EVENTS):
        chunk = events[start : start + BATCH_EVENTS]
        requests.append(memory_pb2.AppendEventsRequest(session_id=sid, events=chunk))
        batches.append([event_from_proto(sid, i, e) for i, e in enumerate(chunk)])
    planted = [q["query"] for q in scenario["questions"]]
    return Session(size, sid, requests, batches, planted + generic_queries(seed, size))


def generic_queries(seed: str, size: int) -> list[str]:
    """Questions about the session's filler topics, a quarter of them in Chinese; deterministic."""
    rng = random.Random(f"{seed}|bench-queries|{size}")
    out = []
    for i in range(GENERIC_COUNT):
        zh = i % 4 == 3  # a quarter Chinese, like the filler
        template = rng.choice(GENERIC_ZH if zh else GENERIC_EN)
        slots = {key: rng.choice(values) for key, values in sorted((content_zh if zh else content).SLOTS.items())}
        out.append(template.format_map(slots | {"branch": rng.choice(content.SLOTS["branch"])}))
    return out
