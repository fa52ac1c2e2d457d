"""What extraction accepts as a key or a value: the checks and spellings built on each language's word lists
(lang/<lang>/keys.py and values.py)."""

import itertools
import re
from dataclasses import replace

from services.memory import regex_cache
from services.memory.domain import patterns as P
from services.memory.domain.model import Candidate, ItemKind
from services.memory.domain.text import context_free_key, ends_with_abbreviation, normalize_key, strip_ends, term_set
from services.memory.lang.en import discourse as en_discourse
from services.memory.lang.en import keys as en_keys
from services.memory.lang.en import values as en_values
from services.memory.lang.zh import keys as zh_keys
from services.memory.lang.zh import values as zh_values

# A figure, a date or a weekday before the particle: a verb keeps it (把合同签了 is a task said whole).
_CJK_END = re.compile(r"[0-9零一二三四五六七八九十百千万亿两半日号月天周点分元块岁个]\s*[" + zh_values.FINAL_PARTICLES + r"]+$")

MAX_VALUE_WORDS = 12
MAX_ZH_VALUE_CHARS = 30
# Re-exported for the engine modules that check a first word or a state.
BAD_KEY_WORDS = en_keys.BAD_KEY_WORDS
STOP_VALUES = en_values.STOP_VALUES


def store_key(raw: str, grammar: str, suffix: str = "") -> str:
    """The stored spelling of a fact or number key: normalized, session context dropped, a row's suffix added."""
    if grammar == "en":
        raw = en_keys.TIME_TAIL.sub("", raw) or raw
        raw = en_keys.STATE_PREFIX.sub("", en_keys.SPEAKER_TAIL.sub("", raw) or raw) or raw
        if not en_keys.PREPOSITIONS & set(raw.lower().split()):  # "a skip from Brennan's" ends in a name's possessive
            raw = _IS_CONTRACTED.sub("", raw) or raw  # "Deposit's £1,130": the 's is the verb, no part of the key
    else:
        trimmed = _subject_part(strip_ends(raw.rstrip(), zh_keys.TRAILING_PARTICLES))  # 押金现在已经改成… -> 押金
        raw = trimmed if len(trimmed) >= 2 else raw
        if changed := zh_keys.BA_OBJECT.search(raw):
            raw = changed.group("object")
    key = context_free_key(raw, grammar)
    return normalize_key(f"{key} {suffix}") if suffix else key


_IS_CONTRACTED = regex_cache.compile(r"(?<=\w)['’]s\s*$")


def _time_scope(key: str) -> int:
    """The length of the time a Chinese key opens with (这周, 本月, 今天), 0 when none; 每月 is how often, part of the key."""
    when = zh_keys.TIME_KEY.match(key)
    if not when or key.startswith("每"):
        return 0
    return when.end() + 1 if key[when.end() : when.end() + 1] == "的" else when.end()  # 本季度的目标 -> 目标


def _subject_part(raw: str) -> str:
    """A Chinese key cut before its first adverb (收货时间也往后推 -> 收货时间, 现在华东仓库 -> 华东仓库): an adverb
    stands before the predicate, so what comes before it is the subject. A character that is an adverb alone may
    be part of a word (还款, 成都): zh_keys.ADVERB_IN_WORDS keeps those."""
    if (when := _time_scope(raw)) and len(raw) - when >= 2:
        raw = raw[when:]  # 这周值班 is 值班: when is no part of what
    masked = raw
    for word in zh_keys.ADVERB_IN_WORDS:
        masked = masked.replace(word, "#" * len(word))
    if lead := next((particle for particle in zh_keys.TRAILING_PARTICLES if masked.startswith(particle)), ""):
        rest = _subject_part(raw[len(lead) :])  # 现在华东仓库: the adverb opens it, the subject follows
        return rest if len(rest) >= 2 else raw
    cuts = [at for particle in zh_keys.TRAILING_PARTICLES if (at := masked.find(particle)) > 0]
    subject = raw[: min(cuts)].strip() if cuts else raw
    return subject if len(subject) >= 2 else raw


def announces(label: str, grammar: str) -> bool:
    if grammar == "zh":
        return bool(P.ANNOUNCE_LABEL_ZH.search(label))
    return bool(P.ANNOUNCE_LABEL_EN.match(context_free_key(label, grammar)))


def prose(value: str, grammar: str) -> bool:
    """A colon value that is a description of its own (several clauses, or hedged), not a setting."""
    if grammar == "zh":
        return False
    words = value.split()
    return (len(words) > 4 and bool(re.search(r"[,;]", value))) or bool(en_values.HEDGE_WORD.search(value))


def hedged(value: str) -> bool:
    return bool(en_values.HEDGE_WORD.search(value))


def clean_value(value: str) -> str:
    cleaned = " ".join(value.split()).strip(" ,;:，；：、.。!！\"'`“”‘’「」")
    if _CJK_END.search(cleaned):  # 改成一千五了: the particle closes the sentence, not the value
        cleaned = cleaned.rstrip(zh_values.FINAL_PARTICLES) or cleaned
    return cleaned + "." if ends_with_abbreviation(value.strip(" ,;:，；：、。!！")) else cleaned


def good_key(key: str, grammar: str, max_words: int) -> bool:
    if grammar == "en":
        key = en_keys.SPEAKER_TAIL.sub("", en_keys.TIME_TAIL.sub("", key) or key) or key
    if grammar == "zh":
        norm = normalize_key(key)
        if (when := _time_scope(norm)) and len(norm) - when >= 2:
            norm = norm[when:]  # 这周值班 names 值班 for this week: the time scope is no start of a clause
        if (owned := zh_keys.THIRD_PERSON_OWNER.match(norm)) and len(norm) - owned.end() >= 2:
            norm = norm[owned.end() :]  # 他的卧推 is his bench press, as "his bench press" is: a pronoun owner opens no clause
        return (
            len(norm) >= 2
            and norm not in zh_keys.TIME_WORDS
            and not said_when(norm, grammar)
            and not norm.startswith(zh_keys.BAD_KEY_START)
            and not norm.endswith(zh_keys.BAD_KEY_END)
        )
    words = context_free_key(key, grammar).split()
    if not 0 < len(words) <= max_words or words[0] in BAD_KEY_WORDS:
        return False
    if en_keys.SPOKEN_TIME.fullmatch(" ".join(words)):
        return False  # "moved earlier: half past six, 6:30pm": a time said in words is a value, not what has it
    for at in range(1, len(words)):
        before, word, after = words[at - 1], words[at], words[at + 1] if at + 1 < len(words) else ""
        # "on-call this week": a demonstrative before a time noun scopes the key; elsewhere it points at something said.
        pointing = word in en_keys.DEMONSTRATIVES and before not in en_keys.PREPOSITIONS and after not in en_keys.TIME_NOUNS
        if word in en_keys.BAD_INNER_KEY_WORDS or pointing:
            return False
    return True


def said_when(key: str, grammar: str) -> bool:
    """A key that only says from when a value holds (这周起, 下个月开始)."""
    return grammar == "zh" and bool(zh_keys.TIME_KEY.fullmatch(normalize_key(key)))


def names_no_subject(key: str, grammar: str) -> bool:
    """A key that points rather than names: at a subject said before ("that spacing", "six more of those",
    一共 900 箱, 往后挪到…), or a clause ending in its verb of change (整机物料摊下来变 $12.20)."""
    if not key:
        return False
    if grammar == "zh":
        norm = normalize_key(key)
        return norm in zh_keys.UPDATE_NON_KEYS or norm.endswith(zh_keys.UPDATE_KEY_END) or bool(zh_keys.INNER_POINTER.search(norm))
    words = key.lower().split()
    # "that spacing", "of those for the finish"; "the sheets for this whole project" names its subject.
    return bool(words) and (words[0] in en_keys.POINTERS or any(a == "of" and b in en_keys.POINTERS for a, b in itertools.pairwise(words)))


def runs_into_value(key: str, grammar: str) -> bool:
    """An update's key cut into its value ("spacing up to every")."""
    words = key.lower().split()
    return grammar == "en" and bool(words) and words[-1] in en_keys.OPEN_KEY_END


# "Hana's moving to Thursday": the -ing forms of the verbs of change (lang/en/discourse.py) change too.
_CHANGING = en_keys.KEY_CHANGE_VERBS | frozenset(w for w in re.findall(r"[a-z]+", en_discourse.CHANGE_VERBS) if w.endswith("ing"))
_KEY_VERBS = _CHANGING | en_keys.KEY_DEAL_VERBS


def verb_cut(candidate: Candidate) -> Candidate:
    """A key that is a clause with a verb ("changed the gel plan", "mateo agreed the renewal", "team's bumped")
    is cut to the noun phrase the verb acts on, else the one acting; a verb of change makes it an update."""
    if not _english_keyed_value(candidate):
        return candidate
    words = candidate.key.split()
    at = next((i for i, word in enumerate(words) if word.lower() in _KEY_VERBS), None)
    if at is None:
        return candidate
    after = _trimmed(words[at + 1 :])
    before = _trimmed([w.removesuffix("'s").removesuffix("’s") for w in words[:at]])
    key = " ".join(after or before)
    if not key or not good_key(key, "en", 6):
        return candidate
    return replace(candidate, key=key, is_correction=candidate.is_correction or words[at].lower() in _CHANGING)


def said_new(candidate: Candidate) -> Candidate:
    """A value its sentence calls new ("New date is 28 August", "the revised budget: ...") or says takes effect from
    some time ("... from this week on") is an update of its subject."""
    if candidate.is_correction or not _english_keyed_value(candidate):
        return candidate
    text = candidate.text.lower()
    at = text.find(candidate.key)
    before = text[:at].split()[-2:] if at > 0 else []
    if any(word in en_keys.NEW_VALUE_WORDS for word in before) or en_keys.TAKES_EFFECT.search(text):
        return replace(candidate, is_correction=True)
    return candidate


def _english_keyed_value(candidate: Candidate) -> bool:
    return candidate.kind in (ItemKind.FACT, ItemKind.NUMBER) and candidate.lang != "zh" and bool(candidate.key)


def _trimmed(words: list[str]) -> list[str]:
    """The words without determiners before and particles or prepositions after."""
    while words and words[0].lower() in en_keys.KEY_CUT_DETERMINERS:
        words = words[1:]
    while words and words[-1].lower() in en_keys.KEY_CUT_LEFTOVERS:
        words = words[:-1]
    return words


def pointed_update(candidate: Candidate) -> Candidate:
    """A fact or number whose key points at a subject said before ("tighten that spacing to every 4 km",
    "so 18 of those in total", 一共 900 箱), or an update whose key was cut in the wrong place, is a keyless
    update: its subject is found in focus, and pointing at nothing it stores nothing."""
    grammar = "zh" if candidate.lang == "zh" else "en"
    if candidate.kind in (ItemKind.FACT, ItemKind.NUMBER) and (
        names_no_subject(candidate.key, grammar)
        or _one_of_several(candidate.key, candidate.text, grammar)
        or (candidate.is_correction and (runs_into_value(candidate.key, grammar) or _ends_in_object(candidate.key, grammar)))
    ):
        return replace(candidate, key="", is_correction=True)
    if candidate.kind in (ItemKind.FACT, ItemKind.NUMBER) and candidate.key and not _names_a_thing(candidate.key, grammar):
        # "whichever is lower", "一袋 25 公斤": no subject to keep the value under; a correction looks for one in focus.
        return replace(candidate, key="")
    return candidate


def _one_of_several(key: str, text: str, grammar: str) -> bool:
    """ "Make the overnight one 17": "the <word> one" picks one of the values said before by what tells it
    apart, a subject in focus; "phase one" names its own."""
    words = key.lower().split()
    return (
        grammar == "en"
        and len(words) >= 2
        and words[-1] in en_keys.ONE_WORDS
        and bool(re.search(en_keys.ONE_OF_SEVERAL.format(key=re.escape(key)), text, re.IGNORECASE))
    )


def _ends_in_object(key: str, grammar: str) -> bool:
    """An update's key that ends in an object pronoun is the clause before its value ("that brings us down to
    €478,500"); a statement's ("Estates gave us 12 TB") keeps its key."""
    words = key.lower().split()
    return grammar == "en" and bool(words) and words[-1] in en_keys.OBJECT_PRONOUNS


def _names_a_thing(key: str, grammar: str) -> bool:
    if grammar == "zh":
        return not zh_keys.MEASURE_PHRASE.fullmatch(normalize_key(key))
    words = key.lower().split()
    if len(words) == 1 and words[0] in en_keys.NOT_SUBJECTS:
        return False
    # A short word names a thing when it is a code ("M3", "Q4", "v2") or an acronym ("HR", "QA"); words joined
    # by a hyphen or an ampersand name one, whatever they are apart ("the thank-you", "the drop-off", "the Q&A").
    return any(len(term) > 2 for term in term_set(key)) or bool(_CODE_OR_ACRONYM.search(key) or _COMPOUND.search(key))


_CODE_OR_ACRONYM = regex_cache.compile(r"\b(?:[A-Za-z]+\d+|\d+[A-Za-z]+|[A-Z]{2,})\b")
_COMPOUND = regex_cache.compile(r"\b[A-Za-z]{2,}-[A-Za-z]{2,}\b|\b[A-Za-z]{1,3}&[A-Za-z]{1,3}\b")


def good_value(value: str, grammar: str) -> bool:
    if not value:
        return False
    if grammar == "zh":
        return (
            len(value) <= MAX_ZH_VALUE_CHARS
            and value.rstrip(zh_values.TRAILING_PARTICLES) not in zh_values.STOP_VALUES | {""}
            and not value.startswith(zh_values.BAD_VALUE_START)
            and not zh_values.DEGREE_ONLY.match(value.rstrip(zh_values.TRAILING_PARTICLES))
        )
    words = value.lower().split()
    if len(words) > MAX_VALUE_WORDS or words[0] in en_values.BAD_VALUE_START or en_values.STATE_TAIL.sub("", value.lower()) in STOP_VALUES:
        return False
    if words[0].strip(",") in STOP_VALUES and len(words) > 1 and words[1] in en_values.STATE_FOLLOWERS:
        return False  # "broken and blocks everyone's previews": a state and what it causes
    if en_values.HEDGE_WORD.search(value):
        return False  # "goes to the wrong handler sometimes"
    # "the build is failing", "the server is running on 8080": states of the moment, not settings.
    return not re.fullmatch(r"[a-z]+ing", words[0]) and not (len(words) == 1 and re.fullmatch(r"[a-z]+ed", words[0]))


# "Tom moved his visit to the 29th": a possessive key is the agent's. The agent is the words before the
# verb that leads to the key, after any opener ("Bad news, the piano tuner moved his visit ...").
_POSSESSIVE_KEY = re.compile(r"^(?:his|her|their)\s+(?P<rest>\S.*)$")
_AGENT_BEFORE = re.compile(
    r"(?:^|[,;:]\s*)(?:the\s+|our\s+|my\s+)?(?P<agent>(?!(?:he|she|they|we|i|you|it)\b)[a-z][\w'\-]*(?:\s+[a-z][\w'\-]*)?)"
    r"\s+(?:has\s+|have\s+|had\s+|just\s+)*[a-z]+\s+$",
    re.IGNORECASE,
)


def owned_key(key: str, sentence: str) -> str:
    """The key with a possessive pronoun resolved to the agent of its sentence, when one is named."""
    match = _POSSESSIVE_KEY.match(key)
    at = sentence.lower().find(key) if match else -1
    agent = _AGENT_BEFORE.search(sentence[:at]) if at > 0 else None
    return normalize_key(f"{agent.group('agent')}'s {match.group('rest')}") if agent and match else key
