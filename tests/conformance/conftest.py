"""The conformance suite's target: MEMORY_ADDR, or the reference SQLite server started here.

With MEMORY_ADDR set the suite only talks to that address and starts nothing. Without it,
`python -m services.memory` runs as a child process on a free loopback port with a
throwaway database and default limits, so `make test` certifies the SQLite service too.
"""

import os
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import grpc
import pytest
from dsh.memory.v1 import memory_pb2, memory_pb2_grpc

from services.common.grpc_server import open_channel, wait_for_serving
from services.common.ports import free_port
from services.common.security import PLAINTEXT, ClientCredentials
from tests.conformance.contract import TIMEOUT, Conversation

REPO_ROOT = Path(__file__).resolve().parents[2]
START_TIMEOUT = 30.0
# Settings the reference server would read from our environment; the suite wants its defaults.
INHERITED_SETTINGS = ("MEMORY_MAX_EVENT_BYTES", "MEMORY_MAX_BATCH_EVENTS", "MEMORY_STORE", "MEMORY_LISTEN", "MEMORY_DB")

# marker -> (what GetCapabilities must say for the test to apply, the reason printed when it does not)
APPLICABILITY: dict[str, tuple[Callable[[memory_pb2.GetCapabilitiesResponse], bool], str]] = {
    "needs_storage": (lambda caps: caps.has_storage, "not applicable: GetCapabilities says has_storage=false"),
    "needs_retrieval": (lambda caps: caps.has_retrieval, "not applicable: GetCapabilities says has_retrieval=false"),
    "needs_zh": (lambda caps: "zh" in caps.languages, "not applicable: GetCapabilities does not list language zh"),
}
CAPS_KEY = pytest.StashKey[memory_pb2.GetCapabilitiesResponse]()
ADDRESS_KEY = pytest.StashKey[str]()


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "needs_storage: conformance test that applies only when has_storage=true")
    config.addinivalue_line("markers", "needs_retrieval: conformance test that applies only when has_retrieval=true")
    config.addinivalue_line("markers", "needs_zh: conformance test that applies only when languages include zh")


def _start_reference_server(workdir: Path) -> tuple[subprocess.Popen, str]:
    address = f"127.0.0.1:{free_port()}"
    env = {name: value for name, value in os.environ.items() if name not in INHERITED_SETTINGS}
    env = {name: value for name, value in env.items() if not name.startswith(("MEMORY_AUTH", "MEMORY_TLS_"))}
    env.update(MEMORY_LISTEN=address, MEMORY_DB=str(workdir / "memory.sqlite"), MEMORY_LOG_FORMAT="json", MEMORY_REFLECTION="on")
    log_path = workdir / "memory.log"
    with log_path.open("wb") as log:
        proc = subprocess.Popen([sys.executable, "-m", "services.memory"], env=env, cwd=REPO_ROOT, stdout=log, stderr=subprocess.STDOUT)
    try:
        wait_for_serving(address, timeout=START_TIMEOUT)
    except TimeoutError as exc:
        proc.kill()
        proc.wait()
        tail = log_path.read_text(errors="replace")[-2000:]
        raise RuntimeError(f"reference memory server did not start: {exc}\n{tail}") from exc
    return proc, address


@pytest.fixture(scope="session")
def memory_address(tmp_path_factory: pytest.TempPathFactory, pytestconfig: pytest.Config) -> Iterator[str]:
    """host:port of the MemoryService under test."""
    target = os.environ.get("MEMORY_ADDR", "").strip()
    if target:
        pytestconfig.stash[ADDRESS_KEY] = target
        yield target
        return
    proc, address = _start_reference_server(tmp_path_factory.mktemp("conformance-memory"))
    pytestconfig.stash[ADDRESS_KEY] = f"{address} (reference SQLite server started by the suite)"
    try:
        yield address
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


@pytest.fixture(scope="session")
def channel(memory_address: str) -> Iterator[grpc.Channel]:
    # Large enough for the over-limit cases (limit + 1 bytes) and big exports.
    # A target with authentication on is reached with the key (and TLS settings) of DSH_API_KEY, DSH_TLS_*.
    with open_channel(memory_address, ClientCredentials.from_env(os.environ) if os.environ.get("MEMORY_ADDR") else PLAINTEXT) as opened:
        try:
            grpc.channel_ready_future(opened).result(timeout=TIMEOUT)
        except grpc.FutureTimeoutError as exc:
            raise RuntimeError(f"no MemoryService reachable at {memory_address}") from exc
        yield opened


@pytest.fixture(scope="session")
def stub(channel: grpc.Channel) -> memory_pb2_grpc.MemoryServiceStub:
    return memory_pb2_grpc.MemoryServiceStub(channel)


@pytest.fixture(scope="session")
def caps(stub, pytestconfig: pytest.Config) -> memory_pb2.GetCapabilitiesResponse:
    """GetCapabilities of the target, fetched once; limits and applicability come from here."""
    reply = stub.GetCapabilities(memory_pb2.GetCapabilitiesRequest(), timeout=TIMEOUT)
    pytestconfig.stash[CAPS_KEY] = reply
    return reply


@pytest.fixture(autouse=True)
def _applies(request: pytest.FixtureRequest) -> None:
    """Skip, with the reason, a test whose needs_* marker the capabilities rule out."""
    needs = [mark.name for mark in request.node.iter_markers() if mark.name in APPLICABILITY]
    if not needs:
        return
    capabilities = request.getfixturevalue("caps")
    for name in needs:
        applies, reason = APPLICABILITY[name]
        if not applies(capabilities):
            pytest.skip(reason)


@pytest.fixture
def new_conversation(stub) -> Iterator[Callable[[], Conversation]]:
    """A factory of fresh sessions; each one is deleted after the test."""
    made: list[Conversation] = []

    def make() -> Conversation:
        made.append(Conversation(stub))
        return made[-1]

    yield make
    for conversation in made:
        conversation.discard()


@pytest.fixture
def conv(new_conversation) -> Conversation:
    """One fresh session."""
    return new_conversation()


def pytest_terminal_summary(terminalreporter, exitstatus, config: pytest.Config) -> None:
    """Say which implementation was certified and which subset of the suite applied to it."""
    capabilities = config.stash.get(CAPS_KEY, None)
    if capabilities is None:
        return
    skipped = [r for r in terminalreporter.stats.get("skipped", []) if "not applicable:" in str(r.longrepr)]
    subset = ["core"]
    subset += ["storage"] if capabilities.has_storage else []
    subset += ["retrieval"] if capabilities.has_retrieval else []
    subset += ["zh"] if "zh" in capabilities.languages else []
    terminalreporter.write_line(
        f"conformance: {capabilities.implementation} {capabilities.version} at {config.stash.get(ADDRESS_KEY, '?')}; "
        f"has_storage={capabilities.has_storage} has_retrieval={capabilities.has_retrieval} "
        f"languages={','.join(capabilities.languages)}; applied subset: {'+'.join(subset)}; "
        f"{len(skipped)} test(s) not applicable"
    )
