"""Chinese words for task state read by role (domain/task_roles.py); see lang/en/task_roles.py."""

GOAL_LABEL = r"目标|目的|指标|target|goal|里程碑|最重要的事|头等大事|重中之重|首要任务|优先级最高的事|(?:这个月|这周|本周|本月|今年|这学期)?要做的事|主要任务"
PROGRESS_LABEL = r"进度|进展|更新|现状|情况|汇报|update|status|progress"
# Where a label ends: a colon, a dash, or a figure right after 进度 ("讲者进度 15/18").
LABEL_END = r"[:：]\s*|\s*——\s*|(?<=进度|进展)\s*(?=\d)"
BLOCKER_LABEL = r"卡点|阻塞|卡在|等待|依赖"
OPEN_LABEL = r"待定|要决定|没定|未决|待办|open"
ADVANCE = (
    r"\d+\s*(?:/|个?中的?|之)\s*\d+|\d+(?:\.\d+)?\s?[%％]|[一二两三四五六七八九十\d]+成|一半|大半|"
    r"做完|完成|弄好|搞定|结束|到位|上线|验收|进场|装好|交了|签了|\b(?:done|finished|locked|closed)\b"
)
# A milestone passed, in any words (see lang/en/task_roles.py): 发货过半了, 只差最后 120 箱, 还剩 3 家.
# A share done (读者数据导了 60%) and a count of the whole done (六天里已经拍完四天了) are progress too.
MILESTONE = (
    r"过半|过了一半|只差(?:最后)?\s*\d|还剩(?:最后)?\s*\d|还差(?:最后)?\s*\d|(?:就|只)剩(?:下)?(?:最后)?\s*[一二两三四五六七八九十\d]+|[\u4e00-\u9fff]了\s*\d+(?:\.\d+)?\s*[%％]|"
    r"里(?:已经|已)?[\u4e00-\u9fff]{1,2}完了?\s*[一二两三四五六七八九十\d]+|"
    # A share in tenths (差不多八成, 完成了三成) and work wrapping up (基本收尾了).
    r"(?:差不多|大概|大约|已经|基本|快|完成了?|做了|到了)\s*[一二三四五六七八九]成|收尾|"
    # Where the work has reached: 初稿写到第三章了, 视频剪到第 12 集.
    r"[\u4e00-\u9fff]到(?:了)?第\s*[一二三四五六七八九十\d]+\s*[章节课集页步关单元]"
)
DEPENDENCY = (
    r"(?:得|要|需要|只能)等(?:[^，。；]+?)(?:才能|才可以|再|之后|以后|[，。；]|$)|"
    r"(?:装|做|动|开工|发货|上线|推进)不了[，,]?\s*(?:得|要|需要)?等(?:[^，。；]+)|卡在(?:[^，。；]+?)(?:上|了|[，。；]|$)|"
    # Waiting on something now: 现在就等门禁卡批下来, 还在等物业批复, 只等设计院盖章.
    r"(?:现在|目前|还|就|只|一直)(?:在|就)?等(?:着)?[^，。；]{2,}|"
    # 东西坏了、用完了，要等到才有: 机器上周坏了，配件要等两周才能到; 新订的要下周五才到.
    r"(?:坏了|停了|用完了|快用完了|没货了|断了)[^。；]*?(?:要等|得等|才能|才到|才有)[^。；]*|"
    r"要(?:等)?[^，。；]{1,12}才(?:能到|到|能用|有货)[^。；]*|"
    # Someone or something not there until later: 热水器坏了，维修师傅说下周末才能来; 钥匙在房东那儿，月底才回来.
    r"(?:下(?:个)?(?:周|月|星期|礼拜)|月底|月初|周末|明年|过几天|过两天)[^，。；]{0,4}才(?:能)?(?:来|回来|到|有空|有货|开始|弄|做|办)(?!的)[^。；]*|"
    # Someone has not answered, so the work can't go on: 供应商一直没回，没法下单.
    r"(?:一直|还)?没(?:回|回复|消息|动静|批|签)[^。；]{0,4}[，,]\s*(?:没法|无法|没办法|不能)[^。；]+|"
    # A permission asked and not yet answered: 水务局还没回复能不能开挖; 物业一直没答复可不可以装.
    r"(?:还没|一直没|尚未|还未)(?:回复|答复|回话|批复|确认)(?:我们)?(?:能不能|可不可以|是否|行不行)[^。；]+"
)
UNDECIDED = (
    r"还没定|没定|没想好|拿不定|要决定|待定|还在纠结|纠结|犹豫|没决定|没确定|不确定|(?:在|没|还)想(?:好)?要不要|open question|undecided"
)
# What looks like a dependency and is none: a rule (不要等 CI 跑完再提交), someone waiting for a person.
NOT_DEPENDENCY = r"^(?:不要|别|不用|不必|无需|千万别)|等(?:我|你|他|她|我们|你们|他们)(?:[，。；]|$)"
# A choice said as what we'll do: 就打到招商那张卡吧.
# Agreed with someone (商量好了, 说好了), or a choice said as not doing it after all (书法班不报了, 那台不买了).
DECIDED = (
    r"定了|决定了|决定用|选了|就用|拍板|敲定|确定用|最后用|(?:^|[，,])(?:那)?就[^，。！？]{1,20}吧|"
    r"(?:商量|说|谈|讲)好了|不(?:报|买|去|做|要|用|换|搬|装|请|考虑|参加)了"
)
ARRIVED = r"下来了|批下来|到货了|到了|批了|修好了|搞定了|通过了|解决了"
NOT_YET = r"等到|之前|以前|以后|之后|如果|要是|一旦|假如|的话"
# A sentence that only names the role of the one before it (see lang/en/task_roles.py): 这个还没定。这是个卡点。
ROLE_TAG = r"^(?:这个|这件事|这一条)?(?:还没定|待定|是个?(?:卡点|问题|悬而未决的事))[。！!]?$"
# A sentence that says only a stance, naming nothing (see lang/en/task_roles.py): 我还没想好。说实话还没决定呢。
STANCE_ONLY = r"^(?:我们|我|还|也|真的|其实|说实话|老实说|暂时|目前|没有|没|想好|决定|确定|拿定主意|呢|吧|啊|这个|那个)+[。！!…]*$"
# Words of an open item that weighs a choice (see lang/en/task_roles.py): 要不要等新报价.
WEIGHS = r"是否|要不要|还是"
# Words that frame an either-or question and name neither option (see lang/en/task_roles.py): 还没定：A还是B.
OPTION_FRAMING = "还没定 没想好 没决定 待定 要不要 是否 纠结"

# Words that name a target: a sentence that holds one sets or restates it, and reports no progress toward it.
TARGET_WORDS = r"目标|指标|任务量"
