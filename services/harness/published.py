"""Figures other systems publish for the benchmarks we run, each with its source and what it measured.

Only figures read in a named source are listed, as that source states them; where a source's
definition of a number could not be read, the figure is left out rather than guessed. None of them
was measured on exactly our data: each says on what it was. `ours` names the number of our report
closest to it, for the page to show beside it ("" when we measure nothing comparable).
"""

from dataclasses import dataclass

MEMPALACE = "MemPalace, benchmarks/BENCHMARKS.md (github.com/MemPalace/mempalace)"
MEMPALACE_URL = "https://github.com/MemPalace/mempalace/blob/main/benchmarks/BENCHMARKS.md"
AUDIT = "locomo-audit, results-audit/RESULTS_AUDIT.md (github.com/dial481/locomo-audit)"
AUDIT_URL = "https://github.com/dial481/locomo-audit/blob/main/results-audit/RESULTS_AUDIT.md"
OGHAM = "'BEAM benchmark - a fair look at where we stand on long-term memory', Kevin Burns's tech blog (techblog.kevinburns.de)"
OGHAM_URL = "https://techblog.kevinburns.de/beam-benchmark-a-fair-look-at-where-we-stand-on-long-term-memory/"

_MEMPALACE_DATA = "all 10 LoCoMo conversations, 1,986 questions of all five categories (ours: the 5 dev conversations, categories 1-4)"
_JUDGE = (
    "end-to-end answer accuracy graded by an LLM judge (mean of 3 judge runs), all 10 conversations, categories 1-4, "
    "1,540 questions; not a retrieval measure: this harness claims no answer accuracy on the deterministic path"
)
_OGHAM_DATA = (
    "retrieval-only R@10 on BEAM's 100K bucket, as the post names it (the post's own definition of a hit; "
    "the bucket upstream holds 20 chats, this run reads 14), Ogham v0.9.0"
)


@dataclass(frozen=True)
class Figure:
    benchmark: str  # locomo | beam
    system: str
    figure: str  # what the number is
    value: str  # as published
    measured: str  # how and on what data
    source: str  # where it is published
    url: str
    # Our comparable number: "view:<published|corrected>:<metric>" (LoCoMo evidenceViews), "metric:<metric>"
    # (the report's overall metrics) or "ability:<ability>:<metric>" (a BEAM ability); "" for none.
    ours: str = ""


FIGURES = (
    Figure(
        "locomo",
        "MemPalace (raw ChromaDB, session documents, no rerank)",
        "session-level R@10",
        "60.3%",
        f"each LoCoMo session embedded as one document, top 10 sessions; {_MEMPALACE_DATA}",
        MEMPALACE,
        MEMPALACE_URL,
        "view:published:sessionRecallAt10",
    ),
    Figure(
        "locomo",
        "MemPalace (raw ChromaDB, dialog documents, no rerank)",
        "turn-level R@10",
        "48.0%",
        f"each dialog turn embedded as one document, top 10 turns; {_MEMPALACE_DATA}",
        MEMPALACE,
        MEMPALACE_URL,
        "view:published:turnRecallAt10",
    ),
    *(
        Figure("locomo", system, "LLM-judge accuracy, published / re-scored with corrected answers", value, _JUDGE, AUDIT, AUDIT_URL)
        for system, value in (
            ("EverMemOS", "92.32% / 92.86%"),
            ("Zep", "85.22% / 85.74%"),
            ("MemOS", "80.76% / 81.32%"),
            ("MemU", "66.67% / 66.52%"),
            ("Mem0", "64.20% / 64.72%"),
        )
    ),
    Figure("beam", "Ogham v0.9.0", "R@10, all abilities", "0.737", _OGHAM_DATA, OGHAM, OGHAM_URL, "metric:evidenceRecallAt10"),
    *(
        Figure("beam", "Ogham v0.9.0", f"R@10, {ability}", value, _OGHAM_DATA, OGHAM, OGHAM_URL, f"ability:{ability}:evidenceRecallAt10")
        for ability, value in (
            ("contradiction_resolution", "0.882"),
            ("temporal_reasoning", "0.938"),
            ("preference_following", "0.863"),
            ("event_ordering", "0.367"),
        )
    ),
)

# What was looked for and left out, so a reader knows the table is not all there is.
LEFT_OUT = {
    "locomo": "The LoCoMo paper's own retrieval recall (Maharana et al., 2024) is not shown: its table could not be read from "
    "the material available here.",
    "beam": "The BEAM paper's per-ability LLM-judge scores (Tavakoli et al., 2025, arXiv:2510.27246) are not shown: their tables "
    "could not be read from the material available here; figures other sites quote from it are not repeated unverified.",
}


def for_benchmark(benchmark: str) -> list[Figure]:
    return [figure for figure in FIGURES if figure.benchmark == benchmark]
