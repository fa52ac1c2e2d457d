"""Chinese words for reading a measured quantity the extraction tables did not read (domain/quantities.py)."""

# Units that say what a figure measures (besides the time and count units of shapes.py).
MEASURE_UNITS = frozenset(
    [
        "毫秒",
        "秒",
        "分钟",
        "小时",
        "个小时",
        "天",
        "周",
        "个月",
        "年",
        "公斤",
        "千克",
        "毫克",
        "克",
        "千卡",
        "大卡",
        "卡路里",
        "毫升",
        "公升",
        "升",
        "千米",
        "斤",
        "公里",
        "米",
        "厘米",
        "毫米",
        "平方米",
        "平米",
        "平",
        "元",
        "块",
        "万",
        "万元",
        "美元",
        "欧元",
        "度",
        "伏",
        "瓦",
        "千瓦",
        "%",
        "％",
        "个工作日",
        "工作日",
        "页",
        "人",
        "位",
        "台",
        "套",
        "间",
        "次",
        "倍",
        # Counts of things by their measure word: 860 箱, 40 件, 3 家, 200 张.
        "箱",
        "件",
        "家",
        "张",
        "份",
        "瓶",
        "包",
        "袋",
        "辆",
        "盒",
        "名",
        "束",
        "吨",
    ]
)
# Characters and words that end the thing a figure belongs to, dropped from the end of its key.
KEY_TAIL = (
    "一共",
    "总共",
    "合计",
    "共",
    "至少",
    "最多",
    "不超过",
    "不低于",
    "低于",
    "高于",
    "超过",
    "大约",
    "大概",
    "差不多",
    "左右",
    "要",
    "是",
    "为",
    "在",
    "到",
    "了",
    "得",
    "都",
    "就",
    "还",
    "只",
    "有",
    # A verb of keeping is whole (日志保留45天 is about 日志): 留 alone would leave 日志保.
    "保留",
    "预留",
    "留",
    "做",
    "用",
    "按",
    "改成",
    "调到",
    "定在",
)
MAX_KEY_CHARS = 10
# Subjects that are someone else: 他们家… is another party's figure, not the user's.
OTHER_PARTY = ("他们", "他", "她", "人家", "别人", "对方")
# Verbs of a one-off event: 花了 30 分钟 reports what happened once, it sets no value.
EVENT_VERBS = ("花了", "用了", "耗时")
# Multipliers written after a figure ("12k"): the figure and its multiplier are one value, read by the tables.
MULTIPLIERS = frozenset(["万", "亿", "千", "百万"])
# Units spelled with a multiplier's character: 千卡 is a kilocalorie, not a thousand 卡.
UNITS_OF_MULTIPLIERS = ("千卡", "千克", "千米", "千瓦")
# How often a figure holds, said before it (碳水每天 250 克, 她每周跑 3 次): the figure's condition, not part of its key.
RATE = r"每个?(?:天|日|晚|周|星期|礼拜|月|年|小时|次|顿|餐|人|份)"
OBSERVED = ("显示", "报告说", "监控上", "面板上")

# The last character of a word for a charge or a sum of money (学费, 房租, 报价, 押金, 工资, 预算): a figure right after
# one is an amount, with no unit said.
MONEY_HEADS = ("费", "租", "价", "金", "款", "资", "薪", "预算")

# Units spelled like a preposition (see lang/en/quantities.py): none in Chinese.
PREPOSITION_UNITS: frozenset[str] = frozenset()
