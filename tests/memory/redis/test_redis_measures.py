"""tests/memory/test_measures.py's behaviours on the Redis store (single server and Cluster)."""

import pytest

from tests.memory.test_measures import *  # noqa: F403 (the behaviours under test)

pytestmark = pytest.mark.redis
