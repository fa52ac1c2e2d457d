"""tests/memory/test_task_forms.py on Redis."""

import pytest

from tests.memory.test_task_forms import *  # noqa: F403

pytestmark = pytest.mark.redis
