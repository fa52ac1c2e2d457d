"""The benchmarks section: cells escaped, every published figure sourced and set beside the number of ours it matches."""

from services.harness import benchmark_page, published


def test_code_spans_become_code_and_everything_else_is_escaped():
    assert str(benchmark_page.codespans("`memory` <b>R@5</b> & more")) == "<code>memory</code> &lt;b&gt;R@5&lt;/b&gt; &amp; more"


def test_every_published_figure_names_its_source_and_what_it_measured():
    for figure in published.FIGURES:
        assert figure.benchmark in benchmark_page.PROFILES
        assert figure.source and figure.url.startswith("https://") and len(figure.measured) > 40, figure
        assert figure.value[0].isdigit(), figure
    assert set(published.LEFT_OUT) == set(benchmark_page.PROFILES)


def _report(profile: str) -> dict:
    levels = {"sessionRecallAt10": {"memory": 0.876, "bm25-turns": 0.89}, "turnRecallAt10": {"memory": 0.76, "bm25-turns": None}}
    return {
        "profile": profile,
        "metrics": {"evidenceRecallAt10": {"memory": 0.437, "bm25-turns": 0.408, "skill-only": None}},
        "evidenceViews": {"published": {"questions": 3, "metrics": levels}},
        "perScenario": [{"ability": "event_ordering", "metrics": {"memory": {"evidenceRecallAt10": 0.076}, "bm25-turns": {}}}],
    }


def test_our_number_beside_a_figure_is_read_from_the_report_for_memory_and_bm25_turns():
    baselines = ["skill-only", "bm25-turns", "memory"]
    assert benchmark_page.ours(_report("locomo"), "view:published:sessionRecallAt10", baselines) == "memory 0.876 · bm25-turns 0.890"
    assert benchmark_page.ours(_report("locomo"), "view:published:turnRecallAt10", baselines) == "memory 0.760"
    assert benchmark_page.ours(_report("beam"), "metric:evidenceRecallAt10", baselines) == "memory 0.437 · bm25-turns 0.408"
    assert benchmark_page.ours(_report("beam"), "ability:event_ordering:evidenceRecallAt10", baselines) == "memory 0.076"
    assert benchmark_page.ours(_report("beam"), "view:corrected:sessionRecallAt10", baselines) == ""
    rows = benchmark_page.published_rows(_report("locomo"), baselines)
    judged = [row for row in rows if row["figure"].startswith("LLM-judge")]
    assert judged and all(row["ours"] == "not measured here" for row in judged)


def test_only_a_locomo_and_a_beam_report_make_a_pair():
    assert benchmark_page.is_benchmark_pair({"profile": "beam"}, {"profile": "locomo"})
    assert not benchmark_page.is_benchmark_pair({"profile": "locomo"}, {"profile": "locomo"})
    assert benchmark_page.section({"profile": "smoke"}) is None
