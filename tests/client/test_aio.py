"""AsyncMemoryClient against a real memory server: the same calls as coroutines, the same types, errors and retries."""

import asyncio
import threading
import time

import grpc
import pytest

from dsh_memory import AsyncMemoryClient, Event, NotFoundError, RetryPolicy, UnavailableError
from services.common.ports import free_port


def run(coroutine):
    return asyncio.run(coroutine)


def test_every_rpc_as_a_coroutine(memory_address):
    async def scenario():
        async with AsyncMemoryClient(memory_address) as memory:
            assert (await memory.get_capabilities()).has_storage
            assert not (await memory.open_session("s1", user_id="u1")).resumed
            events = [
                Event(seq=1, text="The deploy target is eu-west-1."),
                Event(seq=2, text="Actually it's eu-central-1, not eu-west-1."),
                Event(seq=3, text="Goal for this shift: migrate the billing service."),
            ]
            assert (await memory.append_events("s1", events)).accepted == 3
            assert await memory.compact("s1", 1) == 1
            items = await memory.retrieve("s1", "deploy target")
            assert any(i.value == "eu-central-1" and i.status == "active" for i in items)
            assert "eu-central-1" in (await memory.assemble("s1", "where do we deploy?")).message
            assert [i.value for i in (await memory.list_items("s1", kind="fact", status="superseded")).items] == ["eu-west-1"]
            assert "billing" in (await memory.get_task_state("s1")).goal.text
            document = await memory.export_session("s1")
            assert await memory.close_session("s1") == 3
            assert (await memory.import_session(document, session_id="s2")).event_count == 3
            assert [s.session_id for s in (await memory.list_sessions()).sessions] == ["s1", "s2"]
            assert (await memory.delete_session("s2")).events_deleted == 3
            assert (await memory.delete_user_data("u1")).sessions_deleted == 1
            await memory.append_events("s3", [Event(seq=1, text="The port is 8080.")])
            assert (await memory.delete_tenant_data("default")).sessions_deleted == 1
            with pytest.raises(NotFoundError) as raised:
                await memory.get_task_state("s1")
            assert raised.value.code == grpc.StatusCode.NOT_FOUND and "s1" in raised.value.message

    run(scenario())


def test_async_retries_until_the_server_is_up_but_not_for_deletes(start_memory):
    listen = f"127.0.0.1:{free_port()}"
    starter = threading.Thread(target=lambda: (time.sleep(1.0), start_memory(listen)))

    async def scenario():
        policy = RetryPolicy(max_attempts=100, initial_backoff=0.05, max_backoff=0.3)
        async with AsyncMemoryClient(listen, retry=policy, timeout=60) as memory:
            with pytest.raises(UnavailableError):
                await memory.delete_tenant_data("default")  # nothing listens yet, and no retry
            starter.start()
            assert (await memory.append_events("s1", [Event(seq=1, text="The port is 8080.")])).accepted == 1

    run(scenario())
    starter.join()


def test_async_deadline(start_memory):
    async def scenario():
        async with AsyncMemoryClient(
            f"127.0.0.1:{free_port()}", retry=RetryPolicy(max_attempts=10_000, max_backoff=0.2), timeout=1.0
        ) as memory:
            with pytest.raises(UnavailableError):
                await memory.get_capabilities()

    started = time.monotonic()
    run(scenario())
    assert time.monotonic() - started < 30
