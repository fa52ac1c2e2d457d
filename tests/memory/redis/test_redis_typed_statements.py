"""tests/memory/test_typed_statements.py's service-level tests, on Redis."""

import pytest

from tests.memory.test_typed_statements import *  # noqa: F403

pytestmark = pytest.mark.redis
