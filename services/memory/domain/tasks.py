"""Task state in one user sentence: a new goal, progress, blocker or open item, and what the sentence resolves.

Two mechanisms, both driven by each language's tables (services/memory/lang/<lang>/tasks.py, in the row
format of task_rows.py):
- a label form, "<label>: <body>", where a short label's cue word picks the field ("Goal for this shift:",
  "Another open item:", "Decision on the Consul question:", 这次的目标：); the body is the entry, and an open
  question stays one even though it ends with "?";
- verb rows for unlabelled sentences ("we're blocked on X", "X is unblocked now", 卡在X上).
A sentence gives at most one new entry (the first row, in table order, that reads one) and at most one
resolution per field, naming what it resolves (``about``) when the sentence does. Questions, hedges,
conditions, rules and reported speech give nothing. Pure and cached: it runs on every user sentence at ingest,
and a sentence without any cue word costs one regex search.
"""

import re
from dataclasses import dataclass, replace
from functools import lru_cache
from types import ModuleType

from services.memory import regex_cache
from services.memory.domain.extraction_checks import STOP_VALUES, clean_value
from services.memory.domain.model import TaskField
from services.memory.domain.task_roles import announces, field_by_body, labelled_open, read_closure, read_role
from services.memory.domain.task_rows import TaskSpec
from services.memory.domain.text import is_hedged, is_question, strip_openers
from services.memory.lang import LANGUAGES, data
from services.memory.lang.en import tasks as en_tasks
from services.memory.lang.en.tasks import LEADING_THAT as _LEADING_THAT
from services.memory.lang.zh import tasks as zh_tasks

MAX_ENTRY_CHARS = 300
REPORT_WORDS = 4  # a status body shorter than this ("Status: green") reports no progress (characters in Chinese)
MAX_DEPTH = 2  # a label's body is read again, and a label inside that body once more

_MARKDOWN = regex_cache.compile(r"\*\*|__|^#+\s*|`")
_TERMINAL = " \t.!。！…"
_LATIN = regex_cache.compile(r"[A-Za-z]")
_CJK = regex_cache.compile(r"[\u3400-\u9fff]")
_PRONOUN = en_tasks.PRONOUNS | zh_tasks.PRONOUNS
_QUESTION_MARK = ("?", "？")
_COLON = {"en": ": ", "zh": "："}
# An entry that only announces the next sentence ("we're stuck on one thing though. The city has to ...").
_POINTS_AHEAD = regex_cache.compile(f"{en_tasks.POINTS_AHEAD}|{zh_tasks.POINTS_AHEAD}", re.IGNORECASE)


@dataclass(frozen=True)
class TaskSignal:
    field: TaskField  # GOAL, PROGRESS, BLOCKER or OPEN (for a resolution: the field it resolves, BLOCKER or OPEN)
    entry: str = ""  # the entry as it should be shown (new entries); for an answered question: the answer text
    resolves: bool = False  # True: this sentence resolves a blocker / answers or closes an open item
    about: str = ""  # for resolutions: the words naming what was resolved; "" when anaphoric
    row: str = ""  # the table row(s) that produced it, joined by "+" (for tests and debugging)


@dataclass(frozen=True)
class TaskRow:
    """One row of a task table, compiled; see task_rows.py for the options."""

    name: str
    emits: tuple[tuple[TaskField, bool], ...]
    regex: re.Pattern[str]
    examples: tuple[tuple[str, object], ...]
    cues: re.Pattern[str] | None = None  # one of the row's cue words, over the lowercased sentence
    resolves: bool = False  # the row reads resolutions, not new entries
    label: bool = False
    about_body: bool = False
    weak: bool = False
    report: bool = False  # (weak labels) a body that says nothing else is a progress report
    search: bool = False
    whole: bool = False


@dataclass(frozen=True)
class Grammar:
    """One language's task grammar: its tables and the word lists the engine consults."""

    lang: str
    labels: tuple[TaskRow, ...]
    rows: tuple[TaskRow, ...]
    cue: re.Pattern[str]  # the prefilter, over the lowercased sentence
    guards: dict[str, re.Pattern[str]]
    label_guard: re.Pattern[str]
    anaphora: re.Pattern[str]
    about_head: re.Pattern[str]
    about_tail: re.Pattern[str]
    goal_trim: re.Pattern[str]
    pseudo_cleft: re.Pattern[str]
    hedge_exempt: re.Pattern[str]
    narrative: re.Pattern[str]
    not_a_goal: re.Pattern[str]
    separator: re.Pattern[str]
    lead: re.Pattern[str]
    bad_entry_start: tuple[str, ...]
    label_max: int


def _compile_row(spec: TaskSpec) -> TaskRow:
    cues = spec.get("cues", ())
    return TaskRow(
        name=spec["name"],
        emits=spec["emits"],
        regex=regex_cache.compile(spec["pattern"], re.IGNORECASE),
        examples=tuple(spec["examples"]),
        cues=regex_cache.compile("|".join(map(re.escape, cues))) if cues else None,
        resolves=spec["emits"][0][1],
        label=spec.get("label", False),
        about_body=spec.get("about_body", False),
        weak=spec.get("weak", False),
        report=spec.get("report", False),
        search=spec.get("search", False),
        whole=spec.get("whole", False),
    )


def _grammar(lang: str, module: ModuleType) -> Grammar:
    def rx(pattern: str) -> re.Pattern[str]:
        return regex_cache.compile(pattern, re.IGNORECASE)

    rows = tuple(_compile_row(spec) for spec in module.ROWS)
    labels = tuple(_compile_row(spec) for spec in module.LABELS)
    # One search over the lowercased sentence; English cues start at a word boundary, which lets the
    # regex engine skip most positions (an IGNORECASE alternation costs twenty times more).
    # Longest first, ties in a fixed order: the same pattern in every process (and in regex_cache's file).
    cues = sorted(set(module.CUES) | {cue for spec in module.ROWS for cue in spec.get("cues", ())}, key=lambda cue: (-len(cue), cue))
    boundary = r"\b" if lang == "en" else ""
    return Grammar(
        lang=lang,
        labels=labels,
        rows=rows,
        cue=regex_cache.compile(boundary + "(?:" + "|".join(re.escape(cue) for cue in cues) + ")"),
        guards={kind: rx(pattern) for kind, pattern in module.GUARDS.items()},
        label_guard=rx(module.LABEL_GUARD),
        anaphora=rx(module.ANAPHORA),
        about_head=rx(module.ABOUT_HEAD),
        about_tail=rx(module.ABOUT_TAIL),
        goal_trim=rx(module.GOAL_TRIM),
        pseudo_cleft=rx(module.PSEUDO_CLEFT),
        hedge_exempt=rx(module.HEDGE_EXEMPT),
        narrative=rx(module.NARRATIVE),
        not_a_goal=rx(module.NOT_A_GOAL),
        separator=rx(module.SEPARATOR),
        lead=rx(module.LEAD),
        bad_entry_start=tuple(module.BAD_ENTRY_START),
        label_max=module.LABEL_MAX_WORDS,
    )


GRAMMARS = {lang: _grammar(lang, data(lang, "tasks")) for lang in LANGUAGES}
_OTHER = {"en": "zh", "zh": "en"}


def points_ahead(entry: str) -> bool:
    """An entry that names nothing but announces what follows ("one thing though"): the next sentence is the entry."""
    return bool(_POINTS_AHEAD.fullmatch(entry.strip().rstrip(_TERMINAL + ":："))) or announces(entry)


def read_tasks(sentence: str, lang: str) -> list[TaskSignal]:
    """Task signals of one user sentence (already split, trimmed; lang is "en" or "zh").

    At most one new entry (resolves=False) and at most one resolution per field. A sentence the
    language's grammar cannot read is tried with the other one when it has that language's letters
    (a code-switched "New goal: 先把…", or a language detected wrongly)."""
    return list(_read_sentence(sentence, "zh" if lang == "zh" else "en"))


@lru_cache(maxsize=8192)
def _read_sentence(sentence: str, lang: str) -> tuple[TaskSignal, ...]:
    bare = _MARKDOWN.sub("", sentence.replace("’", "'").replace("‘", "'")).strip().rstrip(_TERMINAL)
    if not bare:
        return ()
    found = _read(bare, GRAMMARS[lang], 0)
    if not found and (_LATIN if _OTHER[lang] == "en" else _CJK).search(bare):
        found = _read(bare, GRAMMARS[_OTHER[lang]], 0)
    if (
        not found
        and not is_question(bare, lang)
        and (role := read_role(bare, lang))
        and (role[0] is TaskField.OPEN or not is_hedged(bare, lang))
    ):
        # A hedge makes a report or a wait uncertain; an undecided choice is one however hedged ("not sure yet whether ...").
        found = [TaskSignal(field=role[0], entry=role[1][:MAX_ENTRY_CHARS], row="role")]
    if not found and is_question(bare, lang) and (body := labelled_open(bare, lang)):  # "Open item: do we ...?"
        found = [TaskSignal(field=TaskField.OPEN, entry=body[:MAX_ENTRY_CHARS], row="open_label")]
    if not any(signal.resolves for signal in found) and not is_question(bare, lang) and (closed := read_closure(bare, lang)):
        found.append(TaskSignal(field=closed, resolves=True, about=bare, row="role_closure"))
    # A status report whose body is a dependency ("Status on 45: it can't go out until legal signs off") is a blocker.
    return tuple(_by_role(signal, lang) for signal in found)


def _by_role(signal: TaskSignal, lang: str) -> TaskSignal:
    field = None if signal.resolves else field_by_body(signal.field, signal.entry, lang)
    return replace(signal, field=field, row=signal.row + "+role") if field else signal


def _read(text: str, g: Grammar, depth: int) -> list[TaskSignal]:
    if not g.cue.search(text.lower()):
        return []
    clean = strip_openers(g.lead.sub("", text), g.lang)
    for candidate in dict.fromkeys((text, clean)):
        labelled = _labelled(candidate, g, depth) if candidate else None
        if labelled is not None:
            return labelled
    if not clean or _asks(clean, g) or _hedged(clean, g):
        return []
    return _verbs(clean, text, g)


def _hedged(text: str, g: Grammar) -> bool:
    """An opinion, plan or condition; "whether X is still open" only sounds like one."""
    return is_hedged(text, g.lang) and not g.hedge_exempt.match(text)


def _asks(text: str, g: Grammar) -> bool:
    """A question, except a statement that opens like one ("What's left is to ...")."""
    if text.rstrip().endswith(_QUESTION_MARK):
        return True
    return is_question(text, g.lang) and not g.pseudo_cleft.match(text)


# ---- the label form ---------------------------------------------------------------------------


def _labelled(text: str, g: Grammar, depth: int) -> list[TaskSignal] | None:
    """Signals of a "<label>: <body>" sentence; None when the sentence is not one (or says nothing as one)."""
    match = g.separator.match(text)
    if not match:
        return None
    label, body = match.group("label").strip(), match.group("body").strip()
    size = _size(label, g)
    if not body or size > g.label_max:
        return None
    for row in g.labels:
        head = row.regex.fullmatch(label)
        if head:
            return _from_label(row, head, body, g, depth)
    # "Good news: X is unblocked", "We can't answer them yet: we're stuck until ...": the body says it.
    if depth < MAX_DEPTH and not g.label_guard.search(label):
        return _read(body, g, depth + 1) or None
    return None


def _from_label(row: TaskRow, head: re.Match[str], body: str, g: Grammar, depth: int) -> list[TaskSignal]:
    inner = _read(body, g, depth + 1) if depth < MAX_DEPTH else []
    if row.weak:  # "Update: the limit is now 150" is a new value, not progress; only what the body itself says counts
        if inner or not row.report or _size(body, g) < REPORT_WORDS or _asks(body, g):
            return [_joined(row.name, signal) for signal in inner]
        # "Status: 40 of 60 stores run the new till": a report of progress; "Change of plan: we launch in May": a goal.
        field = row.emits[0][0]
        entry = _entry(body, field, g)
        return [TaskSignal(field, entry, row=row.name)] if entry else []
    objects = [head.group(name).strip() for name in ("obj", "obj2", "obj3") if name in row.regex.groupindex and head.group(name)]
    asks, hedged = _asks(body, g), _hedged(strip_openers(body, g.lang), g)
    signals: list[TaskSignal] = []
    for field, resolves in row.emits:
        if resolves:
            if asks or hedged:
                continue
            about = _about(body, g) if row.about_body else "; ".join(filter(None, (_about(text, g) for text in objects)))
            entry = "" if row.about_body else clean_value(body)[:MAX_ENTRY_CHARS]
            signals.append(TaskSignal(field, entry, True, about, row.name))
            continue
        if field is not TaskField.OPEN and (hedged or asks):
            continue
        # "Stuck: we're blocked on X" shows X; a progress body is shown whole ("Progress: the loader is done and ...").
        same = next((signal for signal in inner if signal.field is field is not TaskField.PROGRESS and not signal.resolves), None)
        if same:
            signals.append(_joined(row.name, same))
            continue
        entry = _entry(f"{objects[0]}{_COLON[g.lang]}{body}" if objects and field is TaskField.BLOCKER else body, field, g)
        if not entry and field is TaskField.PROGRESS:
            # "Progress on the importer: it parses both dialects": the label says what "it" is.
            entry = _entry(f"{head.string}{_COLON[g.lang]}{body}", field, g)
        if entry:
            signals.append(TaskSignal(field, entry, row=row.name))
    # What the body says besides: its resolutions ("Progress: the login bug is fixed"), and its new entry when
    # the label itself only resolves ("The builder replied: the roof is done").
    taken = {(signal.field, signal.resolves) for signal in signals}
    resolves_only = all(resolves for _, resolves in row.emits)
    for signal in inner:
        if (signal.field, signal.resolves) in taken or not (signal.resolves or resolves_only):
            continue
        if signal.field is TaskField.PROGRESS and not signal.resolves:
            signal = TaskSignal(signal.field, _entry(body, signal.field, g) or signal.entry, row=signal.row)
        signals.append(_joined(row.name, signal))
    return signals


def _size(text: str, g: Grammar) -> int:
    """Words of an English text, characters of a Chinese one."""
    return len(text.split()) if g.lang == "en" else len(text)


def _joined(label: str, signal: TaskSignal) -> TaskSignal:
    return TaskSignal(signal.field, signal.entry, signal.resolves, signal.about, f"{label}+{signal.row}")


# ---- verb rows --------------------------------------------------------------------------------


def _verbs(clean: str, raw: str, g: Grammar) -> list[TaskSignal]:
    """New entry and resolutions of an unlabelled sentence; resolutions are also looked for before the
    openers were stripped ("We decided that ..." loses its verb to strip_openers)."""
    low, raw_low = clean.lower(), raw.lower()
    new: TaskSignal | None = None
    new_clause = ""
    resolved: dict[TaskField, list[tuple[int, str, str, str]]] = {}
    for row in g.rows:
        if not row.resolves and new is not None:
            continue
        if row.cues and not row.cues.search(raw_low if row.resolves else low):
            continue
        match = _find(row, clean, g) or (_find(row, raw, g) if row.resolves and raw != clean else None)
        if match is None:
            continue
        for field, resolves in row.emits:
            if resolves:
                resolved.setdefault(field, []).append((match.start(), _row_about(row, match, g), _group(match, "entry"), row.name))
                continue
            entry = _entry(clean if row.whole else _group(match, "entry"), field, g)
            if entry:
                new = TaskSignal(field, entry, row=row.name)
                new_clause = _entry(clean[match.start() :], field, g) if row.whole and row.search else ""
    signals = [new] if new else []
    if new and resolved and new_clause:  # "X is fixed, so now we're stuck on Y": the new blocker is the second clause
        signals = [TaskSignal(new.field, new_clause, row=new.row)]
    for field, found in resolved.items():
        found.sort()
        abouts = dict.fromkeys(about for _, about, _, _ in found if about)
        entry = next((entry for _, _, entry, _ in found if entry), "")
        rows = "+".join(dict.fromkeys(name for _, _, _, name in found))
        signals.append(TaskSignal(field, clean_value(entry)[:MAX_ENTRY_CHARS], True, "; ".join(abouts), rows))
    return signals


def _find(row: TaskRow, text: str, g: Grammar) -> re.Match[str] | None:
    """The row's first match that no guard word (a condition, a rule, reported speech) stops."""
    matches = row.regex.finditer(text) if row.search else filter(None, (row.regex.match(text),))
    for match in matches:
        cue = next(
            (match.start(name) for name in ("cue", "cue2", "cue3") if name in row.regex.groupindex and match.group(name) is not None),
            match.start(),
        )
        field = row.emits[0][0]
        kind = "resolve" if row.resolves else ("progress" if field is TaskField.PROGRESS else "new")
        # A resolution is judged within its clause ("the caterer hasn't replied, but the venue is confirmed");
        # a new entry by everything before its cue ("whenever CI is red, we're blocked on ...").
        # Words of an entry that comes first ("Getting it signed before June is the priority") are not judged.
        # A settled clause before a new entry ("now that the lease is signed, the goal is ...") is past, not a hedge.
        start = match.start() if row.resolves else _end(match, "pre")
        end = min(cue, match.start("entry")) if not row.resolves and _group(match, "entry") else cue
        if not g.guards[kind].search(text[start:end]):
            return match
    return None


def _end(match: re.Match[str], name: str) -> int:
    return max(match.end(name), 0) if name in match.re.groupindex else 0


def _group(match: re.Match[str], name: str) -> str:
    return (match.group(name) or "") if name in match.re.groupindex else ""


def _row_about(row: TaskRow, match: re.Match[str], g: Grammar) -> str:
    about, about2 = _group(match, "about").strip(), _group(match, "about2").strip()
    if about.lower() in _PRONOUN:
        return _about(about2, g)  # "we're no longer blocked on the firewall change"
    # "The landlord said yes to the dog": who resolved it and what.
    return "; ".join(filter(None, (_about(about, g), _about(about2, g))))


def _about(text: str, g: Grammar) -> str:
    about = clean_value(g.about_head.sub("", clean_value(text)))
    for _ in range(2):
        about = clean_value(g.about_tail.sub("", about))
    if not about or about.lower() in _PRONOUN or g.anaphora.fullmatch(about.lower()):
        return ""
    return about[:MAX_ENTRY_CHARS]


def _entry(text: str, field: TaskField, g: Grammar) -> str:
    """The entry as shown, or "" when what was read is no entry (a pronoun, a bare state word, a narrated wait)."""
    entry = clean_value(text)
    if field is TaskField.GOAL:
        for _ in range(2):
            entry = clean_value(g.goal_trim.sub("", entry))
    elif field is TaskField.BLOCKER:
        entry = _LEADING_THAT.sub("", entry)
    if not entry:
        return ""
    low = entry.lower()
    if g.lang == "en":
        words = low.split()
        if words[0].strip(",'") in g.bad_entry_start or low in STOP_VALUES or (len(words) == 1 and words[0] in ("it's", "that's")):
            return ""
    elif entry in g.bad_entry_start:
        return ""
    if (field is TaskField.GOAL and g.not_a_goal.match(low)) or (field is TaskField.BLOCKER and g.narrative.match(low)):
        return ""
    return entry[:MAX_ENTRY_CHARS]
