"""Thai words that name a password and join it to its value ("รหัสผ่าน wifi คือ …")."""

PASSWORD_WORDS = ("รหัสผ่าน", "รหัส")
VALUE_LINKS = ("คือ", "เป็น", "ตอนนี้คือ")
