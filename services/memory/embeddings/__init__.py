"""Optional dense sentence embeddings, with no torch (install with `make embeddings`).

Nothing here is imported by the service unless asked for: the heavy dependencies
(numpy, tokenizers, safetensors and the packaged weights) are an extra, and
`MiniLMEncoder.load()` says how to install them when they are missing.
"""

from typing import TYPE_CHECKING, Any

from services.memory.embeddings.errors import EncoderUnavailable

if TYPE_CHECKING:
    from services.memory.embeddings.minilm import MiniLMEncoder

__all__ = ["EncoderUnavailable", "MiniLMEncoder"]


def __getattr__(name: str) -> Any:
    # The encoder module imports numpy and tokenizers when they are installed: only on first use.
    if name == "MiniLMEncoder":
        from services.memory.embeddings.minilm import MiniLMEncoder

        return MiniLMEncoder
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
