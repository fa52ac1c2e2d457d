"""tests/memory/test_task_choices.py on Redis."""

import pytest

from tests.memory.test_task_choices import *  # noqa: F403

pytestmark = pytest.mark.redis
