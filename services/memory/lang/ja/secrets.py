"""Japanese words that name a password and join it to its value ("ルーターのパスワードは …")."""

PASSWORD_WORDS = ("パスワード", "暗証番号", "合言葉", "パスコード")
VALUE_LINKS = ("は", "が", "を", "も", "は今", "はいま")
