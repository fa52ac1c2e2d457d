"""Ukrainian words that name a password and join it to its value ("пароль від пошти: …")."""

PASSWORD_WORDS = ("пароль", "пароля", "паролем", "код доступу")
VALUE_LINKS = ("це", "такий", "тепер", "досі", "був")
