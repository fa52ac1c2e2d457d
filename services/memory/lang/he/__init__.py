"""Hebrew language data (only what the scrubber reads: the memory does not otherwise read Hebrew)."""
