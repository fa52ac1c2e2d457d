"""English fact rows that link a key to its value in general words: windows, recurrences, identifiers,
"X is Y", "use X for Y", "X: Y" (row format: domain/patterns_core.py). Read after facts_relations.py.
"""

from services.memory.domain.patterns_core import FACT, _row
from services.memory.lang.en.grammar import _ASIDE_EN, _KEY_EN

FACTS_SETTINGS = (
    # What version or plan one is on: "we're on protocol version 3.1", "I'm still on Postgres 14".
    _row(
        "on_version",
        "en",
        FACT,
        r"^(?:(?:so|and|but|now)\s+)?(?:we|i|they|the\s+team|the\s+site)(?:'re|'m|\s+are|\s+am|\s+is)\s+(?:still\s+|now\s+|already\s+|currently\s+)?"
        r"on\s+"
        r"(?:the\s+)?(?P<value>(?P<key>[a-z][\w\-]*(?:\s+[a-z][\w\-]*){0,2}?)\s+(?:version\s+|v)?\d+(?:\.\d+)*)\b(?P<rest>.*)$",
        [
            ("We're on protocol version 3.1, dated 12 February.", {"key": "protocol", "value": "protocol version 3.1"}),
            ("I'm still on Postgres 14 in production", {"key": "postgres", "value": "Postgres 14"}),
        ],
        needles=(" on ",),
    ),
    # When a routine may happen: "we only release on Tuesdays after 15:00" -> release window.
    _row(
        "window",
        "en",
        FACT,
        r"^(?:we|i)\s+(?:only\s+|usually\s+|normally\s+|typically\s+|always\s+)?(?P<key>deploy|release|ship|merge|publish|roll out|upgrade|"
        r"patch|restart|reboot|back up|migrate|do maintenance)\s+(?P<value>(?:only\s+)?(?:on|between|from|at|every|during|after|before)\s+"
        r"(?=[^,]*(?:days?\b|weekends?\b|\d{1,2}(?::\d{2}|\s?[ap]\.?m\b))).+)$",
        [("We only release on Tuesdays after 15:00 CET.", {"key": "release window", "value": "on Tuesdays after 15:00 CET"})],
        needles=(
            "deploy",
            "release",
            "ship",
            "merge",
            "publish",
            "roll out",
            "upgrade",
            "patch",
            "restart",
            "reboot",
            "back up",
            "migrate",
            "maintenance",
        ),
        key_suffix="window",
    ),
    _row(
        "stays",
        "en",
        FACT,
        r"^(?:the\s+|our\s+|my\s+)?"
        + _KEY_EN
        + r"\s+(?:stays|remains|will stay|will remain|is staying|stays put)\s+(?:at\s+|on\s+|with\s+)?(?P<value>.+)$",
        [("Minimum Android stays at API 26 for this release.", {"key": "minimum android", "value": "API 26 for this release"})],
        needles=("stay", "stays", "remain", "remains", "staying"),
    ),
    # When something recurs: "Go/no-go call every day at 09:30", "the batch drops every second Monday".
    _row(
        "every",
        "en",
        FACT,
        r"^(?:the\s+|our\s+|my\s+)?(?P<key>(?!(?:i|we|you|they|he|she|it|this|that|the|a|an|our|my|their)\b)[a-z][\w\-/']*(?:\s+[a-z][\w\-/']*){0,3}?)\s+"
        r"(?:(?:is|are|happens?|runs?|drops?|arrives?|comes?|goes out|meets?|lands?|ships?|repeats?|occurs?|takes place)\s+)?"
        r"(?P<value>(?:(?:every|each)\s+(?:(?:other|second|third|single)\s+)?(?:day|night|morning|afternoon|evening|week|weekday|weekend|month|"
        r"quarter|year|hour|minute|sprint|shift|(?:mon|tues|wednes|thurs|fri|satur|sun)day|\d+)\b.*|"
        r"(?:daily|weekly|nightly|monthly|fortnightly)(?:\s+(?:at|on|from|between|by|before|after|around)\b.*)?))$",
        [
            (
                "Go/no-go call every day at 09:30 CET once the rollout starts.",
                {"key": "go/no-go call", "value": "every day at 09:30 CET once the rollout starts"},
            ),
            ("The vendor batch drops every second Monday", {"key": "vendor batch", "value": "every second Monday"}),
        ],
        needles=("every", "each", "daily", "weekly", "nightly", "monthly", "fortnightly"),
    ),
    # A name and the identifier it has, as people list them: "warehouse TRANSFORM_L for prod", "helm 3.14.2".
    _row(
        "name_value",
        "en",
        FACT,
        r"^(?P<key>[a-z][\w\-.]*(?:\s+[a-z][\w\-.]*)?)\s+(?P<value>(?:(?=[\w.\-]*[\d_])(?=[\w.\-]*[A-Za-z])[A-Za-z0-9][\w.\-]*[A-Za-z0-9]|\d+(?:\.\d+)+)"
        r"(?:\s+(?:for|in|on)\s+[^,;]{1,40})?)$",
        [
            ("warehouse COMPUTE_L for prod jobs", {"key": "warehouse", "value": "COMPUTE_L for prod jobs"}),
            ("terraform 1.6.4", {"key": "terraform", "value": "1.6.4"}),
        ],
    ),
    _row(
        "is",
        "en",
        FACT,
        r"^(?:the\s+|our\s+|my\s+)?" + _KEY_EN + r"\s+(?:is|are|=|equals)\s+(?P<value>.+)$",
        [
            ("The deploy target is eu-west-1.", {"key": "deploy target", "value": "eu-west-1"}),
            ("Our primary database is Postgres 16", {"key": "primary database", "value": "Postgres 16"}),
        ],
        needles=(" is ", " are ", "=", "equals"),
    ),
    _row(
        "should_be",
        "en",
        FACT,
        r"^(?:the\s+|our\s+|my\s+)?" + _KEY_EN + r"\s+(?:should|must|needs? to|has to|will|would)\s+be\s+(?P<value>.+)$",
        [("The default branch should be main.", {"key": "default branch", "value": "main"})],
        needles=(" be ",),
    ),
    _row(
        "use_for",
        "en",
        FACT,
        r"^(?:please\s+)?(?:let's\s+|we\s+(?:should|will|can|must)\s+|you\s+should\s+)?(?:use|go with|stick with|pick|choose|prefer)\s+"
        r"(?P<value>[^,]{1,60}?)\s+(?:for|as)\s+(?:the\s+|our\s+|all\s+)?(?P<key>[^,]{1,60}?)$",
        [
            ("Use pnpm for installs.", {"key": "installs", "value": "pnpm"}),
            ("Let's go with Redis as the cache", {"key": "cache", "value": "Redis"}),
        ],
        needles=("use", "go with", "stick with", "pick", "choose", "prefer"),
    ),
    _row(
        "using_for",
        "en",
        FACT,
        r"^(?:we|i)(?:'re|'m| are| am)?\s+(?:using|use|going with|sticking with|running)\s+(?P<value>[^,]{1,60}?)\s+(?:for|as)\s+"
        r"(?:the\s+|our\s+|all\s+)?(?P<key>[^,]{1,60}?)$",
        [("We're using Terraform for provisioning.", {"key": "provisioning", "value": "Terraform"})],
        needles=("using", "use", "going with", "sticking with", "running"),
    ),
    _row(
        "set_to",
        "en",
        FACT,
        r"^(?:please\s+)?(?:let's\s+|we\s+should\s+)?(?:set|switch|change|configure|point|update)\s+(?:the\s+|our\s+)?"
        r"(?P<key>[^,]{1,60}?)\s+(?:to|as)\s+(?P<value>.+)$",
        [
            ("Set the log level to debug.", {"key": "log level", "value": "debug"}),
            ("Point the API base URL to https://api.example.com/v2", {"key": "api base url", "value": "https://api.example.com/v2"}),
        ],
        needles=("set", "switch", "change", "configure", "point", "update"),
    ),
    _row(
        "colon",
        "en",
        FACT,
        r"^(?P<key>[a-z][\w\-./' ]{0,40}?)" + _ASIDE_EN + r"\s*:\s+(?P<value>.+)$",
        [
            ("Package manager: pnpm", {"key": "package manager", "value": "pnpm"}),
            ("Region: eu-west-1", {"key": "region", "value": "eu-west-1"}),
            ("Backup bucket, for reference: s3://ops-backups-7", {"key": "backup bucket", "value": "s3://ops-backups-7"}),
        ],
        needles=(":",),
    ),
)
