"""tests/memory/test_count_updates_and_key_tails.py's behaviours on the Redis store (single server and Cluster)."""

import pytest

from tests.memory.test_count_updates_and_key_tails import *  # noqa: F403 (the behaviours under test)

pytestmark = pytest.mark.redis
