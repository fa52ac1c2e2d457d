"""English task-state grammar as data: colon labels, verb rows and the words that guard them (read by tasks.py).

A row is a dict: name, emits (the signals it gives: (field, resolves) pairs), pattern, examples, and options:
  label       the pattern is full-matched against the "<label>" of "<label>: <body>"; groups obj/obj2 name
              what a label is about ("Blocked on X:", "Decision on X:", "Billing came back:")
  about_body  (labels) a resolution's about is the body ("Unblocked: the staging deploy")
  weak        (labels) only what the body itself reads counts ("Update: we're blocked on X" is a blocker,
              "Update: the timeout is now 45s" is nothing)
  cues        lowercase substrings, one must occur for the row to run (verb rows)
  search      the pattern is searched at clause starts, not matched at the sentence start
  whole       the entry is the whole sentence (from the matched clause on, when it also resolves something)
Groups: cue (required: the guard reads the words before it), entry, about, about2.
Examples: (sentence, expected) with expected the entry, or a dict of the TaskSignal fields to check
(field and resolves default to the row's first emit). The word lists after the rows (guards, anaphora,
trims, the separator, the prefilter's cue stems) are the rest of the grammar.
"""

# The label table and the emit pairs live in tasks_en_labels.py, the resolution rows in tasks_en_resolutions.py;
# tasks.py reads LABELS and ROWS (new-entry rows, then resolution rows) from this module.
from services.memory.domain.tasks_en_labels import LABELS as LABELS
from services.memory.domain.tasks_en_labels import (
    NEW_BLOCKER,
    NEW_GOAL,
    NEW_OPEN,
    NEW_PROGRESS,
    TaskSpec,
)
from services.memory.domain.tasks_en_resolutions import CLAUSE as _CLAUSE
from services.memory.domain.tasks_en_resolutions import RESOLUTIONS

# ---- verb rows: one new entry per sentence (table order), then the resolution rows of tasks_en_resolutions.py ----
# "park the blog and ...": what is set aside before the new focus.
_SET_ASIDE = (
    r"(?:(?:park|shelve|pause|drop|parking|shelving|pausing|dropping|put aside|set aside|put|putting)\s+[^,;]{1,60}?(?:\s+on (?:hold|ice))?"
    r"(?:\s+for (?:now|the moment|a (?:bit|while)))?\s*,?\s+and\s+(?:instead\s+)?)?"
)
# What a new focus sets aside ("forget the slides for now", "the report can wait").
_PUT_OFF = (
    r"(?:(?P<cue>forget|never mind|park|shelve|pause|drop|scrap|skip)\s+(?:about\s+)?(?!(?:it|that|this|them|me|us)\b)[^,;:]{1,60}?|"
    r"[^,;:]{2,60}?\s+(?P<cue2>can wait|will have to wait|has to wait|goes on (?:hold|ice)|is on (?:hold|ice)|is parked|gets parked))"
    r"(?:\s+(?:for (?:now|the moment|a (?:bit|while|few days|week))|until [^,;:]{1,30}))?\s*[,;:—–-]+\s*"
)
# A clause that says what is already behind us ("now that X is signed,", "with the audit done,") before a new goal.
_SETTLED_CLAUSE = (
    r"(?P<pre>(?:(?:ok(?:ay)?|so|right|and)\s*,?\s+)*(?:now that|with|since|given that|seeing as)\s+[^,;:]{2,80}?,\s+(?:so\s+)?)?"
)
_GOAL_HEAD = r"(?:goals?|aim|objective|mission|task|focus|priority|north star|job)"  # "the plan is to ..." only with "to"
_GOAL_LINK = r"(?:is|remains|'s|has become|becomes|will be|has changed to|changed to|has shifted to|shifted to)"
_NUMWORD = r"(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|half|most|all but \w+)"
_DONE_CUES = (
    "done",
    "finish",
    "complete",
    "merged",
    "shipped",
    "deployed",
    "live",
    "booked",
    "review",
    "staging",
    "prod",
    "green",
    "released",
    "published",
    "signed",
    "confirmed",
    "paid",
    "sent",
    "migrated",
    "rolled out",
    "up and running",
    "cut over",
    "ported",
    "in place",
    "ready",
    "working",
    "running",
    "through",
)
_NOT_YET = (
    r"booked|decided|confirmed|sent|signed|ordered|paid|picked|chosen|settled on|sorted out|fixed|heard back|heard from|received|tested|"
    r"reviewed|merged|deployed|written|found|asked|answered|replied|scheduled|arranged|agreed on|figured out|worked out|bought|hired"
)
# What a count of a whole may report besides done ("27 of 31 cases passing", "9 of 12 chapters reviewed").
_COUNT_STATES = ("passing", "green", "closed", "fixed", "resolved", "approved", "tested", "reviewed", "checked", "verified", "translated")
_DONE_WORDS = (
    r"done|finished|complete|completed|merged|shipped|deployed|live|booked|in review|in staging|in prod(?:uction)?|"
    r"released|published|signed|confirmed|paid|sent|migrated|rolled out|up and running|ready for review|cut over|ported"
)

_ENTRY_ROWS: tuple[TaskSpec, ...] = (
    dict(
        name="goal",
        emits=NEW_GOAL,
        cues=(
            "goal",
            "aim",
            "objective",
            "mission",
            "task",
            "focus",
            "priority",
            "north star",
            "plan",
            "job",
            "main thing",
            "big thing",
            "biggest thing",
            "key thing",
        ),
        pattern=r"^"
        + _SETTLED_CLAUSE
        + r"(?:(?:the|our|my|this|today's|this week's)\s+)?(?:(?:main|overall|end|primary|current|new|real|actual|"
        r"top|only|immediate|big|biggest|key)\s+)*(?P<cue>"
        + _GOAL_HEAD
        + r"|(?P<plan>plan)|(?:(?<=main\s)|(?<=big\s)|(?<=biggest\s)|(?<=key\s))"
        r"(?P<thing>thing))(?:\s+(?:for|of|on|in|with|behind|this|today|tonight|here|now|"
        r"right now|for now|at the moment)\b[^,;:]{0,50}?)?\s+" + _GOAL_LINK + r"\s+(?:now\s+)?(?:still\s+)?(?:simply\s+|just\s+)?"
        r"(?(plan)to\s+)(?(thing)(?!that\b|what\b|how\b|whether\b|not\b))(?P<entry>.+)$",
        examples=[
            ("Our goal is to cut p95 latency in half.", "cut p95 latency in half"),
            ("Now that the lease is signed, the goal is to get the kitchen fitted by June", "get the kitchen fitted by June"),
            ("With the audit behind us, our priority is now the hiring plan", "the hiring plan"),
            ("The main thing this week is getting the grant report submitted", "getting the grant report submitted"),
            ("The task is to migrate the users table", "migrate the users table"),
            ("The aim for this quarter is to retire the old billing cron", "retire the old billing cron"),
            ("So the goal is now to get the Android build green", "get the Android build green"),
            ("The plan is to move house in early September", "move house in early September"),
            ("The job for this week is now the Lindqvist lease renewal, due Friday", "the Lindqvist lease renewal, due Friday"),
        ],
    ),
    dict(
        name="open_no_answer",
        emits=NEW_OPEN,
        cues=("answer", "reply", "word", "decision", "response"),
        pattern=r"^(?:still\s+|so far\s+|as of now\s+)?(?:no|haven't had an?|have not had an?|didn't get an?|never got an?)\s+"
        r"(?P<cue>answer|reply|word|decision|response)(?:\s+(?:yet|back))?(?:\s+from\s+[^,]{1,40}?)?\s+(?:on|about|re|regarding)\s+"
        r"(?P<entry>.+?)(?:[.;]|,\s+(?:so|and|but)\b.*)?$",
        examples=[
            ("Still no answer from the landlord on whether the deposit covers the carpet", "whether the deposit covers the carpet"),
            ("No decision yet on which CDN we keep after March", "which CDN we keep after March"),
        ],
    ),
    dict(
        name="goal_suffix",
        emits=NEW_GOAL,
        cues=("goal", "aim", "objective", "focus", "priority", "mission"),
        pattern=r"^(?P<entry>.+?)\s*(?:[;,—–]|\s-)\s*(?:and\s+)?(?:that's|that is|this is|which is)\s+(?:now\s+)?(?:the|our|my)\s+"
        r"(?:new\s+|main\s+|real\s+|only\s+|actual\s+)?(?P<cue>goal|aim|objective|focus|priority|mission)"
        r"(?:\s+(?:now|for now|here|from here on|this week|today))?$",
        examples=[
            ("We move the cluster to ARM instead, that's the new goal", "We move the cluster to ARM"),
            ("Let's switch focus to the mobile onboarding flow; that's our priority now", "the mobile onboarding flow"),
        ],
    ),
    dict(
        name="goal_is_the_goal",
        emits=NEW_GOAL,
        cues=("goal", "aim", "objective", "priority", "focus", "mission"),
        pattern=r"^(?:[^;]*;\s*)?(?P<entry>.{3,160}?)\s+(?:is|are|remains|becomes|is now)\s+(?:now\s+)?(?:the|our|my)\s+(?:new\s+|main\s+|real\s+|"
        r"only\s+|top\s+|actual\s+|overall\s+|end\s+)?(?P<cue>goal|aim|objective|priority|focus|mission)"
        r"(?:\s+(?:now|for now|here|this week|today|for (?:this|the) \w+))?$",
        examples=[("Getting the lease signed before June is the priority", "Getting the lease signed before June")],
    ),
    dict(
        name="goal_all_about",
        emits=NEW_GOAL,
        cues=("all about",),
        pattern=r"^(?:this|the|our|my)\s+(?:week|month|sprint|quarter|weekend|shift|round|trip|release|project)(?:'s\s+\w+)?\s+is\s+"
        r"(?:(?:now|really)\s+)?(?P<cue>all about)\s+(?P<entry>.+)$",
        examples=[("This sprint is all about cutting the cold start below two seconds", "cutting the cold start below two seconds")],
    ),
    dict(
        name="goal_pivot",
        emits=NEW_GOAL,
        cues=("pivot", "focus", "gears", "aim", "concentrate"),
        pattern=r"^(?:let's|let us|we(?:'re| are|'ll| will)(?:\s+now)?(?:\s+going to)?|time to|i want (?:us )?to|we need to)\s+"
        + _SET_ASIDE
        + r"(?P<cue>pivot|switch (?:our )?focus|shift (?:our )?focus|refocus|switch gears|change focus|focus|aim|concentrate)\s+"
        r"(?:(?:all\s+)?(?:our|my)\s+(?:energy|effort|time)\s+)?(?:to|on|onto|toward|towards|for)\s+(?P<entry>.+)$",
        examples=[
            ("Let's pivot to the self-serve signup flow instead", "the self-serve signup flow"),
            ("We're going to focus on the reporting backlog", "the reporting backlog"),
            ("Let's park the loyalty scheme and focus on the checkout redesign", "the checkout redesign"),
            ("Let's shelve the blog migration for now, and concentrate on the newsletter", "the newsletter"),
        ],
    ),
    dict(
        name="goal_instead",
        emits=NEW_GOAL,
        cues=("forget", "never mind", "park", "shelve", "pause", "drop", "scrap", "skip", "wait", "on hold", "on ice"),
        pattern=r"^"
        + _PUT_OFF
        + r"(?:(?:right now|this week|today|first|instead)\s*,?\s+)?(?:(?:we|i)\s+(?:really\s+|first\s+)?(?:need|have|'ve got|must)\s+to|"
        r"(?:we|i)\s+(?:must|should)|let's|let us|first|the (?:priority|focus|goal) is(?: to)?|(?:our|my) (?:priority|focus|goal) is(?: to)?)"
        r"\s+(?:first\s+)?(?P<entry>\S+\s+\S.*)$",
        examples=[
            ("Forget the slide deck for now, we need to finish the data cleaning", "finish the data cleaning"),
            ("The website refresh can wait; first we have to sign the supplier contract", "sign the supplier contract"),
            ("Never mind the logo — let's get the invoices out", "get the invoices out"),
        ],
    ),
    # "Change of plan: we launch on Android first": what a change of plan says we do now is the new goal. A body that
    # states a value ("Change of plan from finance: the budget is 40k") or only sets something aside is none.
    dict(
        name="goal_plan_change",
        emits=NEW_GOAL,
        cues=(
            "change of plan",
            "change in plan",
            "plan change",
            "plans change",
            "plan has change",
            "plans have change",
            "new direction",
            "change of direction",
            "change of priorities",
        ),
        pattern=r"^(?:(?:ok(?:ay)?|so|right)\s*,?\s+)*(?P<cue>change (?:of|in) (?:plans?|direction|priorities)|plans? change|"
        r"plans? (?:has |have )?changed|new direction)(?:\s+[^:;—–.]{1,40}?)?\s*(?:[:;,.!]|\s[—–-])\s*(?:(?:so|now|instead)\s*,?\s+)*"
        r"(?:we(?:'ll| will|'re going to| are going to| now| need to| have to| must| should)?|let's|let us|i(?:'ll| will| need to| want to))\s+"
        r"(?:now\s+|first\s+|instead\s+)*(?:(?:focus|concentrate) on\s+)?(?P<entry>\S+\s+\S.*)$",
        examples=[
            ("Change of plan: we launch the Android app before the iOS one", "launch the Android app before the iOS one"),
            ("Change of plan, let's get the pitch deck done before the demo", "get the pitch deck done before the demo"),
            ("So, change of plan: I'll finish the quarterly report first", "finish the quarterly report first"),
        ],
    ),
    dict(
        name="goal_trying",
        emits=NEW_GOAL,
        cues=("trying", "aiming", "working"),
        pattern=r"^(?:what\s+)?(?:we're|we are|i'm|i am)\s+(?:still\s+|currently\s+|now\s+|just\s+|really\s+)?"
        r"(?P<cue>trying to(?!\s+(?:stay|be|keep|remain|not|cope|relax|enjoy|take care|hold on|get through|figure out how I)\b)|aiming to|aiming for|"
        r"working towards?)\s+(?:(?:do|achieve|get to|accomplish)(?:\s+here)?\s+is\s+(?:to\s+)?)?"
        r"(?P<entry>.+)$",
        examples=[
            ("We're trying to get the nightly export under ten minutes", "get the nightly export under ten minutes"),
            ("What I'm trying to do here is replace the cron box with Step Functions", "replace the cron box with Step Functions"),
        ],
    ),
    dict(
        name="blocker_is",
        emits=NEW_BLOCKER,
        cues=("block", "hold", "bottleneck", "snag", "roadblock", "obstacle", "impediment", "sticking"),
        pattern=r"^(?:(?:the|our|one|a)\s+)?(?:(?:main|only|current|remaining|biggest|big|real|last|other|new)\s+)*(?P<cue>blocker|blocking issue|"
        r"holdup|hold-up|bottleneck|snag|roadblock|obstacle|impediment|sticking point)(?:\s+(?:right now|now|at the moment|here|for \w+(?: \w+)?))?"
        r"\s+(?:is|remains|'s)\s+(?:still\s+)?(?:that\s+)?(?P<entry>.+)$",
        examples=[("The main blocker right now is the missing export licence", "the missing export licence")],
    ),
    dict(
        name="blocker_what",
        emits=NEW_BLOCKER,
        cues=("blocking", "holding"),
        pattern=r"^(?:what's|the\s+(?:one\s+|only\s+|main\s+|big\s+)?(?:thing|issue|problem)(?:\s+that's)?)\s+(?:still\s+)?"
        r"(?P<cue>blocking|holding)\s+(?:us|me|the \w+|it)(?:\s+(?:up|back))?\s+(?:is|are)\s+(?P<entry>.+)$",
        examples=[
            ("What's holding us up is the signed NDA from their legal team", "the signed NDA from their legal team"),
            ("The one thing blocking the launch is the app store review", "the app store review"),
        ],
    ),
    dict(
        name="blocker_because",
        emits=NEW_BLOCKER,
        cues=("blocked", "stuck"),
        pattern=r"^(?:(?:right now|currently|at the moment|for now)\s*,?\s+)?(?:i'm|i am|we're|we are|(?:the\s+)?[\w\-' ]{1,40}?\s+(?:is|are))\s+"
        r"(?:still\s+|currently\s+|now\s+)?(?P<cue>blocked|stuck)\s*(?:because(?:\s+of)?|since|as|due to|:|[-–—])\s*(?P<entry>.+)$",
        examples=[("At the moment we're stuck because the vendor API rejects our certificate.", "the vendor API rejects our certificate")],
    ),
    dict(
        name="blocker_verb",
        emits=NEW_BLOCKER,
        cues=("blocked", "waiting", "stuck", "held up", "gated", "held back", "hung up"),
        pattern=r"^(?:[\w' ]{1,40}?\s+)?(?:(?:is|are|am)\s+)?(?:still\s+|currently\s+|now\s+)?"
        r"(?P<cue>blocked\s+(?:on|by|until)|waiting\s+(?:on|for|until|to hear(?:\s+back)?\s+from)|stuck\s+(?:on|until|with)|"
        r"held\s+(?:up|back)\s+by|gated\s+on|hung\s+up\s+on)\s+"
        r"(?P<entry>.+)$",
        examples=[
            ("We're blocked on the DNS change.", "the DNS change"),
            ("Still waiting on legal sign-off", "legal sign-off"),
            ("We're stuck until the supplier sends the revised quote", "the supplier sends the revised quote"),
            ("We're still waiting to hear back from the insurer", "the insurer"),
        ],
    ),
    dict(
        name="cannot_until",
        emits=NEW_BLOCKER,
        cues=("can't", "cannot", "can not", "won't", "unable", "not able"),
        pattern=r"^(?:(?:right now|currently|at the moment|for now)\s*,?\s+)?(?:(?:i|we)\s+)?(?:still\s+)?(?P<cue>can't|cannot|can not|"
        r"won't be able to|aren't able to|are not able to|am unable to|are unable to)\s+(?:(?:proceed|continue|move on|move forward|go further|"
        r"progress|finish|ship|deploy|merge)\s+(?:until|unless|without)|[\w' ,-]{2,60}?\s+until)\s+(?P<entry>.+)$",
        examples=[
            ("We can't proceed until legal approves the data retention terms.", "legal approves the data retention terms"),
            ("We can't book the flights until Dad confirms his leave", "Dad confirms his leave"),
            ("Can't order the tiles until the builder measures the floor", "the builder measures the floor"),
        ],
    ),
    dict(
        name="nothing_until",
        emits=NEW_BLOCKER,
        cues=("until",),
        pattern=r"^(?P<cue>nothing|no one|nobody)\s+(?:can|will|is going to)\s+[\w' -]{2,40}?\s+until\s+(?P<entry>.+)$",
        examples=[("Nothing can ship until the auditor signs the report", "the auditor signs the report")],
    ),
    dict(
        name="blocking_us",
        emits=NEW_BLOCKER,
        cues=("blocking", "holding", "gating"),
        whole=True,
        pattern=r"^(?:the\s+)?[\w\-./' ]{3,80}?\s+(?:is|are)\s+(?:still\s+)?(?P<cue>blocking|holding\s+(?:\w+\s+){0,2}?(?:up|back)|gating)\b.*$",
        examples=[
            ("The expired Apple certificate is blocking the iOS release", "The expired Apple certificate is blocking the iOS release")
        ],
    ),
    dict(
        name="blocker_suffix",
        emits=NEW_BLOCKER,
        cues=("blocker", "bottleneck", "holdup", "hold-up", "snag"),
        pattern=r"^(?:[^;]*;\s*)?(?P<entry>.{3,160}?)\s+(?:is|are|remains)\s+(?:still\s+)?(?:the|our|a)\s+(?:main\s+|only\s+|big\s+|real\s+|last\s+)?"
        r"(?P<cue>blocker|bottleneck|holdup|hold-up|snag)(?:\s+(?:now|right now|here))?$",
        examples=[
            ("The missing VAT number is the last blocker", "The missing VAT number"),
            ("The API side is done; the mobile review is the bottleneck", "the mobile review"),
        ],
    ),
    dict(
        name="blocker_clause",
        emits=NEW_BLOCKER,
        cues=("blocked", "stuck", "waiting"),
        search=True,
        whole=True,
        pattern=_CLAUSE
        + r"(?:we're|we are|i'm|i am|we)\s+(?:still\s+|now\s+|currently\s+)?(?P<cue>blocked|stuck|waiting)\s+(?:on|by|until|for)\b.+$",
        examples=[
            (
                "The printer quote came in too high, so we're stuck until finance approves it",
                "The printer quote came in too high, so we're stuck until finance approves it",
            )
        ],
    ),
    dict(
        name="open_verb",
        emits=NEW_OPEN,
        cues=("still", "next", "then", "left", "remaining", "also"),
        pattern=r"^(?:(?:we|i)\s+)?(?:(?:'ll\s+)?still\s+(?:need|have|got)(?:\s+to)?|also\s+need(?:\s+to)?|next,?\s+(?:we|i)\s+(?:need to|should|will|"
        r"have to)|(?:the\s+)?next\s+step\s+is(?:\s+to)?|then\s+(?:we|i)\s+(?:need|have)\s+to|what's\s+left\s+is(?:\s+to)?|"
        r"what\s+(?:we|i)\s+still\s+need\s+is|(?:the\s+)?remaining\s+work\s+is(?:\s+to)?)(?P<cue>)\s+(?P<entry>.+)$",
        examples=[
            ("We still need to write the runbook.", "write the runbook"),
            ("The next step is to add caching", "add caching"),
            ("We also need the fire marshal to inspect the hall", "the fire marshal to inspect the hall"),
            ("What's left is to migrate the cron jobs", "migrate the cron jobs"),
        ],
    ),
    dict(
        name="open_need",
        emits=NEW_OPEN,
        cues=("need",),
        pattern=r"^(?:still\s+|also\s+)?(?P<cue>need)\s+(?:to\s+)?(?P<entry>.+)$",
        examples=[
            ("Also need the caterer to confirm numbers by Friday", "the caterer to confirm numbers by Friday"),
            ("Need to decide who drives on the way back", "decide who drives on the way back"),
        ],
    ),
    dict(
        name="open_state",
        emits=NEW_OPEN,
        cues=("still", "undecided", "unresolved", "tbd", "pending", "up in the air"),
        pattern=r"^(?:[^;]*;\s*)?(?P<entry>.{3,160}?)\s+(?:is|are|remains?)\s+(?:still\s+)?(?P<cue>(?:an\s+)?open(?:\s+question)?|undecided|unresolved|up in the air|"
        r"tbd|pending|to be (?:decided|confirmed|sorted(?: out)?))(?:\s+(?:for now|too|as well))?$",
        examples=[
            ("Whether Grandma flies in on Friday is still open", "Whether Grandma flies in on Friday"),
            ("The storage class for the logs is undecided", "The storage class for the logs"),
            ("Who hosts the after-party is still up in the air", "Who hosts the after-party"),
        ],
    ),
    dict(
        name="open_undecided",
        emits=NEW_OPEN,
        cues=("decided", "figured", "worked", "settled", "sorted", "know", "clear"),
        pattern=r"^(?:(?:we|i)\s+(?:still\s+)?(?:haven't|have not)\s+(?:yet\s+)?(?P<cue>decided|figured out|worked out|settled|sorted out|agreed on)|"
        r"(?:we|i)\s+still\s+(?:don't|do not)\s+(?P<cue2>know)|it's\s+(?:still\s+)?(?P<cue3>not clear|unclear)(?:\s+yet)?)\s+"
        r"(?:yet\s+)?(?P<entry>(?:whether|if|how|which|what|who|when|where|about|on)\b.+)$",
        examples=[
            ("We haven't decided whether the kids come to the dinner", "whether the kids come to the dinner"),
            ("It's still unclear how refunds interact with the loyalty points", "how refunds interact with the loyalty points"),
        ],
    ),
    dict(
        name="open_yet",
        emits=NEW_OPEN,
        cues=("yet to",),
        pattern=r"^(?:we|i)(?:'ve|\s+have)?\s+(?:still\s+)?yet\s+to\s+(?P<entry>(?P<cue>decide|figure out|sort out|work out|settle|confirm|book|find|"
        r"pick|choose|agree|hear back|get|send|sign|order|test|check)\b.+)$",
        examples=[("We've yet to decide on the caterer", "decide on the caterer")],
    ),
    dict(
        name="open_not_yet",
        emits=NEW_OPEN,
        cues=("yet", "still haven't", "still have not"),
        whole=True,
        # The subject is often dropped in chat ("Still haven't picked the tiles"); "still" or "yet" says it is open.
        pattern=r"^(?:(?:we|i)\s+)?(?:(?:still\s+(?:haven't|have not))\s+(?:yet\s+)?(?P<cue>" + _NOT_YET + r")\b.+|"
        r"(?:haven't|have not|hasn't)\s+(?P<cue2>" + _NOT_YET + r")\b.+\byet)$",
        examples=[
            ("We haven't booked the photographer yet", "We haven't booked the photographer yet"),
            ("Still haven't chosen the paint for the hallway", "Still haven't chosen the paint for the hallway"),
            ("Haven't ordered the kitchen tiles yet", "Haven't ordered the kitchen tiles yet"),
        ],
    ),
    dict(
        name="open_one_thing",
        emits=NEW_OPEN,
        cues=("thing",),
        whole=True,
        pattern=r"^(?:one|the (?:one|only|other|last|main))\s+thing\s+(?:that\s+)?(?:we|i)\s+(?:still\s+)?(?:need|have)\s+to\s+"
        r"(?P<cue>figure out|decide|sort out|work out|settle|book|check|confirm|find out|do)\s+is\s+.+$",
        examples=[("One thing we still need to figure out is parking", "One thing we still need to figure out is parking")],
    ),
    dict(
        name="open_question_is",
        emits=NEW_OPEN,
        cues=("question", "item", "point", "decision"),
        pattern=r"^(?:(?:the|one|an?)\s+)?(?:(?:(?:remaining|open|outstanding|unresolved|big|main|only|last|other)\s+)+(?P<cue>question|item|point|decision)s?"
        r"(?:\s+(?:for|on|about)\s+[^,]{1,40}?)?\s+(?:is|remains)\s+(?:still\s+)?|(?P<cue2>question)\s+(?:is|remains)\s+(?:still\s+)?"
        r"(?:open\s+|unresolved\s+|undecided\s+)?(?=(?:whether|if|how|which|who|when|where)\b))(?P<entry>.+)$",
        examples=[
            ("The open question is whether we need a DPIA for the chatbot", "whether we need a DPIA for the chatbot"),
            ("The question is still open whether we rent a van", "whether we rent a van"),
        ],
    ),
    dict(
        name="so_far",
        emits=NEW_PROGRESS,
        cues=("so far", "thus far", "up to now", "until now", "to date", "as of now"),
        pattern=r"^(?P<cue>so far|thus far|up to now|until now|to date|as of now)\s*,?\s+(?!so good\b)(?:(?:we|i)(?:'ve|\s+have)\s+(?:already\s+)?)?"
        r"(?P<entry>.+)$",
        examples=[
            ("So far the invoice parser handles both CSV dialects.", "the invoice parser handles both CSV dialects"),
            ("So far we've ported the auth tests", "ported the auth tests"),
        ],
    ),
    dict(
        name="already",
        emits=NEW_PROGRESS,
        cues=("already",),
        pattern=r"^(?:we|i)(?:'ve|\s+have)?\s+(?P<cue>already)\s+(?!(?:have|had|know|knew|said|told|discussed|talked|agreed|decided|tried|asked)\b)"
        r"(?P<entry>.+)$",
        examples=[("We've already moved the cron jobs to the new scheduler.", "moved the cron jobs to the new scheduler")],
    ),
    dict(
        name="done_verb",
        emits=NEW_PROGRESS,
        cues=("finished", "completed", "wrapped", "shipped", "merged", "landed", "fixed", "resolved", "done with"),
        pattern=r"^(?:(?:i|we)(?:'ve|\s+have)?\s+)?(?:just\s+|already\s+|now\s+|finally\s+)?(?P<cue>finished|completed|wrapped up|shipped|merged|"
        r"landed|fixed|resolved|done with)\s+(?P<entry>.+)$",
        examples=[("I finished the migration script.", "the migration script"), ("We've completed the schema review", "the schema review")],
    ),
    dict(
        name="done_perfect",
        emits=NEW_PROGRESS,
        cues=("'ve", "have"),
        pattern=r"^(?:we|i)(?:'ve|\s+have)\s+(?:now\s+|just\s+|finally\s+|also\s+)?(?P<entry>(?P<cue>booked|deployed|migrated|ported|written|rolled out|"
        r"set up|configured|sent|published|released|backfilled|uploaded|signed|paid|installed|built|added|implemented|drafted|reviewed|tested|"
        r"updated|upgraded|switched|removed|ordered|bought|reserved|scheduled|arranged|contacted|emailed|invited|submitted|filed|created|"
        r"wired up|hooked up|refactored|rewritten|translated|trained|evaluated|collected|labell?ed|cleaned up|sorted out)\b.+)$",
        examples=[("We've booked the hall for the 14th", "booked the hall for the 14th")],
    ),
    dict(
        name="got_done",
        emits=NEW_PROGRESS,
        cues=("got", "gotten"),
        whole=True,
        pattern=r"^(?:we|i)(?:'ve|\s+have)\s+(?:now\s+|finally\s+|already\s+)?(?:got|gotten)\s+.{2,80}?\s+(?P<cue>done|finished|sorted|booked|"
        r"merged|deployed|signed|fixed|approved)\b.*$",
        examples=[("We've got the wireframes done", "We've got the wireframes done")],
    ),
    dict(
        name="partway",
        emits=NEW_PROGRESS,
        cues=("through", "down", "to go"),
        whole=True,
        pattern=r"^(?:(?:i'm|we're|i am|we are)\s+(?:about\s+|roughly\s+|almost\s+|nearly\s+|already\s+)?(?P<cue>halfway|half way|most of the way|"
        r"partway|part of the way|two thirds of the way|\d+% of the way)\s+through\b|"
        + _NUMWORD
        + r"\s+(?P<cue2>down)\s*,\s*"
        + _NUMWORD
        + r"\s+to\s+go\b).*$",
        examples=[
            ("I'm halfway through the budget spreadsheet", "I'm halfway through the budget spreadsheet"),
            ("Three down, two to go", "Three down, two to go"),
        ],
    ),
    dict(
        name="done_passive",
        emits=NEW_PROGRESS,
        cues=("done", "finish", "complete", "merged", "shipped", "fixed", "resolved"),
        pattern=r"^(?!(?:when|whenever|if|once|after|before|until|as soon as)\b)(?:the\s+)?(?P<entry>(?:(?!\b(?:is|are|was|were|and)\s)[\w\-./' ]){3,80}?)(?<!\byou)(?<!\bwe)(?<!\bthey)"
        r"(?<!\bi)\s+(?:is|are|has been|have been|was|were)\s+(?:now\s+|finally\s+)?(?P<cue>done|finished|complete|completed|merged|shipped|fixed|resolved)$",
        examples=[("The login page is done.", "login page")],
    ),
    dict(
        name="in_place",
        emits=NEW_PROGRESS,
        cues=("in place", "set up", "wired up", "up and running", "provisioned"),
        whole=True,
        pattern=r"^(?:the\s+)?[\w\-./' ]{3,80}?\s+(?:is|are)\s+(?:now\s+|already\s+)?(?P<cue>in place|set up|wired up|up and running|provisioned)"
        r"(?:\s+now)?(?:$|\s*[,;]\s*(?:so|and)\b.*$)",
        examples=[("The read replica for reporting is in place.", "The read replica for reporting is in place")],
    ),
    dict(
        name="done_state",
        emits=NEW_PROGRESS,
        whole=True,
        cues=_DONE_CUES,
        pattern=r"^(?!(?:it|this|that|they|we|you|i|he|she|there|what|which|each|every|all|any|no)\b)(?:the\s+)?[\w\-./'&, ]{3,80}?\s+(?:is|are|has been|have been|was|were)\s+"
        r"(?:now\s+|finally\s+|already\s+|all\s+)?(?P<cue>"
        + _DONE_WORDS
        + r")\b(?!\s+(?:when|if|once|whenever|unless|only|as soon as)\b).*$",
        examples=[("The venue is booked for 12:30 and the deposit is paid", "The venue is booked for 12:30 and the deposit is paid")],
    ),
    dict(
        name="count_done",
        emits=NEW_PROGRESS,
        whole=True,
        cues=_DONE_CUES + _COUNT_STATES,
        pattern=r"^(?:only\s+|already\s+|now\s+|so far\s+)?(?P<cue>"
        + _NUMWORD
        + r"\s*(?:of|out of|/)\s*(?:the\s+|our\s+)?"
        + _NUMWORD
        + r")\b.*\b(?:"
        + _DONE_WORDS
        + r"|in place|ready|working|running|through|"
        + "|".join(_COUNT_STATES)
        + r")\b.*$",
        examples=[
            ("Nine of the twelve invoices are reconciled and sent", "Nine of the twelve invoices are reconciled and sent"),
            ("Test run: 112 of 120 cases passing", "112 of 120 cases passing"),
            ("18 out of 20 chapters reviewed, two to go", "18 out of 20 chapters reviewed, two to go"),
        ],
    ),
)
ROWS: tuple[TaskSpec, ...] = (*_ENTRY_ROWS, *RESOLUTIONS)

# ---- guards and word lists ----------------------------------------------------------------------
# Words before a cue that make it a condition, a rule, an opinion, reported speech or past narration.
_HEDGE = (
    r"if|unless|when|whenever|once|in case|should|shouldn't|would|wouldn't|could|couldn't|might|may|hope|hopefully|maybe|perhaps|"
    r"probably|whether|expect|supposed|wonder"
)
GUARDS = {
    "new": rf"\b(?:{_HEDGE}|got|yesterday|last (?:week|night|time|month|year)|used to|never|don't|do not|doesn't|does not|avoid|always|must|no longer|not|isn't|aren't|was|were|wasn't|weren't|had|said|says|"
    r"say|told|tells|asked|asks|think|thinks|thought|wants to know|mentioned|claims?|according to|imagine|suppose|e\.g|example)\b",
    "progress": rf"\b(?:{_HEDGE}|never|don't|do not|avoid|always|must|said|says|told|asked|think|thought|wants to know|claims?|not|isn't|aren't|"
    r"hasn't|haven't)\b",
    "resolve": rf"\b(?:{_HEDGE}|until|will|won't|not|never|nobody|no one|isn't|aren't|hasn't|haven't|wasn't|didn't|doesn't|as soon as|asked|wants to know)\b",
}
# A label that reports or supposes: its body is not the user's own state ("Luis asked: ...", "If it fails: ...").
LABEL_GUARD = (
    r"\b(?:said|says|told|asked|asks|wants to know|wrote|writes|claims?|thinks?|if|unless|when|whenever|once|in case|suppose|"
    r"imagine|yesterday|last (?:week|night|time|month|year)|used to)\b"
)
# A resolution's about that only points back ("that's fixed", "the blocker is gone").
ANAPHORA = (
    r"(?:that|this|it|everything|all|all of (?:it|that)|things|the (?:blocker|issue|problem|thing|question|one)|"
    r"(?:that|this) (?:issue|problem|blocker|question|one|thing|part|bit))"
)
# Trailing words of an about or entry that are not the thing itself.
ABOUT_HEAD = r"^(?:to|on|for|of|about|with|from|re)\s+"
ABOUT_TAIL = r"\s+(?:now|again|yesterday|today|tonight|this morning|last night|finally|at last|too|as well|already|officially)$"
GOAL_TRIM = (
    r"^(?:to\s+|let's\s+(?:pivot|switch(?: our)? focus|shift(?: our)? focus|focus|refocus)\s+(?:to|on|onto)\s+)|"
    r"\s+instead$|\s*[;,]\s*(?:that's|that is|this is)\s+(?:the|our)\s+(?:new\s+)?(?:goal|aim|focus|priority)(?:\s+now)?$"
)
# Sentences that start like a question but state something ("What's left is to ...").
HEDGE_EXEMPT = r"^whether\b"
PSEUDO_CLEFT = (
    r"^what(?:'s| is|\s+(?:we|i)(?:'re|'m| are| am)?)\s+[^?]*?\b(?:is|are)\s+(?!it\b|there\b)\S|"
    r"^(?:who|whether|how|which|when|where)\b[^?]*\b(?:is|are|remains)\s+(?:still\s+)?(?:open|undecided|unclear|unresolved|up in the air|"
    r"tbd|pending|to be decided)\b"
)
# Waiting for these is a day's narration, not a blocker.
NARRATIVE = (
    r"^(?:the|a|my|our)?\s*(?:bus|train|tram|subway|metro|taxi|cab|uber|traffic|elevator|lift|kettle|coffee|"
    r"my turn|the lights?|a table)\b"
)
BAD_ENTRY_START = (
    "it",
    "this",
    "that",
    "they",
    "nothing",
    "none",
    "you",
    "he",
    "she",
    "me",
    "us",
    "him",
    "her",
    "them",
    "it's",
    "that's",
    "there's",
)
# A goal that is a state ("the goal is blocked") or a verdict ("the goal is unclear"), not an aim.
NOT_A_GOAL = (
    r"(?:blocked|stuck|waiting|on hold|paused|in review|pending|done|finished|complete|running|failing|failed|queued|"
    r"green|red|flaky|broken|scheduled)\b|"
    r"(?:unclear|clear|ambitious|realistic|unrealistic|achievable|simple|the same|different|ready|met|reached|achieved|a \w+ one)$|"
    # what is set aside is not the new goal ("New focus: the exports can wait")
    r".*\b(?:can wait|will have to wait|has to wait|(?:is|are|goes|go) on (?:hold|ice)|(?:is|are) (?:parked|postponed|deferred|dropped))$"
)
SEPARATOR = r"^(?P<label>[^:：]{1,90}?)\s*(?::\s+|：\s*|\s+[—–-]\s+)(?P<body>.+)$"
LABEL_MAX_WORDS = 10
# Corrections and discourse markers text.strip_openers keeps ("Actually, the goal is ...").
LEAD = (
    r"^(?:(?:actually|no wait|wait|sorry|correction|scratch that|in fact|ok(?:ay)? so|right so|anyway)\s*[,:!.—–-]+|"
    r"(?:from now on|from here on|going forward|for now|at this point)\s*,?)\s*"
)
# Extra cue stems of the sentence-level prefilter, beyond the rows' cues.
CUES = (
    "step",
    "goal",
    "aim",
    "object",
    "focus",
    "priorit",
    "mission",
    "project",
    "plan",
    "task",
    "progress",
    "done",
    "finish",
    "complete",
    "job",
    "big thing",
    "main thing",
    "hired",
    "here for",
    "after now",
    "going for",
    "nobody",
    "no one",
    "unanswered",
    "all about",
    "no answer",
    "no reply",
    "no word",
    "no decision",
    "no response",
    "ship",
    "merge",
    "land",
    "fix",
    "resolv",
    "solv",
    "block",
    "stuck",
    "wait",
    "snag",
    "hold",
    "bottleneck",
    "roadblock",
    "obstacle",
    "impediment",
    "sticking",
    "open",
    "question",
    "next",
    "todo",
    "to-do",
    "to do",
    "pending",
    "remaining",
    "left",
    "tbd",
    "tbc",
    "missing",
    "need",
    "follow",
    "action",
    "unresolved",
    "undecided",
    "outstanding",
    "unknown",
    "to be",
    "decid",
    "decision",
    "settled",
    "verdict",
    "outcome",
    "conclusion",
    "answer",
    "agreed",
    "consensus",
    "ruling",
    "call",
    "came back",
    "got back",
    "replied",
    "responded",
    "wrote back",
    "confirmed",
    "weighed in",
    "signed off",
    "update",
    "status",
    "recap",
    "sitrep",
    "where we are",
    "where things stand",
    "unblock",
    "cleared",
    "back",
    "again",
    "achiev",
    "accomplish",
    "win",
    "booked",
    "sort out",
    "figure out",
    "work out",
    "find out",
    "things to",
    "clarify",
    "investigate",
    "review",
    "live",
    "deploy",
    "so far",
    "in place",
    "set up",
    "wired",
    "provisioned",
    "target",
    "north star",
    "news",
    "word",
    "feedback",
    "response",
    "reply",
    "issue",
    "problem",
    "figured",
    "haven't",
    "have not",
    "checked",
    "looked",
    "verified",
    "investigated",
    "dug into",
    "read through",
    "turns out",
    "turned out",
)
