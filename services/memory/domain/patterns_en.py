"""English extraction tables (see patterns_core for the row format and the named groups)."""

from services.memory.domain.patterns_core import (
    _ASIDE_EN,
    _CMP_EN,
    _IMP,
    _KEY_EN,
    _LINK_EN,
    _SAY_EN,
    CUR,
    FACT,
    NUMBER,
    RULE,
    VAL_EN,
    _row,
)

# ---- rules ------------------------------------------------------------------
RULES_EN = (
    _row(
        "always",
        "en",
        RULE,
        _IMP + r"(?P<marker>always)\s+\w",
        [
            ("Always run the linter before committing.", {"key": "rule:always run the linter before committing"}),
            ("When deploying, always tag the release.", {"value": "When deploying, always tag the release"}),
        ],
        needles=("always",),
    ),
    _row(
        "never",
        "en",
        RULE,
        _IMP + r"(?P<marker>never)\s+\w",
        [("Never push directly to main.", {"key": "rule:never push directly to main"})],
        needles=("never",),
    ),
    # "Please flag, never quietly accept, any clause that ...": the marker after a first imperative.
    _row(
        "never_after_verb",
        "en",
        RULE,
        r"^(?:please\s+)?(?!(?:i|he|she|they|it|we|you|well|oh|ok|okay|yes|no|so|and|but)\b)[a-z]+(?:\s+[a-z]+)?,\s+(?P<marker>never|always)\s+"
        r"(?!mind\b)(?:quietly\s+|silently\s+|just\s+|ever\s+)?[a-z]",
        [
            (
                "Please flag, never quietly accept, any clause that waives our audit rights.",
                {"value": "Please flag, never quietly accept, any clause that waives our audit rights"},
            ),
            ("Ask first, never assume the customer's timezone", {"key": "rule:ask first, never assume the customer's timezone"}),
        ],
        needles=("never", "always"),
    ),
    _row(
        "subject_always",
        "en",
        RULE,
        r"^[\w\-' ]{1,40}?\s(?:should|must|will|need to|has to|have to)\s+(?P<marker>always|never)\s+\w",
        [("Commits should always be signed.", {"key": "rule:commits should always be signed"})],
        needles=("always", "never"),
    ),
    # A house policy in a later clause: "online-mode stays on, we never run cracked", "and we always tag releases".
    _row(
        "we_never",
        "en",
        RULE,
        r"(?:[,;:]\s*|\b(?:and|so|but)\s+)(?:we|you)\s+(?P<marker>never|always)\s+(?!(?:seem|end up|had|knew|know|thought|get along|have fun)\b)[a-z]",
        [
            (
                "Backups stay encrypted, we never copy them to laptops.",
                {"key": "rule:backups stay encrypted, we never copy them to laptops"},
            ),
            ("Prices are in euros and we always round to the cent", {"value": "Prices are in euros and we always round to the cent"}),
        ],
        needles=("never", "always"),
    ),
    _row(
        "from_now_on",
        "en",
        RULE,
        r"\b(?P<marker>from now on|going forward|moving forward|henceforth|from here on(?: out)?|for the rest of (?:this|the) (?:session|conversation|project))\b",
        [("From now on, reply in British English.", {"key": "rule:from now on, reply in british english"})],
        needles=("from now on", "going forward", "moving forward", "henceforth", "from here on", "for the rest of"),
    ),
    _row(
        "make_sure",
        "en",
        RULE,
        _IMP
        + r"(?P<marker>make sure(?: to| that| you)?|be sure to|ensure(?: that)?|remember to|don'?t forget to|do not forget to|take care to)\s+\w",
        [
            ("Make sure to run migrations before the tests.", {"value": "Make sure to run migrations before the tests"}),
            ("Don't forget to bump the version.", {"key": "rule:don't forget to bump the version"}),
        ],
        needles=("sure", "ensure", "remember", "forget", "take care"),
    ),
    _row(
        "dont",
        "en",
        RULE,
        _IMP
        + r"(?P<marker>do not|don'?t|do n't)\s+(?!(?:worry|know|think|mind|care|understand|see|get|have|need|want|like|feel|bother)\b)\w",
        [
            ("Do not commit secrets to the repo.", {"key": "rule:do not commit secrets to the repo"}),
            ("Please don't use tabs.", {"key": "rule:don't use tabs"}),
        ],
        needles=("not", "don't", "dont", "n't"),
    ),
    _row(
        "only",
        "en",
        RULE,
        _IMP
        + r"(?P<marker>only)\s+(?:ever\s+)?(?:use|run|deploy|write|commit|push|reply|answer|respond|touch|modify|edit|change|call|speak|return|"
        r"release|ship|merge|publish|patch|upgrade|restart|migrate)\b",
        [
            ("Only use UTC timestamps in logs.", {"key": "rule:only use utc timestamps in logs"}),
            ("We only merge after two approvals", {"key": "rule:we only merge after two approvals"}),
        ],
        needles=("only",),
    ),
    _row(
        "avoid",
        "en",
        RULE,
        _IMP
        + r"(?P<marker>avoid|refrain from|(?:stop|quit) (?:using|doing|adding|writing|calling|making|sending|committing|pushing|running))\s+\w",
        [("Avoid global state in the handlers.", {"key": "rule:avoid global state in the handlers"})],
        needles=("avoid", "refrain", "stop", "quit"),
    ),
    _row(
        "forbidden",
        "en",
        RULE,
        r"\b(?P<marker>(?:is|are)\s+(?:not allowed|forbidden|prohibited|banned|not permitted|off[- ]limits))\b",
        [("Force pushes to main are not allowed.", {"key": "rule:force pushes to main are not allowed"})],
        needles=("allowed", "forbidden", "prohibited", "banned", "permitted", "limits"),
    ),
    # A label that announces a rule: "Rule:", "One ground rule before we dig in:", "Hard rule at the clinic:".
    _row(
        "label",
        "en",
        RULE,
        r"^(?P<marker>(?:(?:one|another|a|the|our|my|second|first|last|new|big)\s+)?(?:(?:hard|ground|golden|house|team|strict|standing|iron)\s+)?"
        r"(?:rule|policy|constraint|requirement|guideline|convention|ban)s?(?:\s+of\s+thumb)?"
        r"(?:\s+(?:for|at|from|on|before|about|in|while|when|of)\b[^:]{0,50})?\s*:)\s*\S",
        [
            ("Rule: no force pushes on Fridays.", {"key": "rule:rule: no force pushes on fridays"}),
            ("Ground rule: every schema change gets a rollback plan.", {"value": "Ground rule: every schema change gets a rollback plan"}),
            (
                "One house rule before we start: nothing gets deleted from the shared drive.",
                {"value": "One house rule before we start: nothing gets deleted from the shared drive"},
            ),
            (
                "Hard rule at the clinic: no patient names in any ticket title.",
                {"value": "Hard rule at the clinic: no patient names in any ticket title"},
            ),
        ],
        needles=(":",),
    ),
    # A tag that makes the sentence binding: "..., no exceptions", "Without exception, ...".
    _row(
        "no_exceptions",
        "en",
        RULE,
        r"(?:^|[,;:(\-–—]\s*)(?P<marker>no exceptions?|without (?:any )?exceptions?|no matter what|in all cases|"
        r"no matter (?:how|when|who|where|if|which)\b[^,;]*|from anyone|for anyone|ever|under any circumstances|whatsoever)(?:\s*[,:)]|\s*$)",
        [
            (
                "Each release tag is signed by two maintainers, no exceptions.",
                {"key": "rule:each release tag is signed by two maintainers, no exceptions"},
            ),
            ("Without exception, hotfixes get a postmortem", {"value": "Without exception, hotfixes get a postmortem"}),
            (
                "Allergen labels go on the tray before service, no matter how busy the pass is.",
                {"value": "Allergen labels go on the tray before service, no matter how busy the pass is"},
            ),
        ],
        needles=("exception", "no matter", "all cases", "anyone", "ever", "circumstances", "whatsoever"),
    ),
    _row(
        "hard_rule",
        "en",
        RULE,
        r"\b(?P<marker>(?:is|are)\s+(?:non-?negotiable|a hard rule|a hard requirement|mandatory)|(?:as\s+)?a\s+hard\s+rule,?)(?:\s|$)",
        [
            ("Code review before merge is non-negotiable.", {"key": "rule:code review before merge is non-negotiable"}),
            ("As a hard rule, secrets stay out of the repo", {"value": "As a hard rule, secrets stay out of the repo"}),
        ],
        needles=("negotiable", "hard rule", "hard requirement", "mandatory"),
    ),
    # The obligation stated up front: "It's a hard requirement that ...", "It is essential that ...".
    _row(
        "required_that",
        "en",
        RULE,
        r"^(?P<marker>(?:(?:and|also|plus|oh|so|but|ok|okay)[,\s]+)*(?:it'?s|it\s+is|that'?s|this\s+is)\s+(?:a\s+|an\s+)?"
        r"(?:(?:hard|strict|firm|absolute|legal|contractual|regulatory|non-?negotiable)\s+)?"
        r"(?:requirement|must|mandatory|required|non-?negotiable|essential|imperative|obligatory|compulsory|rule)\s+that)\s+\S",
        [
            (
                "It's a hard requirement that every export is encrypted at rest.",
                {"value": "It's a hard requirement that every export is encrypted at rest"},
            ),
            ("Also, it is essential that visitors sign in at reception", {"value": "it is essential that visitors sign in at reception"}),
        ],
        needles=(
            "requirement",
            "must",
            "mandatory",
            "required",
            "negotiable",
            "essential",
            "imperative",
            "obligatory",
            "compulsory",
            "rule",
        ),
    ),
    # "X has to go through Y": a gate every change passes.
    _row(
        "go_through",
        "en",
        RULE,
        r"^(?!i\b|i'm\b)[\w\-'./ ]{1,60}?\s(?P<marker>(?:must|has to|have to|needs? to|should|shall)\s+(?:always\s+)?"
        r"(?:go|pass|be routed|be run)\s+through)\s+\w",
        [("Schema changes have to go through the DBA channel.", {"key": "rule:schema changes have to go through the dba channel"})],
        needles=("through",),
    ),
    # A universally quantified subject ("every", "all", "each", "any") with a requirement verb.
    _row(
        "universal",
        "en",
        RULE,
        r"^(?:every|each|all|any)\s+(?:[\w\-'./]+\s+){0,6}?(?P<marker>goes through|go through|needs?|requires?|has to|have to|gets?|"
        r"ships? with|comes? with)\s+\w",
        [
            ("Every config change goes through a signed-off ticket.", {"key": "rule:every config change goes through a signed-off ticket"}),
            (
                "All public endpoints need an owner in the service catalog",
                {"value": "All public endpoints need an owner in the service catalog"},
            ),
        ],
        needles=("every", "each", "all", "any"),
    ),
    # "No force-pushes to main.", "no patient names in any log": a prohibition stated as a noun phrase.
    _row(
        "no_noun",
        "en",
        RULE,
        r"^(?:and\s+|also\s+|plus\s+)?(?:(?:on|for|in|at|with)\s+[^:,]{1,40}[:,]\s*)?(?P<marker>no)\s+(?!(?:idea|worries|worry|problem|problems|rush|need|clue|way|"
        r"doubt|matter|one|thanks|wonder|luck|longer|more than|less than|sooner|big deal|kidding|offen[cs]e|comment|change|news|"
        r"update|reply|answer|response|word|decision|issue|issues|pressure|hurry|stress|joke|biggie|prob)\b)"
        # "No exceptions were raised", "no tests failed": a report of what happened, not a prohibition.
        r"(?![\w\-.' ]*\b(?:were|was|is|are|has|have|had|got|came|showed|appeared|happened|found|failed|passed|broke|left|remain(?:s|ed)?)\b)"
        r"[\w\-.']+(?:\s+[\w\-.']+)+",
        [
            ("No force-pushes to main.", {"key": "rule:no force-pushes to main"}),
            (
                "And on the billing repo: no direct commits to the release branch.",
                {"value": "on the billing repo: no direct commits to the release branch"},
            ),
        ],
        needles=("no",),
        weak=True,
    ),
    _row(
        "respond_in",
        "en",
        RULE,
        _IMP + r"(?P<marker>reply|respond|answer|write|talk|speak)\s+(?:only\s+)?in\s+[A-Z]\w+",
        [("Reply in Spanish.", {"key": "rule:reply in spanish"})],
        needles=(" in ",),
        weak=True,
    ),
    _row(
        "style",
        "en",
        RULE,
        _IMP + r"(?P<marker>keep|be)\s+(?:[\w']+\s+){0,3}?(?:short|concise|brief|terse|formal|polite|simple|minimal|small)\b",
        [("Please keep responses short.", {"key": "rule:keep responses short"})],
        needles=("keep", "be "),
        weak=True,
    ),
    _row(
        "use_imperative",
        "en",
        RULE,
        _IMP + r"(?P<marker>use|prefer|stick (?:to|with))\s+\S",
        [("Use British spelling.", {"key": "rule:use british spelling"})],
        needles=("use", "prefer", "stick"),
        weak=True,
    ),
    _row(
        "must",
        "en",
        RULE,
        r"^(?!i\b|i'm\b)(?:[\w\-'./ ]{1,50}?\s)?(?P<marker>must(?:\s+not|n't)?|shall(?:\s+not)?|(?:is|are)\s+(?:required to|mandatory))\b",
        [("All commits must be signed.", {"key": "rule:all commits must be signed"})],
        needles=("must", "shall", "required", "mandatory"),
        weak=True,
    ),
)


# ---- facts ------------------------------------------------------------------
FACTS_EN = (
    _row(
        "called",
        "en",
        FACT,
        r"^(?:the\s+|our\s+|my\s+)?" + _KEY_EN + r"\s+(?:is|are)\s+(?:called|named)\s+(?P<value>.+)$",
        [("The staging bucket is called logs-stg.", {"key": "staging bucket", "value": "logs-stg"})],
        needles=("called", "named"),
    ),
    # A verb and its preposition are the link: "X goes out to Y", "X is served on Y", "X listens on Y".
    _row(
        "served_on",
        "en",
        FACT,
        r"^(?:the\s+|our\s+|my\s+)?"
        + _KEY_EN
        + r"\s+(?:go(?:es)?\s+(?:(?:out\s+)?to|through|via)|(?:is|are)\s+routed\s+(?:through|via|to)|(?:is|are)\s+(?:served|hosted|deployed|published|"
        r"exposed|stored|kept|mounted)\s+(?:on|at|to|in|from|under)|listens?\s+on|runs?\s+on|lives?\s+(?:in|at|on)|points?\s+(?:to|at)|"
        r"(?:is|are)\s+(?:located|available|reachable)\s+(?:at|on|in))\s+(?P<value>.+)$",
        [
            ("Nightly builds go out to the artifacts-eu mirror.", {"key": "nightly builds", "value": "the artifacts-eu mirror"}),
            ("Metrics for this project are served on port 9464", {"key": "metrics", "value": "port 9464"}),
            ("The session broker listens on 7443", {"key": "session broker", "value": "7443"}),
            ("Our search index lives in the eu-north bucket", {"key": "search index", "value": "the eu-north bucket"}),
            ("Deploys go through the blue pipeline.", {"key": "deploys", "value": "the blue pipeline"}),
        ],
        needles=(
            "go",
            "goes",
            "routed",
            "served",
            "hosted",
            "deployed",
            "published",
            "exposed",
            "stored",
            "kept",
            "mounted",
            "listen",
            "run",
            "live",
            "point",
            "located",
            "available",
            "reachable",
        ),
    ),
    # When something happens: "my flight leaves at 7am", "the review starts on Monday at 10:00".
    _row(
        "happens_at",
        "en",
        FACT,
        r"^(?:the\s+|our\s+|my\s+)?" + _KEY_EN + r"\s+(?:leaves|departs|starts|begins|ends|finishes|arrives|lands|opens|closes|boards|"
        r"kicks off|(?:is|are)\s+(?:scheduled|planned|booked|due))\s+(?=(?:at|on|for|by)\s)(?:at\s+)?(?P<value>"
        r"(?=[^,]*(?:\d{1,2}(?::\d{2})?\s?[ap]\.?m\b|\b\d{1,2}:\d{2}\b|(?:mon|tues|wednes|thurs|fri|satur|sun)day|\bnoon\b|\bmidnight\b|"
        r"\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+\d{1,2}\b|\b\d{1,2}\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b|"
        r"\b\d{4}-\d{2}-\d{2}\b)).+)$",
        [
            ("My flight leaves at 7am.", {"key": "flight", "value": "7am"}),
            ("The design review starts on Monday at 10:00", {"key": "design review", "value": "on Monday at 10:00"}),
            ("The code freeze starts on December 18.", {"key": "code freeze", "value": "on December 18"}),
        ],
        needles=(
            "leaves",
            "departs",
            "starts",
            "begins",
            "ends",
            "finishes",
            "arrives",
            "lands",
            "opens",
            "closes",
            "boards",
            "kicks off",
            "scheduled",
            "planned",
            "booked",
            "due",
        ),
    ),
    # What a person says of themselves; the key is the row's (an empty key group takes the suffix).
    _row(
        "call_me",
        "en",
        FACT,
        r"^(?:please\s+|you\s+can\s+)?call\s+me\s+(?P<key>)(?P<value>(?-i:[A-Z])[\w\-']*(?:\s+(?-i:[A-Z])[\w\-']*)?)$",
        [("Call me Sam.", {"key": "name", "value": "Sam"})],
        needles=("call me",),
        key_suffix="name",
    ),
    _row(
        "based_in",
        "en",
        FACT,
        r"^(?:i|we)(?:'m|'re|\s+am|\s+are)?\s+(?:live|living|based|located)\s+in\s+(?P<key>)(?P<value>(?-i:[A-Z]).+)$",
        [("I live in Porto.", {"key": "location", "value": "Porto"}), ("We're based in Lisbon", {"key": "location", "value": "Lisbon"})],
        needles=("live", "living", "based", "located"),
        key_suffix="location",
    ),
    _row(
        "allergic",
        "en",
        FACT,
        r"^(?:i|we)(?:'m|'re|\s+am|\s+are)\s+(?:severely\s+|very\s+)?allergic\s+to\s+(?P<key>)(?P<value>.+)$",
        [("I am allergic to peanuts.", {"key": "allergy", "value": "peanuts"})],
        needles=("allergic",),
        key_suffix="allergy",
    ),
    # What others are allergic to: "Nina is allergic to sesame, ..." (the person names the key).
    _row(
        "allergic_named",
        "en",
        FACT,
        r"^(?:(?:my|our)\s+(?:son|daughter|kid|child|wife|husband|partner|mum|mom|dad|brother|sister)\s+)?(?P<key>(?-i:[A-Z])[\w\-']+(?:\s+(?-i:[A-Z])[\w\-']+)?)"
        r"\s+(?:is|has\s+been)\s+(?:severely\s+|very\s+|mildly\s+|slightly\s+|badly\s+)?allergic\s+to\s+(?P<value>.+)$",
        [
            ("Nina is allergic to sesame, even a trace of tahini sets her off.", {"key": "nina allergy", "value": "sesame"}),
            ("My son Leo is severely allergic to eggs", {"key": "leo allergy", "value": "eggs"}),
        ],
        needles=("allergic",),
        key_suffix="allergy",
    ),
    # Food someone cannot have: "I can't eat shellfish", "Ana doesn't eat pork".
    _row(
        "cannot_eat",
        "en",
        FACT,
        r"^(?:i|we|(?P<key>(?-i:[A-Z])[\w\-']+))\s+(?:can't|cannot|can not|don't|doesn't|do not|does not|mustn't|must not|shouldn't)\s+"
        r"(?:eat|have|drink|digest|tolerate)\s+(?P<value>(?!it\b|that\b|this\b|them\b|anything\b|much\b).+)$",
        [
            ("I can't eat shellfish.", {"key": "dietary restriction", "value": "shellfish"}),
            (
                "Ana doesn't eat pork or anything cooked in lard",
                {"key": "ana dietary restriction", "value": "pork or anything cooked in lard"},
            ),
        ],
        needles=("eat", "have", "drink", "digest", "tolerate"),
        key_suffix="dietary restriction",
    ),
    # A preference, keyed by what it is a preference for: "I prefer oat milk" -> milk preference.
    _row(
        "prefer",
        "en",
        FACT,
        r"^(?:i|we|(?-i:[A-Z])[\w\-']+)(?:'d|\s+would)?\s+(?:really\s+|much\s+|strongly\s+|usually\s+|always\s+)?"
        r"(?:prefers?|rather have|sticks? (?:with|to)|goes? for)\s+(?P<value>(?:(?!(?:in|for|at|on|when|over|to|instead|rather|than|with|but|and)\b)"
        r"[\w\-']+\s+){0,3}?(?P<key>(?!(?:it|that|this|them|one)\b)[\w\-']+)(?:\s+(?:in|for|at|on|when|with|during)\s+[^,;]{1,40})?)(?=[,;]|\s+(?:over|to|instead|rather|than|but)\b|$)",
        [
            (
                "I prefer oat milk in the weekly shop; Tom sticks with whole milk.",
                {"key": "milk preference", "value": "oat milk in the weekly shop"},
            ),
            ("We'd rather have window seats on long flights", {"key": "seats preference", "value": "window seats on long flights"}),
            ("Priya prefers tea over coffee", {"key": "tea preference", "value": "tea"}),
        ],
        needles=("prefer", "rather", "stick", "goes for", "go for"),
        key_suffix="preference",
    ),
    # When something may happen: "Deploys can only happen Tuesday 10:00-12:00 UTC" -> deploys window.
    _row(
        "can_happen",
        "en",
        FACT,
        r"^(?:the\s+|our\s+)?" + _KEY_EN + r"\s+(?:can|may|must|should|will|is allowed to|are allowed to)?\s*(?:only\s+)?"
        r"(?:happen|happens|take place|takes place|run|runs|go out|goes out|be done|be scheduled|be booked|go live)\s+(?:only\s+)?(?:on\s+|at\s+|during\s+|in\s+)?"
        r"(?P<value>(?=[^,]*(?:\d{1,2}(?::\d{2}|\s?[ap]\.?m\b)|(?:mon|tues|wednes|thurs|fri|satur|sun)days?\b|weekends?\b|nights?\b|noon\b|midnight\b)).+)$",
        [
            (
                "Restarts can only happen Saturday 22:00-23:00 UTC, nobody is online then.",
                {"key": "restarts window", "value": "Saturday 22:00-23:00 UTC"},
            ),
            (
                "Database maintenance may only take place on Sundays before 6am",
                {"key": "database maintenance window", "value": "Sundays before 6am"},
            ),
        ],
        needles=("happen", "take place", "takes place", "run", "go out", "goes out", "be done", "scheduled", "booked", "go live"),
        key_suffix="window",
    ),
    # Something kept running somewhere: "We've got Redis running on 6380 for the cache".
    _row(
        "running_on",
        "en",
        FACT,
        r"^(?:(?:we|i)(?:'ve|\s+have)?\s+(?:got\s+)?|there(?:'s|\s+is)\s+)(?:a\s+|an\s+|the\s+|our\s+)?(?P<key>[\w\-.]+(?:\s+[\w\-.]+){0,2}?)\s+"
        r"(?:running|listening|deployed|serving|hosted|exposed)\s+(?:on|at)\s+(?P<value>.+)$",
        [
            ("We've got memcached running on 11212 for the session cache.", {"key": "memcached", "value": "11212 for the session cache"}),
            ("There's a read replica listening on 5433", {"key": "read replica", "value": "5433"}),
        ],
        needles=("running", "listening", "deployed", "serving", "hosted", "exposed"),
    ),
    # Whom to turn to: "For billing questions, ping Marta", "If prod is down, call Sam".
    _row(
        "contact",
        "en",
        FACT,
        r"^(?:(?:for|if|when|in case of|whenever)\s+(?:there's\s+|there is\s+|we\s+(?:have|hit|get)\s+|it's\s+)?(?:an?\s+|the\s+|any\s+|anything\s+|something\s+)?(?P<key>[^,]{1,50}?),\s*)?"
        r"(?:please\s+)?(?:just\s+|always\s+)?(?:call|ping|page|contact|phone|text|email|reach out to|escalate to)\s+"
        r"(?P<value>(?-i:[A-Z])[\w\-']+(?:\s+(?-i:[A-Z])[\w\-']+)?)(?=\s*(?:[,;.]|$|\s+(?:first|directly|on|at|via|in)\b))",
        [
            ("For anything billing-related, ping Marta Ruiz.", {"key": "billing-related contact", "value": "Marta Ruiz"}),
            ("When the pager goes off at night, call Sam directly", {"key": "pager goes off at night contact", "value": "Sam"}),
        ],
        needles=("call", "ping", "page", "contact", "phone", "text", "email", "reach out", "escalate"),
        key_suffix="contact",
    ),
    # A choice with its topic: "For the flooring we're going with white oak", "we'll go with Kestrel for the hosting".
    _row(
        "topic_chosen",
        "en",
        FACT,
        r"^for\s+(?:the\s+|our\s+|my\s+)?(?P<key>[a-z][\w\-' ]{1,30}?),?\s+(?:we're|we are|we'll|we will|let's|i'm|i am|we've|we have)\s+"
        r"(?:going|go|gone|decided\s+to\s+go)\s+with\s+(?P<value>.+)$",
        [("For the flooring we're going with white oak.", {"key": "flooring", "value": "white oak"})],
        needles=("with",),
    ),
    _row(
        "chosen_for",
        "en",
        FACT,
        r"^(?:we're|we are|we'll|we will|let's|i'm|i am|we've|we have)\s+(?:going|go|gone|decided\s+to\s+go)\s+with\s+(?P<value>[^,;]+?)\s+for\s+"
        r"(?:the\s+|our\s+|my\s+)?(?P<key>[a-z][\w\-' ]{1,30})$",
        [("We'll go with Kestrel Hosting for the staging servers", {"key": "staging servers", "value": "Kestrel Hosting"})],
        needles=("with",),
    ),
    # A change of when or where something is: "we moved the standup to 10am".
    _row(
        "moved_to",
        "en",
        FACT,
        r"^(?:we|i|they|(?:the\s+)?(?-i:[A-Za-z])[\w\-']+(?:\s+[\w\-']+)?)(?:'ve|\s+have|\s+has)?\s+(?:just\s+)?(?:moved|shifted|pushed|rescheduled|switched)\s+"
        r"(?:the\s+|our\s+|my\s+)?" + _KEY_EN + r"\s+(?:back\s+)?to\s+(?P<value>.+)$",
        [
            ("We moved the standup to the big meeting room.", {"key": "standup", "value": "the big meeting room"}),
            ("The clinic rescheduled Omar to Monday at 9:15 am, same room.", {"key": "omar", "value": "Monday at 9:15 am"}),
        ],
        needles=("moved", "shifted", "pushed", "rescheduled", "switched"),
    ),
    _row(
        "owned_by",
        "en",
        FACT,
        r"^(?:the\s+|our\s+|my\s+)?" + _KEY_EN + r"\s+(?:is|are)\s+(?:owned|handled|led|maintained|managed|run)\s+by\s+(?P<value>.+)$",
        [("The billing cutover is owned by Marta Ruiz.", {"key": "billing cutover owner", "value": "Marta Ruiz"})],
        needles=("owned", "handled", "led", "maintained", "managed", "run by"),
        key_suffix="owner",
    ),
    _row(
        "guarded_by",
        "en",
        FACT,
        r"^(?:the\s+|our\s+|my\s+)?" + _KEY_EN + r"\s+(?:is|are)\s+(?:guarded|gated|controlled|toggled|protected|hidden)\s+(?:by|behind)\s+"
        r"(?:the\s+|a\s+)?(?P<role>feature[- ]flag|feature toggle|flag|toggle)\s+(?P<value>[\w.\-:/]+)$",
        [("The new checkout is gated behind the flag checkout.v3_beta", {"key": "new checkout feature flag", "value": "checkout.v3_beta"})],
        needles=("guarded", "gated", "controlled", "toggled", "protected", "hidden"),
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
        + r"\s+(?P<cmp>under|below|within|at or below|at most|at least|at|to|above|over|around|=)\s*"
        + CUR
        + VAL_EN
        + r"(?P<tail>.*)$",
        [
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
)
