"""tests/memory/test_tenants.py's behaviours on the Redis store (single server and Cluster): the
`memory_settings` fixture of this folder's conftest points the same server at a real redis-server."""

import pytest

from tests.memory.test_tenants import *  # noqa: F403 (the behaviours under test)

pytestmark = pytest.mark.redis
