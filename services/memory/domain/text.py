"""Text helpers shared by extraction and retrieval: language, sentences, keys and index terms.

Everything here is pure and cheap: it runs on every event at ingest and on
every query, so ASCII text takes fast paths and nothing allocates more than a
few small lists.
"""

import re
import unicodedata
from functools import lru_cache

from services.common.tokens import is_cjk

# Ideographs are roughly one word each, an English word about five letters:
# weighting ideographs by three lets a Chinese sentence with a few Latin terms
# ("部署目标是eu-west-1") still read as Chinese.
_IDEOGRAPH_WEIGHT = 3

# One full sentence ends at CJK terminators wherever they are, at Latin ones
# only before whitespace or the end (so "0.05", "eu-west-1.b" and URLs survive).
_TERMINATOR = re.compile(r"[。！？；…]+|[.!?]+(?=[\s\"'”’)\]]|$)")
_CLOSERS = "\"'”’)]」』"
# How a dot after an abbreviation reads, keyed by the lowercased word before it:
# "joined": never ends a sentence, the next word continues it ("e.g. Redis", "Dr. Lin", "Pte. Ltd.");
# "number": continues before a number or a lowercase word ("no. 5", "fig. 3"), ends before a capital ("No. We wait.");
# "end": may close a sentence (company suffixes, months, etc.): a capitalized next word starts a new one unless
# it is another abbreviation ("Co. Ltd."). Initials and dotted letters ("J.", "U.S") end a sentence only before
# one of _OPENERS_AFTER_DOT.
MONTH_ABBREVIATIONS = ("jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec")
_ABBREVIATIONS = {
    **dict.fromkeys(
        ("e.g", "i.e", "vs", "viz", "cf", "approx", "mr", "mrs", "ms", "mx", "dr", "prof", "rev", "hon", "st", "pte", "pty"), "joined"
    ),
    **dict.fromkeys(("no", "nos", "fig", "figs", "vol", "vols", "ch", "sec", "pp", "art", "para", "eq", "ref", "ca"), "number"),
    **dict.fromkeys(
        (
            "etc",
            "inc",
            "ltd",
            "co",
            "corp",
            "llc",
            "plc",
            "gmbh",
            "bros",
            "s.a",
            "b.v",
            "n.v",
            "jr",
            "sr",
            "dept",
            "est",
            "misc",
            "a.m",
            "p.m",
            "ph.d",
            *MONTH_ABBREVIATIONS,
        ),
        "end",
    ),
}
_DOTTED_LETTERS = re.compile(r"[a-z](?:\.[a-z])*")
_ROMAN = re.compile(r"[IVXLC]+[.,;:)]*")
_NEXT_WORD = re.compile(r"[\s\"'”’)\]」』]*[\"'“‘(\[「『]*(?P<word>[^\s\"'”’)\],;:]*)")
# Capitalized words that open a sentence rather than continue a name, so "plan B. Then" splits and
# "J. R. R. Tolkien" or "the U.S. Army" does not.
_OPENERS_AFTER_DOT = frozenset(
    [
        "a",
        "an",
        "the",
        "this",
        "that",
        "these",
        "those",
        "it",
        "its",
        "i",
        "we",
        "you",
        "he",
        "she",
        "they",
        "there",
        "here",
        "our",
        "my",
        "your",
        "their",
        "his",
        "her",
        "then",
        "also",
        "and",
        "but",
        "so",
        "or",
        "if",
        "when",
        "while",
        "after",
        "before",
        "once",
        "now",
        "next",
        "finally",
        "first",
        "however",
        "meanwhile",
        "anyway",
        "please",
        "always",
        "never",
        "don't",
        "do",
        "does",
        "did",
        "is",
        "are",
        "was",
        "were",
        "can",
        "could",
        "should",
        "would",
        "will",
        "let's",
        "let",
        "what",
        "why",
        "how",
        "which",
        "who",
        "where",
        "yes",
        "no",
        "ok",
        "okay",
        "thanks",
        "note",
        "use",
        "run",
        "make",
        "keep",
        "set",
        "add",
        "check",
        "send",
        "ask",
        "try",
        "go",
        "stop",
    ]
)
_BULLET = re.compile(r"^\s*(?:[-*•·▪‣◦+>]+\s+|#{1,6}\s+|\d{1,3}[.)]\s+|\d{1,3}、\s*|[（(]\d{1,3}[)）]\s*|[a-z][.)]\s+)")

_LEADING_DETERMINER = re.compile(r"^(?:(?:the|our|my|a|an|this|that|these|those|your|their|its)\s+)+")
_LEADING_ZH_POSSESSIVE = re.compile(
    r"^(?:我们的|咱们的|我的|你的|你们的|他们的|大家的|这个|那个|这些|那些|这里的|那里的|这边的|那边的|(?:这次|本次|此次|这回)的?)+"
)
# Context a key does not need, since every item is scoped to its session: "deploy target for this work",
# "feature flags here", "staging host, for later", 这个环境的值班负责人, 灰度发布这块.
_KEY_CONTEXT = {
    "en": re.compile(
        r"(?:,?\s+(?:for (?:all of )?(?:this|that|now|later|reference|the record)(?:\s+(?:work|project|task|change|effort|session|"
        r"repo|service|environment|env|setup|rollout|migration))?|here|(?:in|on|for|within) (?:this|the current|our) (?:project|"
        r"environment|env|repo|repository|session|setup|work|task|codebase)|fyi|btw))+$",
        re.IGNORECASE,
    ),
    "zh": re.compile(r"^(?:这个|本|该|当前|此)(?:环境|项目|仓库|集群|系统)(?:里|中|下|上)?的?|(?:这块|这部分|这一块|这边|这方面)$"),
}
_EDGE_PUNCT = " \t.,;:!?。，；：！？、…\"'`“”‘’()（）[]【】<>《》-–—"
_QUOTES = re.compile(r"[\"`“”「」『』《》*]")
_SPACE_NEAR_CJK = re.compile(r"(?<=[\u3400-\u9fff])\s+|\s+(?=[\u3400-\u9fff])")

# Discourse openers carry nothing; the ambiguous ones ("right", "note") only count when punctuated.
_OPENERS = {
    "en": re.compile(
        r"^(?:(?:ok(?:ay)?|so(?!\s+far\b)|and|also|oh|btw|by the way|fyi|plus|additionally|anyway|hey|hi|hmm+|um+|uh+|note that|"
        r"remember that|keep in mind that|just so you know|(?:in|for|on|within) (?:this|the current) (?:environment|env|project|repo|"
        r"repository|codebase|session|setup|work|task)|(?:we|i|(?:the )?team|everyone|we all)(?:'ve)? (?:agreed|decided)(?: on)?(?: that| to(?= (?:always|never|only|use|keep|run|go with|stick with|switch to)\b)|(?!\s+(?:to|on)\b))|"
        r"let's say(?: that)?|i'd say(?: that)?)\b[\s,:!.\-–—]*|"
        r"(?:alright|right|well|great|cool|perfect|yes|yeah|"
        r"yep|sure|thanks|thank you|got it|note|nb|ps|important|reminder|one more thing|heads up|quick note|before we (?:start|begin)|"
        r"first things first|first off|for the record|for context|side note|one thing|"
        r"(?:quick |short |brief )?(?:status update|status|recap|progress report)(?: (?:on|for|about|re) [^:,]{1,60})?)"
        r"\s*[,:!.\-–—]+\s*)+",
        re.IGNORECASE,
    ),
    "zh": re.compile(
        r"^(?:(?:对了|另外|还有|顺便说一下|顺便|补充一下|补充|注意|提醒一下|提醒|然后|那么|所以|总之|先说一下|说明一下)[，,：:、！!\s]*|"
        r"(?:好的|好吧|好|嗯+|哦|噢)[，,：:、！!\s]+)+"
    ),
}
# Openings that make what follows an opinion, a plan or a condition, not a statement.
_HEDGES = {
    "en": re.compile(
        r"^(?:i think|i guess|i believe|i suppose|i feel|i wonder|i assume|maybe|perhaps|probably|possibly|"
        r"presumably|hopefully|it seems|seems like|looks like|not sure|i'm not sure|i am not sure|let me|let's see|"
        r"i'll|i will|i'm going to|if|unless|whether)\b",
        re.IGNORECASE,
    ),
    "zh": re.compile(r"^(?:我觉得|我认为|我想|我猜|可能|也许|好像|似乎|大概|看起来|让我|我先|如果|假如|要是|不知道)"),
}
# Questions without a question mark start like one.
_QUESTIONS = {
    "en": re.compile(
        r"^(?:what|why|how|which|who|whom|whose|where|is it|are we|do we|do you|does|did|can you|"
        r"could you|would you|should we|shall we|will you)\b",
        re.IGNORECASE,
    ),
    "zh": re.compile(r"^(?:是否|是不是|为什么|怎么|如何|哪|什么|谁)"),
}
_QUESTION_END = ("?", "？", "吗", "呢", "么", "吗。", "呢。")

_LATIN_WORD = re.compile(r"\d+(?:\.\d+)+|[0-9a-z\u00c0-\u024f]+(?:'[a-z]+)?")
_STOP_WORDS = frozenset(
    [
        "a",
        "about",
        "above",
        "after",
        "again",
        "against",
        "all",
        "am",
        "an",
        "and",
        "any",
        "are",
        "aren't",
        "as",
        "at",
        "be",
        "because",
        "been",
        "before",
        "being",
        "below",
        "between",
        "both",
        "but",
        "by",
        "can",
        "can't",
        "cannot",
        "could",
        "couldn't",
        "did",
        "didn't",
        "do",
        "does",
        "doesn't",
        "doing",
        "don't",
        "down",
        "during",
        "each",
        "few",
        "for",
        "from",
        "further",
        "had",
        "hadn't",
        "has",
        "hasn't",
        "have",
        "haven't",
        "having",
        "he",
        "he'd",
        "he'll",
        "he's",
        "her",
        "here",
        "here's",
        "hers",
        "herself",
        "him",
        "himself",
        "his",
        "how",
        "how's",
        "i",
        "i'd",
        "i'll",
        "i'm",
        "i've",
        "if",
        "in",
        "into",
        "is",
        "isn't",
        "it",
        "it's",
        "its",
        "itself",
        "let's",
        "me",
        "more",
        "most",
        "mustn't",
        "my",
        "myself",
        "no",
        "nor",
        "not",
        "of",
        "off",
        "on",
        "once",
        "only",
        "or",
        "other",
        "ought",
        "our",
        "ours",
        "ourselves",
        "out",
        "over",
        "own",
        "same",
        "shan't",
        "she",
        "she'd",
        "she'll",
        "she's",
        "should",
        "shouldn't",
        "so",
        "some",
        "such",
        "than",
        "that",
        "that's",
        "the",
        "their",
        "theirs",
        "them",
        "themselves",
        "then",
        "there",
        "there's",
        "these",
        "they",
        "they'd",
        "they'll",
        "they're",
        "they've",
        "this",
        "those",
        "through",
        "to",
        "too",
        "under",
        "until",
        "up",
        "very",
        "was",
        "wasn't",
        "we",
        "we'd",
        "we'll",
        "we're",
        "we've",
        "were",
        "weren't",
        "what",
        "what's",
        "when",
        "when's",
        "where",
        "where's",
        "which",
        "while",
        "who",
        "who's",
        "whom",
        "why",
        "why's",
        "will",
        "with",
        "won't",
        "would",
        "wouldn't",
        "you",
        "you'd",
        "you'll",
        "you're",
        "you've",
        "your",
        "yours",
        "yourself",
        "yourselves",
        "also",
        "just",
        "please",
        "ok",
        "okay",
        "yes",
        "yeah",
        "hi",
        "hey",
        "thanks",
        "thank",
        "shall",
        "may",
        "might",
        "must",
        "still",
        "again",
        "now",
    ]
)
# Longest suffix first; each (suffix, shortest stem it may leave).
_SUFFIXES = (
    ("ations", 3),
    ("ation", 3),
    ("ments", 4),
    ("ment", 4),
    ("ings", 3),
    ("ing", 3),
    ("ies", 2),
    ("ied", 2),
    ("edly", 3),
    ("ed", 3),
    ("es", 3),
    ("ly", 4),
    ("s", 3),
)
_NO_PLURAL_S = ("ss", "us", "is", "os")
_UNDOUBLE = frozenset("bdgkmnprt")
_VOWELS = frozenset("aeiou")


@lru_cache(maxsize=4096)
def _is_ideograph(char: str) -> bool:
    """A CJK letter (not CJK punctuation or full-width symbols): what n-grams and language count."""
    return is_cjk(char) and char.isalnum()


def detect_lang(text: str) -> str:
    """ "zh" when CJK ideographs (weighted) outnumber Latin letters, else "en"."""
    if text.isascii():
        return "en"
    ideographs = letters = 0
    for char in text:
        if char.isascii():
            letters += char.isalpha()
        elif _is_ideograph(char):
            ideographs += 1
    return "zh" if ideographs and ideographs * _IDEOGRAPH_WEIGHT >= letters else "en"


def split_sentences(text: str) -> list[str]:
    """Sentences and bullet items of a message, stripped, bullets removed, terminators kept."""
    sentences: list[str] = []
    for line in text.splitlines():
        line = _BULLET.sub("", line, count=1).strip()
        start = 0
        for match in _TERMINATOR.finditer(line):
            end = match.end()
            if match.group().startswith(".") and len(match.group()) == 1 and _is_abbreviation(line, match.start()):
                continue
            while end < len(line) and line[end] in _CLOSERS:
                end += 1
            _add_sentence(sentences, line[start:end])
            start = end
        _add_sentence(sentences, line[start:])
    return sentences


def _is_abbreviation(line: str, dot: int) -> bool:
    """True when the dot at line[dot] closes an abbreviation inside a sentence, not the sentence itself."""
    word = line[:dot].rsplit(None, 1)[-1] if line[:dot].strip() else ""
    word = word.lstrip("(\"'“‘[「『").lower()
    kind = _ABBREVIATIONS.get(word) or ("initial" if _DOTTED_LETTERS.fullmatch(word) else "")
    if not kind:
        return False
    # _NEXT_WORD matches at every position (each of its parts may be empty).
    following = next_word.group("word") if (next_word := _NEXT_WORD.match(line, dot + 1)) else ""
    if kind == "joined" or not following[:1].isupper():
        return True  # digits, lowercase, symbols and CJK continue the sentence; at the line's end it does not matter
    bare = following.rstrip(".!?").lower()
    if kind == "number":
        return word != "no" and bool(_ROMAN.fullmatch(following))  # "Vol. IV", "Ch. XII"; "No. I think" splits
    if kind == "end":
        return bare in _ABBREVIATIONS  # "Co. Ltd.", "Pte. Ltd."
    return bare not in _OPENERS_AFTER_DOT


def ends_with_abbreviation(text: str) -> bool:
    """True when a final dot belongs to an abbreviation ("Acme Pte. Ltd."), so it is not punctuation to trim."""
    words = text.rstrip().rsplit(None, 1)
    return text.rstrip().endswith(".") and bool(words) and words[-1][:-1].lower().lstrip("(\"'") in _ABBREVIATIONS


def _add_sentence(sentences: list[str], piece: str) -> None:
    piece = piece.strip()
    if piece and any(char.isalnum() for char in piece):
        sentences.append(piece)


def is_question(sentence: str, lang: str) -> bool:
    """True for a question: a question mark or particle at the end, or an interrogative opening."""
    text = sentence.rstrip(" \t!！")
    return text.endswith(_QUESTION_END) or bool(_QUESTIONS[lang].match(text))


def is_hedged(sentence: str, lang: str) -> bool:
    """True when the sentence opens as an opinion or plan ("I think", "let me", 我觉得): no fact is stated."""
    return bool(_HEDGES[lang].match(sentence))


def strip_openers(sentence: str, lang: str) -> str:
    """The sentence without discourse openers ("ok, so", "also", "note:", 另外, 好的，)."""
    return _OPENERS[lang].sub("", sentence.strip()).strip()


def normalize_key(phrase: str) -> str:
    """The stable spelling of a key: lowercase, single spaces, no leading article or
    possessive (the/our/my/a/this, 我们的/这个), no edge punctuation or quotes."""
    key = _QUOTES.sub("", phrase.replace("\u3000", " ")).lower()
    key = " ".join(key.split()).strip(_EDGE_PUNCT)
    key = _LEADING_DETERMINER.sub("", key)
    if not key.isascii():
        key = _SPACE_NEAR_CJK.sub("", key)
        key = _LEADING_ZH_POSSESSIVE.sub("", key)
        key = key.rstrip("的").strip(_EDGE_PUNCT)
    return key.strip(_EDGE_PUNCT)


def context_free_key(phrase: str, lang: str) -> str:
    """normalize_key without the session-scoped context a phrase carries ("for this work", "here", 这个环境的)."""
    pattern = _KEY_CONTEXT["zh" if lang == "zh" else "en"]
    key = normalize_key(pattern.sub("", phrase.strip(_EDGE_PUNCT)))
    return normalize_key(pattern.sub("", key)) or key


def stem(word: str) -> str:
    """A small suffix stripper: deploy/deploys/deployed/deploying/deployment -> "deploy",
    latency/latencies -> "latency", install/installs/installation -> "install"."""
    if len(word) <= 3 or not word.isalpha():
        return word
    for suffix, shortest in _SUFFIXES:
        base = word[: -len(suffix)]
        if suffix in ("ed", "es", "ing") and word.endswith(suffix) and _short_e_base(base):
            return base + "e"  # used/uses/using -> use, aged -> age
        if not word.endswith(suffix) or len(base) < shortest:
            continue
        if suffix == "s":
            return word if word.endswith(_NO_PLURAL_S) else stem(base)
        if suffix in ("ies", "ied"):
            return base + "y"
        if suffix in ("ing", "ed", "ings") and len(base) > 3 and base[-1] == base[-2] and base[-1] in _UNDOUBLE:
            base = base[:-1]  # running -> run, stopped -> stop (but install stays)
        return _drop_final_e(base)
    return _drop_final_e(word)


def _short_e_base(base: str) -> bool:
    return len(base) == 2 and base[0] in _VOWELS and base[1] not in _VOWELS


def _drop_final_e(word: str) -> str:
    # configure/configured/configuration all meet at "configur", type/types at "typ".
    return word[:-1] if len(word) >= 4 and word.endswith("e") else word


def latin_terms(text: str) -> list[str]:
    """Stemmed Latin word tokens minus stop words, deduplicated, in first-seen order."""
    if not text.isascii():
        text = unicodedata.normalize("NFKC", text).replace("’", "'")
    terms: dict[str, None] = {}
    for word in _LATIN_WORD.findall(text.lower()):
        if word.endswith("'s"):
            word = word[:-2]
        if word in _STOP_WORDS or (len(word) == 1 and not word.isdigit()):
            continue
        terms[stem(word)] = None
    return list(terms)


def cjk_runs(text: str) -> list[str]:
    """Maximal runs of CJK ideographs (punctuation and Latin letters break a run)."""
    if text.isascii():
        return []
    runs: list[str] = []
    current: list[str] = []
    for char in text:
        if _is_ideograph(char):
            current.append(char)
        elif current:
            runs.append("".join(current))
            current = []
    if current:
        runs.append("".join(current))
    return runs


def _ngrams(text: str, size: int) -> list[str]:
    grams: dict[str, None] = {}
    for run in cjk_runs(text):
        for start in range(len(run) - size + 1):
            grams[run[start : start + size]] = None
    return list(grams)


def cjk_bigrams(text: str) -> list[str]:
    """Distinct two-character windows over each CJK run; a one-character run gives none."""
    return _ngrams(text, 2)


def cjk_trigrams(text: str) -> list[str]:
    """Distinct three-character windows over each CJK run; shorter runs give none."""
    return _ngrams(text, 3)


@lru_cache(maxsize=32768)
def term_set(text: str) -> frozenset[str]:
    """latin_terms and cjk_bigrams of a text, as a set; cached, as ranking analyses the same items again and again."""
    return frozenset(latin_terms(text)) | frozenset(cjk_bigrams(text))
