"""English label rows ("Goal: ...", "Blocked on X: ...", "Decision on X: ..."); row format: domain/task_rows.py."""

from services.memory.domain.task_rows import (
    ANSWERS,
    BLOCKER,
    DONE_AND_UNBLOCKS,
    NEW_BLOCKER,
    NEW_GOAL,
    NEW_OPEN,
    NEW_PROGRESS,
    PROGRESS,
    REPLY,
    UNBLOCKS,
    TaskSpec,
)

# ---- labels -------------------------------------------------------------------------------------
# Words that may qualify a label's head on the left ("Today's goal", "Another open item", "Also still open").
_PRE = (
    r"(?:(?:ok(?:ay)?|so|and|also|plus|still|then|now|another|one more|one|other|the|our|my|this|today's|tonight's|"
    r"tomorrow's|(?:this|next|last)\s+(?:week|month|sprint|quarter|year|shift|round|morning|afternoon|evening|weekend)'s|"
    r"(?:week|month|sprint|quarter|year|shift|round|team)'s|main|overall|end|primary|current|new|big|biggest|real|actual|"
    r"immediate|top|first|second|third|final|last|only|remaining|key|updated|revised|latest|quick|small|short|brief|"
    r"general|two|three|few|some|more|further|additional|single|personal|team|near-term|short-term|long-term),?\s+)*"
)
# ... and on the right ("Goal for this shift", "Progress so far on the CSV side", "The snag right now").
_POST = (
    r"(?:\s+(?:so far|for now|right now|at the moment|currently|still|again|too|as well|today|tonight|tomorrow|this|next|"
    r"here|now|update|report|overall|for|on|of|about|re|regarding|with|from|in|at|before|until|by|after|during)\b.*)?"
)
_WHO = r"(?P<obj>(?!(?:what|why|how|when|who|if|whether|do|does|did|can|is|are)\b)[\w'&./ -]{2,40}?)"

LABELS: tuple[TaskSpec, ...] = (
    dict(
        name="open_label",
        emits=NEW_OPEN,
        label=True,
        pattern=_PRE + r"(?P<cue>open(?:\s+(?:questions?|items?|points?|issues?|threads?|decisions?|tasks?|loops?))?|"
        r"(?:outstanding|unresolved|pending|undecided|unanswered)(?:\s+(?:questions?|items?|points?|issues?|decisions?|work|tasks?))?|"
        r"remaining(?:\s+(?:questions?|items?|points?|issues?|decisions?|work|tasks?))?|questions?\s+(?:still\s+)?open|"
        r"to-?dos?|to do|tasks|next(?:\s+(?:steps?|up|tasks?|actions?|items?))?|"
        # a step on the way, not the goal ("First real task: install the runtime")
        r"(?:first|second|third|another|one more)\s+(?:(?:real|small|quick|big|little)\s+)?(?:tasks?|steps?)|follow[- ]ups?|action items?|left to do|tbd|tbc|"
        r"to be (?:decided|confirmed|sorted)|unknowns?|(?:still\s+)?missing|(?:still\s+)?needed|still needs?|needs|"
        r"(?:still\s+|yet\s+|left\s+)?to\s+(?:sort out|figure out|decide|settle|check|confirm|book|do|find out|work out|resolve|clarify|"
        r"investigate|answer|fix|arrange|organi[sz]e|buy|order|chase|ask|agree on|pin down)|things to \w+(?:\s+out)?|"
        r"what's left|what remains|(?:[\w']+\s+){0,3}?(?:we|i)\s+(?:still\s+)?(?:haven't|have not|don't|do not|need to|have to|are yet to|"
        r"still need to)\s+(?:yet\s+)?(?:figured out|decided|sorted out|settled|worked out|agreed on|confirmed|figure out|decide|sort out|"
        r"settle|work out|agree on|confirm|know)(?:\s+yet)?|"
        r"(?:something|one|another one|a thing|a question)?\s*(?:that\s+)?(?:nobody|no one|nobody's|no one's)\s+(?:has\s+)?(?:answered|owning it|owns|"
        r"taken|picked up|decided|confirmed)(?:\s+(?:it|for me|yet))*|(?:still\s+)?(?:open|unanswered|undecided)\s+and\s+.{1,40})" + _POST,
        examples=[
            ("Next: wire up the billing webhooks", "wire up the billing webhooks"),
            ("OK, first real task: install the runtime on the new host", "install the runtime on the new host"),
            ("TODO: add rate limiting", "add rate limiting"),
            ("Still open: transport from the station", "transport from the station"),
            ("One more open point: who pays for the extra night?", "who pays for the extra night?"),
            ("Open question for the vendor: is the SLA per region or global?", "is the SLA per region or global?"),
            ("Left to figure out: the guest list and the playlist", "the guest list and the playlist"),
            ("Also still unresolved: whether the cron runs in UTC", "whether the cron runs in UTC"),
            ("Something we haven't decided yet: who keeps the spare keys", "who keeps the spare keys"),
            ("Another one nobody has answered yet: do we invoice in euros or pounds?", "do we invoice in euros or pounds?"),
            ("Still open and nobody's owning it: which team pages for the search outage?", "which team pages for the search outage?"),
        ],
    ),
    dict(
        name="goal_label",
        emits=NEW_GOAL,
        label=True,
        pattern=_PRE
        + r"(?P<cue>goals?|aims?|objectives?|focus|priorit(?:y|ies)|missions?|north star|targets?|task|(?<=\w\s)plan|plan(?=\s)|"
        r"(?:big|main|current|new|top|key|side|next)\s+project|project goal|job|(?:big|main|only)\s+thing|"
        r"what\s+(?:we're|we are|i'm|i am|they're|you're)\s+(?:here|hired|in)\s+for|what\s+(?:they|we|you)\s+hired\s+(?:us|me)\s+for|"
        r"what\s+(?:i'm|i am|we're|we are)\s+(?:after|aiming for|going for)(?:\s+now)?)" + _POST,
        examples=[
            ("Goal: ship the v2 billing API", "ship the v2 billing API"),
            ("This sprint's focus: get the search index under one hour", "get the search index under one hour"),
            ("Main project for the quarter: move the ledger to Postgres 16", "move the ledger to Postgres 16"),
            ("Top priority this week: clean up the onboarding emails", "clean up the onboarding emails"),
            ("New goal: finish the importer before the demo", "finish the importer before the demo"),
            ("The plan for Saturday: paint the fence", "paint the fence"),
            ("Target for this sprint: ship the iOS widget", "ship the iOS widget"),
            ("The job for this contract: migrate the ticket exports to S3", "migrate the ticket exports to S3"),
            ("What they hired us for: get SSO working for all three subsidiaries", "get SSO working for all three subsidiaries"),
            ("The big thing this month: repaint the shop front before the reopening", "repaint the shop front before the reopening"),
        ],
    ),
    dict(
        name="done_label",
        emits=NEW_PROGRESS,
        label=True,
        pattern=_PRE
        # "Definition of done:" says what done will be: a goal (task_roles.GOAL_LABEL), not work finished.
        + r"(?!definition\s+of\b)(?:[\w\-./]+\s+){0,3}?(?P<cue>progress(?:\s+(?:update|report|note))?|done|finished|completed?|shipped|merged|landed|achieved|"
        r"accomplished|wins?|status so far|what's (?:been )?done|what we've done|so far|booked|confirmed|in review|live|deployed)" + _POST,
        examples=[
            ("Done: auth middleware", "auth middleware"),
            ("Done so far: dates fixed to May 12-14", "dates fixed to May 12-14"),
            ("Progress on the garden shed: the base is poured", "the base is poured"),
            ("Progress update: four of six dashboards are migrated", "four of six dashboards are migrated"),
            ("Website progress: the checkout page is live, the blog is half done", "the checkout page is live, the blog is half done"),
        ],
    ),
    dict(
        name="fixed_label",
        emits=DONE_AND_UNBLOCKS,
        label=True,
        about_body=True,
        pattern=_PRE + r"(?P<cue>fixed|resolved|solved)" + _POST,
        examples=[
            ("Fixed: the flaky login test", {"field": PROGRESS, "entry": "the flaky login test"}),
            ("Resolved today: the DNS propagation issue", {"field": BLOCKER, "resolves": True, "about": "the DNS propagation issue"}),
        ],
    ),
    dict(
        name="unblocked_label",
        emits=UNBLOCKS,
        label=True,
        about_body=True,
        pattern=_PRE + r"(?P<cue>unblocked|no longer blocked|cleared|back online|blockers? (?:cleared|gone|removed|lifted))" + _POST,
        examples=[("Unblocked: the staging deploy", {"about": "the staging deploy"})],
    ),
    # A status label's body is a progress report ("Status: 40 of 60 stores are live") unless it says
    # something else itself ("Status: we're blocked on X"); a short state ("Status: green") is none.
    dict(
        name="status_label",
        emits=NEW_PROGRESS,
        label=True,
        weak=True,
        report=True,
        pattern=_PRE + r"(?:[\w\-./]+\s+){0,3}?(?P<cue>status(?: update| report)?|sitrep|state of play|where (?:we are|things stand))"
        r"(?:\s+(?:on|for|about|re|regarding)\s+.+)?",
        examples=[
            ("Status: we're blocked on the vendor's SSO metadata", {"field": BLOCKER, "entry": "the vendor's SSO metadata"}),
            (
                "Status update for the board: 40 of 60 stores run the new till, no outages so far",
                "40 of 60 stores run the new till, no outages so far",
            ),
            ("Website status: checkout page up, blog half written", "checkout page up, blog half written"),
        ],
    ),
    # Only what the body says counts: "Update: the limit is now 150" is a new value, not progress.
    dict(
        name="update_label",
        emits=NEW_PROGRESS,
        label=True,
        weak=True,
        pattern=_PRE + r"(?P<cue>updates?|recap)(?:\s+(?:on|for|about|re|regarding)\s+.+)?",
        examples=[("Update on the move: the van is booked for Saturday", "the van is booked for Saturday")],
    ),
    dict(
        name="blocker_label",
        emits=NEW_BLOCKER,
        label=True,
        pattern=_PRE + r"(?:(?:that's|here's|this is)\s+)?(?:where\s+)?(?:(?:we're|we are|i'm|i am|currently|still|right now|now)\s+)*"
        r"(?:(?P<cue>blocked|stuck|waiting)(?:\s+(?:on|by|for|with|until|behind)(?:\s+(?P<obj>.+))?)?|"
        r"(?:(?!(?:about|on|for|of|re|with|to|in|from|no|any|what|which)\b)[\w\-./]+\s+){0,2}?(?P<cue2>blockers?|blocking(?:\s+issues?)?|impediments?|snags?|hold-?ups?|bottlenecks?|roadblocks?|obstacles?|"
        r"sticking points?|what's (?:blocking|holding) us(?:\s+up)?|(?:current|main|big|biggest|only|real|new|another|latest)\s+(?:problem|issue|headache|complication)|"
        r"(?:problem|issue)(?=\s+(?:right now|now|at the moment|currently|today)\b))" + _POST + ")",
        examples=[
            ("Blocker: no staging credentials", "no staging credentials"),
            ("New headache: the van hire wants a second ID", "the van hire wants a second ID"),
            ("Blocked on: DBA approval for the schema change", "DBA approval for the schema change"),
            ("I'm blocked: no write access to the analytics schema", "no write access to the analytics schema"),
            ("The hold-up this week: the landlord hasn't sent the contract", "the landlord hasn't sent the contract"),
            ("Stuck on the payroll export: the bank rejects the file format", "the payroll export: the bank rejects the file format"),
            ("So here's where we're stuck: we're waiting on the security review", "the security review"),
            ("Issue right now: the projector won't pair with the laptop", "the projector won't pair with the laptop"),
            ("So that's our iOS blocker now: the entitlement request is pending", "the entitlement request is pending"),
            ("The legal bottleneck: nobody has countersigned the NDA", "nobody has countersigned the NDA"),
        ],
    ),
    dict(
        name="answered_label",
        emits=ANSWERS,
        label=True,
        pattern=_PRE + r"(?:(?P<cue>decisions?|decided|verdict|outcome|conclusion|answers?|resolution|ruling|consensus|final call|"
        r"call(?=\s+on\b)|agreed|settled)(?:\s+(?:on|for|about|re|regarding|to|with|from)\s+(?P<obj>.+))?|"
        r"(?:(?:we|i)(?:'ve|\s+have)?\s+)?(?:finally\s+|just\s+)?(?P<cue2>settled|decided|answered)\s+(?P<obj2>.+?)(?:\s+with\s+[\w' ]+)?)",
        examples=[
            ("Decision on the logging vendor: we keep Loki", {"about": "the logging vendor", "entry": "we keep Loki"}),
            ("Settled the currency question with Mark: we bill in EUR", {"about": "the currency question", "entry": "we bill in EUR"}),
        ],
    ),
    dict(
        name="settled_label",
        emits=ANSWERS,
        label=True,
        pattern=r"(?P<obj>(?!(?:what|why|how|when|who|if|whether)\b)[\w'&./ -]{2,60}?)(?:\s+(?:is|are|was|has been|got)|'s)\s+"
        r"(?:now\s+|finally\s+|officially\s+)?(?P<cue>settled|decided|answered|agreed)",
        examples=[
            (
                "The retry question is settled: three attempts, then a dead-letter queue",
                {"about": "The retry question", "entry": "three attempts, then a dead-letter queue"},
            )
        ],
    ),
    dict(
        name="checked_label",
        emits=ANSWERS,
        label=True,
        pattern=r"(?:(?:i|we)(?:'ve|\s+have)?\s+)?(?:just\s+|finally\s+|also\s+)?(?P<cue>checked|looked into|looked it up|found out|verified|"
        r"investigated|dug into|read through)(?:\s+(?P<obj>.+))?",
        examples=[
            ("Checked the lease: pets are allowed with a deposit", {"about": "the lease", "entry": "pets are allowed with a deposit"})
        ],
    ),
    dict(
        name="news_from_label",
        emits=REPLY,
        label=True,
        pattern=_PRE + r"(?P<cue>update|news|word|feedback|answer|reply|response|verdict)\s+(?:back\s+)?from\s+(?P<obj>.+)",
        examples=[
            (
                "Word back from the council: the extension needs no permit",
                {"about": "the council", "entry": "the extension needs no permit"},
            ),
            ("Update from the builder: the roof is done", {"field": PROGRESS, "resolves": False, "entry": "the roof is done"}),
        ],
    ),
    dict(
        name="reply_label",
        emits=REPLY,
        label=True,
        pattern=_WHO + r"\s+(?:just\s+|finally\s+|already\s+|has\s+|have\s+)?(?P<cue>came back|got back(?: to (?:us|me))?|replied|answered|"
        r"responded|wrote back|called back|confirmed|weighed in|signed off|ruled)(?:\s+(?:on|about|re|regarding|with|to)\s+(?P<obj2>.+))?",
        examples=[
            ("Procurement came back: the licence covers all regions", {"about": "Procurement", "entry": "the licence covers all regions"}),
            (
                "The landlord replied about the deposit: it goes back in full",
                {"field": BLOCKER, "resolves": True, "about": "The landlord; the deposit"},
            ),
        ],
    ),
)
