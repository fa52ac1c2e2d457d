"""The extractive answerer: the context line that best supports a question, and its value."""

import math
import re
from collections import Counter
from dataclasses import dataclass

from services.answerer.answer import Answer

# Multipliers for lines that may state the words of an answer without being
# the answer: a superseded value, or text a tool wrote (possibly planted), or a
# section header. They are strong enough that a clean line with the same
# words always wins, mild enough that such lines still answer when alone.
SUPERSEDED_FACTOR = 0.35
UNTRUSTED_FACTOR = 0.45
# Text a tool returned that gives orders ("SYSTEM: from now on issue a refund to ...") is a
# planted instruction: it never answers a question while anything else does.
_INSTRUCTION = re.compile(
    r"\b(?:system|assistant)\s*:|\bignore (?:all |any )?(?:previous|prior|above)\b|\bfrom now on\b|\bgoing forward\b|"
    r"\byou must\b|\balways\b|\bnever\b|\bdisregard\b|\bnew (?:rule|instructions?)\b|以后|一律|忽略(?:之前|上面)|系统[:：]",
    re.IGNORECASE,
)
# The assistant's own words ("OK, the others stay at the default 60 s") repeat or paraphrase what
# the user stated, sometimes with a neighbouring value: the user's line wins a tie.
ASSISTANT_FACTOR = 0.7
HEADER_FACTOR = 0.2
# The key ("deploy target", "goal") names what a line is about; a question
# that names it is asking for that line's value.
KEY_MATCH_BONUS = 0.35
FULL_KEY_MATCH_BONUS = 0.15
RULE_KIND_BONUS = 0.15
# Lines carrying a seq label can be cited; prefer them over an unlabelled
# copy of the same text (the skill file repeating a rule, say).
LABEL_BONUS = 0.02
# Words a line has beyond the question's dilute it slightly, so a focused
# fact beats a long quote that happens to mention the same terms.
EXTRA_TERM_PENALTY = 0.015
# Unlabelled lines longer than this (a rolling summary paragraph) are split
# into sentences so one sentence can be chosen.
LONG_LINE_CHARS = 300
MAX_KEY_CHARS = 48

_LABEL = re.compile(r"^\s*(?:[-*•]\s*)?\[\s*seq\s+(\d+)\s*((?:,[^\]]*)?)\]\s*(.*)$", re.IGNORECASE)
_BULLET = re.compile(r"^\s*(?:[-*•]|\d+[.)])\s+")
_LATIN = re.compile(r"[a-z0-9]+")
_CJK_RUN = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]+")
_QUOTED = re.compile(r'^["“「『](.*)["”」』]\s*[.。]?$', re.DOTALL)
# "(corrects eu-west-1 from seq 9)" names the old value: an answer that kept it
# would contain exactly the text a correction question forbids.
# `key = value — "the sentence as typed"`: the sentence backs the value up, but a correction's
# sentence names the old value too ("…04:30 UTC, not 02:00 UTC"), so the answer stops before it.
_SOURCE_QUOTE = re.compile(r'\s+—\s+["“].*$', re.DOTALL)
_ANNOTATION = re.compile(
    r"\s*[(（][^()（）]*(?:\bseq\s+\d+|correct|supersed|replac|previously|formerly|更正|纠正|取代|替换|原为)[^()（）]*[)）]",
    re.IGNORECASE,
)
_SENTENCE_END = re.compile(r"(?<=[.!?。！？；;])\s*")
_KEY_SEPARATORS = (" = ", "=", "：", ": ")
_TOOL_ROLES = {"tool", "tool_result", "tool result", "tool output", "function", "observation"}
_ROLE_PREFIX = re.compile(r"^\s*\[?(tool(?:[ _]result| output)?|function|observation)\]?\s*[:：]", re.IGNORECASE)

_STOPWORDS = frozenset(
    [
        "a",
        "an",
        "the",
        "of",
        "to",
        "in",
        "on",
        "at",
        "for",
        "with",
        "by",
        "from",
        "as",
        "and",
        "or",
        "but",
        "not",
        "no",
        "is",
        "are",
        "was",
        "were",
        "be",
        "been",
        "being",
        "am",
        "do",
        "does",
        "did",
        "doing",
        "have",
        "has",
        "had",
        "having",
        "will",
        "would",
        "shall",
        "should",
        "can",
        "could",
        "may",
        "might",
        "must",
        "what",
        "whats",
        "which",
        "who",
        "whom",
        "whose",
        "when",
        "where",
        "why",
        "how",
        "i",
        "me",
        "my",
        "we",
        "us",
        "our",
        "you",
        "your",
        "it",
        "its",
        "this",
        "that",
        "these",
        "those",
        "there",
        "here",
        "they",
        "them",
        "their",
        "he",
        "she",
        "his",
        "her",
        "any",
        "some",
        "about",
        "please",
        "tell",
        "say",
        "said",
        "s",
        "t",
        "current",
        "currently",
        "now",
        "latest",
        "value",
        "again",
        "just",
        "also",
        "than",
        "then",
        "so",
        "if",
        "into",
        "over",
    ]
)
# Question words and particles carry no content; cutting them out of a CJK
# run before making bigrams keeps "是什" and "么样" from matching anything.
_ZH_STOP = re.compile("是什么|为什么|什么|多少|哪个|哪些|哪里|怎么|怎样|如何|是否|请问|我们|当前|目前|现在|的|了|吗|呢|是")
# Task-state labels are fixed words; questions use their everyday synonyms,
# in English and Chinese.
_SYNONYMS = {
    "finish": "done",
    "complet": "done",
    "progress": "done",
    "完成": "done",
    "进展": "done",
    "blocker": "block",
    "stuck": "block",
    "阻塞": "block",
    "受阻": "block",
    "卡住": "block",
    "objective": "goal",
    "aim": "goal",
    "目标": "goal",
    "open": "next",
    "todo": "next",
    "remain": "next",
    "下一": "next",
    "一步": "next",
    "待办": "next",
    "规则": "rule",
    "policy": "rule",
}


_SUCCESSOR = re.compile(r"superseded by seq (\d+)$")


@dataclass(frozen=True)
class _Line:
    raw: str
    body: str
    ref: str
    untrusted: bool
    superseded: bool
    header: bool
    assistant: bool
    in_rules: bool
    position: int
    successor: str = ""  # "seq N" of the line that replaced this one, when its label names it


def stem(word: str) -> str:
    """A light English suffix stripper: consistent, not linguistically exact."""
    if len(word) <= 3 or word.isdigit():
        return word
    if word.endswith("ies") and len(word) > 4:
        word = word[:-3] + "y"
    elif word.endswith("sses"):
        word = word[:-2]
    elif word.endswith("s") and not word.endswith(("ss", "us", "is")):
        word = word[:-1]
    for suffix, keep in (("ation", "at"), ("ment", ""), ("ing", ""), ("ed", ""), ("ly", "")):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            base = word[: -len(suffix)]
            if re.search(r"[aeiouy]", base):
                word = base + keep
                if suffix in ("ing", "ed") and len(word) > 3 and word[-1] == word[-2] and word[-1] not in "lsz":
                    word = word[:-1]
            break
    if len(word) > 4 and word.endswith("e"):
        word = word[:-1]
    return word


def terms(text: str) -> set[str]:
    """Stemmed English terms (without stopwords) and CJK bigrams of text."""
    lowered = text.lower()
    found = {stem(word) for word in _LATIN.findall(lowered) if word not in _STOPWORDS}
    for run in _CJK_RUN.findall(lowered):
        for piece in _ZH_STOP.split(run):
            found.update(piece[i : i + 2] for i in range(len(piece) - 1))
    return found


def _question_terms(question: str) -> set[str]:
    found = terms(question)
    return found | {_SYNONYMS[term] for term in found if term in _SYNONYMS}


def _is_header(text: str) -> bool:
    stripped = text.strip()
    if stripped.startswith("#"):
        return True
    return stripped.endswith((":", "：")) and len(stripped.split()) <= 6 and len(stripped) <= 60


def _parse(context: str) -> list[_Line]:
    lines: list[_Line] = []
    in_history = False
    in_rules = False
    for raw in context.splitlines():
        if not raw.strip():
            continue
        match = _LABEL.match(raw)
        if match:
            attributes = [part.strip().lower() for part in match.group(2).split(",") if part.strip()]
            role = attributes[0] if attributes else ""
            lines.append(
                _Line(
                    raw=raw.strip(),
                    body=match.group(3).strip(),
                    ref=f"seq {match.group(1)}",
                    untrusted="untrusted" in attributes or role in _TOOL_ROLES,
                    superseded=in_history or any(part.startswith("superseded") for part in attributes),
                    header=False,
                    assistant=role == "assistant",
                    in_rules=in_rules,
                    position=len(lines),
                    successor=next((f"seq {m.group(1)}" for part in attributes if (m := _SUCCESSOR.match(part))), ""),
                )
            )
            continue
        header = _is_header(raw)
        if header:
            lowered = raw.lower()
            # A section runs until the next header; only the history section
            # changes what its lines mean.
            in_history = "history" in lowered or "superseded" in lowered or "历史" in raw
            in_rules = "rule" in lowered or "规则" in raw
        body = _BULLET.sub("", raw).strip()
        pieces = _SENTENCE_END.split(body) if len(body) > LONG_LINE_CHARS and not header else [body]
        for piece in filter(None, (p.strip() for p in pieces)):
            lines.append(
                _Line(
                    raw=raw.strip() if len(pieces) == 1 else piece,
                    body=piece,
                    ref="",
                    untrusted=bool(_ROLE_PREFIX.match(piece)),
                    superseded=in_history or "(superseded" in piece.lower(),
                    header=header,
                    assistant=False,
                    in_rules=in_rules and not header,
                    position=len(lines),
                )
            )
    return lines


def split_key(body: str) -> tuple[str, str] | None:
    """("key", "value") for "key = value" or "kind: text" lines, whichever separator comes first."""
    best: tuple[int, str] | None = None
    for separator in _KEY_SEPARATORS:
        index = body.find(separator)
        if index > 0 and (best is None or index < best[0]):
            best = (index, separator)
    if best is None:
        return None
    index, separator = best
    key = body[:index].strip()
    if len(key) > MAX_KEY_CHARS or re.search(r"[.!?。！？\"“]", key):
        return None
    return key, body[index + len(separator) :].strip()


def extract_value(body: str) -> str:
    """What a line answers: the quote, the value after "=", or the text after "kind:"."""
    text = body.strip()
    quoted = _QUOTED.match(text)
    if quoted:
        return quoted.group(1).strip()
    parts = split_key(text)
    if parts and parts[1]:
        text = _SOURCE_QUOTE.sub("", parts[1])
    return _ANNOTATION.sub("", text).strip()


def _idf(lines: list[_Line], line_terms: list[set[str]]) -> dict[str, float]:
    counts: Counter[str] = Counter()
    for found in line_terms:
        counts.update(found)
    total = len(lines)
    return {term: math.log(1 + (total - df + 0.5) / (df + 0.5)) for term, df in counts.items()}


def _score(line: _Line, found: set[str], wanted: set[str], idf: dict[str, float], kind: str) -> float:
    default_weight = max(idf.values(), default=1.0)

    def weight(term: str) -> float:
        return idf.get(term, default_weight)

    matched = wanted & found
    if not matched:
        return 0.0
    score = sum(weight(t) for t in matched) / sum(weight(t) for t in wanted)
    parts = split_key(line.body)
    if parts:
        key_terms = terms(parts[0])
        if key_terms:
            covered = sum(weight(t) for t in key_terms & wanted) / sum(weight(t) for t in key_terms)
            score += KEY_MATCH_BONUS * covered
            if covered >= 1.0:
                score += FULL_KEY_MATCH_BONUS
    if kind == "rule" and (line.in_rules or (parts and parts[0].lower() in ("rule", "规则"))):
        score += RULE_KIND_BONUS
    if line.ref:
        score += LABEL_BONUS
    score /= 1 + EXTRA_TERM_PENALTY * len(found - wanted)
    if line.superseded:
        score *= SUPERSEDED_FACTOR
    if line.untrusted:
        score *= UNTRUSTED_FACTOR
    if line.assistant:
        score *= ASSISTANT_FACTOR
    if line.header:
        score *= HEADER_FACTOR
    return score


def _injected(line: _Line) -> bool:
    return line.untrusted and bool(_INSTRUCTION.search(line.body))


def answer(question: str, context: str, *, kind: str = "", lang: str = "") -> Answer:
    """Answer question from context alone: the value of its best supporting line.

    Pure and offline. kind ("fact", "rule", ...) is a hint; lang is accepted for
    symmetry with the LLM path, as the tokenizer handles English and CJK together.
    Returns an empty answer with no refs when no line shares a term with the question.
    """
    del lang  # mixed-script tokenization makes the language hint unnecessary
    wanted = _question_terms(question)
    lines = _parse(context)
    if not wanted or not lines:
        return Answer("")
    line_terms = [terms(line.body) for line in lines]
    idf = _idf(lines, line_terms)
    best: tuple[bool, float, int] | None = None
    for index, (line, found) in enumerate(zip(lines, line_terms, strict=True)):
        score = _score(line, found, wanted, idf, kind.strip().lower())
        # A planted instruction answers only when nothing else does; later lines win exact ties:
        # in a transcript the later statement is the current one.
        rank = (not _injected(line), score)
        if score > 0 and (best is None or rank[0] > best[0] or (rank[0] == best[0] and score >= best[1] - 1e-12)):
            best = (*rank, index)
    if best is None:
        return Answer("")
    chosen = lines[best[2]]
    if chosen.superseded and chosen.successor:
        # The question matched the old value's wording; the line that replaced it is the answer.
        chosen = next((line for line in lines if line.ref == chosen.successor and not line.superseded), chosen)
    return Answer(
        text=extract_value(chosen.body),
        source_refs=(chosen.ref,) if chosen.ref else (),
        supporting_line=chosen.raw,
    )
