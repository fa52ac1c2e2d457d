"""The compose stack for real: images built offline, an eval from the harness container, restarts and a kill -9."""

import json
import os
import subprocess
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import grpc
import pytest
from dsh.memory.v1 import memory_pb2, memory_pb2_grpc

from services.common.grpc_server import open_channel, wait_for_serving
from services.common.ports import free_port
from services.common.security import ClientCredentials

REPO = Path(__file__).resolve().parents[2]
COMPOSE = [str(REPO / "scripts" / "compose.sh")]
# A tag of the test's own: other checkouts sharing this Docker engine build dsh/*:local.
IMAGE_TAG = f"e2e-{uuid.uuid5(uuid.NAMESPACE_URL, str(REPO)).hex[:8]}"
IMAGES = tuple(f"dsh/{name}:{IMAGE_TAG}" for name in ("memory", "answerer", "harness"))
APP_UID = "10001"
MEMORY_SERVICE = "dsh.memory.v1.MemoryService"
# Cold `make images` (debootstrap + three builds) takes a few minutes on this machine.
IMAGES_TIMEOUT_S = 1200
UP_TIMEOUT_S = 180
EVAL_TIMEOUT_S = 900
SHARED_START = "# ---- shared stages"
SHARED_END = "# ---- end of the shared stages"


def docker_available() -> tuple[bool, str]:
    try:
        done = subprocess.run(["docker", "info"], check=False, capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired) as exc:
        return False, f"docker info failed: {exc}"
    if done.returncode != 0:
        return False, f"docker info failed: {(done.stderr or done.stdout).strip()[:200]}"
    return True, ""


DOCKER_OK, DOCKER_WHY = docker_available()
needs_docker = [pytest.mark.docker, pytest.mark.slow, pytest.mark.skipif(not DOCKER_OK, reason=DOCKER_WHY or "docker")]


def run(cmd: list[str], *, env: dict[str, str] | None = None, timeout: float = 120, check: bool = True) -> subprocess.CompletedProcess:
    done = subprocess.run(cmd, cwd=REPO, env=env, check=False, capture_output=True, text=True, timeout=timeout)
    if check and done.returncode != 0:
        raise AssertionError(
            f"{' '.join(cmd)} exited {done.returncode}\n--- stdout\n{done.stdout[-4000:]}\n--- stderr\n{done.stderr[-4000:]}"
        )
    return done


class Stack:
    """One compose project with its own name, published ports and results directory."""

    def __init__(self, results_dir: Path):
        self.project = f"dshe2e{uuid.uuid4().hex[:10]}"
        self.ports = {"memory": free_port(), "answerer": free_port(), "harness": free_port()}
        self.results_dir = results_dir
        self.env = {
            **os.environ,
            "COMPOSE_PROJECT_NAME": self.project,
            "MEMORY_PORT": str(self.ports["memory"]),
            "ANSWERER_PORT": str(self.ports["answerer"]),
            "HARNESS_PORT": str(self.ports["harness"]),
            # The MCP service publishes a port too; a free one, so a parallel stack or a local server cannot clash.
            "MCP_PORT": str(free_port()),
            "DSH_RESULTS_DIR": str(results_dir),
            "DSH_UID": APP_UID,
            "DSH_GID": APP_UID,
            "IMAGE_TAG": IMAGE_TAG,
            "DSH_IMAGE_TAG": IMAGE_TAG,
        }
        # The test must not reach a real LLM, whatever the developer's shell holds.
        self.env.pop("DSH_EVAL_LLM_API_KEY", None)
        self.env.pop("COMPOSE_PROFILES", None)

    @property
    def memory_addr(self) -> str:
        return f"127.0.0.1:{self.ports['memory']}"

    def compose(self, *args: str, timeout: float = 120, check: bool = True) -> subprocess.CompletedProcess:
        return run([*COMPOSE, *args], env=self.env, timeout=timeout, check=check)

    def container(self, service: str) -> str:
        cid = self.compose("ps", "-q", service).stdout.strip()
        assert cid, f"no container for {service}"
        return cid

    def up(self) -> None:
        self.compose("up-wait", str(UP_TIMEOUT_S), timeout=UP_TIMEOUT_S + 60)

    def admin_key(self) -> str:
        """The documented way a user gets the admin key."""
        return self.compose("run", "--rm", "keys", "admin-key", "--dir", "/keys").stdout.strip()

    def down(self) -> None:
        self.compose("down", "-v", "--remove-orphans", timeout=180, check=False)


def health_status(container: str) -> str:
    return run(["docker", "inspect", "-f", "{{if .State.Health}}{{.State.Health.Status}}{{end}}", container]).stdout.strip()


def wait_health(container: str, wanted: str, timeout: float) -> str:
    deadline = time.monotonic() + timeout
    status = ""
    while time.monotonic() < deadline:
        status = health_status(container)
        if status == wanted:
            return status
        time.sleep(1)
    raise AssertionError(f"{container[:12]} health is {status!r}, wanted {wanted!r} within {timeout:.0f}s")


@pytest.fixture(scope="module")
def stack(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Stack]:
    results = tmp_path_factory.mktemp("eval-results")
    # The harness writes as uid 10001: the bind-mounted directory must be writable to it.
    if os.geteuid() == 0:
        os.chown(results, int(APP_UID), int(APP_UID))
    else:
        results.chmod(0o777)
    stack = Stack(results)
    run(["make", "images"], env=stack.env, timeout=IMAGES_TIMEOUT_S)
    try:
        stack.up()
        yield stack
    finally:
        # Shown by pytest only when a test failed: what the services said before they went.
        logs = stack.compose("logs", "--no-color", "--tail", "40", timeout=60, check=False)
        print(logs.stdout[-20000:])
        stack.down()


def test_shared_stages_are_identical_in_every_dockerfile():
    def shared(name: str) -> str:
        text = (REPO / "services" / name / "Dockerfile").read_text()
        start, end = text.index(SHARED_START), text.index(SHARED_END)
        return text[start:end]

    assert shared("memory") == shared("answerer") == shared("harness")


def docker_test(fn):
    """Marks a test that needs the engine: skipped, with the reason, when `docker info` fails."""
    for mark in needs_docker:
        fn = mark(fn)
    return fn


@docker_test
def test_images_and_containers_run_as_non_root(stack: Stack):
    for image in IMAGES:
        user = run(["docker", "image", "inspect", "-f", "{{.Config.User}}", image]).stdout.strip()
        assert user.split(":")[0] == APP_UID, f"{image} runs as {user!r}"
    for service in ("memory", "answerer", "harness"):
        uid = stack.compose("exec", "-T", service, "id", "-u").stdout.strip()
        assert uid != "0" and uid == APP_UID, f"{service} runs as uid {uid}"


# What each image can import: its own dependencies and code, nothing of the others'.
IMPORTS = {
    "memory": (
        ("redis", "rjieba", "simplemma", "detect_secrets", "services.memory", "dsh.memory.v1.memory_pb2"),
        ("matplotlib", "numpy", "jinja2", "jsonschema", "rich", "mcp", "services.harness", "services.answerer", "dsh.answerer"),
    ),
    "answerer": (
        ("grpc", "structlog", "services.answerer", "dsh.answerer.v1.answerer_pb2"),
        (
            "redis",
            "rjieba",
            "simplemma",
            "detect_secrets",
            "matplotlib",
            "jsonschema",
            "mcp",
            "services.memory",
            "services.harness",
            "dsh.memory",
        ),
    ),
    "harness": (("matplotlib", "jinja2", "jsonschema", "mcp", "services.harness", "services.mcp", "dsh_memory", "services.memory"), ()),
}


@docker_test
def test_each_image_carries_only_its_own_dependencies_and_code():
    probe = (
        "import importlib.util, sys\n"
        "def found(name):\n"
        "    try:\n"
        "        return importlib.util.find_spec(name) is not None\n"
        "    except ModuleNotFoundError:\n"
        "        return False\n"
        "print(' '.join(name for name in sys.argv[1:] if found(name)))\n"
    )
    for image in IMAGES:
        name = image.split("/")[1].split(":")[0]
        present, absent = IMPORTS[name]
        out = run(["docker", "run", "--rm", "--entrypoint", "python", image, "-c", probe, *present, *absent]).stdout.split()
        assert out == list(present), f"{image}: importable {out}, expected exactly {present}"


@docker_test
def test_images_share_the_base_and_one_build_of_the_stubs():
    layers = [json.loads(run(["docker", "image", "inspect", "-f", "{{json .RootFS.Layers}}", image]).stdout) for image in IMAGES]
    # base, then the user and its directories: the same layers, not equal copies. The venvs differ.
    assert len({tuple(image_layers[:2]) for image_layers in layers}) == 1, layers
    assert len({image_layers[2] for image_layers in layers}) == len(IMAGES), layers
    stub = "/app/gen/dsh/memory/v1/memory_pb2.py"
    digests = {run(["docker", "run", "--rm", "--entrypoint", "sha256sum", image, stub]).stdout.split()[0] for image in IMAGES[::2]}
    assert len(digests) == 1  # memory's and the harness's stubs: one build


@docker_test
def test_no_compilers_or_pip_in_the_final_image():
    probe = "import shutil, importlib.util; print(shutil.which('gcc'), shutil.which('cc'), importlib.util.find_spec('pip'))"
    out = run(["docker", "run", "--rm", "--entrypoint", "python", IMAGES[0], "-c", probe]).stdout.split()
    assert out == ["None", "None", "None"]


@docker_test
@pytest.mark.parametrize("args", [["--profile", "seed"], ["--profile", "smoke", "--turns", "100"]], ids=["seed", "smoke-100"])
def test_eval_from_the_harness_container_passes(stack: Stack, args: list[str]):
    """The documented command: the harness finds memory and answerer by name, the report lands on the host."""
    before = set(stack.results_dir.glob("*.json"))
    done = stack.compose("run", "--rm", "harness", "eval", *args, timeout=EVAL_TIMEOUT_S, check=False)
    code = done.returncode
    assert code == 0, f"eval exited {code}\n{done.stdout[-6000:]}\n{done.stderr[-6000:]}"
    reports = sorted(set(stack.results_dir.glob("*.json")) - before)
    assert len(reports) == 1, f"expected one new report in {stack.results_dir}"
    report = json.loads(reports[0].read_text())
    assert report["profile"] == args[1]
    # The path printed is the one on the host, not the container's /app/eval-results.
    assert f"Report: {stack.results_dir / reports[0].name}" in done.stdout, done.stdout[-2000:]
    failed = [inv for inv in report["hardInvariants"] if inv["status"] != "pass"]
    assert not failed, failed


@docker_test
def test_the_stack_refuses_calls_without_a_key_and_keeps_its_keys_private(stack: Stack):
    wait_for_serving(stack.memory_addr, service=MEMORY_SERVICE, timeout=60)
    for port, call in (
        (stack.ports["memory"], "/dsh.memory.v1.MemoryService/GetCapabilities"),
        (stack.ports["answerer"], "/dsh.answerer.v1.AnswererService/GetInfo"),
    ):
        with grpc.insecure_channel(f"127.0.0.1:{port}") as channel, pytest.raises(grpc.RpcError) as raised:
            channel.unary_unary(call)(b"", timeout=10)
        assert raised.value.code() == grpc.StatusCode.UNAUTHENTICATED, port
    admin = stack.admin_key()
    assert admin.startswith("dsh_")
    with open_channel(stack.memory_addr, ClientCredentials(api_key=admin)) as channel:
        assert memory_pb2_grpc.MemoryServiceStub(channel).GetCapabilities(memory_pb2.GetCapabilitiesRequest(), timeout=10).has_storage
    # No key in any log, and no file of the keys volume readable by other users.
    logs = stack.compose("logs", "--no-color", timeout=60).stdout
    assert admin not in logs and admin.split("_", 2)[2] not in logs
    listing = stack.compose(
        "run",
        "--rm",
        "--entrypoint",
        "stat",
        "keys",
        "-c",
        "%n %a %u:%g",
        *(f"/keys/{n}" for n in ("api-keys.json", "admin.key", "harness.key", "redis.password", "redis.conf")),
    ).stdout.split("\n")
    modes = dict(line.split(" ", 1) for line in listing if line.strip())
    assert all(mode.split()[0][-1] == "0" for mode in modes.values()), modes
    assert modes["/keys/admin.key"].startswith("600 0:"), modes


# ---- a session driven from the test through the published memory port

S = "e2e-resume"
ALPHA, BETA = "iso-alpha-e2e", "iso-beta-e2e"
KIND_USER = memory_pb2.EVENT_KIND_USER_MESSAGE


def ev(seq: int, text: str, prefix: str) -> memory_pb2.Event:
    return memory_pb2.Event(seq=seq, event_id=f"{prefix}-{seq}", kind=KIND_USER, text=text)


def all_items(stub, session_id: str) -> list[memory_pb2.Item]:
    items, token = [], ""
    while True:
        page = stub.ListItems(memory_pb2.ListItemsRequest(session_id=session_id, page_size=100, page_token=token), timeout=10)
        items.extend(page.items)
        token = page.next_page_token
        if not token:
            return items


def snapshot(stub) -> dict:
    """Everything acknowledged so far, in a form that must survive a restart unchanged."""
    opened = stub.OpenSession(memory_pb2.OpenSessionRequest(session_id=S), timeout=10)
    assembled = stub.Assemble(memory_pb2.AssembleRequest(session_id=S, query="deploy target region", token_budget=400), timeout=10)
    return {
        "last_seq": opened.last_seq,
        "checkpoint_seq": opened.checkpoint_seq,
        "event_count": opened.event_count,
        "items": sorted((i.item_id, i.key, i.value, i.status) for i in all_items(stub, S)),
        "assembled": (assembled.message, list(assembled.item_ids)),
        ALPHA: sorted((i.item_id, i.value) for i in all_items(stub, ALPHA)),
        BETA: sorted((i.item_id, i.value) for i in all_items(stub, BETA)),
    }


def connect(stack: Stack) -> tuple[grpc.Channel, memory_pb2_grpc.MemoryServiceStub]:
    wait_for_serving(stack.memory_addr, service=MEMORY_SERVICE, timeout=60)
    channel = open_channel(stack.memory_addr, ClientCredentials(api_key=stack.admin_key()))
    return channel, memory_pb2_grpc.MemoryServiceStub(channel)


def assert_isolated(stub) -> None:
    alpha = " ".join(i.value + " " + i.text for i in all_items(stub, ALPHA))
    beta = " ".join(i.value + " " + i.text for i in all_items(stub, BETA))
    assert "8443" in alpha and "9443" not in alpha, alpha
    assert "9443" in beta and "8443" not in beta, beta
    found = stub.Retrieve(memory_pb2.RetrieveRequest(session_id=ALPHA, query="feature flag port 9443", limit=20), timeout=10)
    assert all("9443" not in (i.value + i.text) for i in found.items)


@docker_test
def test_session_survives_restart_and_kill(stack: Stack):
    channel, stub = connect(stack)
    with channel:
        stub.AppendEvents(
            memory_pb2.AppendEventsRequest(
                session_id=S,
                events=[
                    ev(1, "Always run make lint before pushing.", "p1"),
                    ev(2, "The deploy target is eu-west-1.", "p1"),
                    ev(3, "p95 latency must stay under 120 ms at 500 rps.", "p1"),
                ],
            ),
            timeout=10,
        )
        stub.Compact(memory_pb2.CompactRequest(session_id=S, up_to_seq=3, summary="lint rule, deploy target, latency"), timeout=10)
        # The two isolation sessions come in on separate channels, as two hosts would.
        with open_channel(stack.memory_addr, ClientCredentials(api_key=stack.admin_key())) as other:
            beta_stub = memory_pb2_grpc.MemoryServiceStub(other)
            stub.AppendEvents(
                memory_pb2.AppendEventsRequest(session_id=ALPHA, events=[ev(1, "The feature flag port is 8443.", "alpha")]), timeout=10
            )
            beta_stub.AppendEvents(
                memory_pb2.AppendEventsRequest(session_id=BETA, events=[ev(1, "The feature flag port is 9443.", "beta")]), timeout=10
            )
        before = snapshot(stub)
        assert before["last_seq"] == 3 and before["items"], before
        assert_isolated(stub)

    # Phase 2: a graceful restart (SIGTERM, drain, SQLite closed) keeps everything.
    stack.compose("restart", "memory", timeout=120)
    wait_health(stack.container("memory"), "healthy", 90)
    channel, stub = connect(stack)
    with channel:
        after_restart = snapshot(stub)
        assert after_restart == before
        assert_isolated(stub)
        reply = stub.AppendEvents(
            memory_pb2.AppendEventsRequest(
                session_id=S,
                events=[
                    ev(4, "Actually, the deploy target is eu-central-1, not eu-west-1.", "p2"),
                ],
            ),
            timeout=10,
        )
        assert reply.accepted == 1
        acknowledged = snapshot(stub)

    # Phase 3: kill -9, then `up -d`: what was acknowledged is on the volume.
    stack.compose("kill", "-s", "SIGKILL", "memory", timeout=60)
    stack.up()
    channel, stub = connect(stack)
    with channel:
        after_kill = snapshot(stub)
        assert after_kill == acknowledged
        assert after_kill["last_seq"] == 4
        assert "eu-central-1" in after_kill["assembled"][0]
        assert_isolated(stub)
        # A retried batch after the crash is a duplicate, not a second copy.
        again = stub.AppendEvents(
            memory_pb2.AppendEventsRequest(
                session_id=S,
                events=[
                    ev(4, "Actually, the deploy target is eu-central-1, not eu-west-1.", "p2"),
                ],
            ),
            timeout=10,
        )
        assert (again.accepted, again.duplicates) == (0, 1)


@docker_test
def test_sigterm_drains_and_exits_cleanly(stack: Stack):
    memory = stack.container("memory")
    stack.compose("stop", "memory", timeout=120)
    state = json.loads(run(["docker", "inspect", "-f", "{{json .State}}", memory]).stdout)
    # 0, not 137: the service stopped on SIGTERM within the grace period instead of being killed.
    assert state["ExitCode"] == 0, state
    logs = run(["docker", "logs", memory])
    assert "server_stopped" in logs.stdout + logs.stderr
    stack.up()


@docker_test
def test_unhealthy_memory_container_is_reported(stack: Stack):
    name = f"{stack.project}-unhealthy"
    # The real image and server, probed for a service it does not serve: NOT_FOUND, so unhealthy.
    run(
        [
            "docker",
            "run",
            "-d",
            "--name",
            name,
            "--network",
            "none",
            # No network at all, so no keys needed: said explicitly, as the service requires on 0.0.0.0.
            "-e",
            "MEMORY_LISTEN=0.0.0.0:50051",
            "-e",
            "MEMORY_DB=/data/memory.sqlite",
            "-e",
            "MEMORY_AUTH=none",
            "--health-cmd",
            "python -m services.common.healthprobe 127.0.0.1:50051 dsh.no.such.v1.Service",
            "--health-interval",
            "1s",
            "--health-retries",
            "2",
            "--health-timeout",
            "5s",
            "--health-start-period",
            "0s",
            IMAGES[0],
        ]
    )
    try:
        wait_health(name, "unhealthy", 60)
        log = json.loads(run(["docker", "inspect", "-f", "{{json .State.Health.Log}}", name]).stdout)
        assert any(entry["ExitCode"] == 1 and "NOT_FOUND" in entry["Output"] for entry in log), log
        assert run(["docker", "inspect", "-f", "{{.State.Running}}", name]).stdout.strip() == "true"
    finally:
        run(["docker", "rm", "-f", "-v", name], check=False)
