"""English rows that set a new goal ("the goal is to ...", "change of plan: we ...", "we're trying to ..."),
with one open-item row that must be tried among them; row format: domain/task_rows.py.
"""

from services.memory.domain.task_rows import (
    NEW_GOAL,
    NEW_OPEN,
    TaskSpec,
)

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

# ---- new-entry rows, in table order: goals, then task_blockers, task_questions, task_progress ----
GOALS: tuple[TaskSpec, ...] = (
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
            "whole point",
        ),
        pattern=r"^"
        + _SETTLED_CLAUSE
        # A short clause of context before it: "Five shooting days in Whitby, aim is to get all 31 scenes ...".
        + r"(?:(?!(?:if|unless|when|once|maybe|perhaps|whether)\b)[^,;:?]{2,60},\s+|"
        # or a scope without its comma: "For Mum the aim is ...".
        r"(?:for|on|with)\s+[^,;:?]{1,40}?\s+(?=(?:the|our|my)\s))?"
        + r"(?:(?:the|our|my|this|today's|this week's)\s+)?(?:(?:main|overall|end|primary|current|new|real|actual|"
        r"top|only|immediate|big|biggest|key|whole)\s+)*(?P<cue>"
        + _GOAL_HEAD
        + r"|(?P<plan>plan)|(?:(?<=main\s)|(?<=big\s)|(?<=biggest\s)|(?<=key\s))"
        # "The main thing in the way is ..." names a blocker, not what the work is for.
        r"(?P<thing>thing)(?!\s+(?:in\s+the\s+way|holding|blocking|stopping|standing|keeping))|(?<=whole\s)point)"
        r"(?:\s+(?:for|of|on|in|with|behind|this|today|tonight|here|now|"
        r"right now|for now|at the moment|(?:i|we)\s+(?:want|need)\s+(?:out\s+of|from))\b[^,;:]{0,50}?)?\s+"
        + _GOAL_LINK
        + r"\s+(?:now\s+)?(?:still\s+)?(?:simply\s+|just\s+)?"
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
            ("Three evenings at the Corn Exchange, aim is to sell every seat", "sell every seat"),
            ("For the cabin the aim is a new roof before the snow", "a new roof before the snow"),
            ("The whole point of this trip is seeing Grandma before she moves", "seeing Grandma before she moves"),
            ("Main thing I want out of this weekend is the shed painted", "the shed painted"),
        ],
    ),
    # What the speaker says they need out of the work is its goal: "What I need out of this is the report in
    # front of cabinet by 12 May", "What I want is for her to be settled within a month".
    dict(
        name="goal_wanted",
        emits=NEW_GOAL,
        cues=("what i need", "what we need", "what i want", "what we want", "what i'm after", "what we're after"),
        pattern=r"^(?:(?:ok(?:ay)?|so|and|right|basically)\s*,?\s+)*(?P<cue>what\s+(?:i|we))(?:\s+(?:really\s+|actually\s+)?"
        r"(?:need|want|am\s+after|are\s+after)|'m\s+after|'re\s+after)"
        # What it is out of, or by when: "out of this", "from these workshops", "by the end of the sprint".
        r"(?:\s+(?:out\s+of|from)\s+(?:this|it|you|today|tonight|these\s+\w+|the\s+\w+|this\s+\w+)|\s+by\s+(?:the\s+)?[^,;:]{2,40}?|"
        # Or for when: "what I'm after this weekend is ...".
        r"\s+(?:today|tonight|this\s+(?:week|weekend|month|sprint|term|quarter|season|year)|for\s+(?:now|today|this\s+\w+)))?"
        r"\s+is\s+(?P<entry>(?!(?:not|just\s+to\s+(?:chat|vent|talk))\b)[^?]{8,})$",
        examples=[
            (
                "What I need out of this is the summary report in front of cabinet for their 12 May meeting",
                "the summary report in front of cabinet for their 12 May meeting",
            ),
            ("What I want from these workshops is to get the pitch deck ready for investors", "get the pitch deck ready for investors"),
            ("So what we need by the end of the sprint is the billing page live", "the billing page live"),
            ("So what I want is for her to be settled within a month", "for her to be settled within a month"),
            ("What I'm after this weekend is a tidy garage", "a tidy garage"),
            ("What we want out of this call is a shortlist of three venues", "a shortlist of three venues"),
            (
                "What we need is every follow-up closed before the review on March 20",
                "every follow-up closed before the review on March 20",
            ),
        ],
    ),
    # What a stretch of time is for, said as a need: "For today I need us to restore the mail server".
    dict(
        name="goal_need_scope",
        emits=NEW_GOAL,
        cues=("need", "want"),
        pattern=r"^(?:for|by\s+the\s+end\s+of)\s+(?:today|tonight|this\s+(?:week|month|sprint|quarter|weekend|term)|the\s+next\s+(?:few\s+|two\s+|three\s+)?"
        r"(?:days|weeks|months))[,:]?\s+(?:i|we)\s+(?P<cue>need|want)\s+(?:us\s+|you\s+)?to\s+(?P<entry>.{8,})$",
        examples=[
            (
                "For today I need us to restore the mail server and reset every staff password",
                "restore the mail server and reset every staff password",
            ),
            ("For the next few weeks we want to get the shop's new till system running", "get the shop's new till system running"),
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
        cues=("about",),
        # A stretch of time "about" doing something is for it: "This month is about getting the garden ready".
        pattern=r"^(?:this|the|our|my)\s+(?:week|month|sprint|quarter|weekend|shift|round|trip|release|project)(?:'s\s+\w+)?\s+is\s+"
        r"(?:(?:now|really)\s+)?(?P<cue>all\s+about|about(?=\s+[a-z]+ing\b))\s+(?P<entry>.+)$",
        examples=[
            ("This sprint is all about cutting the cold start below two seconds", "cutting the cold start below two seconds"),
            ("This month is about getting the garden ready for the open day", "getting the garden ready for the open day"),
        ],
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
        # "for this phase we only do ...": a scope before what we do now.
        r"(?:(?:for|in|during)\s+(?:this|the\s+next|the\s+rest\s+of\s+the)\s+\w+\s*,?\s+)?"
        r"(?:we(?:'ll| will|'re going to| are going to| now| need to| have to| must| should)?|let's|let us|i(?:'ll| will| need to| want to))\s+"
        r"(?:now\s+|first\s+|instead\s+)*(?:(?:focus|concentrate) on\s+)?(?P<entry>\S+\s+\S.*)$",
        examples=[
            ("Change of plan: we launch the Android app before the iOS one", "launch the Android app before the iOS one"),
            ("Change of plan, let's get the pitch deck done before the demo", "get the pitch deck done before the demo"),
            ("So, change of plan: I'll finish the quarterly report first", "finish the quarterly report first"),
            ("Change of direction from the board: for this quarter we only do the Nordic markets", "only do the Nordic markets"),
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
    # What is to be done, introduced as such: "Here's what we're aiming to get done this month: ...".
    dict(
        name="goal_what_to_do",
        emits=NEW_GOAL,
        cues=("trying", "aiming", "hoping", "planning", "want", "need"),
        pattern=r"^(?:(?:so|ok(?:ay)?|right)\s*,?\s+)*(?:here's|here is|this is)\s+what\s+(?:we're|we are|i'm|i am|we|i)\s+"
        r"(?P<cue>trying|aiming|hoping|planning|want|need)(?:ing)?\s+to\s+(?:get\s+done|do|achieve|finish|ship|land|deliver)\b"
        r"[^:]{0,50}?\s*[:—–]\s*(?P<entry>\S+\s+\S.*)$",
        examples=[
            (
                "Here's what we're aiming to get done this month: the loft insulated and the boiler swapped",
                "the loft insulated and the boiler swapped",
            ),
        ],
    ),
    # A target state wanted: "I want v2 shipped with the new importer", "we need the lease signed by Friday".
    dict(
        name="goal_wanted_done",
        emits=NEW_GOAL,
        cues=("want", "need"),
        pattern=r"^(?:(?:for|on|with)\s+[^,;:]{1,40}?,?\s+)?(?:i|we)\s+(?:really\s+|still\s+)?(?P<cue>want|need)\s+"
        r"(?P<entry>(?!(?:to|you|it|that|this|them|him|her|me|us|some|more|less|a|an|\d)\b)(?:[^,;:.?]|\.(?=\w)){2,50}?\s+"
        r"(?:shipped|done|finished|released|launched|live|merged|out\s+the\s+door|wrapped\s+up|signed(?:\s+off)?|completed|delivered|"
        r"published|submitted|sorted|in\s+place)\b.*)$",
        examples=[
            ("For the app I want v2 shipped with the new importer", "v2 shipped with the new importer"),
            ("We need the lease signed by Friday", "the lease signed by Friday"),
        ],
    ),
)
