"""The model file is used only when it is the pinned one: size and SHA-256, with a message that says what to do."""

import dataclasses
import hashlib

import pytest

from services.llm.model import MODEL, ModelError, locate, verify


def pinned_to(content: bytes):
    return dataclasses.replace(MODEL, size=len(content), sha256=hashlib.sha256(content).hexdigest())


def test_the_pinned_file_passes(tmp_path):
    path = tmp_path / "model.gguf"
    path.write_bytes(b"GGUF pinned bytes")
    verify(path, pinned_to(b"GGUF pinned bytes"))


def test_a_file_of_another_size_is_refused(tmp_path):
    path = tmp_path / "model.gguf"
    path.write_bytes(b"GGUF truncated")
    with pytest.raises(ModelError, match=r"has 14 bytes, not the pinned 17.*make llm-setup"):
        verify(path, pinned_to(b"GGUF pinned bytes"))


def test_a_file_with_other_bytes_is_refused(tmp_path):
    path = tmp_path / "model.gguf"
    path.write_bytes(b"GGUF tampered!!!!")
    with pytest.raises(ModelError, match="SHA-256"):
        verify(path, pinned_to(b"GGUF pinned bytes"))


def test_a_missing_package_says_how_to_install_it():
    with pytest.raises(ModelError, match="make llm-setup"):
        locate(dataclasses.replace(MODEL, package="no_such_model_package"))
