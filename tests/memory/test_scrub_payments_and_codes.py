"""Payment details, one-time and recovery codes, cloud keys of Chinese vendors, bot webhooks, Wi-Fi keys
and session cookies, as the scrubber leaves them in exports and assembled messages, and look-alikes it
leaves alone. Every value here is made up or a format's public documentation example (test card numbers that pass the Luhn check,
IBANs with valid check digits)."""

import pytest

from services.memory.domain.scrub import scrub

# (text, what must disappear, what must remain)
LEAKS = [
    ("was I charged twice? card 4000 0566 5566 5556 exp 11/27 cvv 318", "5566 5556", "card [REDACTED_CARD] exp"),
    ("the number is 5555-5555-5555-4444, the one in my wallet", "5555-4444", "[REDACTED_CARD], the one"),
    ("cvv 318", "318", "cvv [REDACTED]"),
    ("卡号 6217 0000 1234 5678 901，别发给别人", "1234 5678", "卡号 [REDACTED_CARD]"),
    ("rent goes to GB33 BUKB 2020 1555 5555 55 every month", "BUKB 2020", "to [REDACTED_IBAN] every"),
    ("IBAN: FR00 1234 5678 9012 3456 7890 123", "5678 9012", "IBAN: [REDACTED_IBAN]"),
    ("验证码 482913，十分钟内有效", "482913", "验证码 [REDACTED]"),
    ("my one-time code 77120 just arrived", "77120", "code [REDACTED]"),
    ("recovery codes for the forge account: 7k2m9-q4x8p  3n6b1-w9z2c", "7k2m9", "account: [REDACTED]"),
    ("备用码：88213407 55120936", "88213407", "备用码：[REDACTED]"),
    ("ACCESS_KEY_ID=LTAI5tQz9WbXk3Lm8Np2Rs7v", "LTAI5tQz9", "[REDACTED_ALIBABA_KEY]"),
    ("腾讯云 SecretId: AKIDz8krbsJ5yKBZQpn74WFkmLPx3gnPhESA", "AKIDz8krbs", "[REDACTED_TENCENT_KEY]"),
    ("bot: https://open.feishu.cn/open-apis/bot/v2/hook/3f2a9c1e-77b4-4d0e-9a61-5c8e2b7d4f10", "3f2a9c1e", "/hook/[REDACTED_WEBHOOK]"),
    ("https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=693axxx6-7aoc-4bc4-97a0-0ec2sifa5aaa", "693axxx6", "key=[REDACTED_WEBHOOK]"),
    ("the wifi key is juniper-otter-5521, network TeaRoom", "juniper-otter", "wifi key is [REDACTED]"),
    ("Cookie: sid=Yk2pQm8RzT4wLx9aBv3N; theme=light", "Yk2pQm8R", "sid=[REDACTED]; theme=light"),
    ("SMTP 授权码：pqlwmzkxhdbvtnrs", "pqlwmzkx", "授权码：[REDACTED]"),
]
CLEAN = [
    "Order 4111 1111 1111 1112 has shipped",  # fails the Luhn check: an order number
    "call the office on 0049 151 2345 6789",
    "build 20240611123456 passed on the second try",
    "our office is in the GB82 building",
    "I need a new verification code, the last one expired",
    "Cookie: theme=dark; lang=en",
    "请把验证码发到我手机上",
    "the recovery codes are printed in the drawer",
]


@pytest.mark.parametrize(("text", "secret", "shown"), LEAKS)
def test_a_payment_detail_or_code_is_redacted(text, secret, shown):
    scrubbed = scrub(text)
    assert secret not in scrubbed and shown in scrubbed, scrubbed


@pytest.mark.parametrize("text", CLEAN)
def test_a_look_alike_stays(text):
    assert scrub(text) == text
