"""English instructions that hold beyond the turn, by what the sentence does (domain/instructions.py)."""

# A scope the instruction holds in, before its verb: "In anything going to the sponsor, ...", "For the box
# labels, ...", "When you draft emails to the school, ...". Not a moment ("when you get a chance").
SCOPE = (
    r"^(?!(?:when|if)\s+(?:you\s+)?(?:get\s+a\s+(?:chance|minute|sec)|can|could|have\s+(?:time|a\s+(?:sec|minute))|are\s+ready|possible)\b)"
    # Openers that only turn the talk: "On another note, check out this pic".
    r"(?!(?:on|in|for|to)\s+(?:another|a\s+(?:side|different)|that|any|the\s+(?:other|record|meantime)|now|example|instance|case|be\s+honest|"
    r"what\s+it's\s+worth|the\s+record|starters|a\s+start|now)\b)"
    r"(?:in|for|on|with|to|when(?:ever)?|any\s*time|each\s+time|every\s+time|if)\s+[^,;:]{2,90},\s*"
    r"(?:(?:please|always|just|only|never|don't|do\s+not)\s+)*"
)
# A scope that is what the assistant does ("When you shortlist venues, ...", "Whenever you book for me, ..."):
# whatever verb follows is an instruction, not only the verbs below.
SCOPE_YOU = r"(?:when(?:ever)?|any\s*time|each\s+time|every\s+time|if)\s+you\b"
# Verbs of the standing instructions people give an assistant.
VERBS = (
    r"write|use|keep|send|sign|skip|avoid|put|call|refer|address|mark|label|include|leave|add|check|ask|give|share|copy|cc|"
    r"format|name|spell|list|quote|cite|round|convert|show|mention|say|tell|stick|make|attach|file|drop|strip|redact|"
    r"double-check|run|route|forward|loop|flag|escalate|wait|get"
)
# English says a prohibition with a scope or a universal subject (above and below), not on its own.
PROHIBITION = r"(?!)"
# A universal subject with a limit or condition: "nothing goes to X unless I've read it first",
# "every invoice needs a PO number", "anyone outside the team goes through Priya".
# A kind of thing bounded by a figure is every one of them: "invoices over $2,000 need my approval first".
UNIVERSAL = (
    r"^(?:nothing|no\s+one|nobody|none\s+of\s+(?:them|these|those|the\s+\w+)|anything|everything|anyone|everyone|all\s+\w+|every\s+\w+|each\s+\w+|"
    r"(?:any\s+|all\s+)?[a-z][\w\-]*s\s+(?:over|above|under|below|more\s+than|less\s+than|bigger\s+than|larger\s+than)\s+[$€£]?\d[\d,.]*[kK%]?)"
)
LIMIT = (
    r"\b(?:unless|only|without|except|must|has\s+to|have\s+to|needs?|should|goes?\s+through|can't|cannot|may\s+not|"
    r"(?:is|are)\s+(?:allowed|to\s+be)|gets?\s+(?:sent|posted|signed|approved|checked|cc'd|copied))\b"
)
# A kind of people or things with how they are always or only dealt with: "vendors only ever get my work
# number", "guests never see the back office", "our drivers always log the mileage". A policy, said of a class.
HABITUAL = (
    r"^(?:(?:the|our|my|all)\s+)?[a-z]+(?<!s)s\s+(?:only(?:\s+ever)?|never|always|must\s+(?:always|never))\s+"
    rf"(?:{VERBS}|see|receive|go|pay|book|deal|talk|speak|contact|handle|approve|hear|have|get)\b"
)
# A universal subject telling what happened is a story: "Nothing happened until the second reboot".
# "need" is no past tense where it asks for a sign-off: "invoices over $2,000 need my approval first".
TOLD = r"\s*(?:[\w'-]+\s+){0,3}?(?:(?!need\s+(?:my|our|your|their|a|an|the|two|2)?\s*(?:approval|sign-?off|review|ok|okay|go-ahead|signature)\b)\w+ed|was|were|went|came|had|did|got|said|made|took|left|ran|saw|felt|found|thought|knew|began|broke)\b"
