"""Certificates made for a test with the openssl command: a CA, a server certificate for 127.0.0.1, a client certificate."""

import subprocess
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Pki:
    ca: Path
    server_cert: Path
    server_key: Path
    client_cert: Path
    client_key: Path
    other_ca: Path  # a CA that signed neither


def _openssl(*args: str, cwd: Path) -> None:
    subprocess.run(["openssl", *args], cwd=cwd, check=True, capture_output=True, timeout=60)


def _ca(directory: Path, name: str) -> None:
    _openssl(
        "req",
        "-x509",
        "-newkey",
        "ec",
        "-pkeyopt",
        "ec_paramgen_curve:prime256v1",
        "-nodes",
        "-keyout",
        f"{name}.key",
        "-out",
        f"{name}.pem",
        "-days",
        "1",
        "-subj",
        f"/CN={name}",
        "-addext",
        "basicConstraints=critical,CA:TRUE",
        "-addext",
        "keyUsage=critical,keyCertSign,cRLSign",
        cwd=directory,
    )


def _leaf(directory: Path, name: str, extensions: str) -> None:
    (directory / f"{name}.ext").write_text(extensions)
    _openssl(
        "req",
        "-newkey",
        "ec",
        "-pkeyopt",
        "ec_paramgen_curve:prime256v1",
        "-nodes",
        "-keyout",
        f"{name}.key",
        "-out",
        f"{name}.csr",
        "-subj",
        f"/CN={name}",
        cwd=directory,
    )
    _openssl(
        "x509",
        "-req",
        "-in",
        f"{name}.csr",
        "-CA",
        "ca.pem",
        "-CAkey",
        "ca.key",
        "-CAcreateserial",
        "-out",
        f"{name}.pem",
        "-days",
        "1",
        "-extfile",
        f"{name}.ext",
        cwd=directory,
    )


def make_pki(directory: Path) -> Pki:
    directory.mkdir(parents=True, exist_ok=True)
    _ca(directory, "ca")
    _ca(directory, "other-ca")
    _leaf(directory, "server", "subjectAltName=DNS:localhost,IP:127.0.0.1\nextendedKeyUsage=serverAuth\n")
    _leaf(directory, "client", "extendedKeyUsage=clientAuth\n")
    return Pki(
        directory / "ca.pem",
        directory / "server.pem",
        directory / "server.key",
        directory / "client.pem",
        directory / "client.key",
        directory / "other-ca.pem",
    )
