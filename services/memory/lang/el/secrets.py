"""Greek words that name a password and join it to its value ("ο κωδικός του wifi είναι …")."""

PASSWORD_WORDS = ("κωδικός", "κωδικος", "συνθηματικό", "συνθηματικο")
VALUE_LINKS = ("είναι", "ειναι", "ήταν", "τώρα είναι")
