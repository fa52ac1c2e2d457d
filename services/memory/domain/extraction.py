"""Deterministic extraction: the durable items one user message states, read with the tables in patterns.py.

Precedence per sentence: a correction, else task state, else numbers and facts
(a number beats a fact), with a rule alongside when the sentence has a strong
rule marker ("always", "never", "no exceptions", 凡是…都要 ...). Weak rule markers ("must", "use")
only make a rule when nothing more specific was read, unless the subject is universal
("every migration must ..."). Key and value checks live in extraction_checks.py.
"""

import re
from dataclasses import replace
from functools import lru_cache

from services.memory.domain import extraction_checks as C
from services.memory.domain import patterns as P
from services.memory.domain.model import Candidate, ItemKind, TaskField
from services.memory.domain.tasks import TaskSignal, read_tasks
from services.memory.domain.text import (
    detect_lang,
    is_hedged,
    is_question,
    normalize_key,
    split_sentences,
    strip_openers,
)

MAX_PER_SENTENCE = 3
MAX_KEY_WORDS = 8
MAX_COLON_KEY_WORDS = 4
MAX_LABEL_WORDS = 8
MAX_PREAMBLE_WORDS = 14  # "Since you'll be in the invoice view anyway: ..."
MAX_RULE_KEY_CHARS = 160
# A rule's value takes up to this many following sentences of its line that spell it out.
MAX_ELABORATION = 2
MAX_RULE_CHARS = 600

RULES = {"en": P.RULES_EN, "zh": P.RULES_ZH}
FACTS = {"en": P.FACTS_EN, "zh": P.FACTS_ZH}
NUMBERS = {"en": P.NUMBERS_EN, "zh": P.NUMBERS_ZH}
CORRECTIONS = {"en": P.CORRECTIONS_EN, "zh": P.CORRECTIONS_ZH}

_DIGIT = re.compile(r"\d")
_LATIN = re.compile(r"[A-Za-z]")
_CJK = re.compile(r"[\u3400-\u9fff]")
_MARKDOWN = re.compile(r"\*\*|__|^#+\s*")
_TERMINAL = " \t.!。！…"
_POLITE = {"en": re.compile(r"^(?:please|pls|kindly)\s+", re.IGNORECASE), "zh": re.compile(r"^请(?=[^勿])")}
_NEGATIVE_MARKER = re.compile(r"never|not|n't|avoid|refrain|stop|quit|forbid|prohibit|ban|allowed|permitted|limits|不|勿|别|禁|严")
_INTRO = {
    "en": re.compile(r"^(?:it's|it is|it should be|it'll be|it will be|it was supposed to be|that's|that is|that should be|"
                     r"make it|use|go with|let's use|let's go with|we'll use|we will use|switch to|should be|rather|"
                     r"the answer is|i meant|we meant)\s+(?P<v>.+)$", re.IGNORECASE),
    "zh": re.compile(r"^(?:应该是|应该为|应为|应该用|其实是|实际上是|改用|换成|改成|是|用)\s*(?P<v>.+)$"),
}
_OLD_TAIL = {
    "en": re.compile(r"^(?P<s>.+?),?\s+(?:not|rather than|and not|instead of)\s+(?P<old>[^,]{1,40}?)$", re.IGNORECASE),
    "zh": re.compile(r"^(?P<s>.+?)[，,]?\s*(?:而)?不是(?P<old>[^，,]{1,30}?)$"),
}
_BARE_NUMBER = {
    "en": re.compile(r"^" + P._CUR + P._VAL_EN + r"(?P<tail>.*)$", re.IGNORECASE),
    "zh": re.compile(r"^" + P._CUR + P._VAL_ZH + r"(?P<tail>.*)$"),
}
# Where a value or condition may end and a statement of its own begin.
_CLAUSE = re.compile(r"\s*[,，;；]\s*|\s+(?:and|but)\s+|(?<=[\u3400-\u9fff])(?:并且|而且|同时)")



def extract(text: str) -> list[Candidate]:
    """Candidates from the text of one user message, in sentence order, without duplicates."""
    return [candidate for candidate, _ in extract_traced(text)]


def extract_traced(text: str) -> list[tuple[Candidate, str]]:
    """Like extract, with the name of the table row that produced each candidate (for tests and debugging)."""
    found: list[tuple[Candidate, str]] = []
    seen: set[tuple] = set()
    for line in text.splitlines():
        sentences = split_sentences(line)
        for index, sentence in enumerate(sentences):
            for candidate, row in _sentence(sentence)[:MAX_PER_SENTENCE]:
                if candidate.kind is ItemKind.RULE:
                    candidate = _with_elaboration(candidate, sentences[index + 1 :])
                signature = (candidate.kind, candidate.key, candidate.value, candidate.unit, candidate.condition, candidate.is_correction)
                if signature not in seen:
                    seen.add(signature)
                    found.append((candidate, row))
    return found


def _with_elaboration(rule: Candidate, following: list[str]) -> Candidate:
    """A rule keeps the sentences that spell it out ("Never run migrations from a laptop. Staging
    migrations go through the migrate-staging job."): up to the next sentence that states a rule
    or task state of its own."""
    extra: list[str] = []
    for sentence in following[:MAX_ELABORATION]:
        if any(c.kind in (ItemKind.RULE, ItemKind.TASK) for c, _ in _sentence(sentence)) or is_question(sentence, rule.lang):
            break
        if len(sentence.split()) >= 3 or _CJK.search(sentence):  # not "Thanks!" or "Full stop."
            extra.append(sentence)
    if not extra:
        return rule
    text = " ".join([rule.text, *extra])[:MAX_RULE_CHARS]
    value = " ".join([rule.value.rstrip(_TERMINAL) + ".", *extra])[:MAX_RULE_CHARS]
    return replace(rule, value=value, text=text)


@lru_cache(maxsize=8192)
def _sentence(sentence: str) -> tuple[tuple[Candidate, str], ...]:
    """All candidates of one sentence; cached, since hosts repeat short sentences ("ok, continue") a lot."""
    return tuple(_read_sentence(sentence))


def _read_sentence(sentence: str) -> list[tuple[Candidate, str]]:
    lang = detect_lang(sentence)
    bare = _MARKDOWN.sub("", sentence.replace("’", "'")).strip().rstrip(_TERMINAL)
    clean = strip_openers(bare, lang)
    if not clean:
        return []
    # Task state first: a labelled open question is one even though it ends with "?", and a
    # sentence that sets a goal or raises a blocker says that, not a fact.
    signals = read_tasks(bare, lang)
    entries = [_task_candidate(signal, sentence, lang) for signal in signals if not signal.resolves]
    resolutions = [_task_candidate(signal, sentence, lang) for signal in signals if signal.resolves]
    if entries or is_question(clean, lang):
        return entries + resolutions
    found = _read(clean, sentence, lang, lang)
    other = "en" if lang == "zh" else "zh"
    if not found and _LATIN.search(clean) and _CJK.search(clean):
        found = _read(strip_openers(bare, other), sentence, lang, other)  # "Goal: 完成迁移" uses the other grammar
    return found + resolutions


def _task_candidate(signal: TaskSignal, source: str, lang: str) -> tuple[Candidate, str]:
    entry = signal.entry or signal.about
    if signal.resolves:
        key = ""
    elif signal.field is TaskField.GOAL:
        key = "task:goal"
    else:
        key = f"task:{signal.field.value}:{normalize_key(entry)[:MAX_RULE_KEY_CHARS]}"
    candidate = Candidate(kind=ItemKind.TASK, key=key, value=entry, text=source, lang=lang, task_field=signal.field,
                          resolves=signal.resolves, about=signal.about)
    return candidate, signal.row


def _read(clean: str, source: str, lang: str, grammar: str) -> list[tuple[Candidate, str]]:
    """Apply one language's tables to a cleaned sentence; lang labels the candidates."""
    ctx = (source, lang, grammar)
    found = _read_statement(clean, ctx)
    if found:
        return found
    label, body = _label_split(clean, grammar)
    if not body:
        return []
    # "Since you'll be in that view anyway: <statement>", "Memory limits: no more than 2 GB per pod",
    # "Batch size, take three: turns out it's 320": the label is a preamble, or the key of what follows.
    found = _read_statement(body, ctx)
    key = C.store_key(label, grammar) if C.good_key(label, grammar, MAX_COLON_KEY_WORDS + 2) and not C.announces(label, grammar) else ""
    if key and not any(c.kind in (ItemKind.FACT, ItemKind.NUMBER) for c, _ in found):
        measure = _measure(body, key, ctx)
        found += [measure] if measure else []
    if key:
        found = [(replace(c, key=key) if not c.key and c.kind in (ItemKind.FACT, ItemKind.NUMBER) else c, row) for c, row in found]
    return found


def _read_statement(clean: str, ctx) -> list[tuple[Candidate, str]]:
    corrected, residual = _correction(clean, ctx)
    if corrected:
        return corrected
    clean = residual or clean
    statements = _statements(clean, ctx)
    rule = _rule(clean, ctx)
    if rule is None:
        return statements
    (candidate, row), body, weak, negative = rule
    if weak and statements:
        return statements
    if not statements and not negative and body != clean:
        statements = _statements(body, ctx)  # "Always use pnpm for installs" also states installs = pnpm
    if residual:  # "Actually, reply in French from now on": a rule that replaces one
        candidate = replace(candidate, is_correction=True)
    return [(candidate, row)] + statements


# "<label>: <body>" with a short label; an aside such as ", take three" or ", again" is not part of it.
_LABEL = {
    "en": re.compile(r"^(?P<label>[^:;]{2,80}?)(?:,\s*(?:take|round|attempt|try|version|part)\s+\w+|,\s*again)?\s*[:：]\s+(?P<body>\S.*)$",
                     re.IGNORECASE),
    "zh": re.compile(r"^(?P<label>[^:：；;，,]{1,20}?)\s*[:：]\s*(?P<body>\S.*)$"),
}


def _label_split(text: str, grammar: str) -> tuple[str, str]:
    match = _LABEL[grammar].match(text)
    if not match or len(match.group("label").split()) > MAX_PREAMBLE_WORDS:
        return "", ""
    return match.group("label").strip(), strip_openers(match.group("body"), grammar)


def _measure(body: str, key: str, ctx):
    """The one measured value of a label's body, for the label: "Breach notice: the vendor tells us
    within 48 hours of becoming aware" -> breach notice = 48 hours (within; of becoming aware)."""
    source, lang, grammar = ctx
    for match in _MEASURE[grammar].finditer(body):
        unit, condition = _unit(match.group("tail"), grammar, match.group("cur") or "", "", match.group("value"))
        if unit or match.group("cmp"):
            break  # the first measured value; a bare number in passing is not what the label names
    else:
        return None
    comparator = _comparator("", (match.group("cmp") or "").strip().lower())
    parts = [comparator, condition]
    candidate = Candidate(kind=ItemKind.NUMBER, key=key, value=" ".join(match.group("value").split()), text=source, lang=lang,
                          unit=unit, condition="; ".join(part for part in parts if part))
    return candidate, "label_measure"


_MEASURE = {
    "en": re.compile(r"(?:(?<![\w.])|^)(?:(?P<cmp>" + P._CMP_WORDS_EN + r")\s+)?" + P._CUR + P._VAL_EN + r"(?P<tail>.*)$", re.IGNORECASE),
    "zh": re.compile(r"(?:(?P<cmp>" + P._CMP_WORDS_ZH + r")\s*)?" + P._CUR + P._VAL_ZH + r"(?P<tail>.*)$"),
}


# Table prefilters (the union of the rows' needles), so most tables are never run: an English needle
# that is a word (or starts a phrase) is looked up in the sentence's word set with the usual endings
# ("block" also finds "blocked"); other needles are substrings. A prefilter may pass a non-match, never stop a match.
_NEEDLE_WORD = re.compile(r"[a-z]+(?: [a-z]+)*")
_WORD = re.compile(r"[a-z]+")
_ENDINGS = ("", "s", "d", "ed", "ing", "er", "ers", "ion", "ions")


def _table_filter(rows) -> tuple[frozenset[str], tuple[str, ...]] | None:
    if any(not row.needles for row in rows):
        return None
    needles = {needle for row in rows for needle in row.needles}
    as_words = {n for n in needles if rows[0].lang == "en" and _NEEDLE_WORD.fullmatch(n.strip())}
    words = frozenset(n.split()[0] + ending for n in as_words for ending in _ENDINGS)
    return words, tuple(sorted(needles - as_words, key=len))


_TABLE_FILTERS = {id(rows): _table_filter(rows) for t in (RULES, FACTS, NUMBERS, CORRECTIONS) for rows in t.values()}


@lru_cache(maxsize=1024)
def _features(text: str) -> tuple[str, frozenset[str]]:
    low = text.lower()
    return low, frozenset(_WORD.findall(low))


def _rows(table: dict, grammar: str, text: str):
    """The table's rows, or none when the text has none of the table's needles.
    (Row by row, the anchored regexes fail faster than a per-row prefilter would.)"""
    rows = table[grammar]
    prefilter = _TABLE_FILTERS[id(rows)]
    if prefilter is None:
        return rows
    low, words = _features(text)
    needle_words, substrings = prefilter
    return rows if not needle_words.isdisjoint(words) or any(needle in low for needle in substrings) else ()


# ---- rules and tasks ------------------------------------------------------------

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


def _rule(clean: str, ctx):
    source, lang, grammar = ctx
    for row in _rows(RULES, grammar, clean):
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
        return (candidate, row.name), body, weak, bool(_NEGATIVE_MARKER.search(match.group("marker").lower()))
    return None


def _task(clean: str, ctx) -> bool:
    """Whether the sentence states task state of its own (a goal, progress, a blocker, an open item)."""
    return any(not signal.resolves for signal in read_tasks(clean, ctx[1]))


# ---- facts and numbers ----------------------------------------------------------

# "If you need the errors, the Sentry project is X": the clause says when the fact is useful, not when it holds.
_NEED_CLAUSE_EN = re.compile(
    r"^(?:if|in case|whenever|when)\s+(?:you|we|anyone|someone|somebody)\s+(?:ever\s+)?(?:need|want|have to|go looking for|are looking for|look for)\b[^,]{0,60},\s*",
    re.IGNORECASE)


def _statements(text: str, ctx, depth: int = 0) -> list[tuple[Candidate, str]]:
    """Numbers, else facts, stated by text; a trailing clause that is a statement of its own is read too."""
    grammar = ctx[2]
    text = strip_openers(text, grammar)
    if grammar == "en":
        text = _NEED_CLAUSE_EN.sub("", text)
    if not text or is_hedged(text, grammar):
        return []
    found = (_number(text, ctx) if _DIGIT.search(text) else None) or _fact(text, ctx)
    if found is None:
        return []
    candidate, row, rest = found
    more = _statements(rest, ctx, depth + 1) if rest and depth < MAX_PER_SENTENCE - 1 else []
    return [(candidate, row)] + more


def _split_clauses(text: str, ctx) -> tuple[str, str]:
    """Cut text before the first later clause that states something itself: (kept, rest)."""
    for separator in _CLAUSE.finditer(text):
        rest = text[separator.end() :]
        part = strip_openers(_CLAUSE.split(rest, maxsplit=1)[0], ctx[2])
        if ctx[2] == "en" and P.QUALIFIER_EN.match(part):
            continue  # "..., Bonferroni-corrected over 5 arms" qualifies the value before it
        if part and ((_DIGIT.search(part) and _number(part, ctx)) or _fact(part, ctx)):
            return text[: separator.start()], rest
    return text, ""


def _number(text: str, ctx):
    source, lang, grammar = ctx
    for row in _rows(NUMBERS, grammar, text):
        match = row.regex.match(text)
        if not match:
            continue
        groups = match.groupdict()
        key = _number_key(groups, row, grammar)
        if not key:
            continue
        verb = (groups.get("verb") or "").strip().lower()
        comparator = (groups.get("cmp") or "").strip().lower()
        tail, rest = _split_clauses(groups.get("tail") or "", ctx)
        unit, condition = _unit(tail, grammar, groups.get("cur") or "", groups.get("unit") or "", match.group("value"))
        comparator = _comparator(verb, comparator)
        parts = [_clean_condition(groups.get("pre") or ""), comparator, groups.get("per") or "", condition]
        candidate = Candidate(
            kind=ItemKind.NUMBER, key=key, value=" ".join(match.group("value").split()),
            text=source, lang=lang, unit=unit, condition="; ".join(part for part in parts if part),
        )
        return candidate, row.name, rest
    return None


def _number_key(groups: dict, row, grammar: str) -> str:
    """The key a number row read, with a "Label:" before the statement joined in ("p99" + "latency budget for X")."""
    raw = groups.get("key") or ""
    if not C.good_key(raw, grammar, MAX_KEY_WORDS):
        return ""
    key = C.store_key(raw, grammar, row.key_suffix)
    label = groups.get("label")
    if label is None:
        return key
    if not C.good_key(label, grammar, MAX_LABEL_WORDS) or C.announces(label, grammar):
        return ""
    label = C.store_key(label, grammar)
    if set(key.split()) <= set(label.split()):
        return label
    return key if set(label.split()) <= set(key.split()) else f"{key} {label}"


def _comparator(verb: str, comparator: str) -> str:
    if verb in P.IMPLIED_COMPARATOR and comparator in P.NEUTRAL_COMPARATORS:
        comparator = P.IMPLIED_COMPARATOR[verb]
    if comparator in P.NEUTRAL_COMPARATORS:
        comparator = ""
    if re.search(r"\b(?:not|never)\b|n't", verb):
        comparator = ("not " + comparator).strip()
    elif verb.startswith("不"):
        comparator = verb + comparator  # 不能超过: the negation belongs to the comparator
    return comparator


_MULTIPLIED = re.compile(r"^\s*((?:(?!(?:as|for|of|on|in|at|per|to|with|when|if|unless|and|or|but)\b)[A-Za-z][\w\-]*\s*){1,3})", re.IGNORECASE)


def _unit(tail: str, grammar: str, currency: str, given: str, value: str = "") -> tuple[str, str]:
    """(unit, condition) from the text after a value; a currency sign is the unit unless "/month" follows.
    A multiple's unit is what it multiplies: "2x annual fees"."""
    unit, rest = given, tail
    multiplied = _MULTIPLIED.match(tail) if value[-1:] in ("x", "×", "X") and grammar == "en" else None
    if multiplied and not unit:
        unit, rest = multiplied.group(1).strip(), tail[multiplied.end():]
    if not unit:
        stripped = tail.lstrip() if grammar == "zh" else (tail[1:] if tail[:1] == " " else tail)
        match = (P.UNITS_ZH.match(stripped) if grammar == "zh" else None) or P.UNIT_EN.match(stripped)
        word = match.group() if match else ""
        if word and word.lower() not in P.UNIT_STOP_WORDS and not (match.end() < len(stripped) and stripped[match.end()].isalnum()
                                                                   and not _CJK.match(stripped[match.end()])):
            unit, rest = word, stripped[match.end():]
    if currency:
        unit, rest = (currency + unit, rest) if unit.startswith("/") else (currency, (unit + " " + rest) if unit else rest)
    return unit, _clean_condition(_trim_condition(rest, grammar))


def _clean_condition(text: str) -> str:
    text = re.sub(r"[()（）]", " ", text)
    text = " ".join(text.split()).strip(" ,;:，；：、.。!！")
    return "" if text in ("了", "的", "吧") else text


def _fact(text: str, ctx):
    source, lang, grammar = ctx
    for row in _rows(FACTS, grammar, text):
        match = row.regex.match(text)
        if not match:
            continue
        colon = row.name.endswith("colon")
        limit = MAX_COLON_KEY_WORDS if colon else MAX_KEY_WORDS
        raw_key = match.group("key") or ""
        said, rest = _split_clauses(match.group("value"), ctx)
        value = C.clean_value(trim_value(said, grammar))
        if grammar == "en" and not C.good_value(value, grammar) and "," in value:
            value = C.clean_value(value.split(",", 1)[0])  # a long value's first part is what it is
        role = (match.groupdict().get("role") or "").strip()
        suffix = " ".join(part for part in (P.ROLE_SUFFIX.get(role.lower(), role.lower()), row.key_suffix) if part)
        if raw_key and not C.good_key(raw_key, grammar, limit) or not C.good_value(value, grammar):
            continue
        if colon and (C.announces(raw_key, grammar) or C.prose(value, grammar) or C.hedged(said)):
            continue  # "Rule of thumb: ...", 先定个规矩：... announce a rule; "Flaky test: passes locally, fails in CI" describes
        key = C.store_key(raw_key, grammar, suffix)
        if not C.good_key(key, grammar, limit + 2):
            continue
        candidate = Candidate(kind=ItemKind.FACT, key=key, value=value, text=source, lang=lang)
        return candidate, row.name, rest
    return None


# ---- corrections ------------------------------------------------------------------

def _correction(clean: str, ctx, depth: int = 0) -> tuple[list[tuple[Candidate, str]], str]:
    """(candidates, residual): residual is the sentence minus a correction marker that led nowhere."""
    grammar = ctx[2]
    residual = ""
    if depth > 1:
        return [], ""
    for row in _rows(CORRECTIONS, grammar, clean):
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
            key = C.store_key(key, grammar) if key else _shared_words(old, new, grammar)
            subject = (groups.get("subject") or "").strip()
            if not key and subject and C.good_key(subject, grammar, MAX_KEY_WORDS):
                key = C.store_key(subject, grammar)  # "the standup moved from 9:30 to 10:15"
            candidate = _from_value(new, key, old, ctx)
        else:
            stmt = " ".join((groups["stmt"] + " " + (groups.get("stmt2") or "")).split())
            stmt, old = _split_old(stmt, old, grammar)
            candidate = _from_statement(stmt, old, row.weak, ctx, depth)
            if candidate is None and match.start("stmt") > 0 and not residual:
                residual = stmt
        if candidate is None:
            continue
        found = [(candidate, row.name)]
        if not candidate.key:
            rule = _rule(clean, ctx)  # "use pnpm, not npm" is also a standing preference
            found += [rule[0]] if rule else []
        return found, ""
    return [], residual


def _split_old(text: str, old: str, grammar: str) -> tuple[str, str]:
    match = _OLD_TAIL[grammar].match(text.strip())
    if match and not old:
        return match.group("s"), match.group("old")
    return text, old


def _from_statement(stmt: str, old: str, weak: bool, ctx, depth: int = 0) -> Candidate | None:
    grammar = ctx[2]
    stmt = strip_openers(stmt, grammar)
    nested, _ = _correction(stmt, ctx, depth + 1)  # "Heads up: we moved from X to Y"
    if nested and nested[0][0].kind in (ItemKind.FACT, ItemKind.NUMBER):
        first = nested[0][0]
        return replace(first, is_correction=True, corrects=first.corrects or _old_value(old, grammar))
    statements = _statements(stmt, ctx)
    if statements:
        return replace(statements[0][0], is_correction=True, corrects=_old_value(old, grammar))
    # "512 blows up on the small nodes, make it 256": the new value is often in the last clause.
    for clause in [stmt, *reversed(_CLAUSE.split(stmt)[1:])]:
        intro = _INTRO[grammar].match(clause.strip())
        if intro:
            return _from_value(intro.group("v"), "", old, ctx)
    if weak or _task(stmt, ctx) or _rule(stmt, ctx):
        return _loose(stmt, old, ctx) if weak and not _task(stmt, ctx) and not _rule(stmt, ctx) else None
    # A bare value is a few words and no clause: "deploys go through the green pipeline" is a
    # statement no table read, not a new value for whatever was said last.
    short = len(stmt.split()) <= 4 and not _CLAUSE_VERB_EN.search(stmt) if grammar == "en" else len(stmt) <= 20
    first = stmt.split()[0].lower() if stmt.split() else ""
    if short and first not in C.BAD_KEY_WORDS and not is_hedged(stmt, grammar):
        return _from_value(stmt, "", old, ctx)  # "scratch that, eu-central-1"
    return _loose(stmt, old, ctx)


# A value that names itself: a number with its unit, an identifier (eu-west-1, v2.3, PRC-4821), a
# clock time, a Capitalized name, a multiple (3x). A parenthesis right after it stays with it.
_LOOSE_VALUE = re.compile(
    r"(?:[$€£¥])?\d[\d,.]*(?:e-?\d+)?\s?(?:[x×%]|[A-Za-z]{1,12}\b|[\u4e00-\u9fff]{1,2})?(?:\s?\([^)]{1,30}\))?"
    r"|\b[A-Za-z][\w]*[-_./:][\w\-./:]*\w(?:\s?\([^)]{1,30}\))?"
    r"|(?<![.!?]\s)(?<!^)\b(?-i:[A-Z])[a-z]+(?:\s+(?-i:[A-Z])[a-z]+)*"
)


def _loose(stmt: str, old: str, ctx) -> Candidate | None:
    """An update marker and no sentence the tables read: the first value that names itself and is
    not the old one, to be matched against what the message points at (see subjects.py)."""
    if is_hedged(stmt, ctx[2]):
        return None
    old_norm = old.lower()
    for match in _LOOSE_VALUE.finditer(stmt):
        value = C.clean_value(match.group())
        if value and (not old_norm or value.lower() not in old_norm) and not value.lower().startswith(("i ", "we ")):
            if value[:1].isdigit() or value[:1] in "$€£¥":
                value = trim_value(stmt[match.start():], ctx[2])  # a number keeps its unit and condition
            candidate = _from_value(value, "", old, ctx)
            return replace(candidate, loose=True) if candidate else None
    return None


def _shared_words(old: str, new: str, grammar: str) -> str:
    """A key for "from A to B" when the sentence names none: the words both values share
    ("Postgres" of "Postgres 14" and "Postgres 16"), or the old value itself."""
    if grammar == "en":
        shared = [word for word, other in zip(old.split(), new.split()) if word.lower() == other.lower() and not word[:1].isdigit()]
        return C.store_key(" ".join(shared), grammar) if shared and C.good_key(" ".join(shared), grammar, MAX_KEY_WORDS) else ""
    prefix = ""
    for a, b in zip(old, new):
        if a != b:
            break
        prefix += a
    return normalize_key(prefix) if len(prefix) >= 2 else ""


_CLAUSE_VERB_EN = re.compile(
    r"\b(?:is|are|was|were|be|go|goes|went|run|runs|use|uses|used|need|needs|has|have|had|do|does|did|will|would|should|must|can|could)\b",
    re.IGNORECASE,
)
# A clause after the corrected value is the speaker's aside: "it's 8am, I checked the booking".
_TRAILING_CLAUSE_EN = re.compile(r",\s+(?:i|we|you|he|she|they)\b.*$", re.IGNORECASE)
# Where a value ends and the speaker's comment on it begins: "Postgres 16 over the weekend, so
# MERGE works now", "Friday at 3:40 pm, same place", "eu-central-1 (Frankfurt); latency matters".
_VALUE_END_EN = re.compile(
    r"\s*(?:;|\s[—–]\s|,\s+(?=(?:so|but|and|because|since|as|which|who|that's|that\s+is|this\s+is|it's|it\s+is|same|then|though|although|"
    r"after|before|while|i|we|you|he|she|they|it|there|nothing|everything|nobody|everyone|anything|even|especially|particularly|mostly|"
    r"mainly|except|apart|not|no)\b|[^,\s]+(?:\s+[^,\s]+)?\s+(?:is|are|was|were|isn't|aren't|wasn't|has|have|had|will|won't)\b)"
    r"|\s+(?:so|because|since)\s).*$",
    re.IGNORECASE)
_VALUE_ADVERB_EN = re.compile(
    r"\s+(?:over the weekend|last (?:week|weekend|night|month|year)|yesterday|today|tonight|this (?:morning|afternoon|evening|week|month)|"
    r"earlier|recently|now|already|again|instead|as well|too|anymore|for now|from now on|going forward|"
    r"on (?:mon|tues|wednes|thurs|fri|satur|sun)day|(?:this|last|next) (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|sprint|quarter))$",
    re.IGNORECASE)
# A clause after a condition that says something of its own ("finance tightened it on Monday") ends it;
# one that restricts the value ("but only once the customer confirms") stays.
_CONDITION_END_EN = re.compile(
    r"(?:;|,\s+(?!.*\b(?:only|once|unless|except|if|when|until|provided|as long as|included|excluded|including|excluding)\b)"
    r"(?=(?:so|and|because|since|which|that's|it's|i|we|you|he|she|they|it|there)\b|(?:the\s+)?[a-z]+\s+(?:[a-z]+ed|is|are|was|were|has|have|had|said|says|wants|asked|told)\b)).*$",
    re.IGNORECASE)


def trim_value(value: str, grammar: str) -> str:
    """The value without the speaker's comment after it."""
    if grammar != "en":
        return value
    value = _VALUE_END_EN.sub("", value)
    while True:
        shorter = _VALUE_ADVERB_EN.sub("", value)
        if shorter == value:
            return value
        value = shorter


def _trim_condition(condition: str, grammar: str) -> str:
    return _CONDITION_END_EN.sub("", condition) if grammar == "en" else condition


def _from_value(new: str, key: str, old: str, ctx) -> Candidate | None:
    source, lang, grammar = ctx
    new = C.clean_value(trim_value(_TRAILING_CLAUSE_EN.sub("", new), grammar) if grammar == "en" else new)
    if not new:
        return None
    number = _bare_number(new, grammar)
    corrects = _old_value(old, grammar)
    if number:
        value, unit, condition = number
        return Candidate(kind=ItemKind.NUMBER, key=key, value=value, text=source, lang=lang, unit=unit, condition=condition,
                         corrects=corrects, is_correction=True)
    return Candidate(kind=ItemKind.FACT, key=key, value=new, text=source, lang=lang, corrects=corrects, is_correction=True)


def _bare_number(text: str, grammar: str) -> tuple[str, str, str] | None:
    match = _BARE_NUMBER[grammar].match(text.strip())
    if not match:
        return None
    unit, condition = _unit(match.group("tail"), grammar, match.group("cur") or "", "", match.group("value"))
    return " ".join(match.group("value").split()), unit, condition


def _old_value(old: str, grammar: str) -> str:
    """The replaced value as the store holds it: the number alone for "not 120 ms"."""
    old = C.clean_value(old)
    number = _bare_number(old, grammar) if old else None
    return number[0] if number else old
