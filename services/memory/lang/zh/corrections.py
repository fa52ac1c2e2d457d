"""Chinese correction rows: sentences that replace an earlier value (row format: domain/patterns_core.py)."""

from services.memory.domain.patterns_core import FACT, _row

CORRECTIONS_ZH = (
    _row(
        "zh_label",
        "zh",
        FACT,
        r"^(?:更正|纠正|修正|勘误|订正)(?:一下)?[：:，,\s]*(?P<stmt>.+)$",
        [("更正：部署目标是eu-central-1。", {"key": "部署目标", "value": "eu-central-1"})],
        needles=("正", "勘误"),
    ),
    _row(
        "zh_from_to",
        "zh",
        FACT,
        r"^(?:请)?(?:把|将)?(?P<key>[^，,]{1,20}?)(?:从|由)(?P<old>[^，,]{1,30}?)(?:改为|改成|换成|调整为|调为|调到|变为|变成|改到)(?P<new>.+)$",
        [("把超时时间从30秒改为45秒", {"kind": "number", "key": "超时时间", "value": "45", "unit": "秒", "corrects": "30"})],
        needles=("从", "由"),
    ),
    _row(
        "zh_not_but",
        "zh",
        FACT,
        # A clause before it says how the speaker found out ("又核对了一遍，不是 2:30，是 3:15"); the new value
        # ends at its clause ("是 3:15，电工改线路之前…" is 3:15).
        r"^(?:[^，,。]{2,20}[，,]\s*(?=不是))?(?P<key>[^，,]{0,20}?)不是(?P<old>[^，,]{1,30}?)[，,]?\s*(?:而是|而应该是|应该是|是)"
        r"(?P<new>[^，,。；;]+)(?:[，,。；;].*)?$",
        [
            ("部署区域不是eu-west-1而是eu-central-1", {"key": "部署区域", "value": "eu-central-1", "corrects": "eu-west-1"}),
            ("不是pnpm，是yarn", {"key": "", "value": "yarn", "corrects": "pnpm"}),
            ("跟仓库又核对了一遍，不是 2:30，是 3:15，司机那边已经知道了。", {"key": "", "value": "3:15", "corrects": "2:30"}),
        ],
        needles=("不是",),
    ),
    _row(
        "zh_update",
        "zh",
        FACT,
        r"^(?:更新一下|更新|最新情况|最新|变更|调整一下|调整|补充一下)\s*[：:，,]\s*(?P<stmt>.+)$",
        [("更新一下：部署区域是 eu-central-1。", {"key": "部署区域", "value": "eu-central-1"})],
        needles=("更新", "最新", "变更", "调整", "补充"),
        weak=True,
    ),
    # A change stated as a statement: read with the fact and number tables, as an update.
    _row(
        "zh_change_to",
        "zh",
        FACT,
        r"^(?P<stmt>(?:请)?(?:把|将)?[^，,：:]{1,20}?(?:改为|更改为|变更为|改用|改成|换成|调到|调成|调整为|调整到|改到)[^，,]+)"
        r"(?:[，,]\s*(?:而)?不(?:再)?是(?P<old>[^，,。]{1,20}?)了?(?=[，,。]|$))?(?:[，,].*)?$",
        [
            ("把部署区域改为eu-central-1", {"key": "部署区域", "value": "eu-central-1"}),
            ("线程池上限调到 64 了，运维要求的。", {"kind": "number", "key": "线程池上限", "value": "64"}),
            ("周会改成周四下午，不是周三了，周三大家都在外面。", {"key": "周会", "value": "周四下午", "corrects": "周三"}),
        ],
        needles=("改为", "更改为", "变更为", "改用", "改成", "换成", "调到", "调成", "调整为", "调整到", "改到"),
    ),
    _row(
        "zh_misspoke",
        "zh",
        FACT,
        r"^(?:我|刚才|刚刚|之前|前面)*(?:说错了|搞错了|弄错了|写错了)[，,。！\s]*(?P<stmt>.+)$",
        [("我说错了，应该是eu-central-1。", {"key": "", "value": "eu-central-1"})],
        needles=("错了",),
    ),
    _row(
        "zh_instead",
        "zh",
        FACT,
        r"^(?:不用|别用|不要用|不再用)(?P<old>[^，,]+?)了?[，,]\s*(?:改用|用|换成|改成)(?P<new>.+)$",
        [("不用npm了，改用pnpm", {"key": "", "value": "pnpm", "corrects": "npm"})],
        needles=("用",),
    ),
    _row(
        "zh_actually",
        "zh",
        FACT,
        r"^(?:其实|实际上|事实上|不对|不好意思|等等|抱歉)[，,\s]*(?P<stmt>.+)$",
        [("其实超时时间是60秒，不是30秒", {"kind": "number", "key": "超时时间", "value": "60", "unit": "秒", "corrects": "30"})],
        needles=("其实", "实际上", "事实上", "不对", "不好意思", "等等", "抱歉"),
        weak=True,
    ),
    _row(
        "zh_not_tail",
        "zh",
        FACT,
        r"^(?P<stmt>.+?)[，,]\s*(?:而)?不是(?P<old>[^，,]{1,30}?)$",
        [("部署目标是eu-central-1，不是eu-west-1", {"key": "部署目标", "value": "eu-central-1", "corrects": "eu-west-1"})],
        needles=("不是",),
        weak=True,
    ),
)
