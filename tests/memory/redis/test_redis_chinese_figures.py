"""tests/memory/test_chinese_figures.py's behaviours on the Redis store (single server and Cluster)."""

import pytest

from tests.memory.test_chinese_figures import *  # noqa: F403 (the behaviours under test)

pytestmark = pytest.mark.redis
