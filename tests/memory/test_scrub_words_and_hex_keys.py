"""Credentials given in words ("set to …", a password of several words, "user … / pass …"), keys whose
tail is hex, one-time codes read out in halves, cookies named in prose, American Express numbers, .pgpass
lines and names ending in "key"; and the look-alikes the scrubber leaves alone. Every value is made up,
except the card number, which is a published test number."""

import pytest

from services.memory.domain.scrub import scrub

HEX_64 = "0123456789abcdef" * 4

# (text, what must disappear, what must remain)
LEAKS = [
    ("she changed the wifi password to Tg7#lumen earlier", "Tg7#lumen", "password to [REDACTED] earlier"),
    ("admin pw — set to Qz4-harbor-19 after the audit", "Qz4-harbor", "set to [REDACTED] after"),
    ("login: marta / pass Vx8$tulip22", "Vx8$tulip22", "marta / pass [REDACTED]"),
    ("Password = copper kettle rainfall 8", "copper kettle", "Password = [REDACTED]"),
    ("the safe's password is: amber lanterns drifting", "amber lanterns", "is: [REDACTED]"),
    ("the passphrase for the archive is moss between grey stones", "moss between", "archive is [REDACTED]"),
    ("vendor auth token 9c4e1f0a7b3d5e2f8a6c1b9d0e4f7a2c, rotate monthly", "9c4e1f0a", "[REDACTED_SECRET], rotate"),
    ("mail relay: key-0f1e2d3c4b5a69788796a5b4c3d2e1f0", "0f1e2d3c", "[REDACTED_MAILGUN_KEY]"),
    (f"doctl auth init -t dop_v1_{HEX_64}", "dop_v1_0123", "[REDACTED_DIGITALOCEAN_TOKEN]"),
    (f"the store app uses shpat_{HEX_64[:32]}", "shpat_0123", "[REDACTED_SHOPIFY_TOKEN]"),
    ("copy the cookie：uid_tt=8Qm2xRv9Lk4pWz7nTb3Y please", "8Qm2xRv9", "uid_tt=[REDACTED]"),
    ("card 3782 822463 10005 expires soon", "822463", "card [REDACTED_CARD] expires"),
    ("the otp is 604 218, quick", "604 218", "otp is [REDACTED], quick"),
    ("2FA code from the app: 311-907", "311-907", "app: [REDACTED]"),
    ('$env:MAPBOX_KEY = "pk9Xc2Lm7Qv4Rt8Zw1Ny5Bd3"', "pk9Xc2", '"[REDACTED]"'),
    ("$ cat ~/.pgpass\nwarehouse.local:6432:sales:report_ro:Sn0wy-Owl-71", "Sn0wy", "report_ro:[REDACTED]"),
]
CLEAN = [
    "Change the password to something longer",
    "I reset my password to log in again",
    "Password: ask the front desk",
    "the passphrase is stored in the vault",
    'sort_key = "created_at"',
    "cache_key: user-profile-v2",
    "the secret leak fix landed in commit 4f2a9c1e7b3d5e2f8a6c1b9d0e4f7a2c11223344",
    "the cookie banner shows on every page",
    "dial area code 415 then 555 0199",
    "12:30:45:00 is the frame timestamp",
]


@pytest.mark.parametrize(("text", "secret", "kept"), LEAKS)
def test_a_credential_in_words_or_a_known_shape_is_scrubbed(text, secret, kept):
    scrubbed = scrub(text)
    assert secret not in scrubbed
    assert kept in scrubbed


@pytest.mark.parametrize("text", CLEAN)
def test_look_alikes_stay_as_written(text):
    assert scrub(text) == text
