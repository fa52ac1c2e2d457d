"""tests/memory/test_answers.py's service-level tests, on Redis."""

import pytest

from tests.memory.test_answers import *  # noqa: F403

pytestmark = pytest.mark.redis
