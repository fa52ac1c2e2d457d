"""Which model API base URLs need no key: a server on this machine or on the stack's own network."""

import ipaddress
from urllib.parse import urlsplit


def is_local_model_url(base_url: str) -> bool:
    """True for a loopback host (localhost, 127.0.0.0/8, ::1) or a single-label name such as a
    compose service (`http://llm:8088/v1`): a model server we run, reached without a key.
    Anything else (a name with a dot, a routable address) is a provider, which takes a key."""
    host = (urlsplit(base_url).hostname or "").rstrip(".").lower()
    if not host:
        return False
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return "." not in host
