"""tests/memory/test_cued_updates.py's behaviours on the Redis store (single server and Cluster)."""

import pytest

from tests.memory.test_cued_updates import *  # noqa: F403 (the behaviours under test)

pytestmark = pytest.mark.redis
