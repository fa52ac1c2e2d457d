"""Chinese words that stand for one another in working conversation (matched on characters), and the words
that say what kind of item a question asks for (read by domain/lexicon.py)."""

# Each group: (what its words stand for, the words).
GROUPS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("谁负责", ("负责", "管", "交给", "负责人", "谁", "归", "找")),
    ("等多久", ("超时", "时限", "等待", "多久", "等")),
    ("上限", ("上限", "最多", "限制", "阈值", "不超过")),
    ("上线", ("部署", "上线", "发布", "灰度")),
    ("运行环境", ("环境", "集群", "机房")),
    ("采样", ("采样", "抽样", "比例", "采样率")),
    ("审批", ("审核", "审查", "评审", "审批", "审")),
    ("规定", ("规矩", "规定", "要求", "规则", "硬性", "必须", "一律")),
    ("目标", ("目标", "任务", "重点")),
    ("进展", ("进度", "完成", "做完", "进展")),
    ("阻塞", ("阻塞", "卡住", "卡在", "等着")),
    ("接下来", ("下一步", "接下来", "然后", "待办")),
    ("合并代码", ("合并", "主干", "进主干", "合进")),
    ("多久一次", ("每", "频率", "多久", "间隔")),
)

# What a question asks for, by the words it uses, keyed by the kind of item that answers it.
INTENTS = {
    "rule": r"规矩|规定|要求|能不能|可以.*吗|硬性|行不行|要不要",
    "number": r"多少|几|上限|超时|比例|多久",
    "task": r"目标|进度|进展|下一步|阻塞|卡|待办",
}
# A question about how far the work has come (see lang/en/thesaurus.py).
PROGRESS_INTENT = r"进度|进展|到哪(?:了|儿|一步)|完成了?多少|还剩多少|还差多少|做了多少"
