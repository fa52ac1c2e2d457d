"""tests/memory/test_update_targets.py on Redis."""

import pytest

from tests.memory.test_update_targets import *  # noqa: F403

pytestmark = pytest.mark.redis
