"""GetCapabilities tells the truth, and the service is discoverable: health and reflection."""

import grpc
import pytest
from dsh.memory.v1 import memory_pb2
from google.protobuf import descriptor_pool
from grpc_health.v1 import health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha.proto_reflection_descriptor_database import ProtoReflectionDescriptorDatabase

from tests.conformance.contract import NO_STORAGE_CODES, SERVICE_NAME, TIMEOUT, TOOL, derived_from


def test_capabilities_describe_the_implementation(stub, caps):
    assert caps.implementation.strip() and caps.version.strip()
    assert caps.max_event_bytes > 0 and caps.max_batch_events > 0
    assert caps.languages and all(lang and lang == lang.strip().lower() for lang in caps.languages)
    # Asked again, the same answer: capabilities describe the build, not the moment.
    assert stub.GetCapabilities(memory_pb2.GetCapabilitiesRequest(), timeout=TIMEOUT) == caps


def test_has_storage_matches_what_list_items_shows(conv, caps):
    conv.append(
        conv.event(1, "The artifact bucket is called builds-archive-eu."),
        conv.event(2, "upload ok: 14 files to builds-archive-eu", TOOL),
    )
    try:
        items = conv.items()
    except grpc.RpcError as exc:
        assert not caps.has_storage, f"has_storage=true but ListItems failed: {exc.code()}"
        assert exc.code() in NO_STORAGE_CODES
        return
    if caps.has_storage:
        assert derived_from(items, conv.event_id(1)) and derived_from(items, conv.event_id(2))
    else:
        assert items == [], "has_storage=false must not list made-up items"


def test_has_retrieval_matches_what_retrieve_returns(conv, caps):
    conv.say("The nightly backup runs at 02:30 UTC on the reporting replica.")
    try:
        hits = conv.retrieve("when does the nightly backup run")
    except grpc.RpcError as exc:
        assert not caps.has_retrieval, f"has_retrieval=true but Retrieve failed: {exc.code()}"
        assert exc.code() in NO_STORAGE_CODES
        return
    if caps.has_retrieval:
        assert hits, "has_retrieval=true but a query matching the only event found nothing"
        assert all(list(hit.source_seqs) == [1] and list(hit.source_event_ids) == [conv.event_id(1)] for hit in hits)
        assert hits[0].score > 0 and [h.score for h in hits] == sorted((h.score for h in hits), reverse=True)
    else:
        assert hits == [], "has_retrieval=false must not return made-up items"


def test_health_reports_serving(channel):
    health = health_pb2_grpc.HealthStub(channel)
    overall = health.Check(health_pb2.HealthCheckRequest(service=""), timeout=TIMEOUT)
    assert overall.status == health_pb2.HealthCheckResponse.SERVING
    # Per-service status is optional in grpc.health.v1; when it is reported it must agree.
    try:
        named = health.Check(health_pb2.HealthCheckRequest(service=SERVICE_NAME), timeout=TIMEOUT)
    except grpc.RpcError as exc:
        assert exc.code() == grpc.StatusCode.NOT_FOUND
    else:
        assert named.status == health_pb2.HealthCheckResponse.SERVING


def test_reflection_lists_the_service_with_every_rpc(channel):
    database = ProtoReflectionDescriptorDatabase(channel)
    try:
        services = database.get_services()
    except grpc.RpcError as exc:
        # Reflection is optional and off by default (it tells anyone what a server offers).
        if exc.code() != grpc.StatusCode.UNIMPLEMENTED:
            raise
        pytest.skip("not applicable: server reflection is off (the reference server turns it on with MEMORY_REFLECTION=on)")
    assert SERVICE_NAME in services
    served = descriptor_pool.DescriptorPool(database).FindServiceByName(SERVICE_NAME)
    expected = memory_pb2.DESCRIPTOR.services_by_name["MemoryService"]
    assert sorted(m.name for m in served.methods) == sorted(m.name for m in expected.methods)
    for method in expected.methods:
        theirs = served.methods_by_name[method.name]
        assert (theirs.input_type.full_name, theirs.output_type.full_name) == (method.input_type.full_name, method.output_type.full_name)
