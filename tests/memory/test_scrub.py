import pytest

from services.memory.domain.scrub import scrub

CASES = [
    ("/home/alice/src/app.py", "alice"),
    ("see /Users/bob/Library/keys", "bob"),
    (r"C:\Users\carol\AppData\x", "carol"),
    ("key sk-abcdefghij0123456789", "sk-abcdefghij"),
    ("sk-proj-abcdefghijklmnop", "abcdefghijklmnop"),
    ("ghp_abcdefghijklmnopqrstuvwxyz012345", "ghp_abcdefghij"),
    ("AKIAIOSFODNN7EXAMPLE", "AKIAIOSFODNN7EXAMPLE"),
    ("Authorization: Bearer abc.def.ghi-123456", "abc.def.ghi"),
    ("password=hunter2 next", "hunter2"),
    ('api_key: "s3cr3t-value"', "s3cr3t-value"),
    ("postgres://admin:pa55word@db:5432/app", "pa55word"),
]


@pytest.mark.parametrize("text,secret", CASES)
def test_secret_is_replaced(text, secret):
    assert secret not in scrub(text)


def test_ordinary_text_is_untouched_and_scrub_is_idempotent():
    text = "The deploy target is eu-west-1; run make lint; the /srv/app path is fine."
    assert scrub(text) == text
    once = scrub("cat /home/dave/.env password=x")
    assert scrub(once) == once
