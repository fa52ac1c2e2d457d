"""Instructions that hold beyond the turn, read by what a sentence does, not by a marker word ("always",
"never", 一律): a scope and then an imperative ("In anything going to the sponsor, write 'participant', not
'patient'"), a universal subject with a limit ("nothing goes to Harlow & Reid unless I've read it first"),
a prohibition addressed to the assistant (你别直接付钱), a policy over every case (所有订单先发我确认).
A request for this turn names no scope and no "every": "Write a message to our neighbours" stays a request.
The words are each language's data (lang/<lang>/instructions.py).
"""

import re
from functools import cache

from services.memory import regex_cache
from services.memory.domain.model import Candidate, ItemKind, ReadContext
from services.memory.domain.rules import MAX_RULE_KEY_CHARS
from services.memory.domain.text import is_hedged, is_question, normalize_key
from services.memory.lang import data


class _Grammar:
    def __init__(self, grammar: str):
        words = data(grammar, "instructions")
        flags = re.IGNORECASE
        self.scoped = regex_cache.compile(rf"{words.SCOPE}(?:{words.VERBS})\b", flags)
        self.scope_you = regex_cache.compile(rf"(?=(?:{words.SCOPE_YOU})){words.SCOPE}(?P<verb>[a-z][a-z\-]+)\b", flags)
        self.stop_words = data(grammar, "terms").STOP_WORDS if grammar == "en" else frozenset()
        self.universal = regex_cache.compile(words.UNIVERSAL, flags)
        self.limit = regex_cache.compile(words.LIMIT, flags)
        self.prohibition = regex_cache.compile(words.PROHIBITION, flags)
        self.habitual = regex_cache.compile(words.HABITUAL, flags)
        self.told = regex_cache.compile(words.TOLD, flags)


@cache
def _grammar(grammar: str) -> _Grammar:
    return _Grammar(grammar)


def standing_instruction(clean: str, ctx: ReadContext) -> tuple[Candidate, str] | None:
    """The sentence as a rule when it is an instruction that holds beyond the turn, else None."""
    grammar = "zh" if ctx.grammar == "zh" else "en"
    if is_question(clean, grammar) or is_hedged(clean, grammar):
        return None
    g = _grammar(grammar)
    labelled = data(grammar, "sentences").LABEL.match(clean)
    bodies = (clean, labelled.group("body")) if labelled else (clean,)  # "Before anything else: nothing goes ..."
    if not any(_instructs(body, g, grammar) for body in bodies):
        return None
    key = "rule:" + normalize_key(clean)[:MAX_RULE_KEY_CHARS]
    return Candidate(kind=ItemKind.RULE, key=key, value=clean, text=ctx.source, lang=ctx.lang), "instruction"


def _instructs(text: str, g: _Grammar, grammar: str) -> bool:
    universal = g.universal.search(text) if grammar == "zh" else g.universal.match(text)
    if universal and g.told.match(text, universal.end()):
        universal = None
    return bool(
        g.scoped.match(text)
        or _imperative_after_scope(text, g)
        or g.prohibition.search(text)
        or g.habitual.match(text)
        or (universal and g.limit.search(text, universal.end()))
    )


def _imperative_after_scope(text: str, g: _Grammar) -> bool:
    """After a scope that is what the assistant does, an imperative: a bare verb, not a word that starts a
    statement ("When you get there, parking is ...": a gerund; "..., Anna reviews them": a name)."""
    match = g.scope_you.match(text)
    if match is None:
        return False
    verb = match.group("verb")
    if not verb.islower() or verb in g.stop_words or verb.endswith("ed") or (verb.endswith("ing") and len(verb) > 5):
        return False
    return not (verb.endswith("s") and not verb.endswith("ss"))
