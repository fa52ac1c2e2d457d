"""English words with which quoting.py tells a user's own words from pasted or quoted material: mail headers,
greetings and sign-offs, verbs of saying, what a pasted thing is called, lines aimed at the assistant.

Regex fragments (alternations); domain/quoting_patterns.py joins them with the other languages' and compiles.
"""

# Substrings, one of which a one-line message must hold to be worth a closer look (quoting_patterns.py adds
# the markup ones every language shares).
HINT_WORDS = (
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
)

# ---- pasted emails ----------------------------------------------------------------------------------
MAIL_HEADERS = r"From|FROM|To|TO|Cc|CC|Bcc|BCC|Subject|SUBJECT|Date|DATE|Sent|SENT|Reply-To"
SENDER_HEADERS = r"From|FROM|Reply-To"
SUBJECT_HEADERS = r"Subject|SUBJECT"
DATE_HEADERS = r"Date|DATE|Sent|SENT"
MAIL_MARKERS = r"original message|forwarded message|begin forwarded message"
WROTE = r"on\s.{4,200}?\swrote"
SALUTATION = (
    r"(?i:dear)\s+(?!(?i:assistant|claude|chatgpt|ai|bot)\b)[^\n,，:：.。!?？]{1,60}[,:，：!]|"
    r"(?i:to whom it may concern)[,:，：]?"
)
# "Hi Sam," opens a pasted email below the user's first line (the first line greets the assistant).
GREETING = (
    r"(?:Hi|Hello|Hey|Good (?:morning|afternoon|evening))(?:\s+(?!(?:Claude|ChatGPT|Assistant|AI|Bot)\b)"
    r"[A-Z][\w.'-]*(?:\s+[A-Z][\w.'-]*){0,2})?"
)
SIGNOFF = (
    r"(?i:(?:kind|best|warm|warmest|many|with)\s+(?:regards|wishes|thanks)|regards|best|cheers|"
    r"thanks|thank you|sincerely|yours\s+(?:sincerely|faithfully|truly)|respectfully)"
    r"\s*[,.!]?(?:\s*[A-Z][\w.'-]*){0,3}"
)

# ---- the user turning back to the assistant ----------------------------------------------------------
ADDRESSING_LEAD = r"(?:so|ok(?:ay)?|anyway|hmm+|well|also|and|but|btw)"
ADDRESSING = (
    r"(?:can|could|would|will)\s+you\b|(?:what|how)\s+(?:do|would|should)\s+(?:you|i|we)\b|what(?:'s|\s+is)\s+your\b|"
    r"(?:is|are|was|does|did)\s+(?:this|that|it|these|they)\b.*\?\s*$|(?:should|do|can|must)\s+(?:i|we)\b|"
    r"(?:please|pls)\s+(?:check|look|review|tell|help|verify|summari[sz]e|draft|flag|ignore|don't|do\s+not)\b|"
    r"help\s+me\b|tell\s+me\b|let\s+me\s+know\b|any\s+(?:thoughts|idea)|thoughts\b|wdyt\b|"
    r"(?:this|that|it)\s+(?:looks|seems|sounds|smells|feels)\b|"
    r"i\s+(?:think|suspect|doubt|never|didn't|did\s+not|don't\s+think|have\s+no|'m\s+not\s+sure|am\s+not\s+sure)\b|"
    r"(?:ignore|disregard)\s+(?:this|that|it|the\s+(?:email|message|above))\b|"
    r"(?:that|this)(?:'s|\s+is|\s+was)\s+(?:what\b|a\s+(?:log|chat|transcript|screenshot|copy|message|paste)\b|from\b)"
)
CHANGE_OF_TOPIC = r"also|anyway|btw|by\s+the\s+way|separately|unrelated(?:ly)?|on\s+another\s+note|oh,?\s+and|p\.?s\.?"

# ---- an own line that introduces pasted content ------------------------------------------------------
# What a pasted thing is called, and where it comes from.
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
INTRO = (
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
    r"\b(?:the|this|that)\s+error\s*[:：]$"
)
# Without a colon, an intro must point at what follows and say why it is shown.
POINTER = (
    r"\b(?:forward(?:ed|ing)|sent|got|received|pasting|pasted|copied|copying|quoting|came\s+in)\b.{0,60}(?:\b(?:legit|real|"
    r"genuine|scam|phishing|spam|dodgy|suspicious|fishy|sketchy|fake|thoughts|wdyt|below|the\s+following)\b|what\s+do\s+you\s+"
    r"think|is\s+it\b)"
)
BELOW = r"\b(?:below|the\s+following)\b"
OWNERSHIP = (
    r"\b(?:my|our)\s+(?:own\s+)?(?:rules|conventions|requirements|preferences|plan|goals?|priorities|constraints|decisions|"
    r"notes|list|todos?|instructions|answer|summary|take|thoughts)\b|\bwhat\s+(?:i|we)\s+(?:want|need|decided|agreed|expect)\b|"
    r"\b(?:i|we)\s+(?:already\s+|just\s+|have\s+|had\s+)?(?:said|say|mentioned|wrote|agreed)\b"
)

# ---- lines written at the assistant by someone else --------------------------------------------------
SYSTEM_LABEL = r"System"
INJECTED_OPENING = r"(?i:you|from now on|ignore|override|assistant)"
INJECTED = (
    r"\b(?i:(?:assistant|ai|llm|agent|bot|model)s?\s+(?:reading|processing)\s+this|note\s+to\s+(?:the\s+|any\s+)?"
    r"(?:ai|assistant|llm|model|agent|bot)s?|if\s+you\s+are\s+an?\s+(?:ai|llm|language\s+model|assistant|agent|bot))\b"
)
ROLES = r"user|assistant|human|ai|bot|chatgpt|gpt|claude"

# ---- inline reported speech ---------------------------------------------------------------------------
SAY = (
    r"(?:says?|said|saying|writes?|wrote|written|reads?|states?|stated|claims?|claimed|tells?\s+(?:me|us|you)|"
    r"told\s+(?:me|us|you)|asks?|asked|insists?|insisted|warns?|warned|mentions?|mentioned|repl(?:y|ies|ied)|responded|"
    r"posted|announced|goes)"
)
CUE_BEFORE = (
    r"\b" + SAY + r"|\baccording\s+to\s+[^,\"“]{1,40}|\bquoting|\bin\s+(?:the|their|his|her|its|a|an)"
    r"\s+[\w' -]{1,30}"
)
CUE_AFTER = (
    SAY + r"\b|according\s+to\b|(?:the|their|his|her|its|a|an|my|our|that|this)"
    r"\s+[\w' -]{1,30}?\s+" + SAY + r"\b|(?:he|she|they|it|you)\s+" + SAY + r"\b"
)
OWN_CUE = (
    r"\b(?:i|we)(?:\s+\w+){0,2}\s+" + SAY + r"|\b(?:should|must|will|shall|would|could|can|to|has\s+to|"
    r"have\s+to|needs?\s+to)\s+(?:\w+\s+)?(?:read|say|state|write)"
)
REPORTED_COLON = (
    r"[^:：\n]{0,60}?\b(?:e-?mail|mail|message|letter|docs?|document|page|wiki|readme|article|post|notice|memo|ticket|"
    r"comment|card|manual|website|site|contract|policy|spec|faq|banner|popup|sms|text)\b[^:：\n]{0,30}?\b"
    r"(?:says|said|reads|read|writes|wrote|states|stated|claims|claimed)"
)
MACHINE_SPEAKERS = (
    r"job|build|ci|pipeline|tests?|logs?|errors?|compiler|linter|console|terminal|server|"
    r"output|stack\s?trace|traceback|check|step|command|cli|tsc|mypy|pytest|npm|pnpm|vite|"
    r"webpack|cargo|kubectl|docker|shell"
)
DIRECTIVE = (
    r"\b(?:always|never|must|should|shall|from now on|going forward|rule|goal|policy|require[sd]?|"
    r"do not|don't|please|approve|grant|allow|ignore|switch|use)\b"
)
