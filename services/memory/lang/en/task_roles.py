"""English words for task state read by role (domain/task_roles.py): what a short label is about, what
makes a report a measured advance, what makes a statement a dependency or a choice still to make.
Regex fragments; each names a role, not a sentence."""

# Words of a short "<label>: <body>" label that say which field the body is, as its first or last words.
# A target is a goal only for a stretch of time or a release: "carb targets" and a target temperature are settings.
GOAL_LABEL = (
    r"goals?|(?:q[1-4]|sprint|quarter(?:ly)?|month(?:ly)?|week(?:ly)?|year(?:ly)?|annual|season|term|campaign|project|team|launch|release)\s+"
    r"targets?|objectives?|"
    r"aim(?:ing)?|working\s+toward(?:s)?|milestones?|north\s+star|big\s+picture|what\s+i'm\s+after|"
    # What counts as having got there: "Success means:", "Definition of done:", "Done looks like:".
    r"(?:what\s+)?success(?:\s+(?:looks\s+like|would\s+look\s+like|means|criteria|metrics?))?|definition\s+of\s+done|"
    r"done\s+(?:means|looks\s+like)|win\s+condition|finish\s+line|"
    # What the stretch of work is for: "The point of this exercise:", "The whole point of the trip:".
    r"(?:the\s+)?(?:whole\s+)?point(?:\s+of\s+(?:this|the)(?:\s+[\w\-]+)?)?|"
    r"what\s+(?:i|we)\s+(?:need|want)(?:\s+(?:out\s+of|for)\s+(?:this|it|the\s+\w+|[A-Z][\w\-]*))?|desired\s+outcome|end\s+result|"
    # What the work is for: "That's what the whole renovation is for:".
    r"what\s+(?:this|it|the)\s+(?:whole\s+)?(?:[\w\-]+\s+){0,2}?is\s+(?:all\s+)?for|"
    # What comes first is what the work is for: "Top priority this quarter:", "The one thing that matters:".
    r"(?:(?:the|our|my)\s+)?(?:(?:top\s+)?priorit(?:y|ies)(?:\s+(?:one|number\s+one|#?1))?|most\s+important\s+thing|one\s+thing\s+that\s+matters)"
)
# Where a label ends: a colon, or a dash between spaces ("Barrel prep update — 13 of 16 done").
LABEL_END = r"[:：]\s*|\s+[—–-]{1,2}\s+"
PROGRESS_LABEL = (
    r"(?:updates?|status|progress)(?:\s+(?:check|report|recap|snapshot|note))?|tracker|scoreboard|tally|so\s+far|"
    r"(?:moving|coming|going)\s+along|on\s+track|"
    r"where\s+(?:we|things)\s+(?:are|stand)|check-?in"
)
# What stands in the way, by any of its names: "New snag:", "Only hitch now:", "Roadblock:".
BLOCKER_LABEL = (
    r"blockers?|blocked|waiting|dependenc(?:y|ies)|hold-?ups?|stuck|snags?|hitch(?:es)?|hiccups?|roadblocks?|obstacles?|"
    r"sticking\s+points?|bottlenecks?|gotchas?|complications?|problem|issues?|glitch(?:es)?|headaches?|(?:the\s+)?catch"
)
# Words that may close a label after its cue: "Only hitch now:", "Open question still:".
LABEL_TAIL = (
    r"now|here|today|again|though|still|left|remaining|so\s+far|"
    # The stretch of time a label is for: "What I'm working towards this winter:".
    r"(?:this|next)\s+(?:week|weekend|month|winter|spring|summer|autumn|fall|year|term|quarter|season|sprint)"
)
OPEN_LABEL = (
    r"open(?:\s+(?:questions?|items?|points?|things?|issues?|decisions?))?|undecided|(?:not|still\s+not)\s+(?:yet\s+)?decided|"
    # What someone keeps weighing: "Other thing I'm mulling over:", "What I keep going back and forth about:".
    r"(?:chewing|mulling|going\s+back\s+and\s+forth)(?:\s+(?:on|over|about))?|on\s+the\s+fence(?:\s+about)?|"
    r"to\s+decide|decisions?\s+(?:pending|needed|to\s+make)|todo|to-?dos?"
)
# A measured advance: a count of a whole, a share, or a state of completion.
ADVANCE = (
    r"\b\d+(?:\s+now)?,?\s+(?:of|out\s+of)\s+(?:the\s+)?\d+\b|\d+(?:\.\d+)?\s?%|\b(?:half|a\s+third|a\s+quarter|most|all)\b(?:\s+of)?|"
    r"\b(?:done|finished|complete|completed|closed|locked|shipped|merged|live|signed|collected|booked|mixed|published|"
    r"migrated|delivered|approved|submitted|in\s+review|sent|drafted|written|printed|built|installed|painted|recorded|edited|ready)\b|"
    # Everything done but what is named: "everything's drafted now except the evaluation plan".
    r"\b(?:everything|all)(?:'s|\s+is|\s+are|\s+has\s+been|\s+have\s+been)\s+(?:now\s+|already\s+)?[a-z]+ed\b"
)
# A milestone passed, said in any words: the sentence is progress ("we passed the halfway point — 640 in
# the can", "only 120 boxes to go").
MILESTONE = (
    r"\b(?:passed|hit|reached|crossed|past)\s+(?:the\s+)?(?:halfway(?:\s+(?:point|mark|line))?|\d[\d,]*(?:\s+\w+)?\s+mark)\b|"
    r"\bhalf(?:way)?\s+(?:done|there|through)\b|\bonly\s+\d[\d,]*\s+(?:\w+\s+)?(?:left|to\s+go)\b|"
    # What is left, or the count reached: "down to the last 7 crates", "we're now at 64 registered", "now at 30 booked".
    r"\bdown\s+to\s+the\s+last\s+\d[\d,]*\b|"
    r"\b(?:we're|we\s+are|we're\s+now|now)\s+at\s+\d[\d,]*\s+(?:signed\s+up|registered|confirmed|booked|paid|entries|sign-?ups|"
    r"registrations|rsvps?|done|finished|in)\b|"
    # A count of the whole as a fraction: "we're at 17/20 on the release".
    r"\b(?:we're|we\s+are|now|that's)\s+at\s+\d+\s?/\s?\d+\b|"
    # A step and where it leaves the count: "three more volunteers signed up, so we're at 26 now".
    r"\b(?:\d[\d,]*|{n})\s+more\b[^.;]{{0,60}}?\bso\s+(?:we're|we\s+are|that's|it's)\s+(?:at\s+|up\s+to\s+)?\d+\b|"
    # A share said as a judgement of how close the work is: "finally close, I'd call it 85%".
    r"\b(?:close|almost\s+there|nearly\s+there|getting\s+there)\b[^.;]{{0,30}}?\bcall\s+it\s+\d+\s?%|"
    # Nearly there, with what is left named: "invitations nearly done, only the Lees still to write"; a bare "9 of 10".
    r"\b(?:nearly|almost|mostly|basically|pretty\s+much)\s+(?:done|finished|complete|there)\b|"
    # A step of a counted whole finished: "our apprentice finished module 4 of 9", "we're through week 3 of 8".
    r"\b(?:finished|completed|through|wrapped(?:\s+up)?)\s+(?:[a-z]+\s+){{0,2}}(?:\d[\d,]*|{n})\s+(?:of|out\s+of)\s+(?:the\s+)?(?:\d[\d,]*|{n})\b|"
    r"^(?:(?:yeah|yes|ok|okay|so|and|now)[,\s]+)?\d+\s+(?:of|out\s+of)\s+\d+$|"
    # A share of a whole said done: "half the invitations are out", "about 70% of the chapters are drafted".
    r"\b(?:\d+(?:\.\d+)?\s?%|half|a\s+third|a\s+quarter|two\s+thirds|three\s+quarters|most)\s+(?:of\s+)?(?:the|our|my)\s+[a-z][\w\-]*"
    r"(?:\s+[a-z][\w\-]*)?\s+(?:are|is|have\s+been|has\s+been|got)\s+(?:now\s+|already\s+)?(?:done|finished|out|sent|drafted|written|"
    r"booked|painted|printed|packed|signed|installed|planted|cleared|in)\b|"
    # A share or a count of the whole said done: "provisioning is about 70% done", "Mentors: 14 of 15 now".
    r"\b\d+(?:\.\d+)?\s?%\s+(?:done|complete|completed|finished|through|there)\b|"
    # A share reached with the end in sight: "batch 4 is at 85%, should wrap tomorrow".
    r"\bat\s+\d+(?:\.\d+)?\s?%[^.;]{{0,30}}?\b(?:should|will|to|set\s+to|about\s+to)\s+(?:wrap|finish|be\s+done|complete|land)\b|"
    r"\b(?:\d[\d,]*|{n})\s+(?:of|out\s+of)\s+(?:the\s+)?(?:\d[\d,]*|{n})\s+(?:\w+\s+)?(?:done|now|so\s+far|finished|complete|confirmed|signed\s+up|in)\b|"
    # Where the count stands: "so we're at 5 of 7", "now at 12 out of 20", "the east wall is at 9 of 14".
    r"\b(?:we're|we\s+are|i'm|i\s+am|it's|it\s+is|now|that's|that\s+puts\s+us|which\s+puts\s+us|is|are|'s|'re)\s+(?:now\s+)?at\s+{about}(?:\d[\d,]*|{n})\s+(?:of|out\s+of)\s+(?:the\s+)?(?:\d[\d,]*|{n})\b|"
    # Every one of them done: "all 9 panels are fitted", "both ovens are up", "all 30 chapters proofread".
    r"\b(?:all|both)\s+(?:(?:\d[\d,]*|{n})\s+)?(?:of\s+(?:the|our|my)\s+)?(?:[a-z][\w\-]*\s+){{0,2}}?(?:are\s+|is\s+|have\s+been\s+|got\s+)?"
    r"(?:now\s+)?(?:done|finished|complete|completed|live|up|built|reviewed|fitted|installed|signed(?:\s+off)?|sent|booked|planted|"
    r"painted|tested|migrated|delivered|proofread|checked|packed)\b|"
    # A count reached with what is left: "we're at 40 crates, six to go".
    r"\bat\s+\d[\d,]*(?:\s+[a-z][\w\-]*)?,\s+(?:\d[\d,]*|{n})\s+(?:more\s+)?(?:left|to\s+go|remaining)\b|"
    # A count of things reached: "sign-ups hit 240 this week".
    r"^(?:[\w\-']+\s+){{0,2}}[a-z][\w\-]*s\s+(?:hit|reached|passed|crossed|topped)\s+\d[\d,]*\b|"
    # The count a step makes: "signed the tiler too, so that's 3 of 7".
    r"\bthat(?:'s|\s+is|\s+makes)\s+(?:\d[\d,]*|{n})\s+(?:of|out\s+of)\s+(?:the\s+)?(?:\d[\d,]*|{n})\b|"
    # Where a share stands, said by the ones doing the work: "we're at about 80% of the epic".
    r"\b(?:we're|we\s+are|i'm|i\s+am|that\s+puts\s+us|which\s+puts\s+us)\s+(?:now\s+)?at\s+{about}\d+(?:\.\d+)?\s?%(?!\s*(?:capacity|utili[sz]ation|load|occupancy|battery|humidity|full)\b)"
).format(
    n=r"(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)", about=r"(?:about\s+|around\s+|roughly\s+|nearly\s+|almost\s+)?"
)
# A dependency that stops work, said in any words: what follows is what the work waits for.
DEPENDENCY = (
    r"\b(?:can't|cannot|can\s+not|won't|couldn't|not\s+able\s+to)\b[^.;]{0,80}?\b(?:until|till|til)\s+(?:[^.;]+)|"
    r"\b(?:waiting|wait)\s+(?:on|for)\s+(?:[^.;]+)|\bdepends\s+on\s+(?:[^.;]+)|"
    r"\bheld\s+up\s+(?:by|on)\s+(?:[^.;]+)|\bhinges\s+on\s+(?:[^.;]+)|"
    # What holds the work up, said as the thing or by who is chased: "the thing holding us up is the gas
    # certificate", "still chasing the council for the permit", "it's all down to the engineer's sign-off".
    r"\bhold(?:s|ing)?\s+(?:us|me|things|everything|it|this|them|the\s+\w+)\s+up\b(?:[^.;]+)|"
    r"\b(?:still\s+)?chasing\s+[^.;]{2,60}?\s+(?:for|about|on)\s+(?:[^.;]+)|"
    r"\b(?:it's|it\s+is|everything's|all)\s+(?:now\s+|just\s+)?down\s+to\s+(?:the|their|his|her|our|a|an)\s+(?!wire\b)[a-z][^.;]*|"
    # Something out of order that stops the work: "the portal has been down since Monday, so nobody can get cleared".
    r"\b(?:is|are|was|were|has\s+been|have\s+been|'s\s+been|went|is\s+still)\s+(?:down|broken|offline|out\s+of\s+action|unavailable)\b"
    r"[^.;]*?\b(?:so|and)\b[^.;]*?\b(?:can't|cannot|couldn't|won't|unable)\b[^.;]*|"
    # A sign-off the work needs from someone not free until later: "the plan needs the inspector's sign-off and she has no slot until the 28th".
    r"\bneeds?\s+[^.;]{1,60}?\b(?:sign-?off|approval|signature|go-ahead|ok)\b[^.;]*?\buntil\b[^.;]*|"
    # Work parked until someone is back: "their terms just sit there till then".
    r"\b(?:sits?|sitting|stuck|parked|on\s+hold)\s+(?:there\s+)?(?:till|until)\b[^.;]*|"
    # The wait said first: "until it lands we can't book the crane".
    r"\buntil\s+[^.;]{2,60}?,?\s+(?:i|we|nobody|no\s+one)\s+(?:can't|cannot|can\s+not|won't|couldn't)\b[^.;]*|"
    # What someone won't do without the missing thing: "the printer won't start the run without the signed proof".
    r"\bwon't\s+[^.;]{2,60}?\bwithout\s+(?:it|them|that|this|the\s+\w+)\b[^.;]*|"
    # Work held until something happens: "holding off on the launch until legal reads it".
    r"\bhold(?:ing)?\s+off\s+(?:on\s+)?[^.;]{1,60}?\s+(?:until|till)\b[^.;]*|"
    # Work said halted: "so we're on hold", "the move is on ice", "the shoot is stalled".
    r"\b(?:is|are|'s|'re|stays?|remains?)\s+(?:still\s+|now\s+)?(?:on\s+hold|on\s+ice|in\s+limbo|stalled)\b[^.;]*|"
    # What stands in the way, named: "the main thing in the way is the data export", "problem is the old router can't ...".
    r"\b(?:in\s+the\s+way|bottleneck)\s+(?:right\s+now\s+|now\s+)?(?:is|are)\s+[^.;]+|"
    r"^(?:the\s+)?(?:problem|catch|snag|hitch)\s+(?:now\s+|here\s+)?is\s+(?!that\b)[^.;]*?(?:n't|\b(?:cannot|nobody|no\s+one|not))\b[^.;]*|"
    # Someone has not done what the work needs, so it can't go on: "the agent still hasn't sent the contract, so I can't book".
    r"\bstill\s+(?:hasn't|haven't|has\s+not|have\s+not)\b[^.;]*?\bso\s+(?:i|we)\s+(?:can't|cannot|couldn't)\b[^.;]*|"
    # No slot to be had until later: "the clinic has no slots for the booster until October".
    r"\bno\s+(?:\w+\s+){0,2}(?:slots?|appointments?|availability|openings?)\b[^.;]*?\buntil\b[^.;]*|"
    # Work stuck somewhere or with someone: "the boiler part is stuck at the customs depot", "sitting in the consulate's backlog".
    r"\b(?:stuck|sitting|parked)\s+(?:at|in|with|behind)\s+(?:the|their|his|her|our|[\w\-]+'s)\s+[^.;]*|"
    # Not yet possible: "we can't pour the slab yet".
    r"\b(?:can't|cannot|can\s+not|couldn't)\s+[^.;]{2,60}?\byet\b[^.;]*|"
    # Out of use until something comes: "the garage keeps the van until the new clutch arrives".
    r"\b(?:until|till)\s+(?:the|their|his|her|our|my|a|an)\s+[^.;]{1,50}?\b(?:comes?\s+(?:in|back|through)|arrives?|gets?\s+back|is\s+back|"
    r"is\s+(?:fixed|repaired|replaced|ready)|ships?)\b[^.;]*|"
    # Something out of order since a day: "their card reader's been dead since Monday".
    r"\b(?:'s\s+been|is\s+been|has\s+been|have\s+been|is|are)\s+(?:down|broken|dead|offline|out\s+of\s+action)\s+since\b[^.;]*"
)
# A choice still to make or a question left open, said in any words: the sentence is the open item.
UNDECIDED = (
    r"\b(?:still\s+)?undecided\b|\bnot\s+(?:yet\s+)?decided\b|\bopen\s+question\b|\bhaven't\s+(?:yet\s+)?(?:decided|picked|chosen|settled)\b|"
    r"\b(?:need|needs|have|has)\s+to\s+(?:decide|choose|pick|settle|make\s+up\s+(?:my|our|their|his|her)\s+minds?)\b|\btorn\s+(?:between|on|over|about)\b|\bnot\s+sure\s+(?:yet\s+)?(?:whether|if|when|who|which|where)\b|"
    r"\b(?:going|go|went)\s+back\s+and\s+forth\b|\bon\s+the\s+fence\b|"
    r"\bhaven't\s+(?:yet\s+)?(?:figured|worked|sorted)\s+out\s+(?:who|which|what|whether|how|where|when|if)\b|"
    r"\bstill\s+(?:deciding|choosing|weighing)\b|\bup\s+in\s+the\s+air\b|\bhaven't\s+made\s+up\s+(?:our|my|their)\s+minds?\b|"
    # Weighing it up: "debating whether the zine goes to print", "weighing up whether", "mulling over which".
    r"\b(?:debating|weighing\s+up|mulling\s+over|deliberating\s+(?:on|about)?)\s*(?:whether|if|which|who|when)\b|"
    r"\bcan't\s+(?:decide|choose|make\s+up\s+(?:our|my)\s+minds?)\b|\bhaven't\s+made\s+(?:our|my|their)\s+minds?\s+up\b|"
    # A choice nobody has made: "nobody's picked who hosts the closing", "no one has decided which van".
    r"\b(?:nobody|no\s+one)(?:'s|\s+has|\s+have)?\s+(?:yet\s+)?(?:picked|decided|chosen|agreed\s+on|settled\s+on)\s+(?:who|which|what|whether|how|where|when)\b"
)
# What looks like a dependency and is none: a rule ("don't wait for CI on docs", "you can't merge until two
# people approve"), a story ("we were waiting for the bus"), a person waiting for someone.
NOT_DEPENDENCY = (
    r"^(?:please\s+)?(?:don't|do\s+not|never|no\s+need\s+to|you\s+(?:can't|cannot|can\s+not|mustn't|shouldn't)|nobody|no\s+one)\b|"
    r"\b(?:was|were)\s+waiting\b|\bwait(?:ing)?\s+(?:on|for)\s+(?:me|us|you|him|her|them)\b|"
    # A wait said over: "the permit thing is no longer holding us up".
    r"\bno\s+longer\s+(?:holding|blocking|stopping)\b|\b(?:isn't|is\s+not|aren't)\s+(?:holding|blocking)\s+(?:\w+\s+)?(?:up\s+)?any\s*more\b"
)
# A choice made: the open item it names is closed ("went with the dry yeast", "made the call on the venue").
DECIDED = (
    r"\b(?:went|going|we'll\s+go|decided\s+to\s+go)\s+with\b|\bmade\s+the\s+call\b|\bcall\s+(?:is|was|'s|has\s+been)\s+made\b|\b(?:decided|chose|picked|opted\s+for)\b(?!\s+(?:whether|if|between|to)\b)|"
    r"\bdecision\s+(?:is|was)\s+made\b|\bsettled\s+on\b|"
    # "I've made up my mind about the caterer", "we took the smaller hall in the end", "we're staying with the old van hire".
    r"\b(?<!n't\s)(?<!not\s)made\s+up\s+(?:my|our|their|his|her)\s+minds?\b(?!\s+yet)|\bin\s+the\s+end\b|\bstaying\s+with\b|"
    # The choice said as what happens now: "the wooden ones won", "the tub goes, we'll do the walk-in".
    r"\b(?:won|wins)\b(?!['’])|\bwe(?:'ll|\s+will|'re|\s+are)\s+(?:do|doing|go\s+for|going\s+for|take|taking)\s+the\b|"
    # The choice said as an order on the thing weighed: "Cut the balcony scene.", "Keep the encore, people loved it".
    r"^(?:(?:ok(?:ay)?|right|fine|so|let's)[,\s]+)?(?:cut|drop|keep|scrap|remove|ditch|lose|skip|include)\s+(?:the|that|this|it|them)\b"
)
# What a blocker waited for has come: the blocker it names is closed.
ARRIVED = (
    r"\b(?:came\s+through|came\s+in|arrived|got\s+approved|was\s+approved|is\s+approved|signed\s+off|is\s+fixed|got\s+fixed|"
    r"was\s+fixed|is\s+back|is\s+sorted|got\s+sorted|cleared|landed|is\s+here|showed\s+up)\b"
)
# A choice or an arrival said in a clause of time or condition is not one that happened: "until we've picked
# the final model", "once the permit comes through".
# "get the gutters cleared" wants it done: a causative is no arrival either.
NOT_YET = (
    r"\b(?:until|till|before|once|after|when|whenever|if|unless|whether|in\s+case)\b|"
    r"\b(?:get|getting|need|needs|want|wants)\s+(?:the|a|an|our|my|their|this|that|these|those)\s"
)
# A sentence that only names the role of the one before it: "Nobody has said who pays for the labels. Open
# question for the board." The entry is the sentence before.
# A role named alone, announcing the next sentence of the message: "Another hitch." "One more open question."
# "The kiln has an issue." (what a label says before its colon, said as a sentence of its own).
ANNOUNCED = (
    r"(?:(?:ok(?:ay)?|so|and|also|well|ugh|oh|hmm|right|but)[,.]?\s+)*"
    r"(?:(?:(?:a|an|one|another|one\s+more|new|fresh|the|my|our|small|big|slight|minor|major|real|latest|next|only)\s+){0,3}"
    r"(?:(?:thing|question|point|item|decision)s?\s+(?=to\s+decide|(?:still\s+)?open|undecided))?"
    r"|(?:[\w.\-]+\s+){1,4}(?:has|had|hit|ran\s+into|got|found)\s+(?:a|an|another|one|new)\s+(?:new\s+)?)"
)
ROLE_TAG = r"^(?:(?:an?|the|still\s+an?|that's\s+an?|that's\s+the|one\s+more)\s+)?(?:open\s+(?:question|item|point)|blocker|decision\s+to\s+make|thing\s+to\s+decide)(?:\s+(?:for|with)\s+[^.!?]{1,40})?[.!]?$"
# Words a sentence may say its stance with and name nothing of what it is about: "I honestly haven't
# decided.", "Still not sure.", "Haven't made up my mind yet." Such a sentence is about the one before it.
STANCE_WORDS = frozenset(
    [
        "decide",
        "decided",
        "deciding",
        "undecided",
        "sure",
        "unsure",
        "know",
        "figured",
        "settled",
        "torn",
        "still",
        "honestly",
        "really",
        "quite",
        "entirely",
        "fully",
        "totally",
        "yet",
        "made",
        "mind",
        "minds",
        "call",
        "idea",
        "clue",
        "thinking",
        "think",
        "thought",
        "pending",
        "tbd",
        "either",
        "way",
        "undetermined",
        "certain",
    ]
)
# Words of an open item that weighs a choice ("whether to wait for the quote"): it stays open, whatever it waits for.
WEIGHS = r"\b(?:whether|if)\b"
# Words that frame an either-or question and name neither option: "Open question: do we want X or Y?",
# "Not sure yet whether ...".
OPTION_FRAMING = " ".join(sorted(STANCE_WORDS)) + " whether if open question undecided want wants"

# Words that name a target: a sentence that holds one sets or restates it, and reports no progress toward it.
TARGET_WORDS = r"\b(?:goals?|targets?|aims?|objectives?|milestones?|quotas?)\b"
