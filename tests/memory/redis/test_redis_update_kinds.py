"""tests/memory/test_update_kinds.py on Redis."""

import pytest

from tests.memory.test_update_kinds import *  # noqa: F403

pytestmark = pytest.mark.redis
