"""A grpc.health.v1 probe for container HEALTHCHECKs: exit 0 only when the server says SERVING.

Usage: python -m services.common.healthprobe ADDRESS [SERVICE] [--timeout SECONDS]

A Python probe because no grpc_health_probe binary can be downloaded on the machines
this project is built on. It imports little beyond grpc and the packaged health stubs, so it
starts fast and works whatever state the service's own code is in. A server on TLS is probed
over TLS with the client settings DSH_TLS_CA, DSH_TLS_CLIENT_CERT/KEY, DSH_TLS_SERVER_NAME.
"""

import argparse
import os
import sys

import grpc
from grpc_health.v1 import health_pb2, health_pb2_grpc

from services.common.config import ConfigError
from services.common.security import PLAINTEXT, ClientCredentials

EXIT_SERVING = 0
EXIT_UNHEALTHY = 1
EXIT_USAGE = 2
DEFAULT_TIMEOUT_SECONDS = 2.0


def probe(
    address: str, service: str = "", timeout: float = DEFAULT_TIMEOUT_SECONDS, credentials: ClientCredentials = PLAINTEXT
) -> tuple[bool, str]:
    """Ask address for the health of service ("" is the whole server): (serving, what was seen)."""
    tls = credentials.channel_credentials()
    options = [("grpc.ssl_target_name_override", credentials.tls_server_name)] if credentials.tls_server_name else []
    with grpc.secure_channel(address, tls, options=options) if tls else grpc.insecure_channel(address) as channel:
        stub = health_pb2_grpc.HealthStub(channel)
        try:
            # wait_for_ready rides out a server that is still binding, within the timeout.
            # types-grpcio-health-checking declares HealthStub without its methods.
            reply = stub.Check(health_pb2.HealthCheckRequest(service=service), timeout=timeout, wait_for_ready=True)  # type: ignore[attr-defined]
        except grpc.RpcError as exc:
            return False, f"{exc.code().name}: {exc.details()}"
    status = health_pb2.HealthCheckResponse.ServingStatus.Name(reply.status)
    return reply.status == health_pb2.HealthCheckResponse.SERVING, status


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m services.common.healthprobe", description=__doc__.splitlines()[0])
    parser.add_argument("address", help="host:port of the gRPC server")
    parser.add_argument("service", nargs="?", default="", help="service name to check (default: the whole server)")
    parser.add_argument("--timeout", type=float, default=DEFAULT_TIMEOUT_SECONDS, help="seconds to wait for an answer")
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:
        return EXIT_USAGE if exc.code else EXIT_SERVING
    if args.timeout <= 0:
        print("healthprobe: --timeout must be positive", file=sys.stderr)
        return EXIT_USAGE
    try:
        # Health needs no key: only the TLS settings matter here.
        credentials = ClientCredentials.from_env({k: v for k, v in os.environ.items() if k.startswith("DSH_TLS")})
    except ConfigError as exc:
        print(f"healthprobe: {exc}", file=sys.stderr)
        return EXIT_USAGE
    serving, seen = probe(args.address, args.service, args.timeout, credentials)
    target = f"{args.address} {args.service}".strip()
    # Docker keeps the probe's output in `docker inspect`: one line says why.
    print(f"{target}: {seen}", file=sys.stdout if serving else sys.stderr)
    return EXIT_SERVING if serving else EXIT_UNHEALTHY


if __name__ == "__main__":
    sys.exit(main())
