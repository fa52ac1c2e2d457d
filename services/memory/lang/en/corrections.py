"""English correction rows: sentences that replace an earlier value (row format: domain/patterns_core.py)."""

from services.memory.domain.patterns_core import FACT, _row

# A new value that is a date or a time: what a schedule change moves a thing to.
_WHEN = (
    r"(?=[^,;]*(?:\d|(?:mon|tues|wednes|thurs|fri|satur|sun)day|noon|midnight|tomorrow|"
    r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b))"
)

# ---- corrections --------------------------------------------------------------
CORRECTIONS_EN = (
    _row(
        "change_from_to",
        "en",
        FACT,
        r"^(?:please\s+)?(?:let's\s+)?(?:change|switch|move|update|bump|raise|lower|increase|decrease|reduce)\s+(?:the\s+|our\s+)?"
        r"(?P<key>[^,]{1,60}?)\s+from\s+(?P<old>.{1,40}?)\s+to\s+(?P<new>.{1,60})$",
        [
            (
                "Change the deploy target from eu-west-1 to eu-central-1.",
                {"key": "deploy target", "value": "eu-central-1", "corrects": "eu-west-1"},
            ),
            ("Bump the timeout from 30s to 45s", {"kind": "number", "key": "timeout", "value": "45", "unit": "s", "corrects": "30"}),
        ],
        needles=(" from ",),
    ),
    # "We moved from Postgres 14 to Postgres 16", "the standup moved from 9:30 to 10:00": an update naming both values.
    _row(
        "moved_from_to",
        "en",
        FACT,
        r"^(?:(?:we|i|they|(?:the\s+|our\s+|my\s+)?(?P<subject>[a-z][\w\-']*(?:\s+[a-z][\w\-']*){0,3}?))(?:'ve|'re|\s+have|\s+has|\s+are|\s+is)?\s+)?(?:just\s+|finally\s+|already\s+)?"
        r"(?:moved|moving|switched|switching|migrated|migrating|upgraded|upgrading|changed|went|gone|transitioned|swapped|bumped|raised|lowered|"
        r"cut|dropped|increased|reduced|rescheduled|pushed)\s+(?:(?:the\s+|our\s+|my\s+)?(?P<key>[^,]{1,40}?)\s+)?"
        r"from\s+(?P<old>[^,]{1,40}?)\s+(?:to|over to|onto)\s+(?P<new>.{1,200})$",
        [
            (
                "We moved from MySQL 5.7 to MySQL 8 last month, so window functions work now.",
                {"key": "mysql", "value": "MySQL 8", "corrects": "MySQL 5.7"},
            ),
            ("The team switched the CI from Jenkins to GitHub Actions.", {"key": "ci", "value": "GitHub Actions", "corrects": "Jenkins"}),
            ("The standup moved from 9:30 to 10:15", {"key": "standup", "value": "10:15", "corrects": "9:30"}),
        ],
        needles=(" from ",),
    ),
    # "..., so the launch moves to Monday 12 May": a thing's date, time or version changes.
    _row(
        "moves_to",
        "en",
        FACT,
        r"^(?:.*?(?:,\s*(?:so|and|but)\s+|;\s*|\bso\s+))?(?:the\s+|our\s+|my\s+)?(?P<key>(?!(?:it|this|that|he|she|they|we|i|you)\b)[a-z][\w\-']*(?:\s+[a-z][\w\-']*){0,3}?)"
        r"(?:'s\s+(?:start|date|deadline|slot|time))?\s+(?:moves?|moved|is moving|has moved|slips?|slipped|shifts?|shifted|got pushed(?: back)?|"
        r"gets pushed(?: back)?|was pushed(?: back)?|is pushed(?: back)?|got moved|was moved|is moved|is now due|is rescheduled|was rescheduled|changes?|changed)\s+"
        r"(?:back\s+)?(?:to|until|till)\s+(?P<new>" + _WHEN + r".+)$",
        [
            ("The photo shoot won't happen Thursday, so the shoot moves to Monday 12 May.", {"key": "shoot", "value": "Monday 12 May"}),
            ("Our release slipped to 2 June", {"key": "release", "value": "2 June"}),
        ],
        needles=("move", "moving", "slip", "slipped", "shift", "pushed", "moved", "due", "rescheduled", "change"),
    ),
    # Someone moves the thing: "product pulled the freeze forward to Friday 15 May", "we pushed the
    # launch back to 3 June", "they've rescheduled the audit for next Tuesday".
    _row(
        "agent_moves",
        "en",
        FACT,
        # After a clause, or after an opening adverbial and its subject pronoun ("after the jam on Tuesday they want ...").
        r"^(?:.*?(?:,\s*(?:so|and|but)\s+|;\s*|\bso\s+)|(?:after|since|following|because\s+of)\b[^,;]{1,80}?\s+(?=(?:they|we|he|she|i|you|the\s+[a-z]+)\s))?"
        r"(?:[a-z][\w\-']*(?:\s+[a-z][\w\-']*){0,2}?\s+)?(?:have\s+|has\s+|'ve\s+|just\s+)*"
        r"(?:pulled|brought|moved|pushed|bumped|shifted|rescheduled|postponed|delayed|advanced|slid|"
        # Any verb, when a particle says the thing moved: "they voted the fee up to", "she talked the rent down to".
        r"[a-z]{3,}ed(?=\s+(?:the|our|my|their)\s+[a-z][\w\-']*(?:\s+[a-z][\w\-']*){0,3}?\s+(?:forward|back|up|down)\s+(?:to|until|till)\b)|"
        # ... or wants it moved: "the board wants the fee back to £40".
        r"(?:cut|put|set|got|wants?|needs?|(?:would|'d)\s+like)(?=\s+(?:the|our|my|their)\s+[a-z][\w\-']*(?:\s+[a-z][\w\-']*){0,3}?\s+(?:forward|back|up|down)\s+(?:to|until|till)\b))\s+"
        r"(?:the\s+|our\s+|my\s+|their\s+)(?P<key>[a-z][\w\-']*(?:\s+[a-z][\w\-']*){0,3}?)\s+"
        r"(?:(?:forward|back|up|down|in|out|ahead|earlier|later)\s+)?(?:to|until|till|for)\s+(?P<new>" + _WHEN + r".+)$",
        [
            ("Product pulled the launch forward to Friday 9 May.", {"key": "launch", "value": "Friday 9 May"}),
            ("We pushed the audit back to 3 June because of the holidays", {"key": "audit", "value": "3 June"}),
            ("The board voted the reopening back to 12 June.", {"key": "reopening", "value": "12 June"}),
            ("The printers want the deadline back to 30 April.", {"key": "deadline", "value": "30 April"}),
            ("After the storm on Friday they pushed the regatta back to 9 June.", {"key": "regatta", "value": "9 June"}),
        ],
        needles=(
            *("pulled", "brought", "moved", "pushed", "bumped", "shifted", "rescheduled", "postponed", "delayed", "advanced", "slid"),
            *("up to", "down to", "back to", "forward to", "up until", "back until"),
        ),
    ),
    # "We upgraded to Django 5.1", "we're raising the minimum to iOS 17": the new value of what is named.
    _row(
        "changed_to",
        "en",
        FACT,
        r"^(?:(?:we|i|they|the team)(?:'ve|'re|\s+have|\s+are)?\s+)?(?:just\s+|finally\s+)?(?:upgraded|updated|downgraded|migrated|switched|"
        r"raising|raised|lowering|lowered|increasing|increased|reducing|reduced|bumping|bumped|changing)\s+"
        r"(?:(?:the\s+|our\s+)?(?P<key>(?!to\b)[\w\-' ]{1,40}?)\s+)?to\s+(?P<new>(?!(?:the|a|an)\b).+)$",
        [
            ("We upgraded to Django 5.1 last night, the CI image has it too.", {"key": "django", "value": "Django 5.1"}),
            ("We're raising the minimum to iOS 17 in this release.", {"key": "minimum", "value": "iOS 17 in this release"}),
        ],
        needles=("upgrad", "updat", "downgrad", "migrat", "switch", "rais", "lower", "increas", "reduc", "bump", "chang"),
    ),
    # Someone new in a role: "X has been replaced as co-lead by Y", "Y takes over from X as release captain".
    _row(
        "replaced_by",
        "en",
        FACT,
        r"^(?:(?P<old>(?!(?:he|she|they|it|i|we|you)\b)[a-z][\w.'\- ]{0,30}?)|he|she|they|it)(?:'s|\s+has|\s+have)?\s+(?:been\s+|was\s+|were\s+|got\s+|is\s+being\s+)"
        r"replaced\s+(?:as\s+(?:the\s+|our\s+|their\s+)?(?P<key>[^,]{1,30}?)\s+)?by\s+(?P<new>[^,;]{1,60}?)(?:,.*)?$",
        [
            (
                "Marta has been replaced as tech lead by Jonas Berg.",
                {"key": "tech lead", "value": "Jonas Berg", "corrects": "Marta"},
            ),
            ("She's been replaced as treasurer by Dr. Ana Ruiz, who starts Monday", {"key": "treasurer", "value": "Dr. Ana Ruiz"}),
        ],
        needles=("replaced",),
    ),
    _row(
        "takes_over",
        "en",
        FACT,
        r"^(?P<new>(?-i:[A-Z])[\w.'\-]*(?:\s+(?-i:[A-Z])[\w.'\-]*){0,2})\s+(?:is\s+|will\s+|'ll\s+)?(?:replac(?:es|ed|ing|e)|tak(?:es|ing|e)\s+over\s+from|"
        r"took\s+over\s+from|steps?\s+in\s+for|stepped\s+in\s+for|stepping\s+in\s+for|(?:is\s+|'s\s+)?covering\s+for|covers\s+for|"
        r"covered\s+for|(?:is\s+|'s\s+)?filling\s+in\s+for|fills\s+in\s+for|filled\s+in\s+for)\s+(?P<old>[^,;]{1,30}?)"
        r"(?:\s+as\s+(?:the\s+|our\s+|their\s+)?(?P<key>[^,;]{1,30}?))?(?:[,;].*)?$",
        [
            ("Priya takes over from Tom as release captain.", {"key": "release captain", "value": "Priya", "corrects": "Tom"}),
            ("Dr. Okafor replaced Lee as our dentist", {"key": "dentist", "value": "Dr. Okafor", "corrects": "Lee"}),
            ("Bea is covering for Sam as duty nurse this weekend", {"key": "duty nurse this weekend", "value": "Bea", "corrects": "Sam"}),
        ],
        needles=("replac", "over from", "in for", "covering for", "covers for", "covered for"),
    ),
    # A duty traded: "Priya swapped with Tomasz" gives Priya's duty to Tomasz.
    _row(
        "swapped_with",
        "en",
        FACT,
        r"^(?P<old>(?-i:[A-Z])[\w.'\-]*(?:\s+(?-i:[A-Z])[\w.'\-]*)?)\s+(?:has\s+)?(?:swapped|switched|traded)(?:\s+(?:shifts?|weeks?|days?|duty|slots?))?"
        r"\s+with\s+(?P<new>(?-i:[A-Z])[\w.'\-]*(?:\s+(?-i:[A-Z])[\w.'\-]*)?)(?:\s+(?:for|because|as)\b.*|[,;.].*)?$",
        [("Priya swapped with Tomasz for the late shift, so he has the desk.", {"key": "", "value": "Tomasz", "corrects": "Priya"})],
        needles=("swapped", "switched", "traded"),
    ),
    # A role handed on: "captain duty moved to Diego", "the on-call rota passes to Sam this week".
    _row(
        "role_passes",
        "en",
        FACT,
        r"^(?:the\s+|our\s+)?(?P<key>[a-z][\w\-' ]{1,30}?)\s+(?:duty|duties|role|job|responsibility|hat|ownership)\s+"
        r"(?:has\s+|have\s+|is\s+|was\s+)?(?:moved|moves|passed|passes|went|goes|handed\s+over|handed|shifted|shifts|transferred|fell|falls)\s+(?:over\s+)?to\s+"
        r"(?P<new>(?-i:[A-Z])[\w.'\-]*(?:\s+(?-i:[A-Z])[\w.'\-]*){0,2})(?P<rest>\s.*)?$",
        [
            ("Chair duties went to Ines Duarte after the vote.", {"key": "chair", "value": "Ines Duarte"}),
            ("The on-call role passes to Sam Reyes next week", {"key": "on-call", "value": "Sam Reyes"}),
        ],
        needles=("duty", "duties", "role", "job", "responsib", "hat", "ownership"),
    ),
    # "Ignore what I said about Tuesday: ...": the old value is named up front.
    _row(
        "ignore_about",
        "en",
        FACT,
        r"^(?:please\s+)?(?:ignore|forget|scratch|disregard)\s+(?:what\s+i\s+(?:said|wrote|told you)\s+)?about\s+(?P<old>[^:,.;]{1,40}?)\s*[:,;.\-–—]+\s*(?P<stmt>.+)$",
        [
            (
                "Ignore what I said about Tuesday: the vet moved Biscuit to Wednesday at 11 am.",
                {"key": "biscuit", "value": "Wednesday at 11 am", "corrects": "Tuesday"},
            )
        ],
        needles=("about",),
    ),
    # An update announced up front: "Update: ...", "Change of plan from legal: ...".
    _row(
        "update_label",
        "en",
        FACT,
        r"^(?:an?\s+|one\s+|quick\s+|small\s+|big\s+|latest\s+)*(?:update|change of plans?|plan change|new info(?:rmation)?|revision|heads[- ]up|news|"
        r"status change)(?:\s+(?:from|on|for|re|about|regarding)\s+[^:]{1,40})?\s*[:\-–—]\s*(?P<stmt>.+)$",
        [
            (
                "Update: the request timeout is now 45 seconds.",
                {"kind": "number", "key": "request timeout", "value": "45", "unit": "seconds"},
            ),
            ("Change of plan from finance: the budget is 40k.", {"kind": "number", "key": "budget", "value": "40k"}),
        ],
        needles=("update", "change", "plan", "info", "revision", "heads", "news"),
        weak=True,
    ),
    _row(
        "label",
        "en",
        FACT,
        r"^(?:correction|erratum|clarification|amendment|to clarify|to correct(?: myself)?)\s*[:,\-–]\s*(?P<stmt>.+)$",
        [("Correction: the deploy target is eu-central-1.", {"key": "deploy target", "value": "eu-central-1", "corrects": ""})],
        needles=("correct", "erratum", "clarify", "clarification", "amendment"),
    ),
    _row(
        "scratch_that",
        "en",
        FACT,
        r"^(?:scratch that|strike that|forget that|forget what i said|ignore that|ignore what i said|never ?mind(?: that)?|"
        r"no,? wait|wait,? no|no,? sorry|let me correct (?:that|myself)|make (?:that|it)|change (?:that|it) to)\s*[,.;:!\-–—]*\s*(?P<stmt>.+)$",
        [
            ("Scratch that, use yarn for installs.", {"key": "installs", "value": "yarn"}),
            ("No wait, it's 45 seconds.", {"kind": "number", "key": "", "value": "45", "unit": "seconds"}),
            ("No wait, it's 8am, I checked the booking.", {"key": "", "value": "8am"}),
            ("Make that $15k for Q3.", {"kind": "number", "key": "", "value": "15k", "unit": "$"}),
            (
                "Strike that: the worker pool for the importers should be 12 workers instead of 20 workers.",
                {"kind": "number", "key": "worker pool for the importers", "value": "12", "unit": "workers", "corrects": "20"},
            ),
        ],
        needles=(
            "scratch",
            "strike",
            "forget",
            "ignore",
            "mind",
            "nevermind",
            "wait",
            "sorry",
            "correct",
            "make that",
            "make it",
            "change that",
            "change it",
        ),
    ),
    _row(
        "i_meant",
        "en",
        FACT,
        r"^(?:(?:sorry|oops|oh|ah|argh|ugh)[,.!]?\s*)*(?:(?:i|we)\s+)?meant\s+(?!(?:to|that|it|you|we|they|he|she)\b)(?P<new>.+)$",
        [
            ("I meant eu-central-1.", {"key": "", "value": "eu-central-1"}),
            ("Sorry, I meant the staging cluster, not prod.", {"value": "the staging cluster", "corrects": "prod"}),
            ("sorry, meant Friday 9 May.", {"key": "", "value": "Friday 9 May"}),
        ],
        needles=("meant",),
    ),
    _row(
        "apology",
        "en",
        FACT,
        r"^(?:(?:(?:wait|hmm+|oh|ah|ugh)\s*[,.!]?\s+)?(?:sorry|oops|my bad|my mistake|i was wrong|i misspoke)|wait,? actually|hmm,? actually)\s*[,.;:!\-–—]+\s*(?P<stmt>.+)$",
        [
            ("My mistake, the bucket is logs-prod-2.", {"key": "bucket", "value": "logs-prod-2"}),
            ("Wait, I was wrong: the bucket is logs-prod-3.", {"key": "bucket", "value": "logs-prod-3"}),
        ],
        needles=("sorry", "oops", "bad", "mistake", "wrong", "misspoke", "actually"),
        weak=True,
    ),
    _row(
        "actually",
        "en",
        FACT,
        r"^(?:well,?\s+|oh,?\s+|so,?\s+)?(?:actually|in fact|(?:it\s+|as\s+it\s+)?turns out(?:\s+that)?|it\s+seems\s+(?:that\s+)?i\s+was\s+wrong)\b[,:\s]+(?P<stmt>.+)$",
        [
            (
                "Actually, the deploy target is eu-central-1, not eu-west-1.",
                {"key": "deploy target", "value": "eu-central-1", "corrects": "eu-west-1"},
            ),
            ("actually it's Z, not Y", {"key": "", "value": "Z", "corrects": "Y"}),
            (
                "Actually the p95 budget is 150 ms, not 120 ms",
                {"kind": "number", "key": "p95 budget", "value": "150", "unit": "ms", "corrects": "120"},
            ),
        ],
        needles=("actually", "in fact", "turns out", "wrong"),
        weak=True,
    ),
    _row(
        "instead_of_first",
        "en",
        FACT,
        r"^instead of\s+(?P<old>[^,]{1,40}?),?\s+(?P<stmt>(?:use|go with|pick|switch to|let's)\b.+)$",
        [("Instead of npm, use pnpm for installs.", {"key": "installs", "value": "pnpm", "corrects": "npm"})],
        needles=("instead",),
    ),
    _row(
        "instead_of",
        "en",
        FACT,
        r"^(?P<stmt>.+?)\s+instead of\s+(?P<old>[^,]{1,40}?)(?P<stmt2>\s+(?:for|as)\s+.+)?$",
        [
            ("Use yarn instead of pnpm for installs.", {"key": "installs", "value": "yarn", "corrects": "pnpm"}),
            ("Let's go with Terraform instead of Pulumi", {"key": "", "value": "Terraform", "corrects": "Pulumi"}),
        ],
        needles=("instead of",),
    ),
    _row(
        "instead",
        "en",
        FACT,
        r"^(?P<stmt>.+?),?\s+instead$",
        [("Let's go with MySQL instead.", {"key": "", "value": "MySQL"})],
        needles=("instead",),
        weak=True,
    ),
    _row(
        "now",
        "en",
        FACT,
        r"^(?P<stmt>.+?\s(?:is|are))\s+now\s+(?P<stmt2>.+)$",
        [("The deploy target is now eu-central-1.", {"key": "deploy target", "value": "eu-central-1"})],
        needles=(" now ",),
        weak=True,
    ),
    _row(
        "mid_actually",
        "en",
        FACT,
        # "really" only before a figure or a time: "the limit is really 130"; "the deadline is really tight" is emphasis.
        r"^(?P<stmt>.+?\s(?:is|are|should be))\s+(?:actually|really(?=\s+(?:about\s+|only\s+)?[$€£¥]?\d))\s+(?P<stmt2>.+)$",
        [
            ("The cache TTL is actually 10 minutes", {"kind": "number", "key": "cache ttl", "value": "10", "unit": "minutes"}),
            ("The weight limit on the bridge is really 12 tonnes", {"kind": "number", "key": "weight limit on the bridge", "value": "12"}),
        ],
        needles=("actually", "really"),
        weak=True,
    ),
    # "..., not just the two weeks" adds to a value; it does not replace one.
    _row(
        "not_tail",
        "en",
        FACT,
        r"^(?P<stmt>.+?),\s*(?:not|rather than|and not)\s+(?!(?:just|only|even|merely|simply)\b)(?P<old>[^,]{1,40}?)$",
        [
            (
                "The deploy target is eu-central-1, not eu-west-1",
                {"key": "deploy target", "value": "eu-central-1", "corrects": "eu-west-1"},
            ),
            ("It's 45 seconds, not 30", {"kind": "number", "value": "45", "unit": "seconds", "corrects": "30"}),
        ],
        needles=("not", "rather than"),
        weak=True,
    ),
)
