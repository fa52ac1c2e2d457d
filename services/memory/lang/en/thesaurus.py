"""English words that stand for one another in working conversation, and the words that say what kind of item
a question asks for (read by domain/lexicon.py)."""

# Each group: (why its words stand for one another, the words). Only vocabulary any English speaker uses
# interchangeably in working conversation: a group that matched one test corpus's wording and nothing else
# would make the scores lie about other conversations.
GROUPS: tuple[tuple[str, tuple[str, ...]], ...] = (
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
    (
        "what stops the work",
        ("blocked", "blocker", "stuck", "waiting", "holding", "hold", "block", "snag", "obstacle", "stopping", "chasing"),
    ),
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
    # Everyday words for the same people and things, said one way in a turn and another in a question.
    ("children", ("kid", "kids", "child", "children", "son", "daughter")),
    ("a mother", ("mom", "mum", "mother", "mommy", "mummy")),
    ("a father", ("dad", "father", "daddy")),
    ("a young dog", ("pup", "puppy", "dog")),
    ("where someone lives", ("home", "house", "flat", "apartment")),
    ("a picture", ("photo", "picture", "pic", "snapshot")),
    ("a film", ("movie", "film")),
    ("time away", ("trip", "vacation", "holiday", "travel", "getaway")),
    ("someone's work", ("job", "career", "profession")),
)

# What a question asks for, by the words it uses, keyed by the kind of item that answers it
# (searched case-insensitively; lexicon.py joins them with the other languages' words).
INTENTS = {
    "rule": (
        r"\b(rules?|polic(?:y|ies)|requirements?|required|process|allowed|forbidden|banned?|restrictions?|agreed|"
        r"must i|can i|may i|should i|am i allowed|ok to|okay to|standing|"
        # asking leave or advice before acting: the answer is a rule that applies, if any
        r"(?:should|can|could|may|shall|must) we|are we allowed|can you (?:just )?(?:go ahead|approve|confirm|pay|send|sign|give|grant|turn|set|merge|delete)|"
        r"is (?:that|it|this) (?:ok|okay|fine|allowed|alright)|anything (?:i|we) (?:need|should|must|have) to|do (?:i|we) need to|"
        # a request to produce something for the user: the standing instructions on such work apply to it
        r"(?:^|(?:can|could|would|will) you (?:please )?|^please )(?:write|draft|compose|send|email|prepare|create|generate|"
        r"put together|set up|book|order|schedule|post|publish|reply|respond|fill (?:in|out))\b(?: me| us)?)\b"
    ),
    "number": (
        r"\b(how (many|much|long|often|strict|big|fast|quick|quickly|high|low|soon)|what (rate|limit|ceiling|threshold|size|level|percentage|amount)|"
        r"up to what|limit|ceiling|threshold|budget|rate|percent|timeout|ttl|latency|p\d\d)\b"
    ),
    "task": (
        r"\b(goals?|where (were|was|are) (we|i)|how far|holding (it|us|me|things) up|in the way|blocked|blockers?|next steps?|"
        r"what(?:'s| is) (?:stopping|holding up|keeping)|still waiting|waiting (?:on|for)|"
        r"what(?:'s| is) next|planning|tackle|side-?tracked|status|progress|working on|left to do|to-?dos?|open items?|remaining|"
        r"done so far|unresolved|outstanding|still open|undecided)\b"
    ),
}
# A question about how far the work has come wants progress before the goal it measures.
PROGRESS_INTENT = (
    r"\b(?:how far|progress|done so far|how many\b.{0,40}\b(?:done|made it|finished|live|left|in)|where (?:are|do) (?:we|things) stand)\b"
)
# A question about the value as it stands now: the latest of what was said about it counts most.
CURRENT_INTENT = (
    r"\b(?:now|currently|current|these\s+days|at\s+this\s+point|at\s+the\s+moment|right\s+now|latest|"
    r"any\s*more|in\s+the\s+end|ended\s+up|after\s+all|so\s+far|as\s+of\s+(?:today|now))\b"
)
# The kind of value a question asks for (units.dimension names the same kinds, "time" a date, weekday or clock):
# "when does the switch happen" wants a time, "how big is Ruth's mailbox" a size.
ANSWER_TYPES = {
    "time": r"\b(?:when|what\s+(?:time|date|day)|which\s+(?:day|date|week|month)|by\s+when|how\s+soon|deadline|due\s+date|"
    r"(?:start|starting|end|finish|kick-?off|cut-?off|arrival|departure|pick-?up|delivery|opening|closing|landing)\s+(?:time|date|day))\b",
    "money": r"\b(?:how\s+much\s+(?:money|does|do|did|will|would|is|are|was|were|to)\b.{0,40}\b(?:cost|pay|charge|spend|owe|price|fee|rent)|"
    r"how\s+much\s+(?:money|cash)|what(?:'s|\s+is|\s+are|\s+was)?\s+the\s+(?:price|cost|fee|rent|budget|premium|quote)|"
    r"what\s+(?:does|do|did|will|would)\s+.{1,40}?\s+(?:charge|cost)|what\s+price)\b|\bpay\s+per\s+month\b",
    "size": r"\b(?:how\s+(?:big|large)|what\s+size|how\s+much\s+(?:space|storage|disk|memory))\b",
    "duration": r"\bhow\s+long\b|\bfor\s+how\s+many\s+(?:days|weeks|months|hours|minutes)\b",
    "count": r"\bhow\s+many\b|\b(?:the\s+)?(?:number|count|headcount|tally)\s+(?:of|on)\b",
    # Who does it: the answer is a name.
    "name": r"\bwho(?:'s|se|m)?\b",
}
