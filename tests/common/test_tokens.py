import pytest

from services.common.tokens import estimate_tokens, is_cjk


@pytest.mark.parametrize(
    "text,expected",
    [
        ("", 0),
        ("abcd", 1),
        ("abcde", 2),  # ceil(5/4)
        ("部署", 2),  # ceil(2/1.6)
        ("部署目标", 3),  # ceil(4/1.6) = ceil(2.5)
        ("deploy 部署", 3),  # 2/1.6 + 7/4 = 3.0 exactly
        ("采样率为5%（仅限生产环境）", 8),  # 12 CJK incl. full-width brackets, 2 other: 7.5 + 0.5
    ],
)
def test_estimate_follows_the_protocol_formula(text, expected):
    assert estimate_tokens(text) == expected


def test_cjk_classes():
    assert all(is_cjk(c) for c in "中文かなカナ한（）。")
    assert not any(is_cjk(c) for c in "abc 123 -_/é")
