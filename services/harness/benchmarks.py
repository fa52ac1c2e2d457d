"""Where the public benchmarks are read from: ../shared/benchmarks/ beside the project by default.

The data is never copied into the project. HARNESS_BENCHMARKS_DIR moves the whole folder; the flags
--locomo, --locomo-corrections and --beam-dir name one benchmark's files each. A path that is
absent is the run's missing prerequisite (exit status 2), named with how to point elsewhere.
"""

import os
from dataclasses import dataclass
from pathlib import Path

from services.harness.fixtures.profiles import REPO_ROOT

DEFAULT_BENCHMARKS_DIR = REPO_ROOT.parent / "shared" / "benchmarks"
# Inside the benchmarks folder: the five LoCoMo dev conversations, the audit's corrections of them, BEAM 100K.
LOCOMO_PART = Path("locomo") / "dev"
CORRECTIONS_PART = Path("locomo-audit") / "errors.json"
BEAM_PART = Path("beam")
# --locomo-corrections none: report the published evidence only.
NO_CORRECTIONS = "none"

# Where each benchmark is published (the data is not in this repository).
LOCOMO_SOURCE = "github.com/snap-research/locomo, file data/locomo10.json"
CORRECTIONS_SOURCE = "github.com/dial481/locomo-audit, file errors.json"
BEAM_SOURCE = "github.com/mohammadtavakoli78/BEAM, folder chats/100K"


def shown(path: Path) -> str:
    """A path as reports show it: relative to the working directory when it is near it (../shared/...), else as it is."""
    try:
        relative = os.path.relpath(path)
    except ValueError:  # another drive
        return str(path)
    return relative if relative.split(os.sep).count("..") <= 1 else str(path)


class MissingBenchmark(Exception):
    """A benchmark's data is not where the run looks for it."""


@dataclass(frozen=True)
class BenchmarkPaths:
    """The files one benchmark run reads, resolved from the flags and the benchmarks folder."""

    locomo: Path | None = None
    corrections: Path | None = None  # None: published evidence only
    beam: Path | None = None


def locomo_paths(locomo: str, corrections: str, benchmarks_dir: Path) -> BenchmarkPaths:
    """The LoCoMo conversations and their corrections; MissingBenchmark names what is absent and the flag to use."""
    data = Path(locomo) if locomo else benchmarks_dir / LOCOMO_PART
    if not data.exists():
        given = f"{data} does not exist" if locomo else f"the default {data} does not exist"
        raise MissingBenchmark(
            f"profile locomo needs LoCoMo data, and {given}: pass --locomo (make: LOCOMO=) a conversation file, "
            f"a folder of them, or the benchmark's locomo10.json ({LOCOMO_SOURCE})"
        )
    if corrections == NO_CORRECTIONS:
        return BenchmarkPaths(locomo=data)
    fixes = Path(corrections) if corrections else benchmarks_dir / CORRECTIONS_PART
    if not fixes.is_file():
        given = f"{fixes} is not a file" if corrections else f"the default {fixes} does not exist"
        raise MissingBenchmark(
            f"profile locomo reports corrected evidence too, and {given}: pass --locomo-corrections PATH "
            f"(make: LOCOMO_CORRECTIONS=) an errors.json of the audit ({CORRECTIONS_SOURCE}), "
            f"or --locomo-corrections {NO_CORRECTIONS} for the published evidence only"
        )
    return BenchmarkPaths(locomo=data, corrections=fixes)


def beam_path(beam_dir: str, benchmarks_dir: Path) -> BenchmarkPaths:
    """The BEAM folder; MissingBenchmark when it is absent (its layout is checked when it is read)."""
    folder = Path(beam_dir) if beam_dir else benchmarks_dir / BEAM_PART
    if not folder.is_dir():
        given = f"{folder} is not a folder" if beam_dir else f"the default {folder} does not exist"
        raise MissingBenchmark(
            f"profile beam needs the BEAM chats, and {given}: pass --beam-dir PATH (make: BEAM_DIR=) a folder laid out "
            f"as the benchmark's ({BEAM_SOURCE}: <id>/chat.json and <id>/probing_questions/probing_questions.json)"
        )
    return BenchmarkPaths(beam=folder)
