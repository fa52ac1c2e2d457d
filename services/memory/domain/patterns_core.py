"""Extraction grammar as data: the row type, the shared regex fragments and word lists.

The tables themselves live in patterns_en.py and patterns_zh.py (re-exported by
patterns.py); each row carries the examples its test replays.

Named groups the engine (extraction.py) understands:
  rules        marker            the rule word; the rest of the sentence is the rule's body
  facts        key, value        role: a word that names the key's suffix (ROLE_SUFFIX), e.g. 由X负责 -> 负责人
  numbers      key, verb, cmp, cur, value, tail (unit and condition are read from tail),
               pre (a leading "for X," / 每小时 that belongs to the condition),
               label (a "Latency budget for X:" before the statement, joined to the key), unit (when the row reads it)
  corrections  stmt [+ stmt2]    a statement to re-read with the number and fact tables,
               or key/new        when the sentence itself names them; old: the replaced value,
               subject: who or what moved, a key when the sentence names no other
Task state has its own reader (tasks.py). ``weak`` rules apply only when the sentence yields no fact or number; ``weak``
corrections need a keyed statement or an explicit new value ("it's Z"). ``key_suffix`` is appended
to every key a row reads ("we deploy on Thursdays" -> "deploy window").
Example dicts list the fields the test checks; kind defaults to the row's kind.
"""

import re
from collections.abc import Iterable
from dataclasses import dataclass

from services.memory.domain.model import ItemKind
from services.memory.domain.text import MONTH_ABBREVIATIONS

RULE, FACT, NUMBER = ItemKind.RULE, ItemKind.FACT, ItemKind.NUMBER


@dataclass(frozen=True)
class PatternRow:
    name: str
    lang: str
    kind: ItemKind
    regex: re.Pattern[str]
    examples: tuple[tuple[str, dict[str, str]], ...]
    needles: tuple[str, ...] = ()  # lowercase words or substrings, one must occur (the table's prefilter)
    weak: bool = False
    key_suffix: str = ""


def _row(
    name: str,
    lang: str,
    kind: ItemKind,
    pattern: str,
    examples: Iterable[tuple[str, dict[str, str]]],
    needles: Iterable[str] = (),
    weak: bool = False,
    key_suffix: str = "",
) -> PatternRow:
    flags = re.IGNORECASE if lang == "en" else 0
    return PatternRow(name, lang, kind, re.compile(pattern, flags), tuple(examples), tuple(needles), weak, key_suffix)


# ---- shared fragments -------------------------------------------------------
# A leading condition clause ("when deploying, always ...") and politeness.
_IMP = (
    r"^(?:[\w' ]{1,40}:\s*)?(?:(?:when|whenever|if|before|after|while|once|for|in|on)\b[^,]{1,80},\s*)?"
    r"(?:please\s+|pls\s+|kindly\s+)?(?:(?:i'd like|i would like|i want|i need)\s+you\s+to\s+|(?:i'd|i would)\s+rather\s+(?:we|you)\s+|let's\s+|"
    r"(?:you|we|u)\s+(?:should\s+|must\s+|will\s+|need to\s+)?)?"
)
_NUM = r"(?:\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?(?:e-?\d{1,3}(?![a-z]))?|\.\d+)"
# A value is a number or a range; it must not run into more digits (dates, versions, times).
# A clock time ("02:00", "9am") is a value for the fact grammar, never a number.
# A multiple ("2x annual fees") keeps its x: "2" alone would lose what it multiplies.
# "2 June", "18 March" are dates, not a number of Junes.
VAL_EN = (
    rf"(?P<value>{_NUM}(?:\s*(?:-|–|~|to|and)\s*{_NUM})?(?:k|[x×](?![a-z]))?)(?![.,:/-]?\d)(?!\s?[ap]\.?m\b)"
    r"(?!\s*(?:st|nd|rd|th)?\s+(?:of\s+)?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b)"
)
# "4月3日" is a date: neither its month nor its day is a number of anything.
VAL_ZH = (
    rf"(?<!月)(?P<value>{_NUM}(?:\s*(?:-|–|~|到|至)\s*{_NUM})?(?:[万千亿]|[x×](?![a-z]))?)(?![.,:/-]?\d)"
    r"(?!\s*月\s*\d)(?!\s*[日号](?![元]))"
)
CUR = r"(?P<cur>US\$|[$€£¥￥])?"
_KEY_EN = r"(?P<key>[a-z0-9][\w\-./' ]{0,60}?)"
_VERB_WORDS_EN = (
    r"is|are|was|were|will|would|should|must|shall|can|cannot|can't|may|might|needs?|has|have|ought|stays?|"
    r"remains?|sits?|averages?|defaults?|equals?|takes?|costs?|lasts?|go(?:es)?|went|moves?|moved|drops?|dropped|"
    # what a supplier asks: "the roofer quoted £6,400 for the job"
    r"quoted|quotes|charges?|charged|bills?|billed|estimated|estimates|priced|asks?\s+for|asked\s+for"
)
_VERB_EN = (
    rf"(?P<verb>(?<![A-Za-z])(?:{_VERB_WORDS_EN})(?:\s+(?:not|never|to|be|stay|remain|keep|go|get|run|hold|sit|always|ideally|out|up|down|back|"
    r"raised|lowered|bumped|increased|reduced|set|moved|changed|pinned|configured|go off|trigger|fire|alert|kick in))*)"
    r"(?![A-Za-z])"
)
CMP_WORDS_EN = (
    # "at or under £750k": the compound first, or "at" alone would be read and "or under" left over.
    r"at or (?:under|below|above|over|less than|more than)|no (?:higher|lower|later|earlier) than|not to exceed|"
    r"under|below|less than|lower than|fewer than|at most|no more than|not more than|up to|within|over|above|more than|"
    r"greater than|higher than|at least|no less than|no fewer than|exceed(?:s|ing)?|between|around|about|approximately|"
    r"roughly|exactly|equal to|capped at|limited to|set to|to|at|of"
)
_CMP_SYMBOLS = r"~|≈|<=|>=|≤|≥|<|>|=|:(?=\s)"  # "02:00" is a time, not "02" compared to "00"
_CMP_EN = rf"(?P<cmp>(?<![A-Za-z])(?:{CMP_WORDS_EN})(?![A-Za-z])|{_CMP_SYMBOLS})"
# Between a key and its value: a verb, a comparator or both; the lookahead stops "p95" reading as key "p", value 95.
_LINK_EN = (
    rf"\s*(?=(?<![A-Za-z])(?:{_VERB_WORDS_EN}|{CMP_WORDS_EN})(?![A-Za-z])|{_CMP_SYMBOLS})"
    rf"(?:{_VERB_EN}\s*)?(?:{_CMP_EN}\s*)?"
)
# "We agreed (that) ...", "let's say ...", "we test at ...": the statement follows.
_SAY_EN = (
    r"(?:(?:(?:we|i)(?:'ve)?\s+(?:agreed|decided|settled|confirmed)(?:\s+on)?|let's\s+say|i'd\s+say)(?:\s+that)?\s+|"
    r"(?:we|i)\s+(?:test|run|measure|evaluate|analy[sz]e|compute|report|operate)\s+(?:at|with|using)\s+)?"
)
# An aside between a key and its colon: "Staging host, for later: ...".
_ASIDE_EN = r"(?:\s*,\s*(?:for later|for reference|for the record|for context|for now|fyi|btw|just so you know|as a reminder))?"
_KEY_ZH = r"(?P<key>[\u4e00-\u9fffA-Za-z0-9_\-. ]{1,20}?)"
CMP_WORDS_ZH = (
    r"不超过|不高于|不大于|不多于|不低于|不少于|不小于|低于|小于|少于|高于|大于|多于|超过|至少|至多|最多|最少|最高|最低|"
    r"约为|大约|大概|约|≤|≥|<=|>=|<|>|~"
)
_MODAL_ZH = r"必须|需要|应该|应当|务必|一定要|不能|不可以|不应该|不应|不得|不要|要|应|须|得"
_SET_ZH = (
    r"保持在|控制在|维持在|限制在|限定在|设置为|设定为|设置成|设为|设成|设|定为|定成|定在|定|调到|调为|调成|调整为|调整到|改成|改为|改到|"
    r"等于|达到|是|为|在|：|:|="
)
# "先定 3e-4", "暂时设 500 毫秒": an adverb of time before the verb.
_LINK_ZH = (
    rf"(?=(?:先|暂时|暂定|暂且|统一|都)?(?:{_MODAL_ZH}|{_SET_ZH}|{CMP_WORDS_ZH}))(?P<verb>(?:先|暂时|暂定|暂且|统一|都)?(?:{_MODAL_ZH})?(?:{_SET_ZH})?)\s*"
    rf"(?P<cmp>{CMP_WORDS_ZH})?\s*"
)

# Shared by the number grammar: units read after a value, and words that end one.
UNITS_ZH = re.compile(
    # Longer spellings first: "个工作日" is working days, not "个" of something.
    r"(?:%|％|‰|毫秒|微秒|纳秒|秒钟|秒|分钟|个小时|小时|个工作日|工作日|个自然日|自然日|个礼拜|礼拜|天|周|个星期|星期|个月|月|年|次|"
    r"公斤|千克|斤|克|平方米|平米|公里|厘米|毫米|米|"
    r"盒|箱|瓶|包|袋|张|件|份|位|名|桌|晚|间|轮|批|套|个|条|台|人|元|块钱|块|美元|欧元|倍|核|页|行|字节|字|"
    r"[KMGT]i?B|ms|rps|qps|s)"
)
# A unit is one word, or a measure qualified by what it counts ("4 business hours", "3 story points").
UNIT_EN = re.compile(
    r"(?:(?:business|working|calendar|billable|man|person|story|school|wall[- ]clock|cpu|gpu|core|node|machine)[- ]"
    r"(?:hours?|days?|weeks?|months?|points?|seconds?|minutes?)\b|%|‰|°[CF]|/[A-Za-z]+|[A-Za-zµ]+(?:/[A-Za-z]+)?)",
    re.IGNORECASE,
)
UNIT_STOP_WORDS = frozenset(
    [
        "now",
        "today",
        "instead",
        "again",
        "at",
        "per",
        "for",
        "in",
        "on",
        "with",
        "when",
        "under",
        "over",
        "and",
        "or",
        "to",
        "if",
        "unless",
        "during",
        "except",
        "only",
        "but",
        "across",
        "from",
        "by",
        "of",
        "the",
        "a",
        "an",
        "is",
        "are",
        "was",
        "were",
        "max",
        "min",
        "as",
        "than",
        "so",
        "then",
        "which",
        "that",
        "while",
        "before",
        "after",
        "between",
        "plus",
        "minus",
        "each",
        "every",
        "more",
        "less",
        "or",
        "not",
        "no",
        "and",
        "should",
        "must",
        "will",
        "would",
        "can",
        "may",
        "it",
        "this",
        "that",
        "they",
        "we",
        "you",
        "i",
        "january",
        "february",
        "march",
        "april",
        "may",
        "june",
        "july",
        "august",
        "september",
        "october",
        "november",
        "december",
        *MONTH_ABBREVIATIONS,
        "monday",
        "tuesday",
        "wednesday",
        "thursday",
        "friday",
        "saturday",
        "sunday",
    ]
)
NEUTRAL_COMPARATORS = frozenset({"", "=", ":", "to", "at", "set to", "equal to", "of", "is"})
# Verbs of a "keep/cap X at N" sentence that imply a comparator the sentence does not spell.
IMPLIED_COMPARATOR = {"cap": "at most", "limit": "at most", "keep": "", "hold": ""}
# Verbs that change a value there already was.
UPDATE_VERBS = frozenset({"raise", "lower", "bump", "increase", "reduce", "change", "cut", "drop"})

# Colon labels that only announce what follows ("Rule of thumb:", "Heads up:", 先定个规矩：): never a fact's key.
# A label that reports news ("Billing came back:", "Checked annex 3:", "Good news from infra:") is not a key either.
ANNOUNCE_LABEL_EN = re.compile(
    r"^(?:(?:(?:hard|ground|golden|house|team|general|strict|one|another|new|quick|small|important|friendly|final|last|good|bad|big)\s+)?"
    r"(?:rules?(?: of thumb)?|ban|reminder|note|warning|caveat|tip|heads up|fyi|ps|nb|principle|important|constraint|"
    r"requirement|guideline|convention|policy|status|update|context|background|news|change of plans?|plan change|decision|answer)"
    r"(?:\s+(?:from|on|for|re|about|regarding)\s+.{1,40})?"
    r"|[\w\-' ]{1,30}?\s(?:came back|got back|replied|responded|confirmed|says|said|wrote|called|reported|emailed|asked|decided)"
    r"|(?:checked|confirmed|verified|looked at|double-checked|asked|heard from)\b.*)$"
)
ANNOUNCE_LABEL_ZH = re.compile(r"规矩|规则|规定|规范|约定|约束|原则|要求|提醒|注意|备注|说明|铁律")
# A subject that quantifies over everything ("every migration", 凡是) makes a weak rule marker ("must") strong.
UNIVERSAL = {
    "en": re.compile(r"^(?:every|each|all|any|anything|everything|anyone|everyone|nothing|nobody|no one)\s", re.IGNORECASE),
    "zh": re.compile(r"^(?:以后|今后)?(?:凡是|所有|任何|每个|每一个)"),
}
# A clause after a number that qualifies it ("Benjamini-Hochberg-corrected over 5 arms"), not a statement of its own.
QUALIFIER_EN = re.compile(r"^[a-z][\w\-]*ed\s+(?:over|across|for|at|by|per|within|on|in)\b", re.IGNORECASE)
# The role a zh 由X负责 / 交给X sentence gives, as a key suffix; en roles name themselves.
ROLE_SUFFIX = {
    "负责": "负责人",
    "交给": "负责人",
    "交由": "负责人",
    "分给": "负责人",
    "指派给": "负责人",
    "安排给": "负责人",
    "分配给": "负责人",
    "值班": "值班负责人",
    "跟进": "跟进人",
    "牵头": "牵头人",
    "主导": "负责人",
    "维护": "维护人",
    "对接": "对接人",
    "处理": "负责人",
    "feature-flag": "feature flag",
    "feature toggle": "feature flag",
    "toggle": "feature flag",
    "flag": "feature flag",
}
