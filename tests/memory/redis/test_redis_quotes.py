"""tests/memory/test_quotes.py's behaviour on the Redis store (single server and Cluster)."""

import pytest

from tests.memory.test_quotes import *  # noqa: F403 (the behaviour under test)

pytestmark = pytest.mark.redis
