"""French words that name a password and join it to its value ("le mdp de la box est …")."""

PASSWORD_WORDS = ("mot de passe", "mdp", "code d'accès", "code d’accès")
VALUE_LINKS = ("est", "c'est", "c’est", "était", "est maintenant", "est toujours")
