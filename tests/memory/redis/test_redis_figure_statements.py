"""tests/memory/test_figure_statements.py on Redis."""

import pytest

from tests.memory.test_figure_statements import *  # noqa: F403

pytestmark = pytest.mark.redis
