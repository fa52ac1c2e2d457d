"""The README's quickstart, verbatim, in a fresh virtualenv with the checkout pip-installed, against a real memory server."""

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]


def quickstart_code() -> str:
    readme = (REPO / "README.md").read_text()
    section = readme.split("\n## Quickstart\n", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"^```python\n(.*?)^```$", section, flags=re.S | re.M)
    assert len(blocks) == 1, "the Quickstart section should hold exactly one python block"
    return blocks[0]


@pytest.mark.slow
def test_the_readme_quickstart_runs_in_a_fresh_virtualenv(tmp_path, memory_address):
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=300)
    python = venv / "bin" / "python"
    # As a new user would: `pip install .` from the checkout (pip's cache keeps the downloads).
    installed = subprocess.run(
        [str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check", str(REPO)],
        check=False,
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert installed.returncode == 0, installed.stderr[-3000:]

    script = tmp_path / "quickstart.py"
    script.write_text(quickstart_code())
    # Nothing of the checkout on the path: only what the install put in the venv can be imported.
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"} | {"DSH_MEMORY_ADDR": memory_address}
    ran = subprocess.run([str(python), str(script)], cwd=tmp_path, env=env, check=False, capture_output=True, text=True, timeout=120)
    assert ran.returncode == 0, ran.stderr[-3000:]

    out = ran.stdout
    assert re.search(r"^- \[seq 5, user\] deploy target = eu-central-1", out, re.M), out
    assert "active fact deploy target = eu-central-1" in out, out
    assert "superseded fact deploy target = eu-west-1" in out, out
    assert "goal: ship the billing service" in out, out
