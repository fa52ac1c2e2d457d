"""Deterministic extraction: the durable items one user message states.

Per sentence: task state first (tasks.py), then a correction or update (corrections.py), else
numbers and facts (statements.py, a number beats a fact), with a rule alongside when the sentence
has a strong rule marker (rules.py: "always", "never", "no exceptions", 凡是…都要 ...). Weak rule
markers ("must", "use") only make a rule when nothing more specific was read, unless the subject
is universal ("every migration must ..."). A "<label>: <body>" sentence is read again by its body,
the label being its key or a preamble. A rule keeps the sentences after it that spell it out.
The grammar is data (patterns_*.py, tasks_*.py); key and value checks live in extraction_checks.py.
"""

import re
from dataclasses import replace
from functools import lru_cache

from services.memory import regex_cache
from services.memory.domain import analysis, asides, discourse, frames, neighbours, numerals
from services.memory.domain import extraction_checks as C
from services.memory.domain import patterns as P
from services.memory.domain.analysis import TurnAnalysis
from services.memory.domain.clause_split import statement_clauses
from services.memory.domain.contrast import contrast as read_contrast
from services.memory.domain.contrast import contrasted
from services.memory.domain.corrections import Retraction, announces_revision, correction, replacing, retraction
from services.memory.domain.facets import facets
from services.memory.domain.figure_statements import figure_statements
from services.memory.domain.instructions import standing_instruction
from services.memory.domain.measures import split_measures
from services.memory.domain.model import VALUE_KINDS, Candidate, ItemKind, ReadContext, TaskField
from services.memory.domain.quantities import unread_quantities
from services.memory.domain.rules import MAX_RULE_KEY_CHARS, read_rule
from services.memory.domain.statements import (
    DIGIT,
    MAX_COLON_KEY_WORDS,
    MAX_PER_SENTENCE,
    comparator,
    listed_figures,
    number_candidate,
    read_unit,
    statements,
)
from services.memory.domain.tallies import tally, without_counted_figures
from services.memory.domain.task_roles import announces, goal_stated
from services.memory.domain.tasks import TaskSignal, points_ahead, read_tasks
from services.memory.domain.text import detect_lang, is_question, normalize_key, strip_openers
from services.memory.domain.time_readings import as_clock_time, with_whole_date
from services.memory.domain.typed_statements import with_typed_values
from services.memory.domain.updates import cued_update, names_value, read_updates
from services.memory.domain.value_shapes import value_type
from services.memory.domain.withdrawals import about_key, withdrawal_candidate
from services.memory.lang.en import sentences as en_sentences
from services.memory.lang.en.sentences import BE as _BE
from services.memory.lang.en.sentences import HAS_CONTRACTED as _HAS_CONTRACTED
from services.memory.lang.en.sentences import IS_CONTRACTED as _IS_CONTRACTED
from services.memory.lang.en.sentences import PRONOUN_START as _PRONOUN_START
from services.memory.lang.zh import sentences as zh_sentences

MAX_PREAMBLE_WORDS = 14  # "Since you'll be in the invoice view anyway: ..."
_LATIN = regex_cache.compile(r"[A-Za-z]")
_CJK = regex_cache.compile(r"[\u3400-\u9fff]")
# Rule rows whose marker says things change from here ("from now on", 以后…): the values the sentence
# states are updates of the ones before.
_FROM_NOW_ON = frozenset({"from_now_on", "zh_from_now"})
# Rule rows that read a label announcing a rule ("House rule:", 规矩：): the sentence is that rule.
_RULE_LABELS = frozenset({"label", "zh_label"})
# A sentence that only binds the one before it: "Not negotiable.", "No exceptions.", "Full stop."
_BINDING_TAG = regex_cache.compile(en_sentences.BINDING_TAG + "|" + zh_sentences.BINDING_TAG, re.IGNORECASE)


def extract(own: str | TurnAnalysis) -> list[Candidate]:
    """Candidates from the user's own words in one message, in sentence order, without duplicates."""
    return [candidate for candidate, _ in extract_traced(own)]


def extract_traced(own: str | TurnAnalysis) -> list[tuple[Candidate, str]]:
    """Like extract, with the name of the table row that produced each candidate (for tests and debugging)."""
    turn = analysis.analyse_turn(own) if isinstance(own, str) else own
    found: list[tuple[Candidate, str]] = []
    # A task resolution's field is part of what it says: "Billing came back: ..." both answers a question
    # and ends a wait, two candidates with the same (empty) key and value.
    seen: set[tuple[ItemKind, str, str, str, str, bool, TaskField | None, bool]] = set()
    taken_back: Retraction | None = None
    subject = ""  # the key the sentence before stated, for a sentence that opens with a pronoun
    figured: list[numerals.Figured] = []
    for said_line in turn.lines:
        # Each sentence is read with its spelled figures in digits ("down to seven"); the words come back at the end.
        readings = [numerals.figured(said.text, said.lang) for said in said_line]
        figured += [reading for reading in readings if reading.changed]
        line = [analysis.sentence(reading.text) if reading.changed else said for reading, said in zip(readings, said_line, strict=True)]
        sentences = [said.text for said in line]
        elaborated_through = -1  # the last sentence of the line a rule before it took as its elaboration
        for index, said in enumerate(line):
            sentence, lang = said.text, said.lang
            if index and _BINDING_TAG.match(sentence) and not any(c.kind is ItemKind.RULE for c, _ in _sentence(sentences[index - 1])):
                # "We never run cracked servers. Not negotiable.": the tag binds the sentence before it.
                before = line[index - 1]
                bound = neighbours.bound_rule(before.clean, sentence, before.lang)
                if bound is not None:
                    found.append((bound, "binding_tag"))
                continue
            clean = said.clean or sentence
            if retracted := retraction(clean, lang):
                taken_back = retracted  # "Scratch the granite." says what the next statement replaces
                continue
            read = asides.read_without(_updates(sentence, clean, lang), clean, sentence, lang, _updates)
            if not said.question and (contrast := read_contrast(clean, lang)) is not None:
                read = tuple(contrasted(contrast, list(read), list(_sentence(contrast.clause)), sentence, lang))
            # "Forget the narrative, we need to lock the budget" sets a goal: only a sentence that states
            # nothing else takes something back.
            stated = names_value(read) or any(c.kind is ItemKind.TASK and not c.resolves for c, _ in read)
            withdrawn = discourse.lifted_rule(clean, lang) if stated else discourse.withdrawal(clean, lang)
            if withdrawn is not None and withdrawn.rule:  # a restriction lifted is its own act, whatever else is said
                found.append((withdrawal_candidate(withdrawn, sentence, lang), "lifted_rule"))
            elif not stated and withdrawn:
                read = _updates(withdrawn.rest, withdrawn.rest, lang) if withdrawn.rest else ()
                if not names_value(read):
                    found.append((withdrawal_candidate(withdrawn, sentence, lang), "withdrawal"))
                    continue
                # "Never mind, the catering budget is 2,400": what follows replaces what was taken back.
                taken_back, sentence = Retraction(old="", key=about_key(withdrawn.about, lang)), withdrawn.rest
            # A value read from no clause in particular has no subject: a clause that names one says more.
            if _unkeyed(read) and (clause_values := _clause_values(sentence, lang)):
                read = (*((c, row) for c, row in read if c.kind not in VALUE_KINDS), *clause_values)
            if not _stated(read) and subject:
                read = _about_subject(sentence, subject) or read
            subject = next((c.key for c, _ in read if c.kind in VALUE_KINDS and c.key), "")
            retracting = taken_back is not None
            if taken_back is not None and not is_question(sentence, lang):
                read, taken_back = replacing(read, ReadContext(sentence, lang, lang), taken_back), None
            read = tuple(
                (with_whole_date(as_clock_time(measure)), row) for candidate, row in read for measure in split_measures(candidate, lang)
            )
            read = tuple((replace(c, key=C.owned_key(c.key, clean)) if c.kind in VALUE_KINDS else c, row) for c, row in read)
            read = (*read, *goal_stated(read, lang))
            if not retracting:  # after "scratch what I said about X", the next statement replaces X
                read = with_typed_values(sentence, clean, lang, _unread_values(sentence, clean, lang, read))
                read = figure_statements(sentence, clean, lang, (*read, *facets(analysis.bare(sentence), lang, read, _sentence)))
            # A value said only to explain ("..., because at 1 the deliveries come in") is no statement of its own.
            read = tuple((c, row) for c, row in read if c.kind not in VALUE_KINDS or not frames.gives_reason(clean, c.value, lang))
            if not retracting and names_value(read) and announces_revision(sentence, lang):
                # "that takes us down to €478,500": whichever reading found the figure, it is a revision
                read = tuple((replace(c, is_correction=True) if c.kind in VALUE_KINDS else c, row) for c, row in read)
            if not any(c.kind in (ItemKind.RULE, ItemKind.TASK) for c, _ in read) and (
                instruction := standing_instruction(clean, ReadContext(sentence, lang, lang))
            ):
                read = (instruction, *read)  # "In anything going to the sponsor, write 'participant'": a rule by what it does
            for candidate, row in without_counted_figures(read)[:MAX_PER_SENTENCE]:
                if candidate.kind is ItemKind.RULE and row.startswith(neighbours.NORM_ROWS) and index <= elaborated_through:
                    continue  # a norm that spells out the rule before it is part of that rule
                if candidate.kind is ItemKind.RULE:
                    candidate, taken = neighbours.with_elaboration(candidate, sentences[index + 1 :], _with_updates)
                    elaborated_through = max(elaborated_through, index + taken)
                if candidate.kind is ItemKind.TASK and not candidate.resolves and points_ahead(candidate.value):
                    if index + 1 < len(sentences):
                        candidate = neighbours.spelled_out(candidate, analysis.bare(sentences[index + 1]))
                    elif not (index and announces(candidate.value)):
                        continue  # a role named last is a tag of the sentence before it (task_roles.with_referent)
                signature = (
                    candidate.kind,
                    candidate.key,
                    candidate.value,
                    candidate.unit,
                    candidate.condition,
                    candidate.is_correction,
                    candidate.task_field,
                    candidate.resolves,
                )
                if signature not in seen:
                    seen.add(signature)
                    found.append((candidate, row))
    if taken_back is not None and (taken_back.key or taken_back.old):
        # "Scratch the granite." with nothing after it: what it named is taken back, and nothing replaces it.
        found.append(
            (
                Candidate(kind=ItemKind.FACT, key=taken_back.key, value=taken_back.old, text=turn.text, lang=turn.lang, withdraws=True),
                "retraction",
            )
        )
    return [(numerals.restored(candidate, tuple(figured)), row) for candidate, row in found] if figured else found


def _unkeyed(read: tuple[tuple[Candidate, str], ...]) -> bool:
    """No rule and no value with a key: what the sentence's clauses state may be read."""
    return not any(c.kind is ItemKind.RULE or (c.kind in VALUE_KINDS and c.key) for c, _ in read)


def _clause_values(sentence: str, lang: str) -> tuple[tuple[Candidate, str], ...]:
    """The values of the statements inside a sentence whose grammar read none (clause_split.py): each
    clause is read as a sentence, and what it states keeps the whole sentence as its text."""
    found: list[tuple[Candidate, str]] = []
    for clause in statement_clauses(analysis.bare(sentence), lang):
        clean = analysis.clean(clause, lang) or clause
        read = _unread_values(clause, clean, lang, _updates(clause, clean, lang))
        found += [(replace(c, text=sentence), row) for c, row in read if c.kind in VALUE_KINDS and discourse.names_something(c.value)]
    return tuple(found)


def _unread_values(sentence: str, clean: str, lang: str, read: tuple[tuple[Candidate, str], ...]) -> tuple[tuple[Candidate, str], ...]:
    """read with the measured figures and the cued update of the sentence that no table read."""
    read = (*read, *_quantities(sentence, clean, lang, read))
    return (*read, *cued_update(sentence, clean, lang, read, _sentence))


def _stated(read: tuple[tuple[Candidate, str], ...]) -> bool:
    return any(c.kind in (ItemKind.FACT, ItemKind.NUMBER, ItemKind.RULE, ItemKind.TASK) for c, _ in read)


def _about_subject(sentence: str, subject: str) -> tuple[tuple[Candidate, str], ...]:
    """The numbers of a sentence that opens with a pronoun and an action ("They quoted $118 per
    head"), read as said of the subject before it and keyed by both ("caterer quoted"). A state
    ("she's strict") or a fact could replace what the subject is, so only numbers are taken."""
    match = _PRONOUN_START.match(sentence.strip())
    if not match or not subject.isascii() or match.group("verb").lower() in _BE:
        return ()
    verb = match.group("verb").lower()
    read = _sentence(f"The {subject} {verb} {sentence.strip()[match.end() :]}")
    return tuple((replace(c, key=f"{c.key} {verb}"), row) for c, row in read if c.kind is ItemKind.NUMBER and c.key == subject)


@lru_cache(maxsize=4096)
def _quantities(sentence: str, clean: str, lang: str, read: tuple[tuple[Candidate, str], ...]) -> tuple[tuple[Candidate, str], ...]:
    """Measured figures of a plain statement that the tables did not read (quantities.py). A sentence
    that changes, relays, corrects or asks something, or states task state, is read by its own rules."""
    if len(read) >= MAX_PER_SENTENCE or not DIGIT.search(clean):
        return ()
    if any(c.is_correction or (c.kind is ItemKind.TASK and c.task_field is not TaskField.PROGRESS) for c, _ in read):
        return ()
    found = unread_quantities(clean, ReadContext(sentence, lang, lang), list(read))
    # The discourse checks cost more than reading the figures, and most sentences have none to read.
    if not found or is_question(clean, lang) or discourse.relayed(clean, lang) or discourse.change(clean, lang):
        return ()
    if frames.frame(clean, lang):
        return ()  # history, a hypothesis or a comparison anywhere in it: its figures may be none of the current ones
    return tuple(found[: MAX_PER_SENTENCE - len(read)])


def _with_updates(sentence: str) -> tuple[tuple[Candidate, str], ...]:
    lang = detect_lang(sentence)
    return _updates(sentence, analysis.clean(sentence, lang) or sentence, lang)


@lru_cache(maxsize=8192)
def _updates(sentence: str, clean: str, lang: str) -> tuple[tuple[Candidate, str], ...]:
    """A sentence read with its update semantics (updates.py); cached as _sentence is."""
    return read_updates(sentence, clean, lang, _sentence)


@lru_cache(maxsize=8192)
def _sentence(sentence: str) -> tuple[tuple[Candidate, str], ...]:
    """All candidates of one sentence; cached, since hosts repeat short sentences ("ok, continue") a lot."""
    return tuple(_read_sentence(sentence))


def _read_sentence(sentence: str) -> list[tuple[Candidate, str]]:
    lang = detect_lang(sentence)
    bare = _HAS_CONTRACTED.sub(r"\1 has \2", _IS_CONTRACTED.sub(r"\1 is \2", analysis.bare(sentence)))
    clean = strip_openers(bare, lang)
    if not clean:
        return []
    # Task state first: a labelled open question is one even though it ends with "?", and a
    # sentence that sets a goal or raises a blocker says that, not a fact.
    signals = read_tasks(bare, lang)
    if not signals and not is_question(clean, lang) and (counted := tally(clean, lang)):
        signals = [counted]  # "that makes 5 of 6 banked": a count of work done is progress
    entries = [_task_candidate(signal, sentence, lang) for signal in signals if not signal.resolves]
    resolutions = [_task_candidate(signal, sentence, lang) for signal in signals if signal.resolves]
    if is_question(clean, lang) or any(c.task_field is not TaskField.PROGRESS for c, _ in entries):
        return entries + resolutions
    found = _read(clean, sentence, lang, lang)
    other = "en" if lang == "zh" else "zh"
    if not found and _LATIN.search(clean) and _CJK.search(clean):
        found = _read(strip_openers(bare, other), sentence, lang, other)  # "Goal: 完成迁移" uses the other grammar
    if entries:
        # A progress report's figures and dates are values of their own ("now 52 students, utilization 73%",
        # "the boiler service is booked for 4 March"): the next question about them wants these.
        return entries + [(c, row) for c, row in found if c.kind is ItemKind.NUMBER or value_type(c.value) == "time"] + resolutions
    return found + resolutions


def _task_candidate(signal: TaskSignal, source: str, lang: str) -> tuple[Candidate, str]:
    entry = signal.entry or signal.about
    if signal.resolves:
        key = ""
    elif signal.field is TaskField.GOAL:
        key = "task:goal"
    else:
        key = f"task:{signal.field.value}:{normalize_key(entry)[:MAX_RULE_KEY_CHARS]}"
    candidate = Candidate(
        kind=ItemKind.TASK,
        key=key,
        value=entry,
        text=source,
        lang=lang,
        task_field=signal.field,
        resolves=signal.resolves,
        about=signal.about,
    )
    return candidate, signal.row


def _read(clean: str, source: str, lang: str, grammar: str) -> list[tuple[Candidate, str]]:
    """Apply one language's tables to a cleaned sentence; lang labels the candidates."""
    ctx = ReadContext(source, lang, grammar)
    listed = listed_figures(clean, ctx) if DIGIT.search(clean) else []
    if listed:
        return listed
    found = _read_statement(clean, ctx)
    label, body = _label_split(clean, grammar)
    if (
        body
        and C.announces(label, grammar)
        and any(c.kind in VALUE_KINDS and (c.loose or c.key == C.store_key(label, grammar)) for c, _ in found)
    ):
        # "Big change: Dana says my easy cap should be 142 instead": a label that announces is no key, and a
        # value picked by its look is picked from its body.
        found = _read_statement(body, ctx) or found
    elif body and found and not any(c.is_correction for c, _ in found):
        # "After last night's board call: bump the request to $95,000": a body that changes a subject it
        # names is read as that change, its label a preamble, not as a value keyed by label and verb.
        changed = _read_statement(body, ctx)
        if any(c.is_correction and c.key and c.kind in VALUE_KINDS for c, _ in changed):
            found = changed
    if found:
        return found
    if not body:
        return []
    # "Since you'll be in that view anyway: <statement>", "Memory limits: no more than 2 GB per pod",
    # "Batch size, take three: turns out it's 320": the label is a preamble, or the key of what follows.
    found = _read_statement(body, ctx)
    key = C.store_key(label, grammar) if C.good_key(label, grammar, MAX_COLON_KEY_WORDS + 2) and not C.announces(label, grammar) else ""
    if key and not any(c.kind in VALUE_KINDS for c, _ in found):
        measure = _measure(body, key, ctx)
        found += [measure] if measure else []
    if key:
        found = [(replace(c, key=key) if not c.key and c.kind in VALUE_KINDS else c, row) for c, row in found]
    return found


def _read_statement(clean: str, ctx: ReadContext) -> list[tuple[Candidate, str]]:
    labelled = read_rule(clean, ctx)
    if (labelled is None or labelled.found[1] not in _RULE_LABELS) and _LATIN.search(clean) and _CJK.search(clean):
        # A code-switched "规矩先讲清楚: any order over $1,200 ..." announces its rule in the other language.
        labelled = read_rule(clean, ReadContext(ctx.source, ctx.lang, "en" if ctx.grammar == "zh" else "zh"))
    if labelled is not None and labelled.found[1] in _RULE_LABELS:
        # "Citation rule for the thesis: ..., cite the journal version, not the preprint" is a rule, whatever its words.
        return [labelled.found]
    corrected, residual = correction(clean, ctx)
    if corrected:
        return corrected
    clean = residual or clean
    said = statements(clean, ctx)
    rule = read_rule(clean, ctx)
    if rule is None:
        return said
    (candidate, row), body, weak, negative = rule
    if weak and said:
        return said
    if not said and not negative and body != clean:
        said = statements(body, ctx)  # "Always use pnpm for installs" also states installs = pnpm
    if residual:  # "Actually, reply in French from now on": a rule that replaces one
        candidate = replace(candidate, is_correction=True)
    if row in _FROM_NOW_ON:  # "the floor goes up to 99.7% from now on": what it states replaces what was
        said = [(replace(c, is_correction=True), name) for c, name in said]
    return [(candidate, row), *said]


# "<label>: <body>" with a short label; an aside such as ", take three" or ", again" is not part of it.
_LABEL = {"en": en_sentences.LABEL, "zh": zh_sentences.LABEL}


def _label_split(text: str, grammar: str) -> tuple[str, str]:
    match = _LABEL[grammar].match(text)
    if not match or len(match.group("label").split()) > MAX_PREAMBLE_WORDS:
        return "", ""
    return match.group("label").strip(), strip_openers(match.group("body"), grammar)


def _measure(body: str, key: str, ctx: ReadContext) -> tuple[Candidate, str] | None:
    """The one measured value of a label's body, for the label: "Breach notice: the vendor tells us
    within 48 hours of becoming aware" -> breach notice = 48 hours (within; of becoming aware)."""
    grammar = ctx.grammar
    for match in _MEASURE[grammar].finditer(body):
        unit, condition = read_unit(match.group("tail"), grammar, match.group("cur") or "", "", match.group("value"))
        if unit or match.group("cmp"):
            break  # the first measured value; a bare number in passing is not what the label names
    else:
        return None
    parts = [comparator("", (match.group("cmp") or "").strip().lower()), condition]
    return number_candidate(key, match.group("value"), unit, parts, ctx), "label_measure"


_MEASURE = {
    "en": regex_cache.compile(
        r"(?:(?<![\w.])|^)(?:(?P<cmp>" + P.CMP_WORDS_EN + r")\s+)?" + P.CUR + P.VAL_EN + r"(?P<tail>.*)$", re.IGNORECASE
    ),
    "zh": regex_cache.compile(r"(?:(?P<cmp>" + P.CMP_WORDS_ZH + r")\s*)?" + P.CUR + P.VAL_ZH + r"(?P<tail>.*)$"),
}
