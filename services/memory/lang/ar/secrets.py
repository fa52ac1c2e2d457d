"""Arabic words that name a password and join it to its value ("كلمة المرور هي …")."""

PASSWORD_WORDS = ("كلمة المرور", "كلمة السر", "الرقم السري")
VALUE_LINKS = ("هي", "هو", "الآن")
