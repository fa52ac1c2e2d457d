"""Vietnamese words that name a password and join it to its value ("mật khẩu wifi là …")."""

PASSWORD_WORDS = ("mật khẩu", "mat khau", "mã pin")
VALUE_LINKS = ("là", "la", "giờ là", "vẫn là")
