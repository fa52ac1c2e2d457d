"""Indonesian and Malay words that name a password and join it to its value ("kata sandi wifi adalah …")."""

PASSWORD_WORDS = ("kata sandi", "sandi", "kata laluan")
VALUE_LINKS = ("adalah", "ialah", "yaitu", "yakni", "sekarang")
