"""Hebrew words that name a password and join it to its value ("הסיסמה לראוטר היא …")."""

PASSWORD_WORDS = ("סיסמה", "סיסמא", "הסיסמה", "הסיסמא")
VALUE_LINKS = ("היא", "הוא", "זה", "עכשיו")
