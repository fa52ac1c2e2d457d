"""What a Chinese clause is about, read from the characters before its value (domain/typed_statements.py)."""

# What a subject ends before its verb or value: 那批白茶 9 月 3 号到 -> 白茶, 第六次访视排在七月二号.
LINKING = (
    "是",
    "在",
    "于",
    "排在",
    "定在",
    "订在",
    "约在",
    "安排在",
    "放在",
    "改在",
    "要",
    "会",
    "将",
    "就",
    "都",
    "也",
    "还",
    "已经",
    "大概",
    "预计",
)
# Speakers and demonstratives a subject drops: 她们一家三口 -> 一家三口, 那批白茶 -> 白茶.
LEADING = ("我们", "你们", "他们", "她们", "咱们", "我", "你", "他", "她", "那批", "这批", "那个", "这个", "那次", "这次", "那", "这")

# A day said as gone: 上周五, 去年三月, 三天前.
PAST_BEFORE = r"(?:上|去|前)$"
AGO_AFTER = r"^\s*(?:以前|之前|前)"
BARE_ORDINAL = r"(?!)"
# Who a clause is about when it was named before: 他们定在周四 says nothing of whom by itself.
THIRD_PERSON = ("他们", "她们", "它们", "他", "她", "它")
