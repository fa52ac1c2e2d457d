"""Russian words that name a password and join it to its value ("пароль для сервера: …")."""

PASSWORD_WORDS = ("пароль", "пароля", "паролем", "код доступа")
VALUE_LINKS = ("это", "такой", "теперь", "всё ещё", "все еще", "был")
