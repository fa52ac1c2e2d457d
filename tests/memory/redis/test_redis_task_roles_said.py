"""tests/memory/test_task_roles_said.py on Redis."""

import pytest

from tests.memory.test_task_roles_said import *  # noqa: F403

pytestmark = pytest.mark.redis
