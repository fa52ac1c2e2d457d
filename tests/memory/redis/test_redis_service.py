"""tests/memory/test_service.py's behaviours, re-run against the Redis store (single server and Cluster).

The `memory` fixture of this folder's conftest builds the same gRPC server with
MEMORY_STORE pointing at a real redis-server, so each imported test runs unchanged.
"""

import pytest
from dsh.memory.v1 import memory_pb2

from tests.memory.test_service import *  # noqa: F403 (the behaviours under test)

pytestmark = pytest.mark.redis


def test_capabilities_are_honest(memory):  # replaces the SQLite one: only the name differs
    caps = memory.stub.GetCapabilities(memory_pb2.GetCapabilitiesRequest(), timeout=5)
    assert caps.implementation == "dsh-memory-redis"
    assert caps.has_storage and caps.has_retrieval
    assert set(caps.languages) == {"en", "zh"}
    assert (caps.max_event_bytes, caps.max_batch_events) == (4096, 50)
