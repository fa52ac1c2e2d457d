"""Reading a standing rule in one sentence: its marker, its body, and whether the marker is weak."""

import re
from typing import NamedTuple

from services.memory.domain import patterns as P
from services.memory.domain.model import Candidate, ItemKind, ReadContext
from services.memory.domain.tables import RULES, rows
from services.memory.domain.text import normalize_key

MAX_RULE_KEY_CHARS = 160
_POLITE = {"en": re.compile(r"^(?:please|pls|kindly)\s+", re.IGNORECASE), "zh": re.compile(r"^请(?=[^勿])")}
_NEGATIVE_MARKER = re.compile(r"never|not|n't|avoid|refrain|stop|quit|forbid|prohibit|ban|allowed|permitted|limits|不|勿|别|禁|严")

# "It must be the cache", "you must have been elated": must as inference, not obligation.
_EPISTEMIC_MUST = re.compile(
    r"(?:^|\b(?:it|that|this|you|he|she|they|there|which|what)\s+)must(?:'ve|\s+have)?\s+(?:been|be|feel|seem|look|sound|add|mean)\b",
    re.IGNORECASE,
)
# A standing "always"/"never" instruction is followed by what to do, not by a state ("always here to help");
# "open" and "free" are verbs when an object follows ("always open a PR").
_NOT_AN_INSTRUCTION = re.compile(
    r"\b(?:always|never)\s+(?:here|there|been|so|such|a|an|the|my|your|our|his|her|their|good|great|fun|nice|happy|glad|ready|available|welcome|around|"
    r"(?:open|free)(?!\s+(?:a|an|the|my|your|our|their|this|that|these|those|it|them|up)\b)|willing|keen|eager|busy|"
    r"(?!(?:bring|string|sing|ping|ring|swing|spring|sting|cling|fling)\b)[a-z]{2,}ing)\b",
    re.IGNORECASE,
)


class RuleReading(NamedTuple):
    """A rule read from a sentence: the candidate and its row's name, the sentence without the
    marker, whether the marker is weak ("must", "use"), and whether it forbids."""

    found: tuple[Candidate, str]
    body: str
    weak: bool
    negative: bool


def read_rule(clean: str, ctx: ReadContext) -> RuleReading | None:
    source, lang, grammar = ctx
    for row in rows(RULES, grammar, clean):
        match = row.regex.search(clean)
        if not match:
            continue
        start, end = match.span("marker")
        # An "always"/"never" marker is judged where it stands: "never push to main, always open
        # a PR" is one instruction whatever the second half says.
        marker_word = match.group("marker").lower() in ("always", "never")
        state = _NOT_AN_INSTRUCTION.match(clean, start) if marker_word else _NOT_AN_INSTRUCTION.search(clean)
        if grammar == "en" and (_EPISTEMIC_MUST.search(clean) or state):
            return None
        body = " ".join((clean[:start] + " " + clean[end:]).split()).strip(" ,:，：")
        keyed = _POLITE[grammar].sub("", clean)
        candidate = Candidate(
            kind=ItemKind.RULE, key="rule:" + normalize_key(keyed)[:MAX_RULE_KEY_CHARS], value=clean, text=source, lang=lang
        )
        weak = row.weak and not P.UNIVERSAL[grammar].match(keyed)  # "every migration must ..." is a standing rule
        return RuleReading((candidate, row.name), body, weak, bool(_NEGATIVE_MARKER.search(match.group("marker").lower())))
    return None
