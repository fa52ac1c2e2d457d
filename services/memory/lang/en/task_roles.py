"""English words of the task roles read when no task row reads a sentence (domain/task_roles.py):
what marks a goal, a choice still open, a dependency that stops work, and a measured advance.

Regex fragments; each names what a statement does, not a sentence."""

# A goal said as the focus of a period or the point of the work: "the big push this month is ...",
# "our main job for the next few weeks: ...", "Thesis in one line: ...".
FOCUS_HEAD = (
    r"(?:the\s+|our\s+|my\s+)?(?:big\s+push|main\s+(?:thing|job|task|goal|focus|priority|objective)|top\s+priority|one\s+priority|"
    r"whole\s+point|point\s+of\s+(?:this|the)\s+(?:project|exercise|work))"
)
# "The main thing is that nobody got hurt" comments; a goal names work.
NOT_GOAL = r"that|this|it|what|why|how|not|n't|we\s+(?:are|were)\s+safe"
PERIOD = (
    r"(?:\s+(?:for|this|of|in)\s+(?:the\s+)?(?:next\s+(?:few\s+|couple\s+of\s+)?)?"
    r"(?:day|days|week|weeks|month|months|quarter|sprint|season|year|term|shift|project|summer|winter|spring|autumn))?"
)
GOAL_LABEL = r"(?:project|thesis|dissertation|research|goal|objective|mission|target|aim|the\s+plan|the\s+brief|the\s+job)(?:\s+in\s+(?:one|a)\s+(?:line|sentence))?"
ALL_ABOUT = r"\b(?:is|are|'s|'re)\s+all\s+about\b|\b(?:everything|it\s+all)\s+(?:revolves|is)\s+around\b"
# A choice still open: an undecided cue ("haven't decided", "still torn", "not sure whether") with a choice in the sentence.
UNDECIDED = (
    r"\b(?:haven't|hasn't|have\s+not|has\s+not|not|still\s+haven't|still\s+not)\s+(?:yet\s+)?(?:decided|settled|worked\s+out|figured\s+out|"
    r"chosen|picked|agreed|made\s+up\s+(?:my|our|their)\s+minds?)\b|\bundecided\b|\btorn\s+(?:between|on|about|over)\b|"
    r"\bcan't\s+(?:decide|choose|make\s+up)\b|\bstill\s+(?:deciding|debating|weighing)\b|\bon\s+the\s+fence\b|\bup\s+in\s+the\s+air\b|"
    r"\bnot\s+sure\s+(?:yet\s+)?(?:whether|if|which|who|how|what)\b|\bneed\s+to\s+(?:decide|figure\s+out|work\s+out|settle|pick|choose)\b|"
    r"\b(?:tbd|to\s+be\s+decided|still\s+open)\b|\bhaven't\s+(?:had\s+time\s+to\s+)?(?:discussed|talked\s+about|looked\s+at)\b"
)
CHOICE = r"\b(?:whether|between|which|who|or|if|how|what|when|where)\b"
# A dependency that stops work, said without "blocked": "can't publish the figures until it's signed",
# "waiting on legal", "held up by the vendor".
BLOCKS = (
    r"(?<!you\s)(?<!nobody\s)\bcan(?:'t|not)\s+[^.;]{1,60}?\b(?:until|till|unless|without)\b|\bwon't\s+be\s+able\s+to\s+[^.;]{1,60}?\b(?:until|till|unless)\b|"
    r"\bstill\s+waiting\s+(?:on|for)\b|^(?:we're\s+|we\s+are\s+|i'm\s+|i\s+am\s+)?waiting\s+(?:on|for)\s+(?!(?:me|you|him|her|us|them)\b)|"
    r"\bheld\s+up\s+(?:by|on)\b|\bon\s+hold\s+(?:until|till|pending)\b|"
    r"\bno\s+(?:access|account|credentials|licen[cs]e|approval|sign-?off|go-?ahead)\s+(?:yet|until)\b"
)
# A measured advance: "11 of 16", "seven out of eight", "40% done", "halfway through", "260 boxes paid".
NUMBER_WORDS = r"one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|hundred"
ADVANCE = (
    rf"\b(?:\d+|{NUMBER_WORDS})\s+(?:of|out\s+of)\s+(?:the\s+|our\s+)?(?:\d+|{NUMBER_WORDS})\b(?!\s*(?:%|percent))|"
    r"\b\d{1,3}\s?%\s+(?:done|complete|finished|through|of\s+the\s+way)\b|\bhalfway\s+(?:there|through|done)\b|\bin\s+the\s+bag\b|"
    r"\b\d+\s+(?:[a-z]+\s+){0,2}(?:(?:already|now)\s+)?(?:paid|signed|done|booked|sold|shipped|migrated|finished|completed|delivered)\b"
)
# An advance is progress when the sentence says it is done or where things stand: "Week 6 of 10 done",
# "that's seven of eight", "we're at 9 of 12" (not "the survey had 3 of 5 stars").
COMPLETION = (
    r"\b(?:done|drafted|signed|finished|complete|completed|through|in\s+the\s+bag|migrated|moved|shipped|booked|paid|sold|live|passing|"
    r"green|ready|delivered|submitted|written|merged|halfway|so\s+far|to\s+date)\b|^(?:so\s+)?(?:that's|that\s+makes|we're\s+(?:at|up\s+to)|now\s+at)\b|"
    r",\s*(?:so\s+)?that's\b|\b(?:that's|that\s+makes)\s+(?:\d+|[a-z]+)\s+(?:of|out\s+of)\b"
)
# Cheap test before any role pattern runs: a cue every role needs (most sentences have none).
PREFILTER = (
    r"push|main\s|priority|point\s+of|project|thesis|dissertation|research|goal|objective|mission|target|aim\b|plan\b|brief|the\s+job|"
    r"all\s+about|around|decid|settl|worked\s+out|figured\s+out|chos|picked|agreed|made\s+up|torn|fence|in\s+the\s+air|not\s+sure|tbd|"
    r"to\s+be\s+decided|still\s+open|discussed|talked\s+about|looked\s+at|can't|cannot|won't|waiting|held\s+up|stuck|on\s+hold|"
    r"no\s+(?:access|account|credential|licen|approval|sign|go)|\s(?:of|out\s+of)\s|halfway|in\s+the\s+bag|paid|signed|done|booked|sold|"
    r"shipped|migrated|finished|completed|delivered"
)
# What closes a blocker: the dependency met or the work possible again ("the municipality signed the
# agreement", "netops opened the port", "we can publish now"). Closes only a blocker the message shares words with.
UNBLOCKED = (
    r"\b(?:came\s+through|arrived|went\s+through|cleared|signed|approved|opened|granted|released|delivered|unblocked|sorted\s+out|"
    r"got\s+(?:signed|approved|sorted|fixed|opened|granted|through))\b|\bcan\s+(?:now|finally)\b|\b(?:works|working)\s+now\b|"
    r"\bcan\s+go\s+(?:in|ahead)\b"
)
# What closes an open choice: a choice made ("we're going with X", "we settled on X").
CHOSEN = (
    r"\b(?:we|i)(?:'ve|\s+have)?\s+(?:finally\s+)?(?:decided|chose|picked|settled\s+on|opted\s+for|landed\s+on)\b|"
    r"\b(?:we're|we\s+are|i'm)\s+(?:going|sticking)\s+with\b|\bwent\s+with\b|\bsettled\s+on\b"
)
# A statement that says nothing happened or may happen: no role is read from it.
NOT_SO = r"\b(?:nobody|no\s+one|not|never|no\s+longer|n't|if|once|when|unless|whenever)\b"
