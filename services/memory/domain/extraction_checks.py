"""What extraction accepts as a key or a value: word lists and the checks and spellings built on them."""

import itertools
import re

from services.memory.domain import patterns as P
from services.memory.domain.text import context_free_key, ends_with_abbreviation, normalize_key

MAX_VALUE_WORDS = 12
MAX_ZH_VALUE_CHARS = 30

# A key may not start with a pronoun or function word; inside it, prepositions and the determiners after them are fine
# ("cache ttl for catalog responses"), pronouns, conjunctions and verbs of being are not. The words both rules
# refuse: a phrase holding one is a clause, not a name.
_CLAUSE_WORDS = frozenset(
    [
        "it",
        "he",
        "she",
        "they",
        "we",
        "i",
        "you",
        "me",
        "us",
        "them",
        "which",
        "what",
        "who",
        "whom",
        "everything",
        "something",
        "nothing",
        "anything",
        "everyone",
        "someone",
        "now",
        "then",
        "and",
        "but",
        "so",
        "if",
        "when",
        "because",
        "let",
        "let's",
        "please",
        "always",
        "never",
        "don't",
        "do",
        "not",
        "just",
        "maybe",
        "also",
        "only",
        "or",
        "also",
        "i'm",
        "we're",
        "you're",
        "it's",
        "that's",
        "there's",
    ]
)
BAD_KEY_WORDS = _CLAUSE_WORDS | frozenset(
    [
        "this",
        "that",
        "these",
        "those",
        "there",
        "here",
        "one",
        "at",
        "in",
        "on",
        "for",
        "to",
        "with",
        "from",
        "by",
        "as",
        "every",
        "each",
        "all",
        "any",
        "they're",
        "i've",
        "we've",
        "you've",
        "they've",
        "he's",
        "she's",
        "i'd",
        "we'd",
        "no",
    ]
)
_BAD_INNER_KEY_WORDS = _CLAUSE_WORDS | frozenset(["is", "are", "was", "were", "be", "been"])
_DEMONSTRATIVES = frozenset(["this", "that", "these", "those", "there", "here"])
_PREPOSITIONS = frozenset(["for", "of", "in", "on", "to", "with", "at", "from", "by", "across", "under", "over", "per"])
_BAD_VALUE_START = frozenset(
    [
        "that",
        "because",
        "why",
        "how",
        "what",
        "when",
        "where",
        "if",
        "whether",
        "to",
        "not",
        "probably",
        "maybe",
        "also",
        "still",
        "just",
        "being",
        "going",
        "like",
        "so",
        "very",
        "too",
        "pretty",
        "really",
        "kind",
        "sort",
        "quite",
        "already",
        "always",
        "never",
        "here",
        "there",
        "it",
        "this",
        "a",
        "bit",
        "fine",
    ]
) | frozenset(
    # Intensifiers and evaluative words open opinions ("yoga is indeed amazing for your body"),
    # not settings: nothing later will look them up or correct them.
    [
        "indeed",
        "super",
        "totally",
        "truly",
        "absolutely",
        "definitely",
        "seriously",
        "kinda",
        "honestly",
        "literally",
        "such",
        "amazing",
        "awesome",
        "wonderful",
        "fantastic",
        "incredible",
        "beautiful",
        "lovely",
        "gorgeous",
        "fun",
        "funny",
        "exciting",
        "inspiring",
        "special",
        "tough",
        "scary",
        "sad",
        "happy",
        "glad",
        "perfect",
        "huge",
        "best",
        "awful",
        "terrible",
        "crucial",
        "key",
        "essential",
        "worth",
    ]
)
STOP_VALUES = frozenset(
    [
        "fine",
        "ok",
        "okay",
        "good",
        "great",
        "bad",
        "done",
        "broken",
        "working",
        "failing",
        "weird",
        "strange",
        "wrong",
        "right",
        "correct",
        "better",
        "worse",
        "slow",
        "fast",
        "nice",
        "cool",
        "clear",
        "unclear",
        "possible",
        "impossible",
        "interesting",
        "annoying",
        "ready",
        "true",
        "false",
        "important",
        "simple",
        "hard",
        "easy",
        "green",
        "red",
        "flaky",
        "stable",
        "unstable",
        "sorted",
        "fixed",
        "passing",
        "failing",
        "stuck",
        "live",
        "up",
        "down",
        "back",
        "non-negotiable",
        "mandatory",
        "required",
        "optional",
        "forbidden",
        "allowed",
        "banned",
        "recommended",
        "encouraged",
        "preferred",
        "plan",
        "waste",
        "show",
        "parked",
        "paused",
        "unchanged",
        "same",
        "out",
        "gone",
        "dead",
        "deprecated",
        "retired",
        "over",
    ]
)
_STATE_FOLLOWERS = frozenset(
    [
        "and",
        "but",
        "so",
        "because",
        "since",
        "again",
        "now",
        "today",
        "for",
        "on",
        "in",
        "at",
        "after",
        "when",
        "with",
        "until",
        "till",
        "unless",
        "pending",
        "behind",
        "to",
    ]
)
_HEDGE_WORD = re.compile(r"\b(?:maybe|probably|perhaps|sometimes|i think|i guess|not sure|seems)\b", re.IGNORECASE)
_STATE_TAIL = re.compile(r"\s+(?:now|again|today|already|too|as well)$", re.IGNORECASE)
_ZH_BAD_KEY_START = (
    "我",
    "你",
    "他",
    "她",
    "它",
    "这",
    "那",
    "谁",
    "哪",
    "什么",
    "怎么",
    "但",
    "还",
    "可",
    "就",
    "也",
    "都",
    "应",
    "以后",
    "今后",
    "从",
    "请",
    "始终",
    "总是",
    "一律",
)
# A key ending in a modal is a sentence cut in the wrong place ("接口不能" + "用了").
_ZH_BAD_KEY_END = ("不能", "不可以", "不可", "不要", "可以", "不")
_ZH_BAD_VALUE_START = (
    "不",
    "没",
    "很",
    "非常",
    "太",
    "挺",
    "比较",
    "还",
    "也",
    "都",
    "在",
    "什么",
    "怎么",
    "为什么",
    "因为",
    "否",
    "由",
    "被",
)
_ZH_STOP_VALUES = frozenset({"好的", "对的", "可以", "没问题", "正确", "错的", "对", "好", "一样", "这样", "那样"})


# What a key's speaker adds about themselves: "patch window for us", "governing law we can live with".
_SPEAKER_TAIL_EN = re.compile(
    r"(?:\s+(?:for|on|at)\s+(?:us|me|our\s+(?:side|end|team))|\s+(?:that|which)?\s*(?:we|i|you|they)\s+(?:can|could|will|would|should|must|do|did|"
    r"don't|can't|'d|'ll)?\s*(?:[a-z']+\s*){1,3})$",
    re.IGNORECASE,
)


def store_key(raw: str, grammar: str, suffix: str = "") -> str:
    """The stored spelling of a fact or number key: normalized, session context dropped, a row's suffix added."""
    if grammar == "en":
        raw = _SPEAKER_TAIL_EN.sub("", raw) or raw
    else:
        raw = raw.rstrip().removesuffix("就").removesuffix("也").removesuffix("都").removesuffix("还") or raw  # 交稿日就改成… -> 交稿日
    key = context_free_key(raw, grammar)
    return normalize_key(f"{key} {suffix}") if suffix else key


def announces(label: str, grammar: str) -> bool:
    if grammar == "zh":
        return bool(P.ANNOUNCE_LABEL_ZH.search(label))
    return bool(P.ANNOUNCE_LABEL_EN.match(context_free_key(label, grammar)))


def prose(value: str, grammar: str) -> bool:
    """A colon value that is a description of its own (several clauses, or hedged), not a setting."""
    if grammar == "zh":
        return False
    words = value.split()
    return (len(words) > 4 and bool(re.search(r"[,;]", value))) or bool(_HEDGE_WORD.search(value))


def hedged(value: str) -> bool:
    return bool(_HEDGE_WORD.search(value))


def clean_value(value: str) -> str:
    cleaned = " ".join(value.split()).strip(" ,;:，；：、.。!！\"'`“”‘’「」")
    return cleaned + "." if ends_with_abbreviation(value.strip(" ,;:，；：、。!！")) else cleaned


def good_key(key: str, grammar: str, max_words: int) -> bool:
    if grammar == "en":
        key = _SPEAKER_TAIL_EN.sub("", key) or key
    if grammar == "zh":
        norm = normalize_key(key)
        return len(norm) >= 2 and not norm.startswith(_ZH_BAD_KEY_START) and not norm.endswith(_ZH_BAD_KEY_END)
    words = context_free_key(key, grammar).split()
    if not 0 < len(words) <= max_words or words[0] in BAD_KEY_WORDS:
        return False
    for before, word in itertools.pairwise(words):
        if word in _BAD_INNER_KEY_WORDS or (word in _DEMONSTRATIVES and before not in _PREPOSITIONS):
            return False
    return True


def good_value(value: str, grammar: str) -> bool:
    if not value:
        return False
    if grammar == "zh":
        return (
            len(value) <= MAX_ZH_VALUE_CHARS
            and value.rstrip("了的吧呢啊呀") not in _ZH_STOP_VALUES | {""}
            and not value.startswith(_ZH_BAD_VALUE_START)
        )
    words = value.lower().split()
    if len(words) > MAX_VALUE_WORDS or words[0] in _BAD_VALUE_START or _STATE_TAIL.sub("", value.lower()) in STOP_VALUES:
        return False
    if words[0].strip(",") in STOP_VALUES and len(words) > 1 and words[1] in _STATE_FOLLOWERS:
        return False  # "broken and blocks everyone's previews": a state and what it causes
    if _HEDGE_WORD.search(value):
        return False  # "goes to the wrong handler sometimes"
    # "the build is failing", "the server is running on 8080": states of the moment, not settings.
    return not re.fullmatch(r"[a-z]+ing", words[0]) and not (len(words) == 1 and re.fullmatch(r"[a-z]+ed", words[0]))
