"""tests/memory/test_value_bounds.py's service-level tests, on Redis."""

import pytest

from tests.memory.test_value_bounds import *  # noqa: F403

pytestmark = pytest.mark.redis
