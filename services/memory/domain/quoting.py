"""Telling the user's own words from what they paste into a message: emails, pages, code, chat logs, quotes.

Pasted material is quoted evidence. An instruction inside it ("New rule: ...", "SYSTEM: ...", 目标：...) belongs
to whoever wrote it and must never become the user's rule, goal or fact. Everything here is pure and runs on
every user message at ingest, so a one-line message with nothing that could open a quote returns at once.
"""

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class Segment:
    """A stretch of a message; joined in order, the segments give the message back exactly."""

    text: str
    quoted: bool
    # Why it is quoted: code, comment, markup, quote, email, pasted, delimited, injected, chat or reported.
    reason: str = ""


# A one-line message with none of these cannot hold a quotation, a tag, a comment, a fence, a pasted mail line or a
# line aimed at the assistant; plain substring tests, as this runs on every message. A word's apostrophe ("don't")
# does not count, nor does a plain colon ("Goal: ...").
_HINT_CHARS = "\"“”「」『』‘’<>[@"
_HINT_WORDS = ("system", "dear", "to whom", "wrote", "says", "said", "reads", "read ", "read:", "writes", "states", "claim",
               "original message", "forwarded message", "reading this", "processing this", "note to", "if you are a", "```",
               "~~~", "尊敬", "亲爱", "各位", "发件人", "说", "写", "称", "表示", "提到", "致", "给", "注意", "系统", "正在",
               "原始邮件", "原文", "转发")
_LONE_QUOTE = re.compile(r"(?<!\w)'|'(?!\w)")

_CLOSING_QUOTE = {'"': '"', "“": "”", "「": "」", "『": "』"}
_QUOTE_LINES = 40  # how far below its opening mark the closing mark of a quoted paste is looked for
_SENTENCE_BREAK = re.compile(r"[.!?。！？]\s*\S")  # more than one sentence: a message, not a term in quotes
_COMMENT = re.compile(r"<!--.*?(?:-->|\Z)", re.DOTALL)
_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
_DELIMITER = re.compile(r"^\s*(?:-{3,}|[—–─]{2,}|={3,}|(?:\*\s*){3,}|_{3,}|\+{3,}|\"{3,}|'{3,})\s*$")
_QUOTE_LINE = re.compile(r"^\s*>(?![=\s]*\d)")  # not "> 5 retries" or ">= 3"
_INDENTED = re.compile(r"^(?: {4,}|\t)\S")
_CODE_LIKE = re.compile(r"[=(){}\[\];<>$#/\\|]|^\s*(?:def|class|import|from|return|if|for|while|const|let|var|function|"
                        r"select|insert|update|export|echo|cd|npm|pnpm|pip|git|kubectl|docker|curl|sudo)\b", re.IGNORECASE)
_LIST_ITEM = re.compile(r"^\s*(?:[-*•+]|\d{1,3}[.)、])\s")
_TAG_OPEN = re.compile(r"^\s*<[?!]?(?P<name>[A-Za-z][\w:.-]*)(?:\s[^<>]*)?[/?]?>")
_MARKUP_LINES = 400  # how far below an opening tag its closing tag is looked for

# Pasted emails: headers in pairs (or a From: with an address), forward and reply markers, salutations.
_HEADER = re.compile(r"^(?:From|FROM|To|TO|Cc|CC|Bcc|BCC|Subject|SUBJECT|Date|DATE|Sent|SENT|Reply-To|"
                     r"发件人|收件人|抄送|主题|日期|发送时间|时间)\s*[:：]\s*\S")
_SENDER_HEADER = re.compile(r"^(?:From|FROM|Reply-To|发件人)\s*[:：].*[\w.+-]+@[\w-]+\.\w")
_MAIL_HEADER_DETAIL = re.compile(r"@[\w-]+\.\w|^(?:Subject|SUBJECT|主题)\s*[:：]|^(?:Date|DATE|Sent|SENT|日期|发送时间|时间)\s*[:：].*\d")
_MAIL_MARKER = re.compile(r"^[\s\-_=*>]*(?:original message|forwarded message|begin forwarded message|原始邮件|"
                          r"转发的?邮件|邮件原文)[\s\-_=*:：]*$", re.IGNORECASE)
_WROTE = re.compile(r"^\s*(?:on\s.{4,200}?\swrote|.{2,80}?写道)\s*[:：]\s*$", re.IGNORECASE)
_SALUTATION = re.compile(r"^\s*(?:(?i:dear)\s+(?!(?i:assistant|claude|chatgpt|ai|bot)\b)[^\n,，:：.。!?？]{1,60}[,:，：!]|"
                         r"(?i:to whom it may concern)[,:，：]?|(?:尊敬的|亲爱的|各位)[^\n,，:：.。!！?？]{1,30}[,:，：!！])\s*$")
_MAIL_START = re.compile("|".join(f"(?:{pattern.pattern})" for pattern in (_MAIL_MARKER, _WROTE, _SALUTATION, _SENDER_HEADER)),
                         re.IGNORECASE)
# "Hi Sam," opens a pasted email below the user's first line (the first line greets the assistant).
_GREETING = re.compile(r"^\s*(?:(?:Hi|Hello|Hey|Good (?:morning|afternoon|evening))(?:\s+(?!(?:Claude|ChatGPT|Assistant|AI|Bot)\b)"
                       r"[A-Z][\w.'-]*(?:\s+[A-Z][\w.'-]*){0,2})?|您好|你好)\s*[,:，：!！]\s*$")
_SIGNOFF = re.compile(r"^\s*(?:(?i:(?:kind|best|warm|warmest|many|with)\s+(?:regards|wishes|thanks)|regards|best|cheers|"
                      r"thanks|thank you|sincerely|yours\s+(?:sincerely|faithfully|truly)|respectfully)"
                      r"\s*[,.!]?(?:\s*[A-Z][\w.'-]*){0,3}|--|此致|敬礼|祝好|顺祝商祺|祝商祺|此致敬礼)\s*[,.!，。！]?\s*$")
# A paragraph in which the user turns back to the assistant ends a pasted block.
_ADDRESSING = re.compile(
    r"^(?:(?:so|ok(?:ay)?|anyway|hmm+|well|also|and|but|btw)[,.!\s]+)*(?:"
    r"(?:can|could|would|will)\s+you\b|(?:what|how)\s+(?:do|would|should)\s+(?:you|i|we)\b|what(?:'s|\s+is)\s+your\b|"
    r"(?:is|are|was|does|did)\s+(?:this|that|it|these|they)\b.*\?\s*$|(?:should|do|can|must)\s+(?:i|we)\b|"
    r"(?:please|pls)\s+(?:check|look|review|tell|help|verify|summari[sz]e|draft|flag|ignore|don't|do\s+not)\b|"
    r"help\s+me\b|tell\s+me\b|let\s+me\s+know\b|any\s+(?:thoughts|idea)|thoughts\b|wdyt\b|"
    r"(?:this|that|it)\s+(?:looks|seems|sounds|smells|feels)\b|"
    r"i\s+(?:think|suspect|doubt|never|didn't|did\s+not|don't\s+think|have\s+no|'m\s+not\s+sure|am\s+not\s+sure)\b|"
    r"(?:ignore|disregard)\s+(?:this|that|it|the\s+(?:email|message|above))\b|"
    r"(?:that|this)(?:'s|\s+is|\s+was)\s+(?:what\b|a\s+(?:log|chat|transcript|screenshot|copy|message|paste)\b|from\b)|"
    r"(?:你|您)(?:觉得|看|怎么看|帮我|能不能|可以|能否)|帮我|帮忙|麻烦你?|请你?帮|.*是不是|"
    r"我(?:觉得|怀疑|感觉|不确定)|感觉|怎么办|要不要|该不该|(?:这|那).{0,30}[吗呢]?[？?]\s*$|"
    r"(?:also|anyway|btw|by\s+the\s+way|separately|unrelated(?:ly)?|on\s+another\s+note|oh,?\s+and|p\.?s\.?|另外|还有|顺便|对了|"
    r"回到正题|言归正传)(?:[,，:：!.]|\s))",
    re.IGNORECASE)

# An own line ending with a colon that announces pasted content: a verb of sending, saying or receiving,
# a pointer at a pasted thing ("here's the email", 这段), or its source ("From the wiki", 来自…).
_ARTIFACT = (r"(?:e-?mail|mail|message|letter|memo|notice|newsletter|announcement|docs?|document(?:ation)?|page|wiki|"
             r"readme|article|post|thread|chat|transcript|logs?|output|traceback|stack\s?trace|ticket|comment|spec|"
             r"contract|polic(?:y|ies)|terms|agreement|clauses?|model\s+card|config(?:uration)?|file|snippet|text|"
             r"sms|reply|response|invoice|statement|flyer|leaflet|manual|faq|website|site|screenshot|code(?!s)|script|"
             r"diff|patch|yaml|json|csv|excerpt|source|kb|knowledge\s+base|help\s+cent(?:er|re)|description)")
_SOURCE = (r"(?:vendor|supplier|landlord|agency|school|bank|recruiter|client|customer|support|helpdesk|sender|seller|provider|"
           r"insurer|council)")
_INTRO_EN = re.compile(
    r"\b(?:sent|sends|forward(?:ed|ing|s)?|fwd|came\s+in|arrived|received|got\s+(?:this|these|an?|the\s+following)\b"
    r"(?!\s+(?:working|to\s+work|fixed|running|done|sorted|deployed|passing|wrong|right))|"
    r"says|said|reads|wrote|writes|replied|responded|posted|pasted|pasting|copied|copying|attached|quot(?:ed|ing)|verbatim|"
    r"looks?\s+(?:dodgy|suspicious|fishy|sketchy|off|weird|fake|like\s+(?:spam|phishing|a\s+scam))|suspicious|phishing|scam|"
    r"(?:this|that|these)\s+(?:is|was|are|were)\s+(?:in|on)\s+(?:the|their|a|an)\b|"
    r"(?:translate|summari[sz]e|proofread|rewrite|rephrase|paraphrase|explain|analy[sz]e|parse)\s+(?:this|these|that|it|"
    r"the\s+following|the\s+text|below)|check\s+(?:this|it)\s+out|look\s+at\s+this|take\s+a\s+look|what\s+do\s+you\s+make\s+of|"
    r"(?:here(?:'s|\s+is|\s+are)|this|these|that|the\s+following|below)(?:\s+[\w'-]+){0,4}?\s+" + _ARTIFACT + r"s?|"
    r"from\s+(?:the|our|their|a|an|my|this|that|his|her)?\s*(?:[\w'-]+\s+){0,2}?(?:" + _ARTIFACT + "|" + _SOURCE + r")s?|"
    r"(?:their|his|her|its|\w+'s)\s+(?:[\w-]+\s+)?(?:" + _ARTIFACT + "|" + _SOURCE + r")s?)\b[^:：]{0,80}[:：]$|"
    r"\b(?:the|this|that)\s+error\s*[:：]$",
    re.IGNORECASE)
_ARTIFACT_ZH = r"(?:邮件|消息|短信|通知|公告|文档|文件|合同|条款|协议|网页|页面|帖子|聊天记录|日志|报错|输出|代码|配置|内容|原文|说明|截图|回复|工单)"
_INTRO_ZH = re.compile(
    r"(?:发来|发过来|发给|发我|发的|转发|转来|转给|收到|原文|写着|写道|写的|说(?=\s*[:：]|的|道|过|了)|声称|看看|看一下|钓鱼|可疑|"
    r"诈骗|复制|粘贴|贴(?:了|一下|上|出)|摘录|翻译|"
    r"总结一下|来自|(?:这|这个|这封|这份|这段|这篇|这条|以下|下面|如下).{0,12}?" + _ARTIFACT_ZH + r"|这段|这封|这份|这篇|"
    r"(?<!我)(?<!我们)(?<!咱们)的.{0,6}?(?:邮件|消息|短信|通知|公告|文档|合同|条款|协议|网页|页面|帖子|聊天记录|回复|工单)).{0,40}[:：]$")
# Without a colon, an intro must point at what follows and say why it is shown ("forwarded this, legit?",
# "pasting the README below"), and the pasted part must start a new paragraph unless the intro says "below".
_POINTER = re.compile(
    r"\b(?:forward(?:ed|ing)|sent|got|received|pasting|pasted|copied|copying|quoting|came\s+in)\b.{0,60}(?:\b(?:legit|real|"
    r"genuine|scam|phishing|spam|dodgy|suspicious|fishy|sketchy|fake|thoughts|wdyt|below|the\s+following)\b|what\s+do\s+you\s+"
    r"think|is\s+it\b)|(?:转发|发来|收到|贴|复制).{0,30}(?:钓鱼|可疑|靠谱|真的吗|怎么看|如下|下面)", re.IGNORECASE)
_BELOW = re.compile(r"\b(?:below|the\s+following)\b|如下|下面", re.IGNORECASE)
_OWNERSHIP = re.compile(
    r"\b(?:my|our)\s+(?:own\s+)?(?:rules|conventions|requirements|preferences|plan|goals?|priorities|constraints|decisions|"
    r"notes|list|todos?|instructions|answer|summary|take|thoughts)\b|\bwhat\s+(?:i|we)\s+(?:want|need|decided|agreed|expect)\b|"
    r"\b(?:i|we)\s+(?:already\s+|just\s+|have\s+|had\s+)?(?:said|say|mentioned|wrote|agreed)\b|"
    r"(?:我|我们|咱们)的?(?:要求|规则|规矩|约定|偏好|计划|目标|需求|决定|想法|总结|待办|清单)|"
    r"(?:我|我们|咱们)(?:刚才|之前|已经|也)?(?:说|讲|写)", re.IGNORECASE)

# Lines written at the assistant by someone else; a paragraph holding one is not the user's.
_INJECTED = re.compile(
    r"(?:^|(?<=[\s.!?。！？:：>]))SYSTEM(?:\s+(?:PROMPT|MESSAGE|NOTE|OVERRIDE))?\s*[:：]|"
    r"^\s*(?:\[(?:SYSTEM|INST|system|inst)\]|<\|?/?(?:system|im_start|im_end)\|?>|"
    r"(?:System|系统(?:提示|指令|消息|通知)?)\s*[:：]\s*(?:(?i:you|from now on|ignore|override|assistant)|从现在|以后|今后|忽略|你|助手))|"
    r"\b(?i:(?:assistant|ai|llm|agent|bot|model)s?\s+(?:reading|processing)\s+this|note\s+to\s+(?:the\s+|any\s+)?"
    r"(?:ai|assistant|llm|model|agent|bot)s?|if\s+you\s+are\s+an?\s+(?:ai|llm|language\s+model|assistant|agent|bot))\b|"
    r"(?:致|给)(?:(?:AI|ai)\s*(?:助手|机器人|模型)?|智能助手|助手|机器人|大模型)[：:，,]|(?:AI|ai|助手|智能助手|机器人)(?:请注意|注意)[：:]|正在(?:阅读|处理)(?:这|此|本)")
# Lines no person types: tracebacks, test and diff output, env files, log lines, tables, plans, JSON.
_MACHINE_LINE = re.compile(
    r"^\s*(?:Traceback \(most recent call last\)|File \".+\", line \d+|at [\w.$<>]+\(.*\)\s*$|[\w.]*(?:Error|Exception)\b(?::|$)|"
    r"panic:|goroutine \d+|---\s*(?:FAIL|PASS)|(?:FAIL|PASS|ok)\s+\S+\s+[\d.]+s|diff --git|index [0-9a-f]{6,}\.\.|"
    r"(?:---|\+\+\+) [ab]/|@@ .+ @@|[A-Z][A-Z0-9_]{2,}=\S|\[?\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}|"
    r"(?:INFO|WARN|WARNING|ERROR|DEBUG|TRACE|FATAL)\b|\d{2}:\d{2}:\d{2}\b|\|.*\|\s*$|[~+-] [\w.\"-]+ = |Plan: \d+ to add|"
    r"[\w]+\.{3,}:|\$ \S|>>> |[{}\[\]],?\s*$|\"[\w.-]+\"\s*:\s*|\S*/[\w./-]+:\d+(?::\d+)?\b|[=_*#-]{4,}\s*[^=_*#\s-].*[=_*#-]{4,}\s*$|"
    r"(?:FAILED|PASSED|SKIPPED)\b|\d+ (?:failed|passed|errors?|skipped)\b|[+-](?![+\s-])\S|\w+=\S+(?:\s+\w+=\S+)+|[✓✗✔✘]\s)")
_ROLE = re.compile(r"^\s*(?:\[?\d{1,2}:\d{2}(?::\d{2})?\s*(?:[ap]m)?\]?\s*)?(?P<role>user|assistant|human|ai|bot|chatgpt|gpt|"
                   r"claude|用户|助手|机器人)\s*[:：>]", re.IGNORECASE)

# Inline reported speech: a long quotation attributed to someone else, or "the email says: ..." on one line.
_QUOTE_SPAN = re.compile(r"\"[^\"\n]+\"|“[^”\n]+”|「[^」\n]+」|『[^』\n]+』|‘[^’\n]+’|(?<![\w'])'(?=\S)[^'\n]+(?<=\S)'(?!\w)")
_SAY = (r"(?:says?|said|saying|writes?|wrote|written|reads?|states?|stated|claims?|claimed|tells?\s+(?:me|us|you)|"
        r"told\s+(?:me|us|you)|asks?|asked|insists?|insisted|warns?|warned|mentions?|mentioned|repl(?:y|ies|ied)|responded|"
        r"posted|announced|goes)")
_CUE_BEFORE = re.compile(r"(?:\b" + _SAY + r"|\baccording\s+to\s+[^,\"“]{1,40}|\bquoting|\bin\s+(?:the|their|his|her|its|a|an)"
                         r"\s+[\w' -]{1,30}|说|写着|写道|写的是|声称|称|表示|提到|原话是|原文是|里写|上写)\s*[,:，：]?\s*$", re.IGNORECASE)
_CUE_AFTER = re.compile(r"^\s*[,.，]?\s*(?:" + _SAY + r"\b|according\s+to\b|(?:the|their|his|her|its|a|an|my|our|that|this)"
                        r"\s+[\w' -]{1,30}?\s+" + _SAY + r"\b|(?:he|she|they|it|you)\s+" + _SAY + r"\b|[^，,。]{0,12}(?:说的|写的|的原话))",
                        re.IGNORECASE)
_OWN_CUE = re.compile(r"(?:\b(?:i|we)(?:\s+\w+){0,2}\s+" + _SAY + r"|\b(?:should|must|will|shall|would|could|can|to|has\s+to|"
                      r"have\s+to|needs?\s+to)\s+(?:\w+\s+)?(?:read|say|state|write)|(?:我|我们|咱们)(?:刚才|之前|已经|也|都)?(?:说|写|讲))"
                      r"\s*[,:，：]?\s*$", re.IGNORECASE)
_REPORTED_COLON = re.compile(
    r"^(?:[^:：\n]{0,60}?\b(?:e-?mail|mail|message|letter|docs?|document|page|wiki|readme|article|post|notice|memo|ticket|"
    r"comment|card|manual|website|site|contract|policy|spec|faq|banner|popup|sms|text)\b[^:：\n]{0,30}?\b"
    r"(?:says|said|reads|read|writes|wrote|states|stated|claims|claimed)|[^：:\n]{0,30}?(?:邮件|消息|短信|通知|公告|文档|"
    r"页面|网页|wiki|合同|条款|协议|说明|帖子|工单|评论)[^：:\n]{0,15}?(?:说|写着|写道|写的是|称|表示|提到|里写))\s*[:：]\s*"
    r"(?=[^\s\"“「『'‘])",  # a quotation after the colon is read as one (its framing may go on after it)
    re.IGNORECASE)
_MACHINE_SPEAKER = re.compile(r"\b(?:job|build|ci|pipeline|tests?|logs?|errors?|compiler|linter|console|terminal|server|"
                             r"output|stack\s?trace|traceback|check|step|command|cli|tsc|mypy|pytest|npm|pnpm|vite|"
                             r"webpack|cargo|kubectl|docker|shell)\b[^\"“'‘]{0,20}$", re.IGNORECASE)
_DIRECTIVE = re.compile(r"\b(?:always|never|must|should|shall|from now on|going forward|rule|goal|policy|require[sd]?|"
                        r"do not|don't|please|approve|grant|allow|ignore|switch|use)\b|以后|今后|从现在|必须|一律|不要|禁止|"
                        r"规定|规则|目标|改用|统一|务必|请", re.IGNORECASE)
_LATIN_WORD = re.compile(r"[A-Za-z0-9]+")
_IDEOGRAPH = re.compile(r"[\u3400-\u9fff]")
_GAP = re.compile(r"[ \t]*\x00[ \t]*")
_GAP_BEFORE_PUNCT = re.compile(r"[,，]?[ \t]*\x00[ \t]*(?=[.。!?！？]|$)|[ \t]*\x00[ \t]*(?=[,;:，；：)\]])")


def split_voice(text: str) -> list[Segment]:
    """The message as segments in order, each the user's own words or quoted/pasted material.

    "".join(s.text for s in split_voice(text)) == text; a message with nothing quoted is one own segment.
    """
    if not text:
        return []
    if "\n" not in text and not _maybe_quoted(text):
        return [Segment(text, False)]
    return _segments(text, _quoted_spans(text))


def own_words(text: str) -> str:
    """The message without its quoted or pasted parts: the user's own lines in order, joined by newlines.

    A message with nothing quoted comes back unchanged; one that is all quoted gives "". Where a quotation
    is cut out of a line, the user's framing around it stays on that line.
    """
    segments = split_voice(text)
    if not any(segment.quoted for segment in segments):
        return text
    joined = "".join(s.text if not s.quoted else "\n" if "\n" in s.text else "\x00" for s in segments)
    lines = (_GAP.sub(" ", _GAP_BEFORE_PUNCT.sub("", line)).strip() for line in joined.split("\n"))
    return "\n".join(line for line in lines if line)


def _maybe_quoted(line: str) -> bool:
    """False when a line cannot hold a quotation or an injected line: the cheap test before any regex work."""
    if any(char in line for char in _HINT_CHARS) or ("'" in line and _LONE_QUOTE.search(line)):
        return True
    low = line.lower()
    return any(word in low for word in _HINT_WORDS)


def _segments(text: str, spans: list[tuple[int, int, str]]) -> list[Segment]:
    segments: list[Segment] = []
    position = 0
    for start, end, reason in sorted(spans):
        start = max(start, position)
        if end <= start:
            continue
        if start > position:
            segments.append(Segment(text[position:start], False))
        elif segments and segments[-1].quoted and segments[-1].reason == reason:
            start -= len(segments.pop().text)  # one segment per run of lines quoted for the same reason
        segments.append(Segment(text[start:end], True, reason))
        position = end
    if position < len(text):
        segments.append(Segment(text[position:], False))
    return segments


def _quoted_spans(text: str) -> list[tuple[int, int, str]]:
    spans = [(m.start(), m.end(), "comment") for m in _COMMENT.finditer(text)]
    view = _COMMENT.sub(lambda m: re.sub(r"[^\n]", " ", m.group()), text) if spans else text
    lines = view.splitlines(keepends=True)
    marks = _mark_lines([line.rstrip("\r\n") for line in lines])
    offset = 0
    for line, reason in zip(lines, marks):
        if reason:
            spans.append((offset, offset + len(line), reason))
        else:
            spans.extend((offset + a, offset + b, why) for a, b, why in _inline_spans(line.rstrip("\r\n")))
        offset += len(line)
    return spans


def _mark_lines(lines: list[str]) -> list[str]:
    """A reason per line: "" for the user's own, else why it is quoted."""
    marks = [""] * len(lines)
    i = 0
    while i < len(lines):
        start, end, reason = _block_at(lines, i)
        marks[start:end] = [reason] * (end - start)
        i = max(end, i + 1)
    _mark_paragraphs(lines, marks)
    return marks


def _block_at(lines: list[str], i: int) -> tuple[int, int, str]:
    """The quoted block that starts at (or, after an intro line, just below) line i; (i, i, "") when none."""
    line, stripped = lines[i], lines[i].strip()
    if not stripped:
        return i, i, ""
    fence = _FENCE.match(line)
    if fence:
        return i, _fence_end(lines, i, fence.group(1)), "code"
    if _DELIMITER.match(stripped):
        close = _closing_delimiter(lines, i)
        return (i, close + 1, "delimited") if close is not None else (i, i, "")
    if _starts_email(lines, i):
        after = _next_nonblank(lines, i + 1)
        if _WROTE.match(stripped) and after is not None and _QUOTE_LINE.match(lines[after]):
            return i, _run_end(lines, after, _QUOTE_LINE), "quote"
        return i, _region_end(lines, i + 1), "email"
    if _QUOTE_LINE.match(line):
        return i, _run_end(lines, i, _QUOTE_LINE), "quote"
    quoted_to = _whole_quote_end(lines, i)
    if quoted_to is not None:
        return i, quoted_to, "quote"
    if line.lstrip().startswith("<"):
        return i, _markup_end(lines, i), "markup"
    if _INDENTED.match(line) and i > 0 and (not lines[i - 1].strip() or lines[i - 1].rstrip().endswith((":", "："))):
        end = _run_end(lines, i, _INDENTED)
        block = [item for item in lines[i:end] if item.strip()]
        own_list = all(_LIST_ITEM.match(item) for item in block)
        # Under a heading ("Rules:") an indented block is code only when it reads like code.
        if own_list or (lines[i - 1].strip() and not any(_CODE_LIKE.search(item) for item in block)):
            return i, i, ""
        return i, end, "code"
    if _is_intro(stripped) or (i + 1 < len(lines) and (not lines[i + 1].strip() or _DELIMITER.match(lines[i + 1])
                                                       or _BELOW.search(stripped)) and _POINTER.search(stripped)):
        first = _next_nonblank(lines, i + 1)
        if first is None or _FENCE.match(lines[first]):
            return i, i, ""
        if _DELIMITER.match(lines[first].strip()):
            close = _closing_delimiter(lines, first)
            return first, close + 1 if close is not None else _region_end(lines, first + 1), "pasted"
        return first, _region_end(lines, first + 1), "pasted"
    return i, i, ""


def _whole_quote_end(lines: list[str], i: int) -> int | None:
    """The end (exclusive) of a block that is one long quotation from its first character to its last,
    a pasted message put in quotation marks; None otherwise. Users do not wrap their own paragraphs in quotes."""
    stripped = lines[i].strip()
    closer = _CLOSING_QUOTE.get(stripped[:1])
    if closer is None:
        return None
    for j in range(i, min(len(lines), i + _QUOTE_LINES)):
        tail = lines[j].rstrip()
        body = "\n".join(lines[i : j + 1]).strip()[1:]
        if j > i and not tail:
            return None  # a blank line first: not one quotation
        if tail.endswith(closer) and (j > i or len(stripped) > 1) and closer not in body[:-1]:
            return j + 1 if _is_statement(body[:-1]) and _SENTENCE_BREAK.search(body[:-1]) else None
    return None


def _is_intro(stripped: str) -> bool:
    if not stripped.endswith((":", "：")) or _HEADER.match(stripped):
        return False
    return bool(_INTRO_EN.search(stripped) or _INTRO_ZH.search(stripped)) and not _OWNERSHIP.search(stripped)


def _starts_email(lines: list[str], i: int) -> bool:
    stripped = lines[i].strip()
    if _MAIL_START.match(stripped) or (i > 0 and _GREETING.match(stripped)):
        return True
    if not _HEADER.match(stripped):
        return False
    # Two header lines in a row, one of them an address, a subject or a dated line ("From: staging / To: prod" is not mail).
    run = [line.strip() for line in lines[i:i + 8]]
    run = run[:next((k for k, line in enumerate(run) if not _HEADER.match(line)), len(run))]
    return len(run) >= 2 and any(_MAIL_HEADER_DETAIL.search(line) for line in run)


def _region_end(lines: list[str], start: int) -> int:
    """Where the user's own voice resumes after a pasted block that has no closing delimiter: after a separator
    line ("---"), or at a paragraph that turns back to the assistant; an email's own questions ("Can you confirm
    your details?") do not count while its sign-off is still ahead. Otherwise the block runs to the end."""
    signed = False
    for j in range(start, len(lines)):
        stripped = lines[j].strip()
        if _DELIMITER.match(stripped):
            return j + 1
        if _SIGNOFF.match(stripped):
            signed = True
        elif not stripped:
            following = _next_nonblank(lines, j)
            if following is None:
                return len(lines)
            if _ADDRESSING.match(lines[following].strip()) and (signed or not _signoff_ahead(lines, following)):
                return following
        elif signed and _ADDRESSING.match(stripped):
            return j
    return len(lines)


def _signoff_ahead(lines: list[str], start: int) -> bool:
    for line in lines[start:]:
        if _DELIMITER.match(line):
            return False
        if _SIGNOFF.match(line):
            return True
    return False


def _fence_end(lines: list[str], i: int, fence: str) -> int:
    for j in range(i + 1, len(lines)):
        if lines[j].strip().startswith(fence[0] * len(fence)) and not lines[j].strip().strip(fence[0]):
            return j + 1
    return len(lines)


def _closing_delimiter(lines: list[str], i: int) -> int | None:
    kind = _delimiter_kind(lines[i])
    return next((j for j in range(i + 1, len(lines)) if _DELIMITER.match(lines[j]) and _delimiter_kind(lines[j]) == kind), None)


def _delimiter_kind(line: str) -> str:
    first = line.strip()[0]
    return "-" if first in "-—–─" else first


def _run_end(lines: list[str], i: int, pattern: re.Pattern[str]) -> int:
    """The end of the run of lines matching pattern from line i; blank lines inside the run belong to it."""
    end = i
    for j in range(i, len(lines)):
        if pattern.match(lines[j]):
            end = j + 1
        elif lines[j].strip():
            break
    return end


def _markup_end(lines: list[str], i: int) -> int:
    """After a line opening with a tag: through the line closing that element, else a line of tags alone."""
    tag = _TAG_OPEN.match(lines[i])
    if not tag:
        return i
    closing = re.compile(rf"</{re.escape(tag.group('name'))}\s*>", re.IGNORECASE)
    close = next((j for j in range(i, min(len(lines), i + _MARKUP_LINES)) if closing.search(lines[j])), None)
    if close is not None:
        return close + 1
    return i + 1 if lines[i].rstrip().endswith(">") else i


def _mark_paragraphs(lines: list[str], marks: list[str]) -> None:
    """Quote, below the user's framing lines, each paragraph that holds a line aimed at the assistant by someone
    else (SYSTEM:, "AI reading this") or is mostly machine text; then a chat log of two or more speaker roles."""
    start = 0
    while start < len(lines):
        if not lines[start].strip():
            start += 1
            continue
        end = start
        while end < len(lines) and lines[end].strip():
            end += 1
        hits = [j for j in range(start, end) if not marks[j] and _maybe_quoted(lines[j]) and _INJECTED.search(lines[j])]
        if hits:
            first = _after_framing(lines, start, hits[0])
            marks[first:end] = [mark or "injected" for mark in marks[first:end]]
        else:
            _mark_machine(lines, marks, start, end)
        start = end
    roles = [(j, m.group("role").lower()) for j, line in enumerate(lines) if not marks[j] and (m := _ROLE.match(line))]
    if len(roles) >= 2 and len({role for _, role in roles}) >= 2:
        end = roles[-1][0] + 1  # the last turn runs on until a blank line or the user's own remark on it
        while end < len(lines) and lines[end].strip() and not _ADDRESSING.match(lines[end].strip()):
            end += 1
        marks[roles[0][0]:end] = [mark or "chat" for mark in marks[roles[0][0]:end]]


def _after_framing(lines: list[str], start: int, end: int) -> int:
    """The first line at or after start that is not the user's framing of what follows ("Can you look at this?",
    "Here's the ticket:"); end bounds the search, and a machine line ("goroutine 7 [running]:") is never framing."""
    while start < end and not _MACHINE_LINE.match(lines[start]) and (
            lines[start].rstrip().endswith((":", "：", "?", "？")) or _ADDRESSING.match(lines[start].strip())):
        start += 1
    return start


def _mark_machine(lines: list[str], marks: list[str], start: int, end: int) -> None:
    """Quote a paragraph that is mostly machine text (a traceback, a diff, env lines, logs, a table, a plan),
    from below the user's framing to its end, leaving a closing remark to the assistant ("why?") to the user."""
    body = _after_framing(lines, start, end)
    machine = 0
    for j in range(body, end):
        # A line indented under a machine line ("  File ...", then its source line) is machine text too.
        if _MACHINE_LINE.match(lines[j]) or (j > body and lines[j][:2] == "  " and _MACHINE_LINE.match(lines[j - 1])):
            machine += 1
    tail = end
    while tail > body and _ADDRESSING.match(lines[tail - 1].strip()):
        tail -= 1
    if machine >= 2 and machine * 5 >= (end - body) * 3:
        marks[body:tail] = [mark or "code" for mark in marks[body:tail]]


def _inline_spans(line: str) -> list[tuple[int, int, str]]:
    colon = _REPORTED_COLON.match(line) if ":" in line or "：" in line else None
    if colon:
        return [(colon.end(), len(line), "reported")]
    return [(m.start(), m.end(), "reported") for m in _QUOTE_SPAN.finditer(line)
            if _is_statement(m.group()[1:-1]) and _reported(line, m.start(), m.end())]


def _is_statement(quote: str) -> bool:
    """A quotation long enough to carry an instruction or a claim: "call it 'alpha'" does not, nor does
    a short lowercase error text ("no space left on device")."""
    words = len(_LATIN_WORD.findall(quote))
    ideographs = len(_IDEOGRAPH.findall(quote))
    if ideographs:
        return ideographs >= 6 or (ideographs + words >= 4 and bool(_DIRECTIVE.search(quote)))
    return words >= 7 or (words >= 4 and (quote.lstrip("(['‘“")[:1].isupper() or bool(_DIRECTIVE.search(quote))))


def _reported(line: str, start: int, end: int) -> bool:
    """True when the quotation at line[start:end] is attributed to a person or a document other than the user
    (a job or a tool quoted by the user is the user's own report of what happened)."""
    before = line[max(0, start - 80):start]
    if _OWN_CUE.search(before) or _MACHINE_SPEAKER.search(before):
        return False
    return bool(_CUE_BEFORE.search(before) or _CUE_AFTER.match(line[end:end + 60]))


def _next_nonblank(lines: list[str], start: int) -> int | None:
    return next((j for j in range(start, len(lines)) if lines[j].strip()), None)
