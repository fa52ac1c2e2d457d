"""Facts and numbers in one clause: the key, the value, a number's unit and condition, and where a
value ends and the speaker's comment on it begins."""

import re
from collections.abc import Mapping

from services.memory import regex_cache
from services.memory.domain import extraction_checks as C
from services.memory.domain import patterns as P
from services.memory.domain.model import Candidate, ItemKind, ReadContext
from services.memory.domain.patterns_core import PatternRow
from services.memory.domain.tables import FACTS, NUMBERS, rows
from services.memory.domain.text import is_hedged, strip_openers
from services.memory.domain.value_shapes import value_type
from services.memory.lang.en import clauses as en_clauses
from services.memory.lang.en.clauses import CONDITION_END as _CONDITION_END_EN
from services.memory.lang.en.clauses import COUNT_WORDS as _COUNT_WORDS
from services.memory.lang.en.clauses import LIST_SPLIT as _LIST_SPLIT
from services.memory.lang.en.clauses import LISTED as _LISTED_EN
from services.memory.lang.en.clauses import MULTIPLIED as _MULTIPLIED
from services.memory.lang.en.clauses import NEED_CLAUSE as _NEED_CLAUSE_EN
from services.memory.lang.en.clauses import OF_THING as _OF_THING
from services.memory.lang.en.clauses import PLACE as _PLACE_EN
from services.memory.lang.en.clauses import VALUE_ADVERB as _VALUE_ADVERB_EN
from services.memory.lang.en.clauses import VALUE_END as _VALUE_END_EN
from services.memory.lang.zh import clauses as zh_clauses
from services.memory.lang.zh import quantities as zh_quantities

MAX_PER_SENTENCE = 4
MAX_KEY_WORDS = 8
MAX_COLON_KEY_WORDS = 4
MAX_LABEL_WORDS = 8
DIGIT = regex_cache.compile(r"\d")
_CJK = regex_cache.compile(r"[\u3400-\u9fff]")
_BARE_NUMBER = {
    "en": regex_cache.compile(r"^" + P.CUR + P.VAL_EN + r"(?P<tail>.*)$", re.IGNORECASE),
    "zh": regex_cache.compile(r"^" + P.CUR + P.VAL_ZH + r"(?P<tail>.*)$"),
}
# Where a value or condition may end and a statement of its own begin.
CLAUSE = regex_cache.compile(rf"\s*(?:[，;；]|,(?!\d))\s*|\s+(?:{en_clauses.JOINERS})\s+|(?<=[\u3400-\u9fff])(?:{zh_clauses.JOINERS})")

# A measured value ("no more than 2 GB per pod", "within 48 hours"): a label before it is the key of a number.
_MEASURED = {
    "en": regex_cache.compile(
        r"(?:(?:^|\s)(?:"
        + P.CMP_WORDS_EN
        + r")\s+"
        + P.CUR
        + r"|(?<![\w.:/\-]))"
        + P.VAL_EN
        + r"\s?(?!(?:"
        + "|".join(sorted(P.UNIT_STOP_WORDS))
        + r")\b)[a-z%]{1,12}\b",
        re.IGNORECASE,
    ),
    "zh": regex_cache.compile(P.VAL_ZH + r"\s*(?:" + P.UNITS_ZH.pattern + ")"),
}


# "Olu says finance defines churn at 45 days", 陈思远说…: a statement the user relays is theirs to remember.
_REPORTED = {"en": en_clauses.REPORTED, "zh": zh_clauses.REPORTED}
# Where a later clause may state what the first does not ("Brennan's changed their route, so fish
# deliveries are Wednesday and Friday now"; "their alert fires when p95 latency is over 750 ms").
_LATER_CLAUSE = regex_cache.compile(en_clauses.LATER_CLAUSE + r"|[，；]\s*", re.IGNORECASE)


def statements(text: str, ctx: ReadContext, depth: int = 0) -> list[tuple[Candidate, str]]:
    """Numbers, else facts, stated by text; a trailing clause that is a statement of its own is read too,
    and when the first clause states nothing, the first later clause that does."""
    grammar = ctx.grammar
    text = _REPORTED[grammar].sub("", strip_openers(text, grammar))
    if grammar == "en":
        text = _NEED_CLAUSE_EN.sub("", text)
    if not text or is_hedged(text, grammar):
        return []
    found = (_number(text, ctx) if DIGIT.search(text) else None) or _fact(text, ctx)
    if found is None:
        # A label's clauses are the label path's to read (extraction._read): "Batch size, take three: ..."
        return _later_clauses(text, ctx) if not depth and ":" not in text and "：" not in text else []
    candidate, row, rest = found
    more = statements(rest, ctx, depth + 1) if rest and depth < MAX_PER_SENTENCE - 1 else []
    return [(candidate, row), *more]


_NAMING = regex_cache.compile(r"\d|[A-Za-z]\w*[_./:\-]\w|\b[A-Z][\w]*[A-Z0-9]|(?<=\s)[A-Z][a-z]+|[\u3400-\u9fff]")


def _later_clauses(text: str, ctx: ReadContext) -> list[tuple[Candidate, str]]:
    """What the clauses after an empty first one state, each read on its own ("we're on X, warehouse
    Y for prod, dbt-core 1.7.9, repo is Z"), up to MAX_PER_SENTENCE."""
    cuts = list(_LATER_CLAUSE.finditer(text))
    found: list[tuple[Candidate, str]] = []
    for index, cut in enumerate(cuts):
        end = cuts[index + 1].start() if index + 1 < len(cuts) else len(text)
        # Only values that name something (a number, an identifier, a name): a clause of chat
        # ("..., it was lovely") is no setting.
        found += [(c, row) for c, row in statements(text[cut.end() : end], ctx, depth=MAX_PER_SENTENCE - 1) if _NAMING.search(c.value)]
        if len(found) >= MAX_PER_SENTENCE:
            break
    return found[:MAX_PER_SENTENCE]


def split_clauses(text: str, ctx: ReadContext) -> tuple[str, str]:
    """Cut text before the first later clause that states something itself: (kept, rest)."""
    for separator in CLAUSE.finditer(text):
        rest = text[separator.end() :]
        part = strip_openers(CLAUSE.split(rest, maxsplit=1)[0], ctx.grammar)
        if ctx.grammar == "en" and P.QUALIFIER_EN.match(part):
            continue  # "..., Bonferroni-corrected over 5 arms" qualifies the value before it
        if part and ((DIGIT.search(part) and _number(part, ctx)) or _fact(part, ctx)):
            return text[: separator.start()], rest
    return text, ""


def number_candidate(key: str, value: str, unit: str, conditions: list[str], ctx: ReadContext, *, is_correction: bool = False) -> Candidate:
    """A number as read: its value with spaces normalised, the non-empty condition parts joined by "; "."""
    return Candidate(
        kind=ItemKind.NUMBER,
        key=key,
        value=" ".join(value.split()),
        text=ctx.source,
        lang=ctx.lang,
        unit=unit,
        condition="; ".join(part for part in conditions if part),
        is_correction=is_correction,
    )


def _number(text: str, ctx: ReadContext) -> tuple[Candidate, str, str] | None:
    """(candidate, row name, the rest of the sentence after its value) of the first number row that reads text."""
    grammar = ctx.grammar
    for row in rows(NUMBERS, grammar, text):
        match = row.regex.match(text)
        if not match:
            continue
        groups = match.groupdict()
        key, place = _number_key(groups, row, grammar)
        if not key:
            continue
        if value_type(match.group("value") + (groups.get("tail") or "")[:_TIME_TAIL]) == "time":
            continue  # "收货改成7点半", "moved to 3 pm": a clock time or a date is a fact of time, not a figure
        verb = (groups.get("verb") or "").strip().lower()
        tail, rest = split_clauses(groups.get("tail") or "", ctx)
        value, tail = _with_multiplier(match.group("value"), tail, grammar, money=bool(groups.get("cur")))
        unit, condition = read_unit(tail, grammar, groups.get("cur") or "", groups.get("unit") or "", value)
        compared = comparator(verb, (groups.get("cmp") or "").strip().lower())
        if unit not in SHARE_UNITS:  # "12% of revenue" is a share of revenue, not a measure of it
            key, condition = _measured_thing(key, condition, grammar)
        parts = [
            clean_condition(groups.get("pre") or ""),
            compared,
            groups.get("per") or "",
            condition,
            place or _scope(key, condition, grammar),
        ]
        # "raise the timeout to 60s" replaces the timeout there was
        candidate = number_candidate(key, value, unit, parts, ctx, is_correction=verb in P.UPDATE_VERBS)
        return candidate, row.name, rest
    return None


SHARE_UNITS = ("%", "‰", "percent", "per cent", "pct")
# Enough of what follows a figure to tell a clock time or a date ("7点半", "3 pm", "5月") from a measure.
_TIME_TAIL = 4


def _with_multiplier(value: str, tail: str, grammar: str, money: bool = False) -> tuple[str, str]:
    """A figure's multiplier is part of the value as typed ("18 万", "9.6万", "$3.1M", "700k"), not a condition;
    a lower-case "m" only after a currency sign ("$40m"): "40m" of cable is forty metres."""
    if grammar == "zh" and (multiplier := _MULTIPLIER_ZH.match(tail)) and not tail.lstrip().startswith(zh_quantities.UNITS_OF_MULTIPLIERS):
        return value + multiplier.group(), tail[multiplier.end() :]
    if grammar == "en" and (multiplier := _MULTIPLIER_EN.match(tail)) and (money or multiplier.group() != "m"):
        return value + multiplier.group(), tail[multiplier.end() :]
    return value, tail


# Written against the figure only: "3.1M", "700k", "2bn" ("3 m" is three metres).
_MULTIPLIER_EN = regex_cache.compile(r"(?:[kKmM]|bn|mn)(?![\w°/])")
_MULTIPLIER_ZH = regex_cache.compile(r"\s?(?:" + "|".join(sorted(zh_quantities.MULTIPLIERS, key=lambda m: (-len(m), m))) + ")")
# A scope in the key ("diff on fct_rides", "p95 for GET /invoices", 高管看板的…) is also a condition of the number.
_SCOPE = {"en": en_clauses.SCOPE, "zh": zh_clauses.SCOPE}


def _measured_thing(key: str, condition: str, grammar: str) -> tuple[str, str]:
    match = _OF_THING.match(condition) if grammar == "en" else None
    if not match:
        return key, condition
    thing = match.group("thing").strip()
    rest = condition[match.end() :].strip(" ,;")
    return (f"{key} {thing}" if thing.lower() not in key else key), rest


def _scope(key: str, condition: str, grammar: str) -> str:
    match = _SCOPE[grammar].search(key) if grammar == "en" else _SCOPE[grammar].match(key)
    scope = (match.group() if grammar == "en" else match.group("scope")) if match else ""
    return scope if scope and scope.lower() not in condition.lower() else ""


def _number_key(groups: Mapping[str, str | None], row: PatternRow, grammar: str) -> tuple[str, str]:
    """(key, place): the key a number row read, with a "Label:" before the statement joined in
    ("p99" + "latency budget for X"); place is a phrase cut from a key too long or odd to keep whole
    ("walkway" + "between the island and the counters"), a condition of the number."""
    raw, place = groups.get("key") or "", ""
    if not C.good_key(raw, grammar, MAX_KEY_WORDS):
        cut = _PLACE_EN.search(raw) if grammar == "en" else None
        if not cut or not C.good_key(raw[: cut.start()], grammar, MAX_KEY_WORDS):
            return "", ""
        raw, place = raw[: cut.start()], raw[cut.start() :].strip()
    key = C.store_key(raw, grammar, row.key_suffix)
    label = groups.get("label")
    if label is None:
        return key, place
    if not C.good_key(label, grammar, MAX_LABEL_WORDS) or C.announces(label, grammar):
        return "", ""
    label = C.store_key(label, grammar)
    if set(key.split()) <= set(label.split()):
        return label, place
    return (key if set(label.split()) <= set(key.split()) else f"{key} {label}"), place


def comparator(verb: str, said: str) -> str:
    """The comparison a number is stated with: "under", "at most" for "cap ... at", "not exceed"."""
    if verb in P.IMPLIED_COMPARATOR and said in P.NEUTRAL_COMPARATORS:
        said = P.IMPLIED_COMPARATOR[verb]
    if said in P.NEUTRAL_COMPARATORS:
        said = ""
    if en_clauses.NEGATION.search(verb):
        said = ("not " + said).strip()
    elif verb.startswith(zh_clauses.NEGATION):
        said = verb + said  # 不能超过: the negation belongs to the comparator
    return said


def read_unit(tail: str, grammar: str, currency: str, given: str, value: str = "") -> tuple[str, str]:
    """(unit, condition) from the text after a value; a currency sign is the unit unless "/month" follows.
    A multiple's unit is what it multiplies: "2x annual fees"."""
    unit, rest = given, tail
    multiplied = _MULTIPLIED.match(tail) if value[-1:] in ("x", "×", "X") and grammar == "en" else None
    if multiplied and not unit:
        unit, rest = multiplied.group(1).strip(), tail[multiplied.end() :]
    if not unit:
        stripped = tail.lstrip() if grammar == "zh" else (tail[1:] if tail[:1] == " " else tail)
        match = (P.UNITS_ZH.match(stripped) if grammar == "zh" else None) or P.UNIT_EN.match(stripped)
        word = match.group() if match else ""
        if (
            match
            and word
            and word.lower() not in P.UNIT_STOP_WORDS
            and not (match.end() < len(stripped) and stripped[match.end()].isalnum() and not _CJK.match(stripped[match.end()]))
        ):
            unit, rest = word, stripped[match.end() :]
    if currency:
        unit, rest = (currency + unit, rest) if unit.startswith("/") else (currency, (unit + " " + rest) if unit else rest)
    return unit, clean_condition(trim_condition(rest, grammar))


def clean_condition(text: str) -> str:
    text = re.sub(r"[()（）]", " ", text)
    text = " ".join(text.split()).strip(" ,;:，；：、.。!！")
    return "" if text in zh_clauses.PARTICLES else text


def _fact(text: str, ctx: ReadContext) -> tuple[Candidate, str, str] | None:
    """(candidate, row name, the rest of the sentence after its value) of the first fact row that reads text."""
    source, lang, grammar = ctx
    for row in rows(FACTS, grammar, text):
        match = row.regex.match(text)
        if not match:
            continue
        colon = row.name.endswith("colon")
        limit = MAX_COLON_KEY_WORDS if colon else MAX_KEY_WORDS
        raw_key = match.group("key") or ""
        said, rest = split_clauses(match.group("value"), ctx)
        if grammar == "zh":
            said = re.split(r"[，,；;]", said, maxsplit=1)[0]  # "何静，深圳团队的，…": what follows the comma is a comment
        # "Hosting: we're going with Hetzner" names the choice, not the sentence.
        value = C.clean_value(trim_value((colon and chosen(said, grammar)) or said, grammar))
        if grammar == "en" and not C.good_value(value, grammar) and "," in value:
            value = C.clean_value(value.split(",", 1)[0])  # a long value's first part is what it is
        role = (match.groupdict().get("role") or "").strip()
        suffix = " ".join(part for part in (P.ROLE_SUFFIX.get(role.lower(), role.lower()), row.key_suffix) if part)
        if (raw_key and not C.good_key(raw_key, grammar, limit)) or not C.good_value(value, grammar):
            continue
        if colon and (C.announces(raw_key, grammar) or C.prose(value, grammar) or C.hedged(said) or _MEASURED[grammar].search(said)):
            continue  # "Rule of thumb: ...", 先定个规矩：... announce a rule; "Flaky test: passes locally, fails in CI" describes
        key = C.store_key(raw_key, grammar, suffix)
        if not C.good_key(key, grammar, limit + 2):
            continue
        candidate = Candidate(kind=ItemKind.FACT, key=key, value=value, text=source, lang=lang)
        return candidate, row.name, rest
    return None


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


def trim_condition(condition: str, grammar: str) -> str:
    return _CONDITION_END_EN.sub("", condition) if grammar == "en" else condition


def bare_number(text: str, grammar: str) -> tuple[str, str, str] | None:
    match = _BARE_NUMBER[grammar].match(text.strip())
    if not match or value_type(text) == "time":
        return None  # "改成7点半", "moved to 2 pm": a clock time or a date is a time, not a figure with a word after it
    unit, condition = read_unit(match.group("tail"), grammar, match.group("cur") or "", "", match.group("value"))
    return " ".join(match.group("value").split()), unit, condition


def chosen(clean: str, grammar: str) -> str:
    """What the sentence says was picked ("so soapstone it is", "we're going with quartz"), or ""."""
    match = _CHOSEN[grammar].search(clean)
    return next((v for v in match.groups() if v), "").strip() if match else ""


# What was picked instead, wherever it stands in the sentence: "so soapstone it is", "we're going
# with the Harbour Room", "let's do Friday instead".
_CHOSEN = {"en": en_clauses.CHOSEN, "zh": zh_clauses.CHOSEN}


def listed_figures(text: str, ctx: ReadContext) -> list[tuple[Candidate, str]]:
    """A number per named entry of a list ("Three quotes: Birchline $41,900, Hartwell $46,250, Cedar
    Row $38,700"), keyed by the name and what the label says they are ("birchline quote"); [] unless
    at least two entries read."""
    if ctx.grammar != "en":
        return []
    label, _, body = text.partition(":") if ":" in text[:60] else ("", "", text)
    parts = [part for part in _LIST_SPLIT.split(body.strip()) if part.strip()]
    entries = [match for part in parts if (match := _LISTED_EN.match(part))]
    if len(entries) < 2 or len(entries) < len(parts) - 1:
        return []
    what = " ".join(_COUNT_WORDS.sub(" ", label).split()).lower()
    what = what[:-1] if what.endswith("s") and not what.endswith("ss") else what
    suffix = what if what and len(what.split()) <= 2 and C.good_key(what, "en", 2) else ""
    found = []
    for match in entries:
        name = match.group("name")
        if not C.good_key(name, "en", MAX_KEY_WORDS):
            continue
        unit, condition = read_unit(match.group("tail"), "en", match.group("cur") or "", "", match.group("value"))
        if not (unit or label):
            continue  # "Postgres 14 and Redis 7": versions, not figures
        key = C.store_key(f"{name} {suffix}".strip(), "en")
        found.append((number_candidate(key, match.group("value").rstrip(".,"), unit, [condition], ctx), "listed"))  # "PSI 12," ends at 12
    return found if len(found) >= 2 else []
