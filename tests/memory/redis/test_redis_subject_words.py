"""tests/memory/test_subject_words.py on Redis."""

import pytest

from tests.memory.test_subject_words import *  # noqa: F403

pytestmark = pytest.mark.redis
