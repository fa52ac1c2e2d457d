"""Corrections and updates in one sentence: the new value, the old one when it is named, and the key
when the sentence gives one. Which stored item they replace is decided later (subjects.py)."""

import re
from dataclasses import dataclass, replace

from services.memory import regex_cache
from services.memory.domain import analysis
from services.memory.domain import extraction_checks as C
from services.memory.domain.model import VALUE_KINDS, Candidate, ItemKind, ReadContext
from services.memory.domain.rules import read_rule
from services.memory.domain.statements import CLAUSE, MAX_KEY_WORDS, bare_number, chosen, statements, trim_value
from services.memory.domain.tables import CORRECTIONS, rows
from services.memory.domain.tasks import read_tasks
from services.memory.domain.text import is_hedged, normalize_key, strip_openers
from services.memory.domain.typed_values import pointed_at, typed_values
from services.memory.lang.en import revisions as en_revisions
from services.memory.lang.en.revisions import CALENDAR as _CALENDAR
from services.memory.lang.en.revisions import CLAUSE_VERB as _CLAUSE_VERB_EN
from services.memory.lang.en.revisions import NOT_A_VALUE as _NOT_A_VALUE
from services.memory.lang.en.revisions import TRAILING_CLAUSE as _TRAILING_CLAUSE_EN
from services.memory.lang.zh import revisions as zh_revisions
from services.memory.lang.zh.revisions import LOOSE_VALUE as _LOOSE_VALUE_ZH

_INTRO = {"en": en_revisions.INTRO, "zh": zh_revisions.INTRO}
# Rows whose marker follows the new value ("..., print 120 instead"): it is in the clause right before the marker.
_MARKS_LAST_CLAUSE = frozenset({"instead"})
_NAMES_VALUE = regex_cache.compile(r"\d|\b[A-Z][\w\-]*")
_OLD_TAIL = {"en": en_revisions.OLD_TAIL, "zh": zh_revisions.OLD_TAIL}


def correction(clean: str, ctx: ReadContext, depth: int = 0) -> tuple[list[tuple[Candidate, str]], str]:
    """(candidates, residual): residual is the sentence minus a correction marker that led nowhere."""
    grammar = ctx.grammar
    residual = ""
    if depth > 1:
        return [], ""
    for row in rows(CORRECTIONS, grammar, clean):
        match = row.regex.match(clean)
        if not match:
            continue
        groups = match.groupdict()
        old = groups.get("old") or ""
        if groups.get("new") is not None:
            new, old = _split_old(groups["new"], old, grammar)
            key = groups.get("key") or ""
            if key and not C.good_key(key, grammar, MAX_KEY_WORDS):
                continue
            key = C.store_key(key, grammar) if key else _shared_words(old, new, grammar) or _named_version(new, grammar)
            subject = (groups.get("subject") or "").strip()
            if not key and subject and C.good_key(subject, grammar, MAX_KEY_WORDS):
                key = C.store_key(subject, grammar)  # "the standup moved from 9:30 to 10:15"
            candidate = _from_value(new, key, old, ctx)
        else:
            stmt = " ".join((groups["stmt"] + " " + (groups.get("stmt2") or "")).split())
            stmt, old = _split_old(stmt, old, grammar)
            if row.name in _MARKS_LAST_CLAUSE and len(clauses := CLAUSE.split(stmt)) > 1 and _NAMES_VALUE.search(clauses[-1]):
                # "250 flyers is wasteful, so print 120 instead": the value the marker follows is the new one.
                stmt = clauses[-1]
            candidate = _from_statement(stmt, old, row.weak, ctx, depth)
            if candidate is None and match.start("stmt") > 0 and not residual:
                residual = stmt
        if candidate is None:
            continue
        found = [(candidate, row.name)]
        if not candidate.key:
            rule = read_rule(clean, ctx)  # "use pnpm, not npm" is also a standing preference
            found += [rule[0]] if rule else []
        return found, ""
    return [], residual


def _split_old(text: str, old: str, grammar: str) -> tuple[str, str]:
    match = _OLD_TAIL[grammar].match(text.strip())
    if match and not old:
        return match.group("s"), match.group("old")
    return text, old


def _from_statement(stmt: str, old: str, weak: bool, ctx: ReadContext, depth: int = 0) -> Candidate | None:
    grammar = ctx.grammar
    stmt = strip_openers(stmt, grammar)
    nested, _ = correction(stmt, ctx, depth + 1)  # "Heads up: we moved from X to Y"
    if nested and nested[0][0].kind in (ItemKind.FACT, ItemKind.NUMBER):
        first = nested[0][0]
        return replace(first, is_correction=True, corrects=first.corrects or _old_value(old, grammar))
    said = statements(stmt, ctx)
    if said:
        return replace(said[0][0], is_correction=True, corrects=_old_value(old, grammar))
    # "512 blows up on the small nodes, make it 256": the new value is often in the last clause.
    for clause in [stmt, *reversed(CLAUSE.split(stmt)[1:])]:
        intro = _INTRO[grammar].match(clause.strip())
        if intro:
            return _from_value(intro.group("v"), "", old, ctx)
    if weak or _task(stmt, ctx) or read_rule(stmt, ctx):
        return _loose(stmt, old, ctx) if weak and not _task(stmt, ctx) and not read_rule(stmt, ctx) else None
    # A bare value is a few words and no clause: "deploys go through the green pipeline" is a
    # statement no table read, not a new value for whatever was said last.
    short = (
        len(stmt.split()) <= 4 and not _CLAUSE_VERB_EN.search(stmt)
        if grammar == "en"
        else len(stmt) <= 20 and not zh_revisions.CHANGE_VERB.search(stmt)  # 供应商的车改到晚一点 says a change, names no value
    )
    first_word = stmt.split()[0].lower() if stmt.split() else ""
    if short and first_word not in C.BAD_KEY_WORDS and not is_hedged(stmt, grammar):
        return _from_value(stmt, "", old, ctx)  # "scratch that, eu-central-1"
    return _loose(stmt, old, ctx)


def _task(clean: str, ctx: ReadContext) -> bool:
    """Whether the sentence states task state of its own (a goal, progress, a blocker, an open item)."""
    return any(not signal.resolves for signal in read_tasks(clean, ctx.lang))


# A value that names itself: a number with its unit, an identifier (eu-west-1, v2.3, PRC-4821), a
# clock time, a Capitalized name, a multiple (3x). A parenthesis right after it stays with it.
_LOOSE_VALUE = regex_cache.compile(
    r"(?:[$€£¥])?(?<![\d:])\d[\d,.]*(?::\d\d(?!\d))?(?:e-?\d+)?\s?(?:[x×%]|[A-Za-z]{1,12}\b|[\u4e00-\u9fff]{1,2})?(?:\s?\([^)]{1,30}\))?"
    r"|\b[A-Za-z][\w]*[-_./:][\w\-./:]*\w(?:\s?\([^)]{1,30}\))?"
    r"|(?<![.!?]\s)(?<!^)\b(?-i:[A-Z])[a-z]+(?:\s+(?-i:[A-Z])[a-z]+)*"
)


def _loose(stmt: str, old: str, ctx: ReadContext) -> Candidate | None:
    """An update marker and no sentence the tables read: the first value that names itself and is
    not the old one, to be matched against what the message points at (see subjects.py)."""
    if is_hedged(stmt, ctx.grammar):
        return None
    old_norm = old.lower()
    # A typed value is whole by its look ("Tuesday 14 October", not "Tuesday"): taken first.
    typed = [v for v in typed_values(stmt, ctx.grammar) if not old_norm or v.lower() not in old_norm]
    if typed and not typed[0][:1].isdigit() and typed[0][:1] not in "$€£¥":
        candidate = _from_value(typed[0], "", old, ctx)
        return replace(candidate, loose=True) if candidate else None
    for match in (_LOOSE_VALUE_ZH if ctx.grammar == "zh" else _LOOSE_VALUE).finditer(stmt):
        if pointed_at(stmt[: match.start()]):
            continue  # "archive the 2019 reports": after "the", a figure names a thing already known
        value = C.clean_value(match.group())
        if value and (not old_norm or value.lower() not in old_norm) and not value.lower().startswith(("i ", "we ")):
            if value[:1].isdigit() or value[:1] in "$€£¥":
                value = trim_value(stmt[match.start() :], ctx.grammar)  # a number keeps its unit and condition
            candidate = _from_value(value, "", old, ctx)
            return replace(candidate, loose=True) if candidate else None
    return None


_NAMED_VERSION = regex_cache.compile(r"^(?P<name>(?-i:[A-Za-z])[\w\-.]*(?:\s+(?-i:[A-Z])[\w\-.]*)?)\s+v?\d+(?:\.\d+)*\b", re.IGNORECASE)


def _named_version(new: str, grammar: str) -> str:
    """A key for "upgraded to dbt 1.8.2": the name the version belongs to."""
    match = _NAMED_VERSION.match(new.strip()) if grammar == "en" else None
    if not match or _CALENDAR.match(match.group("name")):
        return ""  # "Tuesday 18 March" is a date, not version 18 of Tuesday
    return C.store_key(match.group("name"), grammar) if C.good_key(match.group("name"), grammar, MAX_KEY_WORDS) else ""


def _shared_words(old: str, new: str, grammar: str) -> str:
    """A key for "from A to B" when the sentence names none: the words both values share
    ("Postgres" of "Postgres 14" and "Postgres 16"), or the old value itself."""
    if grammar == "en":
        shared = [
            word for word, other in zip(old.split(), new.split(), strict=False) if word.lower() == other.lower() and not word[:1].isdigit()
        ]
        return C.store_key(" ".join(shared), grammar) if shared and C.good_key(" ".join(shared), grammar, MAX_KEY_WORDS) else ""
    prefix = ""
    for a, b in zip(old, new, strict=False):
        if a != b:
            break
        prefix += a
    return normalize_key(prefix) if len(prefix) >= 2 else ""


def _from_value(new: str, key: str, old: str, ctx: ReadContext) -> Candidate | None:
    source, lang, grammar = ctx
    new = C.clean_value(trim_value(_TRAILING_CLAUSE_EN.sub("", new), grammar) if grammar == "en" else new)
    if not new:
        return None
    number = bare_number(new, grammar)
    corrects = _old_value(old, grammar)
    if number:
        value, unit, condition = number
        return Candidate(
            kind=ItemKind.NUMBER,
            key=key,
            value=value,
            text=source,
            lang=lang,
            unit=unit,
            condition=condition,
            corrects=corrects,
            is_correction=True,
        )
    return Candidate(kind=ItemKind.FACT, key=key, value=new, text=source, lang=lang, corrects=corrects, is_correction=True)


def _old_value(old: str, grammar: str) -> str:
    """The replaced value as the store holds it: the number alone for "not 120 ms"."""
    old = C.clean_value(old)
    number = bare_number(old, grammar) if old else None
    return number[0] if number else old


@dataclass(frozen=True)
class Retraction:
    """A sentence that takes something back and says nothing new ("Scratch the granite.", "I misspoke
    about the deadline."): the statement after it, in the same message, is the replacement."""

    old: str  # the value taken back, when it is named
    key: str  # what it was about, when it is named ("what I said about the venue")


_RETRACTION = {"en": en_revisions.RETRACTION, "zh": zh_revisions.RETRACTION}


def retraction(clean: str, grammar: str) -> Retraction | None:
    """The Retraction a sentence (already read as stating nothing) makes, if it is one."""
    match = _RETRACTION[grammar].match(clean.strip())
    if not match:
        return None
    groups = match.groupdict()
    old = (groups.get("old") or "").strip()
    if old and _NOT_A_VALUE.search(old):
        return None
    about = (groups.get("about") or groups.get("about2") or "").strip()
    key = C.store_key(about, grammar) if about and C.good_key(about, grammar, MAX_KEY_WORDS) else ""
    return Retraction(old=_old_value(old, grammar) if old else "", key=key)


def replacement(clean: str, taken_back: Retraction, ctx: ReadContext) -> Candidate | None:
    """The new value of a sentence that follows a Retraction and that no table read as a statement:
    the first value that names itself ("Amara wants it costed at 30 months")."""
    value = chosen(clean, ctx.grammar)
    found = _from_value(value, "", taken_back.old, ctx) if value else _loose(clean, taken_back.old, ctx)
    return replace(found, key=found.key or taken_back.key, loose=not taken_back.key, takes_back=taken_back.key) if found else None


def replacing(read: tuple[tuple[Candidate, str], ...], ctx: ReadContext, taken_back: Retraction) -> tuple[tuple[Candidate, str], ...]:
    """The statement after a Retraction replaces what it took back: its facts and numbers become
    corrections of the value or subject it named; with none, its first self-naming value does."""
    stated = [c for c, _ in read if c.kind in VALUE_KINDS]
    if stated:
        return tuple(
            (
                replace(
                    c, is_correction=True, corrects=c.corrects or taken_back.old, key=c.key or taken_back.key, takes_back=taken_back.key
                ),
                row,
            )
            if c.kind in VALUE_KINDS
            else (c, row)
            for c, row in read
        )
    if any(c.kind is ItemKind.RULE or (c.kind is ItemKind.TASK and not c.resolves) for c, _ in read):
        return read
    clean = analysis.clean(ctx.source, ctx.lang)
    found = replacement(clean, taken_back, ctx) if clean else None
    return (*read, (found, "retraction")) if found else read


# A sentence that gives a figure as a revision of an earlier one: "their revised PDF says $43,800",
# "the vendor came back with £16,950", "the headcount went up to 140", 新的报价是….
_REVISION = {"en": en_revisions.REVISION, "zh": zh_revisions.REVISION}


def announces_revision(sentence: str, grammar: str) -> bool:
    """Whether the sentence presents its figure as a revision, so it replaces the one before."""
    return bool(_REVISION[grammar].search(sentence))
