"""tests/memory/test_asides.py's service-level tests, on Redis."""

import pytest

from tests.memory.test_asides import *  # noqa: F403

pytestmark = pytest.mark.redis
