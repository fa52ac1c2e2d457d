"""Swedish words that name a password and join it to its value ("lösenordet till routern är …")."""

PASSWORD_WORDS = ("lösenord", "lösenordet", "losenord")
VALUE_LINKS = ("är", "var", "är nu", "är fortfarande")
