"""Passwords named in other languages and mistyped in English, codes with what they do in their name, wallet
recovery words, recovery and licence keys in their printed groups, vendor keys no rule names (a word prefix
and a random tail with dashes, an all-caps prefix, an id and a hex secret joined by a dot); and what stays:
placeholders the docs write, a bold heading that starts with "Password", code. Every value is made up."""

import pytest

from services.memory.domain.scrub import scrub

# (text, what must disappear, what must remain)
LEAKS = [
    ("Das neue Kennwort vom Drucker ist Blaumeise#48", "Blaumeise#48", "ist [REDACTED]"),
    ("para el portátil de la tienda la clave es Tortuga_Lenta31, no la compartas", "Tortuga_Lenta31", "es [REDACTED], no"),
    ("mdp du routeur : Hirondelle#58 (à changer)", "Hirondelle#58", ": [REDACTED] (à"),
    ("deixei anotado: senha da impressora é caju#9921", "caju#9921", "é [REDACTED]"),
    ("per il NAS la password è Ombrello77!", "Ombrello77!", "è [REDACTED]"),
    ("het wachtwoord van de kluis is Molen_5432", "Molen_5432", "is [REDACTED]"),
    ("сменил пароль для сервера — теперь Ledokol_81z", "Ledokol_81z", "[REDACTED]"),
    ("新しいルーターのパスワードは Tanuki-7731 にしました", "Tanuki-7731", "パスワードは [REDACTED] に"),
    ("와이파이 비밀번호 바꿨어: Gaon_4821", "Gaon_4821", ": [REDACTED]"),
    ("hasło do konta to Jezioro!73", "Jezioro!73", "to [REDACTED]"),
    ("mật khẩu wifi là traxanh2024!", "traxanh2024!", "là [REDACTED]"),
    ("ok the tablet passowrd is Willow!812 now", "Willow!812", "is [REDACTED] now"),
    ("door 3 paswd Quokka_2210 until Monday", "Quokka_2210", "paswd [REDACTED] until"),
    ("the hotspot password is now Teapot99x", "Teapot99x", "is now [REDACTED]"),
    ("for the shed the password is currently Heron-6610", "Heron-6610", "is currently [REDACTED]"),
    ("gate entry code: 7734#", "7734#", "code: [REDACTED]"),
    ("the garage unlock pin: 9051, don't lose it", "9051", "pin: [REDACTED], don't"),
    ("locker combo is 4-1-8-8", "4-1-8-8", "combo is [REDACTED]"),
    (
        "seed for the cold wallet is ribbon cactus pledge amber donkey vessel tribe humble orbit canvas juice spider",
        "cactus pledge",
        "is [REDACTED]",
    ),
    (
        "Backup words (keep offline):\nlemon giant frost tiger uncle velvet salad marble pepper canal rhythm basket",
        "giant frost",
        "[REDACTED]",
    ),
    ("recovery: 101122-334455-667788-990011-223344-556677-889900-112233", "334455-667788", "[REDACTED_RECOVERY_KEY]"),
    ("licence for the cad seat: Q7RTA-M2K9P-ZX4WB-8HN3C-L5V6D", "M2K9P", "seat: [REDACTED_PRODUCT_KEY]"),
    ("billing api: zqpay-Hk3_fR9-vL2mQ8wXe7Tn4Ua", "Hk3_fR9", "api: [REDACTED_TOKEN]"),
    ("mailer mlsnd-9f8e7d6c5b4a39281706f5e4d3c2b1a0ffeeddccbbaa99887766554433221100-Vx7Qw2Rt9Yp4Lm3N", "9f8e7d6c", "[REDACTED_TOKEN]"),
    ("monitoring uses QWRX-7HD2K9P4M3TZ8B6N5C1VQ0XLAFJ", "7HD2K9P4", "uses [REDACTED_TOKEN]"),
    ("sync token keyAb3Xy9Qw2Er7T." + "4c" * 32, "keyAb3Xy9", "token [REDACTED_TOKEN]"),
    ("2FA key (hex) for the backup admin: JBSW7DPEHPK3PXP4QX2Z", "JBSW7DPEHPK3", "admin: [REDACTED]"),
    ("DATABASE_URL settings: dbname=shop user=app password=Kq4.Fern7Gate", "Kq4.Fern7Gate", "password=[REDACTED]"),
]

LOOK_ALIKES = [
    "the sample config ships with password: 'secret' and nobody should keep it",
    "ANTHROPIC_API_KEY=pk-...  # paste yours here",
    'token = "INSERT_TOKEN" is what the template says',
    "dsn: mysql://NAME:SECRET@HOST:3306/DB",
    "### 2. **Password Rotation with Vault2**\n- rotate every 90 days",
    "- **Password Hashing**: bcrypt with cost 12",
    "Use 1Password Teams for the shared vault",
    "Das Passwort muss mindestens 12 Zeichen haben",
    "la contraseña se cambia cada 90 días",
    "パスワードを忘れた場合はリセットしてください",
    "    return login(user=name, password=password)",
    '<label for="pw">Password</label> <input name="password" type="password" required>',
    "cfg.password = Settings.DB_PASSWORD",
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
