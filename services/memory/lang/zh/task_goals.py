"""Chinese goal rows (what the work is for), in the format of domain/task_rows.py; lang/zh/task_rows.py puts
them first among its rows, as lang/en/task_goals.py does for English."""

from services.memory.domain.task_rows import NEW_GOAL, TaskSpec

# Words that may qualify a label's head: time, possessive, "new", "another" (还有个问题没定：...).
PRE = (
    r"(?:(?:还有|另外|对了|然后|那|现在|目前|眼下|当前|这周|本周|今天|今日|这次|本次|此次|这回|这个月|本月|这一轮|本轮|这一步|"
    r"新|新的|主要|最终|首要|核心|总|最大的|唯一的|下阶段|近期|阶段|一个|个|一|我们|咱们|我|的|又|还|最新|对|嗯|好|是的|所以)[，,\s]*)*"
)


GOALS: tuple[TaskSpec, ...] = (
    dict(
        name="zh_goal",
        emits=NEW_GOAL,
        cues=("目标", "任务", "目的", "重点", "主线", "打算", "计划", "goal", "focus"),
        pattern=r"^(?:我们的|咱们的|我的|本次的?|这次的?|当前的?|主要)?"
        + PRE
        # 我的打算是…, 计划是…: a plan said as what the work is for.
        + r"(?P<cue>目标|任务|目的|重点|主线|(?<=我的)打算|(?<=我的)计划|goal|focus)\s*(?:现在|也)?\s*"
        r"(?:是|为|就是|改成了?|改为|换成了?|变成了?|调整为|定为)\s*(?P<entry>.+)$",
        examples=[
            ("我们的目标是降低延迟", "降低延迟"),
            ("这周的 goal 是把日志平台迁到新集群", "把日志平台迁到新集群"),
            ("现在目标改成先把退款流程做完", "先把退款流程做完"),
            ("我的打算是这个月把驾照考下来", "这个月把驾照考下来"),
        ],
    ),
    dict(
        name="zh_goal_instead",
        emits=NEW_GOAL,
        cues=("不管", "别管", "放一放", "放放", "往后放", "搁置", "暂停", "缓一缓", "不急"),
        pattern=r"^(?!(?:这个|那个|这|那|它|都|我)[^，,；;]{0,3}(?:先|暂时)?(?:不急|放))(?:(?:先|暂时|现在)*(?:不管|别管|搁置|暂停|放下)[^，,；;]{1,20}?|[^，,；;]{1,20}?(?:先|暂时)?(?:放一放|放放|往后放|搁置|暂停|缓一缓|不急)(?:了|吧)?)"
        r"[，,；;]\s*(?:我们|咱们|现在|这周|今天)*(?P<cue>先|集中精力|重点|全力)(?:是|做)?\s*(?P<entry>[^，,；;]{3,}.*)$",
        examples=[
            ("报表先放一放，先把库存同步做完", "把库存同步做完"),
            ("先不管官网改版，我们先把合同签了", "把合同签了"),
        ],
    ),
    # 计划变了：先做X: what a change of plan puts first is the new goal (计划变了：报表往后放 only sets something aside).
    dict(
        name="zh_plan_change",
        emits=NEW_GOAL,
        cues=("计划", "方向", "优先级", "思路", "安排"),
        pattern=r"^(?:那|所以|好|嗯)?[，,\s]*(?P<cue>(?:计划|安排|方向|优先级|重点|思路)(?:又|也|有|得|要)?(?:变了|有变|变一下|改了|改一下|调整了|调整一下|换了|变化)|"
        r"改计划了?|换个方向)[：:，,。\s]+(?:(?:这周|今天|现在|我们|咱们|接下来)\s*)*(?P<entry>(?:先|优先|改成|改为|转而|集中精力|全力)\S.+)$",
        examples=[
            ("计划变了：先把库存同步做完，报表往后放", "先把库存同步做完，报表往后放"),
            ("计划有变，这周先做数据迁移", "先做数据迁移"),
        ],
    ),
    dict(
        name="zh_goal_doing",
        emits=NEW_GOAL,
        cues=("在做的", "要做的", "想做的", "主要做的"),
        pattern=r"^(?:我们|咱们|我)?(?:现在|目前|这周|今天|接下来|这次)?(?:主要)?(?P<cue>在做的|要做的|想做的|做的)(?:事情?)?(?:就)?是\s*(?P<entry>.+)$",
        examples=[("我们现在在做的是把数据库升级到 16", "把数据库升级到 16")],
    ),
    # What matters most over a stretch of time is its goal: 这个月最重要的就是把论文初稿写完.
    dict(
        name="zh_goal_most",
        emits=NEW_GOAL,
        cues=("最重要", "最要紧", "最关键"),
        pattern=r"^(?:这个月|这周|本周|今天|今年|这学期|这季度|接下来|现在|目前)?(?:我们?|咱们)?的?(?P<cue>最重要|最要紧|最关键)的(?:事情?|任务)?(?:就)?是\s*(?P<entry>.{3,})$",
        examples=[("这个月最重要的就是把装修验收做完", "把装修验收做完"), ("这周最要紧的是把签证材料交上去", "把签证材料交上去")],
    ),
    # Work to finish within a stretch of time: 这周就想把报销全部弄完.
    dict(
        name="zh_goal_finish",
        emits=NEW_GOAL,
        cues=("想把", "要把", "打算把"),
        pattern=r"^(?:这个月|这周|本周|今天|今年|这学期|周末|月底前|年底前)(?:我们?|咱们)?(?:就|只)?(?P<cue>想|要|打算)把"
        r"(?P<entry>[^，。；？?]{2,40}?(?:弄完|做完|搞定|写完|完成|办完|交上去|收尾))",
        examples=[("这周就想把报销全部弄完", "报销全部弄完"), ("周末打算把车库收拾完成", "车库收拾完成")],
    ),
    dict(
        name="zh_goal_focus",
        emits=NEW_GOAL,
        cues=("重心", "重点", "精力"),
        pattern=r"^(?:我们|咱们)?(?:现在|接下来|这周)?(?:先)?把?(?P<cue>重心|重点|精力)(?:先)?(?:放到|放在|转到|转向|挪到)(?P<entry>.+?)(?:上面|上)?$",
        examples=[("重心先放到对账模块上", "对账模块")],
    ),
)
