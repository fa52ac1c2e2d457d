"""Czech words that name a password and join it to its value ("heslo k wifi je …")."""

PASSWORD_WORDS = ("heslo", "hesla", "heslem")
VALUE_LINKS = ("je", "bylo", "je teď", "je pořád")
