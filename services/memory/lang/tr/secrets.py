"""Turkish words that name a password and join it to its value ("wifi şifresi …")."""

PASSWORD_WORDS = ("şifre", "şifresi", "sifre", "sifresi", "parola", "parolası", "parolasi")
VALUE_LINKS = ("şu", "su", "olarak", "artık", "hala")
