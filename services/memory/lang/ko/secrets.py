"""Korean words that name a password and join it to its value ("공유기 비밀번호는 …")."""

PASSWORD_WORDS = ("비밀번호", "비번", "패스워드", "암호")
VALUE_LINKS = ("는", "은", "가", "이", "를", "을", "도")
