"""Passwords named in other languages and mistyped in English, codes with what they do in their name, wallet
recovery words, recovery and licence keys in their printed groups, vendor keys no rule names (a word prefix
and a random tail with dashes, an all-caps prefix, an id and a hex secret joined by a dot); and what stays:
placeholders the docs write, a bold heading that starts with "Password", code. Every value is made up."""

import pytest

from services.memory.domain.scrub import scrub

# (text, what must disappear, what must remain)
LEAKS = [
    # Other languages: a name, a few words, the language's link (or a colon), the value.
    ("Das Kennwort für den Drucker ist Blaumeise#48, nicht weitersagen", "Blaumeise#48", "ist [REDACTED], nicht"),
    ("el wifi de la oficina: la contraseña es Tortuga_Lenta31", "Tortuga_Lenta31", "es [REDACTED]"),
    ("le mot de passe de la box c'est « Lavande-2207 »", "Lavande-2207", "« [REDACTED] »"),
    ("a senha nova do roteador é caju#9921", "caju#9921", "é [REDACTED]"),
    ("la password del NAS è Ombrello77!", "Ombrello77!", "è [REDACTED]"),
    ("het wachtwoord van de kluis is Molen_5432", "Molen_5432", "is [REDACTED]"),
    ("пароль от сервера: Ledokol_81z — не теряй", "Ledokol_81z", "сервера: [REDACTED] —"),
    ("パスワードは Kitsune_4408 です", "Kitsune_4408", "パスワードは [REDACTED] です"),
    ("공유기 비밀번호는 narae#5512 입니다", "narae#5512", "비밀번호는 [REDACTED] 입니다"),
    ("hasło do konta to Jezioro!73", "Jezioro!73", "to [REDACTED]"),
    ("mật khẩu wifi là traxanh2024!", "traxanh2024!", "là [REDACTED]"),
    # English, mistyped or with an adverb after "is".
    ("the pasword for the nas = Willow!812 btw", "Willow!812", "= [REDACTED] btw"),
    ("passwrd Quokka_2210 for the kiosk", "Quokka_2210", "passwrd [REDACTED] for"),
    ("the guest pw is still Teapot99x, sorry", "Teapot99x", "is still [REDACTED], sorry"),
    ("the password for the shed is now Heron-6610", "Heron-6610", "is now [REDACTED]"),
    # Codes with what they do in the name; a combination called a combo.
    ("gate entry code: 7734#", "7734#", "code: [REDACTED]"),
    ("the alarm arming pin is 9051", "9051", "pin is [REDACTED]"),
    ("bike lock combo is 4-1-8-8", "4-1-8-8", "combo is [REDACTED]"),
    # Wallet recovery words, after "seed is" or on the line after their label.
    (
        "my wallet seed is ribbon cactus pledge amber donkey vessel tribe humble orbit canvas juice spider, safe?",
        "cactus pledge",
        "seed is [REDACTED], safe?",
    ),
    (
        "Backup phrase (12 words):\nlemon giant frost tiger uncle velvet salad marble pepper canal rhythm basket",
        "giant frost",
        "(12 words):\n[REDACTED]",
    ),
    # Keys in the groups their tools print.
    ("recovery: 101122-334455-667788-990011-223344-556677-889900-112233", "334455-667788", "[REDACTED_RECOVERY_KEY]"),
    ("licence for the cad seat: Q7RTA-M2K9P-ZX4WB-8HN3C-L5V6D", "M2K9P", "seat: [REDACTED_PRODUCT_KEY]"),
    # Vendor keys no rule names.
    ("billing api: zqpay-Hk3_fR9-vL2mQ8wXe7Tn4Ua", "Hk3_fR9", "api: [REDACTED_TOKEN]"),
    ("mailer key mlsnd-9f8e7d6c5b4a39281706f5e4d3c2b1a0ffeeddccbbaa99887766554433221100-Vx7Qw2Rt9Yp4Lm3N", "9f8e7d6c", "[REDACTED_TOKEN]"),
    ("monitoring key QWRX-7HD2K9P4M3TZ8B6N5C1VQ0XLAFJ", "7HD2K9P4", "key [REDACTED_TOKEN]"),
    (f"base token keyAb3Xy9Qw2Er7T.{'4c' * 32}", "keyAb3Xy9", "token [REDACTED_TOKEN]"),
    # A TOTP secret whose label says its encoding and what it is for; a password with a dot in a DSN.
    ("TOTP seed (base32) for the admin login: JBSW7DPEHPK3PXP4QX2Z", "JBSW7DPEHPK3", "login: [REDACTED]"),
    ('psql "host=db.internal user=app password=Kq4.Fern7Gate sslmode=verify-full"', "Kq4.Fern7Gate", "password=[REDACTED] sslmode"),
]

LOOK_ALIKES = [
    # What docs and templates put where a secret goes.
    'password: "changeme" is what the sample config ships with',
    "export ANTHROPIC_API_KEY=sk-...  # paste yours here",
    'put api_token = "YOUR_TOKEN_HERE" in the settings file',
    "dsn format: mysql://USER:PASSWORD@HOST:3306/NAME",
    # Headings and prose about passwords.
    "### 2. **Password Rotation with Vault2**\n- rotate every 90 days",
    "- **Password Hashing**: bcrypt with cost 12",
    "Use 1Password Teams for the shared vault",
    "Das Passwort muss mindestens 12 Zeichen haben",
    "la contraseña se cambia cada 90 días",
    "パスワードを忘れた場合はリセットしてください",
    # Code and markup.
    "    return login(user=name, password=password)",
    '<input type="password" id="password" name="password" maxlength="64">',
    "cfg.password = Settings.DB_PASSWORD",
    # Ids that only look like keys.
    "image id g4417-Tq2_mZ8xLp3Wv7Rk9Nf5Hd",
    "commit 9c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f6a7b8c9d fixed the login page",
]


@pytest.mark.parametrize(("text", "secret", "kept"), LEAKS)
def test_a_credential_in_another_language_or_shape_is_scrubbed(text, secret, kept):
    scrubbed = scrub(text)
    assert secret not in scrubbed
    assert kept in scrubbed
    assert scrub(scrubbed) == scrubbed


@pytest.mark.parametrize("text", LOOK_ALIKES)
def test_placeholders_headings_and_code_stay_as_written(text):
    assert scrub(text) == text
