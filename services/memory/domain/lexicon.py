"""A small thesaurus and query-intent table for the paraphrases agents and users actually use.

Questions about earlier turns rarely repeat their words ("which environment are we
shipping to?" for "the deploy target is prod-eu-2"). Lexical search cannot bridge
that alone, and no model is allowed on the default path, so this table names
groups of words that stand for one another in technical conversation, and the
words that say what kind of item a question wants. Expansions are searched at a
lower weight than the query's own words.
"""

import re

from services.memory.domain.model import ItemKind
from services.memory.domain.text import latin_terms

# Each group: (why its words stand for one another, the words). Only vocabulary any English or
# Chinese speaker uses interchangeably in working conversation: a group that matched one test
# corpus's wording and nothing else would make the scores lie about other conversations.
_GROUPS_EN: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("ways to say a change reaches users", ("deploy", "ship", "release", "rollout", "launch", "live", "target")),
    ("where software runs", ("environment", "env", "cluster", "region", "stage", "target")),
    ("the live system", ("production", "prod", "live")),
    ("an upper bound", ("limit", "ceiling", "cap", "max", "maximum", "budget", "threshold", "bound", "most")),
    ("a lower bound", ("minimum", "min", "lowest", "least", "floor", "oldest")),
    ("how fast a service answers", ("latency", "response", "tail", "p50", "p90", "p95", "p99", "slow", "fast", "quick", "quickly")),
    ("a machine and how to reach it", ("host", "hostname", "server", "endpoint", "address", "url", "machine", "box", "connect", "port")),
    ("databases", ("database", "db", "postgres", "postgresql", "mysql", "sql")),
    ("open connections", ("connection", "session", "pool", "conn")),
    ("keeping data around for a while", ("cache", "cached", "ttl", "expiry", "expire", "evict", "keep", "retention", "retain")),
    ("how long", ("duration", "ttl", "timeout", "seconds", "minutes", "hours", "days", "retention", "expiry", "window", "long")),
    (
        "when something happens",
        ("when", "time", "schedule", "window", "utc", "cron", "start", "kick", "begin", "run", "nightly", "overnight", "day", "date"),
    ),
    ("statistical significance", ("significance", "alpha", "p-value", "confidence", "threshold", "level")),
    (
        "multiple-comparison corrections",
        ("correction", "corrected", "adjusted", "comparisons", "bonferroni", "benjamini-hochberg", "fdr", "holm"),
    ),
    ("sampling", ("sample", "sampling", "rate", "trace", "traces", "tracing")),
    ("who is responsible", ("owner", "own", "manage", "responsible", "charge", "handle", "lead", "assigned", "who", "contact")),
    ("getting a change approved", ("review", "reviewed", "approve", "approval", "sign-off", "pull", "pr", "process")),
    (
        "what is allowed",
        (
            "rule",
            "policy",
            "requirement",
            "process",
            "must",
            "always",
            "never",
            "ban",
            "allowed",
            "forbidden",
            "restriction",
            "agreed",
            "ok",
        ),
    ),
    ("what we are working towards", ("goal", "objective", "aim", "purpose", "effort", "task", "focus", "priority")),
    ("what stops the work", ("blocked", "blocker", "stuck", "waiting", "holding", "hold", "block", "snag", "obstacle")),
    ("what comes next", ("next", "todo", "plan", "planning", "upcoming", "tackle", "after", "pending", "unresolved", "outstanding")),
    ("what is finished", ("done", "finished", "completed", "progress", "far", "status")),
    ("things for sale", ("catalog", "product", "listing", "listings", "item", "sku", "inventory")),
    ("money coming in", ("payment", "payments", "billing", "checkout", "invoice", "charge", "refund")),
    ("background work", ("worker", "workers", "job", "consumer", "process")),
    ("trying again", ("retry", "retries", "attempt", "attempts", "backoff")),
    ("memory use", ("memory", "ram", "heap", "oom")),
    ("what something costs", ("cost", "price", "pricing", "spend", "budget", "amount", "fee", "fees")),
    ("settings", ("config", "configuration", "setting", "settings", "change")),
    ("software dependencies", ("install", "installs", "package", "dependency", "dependencies")),
    ("keeping a record of something", ("track", "tracked", "tracking", "log", "logged", "logging", "record", "recorded")),
    ("answering someone", ("reply", "respond", "response", "answer", "hear")),
    ("food someone cannot have", ("allergy", "allergic", "intolerant", "intolerance", "diet", "dietary")),
    ("what someone likes", ("prefer", "preference", "favourite", "favorite", "rather")),
    ("a version of software", ("version", "release", "upgrade", "upgraded")),
)
SYNONYM_GROUPS: tuple[tuple[str, ...], ...] = tuple(words for _, words in _GROUPS_EN)

# Chinese counterparts, matched on characters.
_GROUPS_ZH: tuple[tuple[str, tuple[str, ...]], ...] = (
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
ZH_SYNONYM_GROUPS: tuple[tuple[str, ...], ...] = tuple(words for _, words in _GROUPS_ZH)

# What a question asks for, by the words it uses: the kind of item that answers it.
INTENTS: tuple[tuple[ItemKind, re.Pattern[str]], ...] = (
    (
        ItemKind.RULE,
        re.compile(
            r"\b(rules?|polic(?:y|ies)|requirements?|required|process|allowed|forbidden|banned?|restrictions?|agreed|"
            r"must i|can i|may i|should i|am i allowed|ok to|okay to|standing|"
            # asking leave or advice before acting: the answer is a rule that applies, if any
            r"(?:should|can|could|may|shall|must) we|are we allowed|can you (?:just )?(?:go ahead|approve|confirm|pay|send|sign|give|grant|turn|set|merge|delete)|"
            r"is (?:that|it|this) (?:ok|okay|fine|allowed|alright)|anything (?:i|we) (?:need|should|must|have) to|do (?:i|we) need to)\b"
            r"|规矩|规定|要求|能不能|可以.*吗|硬性|行不行|要不要",
            re.I,
        ),
    ),
    (
        ItemKind.NUMBER,
        re.compile(
            r"\b(how (many|much|long|often|strict|big|fast|quick|quickly|high|low|soon)|what (rate|limit|ceiling|threshold|size|level|percentage|amount)|"
            r"up to what|limit|ceiling|threshold|budget|rate|percent|timeout|ttl|latency|p\d\d)\b|多少|几|上限|超时|比例|多久",
            re.I,
        ),
    ),
    (
        ItemKind.TASK,
        re.compile(
            r"\b(goals?|where (were|was|are) (we|i)|how far|holding (it|us|me|things) up|in the way|blocked|blockers?|next steps?|"
            r"what(?:'s| is) next|planning|tackle|side-?tracked|status|progress|working on|left to do|to-?dos?|open items?|remaining|"
            r"done so far|unresolved|outstanding|still open|undecided)\b|目标|进度|进展|下一步|阻塞|卡|待办",
            re.I,
        ),
    ),
)
INTENT_BOOST = 0.3


def _index_groups(groups: tuple[tuple[str, ...], ...]) -> dict[str, set[str]]:
    """stem -> the words of every group holding a word with that stem."""
    index: dict[str, set[str]] = {}
    for group in groups:
        for word in group:
            for stem in latin_terms(word):
                index.setdefault(stem, set()).update(group)
    return index


_BY_STEM = _index_groups(SYNONYM_GROUPS)


def expansions(text: str) -> tuple[list[str], list[str]]:
    """Words (Latin, then Chinese) that stand for words of the text, minus words it already has.

    Latin words are returned unstemmed: each index stems them its own way."""
    own = set(latin_terms(text))
    latin: list[str] = []
    for stem in sorted(own):
        for word in sorted(_BY_STEM.get(stem, ())):
            if not set(latin_terms(word)) & own and word not in latin:
                latin.append(word)
    chinese: list[str] = []
    for group in ZH_SYNONYM_GROUPS:
        if any(word in text for word in group):
            chinese.extend(word for word in group if word not in text and word not in chinese)
    return latin, chinese


def intents(text: str) -> frozenset[ItemKind]:
    """The item kinds the question's wording asks for."""
    return frozenset(kind for kind, pattern in INTENTS if pattern.search(text))
