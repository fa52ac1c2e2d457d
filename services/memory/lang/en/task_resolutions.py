"""English resolution rows: what closes a blocker or answers an open item ("X is unblocked", "the council signed
off", "Decision: ..."); row format: domain/task_rows.py. tasks.py appends them after the new-entry rows.
"""

from services.memory.domain.task_rows import (
    ANSWERS,
    BLOCKER,
    REPLY,
    UNBLOCKS,
    TaskSpec,
)

CLAUSE = r"(?:^|(?<=[,;:]\s)|(?<=\s[—–-]\s)|(?<=\bso\s)|(?<=\band\s)|(?<=\bbut\s)|(?<=\bnow\s))"
SUBJ = (
    r"(?!(?:so|and|but|then|also|now|which|who|if|when|once|we|i|you|he|she|they|nobody|no one|nothing|none)\b)"
    r"[\w'&./:+@-]+(?:\s+(?!(?:and|but|so|then|that|which|who|it's|that's|is|are|was|were)\b)[\w'&./:+@()-]+){0,9}?"
    r"(?<!\bhas)(?<!\bhave)(?<!\bhad)(?<!\bis)(?<!\bare)(?<!\bwas)(?<!\bwere)(?<!\bbeen)(?<!\bbe)(?<!\bnot)(?<!n't)"
)
# Where a state word ("fixed", "back") ends its clause: "X is back since 13:40", not "the kids are back at school".
END = (
    r"(?=\s*(?:$|[,;:.!—–]|\s-\s)|\s+(?:now|again|too|already|finally|at last|as well|since|yesterday|today|tonight|this (?:morning|"
    r"afternoon|evening|week)|last (?:night|week)|overnight|earlier|over the weekend|as of|and|so|but|thanks|by|for good|after|on|in)\b)"
)

RESOLUTIONS: tuple[TaskSpec, ...] = (
    dict(
        name="unblocked",
        emits=UNBLOCKS,
        cues=("unblocked", "unstuck", "no longer", "anymore"),
        search=True,
        pattern=CLAUSE
        + r"(?P<about>"
        + SUBJ.replace(r"|we|i|you|he|she|they", "")
        + r")(?:\s+(?:is|are|was|were|has been|have been|got|seems?)|'s|'re|'m)\s+"
        r"(?:now\s+|finally\s+|officially\s+|fully\s+)?(?P<cue>unblocked|unstuck|no longer (?:blocked|stuck|waiting)|not (?:blocked|stuck|waiting) anymore)"
        r"(?:\s+(?:on|with|for|by)\s+(?P<about2>[^,;]+?))?(?:\s+anymore)?" + END,
        examples=[
            ("Legal signed the NDA, so the pilot is unblocked now", {"about": "the pilot"}),
            ("We're no longer blocked on the firewall change", {"about": "the firewall change"}),
        ],
    ),
    dict(
        name="not_blocked_anymore",
        emits=UNBLOCKS,
        cues=("anymore", "any more", "any longer"),
        search=True,
        pattern=CLAUSE + r"(?P<about>" + SUBJ.replace(r"|we|i|you|he|she|they", "") + r")(?P<cue>\s+(?:aren't|isn't|are not|is not|am not)|"
        r"'re not|'m not|'s not)\s+(?:blocked|stuck|waiting|held up)(?:\s+(?:on|with|for|by)\s+(?P<about2>[^,;]+?))?\s+any\s*(?:more|longer)"
        + END,
        examples=[("We aren't waiting on the design team anymore", {"about": "the design team"})],
    ),
    dict(
        name="fixed_state",
        emits=UNBLOCKS,
        search=True,
        cues=("fixed", "cleared", "solved", "back", "again", "restored", "approved", "signed off", "through"),
        pattern=CLAUSE
        + r"(?P<about>(?!(?:i|we|you|he|she|they)\b)"
        + SUBJ
        + r")(?:\s+(?:is|are|was|were|has been|have been|got|seems?)|'s|'re)\s+"
        r"(?:now\s+|finally\s+|all\s+|already\s+|fully\s+)?(?P<cue>fixed|cleared|solved|back(?: up| online| to normal)?|"
        r"(?:working|running|up|green|passing|online|stable) again|restored|approved|signed off|through)" + END,
        examples=[
            ("The visa application is through!", {"about": "The visa application"}),
            ("The refund got approved overnight", {"about": "The refund"}),
            ("UPS label printing is back since noon", {"about": "UPS label printing"}),
            ("That's fixed, thanks", {"about": ""}),
            ("The mortgage paperwork was approved yesterday", {"about": "The mortgage paperwork"}),
        ],
    ),
    dict(
        name="sorted_state",
        emits=REPLY,
        search=True,
        cues=("sorted", "resolved", "taken care of", "handled", "figured out", "worked out"),
        pattern=CLAUSE
        + r"(?P<about>(?!(?:i|we|you|he|she|they)\b)"
        + SUBJ
        + r")(?:\s+(?:is|are|was|were|has been|have been|got|seems?)|'s|'re)\s+"
        r"(?:now\s+|finally\s+|all\s+|already\s+|fully\s+)?(?P<cue>sorted(?: out)?|resolved|taken care of|handled|figured out|worked out)"
        + END
        + r"(?:\s*[:;,—–-]\s*(?P<entry>.+))?",
        examples=[
            ("Parking is sorted: we'll use the church car park", {"about": "Parking", "entry": "we'll use the church car park"}),
            ("That's sorted, thanks", {"field": BLOCKER, "about": ""}),
        ],
    ),
    dict(
        name="works_again",
        emits=UNBLOCKS,
        cues=("again", "now"),
        search=True,
        pattern=CLAUSE + r"(?P<about>" + SUBJ + r")\s+(?P<cue>works|runs|builds|passes|loads|deploys|responds|connects|starts|syncs)\s+"
        r"(?:fine\s+|properly\s+|correctly\s+|normally\s+)?(?:again|now)\b",
        examples=[("The VPN works again after the reboot", {"about": "The VPN"})],
    ),
    dict(
        name="stopped_failing",
        emits=UNBLOCKS,
        cues=("stopped", "no longer"),
        search=True,
        pattern=CLAUSE
        + r"(?P<about>"
        + SUBJ
        + r")\s+(?:has\s+|have\s+)?(?P<cue>stopped|no longer)\s+(?:failing|throwing|erroring|crashing|"
        r"timing out|flapping|breaking|rejecting|returning|complaining)\b",
        examples=[("The payment webhook stopped failing after the cert rotation", {"about": "The payment webhook"})],
    ),
    dict(
        name="errors_stopped",
        emits=UNBLOCKS,
        cues=("stopped", "went away", "gone", "disappeared"),
        search=True,
        pattern=CLAUSE
        + r"(?P<about>(?:the\s+)?(?:[\w-]+\s+){0,3}(?:errors?|failures?|\d{3}s?|timeouts?|crash(?:es)?|alerts?|exceptions?|outages?|flakes?|"
        r"blockers?|bugs?|leaks?))\s+"
        r"(?:have\s+|has\s+)?(?P<cue>stopped|went away|(?:are|is) gone|disappeared)" + END,
        examples=[("The dashboard loads and the 502s stopped", {"about": "the 502s"}), ("The blocker is gone", {"about": ""})],
    ),
    dict(
        name="got_access",
        emits=UNBLOCKS,
        cues=("got", "received", "now have", "finally have"),
        search=True,
        pattern=CLAUSE
        + r"(?:we|i)(?:'ve|\s+have)?\s+(?:finally\s+|now\s+|just\s+)?(?P<cue>got|received|have)\s+(?P<about>(?:the\s+|our\s+|an?\s+)?"
        r"(?:[\w-]+\s+){0,3}?(?:access|permissions?|credentials|creds|approval|sign-?off|go-ahead|green light|keys?|token|licen[cs]e|quota|"
        r"contract|visa|permit)\b(?:\s+(?:to|for|on|from)\s+[^,;]+)?)",
        examples=[
            ("We finally got access to the prod read replica", {"about": "access to the prod read replica"}),
            ("We got the signing key from ops", {"about": "the signing key from ops"}),
        ],
    ),
    dict(
        name="green_light",
        emits=UNBLOCKS,
        cues=("green light", "go-ahead", "go ahead", "thumbs up", "ok on", "okay on"),
        search=True,
        pattern=CLAUSE
        + r"(?:"
        + SUBJ
        + r")\s+(?:has\s+|have\s+|finally\s+|just\s+)*(?:gave|given|got)\s+(?:us\s+)?the\s+(?P<cue>green light|go-ahead|"
        r"go ahead|ok|okay|thumbs up)\s+(?:on|for|to)\s+(?P<about>[^,;]+?)" + END,
        examples=[("Legal gave us the green light on the retention terms", {"about": "the retention terms"})],
    ),
    dict(
        name="said_yes",
        emits=UNBLOCKS,
        cues=("signed off", "said yes", "okayed", "approved it", "gave us the", "gave me the"),
        search=True,
        pattern=CLAUSE
        + r"(?P<about>(?!(?:i|we|you|he|she|they)\b)"
        + SUBJ
        + r")\s+(?:has\s+|have\s+|finally\s+|just\s+|already\s+)*(?P<cue>signed off|said yes|okayed it|approved it|gave (?:us|me) the "
        r"(?:ok|okay|nod|go-ahead|thumbs up))(?!\s+(?:on|for)\b)(?:\s+to\s+(?P<about2>(?!(?:it|that|this|them)\b)[^,;!.]+?))?" + END,
        examples=[
            ("The council signed off this morning", {"about": "The council"}),
            ("The landlord said yes to the dog!", {"about": "The landlord; the dog"}),
        ],
    ),
    dict(
        name="cleared_to",
        emits=UNBLOCKS,
        cues=("cleared to", "approved to", "allowed to", "good to go", "green-lit to"),
        search=True,
        pattern=CLAUSE
        + r"(?:(?:we|i)(?:'re|'m| are| am|'ve been| have been| got)|(?:we|i)\s+(?:are|am))\s+(?:now\s+|finally\s+|officially\s+|all\s+)?"
        r"(?:(?P<cue>cleared|approved|allowed|green-lit)\s+to\s+(?:go(?:\s+ahead)?(?:\s+with)?\s*)?|(?P<cue2>good)\s+to\s+go(?:\s+(?:with|on))?\s*)"
        r"(?P<about>[^,;!.]*?)" + END,
        examples=[
            ("We're cleared to pour the foundations", {"about": "pour the foundations"}),
            ("We're finally good to go", {"about": ""}),
        ],
    ),
    dict(
        name="added_me",
        emits=UNBLOCKS,
        cues=("added", "invited", "let me", "let us", "gave me", "gave us", "been given"),
        search=True,
        pattern=CLAUSE
        + r"(?:(?:he|she|they|(?!(?:i|we|you)\b)"
        + SUBJ
        + r")\s+(?:has\s+|have\s+|finally\s+|just\s+|already\s+)*(?P<cue>added|invited|let)\s+(?:me|us)\s+(?:in(?:to)?|to|on(?:to)?)|"
        r"(?:i|we)(?:'ve|\s+have)?\s+(?:now\s+|finally\s+|just\s+)?(?:been|got|gotten)\s+(?P<cue2>added|invited|given access)\s+(?:to|on)|"
        r"(?!(?:i|we|you)\b)" + SUBJ + r"\s+(?:has\s+|have\s+|finally\s+|just\s+|already\s+)*(?P<cue3>gave|given)\s+(?:me|us)\s+"
        r"(?:(?:admin|write|edit|full|owner|read)\s+)?access(?:\s+(?:to|on))?)\s*(?P<about>[^,;!.]*?)" + END,
        examples=[
            ("Priya added me to the billing account last night", {"about": "the billing account"}),
            ("She invited us into the shared workspace", {"about": "the shared workspace"}),
            ("I've finally been given access to the shared drive", {"about": "the shared drive"}),
            ("The registrar gave us admin access to the domain", {"about": "the domain"}),
        ],
    ),
    dict(
        name="came_through",
        emits=UNBLOCKS,
        cues=("came through", "arrived", "went through", "got through"),
        search=True,
        pattern=CLAUSE
        + r"(?P<about>(?!(?:i|we|you|he|she|they)\b)"
        + SUBJ
        + r")\s+(?:has\s+|have\s+|finally\s+|just\s+)*(?P<cue>came through|"
        r"arrived|went through|got through)" + END,
        examples=[("The building permit came through this morning", {"about": "The building permit"})],
    ),
    dict(
        name="can_proceed",
        emits=UNBLOCKS,
        cues=("can",),
        pattern=r"^(?P<about>[^,;]{3,120}?),?\s+(?:so|and)\s+(?:now\s+)?(?:we|i)\s+can\s+(?:now\s+|finally\s+)?(?P<cue>proceed|continue|move forward|"
        r"move on|go ahead|start|ship|deploy|merge|resume|book|order)\b",
        examples=[("The firewall rule is in place now, so we can proceed", {"about": "The firewall rule is in place"})],
    ),
    dict(
        name="signed_off",
        emits=UNBLOCKS,
        search=True,
        cues=(
            "signed off",
            "approved",
            "unblocked",
            "resolved",
            "fixed",
            "sorted out",
            "cleared",
            "granted",
            "gave us",
            "restored",
            "enabled",
        ),
        pattern=CLAUSE
        # "Priority one: get the gutters cleared" wants it done: a causative names a wish, not what happened.
        + r"(?![^,;]*?\b(?:get|getting|need|needs|want|wants)\s+(?:the|a|an|our|my|their|this|that|these|those)\s)"
        + r"(?:"
        + SUBJ
        + r"|we|i|you|they|he|she)(?<!\bis)(?<!\bare)(?<!\bwas)(?<!\bwere)(?<!\bbeen)(?<!\bbe)(?<!\bgot)"
        r"\s+(?:has\s+|have\s+|finally\s+|just\s+)*(?P<cue>signed off on|signed off|approved|unblocked|"
        r"resolved|fixed|sorted out|cleared|granted(?:\s+us)?(?:\s+access\s+to)?|gave us access to|restored|re-?enabled)\s+"
        r"(?P<about>(?!(?:it|that|this|them|him|her|me|us|you|now|yesterday|today|again|too|but|and|so|because|though|by)\b)[^,;]+?)" + END,
        examples=[
            ("Finance approved the budget increase this morning", {"about": "the budget increase"}),
            ("Legal signed off the new retention clause yesterday", {"about": "the new retention clause"}),
        ],
    ),
    dict(
        name="decided",
        emits=ANSWERS,
        search=True,
        cues=("decided", "settled on", "agreed", "chose", "picked", "opted", "landed on", "concluded"),
        pattern=CLAUSE
        + r"(?:we|i|the team|everyone|they|(?!(?:our|my|the|a|an|this|that|their|your|his|her|its|all|mutually|he|she|it)\b)\w+(?: and \w+)?)"
        r"(?:'ve|\s+have)?\s+(?:finally\s+|just\s+|now\s+|all\s+)?(?P<cue>decided|"
        r"settled on|agreed on|agreed|chose|picked(?!\s+(?:up|out)\b)|opted for|landed on|concluded)\s+(?:(?:that|to|on)\s+)?"
        r"(?P<entry>(?!(?:it|them|him|her|me|us|you)\b).+)$",
        examples=[("We decided to keep the monorepo", {"entry": "keep the monorepo", "about": ""})],
    ),
    dict(
        name="go_with",
        emits=ANSWERS,
        cues=("go with", "going with", "stick", "keep", "drop", "take", "pick", "choose"),
        search=True,
        pattern=CLAUSE
        + r"(?:we'll|we will|we're going to|we are going to|let's|we're|we are)\s+(?:just\s+)?(?:(?P<cue>go|going|stick|sticking)\s+with\s+"
        r"(?!the flow\b)|(?P<cue2>keep|drop|take|pick|choose|keeping|dropping|taking)\s+"
        r"(?!(?:\w+ing|\w+in'|it|up|each|on|that|this|them|us|our|my|in|at|a look|care|time|a break)\b))(?P<entry>.+?)(?:\s+then)?$",
        examples=[
            ("Let's go with the blue tiles for the bathroom", {"entry": "the blue tiles for the bathroom"}),
            ("OK, we'll drop the Redis cache then", {"entry": "the Redis cache"}),
        ],
    ),
    dict(
        name="answer_is",
        emits=ANSWERS,
        cues=("answer", "decision", "verdict", "outcome", "conclusion", "call"),
        pattern=r"^(?:the\s+|our\s+|final\s+)*(?P<cue>answer|decision|verdict|outcome|conclusion|call)\s+(?:(?:on|to|for|about|re)\s+(?P<about>.+?)\s+)?"
        r"(?:is|was)\s+(?:that\s+)?(?P<entry>.+)$",
        examples=[("The verdict on the font licence is that we can embed it", {"about": "the font licence", "entry": "we can embed it"})],
    ),
    dict(
        name="settled_state",
        emits=ANSWERS,
        cues=("settled", "decided", "answered"),
        search=True,
        pattern=CLAUSE + r"(?P<about>(?!(?:i|we|you|he|she|they)\b)" + SUBJ + r")(?:\s+(?:is|are|was|were|has been|got)|'s)\s+"
        r"(?:now\s+|finally\s+|officially\s+)?(?P<cue>settled|decided|answered)" + END + r"(?:\s*[,;—–-]\s*(?P<entry>.+))?",
        examples=[
            ("The hosting question is settled, we stay on Hetzner", {"about": "The hosting question", "entry": "we stay on Hetzner"})
        ],
    ),
    # Who or what settled a question, pointing at it, then the outcome: "The vote settled it: we keep the old logo".
    dict(
        name="settled_it",
        emits=ANSWERS,
        cues=("settled it", "settles it", "decided it", "answered it", "resolved it", "settled that", "decided that", "answered that"),
        pattern=r"^(?:[^,;:]{1,40}?\s+)?(?P<cue>settled|settles|decided|answered|resolved)\s+(?:it|that|this|the\s+question)\s*[:—–-]\s*"
        r"(?P<entry>\S.+)$",
        examples=[("The vote settled it: we keep the old logo", {"entry": "we keep the old logo"})],
    ),
    dict(
        name="turns_out",
        emits=ANSWERS,
        cues=("turns out", "turned out", "found out", "heard back"),
        pattern=r"^(?:(?:it|so it)\s+|(?:we|i)\s+(?:just\s+|finally\s+)?)?(?P<cue>turns out|turned out|found out|heard back)\s+(?:that\s+|from\s+\S+(?:\s+\S+)?\s*[,:]?\s+)?"
        r"(?P<entry>.+)$",
        examples=[("Turns out the venue has its own sound system", {"entry": "the venue has its own sound system"})],
    ),
    # "The electrician says the old fuse box is fine": a third party's answer. It names nothing it answers
    # (no about), so it closes only an open item the message repeats, and makes no fact of its own otherwise.
    dict(
        name="reported_answer",
        emits=ANSWERS,
        cues=("says", "said", "reckons", "told us", "told me", "tells us", "tells me", "confirms"),
        pattern=r"^(?:(?:the|our|my|their)\s+)?(?!(?:he|she|they|it|someone|somebody|everyone|nobody|people)\b)[\w'&.-]+(?:\s+[\w'&.-]+){0,3}?\s+"
        r"(?P<cue>says|said|reckons|told (?:us|me)|tells (?:us|me)|confirms)\s+(?:that\s+)?"
        r"(?P<entry>(?=\S+\s+\S+\s+\S)(?!.*\b(?:blocked|stuck|waiting|goal|priority|focus|maybe|might|probably|not sure|no idea|don't know|doesn't know|"
        r"unclear|pending|should|would|could|will|if|whether|asked|asks|wants|thinks)\b).+)$",
        examples=[
            ("The surveyor says the beams are sound, no extra support needed", {"entry": "the beams are sound, no extra support needed"}),
            ("Our accountant told us that the grant is not taxable", {"entry": "the grant is not taxable"}),
        ],
    ),
    dict(
        name="replied",
        emits=REPLY,
        search=True,
        cues=("came back", "got back", "replied", "answered", "responded", "wrote back", "called back", "confirmed"),
        pattern=CLAUSE
        + r"(?P<about>"
        + SUBJ
        + r")\s+(?:just\s+|finally\s+)?(?P<cue>came back|got back to (?:us|me)|replied|answered|responded|"
        r"wrote back|called back|confirmed)\s+(?:(?:with|saying|that|and said|to say)\s+)?(?P<entry>.+)$",
        examples=[("The plumber confirmed he can come on Tuesday", {"about": "The plumber", "entry": "he can come on Tuesday"})],
    ),
)
