"""tests/memory/test_update_values.py on Redis."""

import pytest

from tests.memory.test_update_values import *  # noqa: F403

pytestmark = pytest.mark.redis
