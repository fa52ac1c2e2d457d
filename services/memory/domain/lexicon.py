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

# Each group: words (or short phrases) that can stand for one another.
SYNONYM_GROUPS: tuple[tuple[str, ...], ...] = (
    ("deploy", "ship", "release", "rollout", "launch", "live", "target"),
    ("environment", "env", "cluster", "region", "stage", "target"),
    ("production", "prod", "live"),
    ("limit", "ceiling", "cap", "max", "maximum", "budget", "threshold", "bound", "strict"),
    ("latency", "response", "tail", "p50", "p90", "p95", "p99", "slow"),
    ("host", "hostname", "server", "endpoint", "address", "url", "machine", "box", "connect"),
    ("database", "db", "postgres", "postgresql", "mysql", "sql"),
    ("connection", "session", "pool", "conn"),
    ("cache", "cached", "ttl", "expiry", "expire", "evict"),
    ("duration", "ttl", "timeout", "seconds", "minutes", "hours", "days", "retention", "expiry", "window", "long"),
    ("when", "time", "schedule", "window", "utc", "cron", "start", "kick", "begin", "run", "nightly", "overnight"),
    ("significance", "alpha", "p-value", "confidence", "threshold", "level"),
    ("correction", "corrected", "adjusted", "comparisons", "bonferroni", "benjamini-hochberg", "fdr", "holm"),
    ("sample", "sampling", "rate", "trace", "traces", "tracing"),
    ("owner", "own", "manage", "responsible", "charge", "handle", "lead", "assigned", "who"),
    ("review", "reviewed", "approve", "approval", "sign-off", "pull", "pr", "process"),
    ("rule", "policy", "requirement", "process", "must", "always", "never", "ban", "allowed", "forbidden", "restriction", "agreed"),
    ("goal", "objective", "aim", "purpose", "effort", "task"),
    ("blocked", "blocker", "stuck", "waiting", "holding", "hold", "block"),
    ("next", "todo", "plan", "planning", "upcoming", "tackle", "after"),
    ("done", "finished", "completed", "progress", "far", "status"),
    ("catalog", "product", "listing", "listings", "item", "sku", "inventory"),
    ("payment", "payments", "billing", "checkout", "invoice", "charge"),
    ("worker", "workers", "job", "consumer", "process"),
    ("retry", "retries", "attempt", "attempts", "backoff"),
    ("memory", "ram", "heap", "oom"),
    ("cost", "price", "pricing", "spend", "budget"),
    ("image", "tag", "container", "docker"),
    ("chart", "helm", "values"),
    ("config", "configuration", "setting", "settings", "change"),
    ("install", "installs", "package", "dependency", "dependencies"),
)

# Chinese counterparts, matched on characters.
ZH_SYNONYM_GROUPS: tuple[tuple[str, ...], ...] = (
    ("负责", "管", "交给", "负责人", "谁"),
    ("超时", "时限", "等待"),
    ("上限", "最多", "限制", "阈值", "不超过"),
    ("部署", "上线", "发布", "灰度"),
    ("环境", "集群", "机房"),
    ("采样", "抽样", "比例", "采样率"),
    ("审核", "审查", "评审", "审批"),
    ("规矩", "规定", "要求", "规则", "硬性", "必须", "一律"),
    ("目标", "任务"),
    ("进度", "完成", "做完"),
    ("阻塞", "卡住", "卡在", "等着"),
    ("下一步", "接下来", "然后"),
    ("合并", "主干", "进主干", "合进"),
)

# What a question asks for, by the words it uses: the kind of item that answers it.
INTENTS: tuple[tuple[ItemKind, re.Pattern[str]], ...] = (
    (
        ItemKind.RULE,
        re.compile(
            r"\b(rules?|polic(?:y|ies)|requirements?|required|process|allowed|forbidden|banned?|restrictions?|agreed|"
            r"must i|can i|may i|should i|am i allowed|standing)\b|规矩|规定|要求|能不能|可以.*吗|硬性",
            re.I,
        ),
    ),
    (
        ItemKind.NUMBER,
        re.compile(
            r"\b(how (many|much|long|often|strict|big|fast|high|low)|what (rate|limit|ceiling|threshold|size|level|percentage)|"
            r"limit|ceiling|threshold|budget|rate|percent|timeout|ttl|latency|p\d\d)\b|多少|几|上限|超时|比例",
            re.I,
        ),
    ),
    (
        ItemKind.TASK,
        re.compile(
            r"\b(goals?|where (were|was|are) (we|i)|how far|holding (it|us|me) up|blocked|blockers?|next steps?|what(?:'s| is) next|planning|"
            r"tackle|side-?tracked|status|progress|working on|left to do|to-?dos?|open items?|remaining|done so far)\b|目标|进度|下一步|阻塞|卡|待办",
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
