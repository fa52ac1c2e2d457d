"""Builds the wheel with the gRPC stubs generated from proto/ (metadata lives in pyproject.toml).

The stubs are made here, while the wheel is built, with the grpcio-tools that pyproject.toml's
build-system pins, and exactly as `make proto` makes them for the checkout: the same protoc
flags, so `from dsh.memory.v1 import memory_pb2` imports the same module either way.
"""

import importlib.resources
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

PROTO_DIR = Path(__file__).resolve().parent / "proto"


def generate_stubs(out: Path) -> None:
    """Write *_pb2.py, *_pb2_grpc.py and *.pyi for every proto under proto/ into out, as packages."""
    from grpc_tools import protoc  # a build requirement, present only while building

    protos = sorted(str(path) for path in PROTO_DIR.rglob("*.proto"))
    if not protos:
        raise RuntimeError(f"no .proto files under {PROTO_DIR}: build from a full checkout or sdist")
    well_known = importlib.resources.files("grpc_tools") / "_proto"  # google/protobuf/timestamp.proto
    out.mkdir(parents=True, exist_ok=True)
    args = ["protoc", f"-I{PROTO_DIR}", f"-I{well_known}", f"--python_out={out}", f"--grpc_python_out={out}", f"--pyi_out={out}"]
    if protoc.main([*args, *protos]) != 0:
        raise RuntimeError("grpc_tools.protoc failed on proto/ (its message is above)")
    for directory in (out / "dsh").rglob("*"):
        if directory.is_dir():
            (directory / "__init__.py").touch()
    (out / "dsh" / "__init__.py").touch()


class BuildWithStubs(build_py):
    """build_py that first generates the dsh.*.v1 stub packages into the build directory."""

    def run(self) -> None:
        generate_stubs(Path(self.build_lib))
        super().run()


setup(cmdclass={"build_py": BuildWithStubs})
