"""What an English tally of work done looks like (domain/tallies.py)."""

# "5 of 6 banked", "31 out of 40", "12/20 done"; "14 screened, 10 randomised"; "so 6 now" after "one more".
_DONE = r"(?:[a-z]+ed|done|finished|complete|completed|in|sorted|packed|sent|booked|signed|paid|mastered|banked|live)"
TALLY = (
    rf"\b\d+\s+(?:of|out\s+of)\s+(?:the\s+|our\s+)?\d+\b(?=[^.;,]*\b{_DONE}\b)|"
    rf"\b(?:that|which)\s+makes\s+\d+\b|"
    rf"\b\d+\s*/\s*\d+\s+{_DONE}\b|"
    rf"\b\d+\s+(?!(?:minutes?|hours?|days?|weeks?|months?|years?)\b)[a-z]+(?:ed|ised|ized)\b\s*,\s*\d+\s+[a-z]+(?:ed|ised|ized)\b|"
    rf"\bone\s+more\s+[a-z]+(?:ed|ised|ized)\b[^.;]*\bso\s+\d+\s+(?:now|in\s+total|so\s+far)\b"
)
