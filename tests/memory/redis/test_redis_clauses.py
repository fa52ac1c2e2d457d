"""tests/memory/test_clauses.py's service-level tests, on Redis."""

import pytest

from tests.memory.test_clauses import *  # noqa: F403

pytestmark = pytest.mark.redis
