"""Chinese extraction tables (see patterns_core for the row format and the named groups)."""

from services.memory.domain.patterns_core import (
    _KEY_ZH,
    _LINK_ZH,
    CUR,
    FACT,
    NUMBER,
    RULE,
    UNITS_ZH,
    VAL_ZH,
    _row,
)

RULES_ZH = (
    _row(
        "zh_always",
        "zh",
        RULE,
        r"(?P<marker>请始终|始终|总是|永远|一直都要|每次都要|任何时候都要?)",
        [
            ("请始终用中文回复。", {"key": "rule:始终用中文回复", "value": "请始终用中文回复"}),
            ("提交前始终运行测试", {"value": "提交前始终运行测试"}),
        ],
        needles=("始终", "总是", "永远", "一直都要", "每次都要", "任何时候"),
    ),
    _row(
        "zh_dont",
        "zh",
        RULE,
        r"(?<![我他她它])(?P<marker>请勿|切勿|千万不要|千万别|不要|^别(?![的人处])|(?<=[里上中内边前后时])别(?=[\u4e00-\u9fff]))",
        [
            ("不要在周五发布。", {"key": "rule:不要在周五发布"}),
            ("请勿提交密钥", {"key": "rule:请勿提交密钥"}),
            ("前端代码里别写死域名", {"key": "rule:前端代码里别写死域名"}),
        ],
        needles=("不要", "勿", "别"),
    ),
    # 拿不准/说不准 (unsure), 记不得/舍不得/不得不/不得了 are not prohibitions.
    _row(
        "zh_forbid",
        "zh",
        RULE,
        r"(?P<marker>禁止|严禁|(?<![记舍怪巴恨顾由说晓懂认])不得(?![不了])|不允许|(?<![拿说看猜估算定测对])不准|不许)",
        [("禁止直接推送到主分支。", {"key": "rule:禁止直接推送到主分支"}), ("生产库不准手工改数据", {"value": "生产库不准手工改数据"})],
        needles=("禁止", "严禁", "不得", "不允许", "不准", "不许"),
    ),
    _row(
        "zh_from_now",
        "zh",
        RULE,
        r"(?P<marker>从现在起|从现在开始|从今以后|今后都|以后都|以后一律|往后都|以后(?=请|要|不要|别|必须|始终|总是|统一|[^，,。！？]{1,12}?都)|以后(?!再)(?=[^，,。！？]{1,12}?用))",
        [
            ("以后都用英文写提交信息。", {"key": "rule:以后都用英文写提交信息"}),
            ("以后回答都简短一点。", {"key": "rule:以后回答都简短一点"}),
            ("以后提交信息用中文写。", {"key": "rule:以后提交信息用中文写"}),
        ],
        needles=("从现在", "从今以后", "今后", "以后", "往后"),
    ),
    _row(
        "zh_uniform",
        "zh",
        RULE,
        r"(?P<marker>一律|统一使用|统一用|一概|统一(?=转|改|用|走|按|放|存|写|设|换|发|交|放))",
        [
            ("日志时间一律使用UTC。", {"key": "rule:日志时间一律使用utc"}),
            ("所有金额入库前统一转成分。", {"key": "rule:所有金额入库前统一转成分"}),
        ],
        needles=("一律", "统一", "一概"),
    ),
    # 凡是…都要: a rule over every case.
    _row(
        "zh_universal",
        "zh",
        RULE,
        r"(?P<marker>凡是)[^。！？]*?(?:都|均|一律|全部)(?:要|得|必须|需要|须|需|应该|应|不能|不得|不许)",
        [
            ("凡是涉及用户数据的接口，上线前都要做隐私评审。", {"key": "rule:凡是涉及用户数据的接口，上线前都要做隐私评审"}),
            ("今后凡是动到计费的脚本都得先在预发跑一遍", {"value": "今后凡是动到计费的脚本都得先在预发跑一遍"}),
        ],
        needles=("凡是",),
    ),
    _row(
        "zh_remember",
        "zh",
        RULE,
        r"^(?:请)?(?P<marker>记得|记住|记着|别忘了|不要忘记)",
        [("记得先跑测试再提交。", {"key": "rule:记得先跑测试再提交"})],
        needles=("记", "忘"),
    ),
    _row(
        "zh_label",
        "zh",
        RULE,
        r"^(?P<marker>(?:先|再|另外|还有)?(?:定个|定一个|立个|立一条|说个|加个|加一条|补一条|一条)?(?:规矩|规则|要求|约束|规范|约定|原则|铁律|规定)[：:])",
        [
            ("规则：周五不发布。", {"key": "rule:规则：周五不发布"}),
            ("先立个规矩：生产库的变更要提前一天报备。", {"value": "先立个规矩：生产库的变更要提前一天报备"}),
        ],
        needles=("规则", "要求", "约束", "规范", "约定", "规矩", "原则", "铁律", "规定"),
    ),
    _row(
        "zh_must",
        "zh",
        RULE,
        r"(?P<marker>必须|务必|一定要|必需)",
        [("所有提交必须签名。", {"key": "rule:所有提交必须签名"}), ("务必先备份数据库", {"value": "务必先备份数据库"})],
        needles=("必须", "务必", "一定要", "必需"),
        weak=True,
    ),
    # A prohibition on a thing, not a person's inability: "海外用户的数据不能出境".
    _row(
        "zh_cannot",
        "zh",
        RULE,
        r"^(?![我你他她它咱])[^，,。！？]{2,24}?(?P<marker>不能|不可以|不可|不许|不应该|不应)(?![不])(?![^，,。！？]*了(?:[，,。！？]|$))",
        [("海外用户的数据不能出境，这一条要写进合同。", {"key": "rule:海外用户的数据不能出境，这一条要写进合同"})],
        needles=("不能", "不可", "不许", "不应"),
        weak=True,
    ),
    _row(
        "zh_please",
        "zh",
        RULE,
        r"^(?P<marker>请)(?:使用|用|以|保持|按照|遵循)\S",
        [("请用中文回答。", {"key": "rule:用中文回答"})],
        needles=("请",),
        weak=True,
    ),
)


_NAME_ZH = r"(?P<value>(?![其他她它我你咱大])[\u4e00-\u9fff]{2,4}?|[A-Za-z][\w.\-]{1,30})"
FACTS_ZH = (
    # Who owns what: X交给Y, (这次)X由Y负责, 出故障时由Y值班 (the role word names the key: 负责人, 值班负责人).
    _row(
        "zh_assign",
        "zh",
        FACT,
        r"^(?:把|将)?"
        + _KEY_ZH
        + r"(?:这块|这部分|这一块|这边|的工作|的事情?)?(?:已经|已|先|就)?(?P<role>交给|交由|分给|指派给|安排给|分配给)了?"
        + _NAME_ZH
        + r"(?=了|来|去|负责|处理|跟进|[，,。；;]|$)",
        [("支付对账这部分交给王雨桐了，细节她会跟进。", {"key": "支付对账负责人", "value": "王雨桐"})],
        needles=("交给", "交由", "分给", "指派给", "安排给", "分配给"),
    ),
    _row(
        "zh_owner_by",
        "zh",
        FACT,
        r"^(?:[^，,由]{1,20}?(?:时|的时候|期间)[，,]?)?(?:这次|本次|此次)?(?:" + _KEY_ZH + r"(?:这块|这部分|的工作)?)??"
        r"(?:统一|主要|目前|暂时|将)?由" + _NAME_ZH + r"(?:来|去)?(?P<role>负责|值班|跟进|牵头|主导|维护|对接|处理)",
        [
            ("这次数据迁移由周敏负责，进度每天同步。", {"key": "数据迁移负责人", "value": "周敏"}),
            ("夜间出告警时由韩雪值班处理。", {"key": "值班负责人", "value": "韩雪"}),
        ],
        needles=("由",),
    ),
    _row(
        "zh_called",
        "zh",
        FACT,
        r"^" + _KEY_ZH + r"(?:叫做|叫|名为|称为|命名为)(?P<value>.+)$",
        [("测试环境的存储桶叫logs-stg。", {"key": "测试环境的存储桶", "value": "logs-stg"})],
        needles=("叫", "名为", "称为"),
    ),
    _row(
        "zh_set",
        "zh",
        FACT,
        r"^(?:请)?(?:(?:我们|咱们|我)(?:已经|已)?)?(?:把|将)?"
        + _KEY_ZH
        + r"(?:设为|设置为|设置成|设成|设定为|定为|配置为|配置成|换成|改成|改为|改用|调成|调为|(?:改|挪|调|移|推迟|提前)到了?)(?P<value>.+)$",
        [
            ("把日志级别设为debug。", {"key": "日志级别", "value": "debug"}),
            ("默认分支设成main", {"key": "默认分支", "value": "main"}),
            ("我们把站会挪到了早上十点。", {"key": "站会", "value": "早上十点"}),
        ],
        needles=("设", "定为", "配置", "换成", "改成", "改到", "挪到", "调到", "移到", "推迟到", "提前到"),
    ),
    # What a person says of themselves; the key is the row's (an empty key group takes the suffix).
    _row(
        "zh_call_me",
        "zh",
        FACT,
        r"^(?:你)?(?:可以)?叫我(?P<key>)(?P<value>[\u4e00-\u9fffA-Za-z]{1,6}?)(?:就行|就好|就可以)?了?$",
        [("叫我小王就行。", {"key": "名字", "value": "小王"})],
        needles=("叫我",),
        key_suffix="名字",
    ),
    _row(
        "zh_based_in",
        "zh",
        FACT,
        r"^(?:我|我们)(?:现在|目前)?(?:住在|定居在|常驻)(?P<key>)(?P<value>[\u4e00-\u9fff]{2,8}?)$",
        [("我住在上海。", {"key": "所在地", "value": "上海"})],
        needles=("住在", "定居", "常驻"),
        key_suffix="所在地",
    ),
    _row(
        "zh_allergic",
        "zh",
        FACT,
        r"^(?:我|我们)对(?P<key>)(?P<value>.{1,12}?)过敏$",
        [("我对花生过敏。", {"key": "过敏", "value": "花生"})],
        needles=("过敏",),
        key_suffix="过敏",
    ),
    _row(
        "zh_use_value_first",
        "zh",
        FACT,
        r"^(?:请|我们|咱们|我)?(?:都)?(?:使用|用|采用|改用)(?P<value>[A-Za-z0-9_.\-+/@ ]+?)\s*(?:来|去|进行|做|作为|当作|当)?"
        r"(?P<key>[\u4e00-\u9fff][\u4e00-\u9fffA-Za-z0-9 ]{1,15})$",
        [("我们用pnpm安装依赖。", {"key": "安装依赖", "value": "pnpm"}), ("我们用Redis做缓存", {"key": "缓存", "value": "Redis"})],
        needles=("用",),
    ),
    _row(
        "zh_use_key_first",
        "zh",
        FACT,
        r"^"
        + _KEY_ZH
        # 用 of 应用/费用/信用/作用/使用 (a word, not "use") does not split a key from a value.
        + r"(?:用的是|使用的是|就用|统一用|使用|采用|(?<![应费信作使试通实适专公])用(?![户途法量品语餐于意人到]))(?P<value>[^，,。]{1,30})(?:[，,；;].*)?$",
        [
            ("安装依赖用pnpm。", {"key": "安装依赖", "value": "pnpm"}),
            ("数据库用的是PostgreSQL 16", {"key": "数据库", "value": "PostgreSQL 16"}),
            ("合同抬头用 Acme Pte. Ltd.，别再用旧的了", {"key": "合同抬头", "value": "Acme Pte. Ltd."}),
        ],
        needles=("用",),
    ),
    # Who a duty belongs to now: "退货审批现在归刘洋".
    _row(
        "zh_belongs",
        "zh",
        FACT,
        r"^" + _KEY_ZH + r"(?:现在|目前|以后|今后|已经|改)?(?:归|划给|转给)" + _NAME_ZH + r"(?:负责|来管|管)?了?(?=[，,。；;]|$)",
        [("退货审批现在归刘洋，张伟调走了。", {"key": "退货审批负责人", "value": "刘洋"})],
        needles=("归", "划给", "转给"),
        key_suffix="负责人",
    ),
    # Whom to call when something happens: "有紧急情况找赵敏", "出了故障直接打给孙浩".
    _row(
        "zh_contact",
        "zh",
        FACT,
        r"^(?:有|出了?|遇到|如果有?|万一)(?P<key>[^，,。找打联]{1,12}?)(?:的话|时|的时候)?[，,]?\s*(?:就|直接|请|可以|先)*(?:找|打给|联系|呼叫|通知|call)\s*"
        + _NAME_ZH
        + r"(?=[，,。；;]|$|来|处理|负责)",
        [
            ("有紧急情况找赵敏，她负责支付网关。", {"key": "紧急情况联系人", "value": "赵敏"}),
            ("出了故障直接打给孙浩。", {"key": "故障联系人", "value": "孙浩"}),
        ],
        needles=("找", "打给", "联系", "呼叫", "通知", "call"),
        key_suffix="联系人",
    ),
    # A date something is due on: "Orvane 要求 3月28日 交稿", "新同事下周一入职".
    _row(
        "zh_due",
        "zh",
        FACT,
        r"^(?P<key>[^，,]{1,12}?)(?:要求|需要|要|得|必须|计划|打算|定在|定于)?(?:在)?\s*(?P<value>\d{1,2}月\d{1,2}[日号]|下?(?:周|星期)[一二三四五六日天]|明天|后天)"
        r"\s*(?:之前|以前|前)?(?P<role>交稿|交付|交|上线|发布|完成|提交|送审|截止|到期|开始|上班|入职|到岗)",
        [
            ("Orvane 要求 3月28日 交稿，对接人是郑敏。", {"key": "orvane交稿", "value": "3月28日"}),
            ("新同事下周一入职。", {"key": "新同事入职", "value": "下周一"}),
        ],
        needles=("交", "上线", "发布", "完成", "提交", "送审", "截止", "到期", "开始", "上班", "入职", "到岗"),
    ),
    # When something happens: "对账任务每天凌晨两点跑一次".
    _row(
        "zh_when",
        "zh",
        FACT,
        r"^"
        + _KEY_ZH
        + r"(?:是|为|在)?(?P<value>(?:每(?:天|日|周|星期|个?月|年|个?工作日)|周[一二三四五六日天]|星期[一二三四五六日天])[^，,。；;]{1,20})(?:[，,；;].*)?$",
        [("对账任务每天凌晨两点跑一次。", {"key": "对账任务", "value": "每天凌晨两点跑一次"})],
        needles=("每", "周", "星期"),
    ),
    _row(
        "zh_is",
        "zh",
        FACT,
        r"^" + _KEY_ZH + r"(?:就是|是|(?<![因认作成以称行较更极最])为|等于|=)(?!否|不是)(?P<value>.+)$",
        [
            ("部署目标是eu-west-1。", {"key": "部署目标", "value": "eu-west-1"}),
            ("我们的主数据库是Postgres", {"key": "主数据库", "value": "Postgres"}),
            ("这边的值班负责人是李雷，上海团队的。", {"key": "值班负责人", "value": "李雷"}),
        ],
        needles=("是", "为", "等于", "="),
    ),
    _row(
        "zh_colon",
        "zh",
        FACT,
        r"^(?=[^：:]*[\u4e00-\u9fff])(?P<key>[\u4e00-\u9fffA-Za-z0-9_\- ]{1,12})[：:]\s*(?P<value>.+)$",
        [("包管理器：pnpm", {"key": "包管理器", "value": "pnpm"})],
        needles=("：", ":"),
    ),
)


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
        + r")?\s*(?:来|去)?(?:配置|配|设置|设定|设|算|走|执行|处理|定)(?:好|上)?了?(?P<tail>.*)$",
        [
            (
                "批量导出任务的并发先按 6 个配，只在夜间窗口生效。",
                {"key": "批量导出任务的并发", "value": "6", "unit": "个", "condition": "只在夜间窗口生效; 批量导出任务"},
            ),
            ("重试间隔按照15秒设置", {"key": "重试间隔", "value": "15", "unit": "秒", "condition": ""}),
        ],
        needles=("按", "照"),
    ),
)


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
        r"^(?P<key>[^，,]{0,20}?)不是(?P<old>[^，,]{1,30}?)[，,]?\s*(?:而是|而应该是|应该是|是)(?P<new>.+)$",
        [
            ("部署区域不是eu-west-1而是eu-central-1", {"key": "部署区域", "value": "eu-central-1", "corrects": "eu-west-1"}),
            ("不是pnpm，是yarn", {"key": "", "value": "yarn", "corrects": "pnpm"}),
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
