"""Portuguese words that name a password and join it to its value ("a senha do roteador é …")."""

PASSWORD_WORDS = ("senha", "palavra-passe", "palavra passe")
VALUE_LINKS = ("é", "era", "agora é", "continua sendo", "continua a ser")
