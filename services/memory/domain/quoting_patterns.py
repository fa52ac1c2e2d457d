"""The regexes and word lists with which quoting.py tells a user's own words from pasted or quoted material."""

import re

# A one-line message with none of these cannot hold a quotation, a tag, a comment, a fence, a pasted mail line or a
# line aimed at the assistant; plain substring tests, as this runs on every message. A word's apostrophe ("don't")
# does not count, nor does a plain colon ("Goal: ...").
_HINT_CHARS = '"“”「」『』‘’<>[@'
_HINT_WORDS = (
    "system",
    "dear",
    "to whom",
    "wrote",
    "says",
    "said",
    "reads",
    "read ",
    "read:",
    "writes",
    "states",
    "claim",
    "original message",
    "forwarded message",
    "reading this",
    "processing this",
    "note to",
    "if you are a",
    "```",
    "~~~",
    "尊敬",
    "亲爱",
    "各位",
    "发件人",
    "说",
    "写",
    "称",
    "表示",
    "提到",
    "致",
    "给",
    "注意",
    "系统",
    "正在",
    "原始邮件",
    "原文",
    "转发",
)
_LONE_QUOTE = re.compile(r"(?<!\w)'|'(?!\w)")

_CLOSING_QUOTE = {'"': '"', "“": "”", "「": "」", "『": "』"}
_QUOTE_LINES = 40  # how far below its opening mark the closing mark of a quoted paste is looked for
_SENTENCE_BREAK = re.compile(r"[.!?。！？]\s*\S")  # more than one sentence: a message, not a term in quotes
_COMMENT = re.compile(r"<!--.*?(?:-->|\Z)", re.DOTALL)
_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
_DELIMITER = re.compile(r"^\s*(?:-{3,}|[—–─]{2,}|={3,}|(?:\*\s*){3,}|_{3,}|\+{3,}|\"{3,}|'{3,})\s*$")
_QUOTE_LINE = re.compile(r"^\s*>(?![=\s]*\d)")  # not "> 5 retries" or ">= 3"
_INDENTED = re.compile(r"^(?: {4,}|\t)\S")
_CODE_LIKE = re.compile(
    r"[=(){}\[\];<>$#/\\|]|^\s*(?:def|class|import|from|return|if|for|while|const|let|var|function|"
    r"select|insert|update|export|echo|cd|npm|pnpm|pip|git|kubectl|docker|curl|sudo)\b",
    re.IGNORECASE,
)
_LIST_ITEM = re.compile(r"^\s*(?:[-*•+]|\d{1,3}[.)、])\s")
_TAG_OPEN = re.compile(r"^\s*<[?!]?(?P<name>[A-Za-z][\w:.-]*)(?:\s[^<>]*)?[/?]?>")
_MARKUP_LINES = 400  # how far below an opening tag its closing tag is looked for

# Pasted emails: headers in pairs (or a From: with an address), forward and reply markers, salutations.
_HEADER = re.compile(
    r"^(?:From|FROM|To|TO|Cc|CC|Bcc|BCC|Subject|SUBJECT|Date|DATE|Sent|SENT|Reply-To|"
    r"发件人|收件人|抄送|主题|日期|发送时间|时间)\s*[:：]\s*\S"
)
_SENDER_HEADER = re.compile(r"^(?:From|FROM|Reply-To|发件人)\s*[:：].*[\w.+-]+@[\w-]+\.\w")
_MAIL_HEADER_DETAIL = re.compile(r"@[\w-]+\.\w|^(?:Subject|SUBJECT|主题)\s*[:：]|^(?:Date|DATE|Sent|SENT|日期|发送时间|时间)\s*[:：].*\d")
_MAIL_MARKER = re.compile(
    r"^[\s\-_=*>]*(?:original message|forwarded message|begin forwarded message|原始邮件|"
    r"转发的?邮件|邮件原文)[\s\-_=*:：]*$",
    re.IGNORECASE,
)
_WROTE = re.compile(r"^\s*(?:on\s.{4,200}?\swrote|.{2,80}?写道)\s*[:：]\s*$", re.IGNORECASE)
_SALUTATION = re.compile(
    r"^\s*(?:(?i:dear)\s+(?!(?i:assistant|claude|chatgpt|ai|bot)\b)[^\n,，:：.。!?？]{1,60}[,:，：!]|"
    r"(?i:to whom it may concern)[,:，：]?|(?:尊敬的|亲爱的|各位)[^\n,，:：.。!！?？]{1,30}[,:，：!！])\s*$"
)
_MAIL_START = re.compile(
    "|".join(f"(?:{pattern.pattern})" for pattern in (_MAIL_MARKER, _WROTE, _SALUTATION, _SENDER_HEADER)), re.IGNORECASE
)
# "Hi Sam," opens a pasted email below the user's first line (the first line greets the assistant).
_GREETING = re.compile(
    r"^\s*(?:(?:Hi|Hello|Hey|Good (?:morning|afternoon|evening))(?:\s+(?!(?:Claude|ChatGPT|Assistant|AI|Bot)\b)"
    r"[A-Z][\w.'-]*(?:\s+[A-Z][\w.'-]*){0,2})?|您好|你好)\s*[,:，：!！]\s*$"
)
_SIGNOFF = re.compile(
    r"^\s*(?:(?i:(?:kind|best|warm|warmest|many|with)\s+(?:regards|wishes|thanks)|regards|best|cheers|"
    r"thanks|thank you|sincerely|yours\s+(?:sincerely|faithfully|truly)|respectfully)"
    r"\s*[,.!]?(?:\s*[A-Z][\w.'-]*){0,3}|--|此致|敬礼|祝好|顺祝商祺|祝商祺|此致敬礼)\s*[,.!，。！]?\s*$"
)
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
    re.IGNORECASE,
)

# An own line ending with a colon that announces pasted content: a verb of sending, saying or receiving,
# a pointer at a pasted thing ("here's the email", 这段), or its source ("From the wiki", 来自…).
_ARTIFACT = (
    r"(?:e-?mail|mail|message|letter|memo|notice|newsletter|announcement|docs?|document(?:ation)?|page|wiki|"
    r"readme|article|post|thread|chat|transcript|logs?|output|traceback|stack\s?trace|ticket|comment|spec|"
    r"contract|polic(?:y|ies)|terms|agreement|clauses?|model\s+card|config(?:uration)?|file|snippet|text|"
    r"sms|reply|response|invoice|statement|flyer|leaflet|manual|faq|website|site|screenshot|code(?!s)|script|"
    r"diff|patch|yaml|json|csv|excerpt|source|kb|knowledge\s+base|help\s+cent(?:er|re)|description)"
)
_SOURCE = (
    r"(?:vendor|supplier|landlord|agency|school|bank|recruiter|client|customer|support|helpdesk|sender|seller|provider|"
    r"insurer|council)"
)
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
    re.IGNORECASE,
)
_ARTIFACT_ZH = (
    r"(?:邮件|消息|短信|通知|公告|文档|文件|合同|条款|协议|网页|页面|帖子|聊天记录|日志|报错|输出|代码|配置|内容|原文|说明|截图|回复|工单)"
)
_INTRO_ZH = re.compile(
    r"(?:发来|发过来|发给|发我|发的|转发|转来|转给|收到|原文|写着|写道|写的|说(?=\s*[:：]|的|道|过|了)|声称|看看|看一下|钓鱼|可疑|"
    r"诈骗|复制|粘贴|贴(?:了|一下|上|出)|摘录|翻译|"
    r"总结一下|来自|(?:这|这个|这封|这份|这段|这篇|这条|以下|下面|如下).{0,12}?" + _ARTIFACT_ZH + r"|这段|这封|这份|这篇|"
    r"(?<!我)(?<!我们)(?<!咱们)的.{0,6}?(?:邮件|消息|短信|通知|公告|文档|合同|条款|协议|网页|页面|帖子|聊天记录|回复|工单)).{0,40}[:：]$"
)
# Without a colon, an intro must point at what follows and say why it is shown ("forwarded this, legit?",
# "pasting the README below"), and the pasted part must start a new paragraph unless the intro says "below".
_POINTER = re.compile(
    r"\b(?:forward(?:ed|ing)|sent|got|received|pasting|pasted|copied|copying|quoting|came\s+in)\b.{0,60}(?:\b(?:legit|real|"
    r"genuine|scam|phishing|spam|dodgy|suspicious|fishy|sketchy|fake|thoughts|wdyt|below|the\s+following)\b|what\s+do\s+you\s+"
    r"think|is\s+it\b)|(?:转发|发来|收到|贴|复制).{0,30}(?:钓鱼|可疑|靠谱|真的吗|怎么看|如下|下面)",
    re.IGNORECASE,
)
_BELOW = re.compile(r"\b(?:below|the\s+following)\b|如下|下面", re.IGNORECASE)
_OWNERSHIP = re.compile(
    r"\b(?:my|our)\s+(?:own\s+)?(?:rules|conventions|requirements|preferences|plan|goals?|priorities|constraints|decisions|"
    r"notes|list|todos?|instructions|answer|summary|take|thoughts)\b|\bwhat\s+(?:i|we)\s+(?:want|need|decided|agreed|expect)\b|"
    r"\b(?:i|we)\s+(?:already\s+|just\s+|have\s+|had\s+)?(?:said|say|mentioned|wrote|agreed)\b|"
    r"(?:我|我们|咱们)的?(?:要求|规则|规矩|约定|偏好|计划|目标|需求|决定|想法|总结|待办|清单)|"
    r"(?:我|我们|咱们)(?:刚才|之前|已经|也)?(?:说|讲|写)",
    re.IGNORECASE,
)

# Lines written at the assistant by someone else; a paragraph holding one is not the user's.
_INJECTED = re.compile(
    r"(?:^|(?<=[\s.!?。！？:：>]))SYSTEM(?:\s+(?:PROMPT|MESSAGE|NOTE|OVERRIDE))?\s*[:：]|"
    r"^\s*(?:\[(?:SYSTEM|INST|system|inst)\]|<\|?/?(?:system|im_start|im_end)\|?>|"
    r"(?:System|系统(?:提示|指令|消息|通知)?)\s*[:：]\s*(?:(?i:you|from now on|ignore|override|assistant)|从现在|以后|今后|忽略|你|助手))|"
    r"\b(?i:(?:assistant|ai|llm|agent|bot|model)s?\s+(?:reading|processing)\s+this|note\s+to\s+(?:the\s+|any\s+)?"
    r"(?:ai|assistant|llm|model|agent|bot)s?|if\s+you\s+are\s+an?\s+(?:ai|llm|language\s+model|assistant|agent|bot))\b|"
    r"(?:致|给)(?:(?:AI|ai)\s*(?:助手|机器人|模型)?|智能助手|助手|机器人|大模型)[：:，,]|(?:AI|ai|助手|智能助手|机器人)(?:请注意|注意)[：:]|正在(?:阅读|处理)(?:这|此|本)"
)
# Lines no person types: tracebacks, test and diff output, env files, log lines, tables, plans, JSON.
_MACHINE_LINE = re.compile(
    r"^\s*(?:Traceback \(most recent call last\)|File \".+\", line \d+|at [\w.$<>]+\(.*\)\s*$|[\w.]*(?:Error|Exception)\b(?::|$)|"
    r"panic:|goroutine \d+|---\s*(?:FAIL|PASS)|(?:FAIL|PASS|ok)\s+\S+\s+[\d.]+s|diff --git|index [0-9a-f]{6,}\.\.|"
    r"(?:---|\+\+\+) [ab]/|@@ .+ @@|[A-Z][A-Z0-9_]{2,}=\S|\[?\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}|"
    r"(?:INFO|WARN|WARNING|ERROR|DEBUG|TRACE|FATAL)\b|\d{2}:\d{2}:\d{2}\b|\|.*\|\s*$|[~+-] [\w.\"-]+ = |Plan: \d+ to add|"
    r"[\w]+\.{3,}:|\$ \S|>>> |[{}\[\]],?\s*$|\"[\w.-]+\"\s*:\s*|\S*/[\w./-]+:\d+(?::\d+)?\b|[=_*#-]{4,}\s*[^=_*#\s-].*[=_*#-]{4,}\s*$|"
    r"(?:FAILED|PASSED|SKIPPED)\b|\d+ (?:failed|passed|errors?|skipped)\b|[+-](?![+\s-])\S|\w+=\S+(?:\s+\w+=\S+)+|[✓✗✔✘]\s)"
)
_ROLE = re.compile(
    r"^\s*(?:\[?\d{1,2}:\d{2}(?::\d{2})?\s*(?:[ap]m)?\]?\s*)?(?P<role>user|assistant|human|ai|bot|chatgpt|gpt|"
    r"claude|用户|助手|机器人)\s*[:：>]",
    re.IGNORECASE,
)

# Inline reported speech: a long quotation attributed to someone else, or "the email says: ..." on one line.
_QUOTE_SPAN = re.compile(r"\"[^\"\n]+\"|“[^”\n]+”|「[^」\n]+」|『[^』\n]+』|‘[^’\n]+’|(?<![\w'])'(?=\S)[^'\n]+(?<=\S)'(?!\w)")
_SAY = (
    r"(?:says?|said|saying|writes?|wrote|written|reads?|states?|stated|claims?|claimed|tells?\s+(?:me|us|you)|"
    r"told\s+(?:me|us|you)|asks?|asked|insists?|insisted|warns?|warned|mentions?|mentioned|repl(?:y|ies|ied)|responded|"
    r"posted|announced|goes)"
)
_CUE_BEFORE = re.compile(
    r"(?:\b" + _SAY + r"|\baccording\s+to\s+[^,\"“]{1,40}|\bquoting|\bin\s+(?:the|their|his|her|its|a|an)"
    r"\s+[\w' -]{1,30}|说|写着|写道|写的是|声称|称|表示|提到|原话是|原文是|里写|上写)\s*[,:，：]?\s*$",
    re.IGNORECASE,
)
_CUE_AFTER = re.compile(
    r"^\s*[,.，]?\s*(?:" + _SAY + r"\b|according\s+to\b|(?:the|their|his|her|its|a|an|my|our|that|this)"
    r"\s+[\w' -]{1,30}?\s+" + _SAY + r"\b|(?:he|she|they|it|you)\s+" + _SAY + r"\b|[^，,。]{0,12}(?:说的|写的|的原话))",
    re.IGNORECASE,
)
_OWN_CUE = re.compile(
    r"(?:\b(?:i|we)(?:\s+\w+){0,2}\s+" + _SAY + r"|\b(?:should|must|will|shall|would|could|can|to|has\s+to|"
    r"have\s+to|needs?\s+to)\s+(?:\w+\s+)?(?:read|say|state|write)|(?:我|我们|咱们)(?:刚才|之前|已经|也|都)?(?:说|写|讲))"
    r"\s*[,:，：]?\s*$",
    re.IGNORECASE,
)
_REPORTED_COLON = re.compile(
    r"^(?:[^:：\n]{0,60}?\b(?:e-?mail|mail|message|letter|docs?|document|page|wiki|readme|article|post|notice|memo|ticket|"
    r"comment|card|manual|website|site|contract|policy|spec|faq|banner|popup|sms|text)\b[^:：\n]{0,30}?\b"
    r"(?:says|said|reads|read|writes|wrote|states|stated|claims|claimed)|[^：:\n]{0,30}?(?:邮件|消息|短信|通知|公告|文档|"
    r"页面|网页|wiki|合同|条款|协议|说明|帖子|工单|评论)[^：:\n]{0,15}?(?:说|写着|写道|写的是|称|表示|提到|里写))\s*[:：]\s*"
    r"(?=[^\s\"“「『'‘])",  # a quotation after the colon is read as one (its framing may go on after it)
    re.IGNORECASE,
)
_MACHINE_SPEAKER = re.compile(
    r"\b(?:job|build|ci|pipeline|tests?|logs?|errors?|compiler|linter|console|terminal|server|"
    r"output|stack\s?trace|traceback|check|step|command|cli|tsc|mypy|pytest|npm|pnpm|vite|"
    r"webpack|cargo|kubectl|docker|shell)\b[^\"“'‘]{0,20}$",
    re.IGNORECASE,
)
_DIRECTIVE = re.compile(
    r"\b(?:always|never|must|should|shall|from now on|going forward|rule|goal|policy|require[sd]?|"
    r"do not|don't|please|approve|grant|allow|ignore|switch|use)\b|以后|今后|从现在|必须|一律|不要|禁止|"
    r"规定|规则|目标|改用|统一|务必|请",
    re.IGNORECASE,
)
_LATIN_WORD = re.compile(r"[A-Za-z0-9]+")
_IDEOGRAPH = re.compile(r"[\u3400-\u9fff]")
_GAP = re.compile(r"[ \t]*\x00[ \t]*")
_GAP_BEFORE_PUNCT = re.compile(r"[,，]?[ \t]*\x00[ \t]*(?=[.。!?！？]|$)|[ \t]*\x00[ \t]*(?=[,;:，；：)\]])")
