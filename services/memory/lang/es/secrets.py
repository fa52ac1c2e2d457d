"""Spanish words that name a password and join it to its value ("la contraseña del correo es …")."""

PASSWORD_WORDS = ("contraseña", "contrasena", "clave", "password")
VALUE_LINKS = ("es", "era", "sigue siendo", "ahora es", "es ahora")
