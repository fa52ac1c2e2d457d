"""Chinese words that name a secret or lead to its value: the labels the scrubber reads.

Regex fragments, compiled by services/memory/domain/scrub_rules; see lang/en/secrets.py.
"""

# 密码, 口令, 密钥, 令牌, …: a secret's name, in an identifier (`数据库密码`), a label or prose.
SECRET_NAMES = "密码|密碼|口令|密钥|秘钥|令牌|凭证|密码短语|密碼短語|授权码|授權碼"
# Names after which a lone word is a password on a YAML line.
PASSWORD_NAMES = "密码|口令"
# What joins a name and its value in "密码是…" (besides ：or =).
COPULAS = "是|为|為"
PAIR_COPULAS = "是|为"
# What joins 密码 and its value besides 是/为/：: "也是", "改成了", "设为", …
LINKS = "是|为|為|也是|还是|就是|都是|改成了?|改为|换成了?|换为|设成了?|设为|设置为|设置成"
# A user name and its password after a label: "账号/密码：bob / Xy#12ab", and the label's gate.
ACCOUNT_LABELS = "账号|帐号|账户|帳號|用户名|用戶名|登录名?|登錄"
ACCOUNT_PASSWORD_LABELS = "密码|密碼"
ACCOUNT_GATE = ("账号", "帐号", "账户", "帳號", "用户名", "用戶名", "登录", "登錄")

# A passphrase's name: 口令 (also a password's), 密码短语.
PASSPHRASE_LABELS = "口令|密码短语|密碼短語"
# Words that end a passphrase's run, as English function words do: "口令是 至少 12 位" names none.
PASSPHRASE_STOP_WORDS = "至少|最少|不少于|必须|需要|已经|不能|不要|在|由|用|什么|多少"

# Codes that open something (门禁码是 4471, 取件码 8842): their value may be digits only.
CODE_LABELS = (
    "门禁码|门禁密码|开门密码|门锁密码|密码锁密码|取件码|保险箱密码|保险柜密码|银行卡密码|支付密码|取款密码|PIN码|pin码|"
    "验证码|动态码|校验码|短信码|安全码"
)
CODE_GATE = (
    "门禁",
    "开门密码",
    "门锁密码",
    "密码锁",
    "取件码",
    "保险箱",
    "保险柜",
    "银行卡密码",
    "支付密码",
    "取款密码",
    "pin码",
    "验证码",
    "动态码",
    "校验码",
    "短信码",
    "安全码",
)
# A card's number after its name (卡号 6222…): taken whatever its check digit says.
CARD_LABELS = "卡号|银行卡号|信用卡号|卡號"
# Codes an account hands out to get back in (恢复码：…).
RECOVERY_LABELS = "恢复码|备用码|救援码"
RECOVERY_GATE = ("恢复码", "备用码", "救援码")
