"""English rows that report progress ("so far we ...", "X is done", "9 of 12 invoices sent"); row format:
domain/task_rows.py.
"""

from services.memory.domain.task_rows import (
    NEW_PROGRESS,
    TaskSpec,
)

_NUMWORD = r"(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|half|most|all but \w+)"
# What a piece of work is once it has been made: "the first two chapters are drafted now", "12 of 20 beds planted".
_MADE = (
    "drafted",
    "written",
    "printed",
    "painted",
    "installed",
    "laid",
    "planted",
    "built",
    "filed",
    "submitted",
    "delivered",
    "recorded",
    "edited",
    "packed",
    "poured",
    "tiled",
    "finalized",
    "finalised",
    "uploaded",
    "approved",
    "trained",
)
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
    *_MADE,
)
_COUNT_STATES = ("passing", "green", "closed", "fixed", "resolved", "approved", "tested", "reviewed", "checked", "verified", "translated")
_DONE_WORDS = (
    r"done|finished|complete|completed|merged|shipped|deployed|live|booked|in review|in staging|in prod(?:uction)?|"
    r"released|published|signed|confirmed|paid|sent|migrated|rolled out|up and running|ready for review|cut over|ported|" + "|".join(_MADE)
)


PROGRESS: tuple[TaskSpec, ...] = (
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
    # "31 beds planted as of tonight", "40 invitations sent so far, 12 to go": a count and what was done
    # to it, said as a tally (a marker of so-far), not an event ("2 servers crashed last night").
    dict(
        name="count_tally",
        emits=NEW_PROGRESS,
        whole=True,
        cues=("so far", "as of", "to date", "by now", "to go", "left", "remaining", "already"),
        pattern=r"^(?:we(?:'ve| have)\s+|i(?:'ve| have)\s+)?(?P<cue>\d[\d,]*)\s+(?:more\s+)?[a-z][\w\-]*(?:\s+[a-z][\w\-]*)?\s+"
        r"(?:now\s+|already\s+|all\s+)?(?:[a-z]{3,}ed|done|built|sent|sold|written|made|shot|paid|sewn|grown|taken|drawn|won)\b"
        r"(?=.*\b(?:so far|as of|to date|by now|to go|left|remaining|already)\b).*$",
        examples=[
            ("31 beds planted as of tonight", "31 beds planted as of tonight"),
            ("We've 120 invitations printed so far, 40 to go", "We've 120 invitations printed so far, 40 to go"),
        ],
    ),
    # "We're at 27 of the 40 now": where the work stands, as a count of the whole.
    dict(
        name="at_count",
        emits=NEW_PROGRESS,
        whole=True,
        cues=(" of ", " out of ", "/"),
        pattern=r"^(?:so\s+|ok(?:ay)?\s+)?(?:we're|we are|i'm|i am|it's|it is)\s+(?:now\s+|already\s+)?(?:up\s+)?at\s+"
        r"(?P<cue>\d[\d,]*\s*(?:of|out of|/)\s*(?:the\s+|our\s+)?\d[\d,]*)\b.*$",
        examples=[("We're at 27 of the 40 now", "We're at 27 of the 40 now"), ("I'm up at 12/15 chapters", "I'm up at 12/15 chapters")],
    ),
    # "Down to 9 open on the milestone", "only 3 tickets left": what remains of the work, counted.
    dict(
        name="remaining_count",
        emits=NEW_PROGRESS,
        whole=True,
        cues=("open", "left", "remaining", "outstanding", "to go", "milestone", "backlog", "board", "queue"),
        pattern=r"^(?:(?:so|ok(?:ay)?|and)\s*,?\s+)?(?:(?:we're|we are|i'm|i am|it's|it is)\s+(?:now\s+)?(?:down\s+to|at)\s+|"
        r"(?:now\s+)?down\s+to\s+|only\s+|still\s+)?(?P<cue>\d[\d,]*)\s+(?:(?:issues?|tickets?|bugs?|items?|tasks?|prs|cards?|things?|"
        r"chapters?|scenes?|rooms?|boxes|forms?)\s+)?(?:(?:still\s+)?(?:open|left|remaining|outstanding|to\s+go)\b|"
        r"(?:open\s+)?(?:on|in)\s+the\s+(?:[\w.\-]+\s+){0,2}(?:milestone|backlog|board|queue|tracker)\b).*$",
        examples=[
            ("Down to 12 open on the beta milestone.", "Down to 12 open on the beta milestone"),
            ("Only 3 tickets left before the freeze", "Only 3 tickets left before the freeze"),
        ],
    ),
    # "We're at 57." after a target was named: where the count stands, bare.
    dict(
        name="bare_count",
        emits=NEW_PROGRESS,
        whole=True,
        cues=("we're at", "we are at", "we're up to", "we are up to"),
        pattern=r"^(?:(?:so|ok(?:ay)?|and)\s*,?\s+)?(?P<cue>we're|we are)\s+(?:now\s+)?(?:up\s+to|at)\s+\d[\d,]*(?:\s*%|\s+percent)?"
        r"(?:\s+(?:now|so far|already))?\s*[.!]?$",
        examples=[("We're at 57.", "We're at 57"), ("So we're up to 80% now", "we're up to 80% now")],
    ),
    # "Signed and paid the deposit.", "I booked the hall this morning.": a diary of what was done, by the speaker.
    dict(
        name="done_diary",
        emits=NEW_PROGRESS,
        whole=True,
        cues=(
            "paid",
            "signed",
            "booked",
            "sent",
            "ordered",
            "submitted",
            "filed",
            "posted",
            "returned",
            "renewed",
            "confirmed",
            "finished",
            "printed",
            "installed",
            "registered",
            "reserved",
            "uploaded",
            "delivered",
            "handed in",
        ),
        pattern=r"^(?:(?:i|we)\s+)?(?:just\s+|finally\s+|also\s+|and\s+)?(?P<cue>paid|signed|booked|sent|ordered|submitted|filed|posted|returned|renewed|confirmed|"
        r"finished|printed|installed|registered|reserved|uploaded|delivered|handed\s+in)(?:\s+and\s+(?:paid|signed|sent|submitted|booked|"
        r"confirmed|filed|returned|posted))?\s+(?:off\s+|in\s+|out\s+)?(?:the|our|my|a|an|her|his|their|both|all|\w+'s)\s+.*$",
        examples=[
            ("Signed and paid the 10% deposit.", "Signed and paid the 10% deposit"),
            ("Booked the community hall this morning", "Booked the community hall this morning"),
            ("I signed the lease for the shop this afternoon.", "I signed the lease for the shop this afternoon"),
        ],
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
