"""tests/memory/test_instructions.py on Redis."""

import pytest

from tests.memory.test_instructions import *  # noqa: F403

pytestmark = pytest.mark.redis
