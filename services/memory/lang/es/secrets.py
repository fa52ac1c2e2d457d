"""Spanish words that name a password and join it to its value ("la clave del portátil es …")."""

PASSWORD_WORDS = ("contraseña", "contrasena", "clave", "password")
VALUE_LINKS = ("es", "era", "sigue siendo", "ahora es", "es ahora")
