"""tests/memory/test_bad_input.py re-run against the Redis store (single server and Cluster)."""

import pytest

from tests.memory.test_bad_input import *  # noqa: F403 (the behaviours under test)

pytestmark = pytest.mark.redis
