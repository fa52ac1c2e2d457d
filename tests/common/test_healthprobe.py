"""The container health probe against a real server: exit 0 only for SERVING."""

import grpc
from grpc_health.v1 import health_pb2

from services.common import healthprobe
from services.common.grpc_server import start_server

SERVICE = "dsh.test.v1.ProbeService"


def test_probe_reports_serving_not_serving_and_unknown():
    served = start_server("127.0.0.1:0", lambda server: None, [SERVICE])
    address = f"127.0.0.1:{served.port}"
    try:
        assert healthprobe.main([address]) == healthprobe.EXIT_SERVING
        assert healthprobe.main([address, SERVICE]) == healthprobe.EXIT_SERVING
        assert healthprobe.main([address, "dsh.no.such.v1.Service"]) == healthprobe.EXIT_UNHEALTHY
        served.health.set(SERVICE, health_pb2.HealthCheckResponse.NOT_SERVING)
        assert healthprobe.probe(address, SERVICE) == (False, "NOT_SERVING")
    finally:
        served.server.stop(0).wait()


def test_probe_of_a_closed_port_is_unhealthy_within_the_timeout():
    serving, seen = healthprobe.probe("127.0.0.1:1", timeout=0.3)
    assert not serving and seen.startswith(grpc.StatusCode.DEADLINE_EXCEEDED.name)


def test_probe_usage_errors_exit_2():
    assert healthprobe.main([]) == healthprobe.EXIT_USAGE
    assert healthprobe.main(["127.0.0.1:1", "--timeout", "0"]) == healthprobe.EXIT_USAGE


def test_probe_speaks_tls_to_a_tls_server(tmp_path):
    from services.common.security import ClientCredentials, ServerSecurity
    from tests.common.tls import make_pki

    pki = make_pki(tmp_path / "pki")
    security = ServerSecurity(tls_cert=str(pki.server_cert), tls_key=str(pki.server_key))
    served = start_server("127.0.0.1:0", lambda server: None, [SERVICE], security=security)
    address = f"127.0.0.1:{served.port}"
    try:
        assert healthprobe.probe(address, SERVICE, 1.0)[0] is False  # plaintext to a TLS port
        assert healthprobe.probe(address, SERVICE, 2.0, ClientCredentials(tls=True, tls_ca=str(pki.ca))) == (True, "SERVING")
    finally:
        served.server.stop(0).wait()
