"""The regexes with which quoting.py tells a user's own words from pasted or quoted material.

The words are language data (lang/<lang>/quoting.py: mail headers, greetings, verbs of saying, what a pasted
thing is called); this module joins each language's fragments into one pattern and compiles it. What no
person's language decides stays here: quote marks, fences, markup, and the lines machines print (tracebacks,
test and diff output, log lines), whose words are the same whatever language the user writes in.
"""

import re

from services.memory import regex_cache
from services.memory.lang.en import quoting as en
from services.memory.lang.zh import quoting as zh

# A one-line message with none of these cannot hold a quotation, a tag, a comment, a fence, a pasted mail line or a
# line aimed at the assistant; plain substring tests, as this runs on every message. A word's apostrophe ("don't")
# does not count, nor does a plain colon ("Goal: ...").
_HINT_CHARS = '"“”「」『』‘’<>[@'
_HINT_WORDS = (*en.HINT_WORDS, "```", "~~~", *zh.HINT_WORDS)
_LONE_QUOTE = regex_cache.compile(r"(?<!\w)'|'(?!\w)")

_CLOSING_QUOTE = {'"': '"', "“": "”", "「": "」", "『": "』"}
_QUOTE_LINES = 40  # how far below its opening mark the closing mark of a quoted paste is looked for
_SENTENCE_BREAK = regex_cache.compile(r"[.!?。！？]\s*\S")  # more than one sentence: a message, not a term in quotes
_COMMENT = regex_cache.compile(r"<!--.*?(?:-->|\Z)", re.DOTALL)
_FENCE = regex_cache.compile(r"^ {0,3}(`{3,}|~{3,})")
_DELIMITER = regex_cache.compile(r"^\s*(?:-{3,}|[—–─]{2,}|={3,}|(?:\*\s*){3,}|_{3,}|\+{3,}|\"{3,}|'{3,})\s*$")
_QUOTE_LINE = regex_cache.compile(r"^\s*>(?![=\s]*\d)")  # not "> 5 retries" or ">= 3"
_INDENTED = regex_cache.compile(r"^(?: {4,}|\t)\S")
_CODE_LIKE = regex_cache.compile(
    r"[=(){}\[\];<>$#/\\|]|^\s*(?:def|class|import|from|return|if|for|while|const|let|var|function|"
    r"select|insert|update|export|echo|cd|npm|pnpm|pip|git|kubectl|docker|curl|sudo)\b",
    re.IGNORECASE,
)
_LIST_ITEM = regex_cache.compile(r"^\s*(?:[-*•+]|\d{1,3}[.)、])\s")
_TAG_OPEN = regex_cache.compile(r"^\s*<[?!]?(?P<name>[A-Za-z][\w:.-]*)(?:\s[^<>]*)?[/?]?>")
_MARKUP_LINES = 400  # how far below an opening tag its closing tag is looked for

# Pasted emails: headers in pairs (or a From: with an address), forward and reply markers, salutations.
_HEADER = regex_cache.compile(rf"^(?:{en.MAIL_HEADERS}|{zh.MAIL_HEADERS})\s*[:：]\s*\S")
_SENDER_HEADER = regex_cache.compile(rf"^(?:{en.SENDER_HEADERS}|{zh.SENDER_HEADERS})\s*[:：].*[\w.+-]+@[\w-]+\.\w")
_MAIL_HEADER_DETAIL = regex_cache.compile(
    rf"@[\w-]+\.\w|^(?:{en.SUBJECT_HEADERS}|{zh.SUBJECT_HEADERS})\s*[:：]|^(?:{en.DATE_HEADERS}|{zh.DATE_HEADERS})\s*[:：].*\d"
)
_MAIL_MARKER = regex_cache.compile(rf"^[\s\-_=*>]*(?:{en.MAIL_MARKERS}|{zh.MAIL_MARKERS})[\s\-_=*:：]*$", re.IGNORECASE)
_WROTE = regex_cache.compile(rf"^\s*(?:{en.WROTE}|{zh.WROTE})\s*[:：]\s*$", re.IGNORECASE)
_SALUTATION = regex_cache.compile(rf"^\s*(?:{en.SALUTATION}|{zh.SALUTATION})\s*$")
_MAIL_START = regex_cache.compile(
    "|".join(f"(?:{pattern.pattern})" for pattern in (_MAIL_MARKER, _WROTE, _SALUTATION, _SENDER_HEADER)), re.IGNORECASE
)
# "Hi Sam," opens a pasted email below the user's first line (the first line greets the assistant).
_GREETING = regex_cache.compile(rf"^\s*(?:{en.GREETING}|{zh.GREETING})\s*[,:，：!！]\s*$")
_SIGNOFF = regex_cache.compile(rf"^\s*(?:{en.SIGNOFF}|--|{zh.SIGNOFF})\s*[,.!，。！]?\s*$")
# A paragraph in which the user turns back to the assistant ends a pasted block.
_ADDRESSING = regex_cache.compile(
    rf"^(?:{en.ADDRESSING_LEAD}[,.!\s]+)*(?:{en.ADDRESSING}|{zh.ADDRESSING}|(?:{en.CHANGE_OF_TOPIC}|{zh.CHANGE_OF_TOPIC})(?:[,，:：!.]|\s))",
    re.IGNORECASE,
)

# An own line ending with a colon that announces pasted content: a verb of sending, saying or receiving,
# a pointer at a pasted thing ("here's the email", 这段), or its source ("From the wiki", 来自…).
_INTRO_EN = regex_cache.compile(en.INTRO, re.IGNORECASE)
_INTRO_ZH = regex_cache.compile(zh.INTRO)
# Without a colon, an intro must point at what follows and say why it is shown ("forwarded this, legit?",
# "pasting the README below"), and the pasted part must start a new paragraph unless the intro says "below".
_POINTER = regex_cache.compile(f"{en.POINTER}|{zh.POINTER}", re.IGNORECASE)
_BELOW = regex_cache.compile(f"{en.BELOW}|{zh.BELOW}", re.IGNORECASE)
_OWNERSHIP = regex_cache.compile(f"{en.OWNERSHIP}|{zh.OWNERSHIP}", re.IGNORECASE)

# Lines written at the assistant by someone else; a paragraph holding one is not the user's.
_INJECTED = regex_cache.compile(
    r"(?:^|(?<=[\s.!?。！？:：>]))SYSTEM(?:\s+(?:PROMPT|MESSAGE|NOTE|OVERRIDE))?\s*[:：]|"
    r"^\s*(?:\[(?:SYSTEM|INST|system|inst)\]|<\|?/?(?:system|im_start|im_end)\|?>|"
    rf"(?:{en.SYSTEM_LABEL}|{zh.SYSTEM_LABEL})\s*[:：]\s*(?:{en.INJECTED_OPENING}|{zh.INJECTED_OPENING}))|"
    rf"{en.INJECTED}|{zh.INJECTED}"
)
# Lines no person types: tracebacks, test and diff output, env files, log lines, tables, plans, JSON.
_MACHINE_LINE = regex_cache.compile(
    r"^\s*(?:Traceback \(most recent call last\)|File \".+\", line \d+|at [\w.$<>]+\(.*\)\s*$|[\w.]*(?:Error|Exception)\b(?::|$)|"
    r"panic:|goroutine \d+|---\s*(?:FAIL|PASS)|(?:FAIL|PASS|ok)\s+\S+\s+[\d.]+s|diff --git|index [0-9a-f]{6,}\.\.|"
    r"(?:---|\+\+\+) [ab]/|@@ .+ @@|[A-Z][A-Z0-9_]{2,}=\S|\[?\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}|"
    r"(?:INFO|WARN|WARNING|ERROR|DEBUG|TRACE|FATAL)\b|\d{2}:\d{2}:\d{2}\b|\|.*\|\s*$|[~+-] [\w.\"-]+ = |Plan: \d+ to add|"
    r"[\w]+\.{3,}:|\$ \S|>>> |[{}\[\]],?\s*$|\"[\w.-]+\"\s*:\s*|\S*/[\w./-]+:\d+(?::\d+)?\b|[=_*#-]{4,}\s*[^=_*#\s-].*[=_*#-]{4,}\s*$|"
    r"(?:FAILED|PASSED|SKIPPED)\b|\d+ (?:failed|passed|errors?|skipped)\b|[+-](?![+\s-])\S|\w+=\S+(?:\s+\w+=\S+)+|[✓✗✔✘]\s)"
)
_ROLE = regex_cache.compile(
    rf"^\s*(?:\[?\d{{1,2}}:\d{{2}}(?::\d{{2}})?\s*(?:[ap]m)?\]?\s*)?(?P<role>{en.ROLES}|{zh.ROLES})\s*[:：>]",
    re.IGNORECASE,
)

# Inline reported speech: a long quotation attributed to someone else, or "the email says: ..." on one line.
_QUOTE_SPAN = regex_cache.compile(r"\"[^\"\n]+\"|“[^”\n]+”|「[^」\n]+」|『[^』\n]+』|‘[^’\n]+’|(?<![\w'])'(?=\S)[^'\n]+(?<=\S)'(?!\w)")
_SAY = en.SAY
_CUE_BEFORE = regex_cache.compile(rf"(?:{en.CUE_BEFORE}|{zh.CUE_BEFORE})\s*[,:，：]?\s*$", re.IGNORECASE)
_CUE_AFTER = regex_cache.compile(rf"^\s*[,.，]?\s*(?:{en.CUE_AFTER}|{zh.CUE_AFTER})", re.IGNORECASE)
_OWN_CUE = regex_cache.compile(rf"(?:{en.OWN_CUE}|{zh.OWN_CUE})\s*[,:，：]?\s*$", re.IGNORECASE)
_REPORTED_COLON = regex_cache.compile(
    rf"^(?:{en.REPORTED_COLON}|{zh.REPORTED_COLON})\s*[:：]\s*"
    r"(?=[^\s\"“「『'‘])",  # a quotation after the colon is read as one (its framing may go on after it)
    re.IGNORECASE,
)
_MACHINE_SPEAKER = regex_cache.compile(rf"\b(?:{en.MACHINE_SPEAKERS})\b[^\"“'‘]{{0,20}}$", re.IGNORECASE)
_DIRECTIVE = regex_cache.compile(f"{en.DIRECTIVE}|{zh.DIRECTIVE}", re.IGNORECASE)
_LATIN_WORD = regex_cache.compile(r"[A-Za-z0-9]+")
_IDEOGRAPH = regex_cache.compile(r"[\u3400-\u9fff]")
_GAP = regex_cache.compile(r"[ \t]*\x00[ \t]*")
_GAP_BEFORE_PUNCT = regex_cache.compile(r"[,，]?[ \t]*\x00[ \t]*(?=[.。!?！？]|$)|[ \t]*\x00[ \t]*(?=[,;:，；：)\]])")
