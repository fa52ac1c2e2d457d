"""English language data."""
