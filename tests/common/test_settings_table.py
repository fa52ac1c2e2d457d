"""Each service's settings table names exactly the variables its settings parser reads, and
`--help` prints that table instead of starting the service."""

import os
import subprocess
import sys
from collections.abc import Iterator, Mapping
from pathlib import Path

import pytest

from services.answerer.settings import SETTINGS_TABLE as ANSWERER_TABLE
from services.answerer.settings import Settings as AnswererSettings
from services.common.settings_table import render_markdown
from services.harness.settings import SETTINGS_TABLE as HARNESS_TABLE
from services.harness.settings import load_settings
from services.llm.settings import SETTINGS_TABLE as LLM_TABLE
from services.llm.settings import Settings as LlmSettings
from services.mcp.settings import SETTINGS_TABLE as MCP_TABLE
from services.mcp.settings import Settings as McpSettings
from services.memory.settings import SETTINGS_TABLE as MEMORY_TABLE
from services.memory.settings import Settings as MemorySettings


class RecordingEnv(Mapping[str, str]):
    """An empty environment that remembers every name asked of it."""

    def __init__(self) -> None:
        self.asked: set[str] = set()

    def __getitem__(self, name: str) -> str:
        self.asked.add(name)
        raise KeyError(name)

    def get(self, name: str, default=None):
        self.asked.add(name)
        return default

    def __contains__(self, name: object) -> bool:
        self.asked.add(str(name))
        return False

    def __iter__(self) -> Iterator[str]:
        return iter(())

    def __len__(self) -> int:
        return 0


@pytest.mark.parametrize(
    "parse, table",
    [
        (MemorySettings.from_env, MEMORY_TABLE),
        (AnswererSettings.from_env, ANSWERER_TABLE),
        (load_settings, HARNESS_TABLE),
        (McpSettings.from_env, MCP_TABLE),
        (LlmSettings.from_env, LLM_TABLE),
    ],
    ids=["memory", "answerer", "harness", "mcp", "llm"],
)
def test_the_table_names_every_variable_the_parser_reads(parse, table):
    env = RecordingEnv()
    parse(env)
    named = [setting.name for setting in table]
    assert len(named) == len(set(named)), "a setting is named twice"
    assert env.asked == set(named)


def test_memory_defaults_in_the_table_are_the_parsers():
    defaults = {s.name: s.default for s in MEMORY_TABLE}
    parsed = MemorySettings.from_env({})
    assert defaults["MEMORY_LISTEN"] == parsed.listen and defaults["MEMORY_DB"] == parsed.db_path
    assert int(defaults["MEMORY_MAX_EVENT_BYTES"]) == parsed.max_event_bytes
    assert int(defaults["MEMORY_MAX_CONCURRENT_RPCS"]) == parsed.max_concurrent_rpcs
    assert int(defaults["MEMORY_MAX_RECEIVE_BYTES"]) == parsed.max_receive_bytes


@pytest.mark.parametrize("command", [["services.memory", "--help"], ["services.answerer", "-h"], ["services.harness", "serve", "--help"]])
def test_help_prints_every_setting_and_starts_nothing(command, tmp_path):
    # MEMORY_DB in a folder that must stay empty: --help opens no store.
    env = {**os.environ, "MEMORY_DB": str(tmp_path / "db" / "memory.sqlite")}
    done = subprocess.run([sys.executable, "-m", *command], check=False, capture_output=True, text=True, timeout=60, env=env)
    assert done.returncode == 0, done.stderr
    table = {"services.memory": MEMORY_TABLE, "services.answerer": ANSWERER_TABLE, "services.harness": HARNESS_TABLE}[command[0]]
    for setting in table:
        assert setting.name in done.stdout
    assert not (tmp_path / "db").exists()


def test_operations_doc_lists_the_tables_as_generated():
    doc = (Path(__file__).parents[2] / "docs" / "operations.md").read_text(encoding="utf-8")
    for table in (MEMORY_TABLE, ANSWERER_TABLE, HARNESS_TABLE, MCP_TABLE, LLM_TABLE):
        assert render_markdown(table) in doc, "docs/operations.md is stale: .venv/bin/python scripts/settings_doc.py"
