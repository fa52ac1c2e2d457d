"""The last readings of a statement, for values no table knows the shape of:

- a figure named by the acronym or code just before it ("RPM 40, PSI 12", "RPM 55 now");
- a value called new before the thing it is of ("might not make the new May 10 deadline"), an update;
- an amount, a measure, a date or a clock time that no reading of a plain statement held ("We give each
  speaker a $300 stipend", "码头那边留了 6 个泊位"), kept under what its clause is about
  (said_about.py), so that a later value of the same subject has something to replace and a question
  finds it. Only a sentence that states something: not a question, a hedge, history, a hypothesis or a
  comparison (frames.frame), not a value it denies, a story's day or what a one-off event took. A
  bare figure with no unit ("8 of 12", "season 3") names no measure and is left to the evidence. The
  value is loose: it replaces a kept one only when its message points at that one (subjects.py).
"""

import re
from dataclasses import replace

from services.memory import regex_cache
from services.memory.domain import cjk_words, discourse, frames, said_about, units
from services.memory.domain.model import VALUE_KINDS, Candidate, ItemKind, ReadContext
from services.memory.domain.quantities import digits, ends_its_phrase, qualifying, told_as_event
from services.memory.domain.statements import DIGIT, bare_number, number_candidate
from services.memory.domain.text import is_hedged, is_question, normalize_key
from services.memory.domain.typed_statements import told_as_past
from services.memory.domain.typed_values import typed_values
from services.memory.domain.value_shapes import is_year, value_type
from services.memory.lang import data
from services.memory.lang.en import quantities as en_quantities
from services.memory.lang.zh.grammar import UNITS_ZH

_CJK_NEXT = regex_cache.compile(r"[\u4e00-\u9fff]")
_CLAUSE_END = regex_cache.compile(r"[，,。；;：:！？!?]")
# An acronym or a code (two capitals at least, digits allowed: RPM, CO2, HbA1c), then its figure, maybe after "of", "at", "=".
_LABELLED = regex_cache.compile(
    r"(?<![\w#/.-])(?P<label>(?=[A-Za-z0-9]*[A-Z][A-Za-z0-9]*[A-Z])[A-Za-z][A-Za-z0-9]{1,7})\s+(?:of\s+|at\s+|is\s+|=\s*)?"
    r"(?P<value>\d+(?:\.\d+)?)(?!\d|[.,]\d|[:/%°-])(?:\s?(?P<after>[A-Za-z]+))?"
)
_NEW_WORD = regex_cache.compile(r"\b(?:new|revised|updated|latest)\s", re.IGNORECASE)
_CALLED_NEW = regex_cache.compile(r"\b(?:the|our|my|their|your|his|her)\s+(?:new|revised|updated|latest)\s+$", re.IGNORECASE)
_THING_AFTER = regex_cache.compile(r"\s+([a-z][a-z\-]{2,}(?:\s+[a-z][a-z\-]{2,})?)\b")
# Capitals that are no measure's name: time zones and the labels of a time, a money or a version.
_NOT_LABELS = frozenset(["UTC", "GMT", "EST", "PST", "CET", "BST", "AM", "PM", "USD", "EUR", "GBP", "CNY", "RMB", "PR", "ID", "OK", "TV"])
MAX_VALUES = 2  # more values in one sentence is a list or an itinerary, better kept whole as evidence
Read = tuple[tuple[Candidate, str], ...]


def figure_statements(sentence: str, clean: str, lang: str, read: Read) -> Read:
    """read with the measures named by a label (labelled_measures), and, when it holds no rule or task
    state, the typed values of a plain statement no reading holds (plain_figures)."""
    if any(c.kind in (ItemKind.RULE, ItemKind.TASK) for c, _ in read):
        return read
    read = called_new(clean, lang, labelled_measures(clean, lang, read))
    read = tuple(pair for c, row in read for pair in _paired(c, row, lang))
    if any(c.is_correction for c, _ in read):
        return read  # "from 03:30 to 01:15", "40, not 30": the sentence's other value is the old one
    # A figure in a reading's value is read; one in its key names the subject ("the Friday order is 60"); one
    # right after it in its condition qualifies it ("3% over 15 minutes").
    held = [said for c, _ in read if c.kind in VALUE_KINDS for said in (c.value, c.key)]
    qualifiers = {figure for c, _ in read if c.kind in VALUE_KINDS for figure in qualifying(c.condition, data(lang, "quantities"), lang)}
    # A sentence that states several values ("8 kW, twenty panels, $21,000 before the credit") keeps each
    # one, not only those a grammar read.
    return (
        *read,
        *(
            (c, row)
            for c, row in plain_figures(sentence, clean, lang)
            if digits(c.value) not in qualifiers and not any(_holds(v, c.value) for v in held)
        ),
    )


def _paired(candidate: Candidate, row: str, lang: str) -> Read:
    """A number whose condition holds a second figure of its measure under another condition, as two numbers."""
    if lang != "en" or candidate.kind is not ItemKind.NUMBER or not candidate.condition:
        return ((candidate, row),)
    found = en_quantities.SECOND_FIGURE.match(candidate.condition)
    if found is None or (found.group("unit") and found.group("unit").strip() != candidate.unit):
        return ((candidate, row),)
    first, second = found.group("first"), found.group("second")
    return (
        (replace(candidate, key=normalize_key(f"{candidate.key} {first}"), condition=first), row),
        (replace(candidate, key=normalize_key(f"{candidate.key} {second}"), value=found.group("value"), condition=second), row),
    )


def _holds(said: str, figure: str) -> bool:
    """Whether what a reading said holds the figure ("on the calendar for May 3 and 4" holds "May 3")."""
    said, figure = said.lower().replace(" ", ""), figure.lower().replace(" ", "")
    return bool(said) and (figure in said or said in figure)


def labelled_measures(clean: str, lang: str, read: Read) -> Read:
    """Figures named by the label just before them, an acronym or a code ("RPM 40, PSI 12", "HbA1c 48 now",
    "NEWS of 5"): a number keyed by the label, or the key of a keyless reading of the figure ("RPM 55 now"
    read as a change of something unnamed). A year ("Q3 2025") is no measure. Returns read with them."""
    if lang == "zh" or not DIGIT.search(clean) or not _LABELLED.search(clean):
        return read  # most sentences: one scan for a figure
    if is_question(clean, lang) or frames.frame(clean, lang):
        return read
    found = list(read)
    keys = {c.key.lower() for c, _ in found}
    for match in _LABELLED.finditer(clean):
        label, value = match.group("label"), match.group("value")
        if label.lower() in keys or is_year(value) or label.upper() in _NOT_LABELS:
            continue
        if match.group("after") and units.names_unit(match.group("after")):
            continue  # "RPM 18 mg" would be a measure in a unit, which the unit readers keep
        holder = next((i for i, (c, _) in enumerate(found) if c.kind in VALUE_KINDS and c.value == value), None)
        if holder is None:
            found.append((number_candidate(label.lower(), value, "", [], ReadContext(clean, lang, lang)), "labelled_measure"))
        elif not found[holder][0].key:
            found[holder] = (replace(found[holder][0], key=label.lower()), found[holder][1])
        keys.add(label.lower())
    return tuple(found)


def called_new(clean: str, lang: str, read: Read) -> Read:
    """read with each value called new before the thing it is of ("might not make the new May 10 deadline",
    "the new $450 rent") as an update of that thing, wherever the sentence goes after it, a request or a
    worry; a reading that held the value under another key gives way. (A value before its thing without
    "new", "my $60 weekly budget", is left to the other readings: kept under such short keys, it
    outranked the turns that answer questions about it in BEAM's chats.)"""
    if lang == "zh" or not _NEW_WORD.search(clean):
        return read
    found = list(read)
    for said in typed_values(clean, lang):
        start = clean.find(said)
        if not _CALLED_NEW.search(clean[:start]):
            continue
        candidate = _candidate(said, ReadContext(clean, lang, lang))
        if candidate is None or _a_year(candidate):
            continue
        thing = _THING_AFTER.match(clean[start + len(said) :])
        # The thing is the noun phrase after the value, its head last: "their Wednesday gardening club".
        words = (thing.group(1) if thing else candidate.condition).lower().split()
        # A second word in -s may be the verb ("the new 3 pm start suits everyone"): only the first is sure.
        while len(words) > 1 and (words[-1] in said_about.dropped() or words[-1].endswith("s")):
            words.pop()
        noun = " ".join(words)
        if not words or words[0] in said_about.dropped():
            continue
        found = [(c, row) for c, row in found if c.value != candidate.value]
        found.append((replace(candidate, key=noun, condition="", is_correction=True), "called_new"))
    return tuple(found)


def plain_figures(sentence: str, clean: str, lang: str) -> Read:
    """Candidates for the typed values of a plain statement nothing else read; () for any other sentence."""
    values = typed_values(clean, lang)
    if not values or len(values) > MAX_VALUES:
        return ()
    if is_question(clean, lang) or is_hedged(clean, lang) or frames.frame(clean, lang):
        return ()
    ctx = ReadContext(sentence, lang, lang)
    words = data(lang, "quantities")
    found = []
    for said in values:
        start = clean.find(said)
        candidate = _candidate(said, ctx)
        if candidate is None or discourse.negated(clean, said, lang) or told_as_past(clean, start, start + len(said), said, lang):
            continue  # a value denied, or a story's or the moment's day ("last Tuesday", "10:30 tomorrow")
        if _a_year(candidate):
            continue
        if told_as_event(clean[:start], words, lang):
            continue  # "the build took 30s": what one run took, not a value something has
        if lang == "en" and candidate.kind is ItemKind.NUMBER and not ends_its_phrase(clean[start + len(said) :], words):
            continue  # "two 24GB cards": the figure describes a thing, it is no value of it
        if said_about.about_someone_named_before(clean, said, lang):
            continue  # "They're booked for ...": whose value it is was said before, and typed_statements.py reads that
        key = _counted(clean[start + len(said) :]) if lang == "zh" and candidate.kind is ItemKind.NUMBER else ""
        key = key or said_about.subject_of(clean, said, candidate.unit, lang)
        if key and (key := normalize_key(key)):
            found.append((replace(candidate, key=key, loose=True), "figure_statement"))
    return tuple(found)


def _a_year(candidate: Candidate) -> bool:
    """ "the 2019 reports": a year names which ones, it counts nothing (an amount of money may look like one)."""
    return candidate.kind is ItemKind.NUMBER and units.dimension(candidate.unit) != "money" and is_year(candidate.value)


def _counted(after: str) -> str:
    """What a Chinese figure counts, said right after its measure word: 留了 6 个泊位 counts 泊位."""
    if not _CJK_NEXT.match(after):
        return ""
    words = cjk_words.content_words(_CLAUSE_END.split(after, 1)[0])
    return words[0] if words else ""


def _candidate(said: str, ctx: ReadContext) -> Candidate | None:
    if value_type(said) == "time":
        return Candidate(kind=ItemKind.FACT, key="", value=said, text=ctx.source, lang=ctx.lang)
    number = bare_number(said, ctx.grammar)
    if number is None or not (units.names_unit(number[1]) or (ctx.grammar == "zh" and UNITS_ZH.fullmatch(number[1]))):
        return None
    value, unit, condition = number
    return number_candidate("", value, unit, [condition], ctx)
