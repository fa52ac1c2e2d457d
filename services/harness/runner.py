"""One evaluation run, shared by the CLI and RunEval: fixtures, services, replay, report.

Every baseline, the real memory service included, is reached over gRPC through the same
Replayer; the two storage-less baselines are served in-process on loopback ports.
"""

import contextvars
import platform
import secrets
import sys
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path

import grpc

from services.common.security import PLAINTEXT
from services.harness import answer_report, benchmark_runs, html_report
from services.harness import report as report_mod
from services.harness.answering import AnswererUnusable, answerer_env, check_answerer, plan_for
from services.harness.baselines import BASELINE_SERVICERS
from services.harness.baselines.host_window import serve_baseline
from services.harness.benchmark_runs import BenchmarkError, BenchmarkRun
from services.harness.client import Answerer, MemoryConnection
from services.harness.llm_plan import LlmPlanError
from services.harness.processes import LocalServices, StartError, module_available
from services.harness.records import ScenarioRun
from services.harness.render import Block
from services.harness.replay import RETRIEVE_LIMIT, Replayer, prepare
from services.harness.settings import DEFAULT_SEED, Settings

BASELINES = ("skill-only", "rolling-summary", "bm25-turns", "memory")
PROFILES = {
    "smoke": (100, 200),
    "standard": (100, 200, 500),
    "full": (100, 200, 500, 1000),
    "seed": (),
    "handwritten": (),
    "locomo": (),
    "beam": (),
}
# Profiles whose fixtures are replayed as they are: --seed, --turns and --regenerate do not apply.
AS_IS_PROFILES = ("seed", "handwritten", *benchmark_runs.PROFILES)

# (phase, baseline, session_id, done, total)
ProgressFn = Callable[[str, str, str, int, int], None]


class PrerequisiteError(Exception):
    """The run cannot start (missing key, module, fixtures or service): exit status 2."""


@dataclass(frozen=True)
class EvalRequest:
    profile: str = "smoke"
    sizes: tuple[int, ...] = ()  # empty: the profile's
    seed: str = DEFAULT_SEED
    fixtures_dir: str = ""  # empty: the profile's default directory
    out_dir: str = ""  # empty: settings.results_dir
    baselines: tuple[str, ...] = BASELINES
    answerer: str = "deterministic"
    regenerate: bool = False
    memory_addr: str = ""
    answerer_addr: str = ""
    memory_store: str = ""
    # Benchmark data, for profiles locomo and beam ("" = the default under settings.benchmarks_dir).
    locomo: str = ""  # LoCoMo file or folder
    locomo_corrections: str = ""  # corrections file; "none": the published evidence only
    beam_dir: str = ""  # BEAM folder
    write_report: bool = True
    # Every session is named "<run_id>-<fixture session>" in memory ("" makes a fresh id), so any
    # number of runs can share one memory service; they are deleted afterwards unless keep_sessions.
    run_id: str = ""
    keep_sessions: bool = False


@dataclass
class EvalResult:
    report: dict
    exit_code: int
    summary: list[Block] = field(default_factory=list)  # what the CLI prints: Markdown, or tables on a terminal
    report_path: Path | None = None
    html_path: Path | None = None  # the report's page, beside the JSON (None when it could not be drawn)


def check_prerequisites(request: EvalRequest, settings: Settings) -> None:
    """Everything that can be known wrong before anything starts; PrerequisiteError says what to do."""
    if request.profile not in PROFILES:
        raise PrerequisiteError(f"unknown profile {request.profile!r}; use one of {', '.join(PROFILES)}")
    unknown = [b for b in request.baselines if b not in BASELINES]
    if unknown or not request.baselines:
        raise PrerequisiteError(f"unknown baseline(s) {', '.join(unknown) or '(none)'}; use {', '.join(BASELINES)}")
    if request.profile in benchmark_runs.PROFILES:
        try:
            benchmark_runs.check(request.profile, **_benchmark_args(request, settings))
        except BenchmarkError as exc:
            raise PrerequisiteError(str(exc)) from exc
    if request.answerer not in Answerer.MODES:
        raise PrerequisiteError(f"unknown answerer {request.answerer!r}; use deterministic or llm")
    try:
        plan_for(request.answerer, _answerer_addr(request, settings), settings)
    except LlmPlanError as exc:
        raise PrerequisiteError(str(exc)) from exc
    if "memory" in request.baselines and not _memory_addr(request, settings) and not module_available("services.memory"):
        raise PrerequisiteError(
            "the memory service (services.memory) is missing: pass --memory-addr or --baselines skill-only,rolling-summary"
        )
    if not _answerer_addr(request, settings) and not module_available("services.answerer"):
        raise PrerequisiteError("the answerer service (services.answerer) is missing: pass --answerer-addr")


def _benchmark_args(request: EvalRequest, settings: Settings) -> dict:
    return {
        "locomo": request.locomo,
        "corrections": request.locomo_corrections,
        "beam_dir": request.beam_dir,
        "benchmarks_dir": Path(settings.benchmarks_dir),
    }


def _memory_addr(request: EvalRequest, settings: Settings) -> str:
    return request.memory_addr or settings.memory_addr


def _answerer_addr(request: EvalRequest, settings: Settings) -> str:
    return request.answerer_addr or settings.answerer_addr


def ignored_options(request: EvalRequest) -> list[str]:
    """The options given that the request's profile does not use, for the CLI to say so."""
    if request.profile not in AS_IS_PROFILES:
        return []
    given = {"--seed": request.seed != DEFAULT_SEED, "--turns": bool(request.sizes), "--regenerate": request.regenerate}
    return [option for option, set_ in given.items() if set_]


def _handwritten_dir(request: EvalRequest, default: Path) -> Path:
    """The hand-written corpus: --fixtures DIR when given, else the shared corpus beside the repository."""
    directory = Path(request.fixtures_dir) if request.fixtures_dir else default
    if not (directory / "manifest.json").is_file():
        raise PrerequisiteError(
            f"profile handwritten: no manifest.json in {directory}; point at the corpus with --fixtures DIR "
            "(make eval PROFILE=handwritten FIXTURES=DIR)"
        )
    return directory


def load_scenarios(request: EvalRequest) -> tuple[Path, bool, dict, list[dict]]:
    """(directory, regenerated, manifest, scenarios) as the request asks; PrerequisiteError on bad fixtures."""
    try:
        from services.harness.fixtures import HANDWRITTEN_DIR, FixtureError, ensure_fixtures, load_fixtures
    except ImportError as exc:
        raise PrerequisiteError(f"the fixture loader (services.harness.fixtures) is missing: {exc}") from exc

    try:
        if request.profile == "handwritten":
            directory, regenerated = _handwritten_dir(request, HANDWRITTEN_DIR), False
        elif request.fixtures_dir and (Path(request.fixtures_dir) / "manifest.json").exists() and not request.regenerate:
            # An explicit folder of fixtures is replayed as it is, never overwritten.
            directory, regenerated = Path(request.fixtures_dir), False
        else:
            # fixtures_dir is then the root the profile's folder is generated under.
            root = Path(request.fixtures_dir) if request.fixtures_dir else None
            sizes = list(request.sizes) or None
            directory, regenerated = ensure_fixtures(request.profile, request.seed, sizes, root, request.regenerate)
        fixture_set = load_fixtures(directory)
    except (FixtureError, ValueError) as exc:
        raise PrerequisiteError(f"fixtures: {exc}") from exc
    scenarios = fixture_set.scenarios
    if request.sizes and request.profile not in AS_IS_PROFILES:
        scenarios = [s for s in scenarios if s.get("size") in request.sizes]
    if not scenarios:
        raise PrerequisiteError(f"no scenarios to replay in {directory}")
    return Path(directory), regenerated, fixture_set.manifest, scenarios


def run_eval(request: EvalRequest, settings: Settings, progress: ProgressFn | None = None) -> EvalResult:
    """Run the whole protocol; raises PrerequisiteError before replaying anything when it cannot."""
    check_prerequisites(request, settings)
    with ExitStack() as stack:
        # The local services import their code while the fixtures load and validate: a second or
        # two each, on different cores.
        local = _start_local(stack, request, settings)
        benchmark: BenchmarkRun | None = None
        if request.profile in benchmark_runs.PROFILES:
            try:
                scenarios, benchmark = benchmark_runs.load(request.profile, **_benchmark_args(request, settings))
            except BenchmarkError as exc:
                raise PrerequisiteError(str(exc)) from exc
            fixtures_info: tuple[Path, bool, dict] = (benchmark.source, False, {})
        else:
            directory, regenerated, manifest, scenarios = load_scenarios(request)
            fixtures_info = (directory, regenerated, manifest)
        return evaluate(request, settings, scenarios, fixtures_info=fixtures_info, progress=progress, benchmark=benchmark, local=local)


def _start_local(stack: ExitStack, request: EvalRequest, settings: Settings) -> LocalServices:
    """The local memory and answerer children the request needs, spawned (not yet SERVING) and stopped with the stack."""
    memory_addr, answerer_addr = _memory_addr(request, settings), _answerer_addr(request, settings)
    plan = plan_for(request.answerer, answerer_addr, settings)
    try:
        child_env = answerer_env(stack, plan, settings)
    except StartError as exc:
        raise PrerequisiteError(str(exc)) from exc
    local = LocalServices(
        child_env,
        memory="memory" in request.baselines and not memory_addr,
        answerer=not answerer_addr,
        memory_store=request.memory_store,
        start_timeout=settings.start_timeout_s,
    )
    stack.callback(local.close)
    try:
        local.start()
    except StartError as exc:
        raise PrerequisiteError(str(exc)) from exc
    return local


def evaluate(
    request: EvalRequest,
    settings: Settings,
    scenarios: list[dict],
    *,
    fixtures_info: tuple[Path, bool, dict] = (Path("."), False, {}),
    progress: ProgressFn | None = None,
    benchmark: BenchmarkRun | None = None,
    local: LocalServices | None = None,
) -> EvalResult:
    """Replay already-loaded scenarios through the requested baselines and build the report.

    local: the children _start_local spawned for this request; None starts them here."""
    check_prerequisites(request, settings)
    memory_addr, answerer_addr = _memory_addr(request, settings), _answerer_addr(request, settings)
    local_memory = "memory" in request.baselines and not memory_addr
    run_id = request.run_id or new_run_id()
    cleanup: dict = {"sessionsKept": request.keep_sessions, "deleted": 0, "failures": []}
    plan = plan_for(request.answerer, answerer_addr, settings)
    with ExitStack() as stack:
        if local is None:
            local = _start_local(stack, request, settings)
        try:
            local.wait_ready()
        except StartError as exc:
            raise PrerequisiteError(str(exc)) from exc
        if restarts := sum(step["op"] == "restart" for scenario in scenarios for step in scenario["steps"]):
            local.keep_memory_standby(restarts)
        connections = []
        for name in request.baselines:
            # Local children take the run's throwaway key; a configured address the user's (DSH_API_KEY,
            # or the key of the RunEval caller); the in-process baselines none.
            if name == "memory":
                address = memory_addr or local.memory.address
                restart = local.memory.restart if local_memory else None
                credentials = local.credentials if local_memory else settings.client
            else:
                served = serve_baseline(BASELINE_SERVICERS[name]())
                stack.callback(served.stop, 0)
                address, restart, credentials = f"127.0.0.1:{served.port}", None, PLAINTEXT
            connection = MemoryConnection(name, address, settings.rpc_timeout_s, restart, credentials, f"{run_id}-")
            stack.callback(connection.close)
            try:
                connection.fetch_capabilities()
            except grpc.RpcError as exc:
                raise PrerequisiteError(f"{name}: cannot reach MemoryService at {address}: {exc.code().name}{_auth_hint(exc)}") from exc
            connections.append(connection)
        answerer = Answerer(
            answerer_addr or local.answerer.address,
            request.answerer,
            settings.rpc_timeout_s,
            settings.client if answerer_addr else local.credentials,
            llm_timeout=settings.llm_answer_timeout_s,
        )
        stack.callback(answerer.close)
        try:
            info = check_answerer(answerer, request.answerer, _auth_hint)
        except AnswererUnusable as exc:
            raise PrerequisiteError(str(exc)) from exc
        depth = benchmark.retrieve_limit if benchmark else RETRIEVE_LIMIT
        runs = _replay_all(connections, answerer, scenarios, progress, depth)
        if not request.keep_sessions:
            sessions = sorted({step["session"] for scenario in scenarios for step in scenario["steps"] if step.get("session")})
            for connection in connections:
                deleted, failures = connection.delete_sessions(sessions)
                cleanup["deleted"] += deleted
                cleanup["failures"] += [f"{connection.name}: {failure}" for failure in failures]
    directory, regenerated, manifest = fixtures_info
    memory_connection = next((c for c in connections if c.name == "memory"), None)
    environment = {
        "python": sys.version.split()[0],
        "platform": platform.platform(),
        "plugin": {"available": memory_connection is not None, "missingModules": _missing_modules(request, memory_addr)},
        "memory": None
        if memory_connection is None
        else {
            "implementation": memory_connection.capabilities.implementation,
            "version": memory_connection.capabilities.version,
            "address": memory_connection.address,
        },
        # How each baseline says Retrieve ranks (GetCapabilities.retrieval); None when it does not say.
        "retrieval": {c.name: c.capabilities.retrieval or None for c in connections},
        # The prefix of every session this run wrote, and whether they were deleted afterwards.
        "runId": run_id,
        "sessionCleanup": cleanup,
    }
    if plan is not None:
        # Which model answered, and where it ran: an llm score means nothing without it.
        environment["llm"] = {"name": info.llm_model, "server": plan.server}
    if benchmark is not None:
        built = benchmark.build(runs, list(request.baselines), request.answerer, environment)
        summary = benchmark.summary(built.report, built.scores)
    else:
        built = report_mod.build_report(
            runs,
            baselines=list(request.baselines),
            # A replayed folder is labelled by its own manifest (handwritten-dev, not the default smoke).
            profile=manifest.get("profile") or request.profile,
            seed=manifest.get("seed") or request.seed,
            answerer=request.answerer,
            environment=environment,
            fixtures={"dir": str(directory), "regenerated": regenerated, "manifest": manifest},
        )
        summary = report_mod.summary(built.report, built.scores)
    if plan is not None:
        built.report["answers"] = answer_report.build(runs, list(request.baselines), environment["llm"])
        summary += [
            "",
            answer_report.table(built.report["answers"], list(request.baselines)),
            answer_report.caption(built.report["answers"]),
        ]
    result = EvalResult(built.report, 1 if built.failed else 0, summary)
    if request.write_report:
        result.report_path = report_mod.write_report(built.report, Path(request.out_dir or settings.results_dir))
        result.html_path = html_report.write_page(built.report, result.report_path)
    return result


def new_run_id() -> str:
    """Short, sortable by time, and unique enough for runs started in the same second."""
    return "run" + time.strftime("%Y%m%d%H%M%S", time.gmtime()) + secrets.token_hex(2)


def _auth_hint(exc: grpc.RpcError) -> str:
    if exc.code() in (grpc.StatusCode.UNAUTHENTICATED, grpc.StatusCode.PERMISSION_DENIED):
        return f" ({exc.details()}); set DSH_API_KEY or DSH_API_KEY_FILE to a key the service accepts"
    return ""


def _missing_modules(request: EvalRequest, memory_addr: str) -> list[str]:
    if "memory" not in request.baselines or memory_addr:
        return []
    return [] if module_available("services.memory") else ["services.memory"]


def _replay_all(
    connections: list[MemoryConnection], answerer: Answerer, scenarios: list[dict], progress: ProgressFn | None, depth: int
) -> dict[str, list[ScenarioRun]]:
    """Every scenario through every baseline, in parallel threads (each baseline has its own channels)."""
    prepared = [prepare(scenario) for scenario in scenarios]
    total = len(connections) * sum(len(s["steps"]) for s in scenarios)
    done = [0]
    lock = threading.Lock()

    def step(baseline: str) -> Callable[[str, str], None]:
        def report(phase: str, session_id: str) -> None:
            with lock:
                done[0] += 1
                if progress:
                    progress(phase, baseline, session_id, done[0], total)

        return report

    def replay(connection: MemoryConnection) -> list[ScenarioRun]:
        replayer = Replayer(connection, answerer, step(connection.name), retrieve_limit=depth)
        return [replayer.run(scenario, steps) for scenario, steps in zip(scenarios, prepared, strict=True)]

    def replay_group(group: list[MemoryConnection]) -> dict[str, list[ScenarioRun]]:
        return {connection.name: replay(connection) for connection in group}

    groups = _replay_groups(connections)
    with ThreadPoolExecutor(max_workers=len(groups), thread_name_prefix="replay") as pool:
        # Each group in its own copy of the caller's context (request id, trace): one context cannot run in two threads.
        futures = [pool.submit(contextvars.copy_context().run, replay_group, group) for group in groups]
        runs = {name: baseline_runs for future in futures for name, baseline_runs in future.result().items()}
    return {connection.name: runs[connection.name] for connection in connections}


def _replay_groups(connections: list[MemoryConnection]) -> list[list[MemoryConnection]]:
    """Baselines replayed one after another in one thread: memory (the longest) alone, the in-process
    ones together. They share this process's GIL with memory's thread: three at once slowed its calls."""
    groups = [[c for c in connections if c.name == "memory"], [c for c in connections if c.name != "memory"]]
    return [group for group in groups if group]
