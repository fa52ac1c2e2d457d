"""Personal paths: the user name in a home directory (/home/<user>, /Users/<user>, C:\\Users\\<user>)."""

import re

from services.memory.domain.scrub_rules.gates import words
from services.memory.domain.scrub_rules.values import Rule

PATHS: tuple[Rule, ...] = (
    # Not inside a URL's path (example.org/home/team/).
    (words("/home/"), re.compile(r"(?<![\w.])/home/[A-Za-z0-9._-]+(?=/|\b)"), "/home/[USER]"),
    (
        words("/users/"),
        re.compile(r"(?<![\w.])/Users/(?:[A-Za-z0-9._-]+ [A-Za-z0-9._-]+(?=/)|[A-Za-z0-9._-]+(?=/|\b))"),  # "/Users/Jane Doe/" too
        "/Users/[USER]",
    ),
    (words("\\users\\"), re.compile(r"(?i)\b([A-Z]:)\\+Users\\+[^\\\s\"']+"), r"\1\\Users\\[USER]"),
)
