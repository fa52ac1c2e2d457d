"""MCP server: the memory service's tools for agent hosts (stdio and streamable HTTP)."""
