"""Chinese task-state grammar, as tasks.py reads it: the rows of task_rows.py and the words that guard them."""

from services.memory.lang.zh.task_rows import LABELS as LABELS
from services.memory.lang.zh.task_rows import ROWS as ROWS

GUARDS = {
    "new": r"如果|要是|假如|万一|的话|一旦|等到|之前|不要|别|千万|永远|必须|应该|可能|也许|大概|好像|他说|她说|他们说|说过|听说|据说|昨天|刚才|当时|那时|以前|每次|一律",
    "progress": r"如果|要是|假如|万一|的话|一旦|不要|别|千万|必须|应该|可能|也许|大概|好像|听说|据说|没|未|不",
    "resolve": r"如果|要是|假如|万一|的话|一旦|等|希望|应该|可能|也许|大概|还没|没有|没|不|吗",
}
LABEL_GUARD = r"说|问|如果|要是|假如|万一|一旦|的话"
ANAPHORA = r"(?:这个|那个|这|那|它|这事|这件事|这块|这个问题|那个问题|这个阻塞|问题|都|全部)"
# "今天早上已经能正常拉数了": a time word is when, not what, was resolved.
ABOUT_HEAD = r"^(?:关于|对于|(?:今天|昨天|昨晚|今早|刚才|刚刚|早上|上午|中午|下午|晚上|现在|目前|这会儿)+)"
ABOUT_TAIL = r"(?:现在|目前|已经|也|都|终于|总算)+$"
GOAL_TRIM = r"(?!)"  # Chinese goals keep every word ("先把…")
PSEUDO_CLEFT = r"(?!)"
HEDGE_EXEMPT = r"(?!)"
NARRATIVE = r"^(?:车|公交|地铁|外卖|电梯|红绿灯|出租车|打车|咖啡)"
BAD_ENTRY_START = ("这个", "那个", "它")
# A question word, or a body that only sets something aside (计划变了：报表往后放).
NOT_A_GOAL = r"(?:什么|啥|哪)|[^，,]{1,20}?(?:往后放|先放一放|放一放|先放放|缓一缓|不急了?|以后再说|再说)$"
SEPARATOR = r"^(?P<label>[^：:]{1,40}?)\s*(?:：|(?<!\d):(?!\d))\s*(?P<body>.+)$"
LEAD = r"^(?:其实|不对|更正一下|纠正一下|改一下|说错了)[，,：:！!\s]*"
LABEL_MAX_WORDS = 24  # characters, for Chinese
CUES = (
    "件事要",
    "个事要",
    "事情要",
    "任务要",
    "当务之急",
    "头等大事",
    "要紧的事",
    "重要的事",
    "关键的事",
    "麻烦",
    "难题",
    "计划",
    "方向",
    "优先级",
    "思路",
    "目标",
    "任务",
    "目的",
    "重点",
    "主线",
    "重心",
    "精力",
    "goal",
    "focus",
    "进展",
    "进度",
    "完成",
    "做完",
    "写完",
    "搞定",
    "上线",
    "跑通",
    "修复",
    "合并",
    "部署",
    "已",
    "阻",
    "卡",
    "障碍",
    "瓶颈",
    "难点",
    "在等",
    "等待",
    "得等",
    "只能等",
    "block",
    "stuck",
    "待",
    "下一步",
    "接下来",
    "后续",
    "todo",
    "剩下",
    "还需要",
    "还要",
    "还得",
    "没定",
    "没确定",
    "没想好",
    "没决定",
    "未决",
    "遗留",
    "open",
    "结论",
    "决定",
    "定了",
    "定下来",
    "确定了",
    "敲定",
    "拍板",
    "答案",
    "答复",
    "回复",
    "回了",
    "确认了",
    "解决",
    "修好",
    "恢复",
    "批下来",
    "批了",
    "批好",
    "不卡",
    "畅通",
    "通了",
    "解除",
    "能用",
    "正常",
    "开通",
    "打开",
    "到位",
    "更新",
    "同步",
    "汇报",
    "状态",
    "update",
    "status",
    "progress",
    "done",
)

# ---- what tasks.py reads around the rows ----
# Who may be the subject of an entry without naming what it is about.
PRONOUNS = frozenset({"我们", "我", "你", "他们"})
# An entry that only announces the next sentence.
POINTS_AHEAD = r"一件事|一个问题|一个地方|两件事|几件事"
