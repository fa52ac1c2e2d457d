"""Chinese language data."""
