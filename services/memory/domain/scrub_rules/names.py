"""The names of secrets in every language (lang/*/secrets.py), as identifiers, labels and gates."""

from services.memory import regex_cache
from services.memory.domain.scrub_rules.gates import Gate
from services.memory.lang.en import secrets as en
from services.memory.lang.zh import secrets as zh

# The names that mark a secret, in an assignment (`DB_PASSWORD=`, `"apiKey":`) or a dict key.
SECRET_WORDS = en.SECRET_NAMES
ZH_SECRET_WORDS = zh.SECRET_NAMES
# Lowercase literals, one of which any text naming a secret holds (the gate of the rules on names).
NAMED_GATE = Gate(words=(*en.NAMED, *ZH_SECRET_WORDS.split("|")))
ZH_GATE = Gate(words=tuple(ZH_SECRET_WORDS.split("|")))
# Names after which a lone word is a password, not prose or a type.
PASSWORD_WORD = regex_cache.compile("(?i)" + en.PASSWORD_NAMES + "|" + zh.PASSWORD_NAMES)
