"""English rows that open an item still to decide or answer ("we still need to pick X", "not decided yet");
row format: domain/task_rows.py.
"""

from services.memory.domain.task_rows import (
    NEW_OPEN,
    TaskSpec,
)

_NOT_YET = (
    r"booked|decided|confirmed|sent|signed|ordered|paid|picked|chosen|settled on|sorted out|fixed|heard back|heard from|received|tested|"
    r"reviewed|merged|deployed|written|found|asked|answered|replied|scheduled|arranged|agreed on|figured out|worked out|bought|hired"
)
# What a count of a whole may report besides done ("27 of 31 cases passing", "9 of 12 chapters reviewed").

QUESTIONS: tuple[TaskSpec, ...] = (
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
)
