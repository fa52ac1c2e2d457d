"""The benchmark profiles (locomo, beam): their data read into scenarios, and how their run is reported.

The replay is the harness's one code path for every profile; a benchmark only brings its scenarios,
how deep Retrieve must look for its recall@k, and its own report and printed summary.
"""

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from services.harness import beam_report, locomo_report, locomo_summary
from services.harness.beam import BeamError, load_beam
from services.harness.beam_scoring import RETRIEVE_LIMIT as BEAM_RETRIEVE_LIMIT
from services.harness.benchmarks import MissingBenchmark, beam_path, locomo_paths, shown
from services.harness.locomo import LocomoError, load_locomo
from services.harness.locomo_corrections import CorrectionsError, load_corrections
from services.harness.records import ScenarioRun
from services.harness.render import Block
from services.harness.report import Built

PROFILES = ("locomo", "beam")
# (runs by baseline, baselines, answerer, environment) -> the report
BuildFn = Callable[[dict[str, list[ScenarioRun]], list[str], str, dict], Built]


class BenchmarkError(Exception):
    """The benchmark's data is absent or not in its format: nothing can be evaluated (exit status 2)."""


@dataclass(frozen=True)
class BenchmarkRun:
    profile: str
    source: Path  # the folder or file read
    retrieve_limit: int  # Retrieve's depth: the deepest recall@k reported
    build: BuildFn
    summary: Callable[[dict, dict], list[Block]]


def check(profile: str, *, locomo: str, corrections: str, beam_dir: str, benchmarks_dir: Path) -> None:
    """BenchmarkError when the profile's data is not where the run would read it."""
    try:
        if profile == "locomo":
            locomo_paths(locomo, corrections, benchmarks_dir)
        elif profile == "beam":
            beam_path(beam_dir, benchmarks_dir)
    except MissingBenchmark as exc:
        raise BenchmarkError(str(exc)) from exc


def load(profile: str, *, locomo: str, corrections: str, beam_dir: str, benchmarks_dir: Path) -> tuple[list[dict], BenchmarkRun]:
    """The profile's scenarios and how to report them; BenchmarkError names the file and what is wrong."""
    try:
        if profile == "locomo":
            return _locomo(locomo, corrections, benchmarks_dir)
        if profile == "beam":
            return _beam(beam_dir, benchmarks_dir)
    except (MissingBenchmark, LocomoError, CorrectionsError, BeamError) as exc:
        raise BenchmarkError(f"{profile}: {exc}") from exc
    raise BenchmarkError(f"{profile} is not a benchmark profile; use one of {', '.join(PROFILES)}")


def _locomo(locomo: str, corrections: str, benchmarks_dir: Path) -> tuple[list[dict], BenchmarkRun]:
    paths = locomo_paths(locomo, corrections, benchmarks_dir)
    assert paths.locomo is not None
    fixes = load_corrections(paths.corrections) if paths.corrections else None
    scenarios, stats = load_locomo(paths.locomo, fixes)
    if stats.corrections is not None and paths.corrections is not None:
        stats.corrections.file = shown(paths.corrections)

    def build(runs: dict[str, list[ScenarioRun]], baselines: list[str], answerer: str, environment: dict) -> Built:
        return locomo_report.build_report(runs, baselines=baselines, stats=stats, source=shown(paths.locomo), environment=environment)

    return scenarios, BenchmarkRun("locomo", paths.locomo, locomo_report.RETRIEVE_LIMIT, build, locomo_summary.summary)


def _beam(beam_dir: str, benchmarks_dir: Path) -> tuple[list[dict], BenchmarkRun]:
    folder = beam_path(beam_dir, benchmarks_dir).beam
    assert folder is not None
    scenarios, stats = load_beam(folder)

    def build(runs: dict[str, list[ScenarioRun]], baselines: list[str], answerer: str, environment: dict) -> Built:
        return beam_report.build_report(
            runs, baselines=baselines, stats=stats, source=str(folder), answerer=answerer, environment=environment
        )

    return scenarios, BenchmarkRun("beam", folder, BEAM_RETRIEVE_LIMIT, build, beam_report.summary)
