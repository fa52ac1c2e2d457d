"""Italian words that name a password and join it to its value ("la password del wifi è …")."""

PASSWORD_WORDS = ("password", "parola d'ordine", "parola chiave", "chiave d'accesso")
VALUE_LINKS = ("è", "e'", "era", "è ancora", "ora è")
