"""The real redis-server fixtures of the Redis store's tests, for the fuzz run on Redis."""

from tests.memory.redis.conftest import redis_single  # noqa: F401 (a fixture)
