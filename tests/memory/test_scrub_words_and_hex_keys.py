"""Credentials given in words ("set to …", a password of several words, a quoted one near its name, a seed
phrase, "user … / pass …"), keys whose tail is hex, one-time codes read out in halves, cookies named in prose,
American Express numbers, .pgpass lines, names ending in "key", and the shapes tools print (Wi-Fi QR payloads,
docker auths, session ids, URL keys, keytool and redis-cli passwords, Discord and Docker tokens, account
numbers); and the look-alikes the scrubber leaves alone. Every value is made up,
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
    # Shapes tools print and read.
    ("scan this: WIFI:T:WPA;S:Cabin-5G;P:otter-quilt-58;;", "otter-quilt", "P:[REDACTED]"),
    ('{"auths": {"ghcr.io": {"auth": "ZGV2b3BzOlNlY3JldFRva2VuOTk="}}}', "ZGV2b3Bz", '"auth": "[REDACTED]"'),
    ("09:12 GET /cart 200 JSESSIONID=9F3A7C21B4E8D6F0A1C3 user=17", "9F3A7C21", "JSESSIONID=[REDACTED]"),
    ("curl 'https://api.example.net/v1/rates?city=Porto&apikey=Qw8eRt5yUi2oP9aS'", "Qw8eRt5y", "apikey=[REDACTED]"),
    ("keytool -list -keystore app.jks -storepass Kest!rel-880", "Kest!rel", "-storepass [REDACTED]"),
    ("redis-cli -h 10.0.0.5 -a 'Sl0th-Mango!' PING", "Sl0th", "-a '[REDACTED]'"),
    ("token for the bot: MTk4NjIyNDgzNDcxOTI1MjQ4.Cl2FMQ.ZnCjm1XVW7vRze4b7Cq4se7kKWs1234abcd", "Cl2FMQ", "[REDACTED_DISCORD_TOKEN]"),
    ("docker login -u ci -p dckr_pat_Xy7uQ2mN4bV8cZ1aL5kJ9hG", "dckr_pat_Xy7", "[REDACTED_DOCKER_TOKEN]"),
    ("Pay it into account number 4402 8817 9301, sort code 20-00-00.", "8817", "account number [REDACTED]"),
    ("the code in my authenticator is 448 019", "448 019", "[REDACTED]"),
    # Passwords in words: a passphrase set to its words, a quoted one near its name, a seed phrase, a lock's combination.
    ("we reset the shed's passphrase to velvet comet harbor lamp", "velvet comet", "passphrase to [REDACTED]"),
    ('The backup password we agreed on: "Tin-Kettle-4422"', "Tin-Kettle", '"[REDACTED]"'),
    (
        "Recovery phrase (from the old wallet): maple orbit lunar crisp tiger window flame bench solar quiet amber pilot",
        "maple orbit",
        "[REDACTED]",
    ),
    ("the padlock combination is 12-44-07", "12-44-07", "combination is [REDACTED]"),
    ("the pass is Fjord#Lamp9 for the guest account", "Fjord#Lamp9", "pass is [REDACTED]"),
    ("client secret value: Zq8~uV3kLm0.Pn7sRt2Wx9", "Zq8~uV3k", "value: [REDACTED]"),
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
    "Option 2 is the cheaper combination of the two",
    "the bus pass is valid until May",
    "see https://example.org/search?q=kettles&page=2",
    "the passphrase prompt never appeared",
]


@pytest.mark.parametrize(("text", "secret", "kept"), LEAKS)
def test_a_credential_in_words_or_a_known_shape_is_scrubbed(text, secret, kept):
    scrubbed = scrub(text)
    assert secret not in scrubbed
    assert kept in scrubbed


@pytest.mark.parametrize("text", CLEAN)
def test_look_alikes_stay_as_written(text):
    assert scrub(text) == text
