"""English words of discourse: how a speaker changes, takes back, relays or frames a value.

Regex fragments (alternations), compiled by services/memory/domain/discourse.py. Each names a
role, not a sentence: a verb of change, a pronoun for the subject in focus, a frame word.
"""

from services.memory.lang.en.numerals import PHRASES, SMALL

# Verbs that give a subject a new value when followed by "to <value>" (or a bare value after "make").
CHANGE_VERBS = (
    r"changed|change|changes|changing|moved|move|moves|moving|pushed|push|pushes|pulled|pull|bumped|bump|bumps|raised|raise|raises|"
    r"lowered|lower|lowers|cut|cuts|dropped|drop|drops|reduced|reduce|reduces|increased|increase|increases|decreased|decrease|"
    r"decreases|upped|upgraded|upgrade|downgraded|downgrade|switched|switch|switches|shifted|shift|shifts|slipped|slips|slid|"
    r"rescheduled|reschedule|revised|revise|updated|update|adjusted|adjust|set|reset|trimmed|trim|extended|extend|shortened|"
    r"shorten|expanded|expand|scaled|scale|went|gone|goes|go|came|come|comes|climbed|climb|fell|fall|falls|rose|rise|rises|"
    r"jumped|jump|doubled|double|doubles|halved|halve|halves|tripled|triple|brought|bring|brings|renamed|rename|reassigned|reassign|handed|hand|pinned|pin|pins|swapped|swap|swaps|"
    r"migrated|migrate|migrates|bumped|capped|cap|limited|limit|stretch|stretched|stretching|"
    # The -ing forms: "I'm raising the Saturday ask to 24", "we're pushing the launch to May".
    r"pushing|pulling|bumping|raising|lowering|cutting|dropping|reducing|increasing|decreasing|upping|upgrading|downgrading|"
    r"switching|shifting|slipping|rescheduling|revising|updating|adjusting|trimming|extending|shortening|expanding|scaling|"
    r"climbing|jumping|doubling|halving|tripling|bringing|swapping|capping|limiting|migrating|renaming|moving"
)
# A wish for a value of something: "the landlord would like the deposit at 750", "we need the pool kept under 30".
WISH = (
    r"(?:i|we|they|he|she|(?:the|my|our|their|his|her)\s+[a-z]+|(?-i:[A-Z][a-z]+))\s+(?:wants?|needs?|would\s+like|'d\s+like|asked\s+for)\s+(?P<held>[^,;:]{1,40}?)\s+"
    r"(?:(?:kept|set|capped|held|left|pinned)\s+)?(?:at|under|below|to\s+be)\s+(?P<value>\S.*)"
)
# Verbs that hold a subject at a value: "cap it at 60", "keep the pool at 4 nodes", "pin the runner at 1.7".
SET_VERBS = r"cap|capped|keep|kept|hold|held|pin|pinned|set|fix|fixed|limit|limited|freeze|froze|lock|locked"
# "got pushed", "was moved", "has been bumped", "is being moved": the passive before a verb of change.
PASSIVE = r"(?:got|gets|get|was|were|is|are|has\s+been|have\s+been|had\s+been|is\s+being|are\s+being|will\s+be|'s\s+been|'s)"
# Particles between the verb and "to": "pushed back to", "moved up to", "came down to".
PARTICLES = r"back|forward|up|down|out|over|ahead|along"
# Words that stand for the subject in focus rather than naming it.
ANAPHORS = (
    r"it|that|this|that\s+one|this\s+one|the\s+previous\s+one|the\s+last\s+one|the\s+earlier\s+one|the\s+old\s+one|"
    r"the\s+figure|the\s+number|the\s+amount|the\s+price|the\s+quote|the\s+date|they|them|those|these"
)
# The pronouns of "take it down to 2.5", "bring them back to 4": whatever the verb, the subject in focus changes.
PRONOUNS = r"it|that|this|them|those|these"
# What may follow an agent before its verb: "we can stretch to ...", "they'll go to ...".
MODALS = r"can|could|will|would|'ll|should|must|may|might|have\s+to|need\s+to"
# Speakers and agents, not subjects: "we bumped the replicas", "Priya moved the review".
AGENTS = r"i|we|you|they|he|she|us|me|someone|somebody|everyone|(?:my|our|the)\s+(?:team|boss|manager|lead|client|customer)"
# Openers of an imperative change: "please bump the pool to 8", "let's move the sync to Friday".
# "She wants to cap the peak at 78": who decided it does not change what the sentence changes.
IMPERATIVE_OPENERS = (
    r"please|let's|let\s+us|just|so|ok|okay|then|and|now|"
    r"(?:i|we|you|they|he|she|(?-i:[A-Z][a-z]+))\s+(?:wants?|needs?|decided|agreed|asked\s+(?:us|me))\s+to"
)
# How a level is said to be reached: "it's at", "we're down to", "they've gone up to", "it has come down to".
REACHED = r"'s|'re|'ve\s+(?:gone|come|got)|\s+is|\s+are|\s+was|\s+were|\s+(?:has|have|had)\s+(?:gone|come|got)|\s+went|\s+came|\s+got"
# "it's down to 118 now", "we're up to 6", "they're at 40 now": a level reached, about the subject in focus.
LEVEL = r"(?:down|up)\s+to|(?:now\s+)?at|now"
# When a value takes effect, said after it: "it's 350 euros from this week on", "it's 6 as of Monday".
EFFECTIVE = (
    r"now|from\s+now\s+on|going\s+forward|these\s+days|(?:from|starting|as\s+of|effective)\s+(?:this|next|the\s+next|today|tomorrow|monday|"
    r"tuesday|wednesday|thursday|friday|saturday|sunday)(?:\s+(?:week|month|quarter|year|sprint|season|term|cycle))?(?:\s+on(?:wards)?)?"
)
_NOT_UNITS = r"(?:on|at|in|for|the|and|so|to|of|by|now|as|if|with|from|per|a|an|through|until|till|since|before|after)"
# A change said inside a longer clause, whoever makes it: "they'll let us go to 4,000 as long as ...",
# "IT bumped us to 24", "we can stretch to £30,500 now", "we've got until 14 November now". The value must
# name something (a figure, a date, a name): the subject is the one in focus.
# Verbs besides those of change that lead to one inside a clause ("we've got until 15 August").
INNER_VERBS = r"got|have|has"
INNER_CHANGE = (
    rf"\b(?:{CHANGE_VERBS}|{INNER_VERBS})(?:\s+(?:us|it|them|that|this|me))?"
    rf"(?:\s+(?:{PARTICLES}))?\s+(?:to|until)\s+(?P<value>(?:[$€£¥]\s?)?\d[\d,.:]*(?:\s?(?:%|(?!{_NOT_UNITS}\b)[a-z]{{1,12}}[²³]?(?:/[a-z]{{1,6}})?))?|"
    r"(?:the\s+)?\d{1,2}(?:st|nd|rd|th)?(?:\s+(?:of\s+)?[A-Z][a-z]+)?)"
)
# A value the clause says holds now, or in all: "so 08:00 on the gun now", "so 18 in total".
VALUE_NOW = (
    rf"(?:^|\bso\s+)(?P<value>(?:[$€£¥]\s?)?\d[\d,.:]*(?:\s?(?:%|(?!{_NOT_UNITS}\b)[a-z]{{1,12}}[²³]?(?:/[a-z]{{1,6}})?))?)\b[^.;]{{0,30}}?"
    r"\b(?:now|in\s+total|altogether|all\s+told)\b"
)
# Words that say a value is new where no pattern around the value says so ("Base moved check-in earlier,
# 15:00, same day"; "opening a week later: Friday 24 April now"): with the verbs of change, the cue of a
# sentence whose one typed value updates the subject its message names (discourse.cued_change).
# A time that says when a change takes effect, not the new value: "they want 48 from Monday".
EFFECT_TIME = r"(?:from|starting|as\s+of|effective|beginning)\s+(?:next\s+|this\s+)?$"
# A figure said as the whole a count is out of: "Six wards live now out of 22" gives no new value of 22.
WHOLE_BEFORE = r"\b(?:out\s+of|of)\s+(?:the\s+)?$"
# A clause that denies its value gives no new one: "2pm doesn't work for them any more".
NEGATION = r"n't\b|\b(?:not|no\s+longer|never|no\s+good)\b"
SHIFT_WORDS = r"later|earlier|sooner|instead|now|anymore|actually|confirmed|rescheduled|postponed|delayed|brought"
# "make it 40", "call it 3 weeks", "let's say 12": a new value chosen for the subject in focus.
# "that leaves us 360": what is left is the new value; "replacing it with X": X is.
CHOOSE = (
    r"make\s+(?:it|that)|call\s+it|let's\s+say|let's\s+do|go\s+with|round\s+it\s+(?:up|down)\s+to|"
    r"(?:that|which|this|it)\s+leaves\s+(?:us|me|them|you)(?:\s+with)?|"
    # A new total said by what it adds up to: "two more joined, that makes it 20", "which makes us 14".
    r"(?:that|which|this|it)\s+makes\s+(?:it|us|them)|"
    # "We're replacing it with Grainger's Molly on the Shore": what takes the place of the subject in focus.
    r"(?:(?:we're|we\s+are|we'll|we\s+will|i'm|i\s+am|i'll)\s+)?(?:replacing|replace|swapping|swap)\s+(?:it|that|this|them)\s+(?:with|for)"
)
# Reporting verbs: "<someone> says the deposit is 1,800" relays a statement, its provenance recorded.
REPORTING = (
    r"(?:rang|phoned|called|wrote|texted|emailed)\s+back|"
    r"says|said|confirmed|confirms|rang|phoned|told\s+(?:me|us)|tells\s+(?:me|us)|mentioned|mentions|reports|reported|informed\s+(?:me|us)|"
    r"let\s+(?:me|us)\s+know|wrote|emailed|texted|messaged|called\s+to\s+say|just\s+said|now\s+says|is\s+saying|pinged\s+(?:me|us)\s+to\s+say"
)
# A reporting frame that ends in a colon: a past verb and a few words after it ("Dr Okafor replied late last
# night:", "my sister phoned:"); what follows the colon is what that person said.
FRAME_VERBS = r"[a-z]{3,}ed|rang|wrote|sent|replied|got\s+back|came\s+back"
# Taking back what was said, without a new value: the item it names is retired.
WITHDRAW = (
    # "ignore the Tuesday thing": what it names is taken back.
    r"(?:forget|ignore|disregard|scratch)\s+(?=the\s+[^,;:.!]{1,40}?\s+(?:thing|bit|part|comment|note|idea)\b)|"
    r"(?:forget|ignore|disregard|drop|scrap|strike|scratch)\s+(?:about\s+|what\s+i\s+(?:just\s+)?(?:said|wrote|told\s+you|mentioned)\s+"
    r"(?:about|re|regarding|on|for)\s+|my\s+(?:earlier\s+|previous\s+|last\s+)?(?:note|comment|message|point)\s+(?:about|on|re)\s+|the\s+bit\s+about\s+)"
    r"|never\s*mind(?:\s+(?:about|the\s+bit\s+about|what\s+i\s+said\s+about))?|nvm|cancel\s+(?:what\s+i\s+said\s+about|my\s+note\s+on)|"
    r"(?:that|the\s+\w+(?:\s+\w+)?)\s+(?:is|was)\s+(?:off\s+the\s+table|cancelled|canceled|no\s+longer\s+(?:a\s+thing|happening|true|relevant))|"
    # A plan dropped: "Forget the BigQuery copy", "drop the Lagos chapter", "scrap our trip to Porto".
    r"(?:forget|drop|scrap|ditch|skip|shelve|cancel|scratch|bin)\s+(?=(?:the|that|this|our|my)\s)"
)
# A restriction said lifted, anywhere in the sentence: "so that restriction's lifted", "the ban on Friday deploys is
# lifted", "lift the freeze". The rule it lifts is the one the rest of the sentence names.
RESTRICTION_NOUNS = ("rule", "restriction", "ban", "embargo", "requirement", "policy", "freeze", "moratorium", "condition", "limit")
_RESTRICTION = rf"(?:{'|'.join(RESTRICTION_NOUNS)})s?"
LIFTED_RULE = (
    rf"\b(?:that|the|this|our|your|my)\s+(?:[\w\-]+\s+){{0,3}}?{_RESTRICTION}(?:\s+on\s+[^,;:.!]{{1,40}}?)?\s*"
    r"(?:'s|’s|\s+is|\s+are|\s+has\s+been|\s+have\s+been|\s+was|\s+were)\s+(?:now\s+|officially\s+)?"
    r"(?:gone|lifted|off|over|void|dropped|removed|scrapped|history|no\s+longer\s+(?:applies|apply|needed|in\s+(?:force|effect)|stands|a\s+thing))\b|"
    rf"\b(?:lift|lifting|drop|dropping|scrap|scrapping|remove|removing)\s+(?:that|the|this|our)\s+(?:[\w\-]+\s+){{0,3}}?{_RESTRICTION}\b"
)
# A general noun after what a withdrawal names: "ignore the Tuesday thing" takes back Tuesday.
VAGUE_TAIL = r"\s+(?:thing|bit|part|stuff|business|idea|comment|note)s?$"
# What may open a withdrawal: "Actually never mind, ...", "Oh, forget what I said about the van".
WITHDRAW_OPENERS = r"actually|oh|ah|hmm|um|wait|no|ok|okay|sorry|so"
# A plan dropped, said around what it names: "take the Parkway 10K out", "the Porto trip is off".
WITHDRAW_AROUND = (
    r"^(?:let's\s+|please\s+|just\s+)?(?:take|cross|strike)\s+(?P<about>(?:the|that|our|my)\s+[^,;:.!]{1,50}?)\s+(?:out|off)(?:\s+(?:of\s+)?(?:the|my|our)\s+(?:list|plan|schedule|calendar|order))?"
    r"|^(?P<about2>(?:the|our|my)\s+[^,;:.!]{1,50}?)\s+is\s+off(?:\s+(?:for\s+now|then))?(?=$|[,;:.!-])"
)
# Frames that make a value not the current one.
HISTORY = (
    r"\bused\s+to\b|\blast\s+(?:year|month|week|quarter|season|time|spring|summer|autumn|fall|winter)\b|\bpreviously\b|\boriginally\b|"
    r"\bback\s+in\b|\b(?:a|one|two|three|four|five|six|few|couple\s+of|\d{1,2})\s+(?:years?|months?|weeks?|days?)\s+ago\b|\bin\s+the\s+past\b(?!\s+(?:\d+\s+|few\s+|two\s+|three\s+|six\s+|twelve\s+)?(?:years?|months?|weeks?|days?|hours?)\b)|"
    r"\bformerly\b|\bonce\s+was\b"
)
HYPOTHESIS = (
    r"^(?:if|suppose|supposing|assuming|imagine|hypothetically|what\s+if|in\s+case|maybe|perhaps)\b|\bif\s+we\b|\bif\s+they\b|"
    r"\b(?:would|could|might)\s+be\b|\bwe\s+might\b|\bwe\s+could\b|\bin\s+theory\b|\bworst\s+case\b|\bbest\s+case\b"
)
COMPARISON = (
    r"\bthan\s+(?:ours|theirs|yours|us|them|we|they|the\s+other|that\s+of|last|before|the\s+old)\b|\bcompared\s+(?:to|with)\b|\bwhereas\b"
)
# A clause that gives a reason: its values explain the change, they are not new values of anything.
REASON = r"(?:because|'cause|cos)\b"
# A clause that says the value is the current one despite a frame ("it used to be 5, now it's 8").
NOW = r"\bnow\b|\bthese\s+days\b|\bfrom\s+now\s+on\b|\bgoing\s+forward\b|\bcurrently\b|\btoday\b|\bactually\b|\binstead\b|\bcorrection\b"
# Words that stand in a subject's place without naming one: "now", "it", "这个", 现在.
PLACEHOLDERS = r"now|today|currently|instead|it|that|this|they|them"

# How a change's new value is restated for the statement grammar: under its subject, or keyless.
KEYED_STATEMENT = "The {subject} is {value}."
KEYLESS_STATEMENT = "The value is {value}."
# Words before a new value that are no part of it (none in English: "down to" is read by the change itself).
VALUE_LEAD = r"^$"

# Where a new value stops: "$13,200 now after I pushed back", "SMALL and we'll see".
VALUE_END = (
    r"\s*(?:,(?!\d)|[;(]|\s+and\s+(?=(?:we|i|you|they|he|she|let's|let|see|then)\b)|\s(?:after|because|since|so|but|which|once|when|as|per|thanks)\b|"
    # When the change takes effect is no part of the value: "moves to Fridays starting next week".
    r"\s+(?:now|instead|again)\b|\s+(?:starting|effective|beginning)\s+(?:from\s+)?(?:next|this|on|the|today|tomorrow|in)\b).*$"
)
# How a new value begins: a number, a currency, a name, a date or a weekday ("to 6", "to Thursday"),
# not "to go through the DBA channel".
VALUE_START = (
    r"^(?:(?i:the|a|an|next|this|early|late|mid|end\s+of|around|about|roughly|just|only|over|under|at|on|every|each)\s+)*"
    r"(?:[$€£¥~≈]|[-−+]?\d|[A-Z]|(?i:(?:mon|tues|wednes|thurs|fri|satur|sun)day|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|noon|midnight))"
)
# Between clauses, each looked at for a change: "Traffic spiked, so I bumped it to 6 replicas".
CLAUSE = r"\s*(?:[,;](?=\s)|\s[-–—]\s)\s*(?:(?:so|and|but|then|now)\s+)?|\s+(?:so|and|but|then)\s+"

# A change said as a difference: "six more of those, so 18 in total", "bumped the walk-in down two degrees,
# so it sits at 32°F". The update's old value is the new one less the difference.
NUMBER_WORDS = {
    "one": 1,
    **{word: value for word, value in SMALL.items() if value <= 12 or value == 15},
    "twenty": 20,
    **PHRASES,
    "a few": 3,
}
# A difference said between a change's verb and its new value: "lower it by three degrees, to 61", "pushed back
# a week to the 14th", "raise it by 5%, to 40". The value after "to" is the new one.
DIFFERENCE = (
    r"(?:by\s+)?(?:[$€£¥]\s?)?(?:\d[\d,.]*|"
    + "|".join(sorted(NUMBER_WORDS, key=len, reverse=True))
    + r"|an?(?=\s))\s*(?:%|°\w?|[a-z]{1,12}\b)?,?"
)
_AMOUNT = r"(?:[$€£¥]\s?)?(?P<n>\d[\d,]*(?:\.\d+)?|" + "|".join(sorted(NUMBER_WORDS, key=len, reverse=True)) + r")"
INCREASE = (
    rf"\b{_AMOUNT}\s+(?:more|extra|additional)\b",
    rf"\banother\s+{_AMOUNT}\b",
    rf"\bup\s+(?:by\s+)?{_AMOUNT}\b",
    rf"\b(?:added|adding|adds|add)\s+(?:another\s+|an\s+extra\s+)?{_AMOUNT}\b",
)
DECREASE = (rf"\b{_AMOUNT}\s+(?:fewer|less)\b", rf"\bdown\s+(?:by\s+)?{_AMOUNT}\b", rf"\b(?:lost|dropped|cut)\s+{_AMOUNT}\b")
# A clause of what brought the change, before it: "since the newsletter went out, we're up to 37", "after the merge it's down to 9".
LEAD_CLAUSE = r"(?:after|since|following|with|thanks\s+to|now\s+that|as\s+of)\s+[^,;]{1,40}?,?\s+"
