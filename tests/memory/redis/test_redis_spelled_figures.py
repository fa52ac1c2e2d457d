"""tests/memory/test_spelled_figures.py's service-level tests, on Redis."""

import pytest

from tests.memory.test_spelled_figures import *  # noqa: F403

pytestmark = pytest.mark.redis
