"""tests/memory/test_task_roles_more.py's service-level tests, on Redis."""

import pytest

from tests.memory.test_task_roles_more import *  # noqa: F403

pytestmark = pytest.mark.redis
