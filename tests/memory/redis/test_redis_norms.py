"""tests/memory/test_norms.py on Redis."""

import pytest

from tests.memory.test_norms import *  # noqa: F403

pytestmark = pytest.mark.redis
