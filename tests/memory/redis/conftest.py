"""Real redis-server processes for the Redis store's tests: one AOF-backed server and a
three-master Cluster, each on free loopback ports in a tmp dir, and the `memory`
fixture of tests/memory/conftest.py rebuilt on top of them."""

import shutil
import signal
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import grpc
import pytest
import redis
from dsh.memory.v1 import memory_pb2_grpc
from redis.cluster import RedisCluster

from services.common.ports import free_port
from services.memory.server import build_server
from services.memory.settings import Settings
from tests.memory.conftest import Running

REDIS_SERVER = shutil.which("redis-server")
REDIS_CLI = shutil.which("redis-cli")
NOT_INSTALLED = "redis-server/redis-cli not installed (Debian: apt-get install redis-server redis-tools)"


class RedisServer:
    """One redis-server child: AOF on and fsynced before every reply, so what it acknowledged survives."""

    def __init__(self, directory: Path, cluster: bool = False):
        self.directory = directory
        self.cluster = cluster
        self.port = 0
        self.proc: subprocess.Popen | None = None
        directory.mkdir(parents=True, exist_ok=True)

    @property
    def address(self) -> str:
        return f"127.0.0.1:{self.port}"

    def start(self) -> None:
        """Start on a fresh free port the first time, on the same port and dir afterwards."""
        for _ in range(5):
            port = self.port or free_port()
            args = [
                REDIS_SERVER,
                "--port",
                str(port),
                "--bind",
                "127.0.0.1",
                "--dir",
                str(self.directory),
                "--appendonly",
                "yes",
                "--appendfsync",
                "always",
                "--save",
                "",
                "--daemonize",
                "no",
                "--logfile",
                "redis.log",
                "--protected-mode",
                "no",
            ]
            if self.cluster:
                # The bus port defaults to port + 10000, which may not exist: pick a free one.
                args += [
                    "--cluster-enabled",
                    "yes",
                    "--cluster-config-file",
                    "nodes.conf",
                    "--cluster-node-timeout",
                    "5000",
                    "--cluster-port",
                    str(free_port()),
                ]
            self.proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            if self._wait_ready(port):
                self.port = port
                return
            self.stop(signal.SIGKILL)
            if self.port:
                break  # the same port again: a second try would not help
        raise RuntimeError(f"redis-server did not start; see {self.directory / 'redis.log'}")

    def _wait_ready(self, port: int, timeout: float = 20.0) -> bool:
        client = redis.Redis(host="127.0.0.1", port=port, socket_timeout=1)
        deadline = time.monotonic() + timeout
        try:
            while time.monotonic() < deadline:
                if self.proc.poll() is not None:
                    return False
                try:
                    if client.ping():
                        return True
                except redis.exceptions.BusyLoadingError:
                    pass
                except redis.exceptions.ConnectionError:
                    pass
                time.sleep(0.05)
            return False
        finally:
            client.close()

    def stop(self, sig: int = signal.SIGTERM) -> None:
        if self.proc is not None:
            self.proc.send_signal(sig)
            self.proc.wait(timeout=20)
            self.proc = None


def _require_redis() -> None:
    if not (REDIS_SERVER and REDIS_CLI):
        pytest.skip(NOT_INSTALLED)


@pytest.fixture(scope="session")
def redis_single(tmp_path_factory) -> Iterator[RedisServer]:
    _require_redis()
    server = RedisServer(tmp_path_factory.mktemp("redis-single"))
    server.start()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def redis_cluster(tmp_path_factory) -> Iterator[list[RedisServer]]:
    _require_redis()
    root = tmp_path_factory.mktemp("redis-cluster")
    nodes = [RedisServer(root / f"node{i}", cluster=True) for i in range(3)]
    try:
        for node in nodes:
            node.start()
        subprocess.run(
            [REDIS_CLI, "--cluster", "create", *(n.address for n in nodes), "--cluster-replicas", "0", "--cluster-yes"],
            check=True,
            capture_output=True,
            timeout=60,
        )
        _wait_cluster_ok(nodes)
        yield nodes
    finally:
        for node in nodes:
            node.stop()


def _wait_cluster_ok(nodes: list[RedisServer], timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        states = []
        for node in nodes:
            with redis.Redis(host="127.0.0.1", port=node.port, decode_responses=True) as client:
                states.append(client.cluster("info").get("cluster_state"))
        if all(state == "ok" for state in states):
            return
        time.sleep(0.1)
    raise RuntimeError(f"cluster did not reach state ok: {states}")


def single_url(server: RedisServer) -> str:
    return f"redis://{server.address}/0"


def cluster_url(nodes: list[RedisServer]) -> str:
    return "redis+cluster://" + ",".join(n.address for n in nodes)


def flush(url: str) -> None:
    """An empty keyspace for the next test (the servers live for the whole run)."""
    if url.startswith("redis+cluster://"):
        host, port = url.removeprefix("redis+cluster://").split(",")[0].split(":")
        with RedisCluster(host=host, port=int(port)) as client:
            client.flushall(target_nodes=RedisCluster.PRIMARIES)
    else:
        with redis.Redis.from_url(url) as client:
            client.flushall()


@pytest.fixture(params=["single", "cluster"])
def redis_url(request) -> str:
    """A freshly flushed Redis keyspace: a single server, then a three-master Cluster."""
    fixture = "redis_single" if request.param == "single" else "redis_cluster"
    target = request.getfixturevalue(fixture)
    url = single_url(target) if request.param == "single" else cluster_url(target)
    flush(url)
    return url


@pytest.fixture
def memory_settings(redis_url: str, tmp_path: Path) -> Settings:
    return Settings(
        listen="127.0.0.1:0",
        db_path=str(tmp_path / "unused.sqlite"),
        store_url=redis_url,
        max_event_bytes=4096,
        max_batch_events=50,
    )


def start_memory(settings: Settings):
    server = build_server(settings)
    address = f"127.0.0.1:{server.port}"
    channel = grpc.insecure_channel(address)
    return server, channel, Running(memory_pb2_grpc.MemoryServiceStub(channel), address, Path(settings.db_path))


@pytest.fixture
def memory(memory_settings: Settings) -> Iterator[Running]:
    """Same as tests/memory/conftest.py's `memory`, with MEMORY_STORE pointing at the test Redis."""
    server, channel, running = start_memory(memory_settings)
    try:
        yield running
    finally:
        channel.close()
        server.stop(grace=1)
