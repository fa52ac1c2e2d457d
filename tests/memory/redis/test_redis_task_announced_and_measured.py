"""tests/memory/test_task_announced_and_measured.py's behaviours on the Redis store (single server and Cluster)."""

import pytest

from tests.memory.test_task_announced_and_measured import *  # noqa: F403 (the behaviours under test)

pytestmark = pytest.mark.redis
