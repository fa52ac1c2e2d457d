"""Drive a running gRPC service with generated requests and count the status codes it answers.

Shared by the test suite (tests/fuzz/test_fuzz_*.py, a few thousand cases) and `make fuzz`
(`python -m tests.fuzz`, ten thousand or more): both only need a channel and a service
descriptor. Every body goes through a generic unary call on the method's path, so the server
parses it itself, as it would a body from any client.
"""

from collections import Counter
from dataclasses import dataclass, field

import grpc
from google.protobuf import descriptor as d
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import seed as fixed_seed
from hypothesis import strategies as st

from tests.fuzz.strategies import request_body

FORBIDDEN = frozenset({grpc.StatusCode.INTERNAL.name, grpc.StatusCode.UNKNOWN.name})
CALL_TIMEOUT = 60.0
CALLS_PER_CASE = 3  # a case is a short run of calls, so one session sees several in a row


@dataclass
class Outcome:
    counts: Counter = field(default_factory=Counter)  # status code name -> calls
    failures: list[str] = field(default_factory=list)  # one line per INTERNAL/UNKNOWN answer

    @property
    def calls(self) -> int:
        return sum(self.counts.values())

    def merge(self, other: "Outcome") -> None:
        self.counts.update(other.counts)
        self.failures.extend(other.failures)


def unary_methods(service: d.ServiceDescriptor) -> list[d.MethodDescriptor]:
    return [m for m in service.methods if not m.client_streaming and not m.server_streaming]


def call_raw(channel: grpc.Channel, method: d.MethodDescriptor, body: bytes, timeout: float = CALL_TIMEOUT) -> tuple[str, str]:
    """(status code name, details) of one call with an unparsed body."""
    path = f"/{method.containing_service.full_name}/{method.name}"
    if method.server_streaming:
        stream = channel.unary_stream(path, request_serializer=None, response_deserializer=None)
        try:
            for _ in stream(body, timeout=timeout):
                pass
        except grpc.RpcError as exc:
            return exc.code().name, exc.details() or ""
        return grpc.StatusCode.OK.name, ""
    unary = channel.unary_unary(path, request_serializer=None, response_deserializer=None)
    try:
        unary(body, timeout=timeout)
    except grpc.RpcError as exc:
        return exc.code().name, exc.details() or ""
    return grpc.StatusCode.OK.name, ""


def fuzz(
    channel: grpc.Channel,
    methods: list[d.MethodDescriptor],
    calls: int,
    *,
    seed: int | None = None,
    bodies=request_body,
) -> Outcome:
    """Send about `calls` generated requests over `methods`; count every answer's code."""
    outcome = Outcome()
    one_call = st.sampled_from(methods).flatmap(lambda m: st.tuples(st.just(m), bodies(m.input_type)))

    @settings(
        max_examples=max(1, -(-calls // CALLS_PER_CASE)),
        deadline=None,
        database=None,
        derandomize=False,
        phases=[Phase.generate],
        suppress_health_check=list(HealthCheck),
        print_blob=False,
    )
    @given(st.lists(one_call, min_size=CALLS_PER_CASE, max_size=CALLS_PER_CASE))
    def case(requests):
        for method, body in requests:
            code, details = call_raw(channel, method, body)
            outcome.counts[code] += 1
            if code in FORBIDDEN:
                outcome.failures.append(f"{method.name} {code}: {details[:200]} body={body[:120].hex()}")

    if seed is not None:
        case = fixed_seed(seed)(case)
    case()
    return outcome


def format_counts(label: str, outcome: Outcome) -> str:
    codes = ", ".join(f"{code} {n}" for code, n in sorted(outcome.counts.items(), key=lambda kv: (-kv[1], kv[0])))
    forbidden = sum(outcome.counts[code] for code in FORBIDDEN)
    return f"{label}: {outcome.calls} calls; {codes}; INTERNAL+UNKNOWN {forbidden}"
