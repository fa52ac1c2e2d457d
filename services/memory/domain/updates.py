"""Update semantics of one sentence: what discourse.py reads, turned into candidates.

The statement grammar (statements.py, corrections.py) reads what a sentence states. This layer
decides what the statement does to the current state, as a rule rather than a phrasing:

- framed as history, a hypothesis or a comparison, its facts and numbers are not current and
  are not stored (the turn stays quoted evidence);
- relayed ("my landlord says ..."), the reported clause is what is read, the sentence (with who
  said it) is kept as the item's text, its provenance;
- a change ("the review got pushed to Thursday", "bumped it to 6 replicas", "make it 40") is an
  update: of the subject it names, or, naming none, of the subject in focus, which the planner
  finds (subjects.best_target); a statement that carries a verb of change is an update too.
"""

import re
from collections.abc import Callable
from dataclasses import replace

from services.memory.domain import discourse, frames
from services.memory.domain import extraction_checks as C
from services.memory.domain.model import VALUE_KINDS, Candidate, ItemKind, TaskField
from services.memory.domain.statements import MAX_KEY_WORDS
from services.memory.domain.text import is_question, strip_openers
from services.memory.lang import data

Read = tuple[tuple[Candidate, str], ...]


def states_value(read: Read) -> bool:
    return any(candidate.kind in VALUE_KINDS for candidate, _ in read)


def names_value(read: Read) -> bool:
    """A fact or number whose value names something (a number, a date, a name): not "in" or "fine"."""
    return any(candidate.kind in VALUE_KINDS and discourse.names_something(candidate.value) for candidate, _ in read)


def read_updates(sentence: str, clean: str, lang: str, read_sentence: Callable[[str], Read]) -> Read:
    """The candidates of a sentence with its update semantics applied (see the module doc)."""
    relay = discourse.relayed(clean, lang)
    source = relay[1] if relay else clean
    found = read_sentence(source) if relay else read_sentence(sentence)
    if relay and not states_value(found) and not any(c.kind is ItemKind.TASK for c, _ in found) and not discourse.change(source, lang):
        source, found = clean, read_sentence(sentence)  # "Olu says hi" relays nothing
    elif relay:
        # A relayed answer closes the open item the message names ("the architect says X" answers
        # the question on X): that resolution is read from the whole sentence, the rest from what was relayed.
        inner = {(c.kind, c.task_field, c.resolves) for c, _ in found}
        whole = tuple(
            (replace(c, about=""), row)
            for c, row in read_sentence(sentence)
            if c.kind is ItemKind.TASK and c.resolves and (c.kind, c.task_field, True) not in inner
        )
        found = (*whole, *found)
    # History, a hypothesis or a comparison: the values of that clause are not the current ones.
    found = tuple((c, row) for c, row in found if c.kind not in VALUE_KINDS or not frames.value_frame(source, c.value, lang))
    changed = discourse.change(strip_openers(source, lang), lang)
    if (
        changed is not None
        and not changed.subject
        and all(discourse.placeholder(c.key, lang) or discourse.tells_change(c.key, lang) for c, _ in found if c.kind in VALUE_KINDS)
    ):
        # 现在是 42 元: "now" is no subject; "Karen dropped the price to 374,900": "the price" is the one in focus.
        found = tuple((c, row) for c, row in found if c.kind not in VALUE_KINDS)
    if changed is not None and frames.frame(source[: source.find(changed.value)], lang) in ("hypothesis", "comparison"):
        changed = None  # "要不改到周四吧", "if we moved it to 20:00": proposed, not made (a condition after it is no frame)
    if changed is not None and is_question(source, lang):
        changed = None  # "should it go to 400?" asks; a statement before a request is read as a clause (clause_split.py)
    if changed is not None and not names_value(found):  # "the RSVPs are in, we're down to 132" states 132
        found = (*found, *_changed(changed, sentence, lang, read_sentence))
    elif (
        changed is not None
        and changed.subject
        and not any(c.key for c, _ in found if c.kind in VALUE_KINDS)
        and (keyed := _changed(changed, sentence, lang, read_sentence))
    ):
        # "She wants to cap the peak at 78 instead": the change names the subject the marker's reading did not.
        found = (*((c, row) for c, row in found if c.kind not in VALUE_KINDS), *keyed)
    if changed is not None or (relay and not discourse.framed_relay(clean, lang)):
        # A value changed, or reported by someone, replaces the one it is about.
        found = tuple((replace(c, is_correction=True) if c.kind in VALUE_KINDS else c, row) for c, row in found)
    if relay:
        found = tuple((replace(c, text=sentence), row) for c, row in found)  # who said it stays on record
    # "down to 1,200 pounds now": "now" says when, it is no condition of the value.
    return tuple((replace(c, condition="") if c.condition and discourse.placeholder(c.condition, lang) else c, row) for c, row in found)


def cued_update(sentence: str, clean: str, lang: str, read: Read, read_sentence: Callable[[str], Read]) -> Read:
    """A statement no grammar read a value from (read), with one typed value and a word that says it is
    new ("Base moved check-in earlier, 15:00, same day"): a keyless update that only an item its message
    names takes; otherwise nothing is stored."""
    if names_value(read) or any(
        c.kind is ItemKind.RULE or (c.task_field not in (None, TaskField.PROGRESS) and not c.resolves) for c, _ in read
    ):
        return ()  # a rule ("don't set the timeout to 0") or a goal, blocker or question says what it says
    if is_question(sentence, lang) or frames.frame(clean, lang):
        return ()
    changed = discourse.cued_change(clean, lang)
    return tuple((replace(c, cued=True), row) for c, row in _changed(changed, sentence, lang, read_sentence)) if changed else ()


def _changed(changed: discourse.Change, sentence: str, lang: str, read_sentence: Callable[[str], Read]) -> Read:
    """The new value of a change, read by the statement grammar under its subject's key, or keyless."""
    grammar = "zh" if lang == "zh" else "en"
    words = data(grammar, "discourse")
    changed = replace(changed, value=re.sub(words.VALUE_LEAD, "", changed.value) or changed.value)
    key = ""
    if changed.subject:
        subject = strip_openers(changed.subject, grammar)
        if not C.good_key(subject, grammar, MAX_KEY_WORDS):
            return ()
        key = C.store_key(subject, grammar)
        text = words.KEYED_STATEMENT.format(subject=subject.removeprefix("the ").removeprefix("The "), value=changed.value)
    else:
        # A placeholder subject, so the statement grammar reads the value's unit.
        text = words.KEYLESS_STATEMENT.format(value=changed.value)
    read = read_sentence(text)
    return tuple((replace(c, key=key, text=sentence, is_correction=True), "change") for c, _ in read if c.kind in VALUE_KINDS)
