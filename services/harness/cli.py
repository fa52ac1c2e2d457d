"""The harness command line: `eval` (default), `fixtures`, `serve` and `bench`.

Exit codes follow the protocol: 0 every hard invariant passed, 1 one failed,
2 usage error or a missing prerequisite (nothing is started in that case).
"""

import argparse
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from services.common.config import ConfigError
from services.common.logging import configure_logging
from services.common.settings_table import render_help
from services.common.tracing import configure_tracing
from services.harness.settings import DEFAULT_SEED, SETTINGS_TABLE, Settings, load_settings

EXIT_OK, EXIT_INVARIANT, EXIT_USAGE, EXIT_INTERRUPTED = 0, 1, 2, 130
COMMANDS = ("eval", "fixtures", "serve", "bench", "bench-batch", "chaos", "report")


def _sizes(raw: str) -> tuple[int, ...]:
    try:
        sizes = tuple(int(part) for part in raw.split(",") if part.strip())
    except ValueError:
        raise argparse.ArgumentTypeError(f"--turns takes comma-separated positive integers, not {raw!r}") from None
    if not sizes or any(size <= 0 for size in sizes):
        raise argparse.ArgumentTypeError(f"--turns takes comma-separated positive integers, not {raw!r}")
    return sizes


def _names(raw: str) -> tuple[str, ...]:
    return tuple(part.strip() for part in raw.split(",") if part.strip())


def build_parser() -> argparse.ArgumentParser:
    from services.harness.runner import BASELINES, PROFILES

    parser = argparse.ArgumentParser(prog="python -m services.harness", description="Long-conversation memory evaluation harness.")
    commands = parser.add_subparsers(dest="command", required=True)

    def common(sub: argparse.ArgumentParser) -> None:
        sub.add_argument("--profile", choices=list(PROFILES), default="smoke", help="fixture profile (default smoke)")
        sub.add_argument("--turns", type=_sizes, default=(), help="session sizes overriding the profile's, e.g. 100,200")
        sub.add_argument("--seed", default=DEFAULT_SEED, help="fixture generation seed")
        sub.add_argument(
            "--fixtures",
            default="",
            help="fixture folder to replay (with a manifest.json), or root to generate under (default tests/fixtures/generated); "
            "for --profile handwritten the corpus folder (default ../shared/corpora/handwritten-dev)",
        )
        sub.add_argument("--regenerate", action="store_true", help="force fixture regeneration")
        sub.add_argument("--verbose", action="store_true", help="log what happens on stderr")

    run = commands.add_parser("eval", help="run the evaluation protocol")
    common(run)
    run.add_argument("--out", default="", help="report directory (default eval-results, HARNESS_RESULTS_DIR)")
    run.add_argument("--baselines", type=_names, default=BASELINES, help=f"comma-separated subset of {','.join(BASELINES)}")
    run.add_argument(
        "--answerer",
        choices=["deterministic", "llm"],
        default="deterministic",
        help="llm: the local model, started for the run (no key), or the model API of DSH_EVAL_LLM_BASE_URL / DSH_EVAL_LLM_API_KEY",
    )
    run.add_argument("--json", action="store_true", help="print the report JSON instead of the table")
    run.add_argument("--memory-addr", default="", help="evaluate the MemoryService at host:port as `memory` (no local process)")
    run.add_argument("--answerer-addr", default="", help="use the AnswererService at host:port (no local process)")
    run.add_argument(
        "--memory",
        default="",
        help="store of the local memory process: redis (a throwaway redis-server of the run's own) or a MEMORY_STORE url",
    )
    run.add_argument(
        "--locomo", default="", help="LoCoMo file or folder, for --profile locomo (default: locomo/dev under HARNESS_BENCHMARKS_DIR)"
    )
    run.add_argument(
        "--locomo-corrections",
        default="",
        help="corrections of LoCoMo's answers and evidence in the locomo-audit errors.json format "
        "(default: locomo-audit/errors.json under HARNESS_BENCHMARKS_DIR; none: the published evidence only)",
    )
    run.add_argument(
        "--beam-dir",
        default="",
        help="BEAM folder (<id>/chat.json, <id>/probing_questions/...), for --profile beam (default: beam under HARNESS_BENCHMARKS_DIR)",
    )
    run.add_argument(
        "--keep", action="store_true", help="keep the run's sessions in memory afterwards (named <runId>-<session>; deleted by default)"
    )

    fixtures = commands.add_parser("fixtures", help="generate (or validate) fixtures only")
    common(fixtures)

    serve = commands.add_parser(
        "serve",
        help="serve HarnessService.RunEval (HARNESS_LISTEN)",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog=render_help("harness serve", "", SETTINGS_TABLE).lstrip("\n"),
    )
    serve.add_argument("--verbose", action="store_true")

    from services.harness import bench_cli

    bench_cli.add_arguments(
        commands.add_parser("bench", help="performance benchmark: ingest, latency, footprint, cold starts, client curve, 1M turns")
    )
    from services.harness import bench_batch

    bench_batch.add_arguments(commands.add_parser("bench-batch", help="time one AppendEvents of N short facts per size"))
    from services.harness import chaos

    chaos.add_arguments(commands.add_parser("chaos", help="kill -9, full disk, odd files, load: nothing acknowledged lost"))
    from services.harness import compare

    compare.add_arguments(commands.add_parser("report", help="draw a report JSON as HTML, or compare two runs: report A.json [B.json]"))
    return parser


def main(argv: Sequence[str] | None = None, env: dict[str, str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or argv[0] not in (*COMMANDS, "-h", "--help"):
        argv = ["eval", *argv]  # `python -m services.harness --profile seed` means eval
    try:
        args = build_parser().parse_args(argv)
    except SystemExit as exc:  # argparse already printed the usage error
        return EXIT_USAGE if exc.code else EXIT_OK
    try:
        settings = load_settings(os.environ if env is None else env)
    except ConfigError as exc:
        print(f"harness: {exc}", file=sys.stderr)
        return EXIT_USAGE
    configure_logging("info" if args.verbose else settings.log_level, settings.log_format)
    # An eval traces too (HARNESS_TRACING): its calls are the roots of the memory and answerer spans.
    configure_tracing(settings.telemetry, "harness")
    try:
        if args.command == "serve":
            from services.harness.server import serve

            return serve(settings)
        if args.command == "fixtures":
            return _fixtures(args)
        if args.command == "bench":
            from services.harness import bench_cli

            return bench_cli.main(args, settings)
        if args.command == "chaos":
            from services.harness import chaos

            return chaos.main(args, settings)
        if args.command == "report":
            from services.harness import compare

            return compare.main(args)
        if args.command == "bench-batch":
            from services.harness import bench_batch

            return bench_batch.main(args, settings)
        return _eval(args, settings)
    except KeyboardInterrupt:
        print("harness: interrupted; local services stopped", file=sys.stderr)
        return EXIT_INTERRUPTED


def request_from_args(args: argparse.Namespace):
    from services.harness.runner import EvalRequest

    return EvalRequest(
        profile=args.profile,
        sizes=tuple(args.turns),
        seed=args.seed,
        fixtures_dir=args.fixtures,
        out_dir=args.out,
        baselines=tuple(args.baselines),
        answerer=args.answerer,
        regenerate=args.regenerate,
        memory_addr=args.memory_addr,
        answerer_addr=args.answerer_addr,
        memory_store=args.memory,
        locomo=getattr(args, "locomo", ""),
        locomo_corrections=getattr(args, "locomo_corrections", ""),
        beam_dir=getattr(args, "beam_dir", ""),
        keep_sessions=getattr(args, "keep", False),
    )


def _eval(args: argparse.Namespace, settings: Settings) -> int:
    from services.harness.progress import EvalProgress
    from services.harness.render import print_summary
    from services.harness.runner import PrerequisiteError, run_eval

    request = request_from_args(args)
    _note_ignored(request)
    try:
        with EvalProgress(enabled=False if args.json else None) as progress:
            result = run_eval(request, settings, progress=progress)
    except PrerequisiteError as exc:
        print(f"harness: {exc}", file=sys.stderr)
        return EXIT_USAGE
    if args.json:
        print(json.dumps(result.report, ensure_ascii=False, indent=2))
    else:
        print_summary(result.summary, sys.stdout)  # aligned tables on a terminal, Markdown into a pipe or a file
        if result.html_path:
            print(f"HTML report: {host_path(result.html_path, settings)}")
        if result.report_path:  # last, so a script can take the JSON's path from the last line
            print(f"Report: {host_path(result.report_path, settings)}")
    return result.exit_code


def host_path(path: Path, settings: Settings) -> Path:
    """path as the user opens it: under HARNESS_RESULTS_HOST_DIR when the results folder is a mount."""
    if not settings.results_host_dir:
        return path
    try:
        return Path(settings.results_host_dir) / path.resolve().relative_to(Path(settings.results_dir).resolve())
    except ValueError:  # written elsewhere (--out): the container's path is all there is
        return path


def _fixtures(args: argparse.Namespace) -> int:
    from services.harness.runner import EvalRequest, PrerequisiteError, load_scenarios

    request = EvalRequest(
        profile=args.profile, sizes=tuple(args.turns), seed=args.seed, fixtures_dir=args.fixtures, regenerate=args.regenerate
    )
    _note_ignored(request)
    try:
        directory, regenerated, _, scenarios = load_scenarios(request)
    except PrerequisiteError as exc:
        print(f"harness: {exc}", file=sys.stderr)
        return EXIT_USAGE
    state = "generated" if regenerated else "up to date"
    print(f"fixtures {state}: {directory} ({len(scenarios)} scenarios)")
    return EXIT_OK


def _note_ignored(request) -> None:
    """Say which given options the profile does not use, rather than ignore them silently."""
    from services.harness.runner import ignored_options

    if ignored := ignored_options(request):
        print(
            f"harness: --profile {request.profile} replays its fixtures as they are: "
            f"{', '.join(ignored)} {'does' if len(ignored) == 1 else 'do'} not apply",
            file=sys.stderr,
        )
