"""Scrubbing exports: personal paths and credentials become placeholders."""

import re

# Each row: what it finds, what replaces it. Order matters: keys before generic tokens.
_RULES: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"(?i)\bbearer\s+[A-Za-z0-9._~+/=-]{8,}"), "Bearer [REDACTED_TOKEN]"),
    (re.compile(r"\bsk-(?:proj-|live-|test-)?[A-Za-z0-9_-]{8,}"), "[REDACTED_API_KEY]"),
    (re.compile(r"\bgh[pousr]_[A-Za-z0-9]{16,}"), "[REDACTED_GITHUB_TOKEN]"),
    (re.compile(r"\bxox[abprs]-[A-Za-z0-9-]{10,}"), "[REDACTED_SLACK_TOKEN]"),
    (re.compile(r"\b(?:AKIA|ASIA)[A-Z0-9]{16}\b"), "[REDACTED_AWS_KEY]"),
    (
        re.compile(r"(?i)\b(password|passwd|pwd|secret|api[_-]?key|access[_-]?token|token)(\s*[=:]\s*)(\"[^\"]*\"|'[^']*'|[^\s,;&]+)"),
        r"\1\2[REDACTED]",
    ),
    (re.compile(r"(?i)(://[^/\s:@]+:)[^@\s/]+@"), r"\1[REDACTED]@"),
    (re.compile(r"/home/[A-Za-z0-9._-]+(?=/|\b)"), "/home/[USER]"),
    (re.compile(r"/Users/[A-Za-z0-9._ -]+?(?=/|\b)"), "/Users/[USER]"),
    (re.compile(r"(?i)\b([A-Z]:)\\+Users\\+[^\\\s\"']+"), r"\1\\Users\\[USER]"),
)


def _scoped(pattern: str) -> str:
    return f"(?i:{pattern[4:]})" if pattern.startswith("(?i)") else f"(?:{pattern})"


# Every rule at once, to pass the common text (nothing to replace) in one scan instead of ten.
_ANY = re.compile("|".join(_scoped(pattern.pattern) for pattern, _ in _RULES))


def scrub(text: str) -> str:
    """The text with personal paths and credentials replaced; idempotent."""
    if not _ANY.search(text):
        return text
    for pattern, replacement in _RULES:
        text = pattern.sub(replacement, text)
    return text


def scrub_document(value):
    """Scrub every string of a JSON-like document (before it is serialized, so escapes stay valid)."""
    if isinstance(value, str):
        return scrub(value)
    if isinstance(value, list):
        return [scrub_document(v) for v in value]
    if isinstance(value, dict):
        return {k: scrub_document(v) for k, v in value.items()}
    return value
