"""Chinese fact rows: owners, names, settings, due dates (row format: domain/patterns_core.py)."""

from services.memory.domain.patterns_core import FACT, _row
from services.memory.lang.zh.grammar import _KEY_ZH

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
    # When or where something is set: "开工日期定在3月18日", "发布会暂定在周四下午", "婚礼安排在十月".
    _row(
        "zh_set_at",
        "zh",
        FACT,
        r"^"
        + _KEY_ZH
        + r"(?<!一)(?:先|暂时|暂|已经|就|目前|还是)?(?:定在|定于|安排在|约在|排在)(?P<value>[^，,。；;]{1,30})(?:[，,；;].*)?$",
        [
            ("开工日期定在3月18日，合同今天下午签。", {"key": "开工日期", "value": "3月18日"}),
            ("发布会暂定在周四下午。", {"key": "发布会", "value": "周四下午"}),
            ("婚礼安排在十月第一个周末。", {"key": "婚礼", "value": "十月第一个周末"}),
        ],
        needles=("定在", "定于", "安排在", "约在", "排在"),
    ),
    # When something happens: "对账任务每天凌晨两点跑一次".
    _row(
        "zh_when",
        "zh",
        FACT,
        r"^"
        + _KEY_ZH
        + r"(?:是|为|在)?(?P<value>(?:每(?:天|日|周|星期|个?月|年|个?工作日)(?!\s*\d)|(?:(?:下|上|这|本)个?)?(?:周[一二三四五六日天]|星期[一二三四五六日天]))"
        r"[^，,。；;]{1,20})(?:[，,；;].*)?$",
        [
            ("对账任务每天凌晨两点跑一次。", {"key": "对账任务", "value": "每天凌晨两点跑一次"}),
            ("复盘会下周三下午开。", {"key": "复盘会", "value": "下周三下午开"}),
        ],
        needles=("每", "周", "星期"),
    ),
    # A clock time, then what happens at it: "每天早上 5:40 在茶厂门口集合", "夜班 2:30 开工".
    _row(
        "zh_time_then_verb",
        "zh",
        FACT,
        r"^(?P<value>[^，,。；;：:]{0,12}?\d{1,2}[:：]\d{2}(?:\s*(?:到|至|-|–)\s*\d{1,2}[:：]\d{2})?(?:\s*在[^，,。；;\d]{1,12})?)\s*"
        r"(?P<key>[\u4e00-\u9fff]{2,4})(?:[，,。；;！].*)?$",
        [
            ("每天早上 5:40 在茶厂门口集合。", {"key": "集合", "value": "每天早上 5:40 在茶厂门口"}),
            ("夜班 2:30 开工，先开炉预热。", {"key": "开工", "value": "夜班 2:30"}),
        ],
        needles=(":", "："),
    ),
    _row(
        "zh_is",
        "zh",
        FACT,
        # A clause of condition ("除非是我们弄坏的", "如果是周末") names no key.
        r"^(?!除非|如果|要是|假如|只要|即使|哪怕|不管|无论)"
        + _KEY_ZH
        + r"(?:就是|是|(?<![因认作成以称行较更极最])为|等于|=)(?!否|不是)(?P<value>.+)$",
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
        # The colon of a clock time ("早上 7:30 开门") is no label.
        r"^(?=[^：:]*[\u4e00-\u9fff])(?P<key>[\u4e00-\u9fffA-Za-z0-9_\- ]{1,12})(?<!\d)[：:]\s*(?P<value>.+)$",
        [("包管理器：pnpm", {"key": "包管理器", "value": "pnpm"})],
        needles=("：", ":"),
    ),
)
