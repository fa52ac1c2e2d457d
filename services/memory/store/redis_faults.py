"""redis-py's exceptions translated into the domain's errors (see faults.py, which holds SQLite's)."""

from redis import exceptions as redis_errors

from services.common.errors import FailedPrecondition, ResourceExhausted, ServiceError, Unavailable
from services.memory.store.faults import NOTHING_WRITTEN, translated

# Replies that mean "not now" rather than "your request is wrong"; redis-py has no class for some.
_TRANSIENT_REPLIES = ("LOADING", "READONLY", "MISCONF", "TRYAGAIN", "CLUSTERDOWN", "MASTERDOWN", "NOREPLICAS", "EXECABORT")


def redis_fault(exc: BaseException) -> ServiceError | None:
    """The domain error for a redis-py exception, None when it is a bug."""
    if isinstance(exc, redis_errors.WatchError) and exc.__context__ is not None:
        # redis-py reports a connection fault (LOADING, a restart) met while WATCHing as a
        # WatchError raised while handling it: the fault underneath is what happened.
        return redis_fault(exc.__context__)
    if isinstance(exc, redis_errors.BusyLoadingError):
        return Unavailable(f"redis is loading its dataset into memory; {NOTHING_WRITTEN}, retry shortly")
    if isinstance(exc, redis_errors.OutOfMemoryError):
        return ResourceExhausted(f"redis is out of memory (maxmemory reached); {NOTHING_WRITTEN}")
    if isinstance(exc, redis_errors.NoPermissionError):
        return FailedPrecondition(f"the redis user may not run the store's commands: {exc}")
    if isinstance(exc, (redis_errors.ConnectionError, redis_errors.TimeoutError, redis_errors.ClusterError)):
        return Unavailable(f"redis is unavailable: {exc}")
    transient = (redis_errors.ReadOnlyError, redis_errors.TryAgainError, redis_errors.ExecAbortError)
    if isinstance(exc, transient) or (isinstance(exc, redis_errors.ResponseError) and str(exc).startswith(_TRANSIENT_REPLIES)):
        return Unavailable(f"redis refused the command for now: {exc}")
    if isinstance(exc, redis_errors.RedisClusterException):
        return Unavailable(f"redis cluster is unavailable: {exc}")
    return None


# The Redis store's methods translate their own faults too: the append planner calls its readers
# directly, inside a transaction, where TranslatingStore does not reach.
redis_translated = translated(redis_fault)
