"""Print the settings tables of docs/operations.md from the services' own tables:
.venv/bin/python scripts/settings_doc.py (tests/common/test_settings_table.py checks the doc holds them)."""

from services.answerer.settings import SETTINGS_TABLE as ANSWERER
from services.common.settings_table import render_markdown
from services.harness.settings import SETTINGS_TABLE as HARNESS
from services.llm.settings import SETTINGS_TABLE as LLM
from services.mcp.settings import SETTINGS_TABLE as MCP
from services.memory.settings import SETTINGS_TABLE as MEMORY

for title, table in (("memory", MEMORY), ("answerer", ANSWERER), ("harness", HARNESS), ("mcp", MCP), ("llm (the local model server)", LLM)):
    print(f"### {title}\n\n{render_markdown(table)}")
