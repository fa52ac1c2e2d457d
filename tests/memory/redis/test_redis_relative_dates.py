"""tests/memory/test_relative_dates.py on Redis."""

import pytest

from tests.memory.test_relative_dates import *  # noqa: F403

pytestmark = pytest.mark.redis
