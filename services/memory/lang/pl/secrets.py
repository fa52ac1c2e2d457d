"""Polish words that name a password and join it to its value ("hasło do poczty to …")."""

PASSWORD_WORDS = ("hasło", "haslo", "hasła", "hasla")
VALUE_LINKS = ("to", "jest", "brzmi", "było", "to teraz")
