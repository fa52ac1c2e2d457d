"""Free loopback ports for child processes that must be told their address in advance."""

import socket


def free_port(host: str = "127.0.0.1") -> int:
    """A port nothing listens on right now; the caller binds it soon after (a small race, accepted)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((host, 0))
        port: int = sock.getsockname()[1]
        return port
