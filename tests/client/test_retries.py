"""Deadlines and retries against real sockets: a server that starts late, one that never answers, a restart."""

import socket
import threading
import time
from collections.abc import Iterator

import grpc
import pytest

from dsh_memory import NO_RETRY, DeadlineExceededError, Event, MemoryClient, RetryPolicy, UnavailableError
from services.common.ports import free_port

# Many quick attempts, so a server that comes up a second late is found well within the deadline.
PATIENT = RetryPolicy(max_attempts=100, initial_backoff=0.05, max_backoff=0.3)
SERVER_DELAY = 1.0


@pytest.fixture
def late_server(start_memory) -> Iterator[tuple[str, threading.Thread]]:
    """An address whose server starts SERVER_DELAY seconds after the test begins its call."""
    port = free_port()
    listen = f"127.0.0.1:{port}"
    starter = threading.Thread(target=lambda: (time.sleep(SERVER_DELAY), start_memory(listen)))
    yield listen, starter
    if starter.is_alive():
        starter.join()


def test_nothing_listening_is_unavailable(late_server):
    address, _ = late_server
    with MemoryClient(address, retry=NO_RETRY) as memory, pytest.raises(UnavailableError) as raised:
        memory.get_capabilities()
    assert raised.value.code == grpc.StatusCode.UNAVAILABLE


@pytest.mark.parametrize("call", ["get_capabilities", "append_events"])
def test_idempotent_calls_retry_until_the_server_is_up(late_server, call):
    address, starter = late_server
    with MemoryClient(address, retry=PATIENT, timeout=60) as memory:
        starter.start()
        if call == "get_capabilities":
            assert memory.get_capabilities().has_storage
        else:
            result = memory.append_events("s1", [Event(seq=1, text="The port is 8080.")])
            assert (result.accepted, result.duplicates) == (1, 0)
            assert memory.open_session("s1").event_count == 1


@pytest.mark.parametrize("call", ["delete_session", "delete_tenant_data"])
def test_calls_that_are_not_idempotent_are_not_retried(start_memory, tmp_path, call):
    port = free_port()
    listen = f"127.0.0.1:{port}"
    first = start_memory(listen)
    with MemoryClient(first) as memory:
        memory.append_events("s1", [Event(seq=1, text="The port is 8080.")])
    start_memory.servers.pop().stop(0)

    # The same database comes back on the same port a second after the delete was sent.
    restart = threading.Thread(target=lambda: (time.sleep(SERVER_DELAY), start_memory(listen)))
    with MemoryClient(listen, retry=PATIENT, timeout=60) as memory:
        restart.start()
        with pytest.raises(UnavailableError):
            if call == "delete_session":
                memory.delete_session("s1")
            else:
                memory.delete_tenant_data("default")
        restart.join()
        # Retried, the delete would have reached the restarted server: the session would be gone.
        assert memory.open_session("s1").event_count == 1


def test_retries_stop_at_the_deadline():
    with MemoryClient(f"127.0.0.1:{free_port()}", retry=RetryPolicy(max_attempts=10_000, max_backoff=0.2), timeout=1.5) as memory:
        started = time.monotonic()
        with pytest.raises(UnavailableError):
            memory.get_capabilities()
    # 10,000 attempts would take minutes; the deadline ends them (generous bound for a loaded machine).
    assert time.monotonic() - started < 30


@pytest.fixture
def silent_address() -> Iterator[str]:
    """A TCP port that accepts connections but never speaks gRPC: every call waits for its deadline."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(16)
    yield f"127.0.0.1:{listener.getsockname()[1]}"
    listener.close()


def test_every_call_has_a_deadline(silent_address):
    with MemoryClient(silent_address, timeout=0.5) as memory:
        with pytest.raises(DeadlineExceededError) as raised:
            memory.get_capabilities()
        assert raised.value.code == grpc.StatusCode.DEADLINE_EXCEEDED
        started = time.monotonic()
        with pytest.raises(DeadlineExceededError):
            memory.assemble("s1", "anything", timeout=0.3)  # a per-call timeout overrides the default
        assert time.monotonic() - started >= 0.3
