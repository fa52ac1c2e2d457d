"""Chinese number rows: a key, a comparator and a measured value (row format: domain/patterns_core.py)."""

from services.memory.domain.patterns_core import NUMBER, _row
from services.memory.lang.shared import CUR
from services.memory.lang.zh.grammar import _KEY_ZH, _LINK_ZH, UNITS_ZH, VAL_ZH

_PRE_ZH = r"^(?:(?P<pre>(?:在|对于|针对)[^，,]{1,20}|[^，,]{1,20}(?:时|的时候|情况下))[，,]\s*)?"
NUMBERS_ZH = (
    _row(
        "zh_num",
        "zh",
        NUMBER,
        _PRE_ZH + r"(?:把|将)?" + _KEY_ZH + _LINK_ZH + r"(?P<per>每个?[\u4e00-\u9fff]{0,3}?)?\s*" + CUR + VAL_ZH + r"(?P<tail>.*)$",
        [
            ("采样率为5%（仅限生产环境）", {"key": "采样率", "value": "5", "unit": "%", "condition": "仅限生产环境"}),
            ("超时时间设为30秒。", {"key": "超时时间", "value": "30", "unit": "秒", "condition": ""}),
            ("p95延迟必须低于120毫秒（500 rps下）", {"key": "p95延迟", "value": "120", "unit": "毫秒", "condition": "低于; 500 rps下"}),
            ("重试预算为每小时3次", {"key": "重试预算", "value": "3", "unit": "次", "condition": "每小时"}),
            ("把并发数控制在8以内", {"key": "并发数", "value": "8", "unit": "", "condition": "以内"}),
            ("每月预算不超过2000元", {"key": "每月预算", "value": "2000", "unit": "元", "condition": "不超过"}),
            ("错误率不能超过0.1%", {"key": "错误率", "value": "0.1", "unit": "%", "condition": "不能超过"}),
            ("在生产环境中，采样率为5%", {"key": "采样率", "value": "5", "unit": "%", "condition": "在生产环境中"}),
        ],
    ),
    # How often something runs: "清理任务每 30 分钟跑一次".
    _row(
        "zh_every",
        "zh",
        NUMBER,
        _PRE_ZH + _KEY_ZH + r"(?P<per>每个?)\s*" + CUR + VAL_ZH + r"\s*(?P<unit>" + UNITS_ZH.pattern + r")(?P<tail>.*)$",
        [("日志归档任务每 20 分钟跑一次。", {"key": "日志归档任务", "value": "20", "unit": "分钟", "condition": "每; 跑一次"})],
        needles=("每",),
    ),
    # A key and its value side by side: "dropout 0.2，只在训练的时候用".
    _row(
        "zh_num_bare",
        "zh",
        NUMBER,
        r"^(?P<key>[A-Za-z][\w\-.]*(?:\s[A-Za-z][\w\-.]*)?|[\u4e00-\u9fff]{2,8})\s+"
        + CUR
        + VAL_ZH
        + r"(?P<tail>\s*[A-Za-z\u4e00-\u9fff%％]*\s*(?:[（(，,；;].*)?)$",
        [
            ("dropout 0.2，只在训练的时候用。", {"key": "dropout", "value": "0.2", "unit": "", "condition": "只在训练的时候用"}),
            ("batch size 64（单卡训练时）", {"key": "batch size", "value": "64", "condition": "单卡训练时"}),
        ],
    ),
    # 按 N 配: "先按 6 个配，只在夜间窗口生效".
    _row(
        "zh_num_by",
        "zh",
        NUMBER,
        _PRE_ZH
        + r"(?:把|将)?"
        + _KEY_ZH
        + r"(?:先|暂时|暂且|统一|都|就|一律)?(?:按照|按|照)\s*"
        + CUR
        + VAL_ZH
        + r"\s*(?P<unit>"
        + UNITS_ZH.pattern
        # The verb may go unsaid when the figure ends the sentence: 冬季胎压标准按 2.4 bar。
        + r"|[A-Za-z][A-Za-z/]{0,7}(?![A-Za-z]))?\s*(?:(?:来|去)?(?:配置|配|设置|设定|设|算|走|执行|处理|定)(?:好|上)?了?(?P<tail>.*)|[。！!]?)$",
        [
            (
                "批量导出任务的并发先按 6 个配，只在夜间窗口生效。",
                {"key": "批量导出任务的并发", "value": "6", "unit": "个", "condition": "只在夜间窗口生效; 批量导出任务"},
            ),
            ("重试间隔按照15秒设置", {"key": "重试间隔", "value": "15", "unit": "秒", "condition": ""}),
            ("冬季轿车胎压按2.4 bar。", {"key": "冬季轿车胎压", "value": "2.4", "unit": "bar"}),
        ],
        needles=("按", "照"),
    ),
)
