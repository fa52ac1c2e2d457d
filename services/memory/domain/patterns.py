"""Extraction grammar as data: one row per pattern, each with the examples its test replays.

Named groups the engine (extraction.py) understands:
  rules        marker            the rule word; the rest of the sentence is the rule's body
  facts        key, value
  numbers      key, verb, cmp, cur, value, tail (unit and condition are read from tail),
               pre (a leading "for X," / 每小时 that belongs to the condition)
  corrections  stmt [+ stmt2]    a statement to re-read with the number and fact tables,
               or key/new        when the sentence itself names them; old: the replaced value
  tasks        entry
``weak`` rules apply only when the sentence yields no fact or number; ``weak``
corrections need a keyed statement or an explicit new value ("it's Z").
Example dicts list the fields the test checks; kind defaults to the row's kind.
"""

import re
from dataclasses import dataclass

from services.memory.domain.model import ItemKind, TaskField

RULE, FACT, NUMBER, TASK = ItemKind.RULE, ItemKind.FACT, ItemKind.NUMBER, ItemKind.TASK


@dataclass(frozen=True)
class PatternRow:
    name: str
    lang: str
    kind: ItemKind
    regex: re.Pattern[str]
    examples: tuple[tuple[str, dict[str, str]], ...]
    needles: tuple[str, ...] = ()  # lowercase words or substrings, one must occur (the table's prefilter)
    task_field: TaskField | None = None
    weak: bool = False


def _row(name, lang, kind, pattern, examples, needles=(), task_field=None, weak=False) -> PatternRow:
    flags = re.IGNORECASE if lang == "en" else 0
    return PatternRow(name, lang, kind, re.compile(pattern, flags), tuple(examples), tuple(needles), task_field, weak)


# ---- shared fragments -------------------------------------------------------
# A leading condition clause ("when deploying, always ...") and politeness.
_IMP = (r"^(?:[\w' ]{1,40}:\s*)?(?:(?:when|whenever|if|before|after|while|once|for|in|on)\b[^,]{1,80},\s*)?"
        r"(?:please\s+|pls\s+|kindly\s+)?(?:(?:i'd like|i would like|i want|i need)\s+you\s+to\s+|let's\s+|"
        r"(?:you|we|u)\s+(?:should\s+|must\s+|will\s+|need to\s+)?)?")
_NUM = r"(?:\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?|\.\d+)"
# A value is a number or a range; it must not run into more digits (dates, versions, times).
_VAL_EN = rf"(?P<value>{_NUM}(?:\s*(?:-|–|~|to|and)\s*{_NUM})?k?)(?![.,:/-]?\d)"
_VAL_ZH = rf"(?P<value>{_NUM}(?:\s*(?:-|–|~|到|至)\s*{_NUM})?[万千亿]?)(?![.,:/-]?\d)"
_CUR = r"(?P<cur>US\$|[$€£¥￥])?"
_KEY_EN = r"(?P<key>[a-z0-9][\w\-./' ]{0,60}?)"
_VERB_WORDS_EN = (r"is|are|was|were|will|would|should|must|shall|can|cannot|can't|may|might|needs?|has|have|ought|stays?|"
                  r"remains?|sits?|averages?|defaults?|equals?|takes?|costs?|lasts?")
_VERB_EN = (rf"(?P<verb>(?<![A-Za-z])(?:{_VERB_WORDS_EN})(?:\s+(?:not|never|to|be|stay|remain|keep|go|get|run|hold|sit|always|ideally))*)"
            r"(?![A-Za-z])")
_CMP_WORDS_EN = (r"under|below|less than|lower than|fewer than|at most|no more than|not more than|up to|within|over|above|more than|"
                 r"greater than|higher than|at least|no less than|no fewer than|exceed(?:s|ing)?|between|around|about|approximately|"
                 r"roughly|exactly|equal to|capped at|limited to|set to|to|at|of")
_CMP_SYMBOLS = r"~|≈|<=|>=|≤|≥|<|>|=|:"
_CMP_EN = rf"(?P<cmp>(?<![A-Za-z])(?:{_CMP_WORDS_EN})(?![A-Za-z])|{_CMP_SYMBOLS})"
# Between a key and its value: a verb, a comparator or both; the lookahead stops "p95" reading as key "p", value 95.
_LINK_EN = (rf"\s*(?=(?<![A-Za-z])(?:{_VERB_WORDS_EN}|{_CMP_WORDS_EN})(?![A-Za-z])|{_CMP_SYMBOLS})"
            rf"(?:{_VERB_EN}\s*)?(?:{_CMP_EN}\s*)?")
_KEY_ZH = r"(?P<key>[\u4e00-\u9fffA-Za-z0-9_\-. ]{1,20}?)"
_CMP_WORDS_ZH = (r"不超过|不高于|不大于|不多于|不低于|不少于|不小于|低于|小于|少于|高于|大于|多于|超过|至少|至多|最多|最少|最高|最低|"
                 r"约为|大约|大概|约|≤|≥|<=|>=|<|>|~")
_MODAL_ZH = r"必须|需要|应该|应当|务必|一定要|不能|不可以|不应该|不应|不得|不要|要|应|须|得"
_SET_ZH = (r"保持在|控制在|维持在|限制在|限定在|设置为|设定为|设置成|设为|设成|定为|调到|调为|调整为|改成|等于|达到|是|为|在|：|:|=")
_LINK_ZH = (rf"(?=(?:{_MODAL_ZH}|{_SET_ZH}|{_CMP_WORDS_ZH}))(?P<verb>(?:{_MODAL_ZH})?(?:{_SET_ZH})?)\s*"
            rf"(?P<cmp>{_CMP_WORDS_ZH})?\s*")

# ---- rules ------------------------------------------------------------------
RULES_EN = (
    _row("always", "en", RULE, _IMP + r"(?P<marker>always)\s+\w",
         [("Always run the linter before committing.", {"key": "rule:always run the linter before committing"}),
          ("When deploying, always tag the release.", {"value": "When deploying, always tag the release"})],
         needles=("always",)),
    _row("never", "en", RULE, _IMP + r"(?P<marker>never)\s+\w",
         [("Never push directly to main.", {"key": "rule:never push directly to main"})], needles=("never",)),
    _row("subject_always", "en", RULE, r"^[\w\-' ]{1,40}?\s(?:should|must|will|need to|has to|have to)\s+(?P<marker>always|never)\s+\w",
         [("Commits should always be signed.", {"key": "rule:commits should always be signed"})],
         needles=("always", "never")),
    _row("from_now_on", "en", RULE,
         r"\b(?P<marker>from now on|going forward|moving forward|henceforth|from here on(?: out)?|for the rest of (?:this|the) (?:session|conversation|project))\b",
         [("From now on, reply in British English.", {"key": "rule:from now on, reply in british english"})],
         needles=("from now on", "going forward", "moving forward", "henceforth", "from here on", "for the rest of")),
    _row("make_sure", "en", RULE,
         _IMP + r"(?P<marker>make sure(?: to| that| you)?|be sure to|ensure(?: that)?|remember to|don'?t forget to|do not forget to|take care to)\s+\w",
         [("Make sure to run migrations before the tests.", {"value": "Make sure to run migrations before the tests"}),
          ("Don't forget to bump the version.", {"key": "rule:don't forget to bump the version"})],
         needles=("sure", "ensure", "remember", "forget", "take care")),
    _row("dont", "en", RULE,
         _IMP + r"(?P<marker>do not|don'?t|do n't)\s+(?!(?:worry|know|think|mind|care|understand|see|get|have|need|want|like|feel|bother)\b)\w",
         [("Do not commit secrets to the repo.", {"key": "rule:do not commit secrets to the repo"}),
          ("Please don't use tabs.", {"key": "rule:don't use tabs"})],
         needles=("not", "don't", "dont", "n't")),
    _row("only", "en", RULE,
         _IMP + r"(?P<marker>only)\s+(?:ever\s+)?(?:use|run|deploy|write|commit|push|reply|answer|respond|touch|modify|edit|change|call|speak|return)\b",
         [("Only use UTC timestamps in logs.", {"key": "rule:only use utc timestamps in logs"})], needles=("only",)),
    _row("avoid", "en", RULE,
         _IMP + r"(?P<marker>avoid|refrain from|(?:stop|quit) (?:using|doing|adding|writing|calling|making|sending|committing|pushing|running))\s+\w",
         [("Avoid global state in the handlers.", {"key": "rule:avoid global state in the handlers"})],
         needles=("avoid", "refrain", "stop", "quit")),
    _row("forbidden", "en", RULE,
         r"\b(?P<marker>(?:is|are)\s+(?:not allowed|forbidden|prohibited|banned|not permitted|off[- ]limits))\b",
         [("Force pushes to main are not allowed.", {"key": "rule:force pushes to main are not allowed"})],
         needles=("allowed", "forbidden", "prohibited", "banned", "permitted", "limits")),
    _row("label", "en", RULE, r"^(?P<marker>(?:rule|policy|constraint|requirement|guideline|convention)s?\s*:)\s*\S",
         [("Rule: no force pushes on Fridays.", {"key": "rule:rule: no force pushes on fridays"})],
         needles=(":",)),
    _row("respond_in", "en", RULE, _IMP + r"(?P<marker>reply|respond|answer|write|talk|speak)\s+(?:only\s+)?in\s+[A-Z]\w+",
         [("Reply in Spanish.", {"key": "rule:reply in spanish"})], needles=(" in ",), weak=True),
    _row("style", "en", RULE, _IMP + r"(?P<marker>keep|be)\s+(?:[\w']+\s+){0,3}?(?:short|concise|brief|terse|formal|polite|simple|minimal|small)\b",
         [("Please keep responses short.", {"key": "rule:keep responses short"})], needles=("keep", "be "), weak=True),
    _row("use_imperative", "en", RULE, _IMP + r"(?P<marker>use|prefer|stick (?:to|with))\s+\S",
         [("Use British spelling.", {"key": "rule:use british spelling"})], needles=("use", "prefer", "stick"), weak=True),
    _row("must", "en", RULE,
         r"^(?!i\b|i'm\b)(?:[\w\-'./ ]{1,50}?\s)?(?P<marker>must(?:\s+not|n't)?|shall(?:\s+not)?|(?:is|are)\s+(?:required to|mandatory))\b",
         [("All commits must be signed.", {"key": "rule:all commits must be signed"})],
         needles=("must", "shall", "required", "mandatory"), weak=True),
)

RULES_ZH = (
    _row("zh_always", "zh", RULE, r"(?P<marker>请始终|始终|总是|永远|一直都要|每次都要|任何时候都要?)",
         [("请始终用中文回复。", {"key": "rule:始终用中文回复", "value": "请始终用中文回复"}), ("提交前始终运行测试", {"value": "提交前始终运行测试"})],
         needles=("始终", "总是", "永远", "一直都要", "每次都要", "任何时候")),
    _row("zh_dont", "zh", RULE, r"(?<![我他她它])(?P<marker>请勿|切勿|千万不要|千万别|不要|^别(?![的人处]))",
         [("不要在周五发布。", {"key": "rule:不要在周五发布"}), ("请勿提交密钥", {"key": "rule:请勿提交密钥"})],
         needles=("不要", "勿", "别")),
    _row("zh_forbid", "zh", RULE, r"(?P<marker>禁止|严禁|不得|不允许|不准|不许)",
         [("禁止直接推送到主分支。", {"key": "rule:禁止直接推送到主分支"})],
         needles=("禁止", "严禁", "不得", "不允许", "不准", "不许")),
    _row("zh_from_now", "zh", RULE, r"(?P<marker>从现在起|从现在开始|从今以后|今后都|以后都|以后一律|往后都|以后(?=请|要|不要|别|必须|始终|总是|统一))",
         [("以后都用英文写提交信息。", {"key": "rule:以后都用英文写提交信息"})],
         needles=("从现在", "从今以后", "今后", "以后", "往后")),
    _row("zh_uniform", "zh", RULE, r"(?P<marker>一律|统一使用|统一用|一概)",
         [("日志时间一律使用UTC。", {"key": "rule:日志时间一律使用utc"})], needles=("一律", "统一", "一概")),
    _row("zh_remember", "zh", RULE, r"^(?:请)?(?P<marker>记得|记住|记着|别忘了|不要忘记)",
         [("记得先跑测试再提交。", {"key": "rule:记得先跑测试再提交"})], needles=("记", "忘")),
    _row("zh_label", "zh", RULE, r"^(?P<marker>(?:规则|要求|约束|规范|约定)[：:])",
         [("规则：周五不发布。", {"key": "rule:规则：周五不发布"})], needles=("规则", "要求", "约束", "规范", "约定")),
    _row("zh_must", "zh", RULE, r"(?P<marker>必须|务必|一定要|必需)",
         [("所有提交必须签名。", {"key": "rule:所有提交必须签名"}), ("务必先备份数据库", {"value": "务必先备份数据库"})],
         needles=("必须", "务必", "一定要", "必需"), weak=True),
    _row("zh_please", "zh", RULE, r"^(?P<marker>请)(?:使用|用|以|保持|按照|遵循)\S",
         [("请用中文回答。", {"key": "rule:用中文回答"})], needles=("请",), weak=True),
)

# ---- facts ------------------------------------------------------------------
FACTS_EN = (
    _row("called", "en", FACT, r"^(?:the\s+|our\s+|my\s+)?" + _KEY_EN + r"\s+(?:is|are)\s+(?:called|named)\s+(?P<value>.+)$",
         [("The staging bucket is called logs-stg.", {"key": "staging bucket", "value": "logs-stg"})],
         needles=("called", "named")),
    _row("is", "en", FACT, r"^(?:the\s+|our\s+|my\s+)?" + _KEY_EN + r"\s+(?:is|are|=|equals)\s+(?P<value>.+)$",
         [("The deploy target is eu-west-1.", {"key": "deploy target", "value": "eu-west-1"}),
          ("Our primary database is Postgres 16", {"key": "primary database", "value": "Postgres 16"})],
         needles=(" is ", " are ", "=", "equals")),
    _row("should_be", "en", FACT,
         r"^(?:the\s+|our\s+|my\s+)?" + _KEY_EN + r"\s+(?:should|must|needs? to|has to|will|would)\s+be\s+(?P<value>.+)$",
         [("The default branch should be main.", {"key": "default branch", "value": "main"})], needles=(" be ",)),
    _row("use_for", "en", FACT,
         r"^(?:please\s+)?(?:let's\s+|we\s+(?:should|will|can|must)\s+|you\s+should\s+)?(?:use|go with|stick with|pick|choose|prefer)\s+"
         r"(?P<value>[^,]{1,60}?)\s+(?:for|as)\s+(?:the\s+|our\s+|all\s+)?(?P<key>[^,]{1,60}?)$",
         [("Use pnpm for installs.", {"key": "installs", "value": "pnpm"}),
          ("Let's go with Redis as the cache", {"key": "cache", "value": "Redis"})],
         needles=("use", "go with", "stick with", "pick", "choose", "prefer")),
    _row("using_for", "en", FACT,
         r"^(?:we|i)(?:'re|'m| are| am)?\s+(?:using|use|going with|sticking with|running)\s+(?P<value>[^,]{1,60}?)\s+(?:for|as)\s+"
         r"(?:the\s+|our\s+|all\s+)?(?P<key>[^,]{1,60}?)$",
         [("We're using Terraform for provisioning.", {"key": "provisioning", "value": "Terraform"})],
         needles=("using", "use", "going with", "sticking with", "running")),
    _row("set_to", "en", FACT,
         r"^(?:please\s+)?(?:let's\s+|we\s+should\s+)?(?:set|switch|change|configure|point|update)\s+(?:the\s+|our\s+)?"
         r"(?P<key>[^,]{1,60}?)\s+(?:to|as)\s+(?P<value>.+)$",
         [("Set the log level to debug.", {"key": "log level", "value": "debug"}),
          ("Point the API base URL to https://api.example.com/v2", {"key": "api base url", "value": "https://api.example.com/v2"})],
         needles=("set", "switch", "change", "configure", "point", "update")),
    _row("colon", "en", FACT, r"^(?P<key>[a-z][\w\-./' ]{0,40}?)\s*:\s+(?P<value>.+)$",
         [("Package manager: pnpm", {"key": "package manager", "value": "pnpm"}),
          ("Region: eu-west-1", {"key": "region", "value": "eu-west-1"})], needles=(":",)),
)

FACTS_ZH = (
    _row("zh_called", "zh", FACT, r"^" + _KEY_ZH + r"(?:叫做|叫|名为|称为|命名为)(?P<value>.+)$",
         [("测试环境的存储桶叫logs-stg。", {"key": "测试环境的存储桶", "value": "logs-stg"})], needles=("叫", "名为", "称为")),
    _row("zh_set", "zh", FACT,
         r"^(?:请)?(?:把|将)?" + _KEY_ZH + r"(?:设为|设置为|设置成|设成|设定为|定为|配置为|配置成|换成|改成)(?P<value>.+)$",
         [("把日志级别设为debug。", {"key": "日志级别", "value": "debug"}), ("默认分支改成main", {"key": "默认分支", "value": "main"})],
         needles=("设", "定为", "配置", "换成", "改成")),
    _row("zh_use_value_first", "zh", FACT,
         r"^(?:请|我们|咱们|我)?(?:都)?(?:使用|用|采用|改用)(?P<value>[A-Za-z0-9_.\-+/@ ]+?)\s*(?:来|去|进行|做|作为|当作|当)?"
         r"(?P<key>[\u4e00-\u9fff][\u4e00-\u9fffA-Za-z0-9 ]{1,15})$",
         [("我们用pnpm安装依赖。", {"key": "安装依赖", "value": "pnpm"}), ("我们用Redis做缓存", {"key": "缓存", "value": "Redis"})], needles=("用",)),
    _row("zh_use_key_first", "zh", FACT, r"^" + _KEY_ZH + r"(?:用的是|使用的是|就用|统一用|使用|采用|用)(?P<value>[^，,。]{1,30})$",
         [("安装依赖用pnpm。", {"key": "安装依赖", "value": "pnpm"}), ("数据库用的是PostgreSQL 16", {"key": "数据库", "value": "PostgreSQL 16"})], needles=("用",)),
    _row("zh_is", "zh", FACT, r"^" + _KEY_ZH + r"(?:就是|是|(?<![因认作成以称行较更极最])为|等于|=)(?!否|不是)(?P<value>.+)$",
         [("部署目标是eu-west-1。", {"key": "部署目标", "value": "eu-west-1"}),
          ("我们的主数据库是Postgres", {"key": "主数据库", "value": "Postgres"})], needles=("是", "为", "等于", "=")),
    _row("zh_colon", "zh", FACT, r"^(?=[^：:]*[\u4e00-\u9fff])(?P<key>[\u4e00-\u9fffA-Za-z0-9_\- ]{1,12})[：:]\s*(?P<value>.+)$",
         [("包管理器：pnpm", {"key": "包管理器", "value": "pnpm"})], needles=("：", ":")),
)

# ---- numbers ----------------------------------------------------------------
_PRE_EN = r"^(?:(?P<pre>(?:for|in|on|during|when|with|under|across)\b[^,]{1,60}),\s*)?"
NUMBERS_EN = (
    _row("num_keep", "en", NUMBER,
         r"^(?:please\s+)?(?:let's\s+|we\s+(?:should|must|need to)\s+)?(?P<verb>keep|hold|cap|limit|set|configure|bump|raise|lower|reduce|increase|change|make)\s+"
         r"(?:the\s+|our\s+)?" + _KEY_EN + r"\s+(?P<cmp>under|below|within|at or below|at most|at least|at|to|above|over|around|=)\s*"
         + _CUR + _VAL_EN + r"(?P<tail>.*)$",
         [("Keep the bundle size under 250 KB for mobile.", {"key": "bundle size", "value": "250", "unit": "KB", "condition": "under; for mobile"}),
          ("Set the request timeout to 30s", {"key": "request timeout", "value": "30", "unit": "s", "condition": ""}),
          ("Cap retries at 5 per job", {"key": "retries", "value": "5", "condition": "at most; per job"})],
         needles=("keep", "hold", "cap", "limit", "set", "configure", "bump", "raise", "lower", "reduce", "increase", "change", "make")),
    _row("num_is", "en", NUMBER,
         _PRE_EN + r"(?:the\s+|our\s+|my\s+|a\s+|an\s+)?" + _KEY_EN + _LINK_EN + _CUR + _VAL_EN + r"(?P<tail>.*)$",
         [("p95 latency must stay under 120 ms at 500 rps.",
           {"key": "p95 latency", "value": "120", "unit": "ms", "condition": "under; at 500 rps"}),
          ("alpha = 0.05, two-sided, Bonferroni-corrected",
           {"key": "alpha", "value": "0.05", "unit": "", "condition": "two-sided, Bonferroni-corrected"}),
          ("The retry budget is 3 attempts per hour.", {"key": "retry budget", "value": "3", "unit": "attempts", "condition": "per hour"}),
          ("Timeout is 30s", {"key": "timeout", "value": "30", "unit": "s", "condition": ""}),
          ("The error rate must not exceed 0.5% (rolling 1h window).",
           {"key": "error rate", "value": "0.5", "unit": "%", "condition": "not exceed; rolling 1h window"}),
          ("Monthly cloud spend should stay below $2,000", {"key": "monthly cloud spend", "value": "2,000", "unit": "$", "condition": "below"}),
          ("Batch size: 64", {"key": "batch size", "value": "64"}),
          ("Target memory is 512-768 MB per pod", {"key": "target memory", "value": "512-768", "unit": "MB", "condition": "per pod"}),
          ("For the EU cluster, max connections is 200", {"key": "max connections", "value": "200", "condition": "For the EU cluster"})]),
    _row("num_of", "en", NUMBER,
         r"^(?:(?:we|i)\s+(?:have|need|want|use|get|target|set|allow)\s+|there(?:'s| is)\s+|use\s+|with\s+)?(?:a|an|the)\s+"
         + _KEY_EN + r"\s+of\s+(?:" + _CMP_EN + r"\s+)?" + _CUR + _VAL_EN + r"(?P<tail>.*)$",
         [("We have a retry budget of 3 attempts per hour.", {"key": "retry budget", "value": "3", "unit": "attempts", "condition": "per hour"})],
         needles=(" of ",)),
    _row("num_target", "en", NUMBER,
         r"^(?:we\s+|you\s+)?(?:need|want|target|require|aim for|expect|allow|budget)\s+(?:" + _CMP_EN + r"\s+)?" + _CUR + _VAL_EN
         + r"\s*(?P<unit>%|ms|s|KB|MB|GB|TB|rps|qps)?\s+(?P<key>[a-z][\w\-]*(?:\s+[a-z][\w\-]*){0,2}?)"
         r"(?P<tail>(?:\s*,|\s+(?:at|per|for|in|on|during|when|with|under|if|unless|except|only|across)\b).*)?$",
         [("Target 99.9% uptime for the API.", {"key": "uptime", "value": "99.9", "unit": "%", "condition": "for the API"}),
          ("We need at least 3 replicas in prod", {"key": "replicas", "value": "3", "condition": "at least; in prod"})],
         needles=("need", "want", "target", "require", "aim", "expect", "allow", "budget")),
)

_PRE_ZH = r"^(?:(?P<pre>(?:在|对于|针对)[^，,]{1,20}|[^，,]{1,20}(?:时|的时候|情况下))[，,]\s*)?"
NUMBERS_ZH = (
    _row("zh_num", "zh", NUMBER,
         _PRE_ZH + r"(?:把|将)?" + _KEY_ZH + _LINK_ZH + r"(?P<per>每个?[\u4e00-\u9fff]{1,3}?)?" + _CUR + _VAL_ZH + r"(?P<tail>.*)$",
         [("采样率为5%（仅限生产环境）", {"key": "采样率", "value": "5", "unit": "%", "condition": "仅限生产环境"}),
          ("超时时间设为30秒。", {"key": "超时时间", "value": "30", "unit": "秒", "condition": ""}),
          ("p95延迟必须低于120毫秒（500 rps下）", {"key": "p95延迟", "value": "120", "unit": "毫秒", "condition": "低于; 500 rps下"}),
          ("重试预算为每小时3次", {"key": "重试预算", "value": "3", "unit": "次", "condition": "每小时"}),
          ("把并发数控制在8以内", {"key": "并发数", "value": "8", "unit": "", "condition": "以内"}),
          ("每月预算不超过2000元", {"key": "每月预算", "value": "2000", "unit": "元", "condition": "不超过"}),
          ("错误率不能超过0.1%", {"key": "错误率", "value": "0.1", "unit": "%", "condition": "不能超过"}),
          ("在生产环境中，采样率为5%", {"key": "采样率", "value": "5", "unit": "%", "condition": "在生产环境中"})]),
)

# ---- corrections --------------------------------------------------------------
CORRECTIONS_EN = (
    _row("change_from_to", "en", FACT,
         r"^(?:please\s+)?(?:let's\s+)?(?:change|switch|move|update|bump|raise|lower|increase|decrease|reduce)\s+(?:the\s+|our\s+)?"
         r"(?P<key>[^,]{1,60}?)\s+from\s+(?P<old>.{1,40}?)\s+to\s+(?P<new>.{1,60})$",
         [("Change the deploy target from eu-west-1 to eu-central-1.",
           {"key": "deploy target", "value": "eu-central-1", "corrects": "eu-west-1"}),
          ("Bump the timeout from 30s to 45s", {"kind": "number", "key": "timeout", "value": "45", "unit": "s", "corrects": "30"})],
         needles=(" from ",)),
    _row("label", "en", FACT,
         r"^(?:correction|erratum|clarification|amendment|to clarify|to correct(?: myself)?)\s*[:,\-–]\s*(?P<stmt>.+)$",
         [("Correction: the deploy target is eu-central-1.", {"key": "deploy target", "value": "eu-central-1", "corrects": ""})],
         needles=("correct", "erratum", "clarify", "clarification", "amendment")),
    _row("scratch_that", "en", FACT,
         r"^(?:scratch that|strike that|forget that|forget what i said|ignore that|ignore what i said|never ?mind(?: that)?|"
         r"no,? wait|wait,? no|no,? sorry|let me correct (?:that|myself))\s*[,.;:!\-–—]*\s*(?P<stmt>.+)$",
         [("Scratch that, use yarn for installs.", {"key": "installs", "value": "yarn"}),
          ("No wait, it's 45 seconds.", {"kind": "number", "key": "", "value": "45", "unit": "seconds"})],
         needles=("scratch", "strike", "forget", "ignore", "mind", "nevermind", "wait", "sorry", "correct")),
    _row("i_meant", "en", FACT, r"^(?:sorry,?\s*|oh,?\s*)?(?:i|we)\s+meant\s+(?P<new>.+)$",
         [("I meant eu-central-1.", {"key": "", "value": "eu-central-1"}),
          ("Sorry, I meant the staging cluster, not prod.", {"value": "the staging cluster", "corrects": "prod"})], needles=("meant",)),
    _row("apology", "en", FACT,
         r"^(?:sorry|oops|my bad|my mistake|i was wrong|i misspoke|wait,? actually|hmm,? actually)\s*[,.;:!\-–—]+\s*(?P<stmt>.+)$",
         [("My mistake, the bucket is logs-prod-2.", {"key": "bucket", "value": "logs-prod-2"})],
         needles=("sorry", "oops", "bad", "mistake", "wrong", "misspoke", "actually"), weak=True),
    _row("actually", "en", FACT, r"^(?:well,?\s+|oh,?\s+)?(?:actually|in fact)\b[,\s]+(?P<stmt>.+)$",
         [("Actually, the deploy target is eu-central-1, not eu-west-1.",
           {"key": "deploy target", "value": "eu-central-1", "corrects": "eu-west-1"}),
          ("actually it's Z, not Y", {"key": "", "value": "Z", "corrects": "Y"}),
          ("Actually the p95 budget is 150 ms, not 120 ms", {"kind": "number", "key": "p95 budget", "value": "150", "unit": "ms", "corrects": "120"})],
         needles=("actually", "in fact"), weak=True),
    _row("instead_of_first", "en", FACT, r"^instead of\s+(?P<old>[^,]{1,40}?),?\s+(?P<stmt>(?:use|go with|pick|switch to|let's)\b.+)$",
         [("Instead of npm, use pnpm for installs.", {"key": "installs", "value": "pnpm", "corrects": "npm"})], needles=("instead",)),
    _row("instead_of", "en", FACT,
         r"^(?P<stmt>.+?)\s+instead of\s+(?P<old>[^,]{1,40}?)(?P<stmt2>\s+(?:for|as)\s+.+)?$",
         [("Use yarn instead of pnpm for installs.", {"key": "installs", "value": "yarn", "corrects": "pnpm"}),
          ("Let's go with Terraform instead of Pulumi", {"key": "", "value": "Terraform", "corrects": "Pulumi"})],
         needles=("instead of",)),
    _row("instead", "en", FACT, r"^(?P<stmt>.+?),?\s+instead$",
         [("Let's go with MySQL instead.", {"key": "", "value": "MySQL"})], needles=("instead",), weak=True),
    _row("now", "en", FACT, r"^(?P<stmt>.+?\s(?:is|are))\s+now\s+(?P<stmt2>.+)$",
         [("The deploy target is now eu-central-1.", {"key": "deploy target", "value": "eu-central-1"})], needles=(" now ",), weak=True),
    _row("mid_actually", "en", FACT, r"^(?P<stmt>.+?\s(?:is|are|should be))\s+actually\s+(?P<stmt2>.+)$",
         [("The cache TTL is actually 10 minutes", {"kind": "number", "key": "cache ttl", "value": "10", "unit": "minutes"})],
         needles=("actually",), weak=True),
    _row("not_tail", "en", FACT, r"^(?P<stmt>.+?),\s*(?:not|rather than|and not)\s+(?P<old>[^,]{1,40}?)$",
         [("The deploy target is eu-central-1, not eu-west-1", {"key": "deploy target", "value": "eu-central-1", "corrects": "eu-west-1"}),
          ("It's 45 seconds, not 30", {"kind": "number", "value": "45", "unit": "seconds", "corrects": "30"})],
         needles=("not", "rather than"), weak=True),
)

CORRECTIONS_ZH = (
    _row("zh_label", "zh", FACT, r"^(?:更正|纠正|修正|勘误|订正)(?:一下)?[：:，,\s]*(?P<stmt>.+)$",
         [("更正：部署目标是eu-central-1。", {"key": "部署目标", "value": "eu-central-1"})], needles=("正", "勘误")),
    _row("zh_from_to", "zh", FACT,
         r"^(?:请)?(?:把|将)?(?P<key>[^，,]{1,20}?)(?:从|由)(?P<old>[^，,]{1,30}?)(?:改为|改成|换成|调整为|调为|调到|变为|变成|改到)(?P<new>.+)$",
         [("把超时时间从30秒改为45秒", {"kind": "number", "key": "超时时间", "value": "45", "unit": "秒", "corrects": "30"})],
         needles=("从", "由")),
    _row("zh_not_but", "zh", FACT, r"^(?P<key>[^，,]{0,20}?)不是(?P<old>[^，,]{1,30}?)[，,]?\s*(?:而是|而应该是|应该是|是)(?P<new>.+)$",
         [("部署区域不是eu-west-1而是eu-central-1", {"key": "部署区域", "value": "eu-central-1", "corrects": "eu-west-1"}),
          ("不是pnpm，是yarn", {"key": "", "value": "yarn", "corrects": "pnpm"})], needles=("不是",)),
    _row("zh_change_to", "zh", FACT, r"^(?:请)?(?:把|将)?(?P<key>[^，,]{1,20}?)(?:改为|更改为|变更为|改用)(?P<new>.+)$",
         [("把部署区域改为eu-central-1", {"key": "部署区域", "value": "eu-central-1"})], needles=("改为", "更改为", "变更为", "改用")),
    _row("zh_misspoke", "zh", FACT, r"^(?:我|刚才|刚刚|之前|前面)*(?:说错了|搞错了|弄错了|写错了)[，,。！\s]*(?P<stmt>.+)$",
         [("我说错了，应该是eu-central-1。", {"key": "", "value": "eu-central-1"})], needles=("错了",)),
    _row("zh_instead", "zh", FACT, r"^(?:不用|别用|不要用|不再用)(?P<old>[^，,]+?)了?[，,]\s*(?:改用|用|换成|改成)(?P<new>.+)$",
         [("不用npm了，改用pnpm", {"key": "", "value": "pnpm", "corrects": "npm"})], needles=("用",)),
    _row("zh_actually", "zh", FACT, r"^(?:其实|实际上|事实上|不对|不好意思|等等|抱歉)[，,\s]*(?P<stmt>.+)$",
         [("其实超时时间是60秒，不是30秒", {"kind": "number", "key": "超时时间", "value": "60", "unit": "秒", "corrects": "30"})],
         needles=("其实", "实际上", "事实上", "不对", "不好意思", "等等", "抱歉"), weak=True),
    _row("zh_not_tail", "zh", FACT, r"^(?P<stmt>.+?)[，,]\s*(?:而)?不是(?P<old>[^，,]{1,30}?)$",
         [("部署目标是eu-central-1，不是eu-west-1", {"key": "部署目标", "value": "eu-central-1", "corrects": "eu-west-1"})],
         needles=("不是",), weak=True),
)

# ---- task state ---------------------------------------------------------------
GOAL, PROGRESS, BLOCKER, OPEN = TaskField.GOAL, TaskField.PROGRESS, TaskField.BLOCKER, TaskField.OPEN
TASKS_EN = (
    _row("goal", "en", TASK,
         r"^(?:(?:the|our|my)\s+)?(?:main\s+|overall\s+|end\s+|primary\s+|current\s+)?(?:goal|objective|aim|mission|task)"
         r"(?:\s+(?:for|of)\s+(?:this|the|today)[\w ]{0,20}?)?\s*(?::|is\s+to|is)\s*(?P<entry>.+)$",
         [("Goal: ship the v2 billing API", {"key": "task:goal", "value": "ship the v2 billing API"}),
          ("Our goal is to cut p95 latency in half.", {"key": "task:goal", "value": "cut p95 latency in half"}),
          ("The task is to migrate the users table", {"key": "task:goal", "value": "migrate the users table"})],
         needles=("goal", "objective", "aim", "mission", "task"), task_field=GOAL),
    _row("done_label", "en", TASK, r"^(?:done|finished|completed|complete|progress|shipped|fixed|resolved|merged)\s*[:\-–]\s*(?P<entry>.+)$",
         [("Done: auth middleware", {"key": "task:progress:auth middleware", "value": "auth middleware"})],
         needles=("done", "finish", "complete", "progress", "shipped", "fixed", "resolved", "merged"), task_field=PROGRESS),
    _row("done_verb", "en", TASK,
         r"^(?:(?:i|we)(?:'ve|\s+have)?\s+)?(?:just\s+|already\s+|now\s+|finally\s+)?(?:finished|completed|wrapped up|shipped|merged|landed|fixed|resolved|done with)\s+(?P<entry>.+)$",
         [("I finished the migration script.", {"key": "task:progress:migration script", "value": "the migration script"}),
          ("We've completed the schema review", {"value": "the schema review"})],
         needles=("finished", "completed", "wrapped", "shipped", "merged", "landed", "fixed", "resolved", "done with"), task_field=PROGRESS),
    _row("done_passive", "en", TASK,
         r"^(?:the\s+)?(?P<entry>[\w\-./' ]{3,80}?)\s+(?:is|are|has been|have been|was|were)\s+(?:now\s+|finally\s+)?(?:done|finished|complete|completed|merged|shipped|fixed|resolved)$",
         [("The login page is done.", {"key": "task:progress:login page", "value": "login page"})],
         needles=("done", "finish", "complete", "merged", "shipped", "fixed", "resolved"), task_field=PROGRESS),
    _row("blocker_label", "en", TASK, r"^(?:blockers?|blocked|blocking|impediments?)\s*[:\-–]\s*(?P<entry>.+)$",
         [("Blocker: no staging credentials", {"key": "task:blocker:no staging credentials", "value": "no staging credentials"})],
         needles=("block", "impediment"), task_field=BLOCKER),
    _row("blocker_verb", "en", TASK,
         r"^(?!.*\b(?:don'?t|do not|never|avoid)\b)(?:[\w' ]{1,40}?\s+)?(?:(?:is|are|am)\s+)?(?:still\s+|currently\s+|now\s+)?(?:blocked\s+(?:on|by)|waiting\s+(?:on|for)|stuck\s+on|held\s+up\s+by|gated\s+on)\s+(?P<entry>.+)$",
         [("We're blocked on the DNS change.", {"key": "task:blocker:dns change", "value": "the DNS change"}),
          ("Still waiting on legal sign-off", {"value": "legal sign-off"})],
         needles=("blocked", "waiting", "stuck", "held up", "gated"), task_field=BLOCKER),
    _row("open_label", "en", TASK,
         r"^(?:next(?:\s+steps?|\s+up)?|todo|to-do|to do|open(?:\s+items?|\s+questions?)?|remaining|pending|follow[- ]ups?|action items?)\s*[:\-–]\s*(?P<entry>.+)$",
         [("Next: wire up the billing webhooks", {"key": "task:open:wire up the billing webhooks", "value": "wire up the billing webhooks"}),
          ("TODO: add rate limiting", {"value": "add rate limiting"})],
         needles=("next", "todo", "to-do", "to do", "open", "remaining", "pending", "follow", "action"), task_field=OPEN),
    _row("open_verb", "en", TASK,
         r"^(?:(?:we|i)\s+)?(?:still\s+(?:need|have|got)\s+to|next,?\s+(?:we|i)\s+(?:need to|should|will|have to)|(?:the\s+)?next\s+step\s+is(?:\s+to)?|"
         r"then\s+(?:we|i)\s+(?:need|have)\s+to|what's\s+left\s+is(?:\s+to)?|(?:the\s+)?remaining\s+work\s+is(?:\s+to)?)\s+(?P<entry>.+)$",
         [("We still need to write the runbook.", {"key": "task:open:write the runbook", "value": "write the runbook"}),
          ("The next step is to add caching", {"value": "add caching"})],
         needles=("still", "next", "then", "left", "remaining"), task_field=OPEN),
)

TASKS_ZH = (
    _row("zh_goal", "zh", TASK, r"^(?:我们的|本次的?|这次的?|当前的?|主要)?(?:目标|任务|目的)(?:是|为|[：:])\s*(?P<entry>.+)$",
         [("目标：上线v2计费接口", {"key": "task:goal", "value": "上线v2计费接口"}), ("我们的目标是降低延迟", {"value": "降低延迟"})],
         needles=("目标", "任务", "目的"), task_field=GOAL),
    _row("zh_done", "zh", TASK,
         r"^(?:我们|我)?(?:已完成|已经完成了?|完成了|做完了|搞定了|已搞定|已做完|修复了|合并了|上线了|进展(?=[：:]))[：:，,\s]*(?P<entry>.+)$",
         [("已完成：登录页面", {"key": "task:progress:登录页面", "value": "登录页面"}), ("完成了数据库迁移", {"value": "数据库迁移"})],
         needles=("完成", "做完", "搞定", "修复了", "合并了", "上线了", "进展"), task_field=PROGRESS),
    _row("zh_done_passive", "zh", TASK, r"^(?P<entry>[^，,]{2,40}?)(?:已经|已)(?:完成|做完|搞定|修复|合并|上线)了?$",
         [("登录页面已经完成了", {"key": "task:progress:登录页面", "value": "登录页面"})], needles=("已",), task_field=PROGRESS),
    _row("zh_blocker", "zh", TASK,
         r"^(?:(?:阻塞|阻碍|卡点|障碍|受阻)(?:点|项)?[：:]\s*|(?:我们|我|目前|现在|还)*(?:卡在|在等待|等待|在等|受阻于)\s*)(?P<entry>.+?)(?:上了|上面|上|了)?$",
         [("阻塞：没有预发环境的凭证", {"key": "task:blocker:没有预发环境的凭证"}), ("目前卡在DNS变更上了", {"key": "task:blocker:dns变更", "value": "DNS变更"})],
         needles=("阻", "卡", "障碍", "等"), task_field=BLOCKER),
    _row("zh_open", "zh", TASK,
         r"^(?:(?:下一步|接下来|待办事项|待办|后续|TODO|todo|剩下的)(?:是|要|需要|就是)?[：:，,\s]*|(?:我们|我)?还(?:需要|要|得))(?P<entry>.+)$",
         [("下一步：接入计费回调", {"key": "task:open:接入计费回调", "value": "接入计费回调"}), ("我们还需要写运维手册", {"value": "写运维手册"})],
         needles=("下一步", "接下来", "待办", "后续", "todo", "剩下", "还"), task_field=OPEN),
)

# Shared by the number grammar: units read after a value, and words that end one.
UNITS_ZH = re.compile(r"(?:%|％|‰|毫秒|微秒|纳秒|秒钟|秒|分钟|个小时|小时|天|周|星期|个月|月|年|次|个|条|台|人|元|块钱|块|美元|欧元|倍|核|页|行|字节|字|"
                      r"[KMGT]i?B|ms|rps|qps|s)")
UNIT_EN = re.compile(r"(?:%|‰|°[CF]|/[A-Za-z]+|[A-Za-zµ]+(?:/[A-Za-z]+)?)")
UNIT_STOP_WORDS = frozenset(
    """at per for in on with when under over and or to if unless during except only but across from by of the a an is are
    was were max min as than so then which that while before after between plus minus each every more less or not no
    and should must will would can may it this that they we you i""".split()
)
NEUTRAL_COMPARATORS = frozenset({"", "=", ":", "to", "at", "set to", "equal to", "of", "is"})
# Verbs of a "keep/cap X at N" sentence that imply a comparator the sentence does not spell.
IMPLIED_COMPARATOR = {"cap": "at most", "limit": "at most", "keep": "", "hold": ""}
