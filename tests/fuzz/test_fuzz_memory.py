"""Generated requests against the memory service on each store: never INTERNAL, never UNKNOWN.

FUZZ_CASES (default 2,000) sets the calls per store; `make fuzz` runs the same code at 10,000.
"""

import os

import pytest

from tests.fuzz.memory_target import METHODS, control_problems, fuzz_settings, memory_channel, plant_control
from tests.fuzz.runner import format_counts, fuzz

CASES = int(os.environ.get("FUZZ_CASES", "2000"))


def _fuzz_store(settings, label: str) -> None:
    with memory_channel(settings) as channel:
        before = plant_control(channel)
        outcome = fuzz(channel, METHODS, CASES)
        print(format_counts(label, outcome))
        assert outcome.calls >= CASES
        assert not outcome.failures, "\n".join(outcome.failures[:20])
        assert control_problems(channel, before) == []
        # Every kind of answer was reached, not only rejections of malformed bodies.
        assert {"OK", "INVALID_ARGUMENT", "NOT_FOUND"} <= set(outcome.counts), outcome.counts


@pytest.mark.slow
def test_fuzzed_requests_never_answer_internal_on_sqlite(tmp_path):
    _fuzz_store(fuzz_settings(tmp_path / "memory.sqlite"), "sqlite")


@pytest.mark.slow
@pytest.mark.redis
def test_fuzzed_requests_never_answer_internal_on_redis(tmp_path, redis_single):
    from tests.memory.redis.conftest import flush, single_url

    url = single_url(redis_single)
    flush(url)
    _fuzz_store(fuzz_settings(tmp_path / "unused.sqlite", url), "redis")
