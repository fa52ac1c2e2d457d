"""English rules said of everyone or everything: a universal negative with its condition ("nothing goes to the
printer without a proofread") or without one ("nobody touches the prod database on Fridays"). Rows of
RULES_EN (lang/en/rules.py), which keeps them in its order."""

from services.memory.domain.patterns_core import RULE, _row

# "Nothing goes to the printer without a proofread", "nobody deploys without a second pair of eyes":
# a universal negative with its condition.
NOTHING_WITHOUT = _row(
    "nothing_without",
    "en",
    RULE,
    r"^(?:(?:and|also|plus|for|on|in)\b[^:,]{0,40}[:,]\s*)?(?P<marker>nothing|nobody|no\s+one|no\s+[\w\-]+)"
    # "Nothing happened until the reboot", "no one knows until Friday": a report or a state of mind, no rule.
    r"(?!\s+(?:[\w\-']+\s+)?(?:\w+ed|was|were|had|did|came|went|got|knew|knows|thinks?|cares|seems|says|said|told|saw)\b)"
    r"\s+(?:[\w\-']+\s+){1,12}?(?:without|until|unless|before)\s+\S",
    [
        ("Nothing goes to the printer without a proofread.", {"key": "rule:nothing goes to the printer without a proofread"}),
        ("For the shop, nobody refunds an order without my OK.", {"value": "For the shop, nobody refunds an order without my OK"}),
        (
            "No pallet leaves the dock until the seal number is logged.",
            {"value": "No pallet leaves the dock until the seal number is logged"},
        ),
    ],
    needles=("without", "until", "unless", "before"),
)

# A norm said of everyone or everything in the present tense, with no condition (NOTHING_WITHOUT has those):
# "No one signs for a delivery after 6 pm", "nothing in the staging bucket is shared publicly" (a state is a
# rule too). What people are or did ("nobody knows", "nobody came") is narrative, not a norm.
NOBODY_DOES = _row(
    "nobody_does",
    "en",
    RULE,
    r"(?:^|[:;,]\s*|\b(?:and|so|but)\s+)(?:[\w' ]{1,40}:\s*)?(?P<marker>nobody|no\s+one|no-one|nothing)"
    r"(?:\s+(?:on|in|from|at|of|inside|outside|under|over|above|below|heavier\s+than|longer\s+than|wider\s+than)\s+(?:the\s+|our\s+|a\s+)?[\w\-.]+(?:\s+[\w\-]+){0,2}?)?\s+"
    r"(?!(?:knows|seems|cares|likes|wants|minds|remembers|understands|says|thinks|works|happens|changes|matters|helps|"
    r"answers|replies|reads|notices|needs|believes|expects|feels|looks|sounds|stays|remains|beats|compares|lasts|fits|was|has)\b)"
    r"(?:is\s+(?:allowed|permitted|shared|deployed|merged|released|sent|shipped|published|posted|stored|installed|exposed|"
    r"copied|deleted|pushed|printed|moved|opened|connected)\b|(?:[a-z]+-)?[a-z]{3,}(?<![su]s)s\b)",
    [
        ("No one signs for a delivery after 6 pm.", {"key": "rule:no one signs for a delivery after 6 pm"}),
        ("Nothing in the staging bucket is shared publicly.", {"value": "Nothing in the staging bucket is shared publicly"}),
        ("Nothing heavier than 20 kg rides in the small lift.", {"key": "rule:nothing heavier than 20 kg rides in the small lift"}),
        ("Nobody hot-fixes the payroll service.", {"key": "rule:nobody hot-fixes the payroll service"}),
        (
            "Demo builds are cut from the tag, nothing from a feature branch goes to customers.",
            {"value": "Demo builds are cut from the tag, nothing from a feature branch goes to customers"},
        ),
    ],
    needles=("nobody", "no one", "no-one", "nothing"),
)
