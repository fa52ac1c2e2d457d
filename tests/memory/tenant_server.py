"""A memory server whose callers say which tenant they are, for tenant tests before authentication.

The auth interceptor (services/common) binds the principal an API key grants; here a stand-in at
that same seam binds the principal the `x-test-tenant` metadata names. Everything behind it (the
servicer, MemoryCore, the store) is the real one.
"""

from collections.abc import Iterator
from concurrent import futures
from contextlib import contextmanager
from dataclasses import dataclass

import grpc
from dsh.memory.v1 import memory_pb2_grpc

from services.common.interceptors import ServerInterceptor
from services.common.principal import ANONYMOUS, Principal, Role, bind_principal, reset_principal
from services.memory.domain.service import MemoryCore
from services.memory.servicer import MemoryServicer
from services.memory.settings import VERSION, Settings
from services.memory.store.factory import open_store

TENANT_KEY = "x-test-tenant"


class TenantFromMetadata(grpc.ServerInterceptor):
    def intercept_service(self, continuation, details):
        handler = continuation(details)
        metadata = dict(details.invocation_metadata or ())
        principal = Principal(metadata[TENANT_KEY], Role.ADMIN, "test") if TENANT_KEY in metadata else ANONYMOUS
        inner = handler.unary_unary

        def unary(request, context):
            # Bound in the worker thread that runs the RPC, as the auth interceptor must.
            token = bind_principal(principal)
            try:
                return inner(request, context)
            finally:
                reset_principal(token)

        return grpc.unary_unary_rpc_method_handler(
            unary, request_deserializer=handler.request_deserializer, response_serializer=handler.response_serializer
        )


@dataclass
class Tenant:
    """A stub whose every call carries one tenant's name."""

    stub: memory_pb2_grpc.MemoryServiceStub
    name: str

    def __getattr__(self, rpc: str):
        method = getattr(self.stub, rpc)
        return lambda request, **kwargs: method(request, metadata=[(TENANT_KEY, self.name)], timeout=30, **kwargs)


@dataclass
class TenantServer:
    stub: memory_pb2_grpc.MemoryServiceStub
    core: MemoryCore

    def tenant(self, name: str) -> Tenant:
        return Tenant(self.stub, name)


@contextmanager
def tenant_server(settings: Settings) -> Iterator[TenantServer]:
    core = MemoryCore(open_store(settings), settings.limits, VERSION)
    server = grpc.server(futures.ThreadPoolExecutor(max_workers=4), interceptors=[TenantFromMetadata(), ServerInterceptor()])
    memory_pb2_grpc.add_MemoryServiceServicer_to_server(MemoryServicer(core), server)
    port = server.add_insecure_port("127.0.0.1:0")
    server.start()
    channel = grpc.insecure_channel(f"127.0.0.1:{port}")
    try:
        yield TenantServer(memory_pb2_grpc.MemoryServiceStub(channel), core)
    finally:
        channel.close()
        server.stop(grace=1).wait()
        core.store.close()
