"""Reading a standing rule in one sentence: its marker, its body, and whether the marker is weak."""

from typing import NamedTuple

from services.memory import regex_cache
from services.memory.domain import patterns as P
from services.memory.domain.model import Candidate, ItemKind, ReadContext
from services.memory.domain.tables import RULES, rows
from services.memory.domain.text import normalize_key
from services.memory.lang.en import rules as en_rules
from services.memory.lang.en.rules import EPISTEMIC_MUST as _EPISTEMIC_MUST
from services.memory.lang.en.rules import NOT_AN_INSTRUCTION as _NOT_AN_INSTRUCTION
from services.memory.lang.zh import rules as zh_rules

MAX_RULE_KEY_CHARS = 160
_POLITE = {"en": en_rules.POLITE, "zh": zh_rules.POLITE}
_NEGATIVE_MARKER = regex_cache.compile(f"{en_rules.NEGATIVE_MARKERS}|{zh_rules.NEGATIVE_MARKERS}")


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
        marker_word = match.group("marker").lower() in en_rules.STANDING_MARKERS
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
