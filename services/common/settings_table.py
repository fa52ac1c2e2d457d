"""Every setting of a service, named once with its default and meaning: what `--help` prints and
docs/operations.md lists. tests/common/test_settings_table.py fails when a service reads a variable
its table does not name, so the help and the code cannot drift apart."""

import sys
from dataclasses import dataclass


@dataclass(frozen=True)
class Setting:
    name: str
    default: str  # as an operator would write it; "" = unset
    meaning: str


def server_settings(prefix: str, *, listen: str, max_concurrent_rpcs: int) -> tuple[Setting, ...]:
    """What every gRPC server reads with its own prefix: address, logs, auth, TLS, limits, telemetry."""
    return (
        Setting(f"{prefix}_LISTEN", listen, "host:port of the gRPC port (port 0: any free port)"),
        Setting(f"{prefix}_LOG_LEVEL", "info" if prefix != "HARNESS" else "warning", "debug, info, warning or error"),
        Setting(f"{prefix}_LOG_FORMAT", "auto", "json, console, or auto (console on a terminal, JSON otherwise)"),
        Setting(f"{prefix}_AUTH_KEYS_FILE", "", "API keys file (python -m services.common.keys); setting it turns authentication on"),
        Setting(
            f"{prefix}_AUTH", "", "keys or none; default keys when a keys file is set. Beyond loopback without keys, none must be explicit"
        ),
        Setting(f"{prefix}_TLS_CERT", "", "serve TLS with this PEM certificate chain (with the key below)"),
        Setting(f"{prefix}_TLS_KEY", "", "the PEM private key of that certificate"),
        Setting(f"{prefix}_TLS_CLIENT_CA", "", "mutual TLS: clients must present a certificate this CA signed"),
        Setting(f"{prefix}_REFLECTION", "off", "on serves gRPC server reflection (a valid key is still needed)"),
        Setting(f"{prefix}_MAX_RECEIVE_BYTES", "4194304", "largest request accepted; beyond it RESOURCE_EXHAUSTED before parsing"),
        Setting(f"{prefix}_MAX_CONCURRENT_RPCS", str(max_concurrent_rpcs), "RPCs in flight; beyond it RESOURCE_EXHAUSTED at once"),
        Setting(f"{prefix}_METRICS_LISTEN", "", "host:port of the Prometheus /metrics endpoint, e.g. 127.0.0.1:9451; unset: off"),
        Setting(f"{prefix}_TRACING", "off", "OpenTelemetry spans per RPC: off, console (stdout) or otlp"),
        Setting("OTEL_EXPORTER_OTLP_ENDPOINT", "", "with tracing otlp: the collector's base URL, e.g. http://127.0.0.1:4318"),
    )


CLIENT_SETTINGS = (
    Setting("DSH_API_KEY", "", "the key this process presents to memory and answerer"),
    Setting("DSH_API_KEY_FILE", "", "a file holding that key, instead of the variable"),
    Setting("DSH_TLS", "off", "on: connect with TLS, trusting the system's roots"),
    Setting("DSH_TLS_CA", "", "the CA to trust for TLS connections"),
    Setting("DSH_TLS_CLIENT_CERT", "", "mutual TLS: the client certificate (PEM)"),
    Setting("DSH_TLS_CLIENT_KEY", "", "mutual TLS: its private key (PEM)"),
    Setting("DSH_TLS_SERVER_NAME", "", "the name to expect in the server's certificate when the address differs"),
)


def render_help(service: str, summary: str, settings: tuple[Setting, ...]) -> str:
    """The text `--help` prints: a line on the service, then each setting, its default and meaning."""
    width = max(len(s.name) for s in settings)
    lines = [summary, "", f"Settings of {service} (environment variables; default in brackets):", ""]
    for setting in settings:
        default = f"[{setting.default}]" if setting.default else "[unset]"
        lines.append(f"  {setting.name:<{width}}  {default} {setting.meaning}")
    return "\n".join(lines) + "\n"


def render_markdown(settings: tuple[Setting, ...]) -> str:
    """The same table for docs/operations.md."""
    rows = ["| setting | default | meaning |", "| --- | --- | --- |"]
    rows += [f"| `{s.name}` | {f'`{s.default}`' if s.default else 'unset'} | {s.meaning} |" for s in settings]
    return "\n".join(rows) + "\n"


def answer_arguments(service: str, summary: str, settings: tuple[Setting, ...], argv: list[str]) -> int | None:
    """A service configured by its environment alone: --help prints its settings (exit 0), any
    other argument is a mistake worth saying so (exit 2); None when there are none and it may start."""
    if not argv:
        return None
    if argv[0] in ("-h", "--help"):
        print(render_help(service, summary, settings), end="")
        return 0
    print(f"{service}: unexpected argument {argv[0]!r}; settings are environment variables (see --help)", file=sys.stderr)
    return 2
