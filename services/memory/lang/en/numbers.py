"""English number rows: a key, a comparator and a measured value (row format: domain/patterns_core.py)."""

from services.memory.domain.patterns_core import NUMBER, _row
from services.memory.lang.en.grammar import _ASIDE_EN, _CMP_EN, _KEY_EN, _LINK_EN, _SAY_EN, VAL_EN
from services.memory.lang.shared import CUR

# ---- numbers ----------------------------------------------------------------
# A leading "for X," / "while Y," condition; without a comma it ends where "we agreed" / "we test at" starts.
_PRE_EN = (
    r"^(?:(?P<pre>(?:for|in|on|during|when|with|under|across|while)\b[^,]{1,60}?)(?:,\s*|\s+(?=(?:we|i)\s+(?:agreed|decided|"
    r"confirmed|test|run|measure|evaluate|analy[sz]e|compute|report|operate)\b)|\s+(?=(?:the|our)\s)))?"
) + _SAY_EN
NUMBERS_EN = (
    # "<Label>: <statement with a number>": the label names what the number is about and joins the key.
    _row(
        "num_label",
        "en",
        NUMBER,
        r"^(?P<label>[a-z][\w\-./' ]{0,60}?)" + _ASIDE_EN + r"\s*:\s+" + _SAY_EN + r"(?:the\s+|our\s+)?"
        r"(?P<key>[a-z][\w\-./']*(?:\s+[a-z][\w\-./']*){0,3}?)(?:" + _LINK_EN + r"|\s+)" + CUR + VAL_EN + r"(?P<tail>.*)$",
        [
            (
                "Error budget for the search API: p95 must stay below 350 ms at 1200 rps.",
                {
                    "key": "p95 error budget for the search api",
                    "value": "350",
                    "unit": "ms",
                    "condition": "below; at 1200 rps; for the search api",
                },
            ),
            (
                "Power analysis for the pricing page test: beta 0.2, two-sided, Holm-adjusted across 3 cohorts",
                {
                    "key": "beta power analysis for the pricing page test",
                    "value": "0.2",
                    "unit": "",
                    "condition": "two-sided, Holm-adjusted across 3 cohorts; for the pricing page test",
                },
            ),
        ],
        needles=(":",),
    ),
    _row(
        "num_keep",
        "en",
        NUMBER,
        r"^(?:please\s+)?(?:let's\s+|we\s+(?:should|must|need to)\s+)?(?P<verb>keep|hold|cap|limit|set|configure|bump|raise|lower|reduce|increase|change|make)\s+"
        r"(?:the\s+|our\s+)?"
        + _KEY_EN
        # "bump the stock alert level up to 250": the particle belongs to the verb, not the key.
        + r"(?:\s+(?:up|down|back))?\s+(?P<cmp>under|below|within|at or below|at most|at least|at|to|above|over|around|=)\s*"
        + CUR
        + VAL_EN
        + r"(?P<tail>.*)$",
        [
            ("Bump the stock alert level up to 250 boxes.", {"key": "stock alert level", "value": "250", "unit": "boxes"}),
            (
                "Keep the bundle size under 250 KB for mobile.",
                {"key": "bundle size", "value": "250", "unit": "KB", "condition": "under; for mobile"},
            ),
            ("Set the request timeout to 30s", {"key": "request timeout", "value": "30", "unit": "s", "condition": ""}),
            ("Cap retries at 5 per job", {"key": "retries", "value": "5", "condition": "at most; per job"}),
        ],
        needles=("keep", "hold", "cap", "limit", "set", "configure", "bump", "raise", "lower", "reduce", "increase", "change", "make"),
    ),
    _row(
        "num_is",
        "en",
        NUMBER,
        _PRE_EN + r"(?:the\s+|our\s+|my\s+|a\s+|an\s+)?" + _KEY_EN + _LINK_EN + CUR + VAL_EN + r"(?P<tail>.*)$",
        [
            (
                "p95 latency must stay under 120 ms at 500 rps.",
                {"key": "p95 latency", "value": "120", "unit": "ms", "condition": "under; at 500 rps"},
            ),
            (
                "alpha = 0.05, two-sided, Bonferroni-corrected",
                {"key": "alpha", "value": "0.05", "unit": "", "condition": "two-sided, Bonferroni-corrected"},
            ),
            (
                "The retry budget is 3 attempts per hour.",
                {"key": "retry budget", "value": "3", "unit": "attempts", "condition": "per hour"},
            ),
            ("Timeout is 30s", {"key": "timeout", "value": "30", "unit": "s", "condition": ""}),
            (
                "The error rate must not exceed 0.5% (rolling 1h window).",
                {"key": "error rate", "value": "0.5", "unit": "%", "condition": "not exceed; rolling 1h window"},
            ),
            (
                "Monthly cloud spend should stay below $2,000",
                {"key": "monthly cloud spend", "value": "2,000", "unit": "$", "condition": "below"},
            ),
            ("Batch size: 64", {"key": "batch size", "value": "64"}),
            ("Target memory is 512-768 MB per pod", {"key": "target memory", "value": "512-768", "unit": "MB", "condition": "per pod"}),
            ("For the EU cluster, max connections is 200", {"key": "max connections", "value": "200", "condition": "For the EU cluster"}),
            (
                "For search, we agreed the p95 ceiling is 300 ms while indexing 50 docs/s.",
                {"key": "p95 ceiling", "value": "300", "unit": "ms", "condition": "For search; while indexing 50 docs/s"},
            ),
            (
                "On the signup funnel experiment we test at alpha = 0.05, two-sided, with a Holm correction over the 3 arms.",
                {
                    "key": "alpha",
                    "value": "0.05",
                    "unit": "",
                    "condition": "On the signup funnel experiment; two-sided, with a Holm correction over the 3 arms",
                },
            ),
            (
                "Log retention goes to 45 days in the EU region.",
                {"key": "log retention", "value": "45", "unit": "days", "condition": "in the EU region"},
            ),
            ("Cache TTL for search results is 600 seconds", {"key": "cache ttl for search results", "value": "600", "unit": "seconds"}),
            (
                "Retry backoff is raised to 8 s for the batch jobs",
                {"key": "retry backoff", "value": "8", "unit": "s", "condition": "for the batch jobs"},
            ),
        ],
    ),
    _row(
        "num_of",
        "en",
        NUMBER,
        r"^(?:(?:we|i|they)(?:'re|'ve|'d|\s+are|\s+have|\s+would|\s+will)?\s+(?:still\s+|now\s+|only\s+)?(?:have|need|want|use|get|target|set|allow|"
        r"ask(?:ing)?\s+for|request(?:ing)?|propos(?:e|ing)|offer(?:ing)?|agreed\s+(?:on|to)|settled\s+on|going\s+with|go\s+with|expect(?:ing)?)\s+|"
        r"there(?:'s| is)\s+|use\s+|with\s+)?(?:a|an|the)\s+"
        + _KEY_EN
        + r"\s+of\s+(?:"
        + _CMP_EN
        + r"\s+)?"
        + CUR
        + VAL_EN
        + r"(?P<tail>.*)$",
        [
            (
                "We have a retry budget of 3 attempts per hour.",
                {"key": "retry budget", "value": "3", "unit": "attempts", "condition": "per hour"},
            ),
            ("They're proposing a notice period of 30 days.", {"key": "notice period", "value": "30", "unit": "days"}),
            (
                "We're asking for a discount of 15% on the renewal",
                {"key": "discount", "value": "15", "unit": "%", "condition": "on the renewal"},
            ),
        ],
        needles=(" of ",),
    ),
    # How long something is kept: "Keep logs for 30 days", "We only need 90 days of audit logs".
    _row(
        "keep_for",
        "en",
        NUMBER,
        r"^(?:please\s+)?(?:let's\s+|we\s+(?:should|must|need to|will|can)\s+|you\s+should\s+)?(?:keep|retain|store|hold|archive|save)\s+"
        r"(?:the\s+|our\s+|all\s+)?(?P<key>[a-z][\w\-]*(?:\s+[a-z][\w\-]*){0,3}?)\s+for\s+(?P<cmp>at least|up to|no more than|at most)?\s*"
        + VAL_EN
        + r"\s*(?P<unit>days?|weeks?|months?|years?|hours?)\b(?P<tail>.*)$",
        [
            (
                "Keep audit logs for 90 days, exports included.",
                {"key": "audit logs retention", "value": "90", "unit": "days", "condition": "exports included"},
            ),
            (
                "We should retain invoices for at least 7 years",
                {"key": "invoices retention", "value": "7", "unit": "years", "condition": "at least"},
            ),
        ],
        needles=("keep", "retain", "store", "hold", "archive", "save"),
        key_suffix="retention",
    ),
    _row(
        "need_of",
        "en",
        NUMBER,
        r"^(?:we|i)\s+(?:only\s+|just\s+)?(?:need|keep|want|retain|store|have)\s+(?P<cmp>at least|up to|no more than|at most)?\s*"
        + VAL_EN
        + r"\s*(?P<unit>days?|weeks?|months?|years?|hours?)\s+(?:worth\s+)?of\s+(?P<key>[a-z][\w\-]*(?:\s+[a-z][\w\-]*){0,3}?)(?P<tail>(?:[,;]|\s+(?:for|in|on|at|per|when|unless|except)\b).*)?$",
        [("We only need 30 days of metrics, older data can go.", {"key": "metrics retention", "value": "30", "unit": "days"})],
        needles=("need", "keep", "want", "retain", "store", "have"),
        key_suffix="retention",
    ),
    # "Make the flour order 25 kg a week": a setting stated as an order.
    _row(
        "num_make",
        "en",
        NUMBER,
        r"^(?:please\s+)?(?:let's\s+)?(?P<verb>make|set)\s+(?:the\s+|our\s+)?" + _KEY_EN + r"\s+" + CUR + VAL_EN + r"(?P<tail>.*)$",
        [("Make the flour order 25 kg a week.", {"key": "flour order", "value": "25", "unit": "kg"})],
        needles=("make", "set"),
    ),
    # What something does, gets or allows, counted: "the sync client does max 3 retries on upload".
    _row(
        "num_verb_object",
        "en",
        NUMBER,
        r"^(?:the\s+|our\s+|their\s+)?(?P<key>[a-z][\w\-./']*(?:\s+[a-z][\w\-./']*){0,3}?)\s+(?P<verb>does|do|gets|get|allows|allow|has|have|takes|"
        r"make|makes|sends|send|keeps|keep|runs|run|holds|hold|handles|handle|serves|serve|ships|ship)\s+"
        r"(?P<cmp>max|at most|up to|at least|no more than|no fewer than|exactly)\s+"
        + CUR
        + VAL_EN
        + r"\s+(?P<unit>(?!(?:of|to|in|on|at|for|per|and|or|the|a|an)\b)[a-z][\w\-]*)(?P<tail>.*)$",
        [
            (
                "The upload worker does max 4 retries with jitter on the media API.",
                {"key": "upload worker", "value": "4", "unit": "retries", "condition": "max; with jitter on the media API"},
            )
        ],
        needles=(
            "does",
            "do",
            "gets",
            "get",
            "allow",
            "has",
            "have",
            "takes",
            "make",
            "send",
            "keep",
            "run",
            "hold",
            "handle",
            "serve",
            "ship",
        ),
    ),
    _row(
        "num_target",
        "en",
        NUMBER,
        r"^(?:we\s+|you\s+)?(?:need|want|target|require|aim for|expect|allow|budget)\s+(?:"
        + _CMP_EN
        + r"\s+)?"
        + CUR
        + VAL_EN
        + r"\s*(?P<unit>%|ms|s|KB|MB|GB|TB|rps|qps)?\s+(?P<key>[a-z][\w\-]*(?:\s+[a-z][\w\-]*){0,2}?)"
        r"(?P<tail>(?:\s*,|\s+(?:at|per|for|in|on|during|when|with|under|if|unless|except|only|across)\b).*)?$",
        [
            ("Target 99.9% uptime for the API.", {"key": "uptime", "value": "99.9", "unit": "%", "condition": "for the API"}),
            ("We need at least 3 replicas in prod", {"key": "replicas", "value": "3", "condition": "at least; in prod"}),
        ],
        needles=("need", "want", "target", "require", "aim", "expect", "allow", "budget"),
    ),
    # What we hold, counted: "We have 14 oak casks set aside", "we run 8 pickers on the night shift".
    _row(
        "num_held",
        "en",
        NUMBER,
        r"^(?:(?:so|and|right now|currently|at the moment)[,\s]+)?(?:(?:we|i|they)(?:'ve|\s+have)?\s+(?:(?:currently|still|now|only|already|just)\s+)?"
        r"(?:have|got|keep|run|hold|stock|own|employ|carry))\s+(?:"
        + _CMP_EN
        + r"\s+)?"
        + CUR
        + VAL_EN
        # Counted things, not points of the conversation ("we have 2 options", "I have 3 questions").
        + r"(?P<unit>)\s+(?!(?:options|questions|ideas|things|points|concerns|thoughts|reasons|ways|choices|problems|issues|"
        r"comments|updates|changes|suggestions|notes|steps)\b)(?P<key>[a-z][\w\-]*(?:\s+[a-z][\w\-]*){0,2}?)"
        r"(?:\s+(?P<per>set\s+aside|left|signed\s+up|booked|reserved|spare|available|ready|lined\s+up|in\s+stock|on\s+hand))?"
        r"(?P<tail>(?:\s*,|\s+(?:at|per|for|in|on|across|during|with|under|if|unless|except|only|this|next)\b).*)?$",
        [
            (
                "We have 14 oak casks set aside for the winter stout.",
                {"key": "oak casks", "value": "14", "unit": "", "condition": "set aside; for the winter stout"},
            ),
            ("We run 8 pickers on the night shift.", {"key": "pickers", "value": "8", "condition": "on the night shift"}),
        ],
        needles=("have", "got", "keep", "run", "hold", "stock", "own", "employ", "carry"),
    ),
    # A count said as a fragment, with how far it has got: "5 eggs so far", "40 sign-ups in total".
    _row(
        "num_so_far",
        "en",
        NUMBER,
        r"^(?:(?:so|and|now|ok(?:ay)?)[,\s]+)?(?:(?:just|only|already)\s+)?" + VAL_EN + r"(?P<unit>)\s+(?P<key>[a-z][\w\-]*s)\s+"
        r"(?P<per>so\s+far|to\s+date|in\s+total|altogether|all\s+told)\b(?P<tail>.*)$",
        [("14 jars so far, and the labels are printed.", {"key": "jars", "value": "14", "condition": "so far"})],
        needles=("so far", "to date", "in total", "altogether", "all told"),
    ),
    # A count chosen: "Going with 9 courses this time", "we settled on 12 tables for the terrace".
    _row(
        "num_chosen",
        "en",
        NUMBER,
        r"^(?:(?:so|ok|okay|right)[,\s]+)?(?:(?:we|i)(?:'re|'ve|'ll|\s+are|\s+have|\s+will)?\s+)?(?:(?:finally|just)\s+)?"
        r"(?:going|go|went|gone|settled|settling|sticking|stuck|landed|landing)\s+(?:with|on)\s+(?:"
        + _CMP_EN
        + r"\s+)?"
        + VAL_EN
        + r"(?P<unit>)\s+(?!(?:options|of|percent|for|on|in|at|and|or|the)\b)(?P<key>[a-z][\w\-]*(?:\s+[a-z][\w\-]*){0,2}?)"
        r"(?P<tail>(?:\s*,|\s+(?:at|per|for|in|on|across|during|with|this|next|then|instead|now)\b).*)?$",
        [
            ("Going with 9 courses this time.", {"key": "courses", "value": "9", "condition": "this time"}),
            ("We settled on 12 tables for the terrace.", {"key": "tables", "value": "12", "condition": "for the terrace"}),
        ],
        needles=("going", "go ", "went", "gone", "settl", "stick", "stuck", "land"),
    ),
)
