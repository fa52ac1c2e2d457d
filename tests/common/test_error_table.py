"""Every error a service raises on purpose has a status in the one table: none falls to INTERNAL."""

import importlib
import pkgutil

import grpc

import services
from services.common.errors import ServiceError, code_of


def _import_every_service_module() -> None:
    for module in pkgutil.walk_packages(services.__path__, "services."):
        if ".embeddings" in module.name or module.name.endswith("__main__") or module.name == "services.llm.server":
            # The optional extra's modules import numpy; mains parse argv on import; the model server's
            # HTTP module imports llama-cpp-python, which lives in its own venv (.venv-llm).
            continue
        importlib.import_module(module.name)


def _subclasses(cls: type) -> set[type]:
    found = set()
    for sub in cls.__subclasses__():
        found |= {sub, *_subclasses(sub)}
    return found


def test_every_service_error_class_maps_to_a_status_other_than_internal():
    _import_every_service_module()
    unmapped = sorted(
        f"{cls.__module__}.{cls.__qualname__}" for cls in _subclasses(ServiceError) if code_of(cls) is grpc.StatusCode.INTERNAL
    )
    assert not unmapped, f"raise one of the table's classes (services/common/errors.py) instead: {unmapped}"


def test_no_service_error_class_overrides_its_code_beside_the_table():
    _import_every_service_module()
    overriding = sorted(f"{cls.__module__}.{cls.__qualname__}" for cls in _subclasses(ServiceError) if "code" in vars(cls))
    assert not overriding, f"a `code` attribute bypasses the table: {overriding}"
