"""tests/memory/test_goal_forms.py on Redis."""

import pytest

from tests.memory.test_goal_forms import *  # noqa: F403

pytestmark = pytest.mark.redis
