"""Tests of services/mcp. Not named `mcp`: pytest puts tests/ on sys.path, where a package `mcp` would hide the SDK."""
