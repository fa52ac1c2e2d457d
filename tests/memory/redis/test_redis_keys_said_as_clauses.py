"""tests/memory/test_keys_said_as_clauses.py on Redis."""

import pytest

from tests.memory.test_keys_said_as_clauses import *  # noqa: F403

pytestmark = pytest.mark.redis
