"""MCP server settings, parsed once from the environment into a frozen object."""

import os
from collections.abc import Mapping
from dataclasses import dataclass, field

from services.common.config import ConfigError, env_choice, env_float, env_int, env_str
from services.common.security import ClientCredentials, ServerSecurity
from services.common.settings_table import CLIENT_SETTINGS, Setting

TRANSPORTS = ("stdio", "http")
DEFAULT_LISTEN = "127.0.0.1:8765"
DEFAULT_PATH = "/mcp"
DEFAULT_MEMORY_ADDR = "127.0.0.1:50051"
DEFAULT_DEADLINE_SECONDS = 10.0
DEFAULT_RECALL_BUDGET = 800
MAX_SESSION_ID_BYTES = 128  # the memory service's limit, checked here so the tool error can say so

# Every variable Settings.from_env reads, for `python -m services.mcp --help` and
# docs/operations.md (tests/common/test_settings_table.py keeps them in step).
SETTINGS_TABLE = (
    Setting("MCP_TRANSPORT", "stdio", "stdio (a desktop host launches the process) or http (streamable HTTP)"),
    Setting(
        "MCP_LISTEN",
        DEFAULT_LISTEN,
        "host:port of the HTTP transport; a non-loopback address needs MCP_AUTH_KEYS_FILE, or MCP_AUTH=none said explicitly",
    ),
    Setting("MCP_PATH", DEFAULT_PATH, "the HTTP endpoint's path"),
    Setting("MCP_MEMORY_ADDR", DEFAULT_MEMORY_ADDR, "the memory service's gRPC address"),
    Setting("MCP_SESSION_ID", "", "the session a tool uses when its arguments name none; unset: every tool call must pass session_id"),
    Setting("MCP_USER_ID", "", "the end user new sessions are recorded for (DeleteUserData finds them)"),
    Setting("MCP_DEADLINE_SECONDS", f"{DEFAULT_DEADLINE_SECONDS:g}", "deadline of each call to memory, the client's retries included"),
    Setting("MCP_RECALL_BUDGET", str(DEFAULT_RECALL_BUDGET), "token budget of `recall` when the caller gives none"),
    Setting(
        "MCP_AUTH_KEYS_FILE",
        "",
        "HTTP only: the API keys file (python -m services.common.keys); setting it requires 'Authorization: Bearer <key>' on every HTTP request",
    ),
    Setting("MCP_AUTH", "", "keys or none; default keys when a keys file is set"),
    Setting("MCP_TLS_CERT", "", "HTTP over TLS: this PEM certificate chain (with the key below)"),
    Setting("MCP_TLS_KEY", "", "the PEM private key of that certificate"),
    Setting("MCP_TLS_CLIENT_CA", "", "mutual TLS: HTTP clients must present a certificate this CA signed"),
    Setting("MCP_REFLECTION", "off", "read with the shared server security settings; the MCP server serves no gRPC, so it has no effect"),
    Setting("MCP_LOG_LEVEL", "info", "debug, info, warning or error; logs go to stderr"),
    Setting("MCP_LOG_FORMAT", "auto", "json, console, or auto"),
    *CLIENT_SETTINGS,
)


@dataclass(frozen=True)
class Settings:
    """Everything the MCP server reads from its environment, with working defaults."""

    transport: str = "stdio"
    listen: str = DEFAULT_LISTEN
    path: str = DEFAULT_PATH
    memory_addr: str = DEFAULT_MEMORY_ADDR
    session_id: str = ""
    user_id: str = ""
    deadline_seconds: float = DEFAULT_DEADLINE_SECONDS
    recall_budget: int = DEFAULT_RECALL_BUDGET
    log_level: str = "info"
    log_format: str = "auto"
    # HTTP only: bearer keys checked against MCP_AUTH_KEYS_FILE, TLS, the loopback rule.
    security: ServerSecurity = field(default_factory=lambda: ServerSecurity(prefix="MCP"))
    memory_credentials: ClientCredentials = field(default_factory=ClientCredentials)

    @property
    def host(self) -> str:
        return self.listen.rsplit(":", 1)[0].strip("[]")

    @property
    def port(self) -> int:
        return int(self.listen.rsplit(":", 1)[1])

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None, *, transport: str | None = None) -> "Settings":
        """Parse settings (transport, when given, overrides MCP_TRANSPORT); ConfigError names the variable to fix."""
        env = os.environ if env is None else env
        transport = transport or env_choice(env, "MCP_TRANSPORT", "stdio", TRANSPORTS)
        listen = env_str(env, "MCP_LISTEN", DEFAULT_LISTEN)
        host, sep, port = listen.rpartition(":")
        if not sep or not host or not port.isdigit() or int(port) > 65535:
            raise ConfigError(f"MCP_LISTEN={listen!r} must be host:port, e.g. {DEFAULT_LISTEN}")
        path = env_str(env, "MCP_PATH", DEFAULT_PATH)
        if not path.startswith("/"):
            raise ConfigError(f"MCP_PATH={path!r} must start with '/'")
        session_id = env_str(env, "MCP_SESSION_ID", "")
        if len(session_id.encode()) > MAX_SESSION_ID_BYTES:
            raise ConfigError(f"MCP_SESSION_ID is longer than {MAX_SESSION_ID_BYTES} bytes")
        # The listen rule (secure by default) only means something when a port is opened.
        security = ServerSecurity.from_env(env, "MCP", listen if transport == "http" else "127.0.0.1:0")
        return cls(
            transport=transport,
            listen=listen,
            path=path,
            memory_addr=env_str(env, "MCP_MEMORY_ADDR", DEFAULT_MEMORY_ADDR),
            session_id=session_id,
            user_id=env_str(env, "MCP_USER_ID", ""),
            deadline_seconds=env_float(env, "MCP_DEADLINE_SECONDS", DEFAULT_DEADLINE_SECONDS, minimum=0.1),
            recall_budget=env_int(env, "MCP_RECALL_BUDGET", DEFAULT_RECALL_BUDGET, minimum=50),
            log_level=env_str(env, "MCP_LOG_LEVEL", "info").lower(),
            log_format=env_choice(env, "MCP_LOG_FORMAT", "auto", ("auto", "json", "console")),
            security=security,
            memory_credentials=ClientCredentials.from_env(env),
        )
