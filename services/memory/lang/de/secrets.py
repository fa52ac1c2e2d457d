"""German words that name a password and join it to its value ("das Kennwort für den Router lautet …")."""

PASSWORD_WORDS = ("passwort", "kennwort", "passwörter", "zugangscode", "zugangsdaten")
VALUE_LINKS = ("ist", "lautet", "heißt", "heisst", "war", "ist jetzt", "ist immer noch")
