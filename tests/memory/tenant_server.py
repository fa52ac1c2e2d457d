"""A real memory server with authentication on, and one API key per tenant a test names.

Each tenant's key is minted into the server's keys file on first use (re-read on every call), so a
test speaks as "alice" or "bob" exactly as two customers would: through the auth interceptor that
binds the tenant their key grants. Nothing is stood in.
"""

import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path

from dsh.memory.v1 import memory_pb2_grpc

from services.common.apikeys import KeyRecord, new_key, write_keys_file
from services.common.grpc_server import open_channel
from services.common.principal import Role
from services.common.security import ClientCredentials, ServerSecurity
from services.memory.domain.service import MemoryCore
from services.memory.server import build_server
from services.memory.settings import Settings


@dataclass
class Tenant:
    """A stub whose every call carries one tenant's key."""

    stub: memory_pb2_grpc.MemoryServiceStub
    name: str
    role: Role

    def __getattr__(self, rpc: str):
        method = getattr(self.stub, rpc)
        return lambda request, **kwargs: method(request, timeout=30, **kwargs)


@dataclass
class TenantServer:
    address: str
    core: MemoryCore
    keys_file: Path
    _records: list[KeyRecord] = field(default_factory=list)
    _channels: list = field(default_factory=list)

    def tenant(self, name: str, role: Role = Role.ADMIN) -> Tenant:
        key, record = new_key(name, role, name=f"test {name}")
        self._records.append(record)
        write_keys_file(self.keys_file, self._records)
        channel = open_channel(self.address, ClientCredentials(api_key=key))
        self._channels.append(channel)
        return Tenant(memory_pb2_grpc.MemoryServiceStub(channel), name, role)


@contextmanager
def tenant_server(settings: Settings) -> Iterator[TenantServer]:
    with tempfile.TemporaryDirectory(prefix="dsh-keys-") as keys_dir:
        keys_file = Path(keys_dir) / "api-keys.json"
        write_keys_file(keys_file, [])
        # Checked on every call (interval 0), so a key minted mid-test works at once.
        security = ServerSecurity(prefix="MEMORY", auth="keys", keys_file=str(keys_file), keys_check_interval=0)
        server = build_server(replace(settings, security=security), "127.0.0.1:0")
        served = TenantServer(f"127.0.0.1:{server.port}", server.core, keys_file)
        try:
            yield served
        finally:
            for channel in served._channels:
                channel.close()
            server.stop(1)
