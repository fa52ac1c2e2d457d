"""English fact rows with a verb of their own: names, places, times, people, choices, owners (row format:
domain/patterns_core.py). Read before the general links of facts_settings.py.
"""

from services.memory.domain.patterns_core import FACT, _row
from services.memory.lang.en.grammar import _KEY_EN

# ---- facts ------------------------------------------------------------------
# A time must follow, before the next comma: a clock time, a weekday, a date (happens_at, we_do_at).
_TIME_FOLLOWS = (
    r"(?=[^,]*(?:\d{1,2}(?::\d{2})?\s?[ap]\.?m\b|\b\d{1,2}:\d{2}\b|(?:mon|tues|wednes|thurs|fri|satur|sun)day|\bnoon\b|\bmidnight\b|"
    r"\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+\d{1,2}\b|\b\d{1,2}\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b|"
    r"\b\d{4}-\d{2}-\d{2}\b))"
)
# The prefilter of those rows: a month, a weekday, a clock time.
HAPPENS_AT_NEEDLES = (
    "jan",
    "feb",
    "mar",
    "apr",
    "may",
    "jun",
    "jul",
    "aug",
    "sep",
    "oct",
    "nov",
    "dec",
    "day",
    ":",
    "am",
    "pm",
    "noon",
    "midnight",
)

FACTS_RELATIONS = (
    # Who has a duty: "Ines runs Thursdays", "Oren is leading the night shift from this week on". The duty is the
    # key, the person its value, so a later "Noa is running Thursdays now" replaces them.
    _row(
        "runs_duty",
        "en",
        FACT,
        r"^(?:(?:so|and|now|ok(?:ay)?)\s*,?\s+)?(?!(?:he|she|they|it|we|i|you|this|that)\b)(?P<value>(?-i:[A-Z])[\w.'\-]*(?:\s+(?-i:[A-Z])[\w.'\-]*)?)\s+(?:now\s+)?"
        r"(?:leads|runs|is\s+(?:now\s+)?(?:running|leading|handling|managing|coordinating|supervising)|'s\s+(?:running|leading|handling)|"
        r"handles|manages|coordinates|supervises|captains|chairs|is\s+in\s+charge\s+of|looks\s+after)\s+"
        r"(?:the\s+)?(?P<key>[a-z][\w\-']*(?:\s+[a-z][\w\-']*){0,2}|(?-i:[A-Z])[a-z]+days?(?:\s+[a-z]+)?)"
        r"(?:\s+(?:now|from\s+now\s+on|(?:from|starting|as\s+of)\s+.+|this\s+\w+|for\s+now)|\s*[,;.!].*)?$",
        [
            ("Ines runs Thursdays.", {"key": "thursdays", "value": "Ines"}),
            ("Oren is leading the night shift from this week on.", {"key": "night shift", "value": "Oren"}),
            ("Dana handles the front desk, she has the keys.", {"key": "front desk", "value": "Dana"}),
        ],
        needles=(
            "leads",
            "runs",
            "running",
            "leading",
            "handl",
            "manag",
            "coordinat",
            "supervis",
            "captains",
            "chairs",
            "in charge",
            "looks after",
        ),
    ),
    # Where a thing is going: "the piano is going to my sister's flat", "the boiler's moving into the utility room
    # instead". The thing is the key.
    _row(
        "goes_to",
        "en",
        FACT,
        r"^(?:(?:so|and|but|now|ok(?:ay)?)\s*,?\s+)?(?:the\s+|our\s+|my\s+)?(?!(?:he|she|they|it|we|i|you|this|that|there)\b)"
        r"(?P<key>[a-z][\w\-]*(?:\s+[a-z][\w\-]*){0,2}?)(?:'s|’s|\s+is|\s+are)\s+(?:now\s+)?"
        r"(?:going|moving|headed|heading|being\s+(?:fitted|installed|done|painted|fixed|built))\s+(?:to|in|into|with|at)\s+"
        r"(?:the\s+)?(?P<value>[^,;]+?)(?:\s+(?:instead|now|for\s+\S+(?:\s+\S+)?))?\s*$",
        [
            ("The piano is going to my sister's flat.", {"key": "piano", "value": "my sister's flat"}),
            ("The boiler's moving into the utility room.", {"key": "boiler", "value": "utility room"}),
        ],
        needles=("going", "moving", "headed", "heading", "being"),
    ),
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
        # Whatever the verb, when what follows is a time: "the gun goes at 08:30", "the grant runs out on 30 June".
        r"^(?:the\s+|our\s+|my\s+)?" + _KEY_EN + r"\s+(?:[a-z]{2,}(?<!ss)s(?:\s+(?:out|off|live|up|down))?|"
        r"(?:is|are)\s+(?:scheduled|planned|booked|due|set))\s+(?=(?:at|on|for|by)\s)(?:at\s+)?(?P<value>" + _TIME_FOLLOWS + r".+)$",
        [
            ("My flight leaves at 7am.", {"key": "flight", "value": "7am"}),
            ("The design review starts on Monday at 10:00", {"key": "design review", "value": "on Monday at 10:00"}),
            ("The code freeze starts on December 18.", {"key": "code freeze", "value": "on December 18"}),
            ("The lease runs out on 30 June.", {"key": "lease", "value": "on 30 June"}),
            ("The shuttle goes at 08:15 from the east gate.", {"key": "shuttle", "value": "08:15 from the east gate"}),
        ],
        needles=HAPPENS_AT_NEEDLES,
    ),
    # When we do something: "We open to the public on Saturday 6 June", "we fly out at 07:10 from Gatwick".
    _row(
        "we_do_at",
        "en",
        FACT,
        r"^(?:we|i)(?:'ll|\s+will)?\s+(?P<key>(?!(?:are|were|was|am|have|had|need|want|can|could|should|might|may|must|usually|always|never)\b)"
        r"[a-z]+(?:\s+(?!on\b|at\b)[a-z\-]+){0,4}?)\s+(?:on|at)\s+(?P<value>" + _TIME_FOLLOWS + r".+)$",
        [
            ("We open to the public on Saturday 6 June.", {"key": "open to the public", "value": "Saturday 6 June"}),
            ("We fly out at 07:10 from Gatwick.", {"key": "fly out", "value": "07:10 from Gatwick"}),
        ],
        needles=HAPPENS_AT_NEEDLES,
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
        [("The new checkout is gated behind the flag checkout.v3_beta", {"key": "checkout feature flag", "value": "checkout.v3_beta"})],
        needles=("guarded", "gated", "controlled", "toggled", "protected", "hidden"),
    ),
)
