"""Security settings of a server (auth, TLS, reflection) and of a client (key, TLS), read from the environment.

Secure by default: a server that listens beyond loopback without API keys refuses to start
unless `<PREFIX>_AUTH=none` says so explicitly.
"""

import ipaddress
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path

import grpc
import structlog

from services.common.config import ConfigError, env_choice, env_str

AUTH_KEYS, AUTH_NONE = "keys", "none"
SWITCH_CHOICES = ("on", "off", "true", "false", "1", "0", "yes", "no")


def _switch(env: Mapping[str, str], name: str, default: bool) -> bool:
    return env_choice(env, name, "on" if default else "off", SWITCH_CHOICES) in ("on", "true", "1", "yes")


def is_loopback(listen: str) -> bool:
    """True when a "host:port" listen address is reachable only from this machine."""
    host = listen.rsplit(":", 1)[0].strip("[]") if ":" in listen else listen
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False  # a hostname, "", "0.0.0.0" or "[::]": may be reachable from elsewhere


def _read(path: str, setting: str) -> bytes:
    try:
        return Path(path).read_bytes()
    except OSError as exc:
        raise ConfigError(f"{setting}={path}: {exc.strerror or exc}") from exc


@dataclass(frozen=True)
class ServerSecurity:
    """How a server authenticates callers and encrypts its port; the prefix names its settings."""

    prefix: str = "SERVICE"
    auth: str = AUTH_NONE
    keys_file: str = ""
    tls_cert: str = ""
    tls_key: str = ""
    tls_client_ca: str = ""  # set: mutual TLS, clients must present a certificate it signed
    reflection: bool = False
    auth_explicit: bool = False  # <prefix>_AUTH was set, not inferred from the keys file
    # Seconds between checks of the keys file for changes (tests set 0).
    keys_check_interval: float = 1.0

    @property
    def auth_on(self) -> bool:
        return self.auth == AUTH_KEYS

    @property
    def tls(self) -> bool:
        return bool(self.tls_cert)

    @classmethod
    def from_env(cls, env: Mapping[str, str], prefix: str, listen: str) -> "ServerSecurity":
        """<prefix>_AUTH, _AUTH_KEYS_FILE, _TLS_CERT, _TLS_KEY, _TLS_CLIENT_CA, _REFLECTION; ConfigError names the setting to fix."""
        keys_file = env_str(env, f"{prefix}_AUTH_KEYS_FILE", "")
        explicit = env_str(env, f"{prefix}_AUTH", "")
        auth = env_choice(env, f"{prefix}_AUTH", AUTH_KEYS if keys_file else AUTH_NONE, (AUTH_KEYS, AUTH_NONE))
        security = cls(
            prefix=prefix,
            auth=auth,
            keys_file=keys_file,
            tls_cert=env_str(env, f"{prefix}_TLS_CERT", ""),
            tls_key=env_str(env, f"{prefix}_TLS_KEY", ""),
            tls_client_ca=env_str(env, f"{prefix}_TLS_CLIENT_CA", ""),
            reflection=_switch(env, f"{prefix}_REFLECTION", False),
            auth_explicit=bool(explicit),
        )
        security.check(listen, explicit_none=explicit.lower() == AUTH_NONE)
        return security

    def check(self, listen: str, *, explicit_none: bool) -> None:
        p = self.prefix
        if self.auth_on and not self.keys_file:
            raise ConfigError(f"{p}_AUTH=keys needs {p}_AUTH_KEYS_FILE (create one: python -m services.common.keys init --file PATH)")
        if bool(self.tls_cert) != bool(self.tls_key):
            raise ConfigError(f"TLS needs both {p}_TLS_CERT and {p}_TLS_KEY (one of them is unset)")
        if self.tls_client_ca and not self.tls_cert:
            raise ConfigError(f"{p}_TLS_CLIENT_CA (mutual TLS) needs {p}_TLS_CERT and {p}_TLS_KEY")
        if not self.auth_on and not explicit_none and not is_loopback(listen):
            raise ConfigError(
                f"{p}_LISTEN={listen} is reachable from other machines but no API keys are configured: "
                f"set {p}_AUTH_KEYS_FILE (python -m services.common.keys init --file PATH), "
                f"or {p}_AUTH=none to serve without authentication"
            )

    def server_credentials(self) -> grpc.ServerCredentials | None:
        """TLS credentials for the port, None for plaintext; ConfigError when a file cannot be read."""
        if not self.tls:
            return None
        pair = (_read(self.tls_key, f"{self.prefix}_TLS_KEY"), _read(self.tls_cert, f"{self.prefix}_TLS_CERT"))
        if not self.tls_client_ca:
            return grpc.ssl_server_credentials([pair])
        client_ca = _read(self.tls_client_ca, f"{self.prefix}_TLS_CLIENT_CA")
        return grpc.ssl_server_credentials([pair], root_certificates=client_ca, require_client_auth=True)


@dataclass(frozen=True)
class ClientCredentials:
    """What a client presents: a bearer key and, for TLS, the CA to trust and a certificate for mTLS."""

    api_key: str = field(default="", repr=False)
    tls: bool = False
    tls_ca: str = ""  # "" with tls: the system's trusted roots
    tls_client_cert: str = ""
    tls_client_key: str = ""
    tls_server_name: str = ""  # the name to check the server's certificate against, when not the address's host

    @classmethod
    def from_env(cls, env: Mapping[str, str]) -> "ClientCredentials":
        """DSH_API_KEY (or DSH_API_KEY_FILE), DSH_TLS, DSH_TLS_CA, DSH_TLS_CLIENT_CERT, DSH_TLS_CLIENT_KEY, DSH_TLS_SERVER_NAME."""
        key = env.get("DSH_API_KEY", "").strip()
        key_file = env_str(env, "DSH_API_KEY_FILE", "")
        if key and key_file:
            raise ConfigError("set DSH_API_KEY or DSH_API_KEY_FILE, not both")
        if key_file:
            key = _read(key_file, "DSH_API_KEY_FILE").decode("utf-8", "replace").strip()
            if not key:
                raise ConfigError(f"DSH_API_KEY_FILE={key_file} is empty")
        ca = env_str(env, "DSH_TLS_CA", "")
        cert = env_str(env, "DSH_TLS_CLIENT_CERT", "")
        cert_key = env_str(env, "DSH_TLS_CLIENT_KEY", "")
        if bool(cert) != bool(cert_key):
            raise ConfigError("mutual TLS needs both DSH_TLS_CLIENT_CERT and DSH_TLS_CLIENT_KEY (one of them is unset)")
        tls = _switch(env, "DSH_TLS", False) or bool(ca or cert)
        return cls(key, tls, ca, cert, cert_key, env_str(env, "DSH_TLS_SERVER_NAME", ""))

    def with_key(self, api_key: str) -> "ClientCredentials":
        return replace(self, api_key=api_key)

    def channel_credentials(self) -> grpc.ChannelCredentials | None:
        """TLS credentials for a channel, None for plaintext; ConfigError when a file cannot be read."""
        if not self.tls:
            return None
        ca = _read(self.tls_ca, "DSH_TLS_CA") if self.tls_ca else None
        if self.tls_client_cert:
            return grpc.ssl_channel_credentials(
                ca, _read(self.tls_client_key, "DSH_TLS_CLIENT_KEY"), _read(self.tls_client_cert, "DSH_TLS_CLIENT_CERT")
            )
        return grpc.ssl_channel_credentials(ca)


PLAINTEXT = ClientCredentials()


def log_security(security: ServerSecurity, listen: str) -> None:
    """One line at start-up saying how the port is protected; a warning when anyone who reaches it may call it."""
    log = structlog.get_logger("security")
    fields = {"listen": listen, "tls": security.tls, "mutual_tls": bool(security.tls_client_ca), "reflection": security.reflection}
    if security.auth_on:
        log.info("auth_on", keys_file=security.keys_file, **fields)
    else:
        log.warning("auth_off", hint=f"every caller may call every RPC; set {security.prefix}_AUTH_KEYS_FILE to require API keys", **fields)
