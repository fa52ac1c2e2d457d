"""Hindi words that name a password and join it to its value ("wifi का पासवर्ड है …")."""

PASSWORD_WORDS = ("पासवर्ड", "कूटशब्द")
VALUE_LINKS = ("है", "हैं", "था", "अब")
