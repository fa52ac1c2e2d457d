"""English rule rows: sentences that set a standing instruction (row format: domain/patterns_core.py)."""

import re

from services.memory import regex_cache
from services.memory.domain.patterns_core import RULE, _row
from services.memory.lang.en.grammar import _IMP
from services.memory.lang.en.rules_norms import NORMS
from services.memory.lang.en.rules_universal import NOBODY_DOES, NOTHING_WITHOUT

# ---- rules ------------------------------------------------------------------
RULES_EN = (
    _row(
        "always",
        "en",
        RULE,
        _IMP + r"(?P<marker>always)\s+\w",
        [
            ("Always run the linter before committing.", {"key": "rule:always run the linter before committing"}),
            ("When deploying, always tag the release.", {"value": "When deploying, always tag the release"}),
        ],
        needles=("always",),
    ),
    _row(
        "never",
        "en",
        RULE,
        _IMP + r"(?P<marker>never)\s+\w",
        [("Never push directly to main.", {"key": "rule:never push directly to main"})],
        needles=("never",),
    ),
    # "Please flag, never quietly accept, any clause that ...": the marker after a first imperative.
    _row(
        "never_after_verb",
        "en",
        RULE,
        r"^(?:please\s+)?(?!(?:i|he|she|they|it|we|you|well|oh|ok|okay|yes|no|so|and|but)\b)[a-z]+(?:\s+[a-z]+)?,\s+(?P<marker>never|always)\s+"
        r"(?!mind\b)(?:quietly\s+|silently\s+|just\s+|ever\s+)?[a-z]",
        [
            (
                "Please flag, never quietly accept, any clause that waives our audit rights.",
                {"value": "Please flag, never quietly accept, any clause that waives our audit rights"},
            ),
            ("Ask first, never assume the customer's timezone", {"key": "rule:ask first, never assume the customer's timezone"}),
        ],
        needles=("never", "always"),
    ),
    _row(
        "subject_always",
        "en",
        RULE,
        r"^[\w\-' ]{1,40}?\s(?:should|must|will|need to|has to|have to)\s+(?P<marker>always|never)\s+\w",
        [("Commits should always be signed.", {"key": "rule:commits should always be signed"})],
        needles=("always", "never"),
    ),
    # A house policy in a later clause: "online-mode stays on, we never run cracked", "and we always tag releases".
    _row(
        "we_never",
        "en",
        RULE,
        r"(?:[,;:]\s*|\b(?:and|so|but)\s+)(?:we|you)\s+(?P<marker>never|always)\s+(?!(?:seem|end up|had|knew|know|thought|get along|have fun)\b)[a-z]",
        [
            (
                "Backups stay encrypted, we never copy them to laptops.",
                {"key": "rule:backups stay encrypted, we never copy them to laptops"},
            ),
            ("Prices are in euros and we always round to the cent", {"value": "Prices are in euros and we always round to the cent"}),
        ],
        needles=("never", "always"),
    ),
    # A permission bound to a condition is a rule: "Interns can now sign for deliveries, as long as a manager is in"
    # ("may" is as often a chance as a permission).
    _row(
        "may_if",
        "en",
        RULE,
        r"^(?!(?:i|we|you)\b)[\w\-' ]{2,40}?\s+(?:can|are\s+allowed\s+to|is\s+allowed\s+to)\s+(?:now\s+|also\s+)?[a-z][^.;?]{2,80}?,?\s+"
        r"(?P<marker>as\s+long\s+as|provided(?:\s+that)?|only\s+if|so\s+long\s+as)\s+\w",
        [
            (
                "Interns can now sign for deliveries, as long as a manager is in the building.",
                {"key": "rule:interns can now sign for deliveries, as long as a manager is in the building"},
            )
        ],
        needles=("as long as", "provided", "only if"),
    ),
    _row(
        "from_now_on",
        "en",
        RULE,
        r"\b(?P<marker>from now on|going forward|moving forward|henceforth|from here on(?: out)?|for the rest of (?:this|the) (?:session|conversation|project))\b",
        [("From now on, reply in British English.", {"key": "rule:from now on, reply in british english"})],
        needles=("from now on", "going forward", "moving forward", "henceforth", "from here on", "for the rest of"),
    ),
    _row(
        "make_sure",
        "en",
        RULE,
        _IMP
        + r"(?P<marker>make sure(?: to| that| you)?|be sure to|ensure(?: that)?|remember to|don'?t forget to|do not forget to|take care to)\s+\w",
        [
            ("Make sure to run migrations before the tests.", {"value": "Make sure to run migrations before the tests"}),
            ("Don't forget to bump the version.", {"key": "rule:don't forget to bump the version"}),
        ],
        needles=("sure", "ensure", "remember", "forget", "take care"),
    ),
    _row(
        "dont",
        "en",
        RULE,
        _IMP
        + r"(?P<marker>do not|don'?t|do n't)\s+(?!(?:worry|know|think|mind|care|understand|see|get|have|need|want|like|feel|bother)\b)\w",
        [
            ("Do not commit secrets to the repo.", {"key": "rule:do not commit secrets to the repo"}),
            ("Please don't use tabs.", {"key": "rule:don't use tabs"}),
        ],
        needles=("not", "don't", "dont", "n't"),
    ),
    _row(
        "only",
        "en",
        RULE,
        _IMP
        + r"(?P<marker>only)\s+(?:ever\s+)?(?:use|run|deploy|write|commit|push|reply|answer|respond|touch|modify|edit|change|call|speak|return|"
        r"release|ship|merge|publish|patch|upgrade|restart|migrate)\b",
        [
            ("Only use UTC timestamps in logs.", {"key": "rule:only use utc timestamps in logs"}),
            ("We only merge after two approvals", {"key": "rule:we only merge after two approvals"}),
        ],
        needles=("only",),
    ),
    _row(
        "avoid",
        "en",
        RULE,
        _IMP
        + r"(?P<marker>avoid|refrain from|(?:stop|quit) (?:using|doing|adding|writing|calling|making|sending|committing|pushing|running))\s+\w",
        [("Avoid global state in the handlers.", {"key": "rule:avoid global state in the handlers"})],
        needles=("avoid", "refrain", "stop", "quit"),
    ),
    # "Keep peanuts away from the kids' lunches", "keep client names out of the tickets": a ban said as a place.
    _row(
        "keep_out",
        "en",
        RULE,
        _IMP + r"(?P<marker>keep)\s+(?!(?:it|that|this|them|me|us|you)\b)(?:[\w\-'.]+\s+){1,6}?(?:out\s+of|away\s+from|off)\s+\S",
        [
            ("Keep raw chicken away from the salad station.", {"key": "rule:keep raw chicken away from the salad station"}),
            ("Please keep client names out of the ticket titles.", {"value": "Please keep client names out of the ticket titles"}),
        ],
        needles=("keep",),
    ),
    _row(
        "forbidden",
        "en",
        RULE,
        r"\b(?P<marker>(?:is|are)\s+(?:not allowed|forbidden|prohibited|banned|not permitted|off[- ]limits))\b",
        [("Force pushes to main are not allowed.", {"key": "rule:force pushes to main are not allowed"})],
        needles=("allowed", "forbidden", "prohibited", "banned", "permitted", "limits"),
    ),
    # A label that announces a rule: "Rule:", "One ground rule before we dig in:", "Hard rule at the clinic:".
    _row(
        "label",
        "en",
        RULE,
        # A short clause of context first: "Before we draft the rota, one ground rule: ...".
        r"^(?:(?:before anything else|before we start|one more thing)\s*,?\s+|(?![^,:;]*\b(?:if|unless|when)\b)[^,:;]{3,60},\s+)?"
        # Who set it, and how: "Dana set a rule:", "The landlord has one rule:", "Coach gave us a new rule:".
        r"(?:(?:[A-Za-z][\w']*\s+){1,2}(?:set|sets|has|had|made|makes|gave\s+(?:us|me)|gives\s+(?:us|me)|added|laid\s+down)\s+"
        r"(?=(?:one|another|a|the|new|firm|strict|hard)\s))?"
        r"(?P<marker>(?:(?:one|another|a|the|our|my|second|first|last|new|big)\s+)?(?:(?:hard|ground|golden|house|team|strict|standing|iron)\s+|"
        # "Citation rule for the thesis:", "Naming convention:": what the rule is about, before it.
        r"(?!(?:no|not|the|a)\b)[a-z][\w\-]*\s+(?:[a-z][\w\-]*\s+)?)?"
        r"(?:rule|policy|constraint|requirement|guideline|convention|ban)s?(?:\s+of\s+thumb)?"
        # A numbered one: "Rule two:", "Rule #3:", "Rule number four:".
        r"(?:\s+(?:number\s+)?(?:#?\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten))?"
        # A word on the rule before its colon: "House rule again:", "Golden rule, strictly:", "Standing rule above all:".
        r"(?:,?\s+(?:first|up\s+front|non-negotiable|again|though|too|above\s+all|strictly|please))?"
        # What the rule is for, or a clause about keeping it: "One house rule you need to keep in mind for everything:".
        r"(?:\s+(?:for|at|from|on|before|about|in|while|when|of|(?:that\s+)?(?:you|we|i|everyone|everybody)(?:\s+all)?\s+(?:need|have|must|should|can)\b)[^:]{0,60})?\s*:)\s*\S",
        [
            ("Rule: no force pushes on Fridays.", {"key": "rule:rule: no force pushes on fridays"}),
            ("Ground rule: every schema change gets a rollback plan.", {"value": "Ground rule: every schema change gets a rollback plan"}),
            (
                "One house rule before we start: nothing gets deleted from the shared drive.",
                {"value": "One house rule before we start: nothing gets deleted from the shared drive"},
            ),
            (
                "Naming rule for the repos: kebab-case, never camelCase.",
                {"value": "Naming rule for the repos: kebab-case, never camelCase"},
            ),
            ("Rule two: nobody books a venue without a signed quote.", {"value": "Rule two: nobody books a venue without a signed quote"}),
            ("Golden rule, strictly: no dogs on the sofa.", {"value": "Golden rule, strictly: no dogs on the sofa"}),
            (
                "My physio set a rule: if the knee aches above 4 out of 10, I walk home.",
                {"value": "My physio set a rule: if the knee aches above 4 out of 10, I walk home"},
            ),
            (
                "Hard rule at the clinic: no patient names in any ticket title.",
                {"value": "Hard rule at the clinic: no patient names in any ticket title"},
            ),
            (
                "Before anything else, one standing rule for this project: every invoice gets a PO number.",
                {"value": "Before anything else, one standing rule for this project: every invoice gets a PO number"},
            ),
        ],
        needles=(":",),
    ),
    # A tag that makes the sentence binding: "..., no exceptions", "Without exception, ...".
    _row(
        "no_exceptions",
        "en",
        RULE,
        r"(?:^|[,;:(\-–—]\s*)(?P<marker>no exceptions?|without (?:any )?exceptions?|no matter what|in all cases|"
        r"no matter (?:how|when|who|where|if|which)\b[^,;]*|from anyone|for anyone|ever|under any circumstances|whatsoever)(?:\s*[,:)]|\s*$)",
        [
            (
                "Each release tag is signed by two maintainers, no exceptions.",
                {"key": "rule:each release tag is signed by two maintainers, no exceptions"},
            ),
            ("Without exception, hotfixes get a postmortem", {"value": "Without exception, hotfixes get a postmortem"}),
            (
                "Allergen labels go on the tray before service, no matter how busy the pass is.",
                {"value": "Allergen labels go on the tray before service, no matter how busy the pass is"},
            ),
        ],
        needles=("exception", "no matter", "all cases", "anyone", "ever", "circumstances", "whatsoever"),
    ),
    _row(
        "hard_rule",
        "en",
        RULE,
        r"\b(?P<marker>(?:is|are)\s+(?:non-?negotiable|a hard rule|a hard requirement|mandatory)|(?:as\s+)?a\s+hard\s+rule,?)(?:\s|$)",
        [
            ("Code review before merge is non-negotiable.", {"key": "rule:code review before merge is non-negotiable"}),
            ("As a hard rule, secrets stay out of the repo", {"value": "As a hard rule, secrets stay out of the repo"}),
        ],
        needles=("negotiable", "hard rule", "hard requirement", "mandatory"),
    ),
    # The obligation stated up front: "It's a hard requirement that ...", "It is essential that ...".
    _row(
        "required_that",
        "en",
        RULE,
        r"^(?P<marker>(?:(?:and|also|plus|oh|so|but|ok|okay)[,\s]+)*(?:it'?s|it\s+is|that'?s|this\s+is)\s+(?:a\s+|an\s+)?"
        r"(?:(?:hard|strict|firm|absolute|legal|contractual|regulatory|non-?negotiable)\s+)?"
        r"(?:requirement|must|mandatory|required|non-?negotiable|essential|imperative|obligatory|compulsory|rule)\s+that)\s+\S",
        [
            (
                "It's a hard requirement that every export is encrypted at rest.",
                {"value": "It's a hard requirement that every export is encrypted at rest"},
            ),
            ("Also, it is essential that visitors sign in at reception", {"value": "it is essential that visitors sign in at reception"}),
        ],
        needles=(
            "requirement",
            "must",
            "mandatory",
            "required",
            "negotiable",
            "essential",
            "imperative",
            "obligatory",
            "compulsory",
            "rule",
        ),
    ),
    # "X has to go through Y": a gate every change passes.
    _row(
        "go_through",
        "en",
        RULE,
        r"^(?!i\b|i'm\b)[\w\-'./ ]{1,60}?\s(?P<marker>(?:must|has to|have to|needs? to|should|shall)\s+(?:always\s+)?"
        r"(?:go|pass|be routed|be run)\s+through)\s+\w",
        [("Schema changes have to go through the DBA channel.", {"key": "rule:schema changes have to go through the dba channel"})],
        needles=("through",),
    ),
    # A universally quantified subject ("every", "all", "each", "any") with a requirement verb.
    _row(
        "universal",
        "en",
        RULE,
        # The quantifier may follow what it is about: "Access for anyone outside the trust goes through the IG team".
        r"^(?:[\w\-]+\s+(?:for|by|from|to|of)\s+)?(?:every|each|all|any|anything|anyone|anybody|everything|everyone)\s+(?!of\s+(?:us|them|you)\b)(?:[\w\-'./,]+\s+){0,8}?"
        r"(?P<marker>goes through|go through|goes (?:to|past|via)|go (?:to|past|via)|needs?|requires?|has to|have to|gets?|"
        r"ships? with|comes? with)\s+\w",
        [
            ("Every config change goes through a signed-off ticket.", {"key": "rule:every config change goes through a signed-off ticket"}),
            ("Anything over 500 euros needs my sign-off.", {"value": "Anything over 500 euros needs my sign-off"}),
            ("Access for anyone outside the lab goes through Priya.", {"value": "Access for anyone outside the lab goes through Priya"}),
            (
                "All public endpoints need an owner in the service catalog",
                {"value": "All public endpoints need an owner in the service catalog"},
            ),
        ],
        needles=("every", "each", "all", "any", "anything", "anyone", "anybody", "everything", "everyone"),
    ),
    # "No force-pushes to main.", "no patient names in any log": a prohibition stated as a noun phrase.
    _row(
        "no_noun",
        "en",
        RULE,
        r"^(?:and\s+|also\s+|plus\s+)?(?:(?:on|for|in|at|with)\s+[^:,]{1,40}[:,]\s*)?(?P<marker>no)\s+(?!(?:idea|worries|worry|problem|problems|rush|need|clue|way|"
        r"doubt|matter|one|thanks|wonder|luck|longer|more than|less than|sooner|big deal|kidding|offen[cs]e|comment|change|news|"
        r"update|reply|answer|response|word|decision|issue|issues|pressure|hurry|stress|joke|biggie|prob)\b)"
        # "No exceptions were raised", "no tests failed": a report of what happened, not a prohibition.
        r"(?![\w\-.' ]*\b(?:were|was|is|are|has|have|had|got|came|showed|appeared|happened|found|failed|passed|broke|left|remain(?:s|ed)?)\b)"
        r"[\w\-.'*/]+(?:\s+[\w\-.'*/]+)+",
        [
            ("No force-pushes to main.", {"key": "rule:no force-pushes to main"}),
            ("No SELECT * in the reporting views.", {"value": "No SELECT * in the reporting views"}),
            (
                "And on the billing repo: no direct commits to the release branch.",
                {"value": "on the billing repo: no direct commits to the release branch"},
            ),
        ],
        needles=("no",),
        weak=True,
    ),
    NOTHING_WITHOUT,
    _row(
        "respond_in",
        "en",
        RULE,
        _IMP + r"(?P<marker>reply|respond|answer|write|talk|speak)\s+(?:only\s+)?in\s+[A-Z]\w+",
        [("Reply in Spanish.", {"key": "rule:reply in spanish"})],
        needles=(" in ",),
        weak=True,
    ),
    _row(
        "style",
        "en",
        RULE,
        _IMP + r"(?P<marker>keep|be)\s+(?:[\w']+\s+){0,3}?(?:short|concise|brief|terse|formal|polite|simple|minimal|small)\b",
        [("Please keep responses short.", {"key": "rule:keep responses short"})],
        needles=("keep", "be "),
        weak=True,
    ),
    _row(
        "use_imperative",
        "en",
        RULE,
        _IMP + r"(?P<marker>use|prefer|stick (?:to|with))\s+\S",
        [("Use British spelling.", {"key": "rule:use british spelling"})],
        needles=("use", "prefer", "stick"),
        weak=True,
    ),
    _row(
        "must",
        "en",
        RULE,
        r"^(?!i\b|i'm\b)(?:[\w\-'./ ]{1,50}?\s)?(?P<marker>must(?:\s+not|n't)?|shall(?:\s+not)?|(?:is|are)\s+(?:required to|mandatory))\b",
        [("All commits must be signed.", {"key": "rule:all commits must be signed"})],
        needles=("must", "shall", "required", "mandatory"),
        weak=True,
    ),
    NOBODY_DOES,
    *NORMS,
)

# Words that make a sentence a rule say nothing of what it is about (ingest leaves their terms out when it
# compares two rules).
RULE_MARKERS = "always never from now on going forward please make sure ensure only avoid instead actually"

POLITE = regex_cache.compile(r"^(?:please|pls|kindly)\s+", re.IGNORECASE)

# "It must be the cache", "you must have been elated": must as inference, not obligation.
EPISTEMIC_MUST = regex_cache.compile(
    r"(?:^|\b(?:it|that|this|you|he|she|they|there|which|what)\s+)must(?:'ve|\s+have)?\s+(?:been|be|feel|seem|look|sound|add|mean)\b",
    re.IGNORECASE,
)

# A standing "always"/"never" instruction is followed by what to do, not by a state ("always here to help");
# "open" and "free" are verbs when an object follows ("always open a PR").
NOT_AN_INSTRUCTION = regex_cache.compile(
    r"\b(?:always|never)\s+(?:here|there|been|so|such|a|an|the|my|your|our|his|her|their|good|great|fun|nice|happy|glad|ready|available|welcome|around|"
    r"(?:open|free)(?!\s+(?:a|an|the|my|your|our|their|this|that|these|those|it|them|up)\b)|willing|keen|eager|busy|"
    r"(?!(?:bring|string|sing|ping|ring|swing|spring|sting|cling|fling)\b)[a-z]{2,}ing)\b",
    re.IGNORECASE,
)

# Words in a rule's marker that make it forbid rather than require.
NEGATIVE_MARKERS = r"never|not|n't|avoid|refrain|stop|quit|forbid|prohibit|ban|allowed|permitted|limits"

# Markers judged where they stand: "never push to main, always open a PR" is one instruction.
STANDING_MARKERS = ("always", "never")
