"""Dutch words that name a password and join it to its value ("het wachtwoord van de router is …")."""

PASSWORD_WORDS = ("wachtwoord", "toegangscode")
VALUE_LINKS = ("is", "was", "is nu", "is nog steeds")
