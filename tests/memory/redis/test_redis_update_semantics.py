"""tests/memory/test_update_semantics.py on Redis."""

import pytest

from tests.memory.test_update_semantics import *  # noqa: F403

pytestmark = pytest.mark.redis
