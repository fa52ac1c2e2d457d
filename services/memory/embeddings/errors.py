"""The one error of the embeddings extra, importable without the extra's libraries: the service's entry
points catch it at start-up, and importing numpy and tokenizers for that would cost every cold start."""


class EncoderUnavailable(ImportError):
    """The optional embeddings extra (libraries or packaged weights) is not installed."""
