"""English rows that name a new blocker ("we're blocked on X", "nothing moves until Y"); row format:
domain/task_rows.py.
"""

from services.memory.domain.task_rows import (
    NEW_BLOCKER,
    TaskSpec,
)
from services.memory.lang.en.task_resolutions import CLAUSE as _CLAUSE

BLOCKERS: tuple[TaskSpec, ...] = (
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
        r"progress|finish|ship|deploy|merge)\s+(?:until|unless|without)|(?:[\w' ,-]|\.(?=\d)){2,60}?\s+until)\s+(?P<entry>.+)$",
        examples=[
            ("We can't proceed until legal approves the data retention terms.", "legal approves the data retention terms"),
            ("We can't book the flights until Dad confirms his leave", "Dad confirms his leave"),
            ("Can't order the tiles until the builder measures the floor", "the builder measures the floor"),
            ("We can't release 2.4 until the signing key is rotated", "the signing key is rotated"),
        ],
    ),
    # "The choir trip is on hold until the board signs", "the launch is paused until legal is back".
    dict(
        name="paused_until",
        emits=NEW_BLOCKER,
        cues=("on hold", "paused", "parked", "on ice", "frozen", "held"),
        pattern=r"^(?:the\s+)?[\w\-./' ]{2,60}?\s+(?:is|are|stays?|remains?)\s+(?:still\s+|now\s+)?(?P<cue>on hold|paused|parked|on ice|frozen|held)"
        r"\s+(?:until|till|pending)\s+(?P<entry>.+)$",
        examples=[
            (
                "The choir trip is on hold until the school board signs the coach hire contract",
                "the school board signs the coach hire contract",
            ),
            ("Our loft conversion is paused till the planning office replies", "the planning office replies"),
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
)
