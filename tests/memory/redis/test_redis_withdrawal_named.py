"""tests/memory/test_withdrawal_named.py on Redis."""

import pytest

from tests.memory.test_withdrawal_named import *  # noqa: F403

pytestmark = pytest.mark.redis
