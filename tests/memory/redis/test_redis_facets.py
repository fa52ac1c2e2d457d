"""tests/memory/test_facets.py on Redis."""

import pytest

from tests.memory.test_facets import *  # noqa: F403

pytestmark = pytest.mark.redis
