"""tests/memory/test_rule_forms.py's behaviours on the Redis store (single server and Cluster)."""

import pytest

from tests.memory.test_rule_forms import *  # noqa: F403 (the behaviours under test)

pytestmark = pytest.mark.redis
