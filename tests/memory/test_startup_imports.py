"""What the memory service does not load before it serves (docs/bench.md, cold start): the scrubber's
rule table and detect-secrets under it (loaded once it serves, or on the first text to scrub),
prometheus-client (only when metrics are exported) and rich (never: structlog would take it for
console tracebacks), nor the Chinese word segmenter (loaded once it serves). Each is checked in a fresh interpreter, as a start would import them."""

import subprocess
import sys

import pytest


@pytest.mark.parametrize(
    "module", ["detect_secrets", "services.memory.domain.scrub_rules.table", "prometheus_client", "rich", "requests", "rjieba"]
)
def test_the_entry_point_starts_without(module):
    code = f"import sys, services.memory.__main__; assert sys.modules.get({module!r}) is None, 'imported at start-up'"
    subprocess.run([sys.executable, "-c", code], check=True, timeout=60)


def test_the_rule_table_loads_on_the_first_text_to_scrub():
    code = (
        "import sys; from services.memory.domain.scrub import scrub;"
        " assert scrub('password=hunter22') == 'password=[REDACTED]', scrub('password=hunter22');"
        " assert 'services.memory.domain.scrub_rules.table' in sys.modules"
    )
    subprocess.run([sys.executable, "-c", code], check=True, timeout=60)
