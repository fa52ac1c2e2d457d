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
    # 日常说法：同一个人、同一件东西，说的时候一个词，问的时候另一个词。
    ("钱款往来", ("回款", "付款", "打款", "到账", "转账")),
    ("孩子", ("孩子", "小孩", "儿子", "女儿")),
    ("母亲", ("妈妈", "母亲", "老妈", "我妈")),
    ("父亲", ("爸爸", "父亲", "老爸", "我爸")),
    ("住处", ("房子", "公寓", "住处", "家里")),
    ("照片", ("照片", "图片", "相片")),
    ("出行", ("旅行", "旅游", "度假", "出游")),
)

# What a question asks for, by the words it uses, keyed by the kind of item that answers it.
INTENTS = {
    "rule": r"规矩|规定|要求|能不能|可以.*吗|硬性|行不行|要不要",
    "number": r"多少|几|上限|超时|比例|多久",
    "task": r"目标|进度|进展|下一步|阻塞|卡|待办|在等|等谁|等什么",
}
# A question about how far the work has come (see lang/en/thesaurus.py).
CURRENT_INTENT = r"现在|目前|眼下|如今|最新|最后|最终|这会儿|到现在"
PROGRESS_INTENT = r"进度|进展|到哪(?:了|儿|一步)|完成了?多少|还剩多少|还差多少|做了多少"
# The kind of value a question asks for (see lang/en/thesaurus.py).
ANSWER_TYPES = {
    "time": r"什么时候|几点|哪天|哪一天|几号|星期几|礼拜几|周几|何时|哪个月",
    "money": r"多少钱|什么价|价格|价钱|多少元|多少块|报价|费用是多少|花多少",
    "size": r"多大",
    "duration": r"多久|多长时间|几天|几个月|几周",
    "count": r"多少个|几个|多少人|几位|多少份|多少箱|多少件",
    "name": r"谁|哪位",
}
