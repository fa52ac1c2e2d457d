"""Chinese rule rows: sentences that set a standing instruction (row format: domain/patterns_core.py)."""

from services.memory import regex_cache
from services.memory.domain.patterns_core import RULE, _row

# Up to two clauses before a rule that say when it holds or who said it: "开会的时候，", "房东说，", "王老师发消息说，".
# Days that make a clause a plan: "明天", "下周五", "这个周末".
_DAYS = r"今天|明天|后天|昨天|今晚|明晚|周[一二三四五六日末]|星期|下周|这周|本周|下个月|这个月|月底|年底"
_WHEN_OR_WHO_SAID = r"(?:[^，,。！？]{1,20}?(?:的时候|时|期间|说|表示|强调|提醒)[，,：:]?\s*){0,2}"

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
        # 要不要 asks whether (还在想要不要报名): no prohibition.
        r"(?<![我他她它])(?P<marker>请勿|切勿|千万不要|千万别|(?<!要)不要|^别(?![的人处])|(?<=[里上中内边前后时])别(?=[\u4e00-\u9fff]))",
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
        r"(?P<marker>从现在起|从现在开始|从今以后|今后都|以后都|以后一律|往后都|以后(?!的)(?=请|要|不要|别|必须|始终|总是|统一|[^，,。！？]{1,12}?都)|以后(?!再)(?=[^，,。！？]{1,12}?用))",
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
        # Whose rule it is may come first: 我给自己定的规矩：…, 老板定了个原则：…, 家里的规定：….
        r"^(?P<marker>(?:[^，。：:！？?]{1,10}?(?:的|定了个|定了一个|定了一条|立了个|立了一条))?"
        r"(?:先|再|另外|还有)?(?:(?:定个|定一个|立个|立一条|说个|加个|加一条|补一条|一条)?(?:规矩|规则|要求|约束|规范|约定|原则|铁律|规定)"
        r"(?:先)?(?:讲清楚|说清楚|说在前面|说好)?|"
        # A numbered one, or one more: 第二条：…, 还有一条：…
        r"说好一条|说清楚一点|讲清楚一条|丑话说在前面|第[一二三四五六七八九十\d]{1,2}条|(?:还有|另外|再加|再补|先说|先讲|说|讲)?一条)[：:])",
        [
            ("规则：周五不发布。", {"key": "rule:规则：周五不发布"}),
            ("先立个规矩：生产库的变更要提前一天报备。", {"value": "先立个规矩：生产库的变更要提前一天报备"}),
            ("先说好一条：退款单都要两个人复核。", {"value": "先说好一条：退款单都要两个人复核"}),
            ("规矩先说清楚：超过 500 元的退款都要我批。", {"value": "规矩先说清楚：超过 500 元的退款都要我批"}),
            ("第二条：报销单要附发票原件。", {"value": "第二条：报销单要附发票原件"}),
            ("还有一条：周末不接急单。", {"value": "一条：周末不接急单"}),  # "还有" is an opener, stripped
            ("我给自己定的规矩：晚上十点以后不看手机。", {"value": "我给自己定的规矩：晚上十点以后不看手机"}),
            ("老板定了个原则：周五不发版，除非是紧急修复。", {"value": "老板定了个原则：周五不发版，除非是紧急修复"}),
            ("家里的规定：每周最多点两次外卖。", {"value": "家里的规定：每周最多点两次外卖"}),
        ],
        needles=("条", "规则", "要求", "约束", "规范", "约定", "规矩", "原则", "铁律", "规定", "说好", "说清楚", "讲清楚", "丑话"),
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
        # 能不能 / 可不可以 asks whether (甲方问能不能装个水龙头): no prohibition.
        # A clause of when ("开会的时候，") or who said it ("房东说，") may come first.
        r"^"
        + _WHEN_OR_WHO_SAID
        + r"(?![我你他她它咱](?!的))[^，,。！？]{2,24}?(?<![能可许应])(?P<marker>不能|不可以|不可|不许|不应该|不应)(?![不])(?![^，,。！？]*了(?:[，,。！？]|$))",
        [
            ("海外用户的数据不能出境，这一条要写进合同。", {"key": "rule:海外用户的数据不能出境，这一条要写进合同"}),
            ("装修期间，工人不能在屋里抽烟。", {"key": "rule:装修期间，工人不能在屋里抽烟"}),
        ],
        needles=("不能", "不可", "不许", "不应"),
        weak=True,
    ),
    # What someone or something may only do: "地下室的储物间只能放干货", "这台打印机只能打黑白".
    _row(
        "zh_only_can",
        "zh",
        RULE,
        r"^(?![我你咱])[^，,。！？]{1,24}?(?P<marker>只能|只可以|只许|只准)(?![^，,。！？]*了(?:[，,。！？]|$))",
        [("地下室的储物间只能放干货。", {"key": "rule:地下室的储物间只能放干货"})],
        needles=("只能", "只可以", "只许", "只准"),
        weak=True,
    ),
    # What holds or is required, with the case it does not hold in: "合同里的金额要写大写，除非对方另有格式",
    # "退货运费由卖家承担，除非是买家自己弄坏的".
    _row(
        "zh_norm_unless",
        "zh",
        RULE,
        # A plan with its condition ("我明天要去上海，除非下雨", "周六去爬山，除非下雨") is no rule: the subject is not
        # the speaker, the main clause names no day and tells nothing done (了, 过).
        r"^"
        + _WHEN_OR_WHO_SAID
        + r"(?![我咱])(?!(?:(?!除非)[^。！？])*(?:"
        + _DAYS
        + r"|了|过))(?:[^，,。！？]{2,30}?[，,]\s*){1,2}(?P<marker>除非)",
        [
            ("合同里的金额要写大写，除非对方另有格式。", {"key": "rule:合同里的金额要写大写，除非对方另有格式"}),
            ("财务昨天提醒，报销单要附原件，除非金额不到一百。", {"key": "rule:财务昨天提醒，报销单要附原件，除非金额不到一百"}),
            ("退货运费由卖家承担，除非是买家自己弄坏的。", {"key": "rule:退货运费由卖家承担，除非是买家自己弄坏"}),
        ],
        needles=("除非",),
    ),
    # A routine and its exception: "周末的快递放到物业。除非是生鲜，就别放，直接送上楼".
    _row(
        "zh_unless",
        "zh",
        RULE,
        r"(?P<marker>除非)[^。！？]{2,40}?[，,][^。！？]*(?:别|不要|不用|不能|先不|就不|改成|改到)",
        [("周末的快递放到物业。除非是生鲜，就别放，直接送上楼。", {"value": "周末的快递放到物业。除非是生鲜，就别放，直接送上楼"})],
        needles=("除非",),
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

# Words that make a sentence a rule say nothing of what it is about, as the bigrams ingest compares rules by
# (从现在开始, 以后, 始终, 不要, 必须).
RULE_MARKER_TERMS = frozenset({"从现", "现在", "在开", "开始", "以后", "始终", "总是", "永远", "不要", "必须"})

POLITE = regex_cache.compile(r"^请(?=[^勿])")

# Characters in a rule's marker that make it forbid rather than require.
NEGATIVE_MARKERS = r"不|勿|别|禁|严"
