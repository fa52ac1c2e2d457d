"""Chinese task-state rows: labels ("目标：...", "卡在：...") and verb rows, in the format of domain/task_rows.py.

Code-switched cue words ("这周的 goal 是", "现在 blocked：") are part of this grammar; an English
label with a Chinese body ("New goal: 先把…") is read by the English one.
"""

from services.memory.domain.task_rows import (
    ANSWERS,
    BLOCKER,
    NEW_BLOCKER,
    NEW_GOAL,
    NEW_OPEN,
    NEW_PROGRESS,
    REPLY,
    UNBLOCKS,
    TaskSpec,
)
from services.memory.lang.zh.task_goals import GOALS
from services.memory.lang.zh.task_goals import PRE as _PRE

# Measure words of a count of work done (写完了三章, 交了4个班, 铺了两间).
_COUNTERS = "个|章|件|项|间|块|张|台|套|批|期|集|篇|页|层|面|户|家|位|名|人|份|箱|本|次|场|组|班|所|辆|棵|盆|只|条"

_POST = r"(?:\s*(?:是|就是|为|还是|目前|现在|如下|改一下|改了|改成|改为|变了|换了|调整一下|调整为|更新一下|更新为))?"
_CLAUSE = r"(?:^|(?<=[，,；;：:]))\s*"
_DONE_VERBS = (
    "写完",
    "做完",
    "完成",
    "搞定",
    "上线",
    "跑通",
    "部署",
    "合并",
    "修复",
    "迁移",
    "测完",
    "订好",
    "定好",
    "订了",
    "发出",
    "提交",
    "交付",
    "通过",
    "过了",
    "弄好",
    "配好",
    "装好",
    "接好",
    "接入",
)
_ADV = r"(?:现在|目前|已经|已|都|也|终于|总算|基本|全部|刚刚|刚)*"

LABELS: tuple[TaskSpec, ...] = (
    dict(
        name="zh_open_label",
        emits=NEW_OPEN,
        label=True,
        pattern=_PRE
        + r"(?P<cue>待办(?:事项)?|下一步|接下来|后续|todo|TODO|剩下的|待定|待确认|待解决|待讨论|未决(?:问题)?|遗留问题|开放问题|"
        r"open question|open|[一两二三四五六七八九十几\d]*(?:件|个)?(?:事|问题|点)(?:情)?(?:还)?(?:没定|没确定|没解决|没想好|待定|悬而未决)|(?:还)?没定(?:的)?|(?:还)?没想好(?:的)?|还要定的)"
        + _POST,
        examples=[
            ("下一步：接入计费回调", "接入计费回调"),
            ("还有个问题没定：周末聚餐是去杭州还是苏州？", "周末聚餐是去杭州还是苏州？"),
            ("待确认：发票抬头用公司全称", "发票抬头用公司全称"),
            ("还有两件事没定：场地和预算", "场地和预算"),
        ],
    ),
    dict(
        name="zh_goal_label",
        emits=NEW_GOAL,
        label=True,
        pattern=_PRE
        + r"(?P<cue>目标|任务|目的|重点|主线|goal|focus|大项目|核心任务|首要任务|当务之急|头等大事|(?:最|头号)(?:要紧|重要|关键|紧要)的事(?:情|儿)?|"
        # "有三件事要办完：…": the things to get done are the goal.
        r"有[一两二三四五六七八九十几\d]+(?:件|个)(?:事|事情|任务)要(?:办完|做完|搞定|完成|弄完|办|做))" + _POST,
        examples=[
            ("目标：上线v2计费接口", "上线v2计费接口"),
            ("这个月我有两件事要搞定：换护照、把车年检了", "换护照、把车年检了"),
            ("这周最要紧的事：把样品寄给客户", "把样品寄给客户"),
            ("这周的目标：把报表迁到新集群", "把报表迁到新集群"),
            ("新 goal：先把灰度发布跑通", "先把灰度发布跑通"),
        ],
    ),
    dict(
        name="zh_done_label",
        emits=NEW_PROGRESS,
        label=True,
        pattern=_PRE + r"(?P<cue>进展|进度|已完成|完成情况|done|progress)" + _POST,
        examples=[("已完成：登录页面", "登录页面"), ("目前进展：前端页面都写完了，接口还在联调", "前端页面都写完了，接口还在联调")],
    ),
    dict(
        name="zh_update_label",
        emits=NEW_PROGRESS,
        label=True,
        weak=True,  # only what the body says
        pattern=_PRE + r"(?P<cue>更新一下|更新|同步一下|汇报一下|状态|update|status)" + _POST,
        examples=[("同步一下：我们卡在证书审批上了", {"field": BLOCKER, "entry": "证书审批"})],
    ),
    dict(
        name="zh_blocker_label",
        emits=NEW_BLOCKER,
        label=True,
        pattern=_PRE + r"(?:(?P<cue>阻塞|阻碍|卡点|障碍|受阻|瓶颈|难点|卡住了?|麻烦|麻烦事|难题|blocker|blocked|stuck)(?:点|项)?|"
        r"(?P<cue2>卡在)\s*(?P<obj>.+?)(?:上面|上|这里|这儿)?|被(?P<obj2>.+?)(?P<cue3>卡住)了?)" + _POST,
        examples=[
            ("阻塞：没有预发环境的凭证", "没有预发环境的凭证"),
            ("新的麻烦：报关单还没批下来", "报关单还没批下来"),
            ("现在 blocked：供应商的证书还没发过来", "供应商的证书还没发过来"),
            ("现在卡在支付回调上：签名一直校验失败", "支付回调：签名一直校验失败"),
        ],
    ),
    dict(
        name="zh_answered_label",
        emits=ANSWERS,
        label=True,
        pattern=r"(?:(?P<obj>[^，,。]{1,30}?)(?:的)?\s*)?"
        + _ADV
        + r"(?P<cue>结论|决定|最后决定|拍板|定论|答案|决议|(?<!搞)定了|(?<!搞)定下来了|确定了|"
        r"有结论了|拍板了|敲定了|决定了)(?:是)?",
        examples=[
            ("退款方式定了：原路退回，不发优惠券", {"about": "退款方式", "entry": "原路退回，不发优惠券"}),
            ("结论：先不做多币种", {"about": "", "entry": "先不做多币种"}),
        ],
    ),
    dict(
        name="zh_reply_label",
        emits=REPLY,
        label=True,
        pattern=r"(?P<obj>[^，,。]{1,20}?)(?:那边)?" + _ADV + r"(?P<cue>回复了|回了|答复了|回话了|确认了|回消息了)",
        examples=[("财务那边回复了：这笔费用可以报销", {"about": "财务", "entry": "这笔费用可以报销"})],
    ),
    dict(
        name="zh_unblocked_label",
        emits=UNBLOCKS,
        label=True,
        about_body=True,
        pattern=_PRE + r"(?P<cue>已解决|解决了|已修复|修好了|不卡了|unblocked)",
        examples=[("已解决：测试环境的证书过期", {"about": "测试环境的证书过期"})],
    ),
)

ROWS: tuple[TaskSpec, ...] = (
    *GOALS,
    dict(
        name="zh_blocker_is",
        emits=NEW_BLOCKER,
        cues=("卡点", "阻塞点", "瓶颈", "难点", "障碍", "问题"),
        pattern=r"^(?:现在的?|目前的?|眼下的?|主要的?|最大的?)?(?:(?P<cue>卡点|阻塞点|瓶颈|难点|障碍)|(?<=的)(?P<cue2>问题))(?:在于|是|就是)\s*(?P<entry>.+)$",
        examples=[("卡点在于测试环境没有 GPU", "测试环境没有 GPU"), ("现在的问题是上游接口一直超时", "上游接口一直超时")],
    ),
    dict(
        name="zh_blocker",
        emits=NEW_BLOCKER,
        cues=("卡在", "等待", "在等", "受阻"),
        pattern=r"^(?:我们|我|目前|现在|还|一直|正)*(?P<cue>卡在|在等待|等待|在等|受阻于)\s*(?P<entry>.+?)(?:上了|上面|上|了)?$",
        examples=[("目前卡在DNS变更上了", "DNS变更"), ("我们还在等法务的审批", "法务的审批")],
    ),
    dict(
        name="zh_blocked_by",
        emits=NEW_BLOCKER,
        cues=("卡住", "挡住", "拖住"),
        pattern=r"^[^，,]{0,10}?被(?P<entry>[^，,]{1,30}?)(?P<cue>卡住|挡住|拖住)了?(?:[，,].*)?$",
        examples=[("现在被安全审计卡住了", "安全审计")],
    ),
    dict(
        name="zh_wait_until",
        emits=NEW_BLOCKER,
        cues=("等",),
        pattern=r"^(?:现在|目前)?(?P<cue>还得等|只能等|得等|还在等)(?P<entry>.+?)(?:之后|以后|了)?(?:才能.*)?$",
        examples=[("还得等供应商发新的报价才能下单", "供应商发新的报价")],
    ),
    dict(
        name="zh_blocker_clause",
        emits=NEW_BLOCKER,
        whole=True,
        search=True,
        cues=("卡住", "没法继续", "无法继续", "推进不了", "进行不下去", "动不了"),
        pattern=_CLAUSE
        + r"(?:所以|现在|目前|还是|一直|我们|咱们|我|也|就)*(?P<cue>卡住了|卡住|没法继续|无法继续|推进不了|进行不下去|动不了)",
        examples=[("机房的网络策略还没开，所以我们现在卡住了", "机房的网络策略还没开，所以我们现在卡住了")],
    ),
    dict(
        name="zh_open",
        emits=NEW_OPEN,
        cues=("下一步", "接下来", "待办", "后续", "todo", "剩下", "还需要", "还要", "还得"),
        pattern=r"^(?:(?P<cue>下一步|接下来|待办事项|待办|后续|TODO|todo|剩下的)(?:是|要|需要|就是)?[：:，,\s]*|(?:我们|我)?还(?P<cue2>需要|要|得))"
        r"(?P<entry>.+)$",
        examples=[("我们还需要写运维手册", "写运维手册"), ("接下来要补单元测试", "补单元测试")],
    ),
    dict(
        name="zh_open_missing",
        emits=NEW_OPEN,
        cues=("还差", "还缺"),
        pattern=r"^(?:现在|目前)?(?:就|只)?(?P<cue>还差|还缺)(?P<entry>.+)$",
        examples=[("还差一个签字", "一个签字")],
    ),
    dict(
        name="zh_open_state",
        emits=NEW_OPEN,
        cues=("没定", "没确定", "待定", "没想好", "没决定", "悬而未决"),
        pattern=r"^(?P<entry>.{2,40}?)(?:现在|目前)?(?:还|都|也)?(?P<cue>没定|没确定|待定|没想好|没决定|悬而未决)(?:下来)?$",
        examples=[("年会场地还没定", "年会场地")],
    ),
    dict(
        name="zh_open_undecided",
        emits=NEW_OPEN,
        cues=("还没定", "还没确定", "还没想好", "还没决定"),
        pattern=r"^(?:我们|我)?(?P<cue>还没定|还没确定|还没想好|还没决定)(?P<entry>.+)$",
        examples=[("还没想好春节回谁家", "春节回谁家")],
    ),
    dict(
        name="zh_done",
        emits=NEW_PROGRESS,
        cues=("完成", "做完", "搞定", "修复了", "合并了", "上线了", "进展"),
        pattern=r"^(?:我们|我)?(?P<cue>已完成|已经完成了?|完成了|做完了|搞定了|已搞定|已做完|修复了|合并了|上线了|进展(?=[：:]))[：:，,\s]*(?P<entry>.+)$",
        examples=[("完成了数据库迁移", "数据库迁移")],
    ),
    # A share or a count of the work done, whatever the verb: "水电完成70%了", "稿子写完了三章", "地板铺完了三间",
    # "墙面刷了大概60%". The figure after the verb is what makes it a tally rather than an event.
    dict(
        name="zh_done_share",
        emits=NEW_PROGRESS,
        whole=True,
        search=True,
        cues=("了", "完成", "搞定"),
        pattern=_CLAUSE + r"(?P<entry>[^，,。；;]{1,16}?)(?:已经|已|都|才|也)?(?P<cue>完成|搞定了?|[\u4e00-\u9fff](?:完了?|好了?|了))"
        r"(?:大概|差不多|约|快)?(?:\d+(?:\.\d+)?\s?[%％]|[\d一二三四五六七八九十两]+\s?(?:" + _COUNTERS + r")|一半|大半|八成|九成)"
        r"(?:了)?(?=[，,。；;]|$)",
        examples=[
            ("水电完成70%了，卫生间和厨房的管都走完了", "水电完成70%了，卫生间和厨房的管都走完了"),
            ("稿子写完了三章，还剩两章", "稿子写完了三章，还剩两章"),
        ],
    ),
    # A count of the whole done so far, with what was counted after it: "目前已经交了4个班的", "又退了两户，现在退了7户了".
    # A word of the tally (已经, 现在, 又, 就差…) tells it from an event ("我们吃了三个苹果").
    dict(
        name="zh_done_count",
        emits=NEW_PROGRESS,
        whole=True,
        search=True,
        cues=("已经", "现在", "目前", "又", "一共", "总共", "就差", "还剩", "还差"),
        pattern=_CLAUSE
        + r"(?=[^。；;]*?(?:已经|现在|目前|又|一共|总共|就差|还剩|还差))(?P<entry>[^，,。；;]{0,16}?)(?P<cue>[\u4e00-\u9fff]了)"
        r"[\d一二三四五六七八九十两]+\s?(?:" + _COUNTERS + r")(?:[\u4e00-\u9fff]{0,3}?(?:的[\u4e00-\u9fff]{1,4})?)?了?(?=[，,。；;]|$)",
        examples=[("押金已经退了4户的，剩下的月底退", "押金已经退了4户的，剩下的月底退")],
    ),
    dict(
        name="zh_done_passive",
        emits=NEW_PROGRESS,
        cues=("已",),
        pattern=r"^(?P<entry>[^，,]{2,40}?)(?P<cue>已经|已)(?:完成|做完|搞定|修复|合并|上线)了?$",
        examples=[("登录页面已经完成了", "登录页面")],
    ),
    dict(
        name="zh_done_state",
        emits=NEW_PROGRESS,
        whole=True,
        search=True,
        cues=_DONE_VERBS,
        # Not a standing instruction (以后都…), and the verb is finished (写完了, 跑通, 过了), not a noun's first half (提交信息).
        pattern=r"^(?!.*(?:以后|今后|从现在|往后|每次|一律))(?:.*?)(?P<cue>已经|已|都|也都)(?:有)?[^，,。；;]{0,12}?(?:"
        + "|".join(_DONE_VERBS)
        + r")(?:了|完|好|过)?(?=[了，,。；;！!]|$)",
        examples=[("后端接口已经写完了，单测也都过了", "后端接口已经写完了，单测也都过了")],
    ),
    # 眼底查完了, 合同签好了: the topic, then the verb that finishes it.
    dict(
        name="zh_done_topic",
        emits=NEW_PROGRESS,
        whole=True,
        cues=("完了", "好了"),
        # Any verb finishes with 完 (排完了, 谈完了), save eating, sleeping and play; 好 only after a verb of work.
        pattern=r"^(?![^，,。；;]*(?:以后|今后|每次|一律|吗|还没|没有|要是|如果))[^，,。；;]{2,14}?(?:全部|全都|都|全)?"
        r"(?:(?![吃喝睡玩聊哭笑逛])[\u4e00-\u9fff](?=完)|[查做办弄写改测签交修装搬填批审录拍剪体检排订谈付买租约发联安备](?=好))(?P<cue>完|好)了(?=[，,。；;！!]|$).*$",
        examples=[
            ("护照照片拍好了，下周去递材料", "护照照片拍好了，下周去递材料"),
            ("十二月四周的班全部排完了", "十二月四周的班全部排完了"),
        ],
    ),
    # ---- resolutions ----
    dict(
        name="zh_resolved",
        emits=UNBLOCKS,
        search=True,
        cues=(
            "解决",
            "修好",
            "修复",
            "搞定",
            "恢复",
            "批下来",
            "不卡",
            "畅通",
            "通了",
            "解除",
            "能用",
            "正常",
            "续上",
            "续好",
            "到账",
            "到位",
            "通过了",
        ),
        pattern=_CLAUSE
        + r"(?P<about>[^，,；;。]{1,30}?)"
        + _ADV
        + r"(?P<cue>解决了|解决掉了|修好了|修复了|搞定了|恢复了|恢复正常了?|批下来了|"
        r"不卡了|畅通了|打通了|解除了|可以用了|能用了|正常了|续上了|续好了|到账了|到位了|通过了|能正常[^，,；;。]{1,4}了)(?=[，,；;。！!]|$)",
        examples=[
            ("测试库的写权限已经解决了", {"about": "测试库的写权限"}),
            ("这个已经解决了", {"about": ""}),
            ("好消息：域名证书已经续上了", {"about": "域名证书"}),
        ],
    ),
    dict(
        name="zh_opened",
        emits=UNBLOCKS,
        search=True,
        cues=("打开了", "开通了", "开了", "配好了", "批好了", "到位了", "批了"),
        pattern=_CLAUSE
        + r"(?P<about>[^，,；;。]{1,30}?)(?P<cue>已经|都|终于|总算)(?:打开了|开通了|开了|配好了|批好了|到位了|批了)(?=[，,；;。！!]|$)",
        examples=[("预发环境的白名单已经开通了", {"about": "预发环境的白名单"})],
    ),
    dict(
        name="zh_settled",
        emits=ANSWERS,
        cues=("定了", "定下来", "确定了", "敲定", "有结论", "拍板"),
        pattern=r"^(?P<about>[^，,]{2,30}?)"
        + _ADV
        + r"(?P<cue>(?<!搞)定了|(?<!搞)定下来了|确定了|敲定了|有结论了|拍板了)(?:[，,]\s*(?P<entry>.+))?$",
        examples=[("发布时间定下来了，下周三晚上", {"about": "发布时间", "entry": "下周三晚上"})],
    ),
    dict(
        name="zh_decided",
        emits=ANSWERS,
        cues=("决定",),
        search=True,
        pattern=_CLAUSE + r"(?:最后|最终|我们|大家|已经|现在)*(?P<cue>决定)(?:了)?(?:[，,]\s*)?(?P<entry>(?![吗呢])[^？?]+)$",
        examples=[("最后决定用阿里云的对象存储", {"entry": "用阿里云的对象存储"})],
    ),
    dict(
        name="zh_conclusion",
        emits=ANSWERS,
        cues=("结论", "答案", "答复", "决定"),
        pattern=r"^(?:关于)?(?P<about>[^，,]{0,20}?)(?:的)?(?:[，,]\s*)?(?P<cue>结论|答案|答复|决定)(?:是|为)\s*(?P<entry>.+)$",
        examples=[
            ("数据保留期的结论是存两年", {"about": "数据保留期", "entry": "存两年"}),
            ("关于缓存的问题，结论是先不加", {"about": "缓存的问题", "entry": "先不加"}),
        ],
    ),
    dict(
        name="zh_replied",
        emits=REPLY,
        cues=("回复了", "回了", "答复了", "回话了", "确认了"),
        pattern=r"^(?P<about>[^，,]{1,20}?)(?:那边)?(?:已经|刚|刚刚)?(?P<cue>回复了|回了消息|答复了|回话了|确认了)(?:[，,]\s*(?P<entry>.+))?$",
        examples=[("房东回复了，押金全退", {"about": "房东", "entry": "押金全退", "field": BLOCKER})],
    ),
)
