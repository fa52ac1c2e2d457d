import json
import subprocess
import sys

import pytest

from services.memory.domain import scrub as scrub_module
from services.memory.domain.scrub import names_secret, scrub, scrub_document

# Every credential below is made up for these tests; none was ever issued.
AWS_SECRET = "pW2oE9iR4uT7yQ1aS6dF3gH8jK5lZ0xC4vB9nM2q"
AWS_SECRET_SLASHED = "Tz3Rq/Wm8Xk+Pv5Ln2Bj7Hc9Fd4Gs1Ya6Ue0Io8K"
GITHUB_PAT = "github_pat_11BXYZ7Q0aRt5Yu8Io2Pl_Km4Nj6Hb8Gv0Fc2Dx4Sz6Aq8Wr0Et2Yu4Io6Pa8Sd0Fg2Hj4Kl6"
PYPI = "pypi-AgEIcHlwaS5vcmcCJGE4ZjJkM2I0LTk5OTktNDQ0NC1hYWFhLWJiYmJjY2NjZGRkZAACJXsicGVybWlzc2lvbnMiOiAidXNlciJ9"
JWT = "eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJkZW1vLXVzZXIiLCJyb2xlIjoib3BzIn0.c2lnbmF0dXJlLW5vdC1yZWFsLWF0LWFsbA"
PEM = (
    "-----BEGIN RSA PRIVATE KEY-----\n"
    "MIIEpQIBAAKCAQEAzT4mQ8vXw2LpN7rB5kHc3Jf9Ys1Dg6Ua0Ze8Wq4Rt2Mx7Vn\n"
    "Qm9ja2VkLWZvci10ZXN0cy1vbmx5LW5vdC1hLXJlYWwta2V5LWF0LWFsbA==\n"
    "-----END RSA PRIVATE KEY-----"
)

# (text, what must disappear, placeholder that must appear)
CASES = [
    # Stripe: secret, restricted, publishable, test mode, webhook signing secrets.
    ("charge it with sk_live_7Hn2Rt5Wq9Lp3Xz8Vb4Mk6Jd in prod", "7Hn2Rt5Wq9Lp3Xz8Vb4Mk6Jd", "[REDACTED_STRIPE_KEY]"),
    ("STRIPE_SECRET_KEY=sk_test_Q1w2E3r4T5y6U7i8O9p0Aa", "Q1w2E3r4T5y6U7i8O9p0Aa", "STRIPE_SECRET_KEY=[REDACTED_STRIPE_KEY]"),
    ("受限密钥 rk_live_Mn8Bv7Cx6Za5Sd4Fg3Hj2Kl1 已经发给你了", "Mn8Bv7Cx6Za5Sd4Fg3Hj2Kl1", "[REDACTED_STRIPE_KEY]"),
    ("checkout page uses pk_live_Gh5Jk6Lz7Xc8Vb9Nm0Qw1Er2.", "Gh5Jk6Lz7Xc8Vb9Nm0Qw1Er2", "[REDACTED_STRIPE_KEY]."),
    ("webhook signing secret: whsec_Zq8Xw7Ec6Rv5Tb4Yn3Um2Ik1Ol", "Zq8Xw7Ec6Rv5Tb4Yn3Um2Ik1Ol", "[REDACTED_STRIPE_KEY]"),
    # OpenAI and Anthropic.
    ("OPENAI_API_KEY=sk-proj-Ru7Yt6Re5We4Qw3Sd2Fg1Hj0Kl9Zx8Cv", "Ru7Yt6Re5We4Qw3Sd2Fg1Hj0Kl9Zx8Cv", "[REDACTED_OPENAI_KEY]"),
    ("用这个 key：sk-Bn3Mq8Wx2Lp7Zt5Rv9Kc4Hd1Fj6，测完就删", "Bn3Mq8Wx2Lp7Zt5Rv9Kc4Hd1Fj6", "[REDACTED_OPENAI_KEY]，测完就删"),
    ("ANTHROPIC_API_KEY=sk-ant-api03-Fq2Wd8Zx4Rc7Vt1Yb5Nh9Um3Jk6", "Fq2Wd8Zx4Rc7Vt1Yb5Nh9Um3Jk6", "[REDACTED_ANTHROPIC_KEY]"),
    ("claude 的密钥 sk-ant-admin01-Lo9Ki8Ju7Hy6Gt5Fr4De3Sw2 请勿外传", "Lo9Ki8Ju7Hy6Gt5Fr4De3Sw2", "[REDACTED_ANTHROPIC_KEY] 请勿外传"),
    # GitHub classic and fine-grained, GitLab.
    ("GITHUB_TOKEN=ghp_Tg6Yh7Uj8Ik9Ol0Pz1Xa2Sc3Vd4Bf5Gn6HmK", "Tg6Yh7Uj8Ik9Ol0Pz1Xa2Sc3Vd4Bf5Gn6HmK", "[REDACTED_GITHUB_TOKEN]"),
    ("the app installation token ghs_Wq2Er4Ty6Ui8Op0As2Df4Gh6Jk8Lz0Xc2Vb expires in an hour", "ghs_Wq2Er4", "[REDACTED_GITHUB_TOKEN]"),
    (f"use this PAT for the release script: {GITHUB_PAT}", GITHUB_PAT[11:], "[REDACTED_GITHUB_TOKEN]"),
    (f"新的细粒度令牌 {GITHUB_PAT} 明天轮换", GITHUB_PAT[11:], "[REDACTED_GITHUB_TOKEN] 明天轮换"),
    ("GITLAB_TOKEN: glpat-Jd4Fs8Ka2Lq6Zm9Xn1Cv", "Jd4Fs8Ka2Lq6Zm9Xn1Cv", "[REDACTED_GITLAB_TOKEN]"),
    (
        "git clone https://oauth2:glpat-Vb7Nm3Qx9Lz2Wk5Rt8Yh@git.example.org/a/b.git",
        "Vb7Nm3Qx9Lz2Wk5Rt8Yh",
        "oauth2:[REDACTED_GITLAB_TOKEN]@git",
    ),
    # Slack tokens and webhooks.
    ("SLACK_BOT_TOKEN=xoxb-4829103756-1928374650-QwErTyUiOpAsDfGhJkLz", "QwErTyUiOpAsDfGhJkLz", "[REDACTED_SLACK_TOKEN]"),
    ("user token xoxp-1234509876-5678901234-9876501234-aBcDeFaBcDeF ok", "aBcDeFaBcDeF", "[REDACTED_SLACK_TOKEN] ok"),
    (
        "alerts go to https://hooks.slack.com/services/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 now",
        "Zx9Cv8Bn7Mq6Wl5Ek4Rj3Th2",
        "[REDACTED_SLACK_WEBHOOK] now",
    ),
    (
        "告警发到 https://hooks.slack.com/services/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 这个 webhook",
        "Pq1Wo2Ei3Ru4Ty5Yt6Ur7Ie8",
        "[REDACTED_SLACK_WEBHOOK] 这个",
    ),
    # npm and PyPI.
    ("//registry.npmjs.org/:_authToken=npm_Ks8Dj3Fh6Gl1Az5Xc9Vb2Nm4Qw7Er0Ty3UiP", "Ks8Dj3Fh6Gl1", "[REDACTED_NPM_TOKEN]"),
    ("publish with NPM_TOKEN npm_Zx1Cv2Bn3Mq4Wl5Ek6Rj7Th8Yg9Uf0Id1Os2Pa", "Zx1Cv2Bn3Mq4", "[REDACTED_NPM_TOKEN]"),
    (f"[pypi]\n  username = __token__\n  password = {PYPI}\n", PYPI[5:40], "password = [REDACTED_PYPI_TOKEN]"),
    (f"twine upload -u __token__ -p {PYPI} dist/*", PYPI[5:40], "[REDACTED_PYPI_TOKEN] dist/*"),
    # AWS key ids and secret access keys, named in every usual way, and unnamed near "aws".
    ("AWS_ACCESS_KEY_ID=AKIAJ7Q2WX5ZL9MB3KRT", "AKIAJ7Q2WX5ZL9MB3KRT", "[REDACTED_AWS_KEY]"),
    # A key id of a length AWS never issues is still the id half of a named pair.
    ("AWS_ACCESS_KEY_ID=AKIAQ4MZ7TRX2WPL9NB\nregion=eu-west-1", "AKIAQ4MZ7TRX2WPL9NB", "AWS_ACCESS_KEY_ID=[REDACTED]"),
    ("minio_access_key_id: Q7ZPW3LKX9TB", "Q7ZPW3LKX9TB", "minio_access_key_id: [REDACTED]"),
    ("临时凭证 ASIAXR4T7YB2NC8VM1QP 一小时后过期", "ASIAXR4T7YB2NC8VM1QP", "[REDACTED_AWS_KEY]"),
    (f"aws_secret_access_key = {AWS_SECRET}", AWS_SECRET, "aws_secret_access_key = [REDACTED_AWS_SECRET]"),
    (f"export AWS_SECRET_ACCESS_KEY={AWS_SECRET_SLASHED}", AWS_SECRET_SLASHED, "AWS_SECRET_ACCESS_KEY=[REDACTED_AWS_SECRET]"),
    (
        f'{{"AccessKeyId": "ASIAQW3ER5TY7UI9OP1A", "SecretAccessKey": "{AWS_SECRET}"}}',
        AWS_SECRET,
        '"SecretAccessKey": "[REDACTED_AWS_SECRET]"',
    ),
    (f"AWS secret key: {AWS_SECRET}", AWS_SECRET, "[REDACTED_AWS_SECRET]"),
    (f"the aws pair for the bot is AKIAZX8CV6BN4MQ2WL0E / {AWS_SECRET_SLASHED} (rotate it)", AWS_SECRET_SLASHED, "[REDACTED_AWS_SECRET]"),
    (f"AWS 密钥给你：{AWS_SECRET}，用完告诉我", AWS_SECRET, "[REDACTED_AWS_SECRET]，用完告诉我"),
    # Google API keys, JWTs.
    ("maps key AIzaSyD4k9QmX2pL7vN3rT8wB5cJ1hF6gZ0aEuY works", "SyD4k9QmX2pL7vN3rT8wB5cJ1hF6gZ0aEuY", "[REDACTED_GOOGLE_API_KEY] works"),
    ("地图用 AIzaSyB7n2Qw9Er4Ty6Ui8Op0As3Df5Gh1Jk7Lz 这个 key", "SyB7n2Qw9Er4Ty6Ui8Op0As3Df5Gh1Jk7Lz", "[REDACTED_GOOGLE_API_KEY]"),
    (f"INTERNAL_JWT={JWT}", JWT.split(".")[1], "[REDACTED_JWT]"),
    (f"the session cookie holds {JWT}.", JWT.split(".")[2], "holds [REDACTED_JWT]."),
    # PEM private keys: the whole block, multi-line or escaped inside JSON, or cut short on one line.
    (f"here is the deploy key:\n{PEM}\nthat's all", "MIIEpQIBAAKCAQEAzT4m", "key:\n[REDACTED_PRIVATE_KEY]\nthat's all"),
    (
        '{"type": "service_account", "private_key": "-----BEGIN PRIVATE KEY-----\\nMIIEvgIBADANBgkqhkiG9w0B\\n'
        '-----END PRIVATE KEY-----\\n"}',
        "MIIEvgIBADANBgkqhkiG9w0B",
        '"private_key": "[REDACTED_PRIVATE_KEY]',
    ),
    ("-----BEGIN OPENSSH PRIVATE KEY----- b3BlbnNzaC1rZXktdjEAAAAAFakeFakeFake (cut)", "b3BlbnNzaC1rZXktdjEA", "[REDACTED_PRIVATE_KEY]"),
    (
        "私钥如下 -----BEGIN EC PRIVATE KEY-----\nMHcCAQEEIFakeFakeFakeKey\n-----END EC PRIVATE KEY----- 别外传",
        "MHcCAQEEIFake",
        "私钥如下 [REDACTED_PRIVATE_KEY] 别外传",
    ),
    # Authorization headers.
    ('curl -H "Authorization: Basic b3BzOnN1cDNyLXNlY3JldA==" https://api.example.com', "b3BzOnN1cDNyLXNlY3JldA", "Basic [REDACTED]"),
    ("Authorization: Bearer Zk9.Qm7-Xw5_Rt3~Lp1 sent", "Zk9.Qm7-Xw5_Rt3~Lp1", "Authorization: Bearer [REDACTED_TOKEN] sent"),
    ("请求头带上 Bearer abc123.def456-ghi 就行", "abc123.def456-ghi", "Bearer [REDACTED_TOKEN]"),
    ("Authorization: Token 4f6a8c0e2b4d", "4f6a8c0e2b4d", "Authorization: Token [REDACTED]"),
    # Environment assignments, quoted or not, with export.
    ("DB_PASSWORD=Pl0k-Mnji9", "Pl0k-Mnji9", "DB_PASSWORD=[REDACTED]"),
    ("ADMIN_PASSWORD=word", "=word", "ADMIN_PASSWORD=[REDACTED]"),
    ("export REDIS_PASSWORD='tr0ub4dor&3'", "tr0ub4dor", "export REDIS_PASSWORD='[REDACTED]'"),
    ('export JWT_SECRET="dev-only-zebra-7"', "zebra-7", 'JWT_SECRET="[REDACTED]"'),
    ("SENTRY_AUTH_TOKEN: 9f8e7d6c5b4a", "9f8e7d6c5b4a", "SENTRY_AUTH_TOKEN: [REDACTED]"),
    ("MAILGUN_API_KEY=key-3ax6xnjp29jd6fds4gc373sgvjxteol0", "3ax6xnjp29jd6fds4gc373sgvjxteol0", "MAILGUN_API_KEY=[REDACTED]"),
    ("把 .env 里的 APP_SECRET=Gd8Wq2Lm5Nz 换掉", "Gd8Wq2Lm5Nz", "APP_SECRET=[REDACTED] 换掉"),
    # JSON, YAML, code and URLs.
    ('{"password": "blue-Elephant-42", "username": "ops"}', "blue-Elephant-42", '"password": "[REDACTED]", "username": "ops"'),
    ('{"api_key": "k3y-f0r-1nternal-use"}', "k3y-f0r-1nternal-use", '"api_key": "[REDACTED]"'),
    ("database:\n  user: app\n  password: Sunflower\n", "Sunflower", "password: [REDACTED]\n"),
    ("client_secret=Qm9uam91cg12 and redirect_uri=https://app.example.com/cb", "Qm9uam91cg12", "client_secret=[REDACTED] and"),
    ('if password == "letmein99":', "letmein99", 'password == "[REDACTED]"'),
    ("GET /v1/export?access_token=Ab12Cd34Ef56&page=2", "Ab12Cd34Ef56", "access_token=[REDACTED]&page=2"),
    ("- name: DB_PASSWORD\n  value: Hunter2Hunter2\n", "Hunter2Hunter2", "value: [REDACTED]"),
    # Command lines.
    ('psql --password "N0tAR3alPw" -h localhost', "N0tAR3alPw", '--password "[REDACTED]" -h'),
    ("redis-cli --pass=Wz3Kx8Qp -h cache", "Wz3Kx8Qp", "--pass=[REDACTED] -h"),
    ("./deploy --token Zz9Yy8Xx7Ww6 --env prod", "Zz9Yy8Xx7Ww6", "--token [REDACTED] --env"),
    ("mysql -h db.internal -u app -p'Xk9#mQ2v' shop", "Xk9#mQ2v", "-p'[REDACTED]' shop"),
    ("mysqldump -uroot -pS3cretPw --all-databases > all.sql", "S3cretPw", "-p[REDACTED] --all"),
    ("curl -u deploy:Sup3rS3cret https://ci.example.com", "Sup3rS3cret", "-u deploy:[REDACTED]"),
    ("snowsql -a ab12345 -u etl_bot -p 'Frost!Byte#88' -d wh", "Frost!Byte#88", "-p '[REDACTED]' -d wh"),
    ("Databricks PAT: dapi0a1b2c3d4e5f60718293a4b5c6d7e8f90", "dapi0a1b2c3d4e5f60718293a4b5c6d7e8f90", "[REDACTED_DATABRICKS_TOKEN]"),
    # Connection strings, prose, Chinese labels.
    ("amqp://svc_user:Wm3Xq7Rt9@mq.internal:5672/", "Wm3Xq7Rt9", "svc_user:[REDACTED]@mq.internal"),
    ("my password is hunter2, don't tell", "hunter2", "my password is [REDACTED], don't"),
    ("我的数据库密码是 Qw3rty!2024，别外传", "Qw3rty!2024", "密码是 [REDACTED]，别外传"),
    ("密码：Lz8#pK2m", "Lz8#pK2m", "密码：[REDACTED]"),
    # Personal paths.
    ("cat /home/wang.fang/.ssh/config", "wang.fang", "/home/[USER]/.ssh"),
    ("open /Users/jane.doe/Desktop/notes.md", "jane.doe", "/Users/[USER]/Desktop"),
    ("备份在 /Users/Jane Doe/Backups 里", "Jane Doe", "/Users/[USER]/Backups 里"),
    (r"copied from C:\Users\Ahmed\Documents\keys.txt", "Ahmed", r"C:\Users\[USER]\Documents"),
    # Other vendors, through detect-secrets' detectors.
    ("SENDGRID=SG.Qw8Er2Ty6Ui0Op4As8Df2x.Gh6Jk0Lz4Xc8Vb2Nm6Qw0Er4Ty8Ui2Op6As0Df4Gh8J", "Gh6Jk0Lz4Xc8", "[REDACTED_SENDGRID_API_KEY]"),
    ("twilio key SK5e8a1c4f7b0d3e6a9c2f5b8e1d4a7c0f", "5e8a1c4f7b0d3e6a9c2f5b8e1d4a7c0f", "[REDACTED_TWILIO_API_KEY]"),
    ("bot 7351924680:AAFq9Wd2Ls8Kx4Pz7Rm1Vn5Tb3Hy6Jc0UeR", "AAFq9Wd2Ls8Kx4Pz7Rm1Vn5Tb3Hy6Jc0UeR", "[REDACTED_TELEGRAM_BOT_TOKEN]"),
]


@pytest.mark.parametrize("text,secret,shown", CASES)
def test_credential_is_replaced_by_a_placeholder_naming_its_kind(text, secret, shown):
    scrubbed = scrub(text)
    assert secret not in scrubbed
    assert shown in scrubbed
    assert scrub(scrubbed) == scrubbed


# Credentials typed in prose with no "is" or ":" after their name, as pairs, or as a vendor key no
# rule spells out: (text, what must disappear, what must remain). Several phrasings per class.
PROSE_CASES = [
    # A password right after its name.
    ("sure, sign in as me: username rkhan, password Tq7!harbor-Lights, then poke around", "Tq7!harbor-Lights", "password [REDACTED], then"),
    ("the staging admin is ops@corp.test, password Mv4-Rain-8812? if it asks", "Mv4-Rain-8812", "ops@corp.test, password [REDACTED]?"),
    ("password Zr8_kite2025 for the guest wifi", "Zr8_kite2025", "password [REDACTED] for the guest wifi"),
    ("wifi passwd Lm3#trail9 (case sensitive)", "Lm3#trail9", "passwd [REDACTED] (case"),
    ("Passphrase Orbit-Seven-7-Plum unlocks the disk", "Orbit-Seven-7-Plum", "Passphrase [REDACTED] unlocks"),
    ("the passcode Kx9!ab12 opens the side door", "Kx9!ab12", "passcode [REDACTED] opens"),
    ("the password for the router is Gw5%vent88", "Gw5%vent88", "router is [REDACTED]"),
    ("password for the shared drive: Hd2@cloud77", "Hd2@cloud77", "drive: [REDACTED]"),
    ("PASSWORD - Jy4&bright6 - don't forward", "Jy4&bright6", "PASSWORD - [REDACTED] -"),
    ("the db password 'Xq2!lantern' goes in the vault", "Xq2!lantern", "password '[REDACTED]' goes"),
    ("admin password `Wv7#meadow` for now", "Wv7#meadow", "password `[REDACTED]` for now"),
    ("pw hunter2024 for the test box", "hunter2024", "pw [REDACTED] for"),
    # User name and password, with or without a label between.
    ("username dlee pw Rv8^glass3", "Rv8^glass3", "username dlee pw [REDACTED]"),
    ("user: mtorres pwd: Yc1*stone4", "Yc1*stone4", "user: mtorres pwd: [REDACTED]"),
    ("user: lwong pass: Fb3+river7", "Fb3+river7", "user: lwong pass: [REDACTED]"),
    ("username kpatel pass Qe5=cloud21 for the kiosk", "Qe5=cloud21", "kpatel pass [REDACTED] for"),
    ("login is j.alvarez / Wp4#coast61", "Wp4#coast61", "login is j.alvarez / [REDACTED]"),
    ("the vendor portal creds are acme_ops / Ts9!north-2", "Ts9!north-2", "creds are acme_ops / [REDACTED]"),
    ("creds: svc.backup:Hn7$frost02 for the nas", "Hn7$frost02", "svc.backup:[REDACTED] for"),
    ("credentials: svc.backup:Hn7$frost02 for the nas", "Hn7$frost02", "credentials: [REDACTED] for"),  # a named secret: all of it
    ("Login: maria.k@example.org / Bq2&lemon55", "Bq2&lemon55", "maria.k@example.org / [REDACTED]"),
    ("username/password: dchen / Xo4!maple8", "Xo4!maple8", "dchen / [REDACTED]"),
    ("my login for the bank sandbox is tester01 / Ph3@sandy44.", "Ph3@sandy44", "tester01 / [REDACTED]."),
    ("user jsmith/Kv7!ocean3 works on the test box", "Kv7!ocean3", "user jsmith/[REDACTED] works"),
    # Chinese: no 是 or ： between the name and the value, or another verb.
    ("账号 li_wei_88，密码 Rk4$moon77，先别改", "Rk4$moon77", "密码 [REDACTED]，先别改"),
    ("登录密码 Tz5#snow20，账号是 zhang.min", "Tz5#snow20", "登录密码 [REDACTED]，"),
    ("口令 Ml8@pine66 记一下", "Ml8@pine66", "口令 [REDACTED] 记一下"),
    ("服务器密钥 Qa3!wind55 不要外传", "Qa3!wind55", "密钥 [REDACTED] 不要外传"),
    ("密码Wn2&leaf09别告诉别人", "Wn2&leaf09", "密码[REDACTED]别告诉别人"),
    ("新密码改成了 Hs7%lake31", "Hs7%lake31", "改成了 [REDACTED]"),
    ("账号/密码：wang_fang / Cy6*rock12", "Cy6*rock12", "wang_fang / [REDACTED]"),
    ("用户名 chen.jie 密码 Vu9^sand48", "Vu9^sand48", "chen.jie 密码 [REDACTED]"),
    ("WiFi 密碼 Ek1!tide73", "Ek1!tide73", "密碼 [REDACTED]"),
    ('数据库密码是 "Gk3#reef18"', "Gk3#reef18", '密码是 "[REDACTED]"'),
    # A vendor key: a short lowercase prefix and a long random tail, near a key word or not.
    ("here's the application key: vndr_8Jf2kLq9XwR4vN7mB3cZ1tY6uH0sD", "8Jf2kLq9XwR4vN7mB3cZ1tY6uH0sD", "key: [REDACTED_TOKEN]"),
    ("use abc-Q3mZ8rT1vX6kL0pW4nY7bH2cF5 for the sandbox", "Q3mZ8rT1vX6kL0pW4nY7bH2cF5", "use [REDACTED_TOKEN] for"),
    ("set MAPS=mpk_Zx81Qw72Er63Ty54Ui45Op36 in the shell", "Zx81Qw72Er63Ty54Ui45Op36", "MAPS=[REDACTED_TOKEN] in"),
    ("密钥是 lin_api_Wq7Er8Ty9Ui0Op1As2Df3Gh4Jk5", "Wq7Er8Ty9Ui0Op1As2Df3Gh4Jk5", "[REDACTED"),
    ("webhook 用 whk-P0oI9uY8tR7eW6qA5sD4fG3hJ2kL1 签名", "P0oI9uY8tR7eW6qA5sD4fG3hJ2kL1", "[REDACTED_TOKEN] 签名"),
    ("the app key is 8Jf2kLq9XwR4vN7mB3cZ1tY6uH0sD5eAq", "8Jf2kLq9XwR4vN7mB3cZ1tY6uH0sD5eAq", "[REDACTED"),
]


@pytest.mark.parametrize("text,secret,shown", PROSE_CASES)
def test_credentials_typed_in_prose_are_replaced(text, secret, shown):
    scrubbed = scrub(text)
    assert secret not in scrubbed
    assert shown in scrubbed
    assert scrub(scrubbed) == scrubbed


# What follows a password's name, a login label or a prefix in ordinary talk, and stays.
PROSE_ORDINARY = [
    "password reset mails go out at noon",
    "the password manager syncs every hour",
    "the password policy requires 12 characters",
    "reset your password in settings",
    "pick a password of at least 8 characters",
    "the password of the day is on the board",
    "the password is in 1Password",
    "forgot password flow; password-protected zip; the pw field",
    "store the password SHA-256-hashed; password hashing uses argon2id; password sha256-hashed",
    "the password field accepts UTF-8; password 12-char minimum; password v2 endpoint",
    "send the password to jane@corp.com; post the password @admin; share password #ops-team",
    "the user's password must change every 90 days; password expires 2024-06-14",
    "the token budget is 800",
    "API key rotation happens monthly",
    "login is broken again",
    "user / admin roles; user roles / permissions; their login / logout buttons",
    "user jsmith / admin; set the user admin/viewer2; the account Ops/Finance-2024 budget; user Sales / Q3-Forecast2",
    "account: prod:us-east-1; account ID 123456789012 / region eu-west-1",
    "login page is src/app/login.py and the login flow / SSO is next",
    "login v2.3.1 / v2.4.0; we moved from v2.3.1 / v2.4.0 last week",
    "credentials are in the vault / ask Ops; username is jdoe; user/pass auth is deprecated",
    "pass the --token flag; tests pass on py3.11; we pass user_id2 to the handler",
    "run `pwd` first; pwd; ls -la; the passcode length is 6",
    "open src/app/main.py and max_retry_count_for_upload_queue",
    "git show 9c1f4e7a2b3d5c6e8f90a1b2c3d4e5f6a7b8c9d0; the commit-9c1f4e7a2b3d5c6e8f90a1b2c3d4e5f6a7b8c9d0",
    "call getUser_ById2FromCacheNowPlease; id_UserAccountManager2Factory; img-HelloWorld2024EditionFinal",
    "the reply msg_01XFDUDYJgAACzvnptvVoYEL, tool call toolu_01A09q90qw90lq917835lq9 and chatcmpl-7QyqpwdfhqwajicIEznoc6Q47XAyW",
    "refund pi_3MtwBwLkdIwHu7ix28a3tqPa after evt_1NG8Du2eZvKYlo2CUI79vXWy; clerk user_2NNEqL2nrIRdJ194ndJqAHwEfxC",
    "密码策略是至少 12 位，要含数字。密码管理器用 Bitwarden，密码 1Password 里有。",
    "密钥管理服务 KMS 很贵；令牌 Token 用量；密码用 bcrypt2 加密；密码 bcrypt2 哈希。",
    "账号/密码 登录失败，用户名 admin / 管理员",
]


@pytest.mark.parametrize("text", PROSE_ORDINARY)
def test_ordinary_prose_around_credentials_is_untouched(text):
    assert scrub(text) == text


def test_a_fact_keeps_the_label_that_makes_its_value_a_password():
    # Extraction stores "the portal login is bob / …" as key "portal login", value "bob / …":
    # the value alone reads like any "a / b", so it is scrubbed as written after its key.
    document = {
        "items": [
            {"kind": "fact", "key": "portal login", "value": "ana.m.weds / Hq8#vine2031 if you want to look", "text": ""},
            {"kind": "fact", "key": "vendor creds", "value": "bob2026 / Pa$$w0rd!9", "text": ""},
            {"kind": "fact", "key": "release", "value": "v2.3.1 / v2.4.0", "text": ""},
            {"kind": "fact", "key": "login", "value": "broken again since Tuesday", "text": ""},
        ]
    }
    scrubbed = scrub_document(document)
    values = [item["value"] for item in scrubbed["items"]]
    assert values == [
        "ana.m.weds / [REDACTED] if you want to look",
        "bob2026 / [REDACTED]",
        "v2.3.1 / v2.4.0",
        "broken again since Tuesday",
    ]
    assert scrubbed["items"][0]["key"] == "portal login"
    assert scrub_document(scrubbed) == scrubbed


def test_a_pasted_env_and_json_scrub_as_before_next_to_prose_credentials():
    env = "DB_PASSWORD=Pl0k-Mnji9\nLOG_LEVEL=debug\nMAX_TOKENS=2048\nVENDOR_KEY=vndr_8Jf2kLq9XwR4vN7mB3cZ1tY6uH0sD\n"
    # KEY alone names no secret: the value goes as a vendor key, by its shape.
    assert scrub(env) == "DB_PASSWORD=[REDACTED]\nLOG_LEVEL=debug\nMAX_TOKENS=2048\nVENDOR_KEY=[REDACTED_TOKEN]\n"
    pasted = json.dumps({"user": "ops", "password": "blue-Elephant-42", "region": "eu-west-1", "note": "login is ops / Zt4#wharf9"})
    scrubbed = scrub(pasted)
    assert json.loads(scrubbed) == {"user": "ops", "password": "[REDACTED]", "region": "eu-west-1", "note": "login is ops / [REDACTED]"}
    assert scrub(scrubbed) == scrubbed


ORDINARY = [
    "Reverted 9c1f4e7a2b3d5c6e8f90a1b2c3d4e5f6a7b8c9d0 and cherry-picked 4e5f6a7 onto release/2.14.",
    "trace 0f8e2a4c-7b19-4d3e-9a6f-2c5b8e1d7f03 failed on db-primary.eu-west-1.rds.amazonaws.com",
    "Replicate from eu-west-1 to ap-southeast-2; us-east-1 stays the primary region.",
    "Bump fastapi from 0.110.3 to 0.111.0, node v20.11.1, Python 3.11.7, openssl 3.0.13.",
    "Closes INFRA-2291 and BILL-8830; see also OPS-17.",
    "the password policy is 12 chars minimum",
    "Use --password-file /run/secrets/db_password instead of typing it.",
    "pass the --token flag to the CLI and it prompts for the rest",
    "docker run -p 8080:80 nginx; docker run -p5432:5432 postgres; ssh -p 2222 bastion; mkdir -p build",
    "docker run -u 1000:1000 app; git push -u origin main",
    "The thumbnail id is aW1hZ2UtMjAyNC0wNi0xNC10aHVtYi0wMDQyLXNtYWxs in the CDN.",
    "Password reset mails link to thumbnail aW1hZ2UtMjAyNC0wNi0xNC10aHVtYi0wMDQyLXNtYWxs for the logo.",
    "Files live in /srv/app/releases/2024-06-14/config and /var/lib/postgresql/data; see src/auth/token_service.py.",
    "max_tokens=2048, token_budget=1500, the tokenizer splits on whitespace",
    "def login(user: str, password: str) -> Session:",
    "    return authenticate(username=user, password=password)",
    "token = get_token(); api_key=settings.STRIPE_API_KEY; pw = os.environ['DB_PASSWORD']",
    'PAGER_WEBHOOK_TOKEN = env("PAGER_WEBHOOK_TOKEN")',
    "DB_PASSWORD=${DB_PASSWORD:?missing} and API_TOKEN=<your-token-here>",
    'password: "{{ .Values.db.password }}"',
    "We use Basic Authentication for the admin pages and bearer tokens for the API.",
    "The secret to fast builds is caching. What is the password for staging? It is in 1Password.",
    "Token: 512 per chunk; secret: true marks the field as hidden.",
    "sk-learn is not a package name; task-12345678901234567890 is a job id.",
    "Image digest sha256:9b2f1e0a7c6d5e4f3a2b1c0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c2d1e0f is pinned.",
    "integrity sha512-Vf3Gb8Nh2Mj7Ku1Li6Ol0Pz5Xa9Sc4Dv8Fb3Gn7Hm2Jk6Lq1Wr5Et9Yu4Io8Pa== in the lockfile next to the secret manager",
    "密码策略是至少 12 位，要含数字。",
    "密码是什么？我忘了，令牌也过期了。",
    "我们在 cn-north-1 部署，版本 v3.2.0，工单 PAY-2203。",
    "/home/[USER]/src and C:\\Users\\[USER]\\x are already scrubbed",
    "Docs live at https://wiki.example.org/home/platform/runbooks and https://example.com/Users/list.",
    "Paste everything between -----BEGIN RSA PRIVATE KEY----- and the END line into the vault UI.",
    "The key type is sk-ecdsa-sha2-nistp256@openssh.com on the YubiKey.",
    'self.token = token; if token == "(": pass; version_token=version_token',
    'for page_token in pages: request(page_token="abc-next")',
    "Token 用量：每次调用约 1200 个，API key 的申请流程见文档。",
    "",
]


@pytest.mark.parametrize("text", ORDINARY)
def test_ordinary_technical_text_is_untouched(text):
    assert scrub(text) == text


def test_a_multiline_export_text_is_scrubbed_whole_and_idempotently():
    text = (
        "# .env.staging, pulled from the vault\n"
        "DATABASE_URL=postgres://app:Zx7Cv5Bn3@db.internal:5432/app\n"
        "OPENAI_API_KEY=sk-proj-Mq2Wl4Ek6Rj8Th0Yg2Uf4Id6Os8Pa0\n"
        f"AWS_SECRET_ACCESS_KEY={AWS_SECRET}\n"
        f"{PEM}\n"
        "LOG_LEVEL=debug\n"
    )
    once = scrub(text)
    for secret in ("Zx7Cv5Bn3", "Mq2Wl4Ek6Rj8", AWS_SECRET, "MIIEpQIBAAKCAQEAzT4m"):
        assert secret not in once
    assert "LOG_LEVEL=debug" in once and "db.internal:5432" in once
    assert scrub(once) == once


def test_secret_named_keys_lose_their_values_whatever_they_look_like():
    document = {
        "attributes": {
            "password": "plainword",
            "DB_PASSWORD": "Pl0k-Mnji9",
            "apiKey": 123456,
            "Authorization": "Token abc",
            "x-auth-token": "short",
            "client_secret": "whatever",
            "credentials": {"user": "ops", "pass": "letmein", "codes": [1234, "5678"]},
            "数据库密码": "hunter",
            "token": None,
            "secret": True,
            "password_hint": "",
        },
        "items": [{"key": "staging db password", "value": "Tm4Rk8", "text": "noted"}, {"name": "ADMIN_TOKEN", "value": "plain"}],
    }
    scrubbed = scrub_document(document)
    attributes = scrubbed["attributes"]
    for name in ("password", "DB_PASSWORD", "apiKey", "Authorization", "x-auth-token", "client_secret", "数据库密码"):
        assert attributes[name] == "[REDACTED]", name
    assert attributes["credentials"] == {"user": "[REDACTED]", "pass": "[REDACTED]", "codes": ["[REDACTED]", "[REDACTED]"]}
    assert attributes["token"] is None and attributes["secret"] is True and attributes["password_hint"] == ""
    assert scrubbed["items"][0]["value"] == "[REDACTED]" and scrubbed["items"][0]["text"] == "noted"
    assert scrubbed["items"][1]["value"] == "[REDACTED]"
    assert scrub_document(scrubbed) == scrubbed


def test_keys_that_are_credentials_are_replaced_without_collapsing():
    document = {"sk_live_Ab3Cd5Ef7Gh9Ij1Kl3Mn5Op7": "prod", "sk_live_Zy2Xw4Vu6Ts8Rq0Po2Nm4Lk6": "eu", "/home/li.na/app": 1}
    scrubbed = scrub_document(document)
    assert sorted(scrubbed.values(), key=str) == [1, "eu", "prod"]
    assert all("sk_live" not in key and "li.na" not in key for key in scrubbed)
    assert "[REDACTED_STRIPE_KEY]" in scrubbed and "/home/[USER]/app" in scrubbed
    assert scrub_document(scrubbed) == scrubbed
    json.dumps(scrubbed)  # still a JSON object


def test_ordinary_keys_keep_their_values():
    document = {
        "token_estimate": 12,
        "max_tokens": 100,
        "password_policy": "12 chars",
        "key": "cache ttl",
        "secretName": "db-creds",
        "kind": "secret",
        "event_id": "e-7",
        "cwd": "/srv/app",
        "nextPageToken": "p2",
    }
    assert scrub_document(document) == document


@pytest.mark.parametrize(
    "name",
    [
        "password",
        "DB_PASSWORD",
        "dbPassword",
        "db_pwd",
        "api-key",
        "X-Api-Key",
        "accessToken",
        "client_secret",
        "Authorization",
        "auth",
        "cookie",
        "private_key",
        "app 密钥",
    ],
)
def test_names_that_mark_a_secret(name):
    assert names_secret(name)


@pytest.mark.parametrize(
    "name",
    [
        "pwd",
        "token_estimate",
        "tokens",
        "bypass",
        "keyboard",
        "author",
        "password_policy",
        "rule:never share the password",
        "key",
        "value",
        None,
        7,
    ],
)
def test_names_that_do_not_mark_a_secret(name):
    assert not names_secret(name)


def test_every_gate_reads_lowercased_text():
    # The pre-check lowercases the text once; a gate word with a capital would never open.
    for gate in scrub_module._table().gates:
        assert all(word == word.lower() for word in gate.words), gate


def test_importing_the_scrubber_leaves_the_process_warnings_alone():
    # detect-secrets switches logging.captureWarnings on when imported; scrub undoes it.
    code = (
        "import warnings; from services.memory.domain.scrub import scrub; scrub('token=abc123');"
        " assert warnings.showwarning.__module__ != 'logging'"
    )
    subprocess.run([sys.executable, "-c", code], check=True, timeout=60)


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("the side door code is 3719# if I'm not home", "3719"),
        ("Alarm PIN: 5521, the panel is behind the coat rack", "5521"),
        ("the access code for the bike shed is 8080B", "8080B"),
        ("PIN 0613 for the padlock on the trailer", "0613"),
        ("快递柜取件码：44K9，今天下午去拿", "44K9"),
        ("门禁码是 2468，进门左转", "2468"),
        ("我的银行卡密码 193705 千万别记错", "193705"),
        ("BlobEndpoint=https://x.blob.core.windows.net/;AccountKey=Qm9ja2VkZm9ydGVzdHM0bmx5/PTxyz0123==;", "Qm9ja2VkZm9ydGVzdHM0bmx5"),
    ],
)
def test_codes_that_open_something_and_account_keys_are_replaced(text, secret):
    assert secret not in scrub(text)


@pytest.mark.parametrize(
    "text",
    ["the pin code format is four digits", "we pinned numpy to 2.1", "the code review is on Friday at 10", "取件码一般是四位数"],
)
def test_talk_about_codes_keeps_its_words(text):
    assert scrub(text) == text
