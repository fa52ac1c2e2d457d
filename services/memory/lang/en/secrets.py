"""English words that name a secret or lead to its value: the labels the scrubber reads.

Regex fragments (alternations) and lowercase gate literals, compiled by
services/memory/domain/scrub_rules. Vendor prefixes, HTTP header names and command-line flags are
not words of a language and stay with the rules.
"""

# The names that mark a secret in an identifier: an assignment (`DB_PASSWORD=`, `"apiKey":`) or a dict key.
SECRET_NAMES = (
    r"password|passwd|passphrase|(?<![a-z])pass|(?<=[_.-])pwd|secret|(?<!page)(?<!page_)(?<!next)(?<!next_)token|api[_.-]?key|apikey"
    r"|(?:access|secret|private|signing|encryption|master|client|account)[_.-]?key|shared[_.-]?access[_.-]?key|credentials?|pass[ _.-]phrase"
    # The id half of a key pair is a credential too: AWS_ACCESS_KEY_ID=…
    r"|access[_.-]?key[_.-]?id"
)
# Lowercase literals, one of which any English text naming a secret holds (the gate of the rules on names).
NAMED = (
    "pass",
    "pwd",
    "secret",
    "token",
    "apikey",
    "api_key",
    "api-key",
    "api.key",
    "api key",
    "credential",
    "authorization",
    "access_key",
    "access-key",
    "accesskey",
    "access key",
    "private_key",
    "private-key",
    "privatekey",
    "signing_key",
    "signingkey",
    "encryption_key",
    "encryptionkey",
    "master_key",
    "masterkey",
    "client_key",
    "clientkey",
    "accountkey",
    "account_key",
    "sharedaccesskey",
    "wifi key",
    "wi-fi key",
    "wpa key",
    "wpa2 key",
    "network key",
    "router key",
    "otp seed",
    "otp key",
    "2fa seed",
    "2fa key",
    "mfa seed",
    "mfa key",
    "authenticator seed",
    "authenticator key",
)
# Names after which a lone word is a password on a YAML line (`password: Sunflower`), unlike `token: roughly`.
PASSWORD_NAMES = "pass|pwd|secret"

# Words shortly before a random-looking run that make it a secret. A bare "token" is left out: in talk
# about LLMs it mostly counts tokens, next to hashes and ids; a token or key that says what it opens
# ("app key", "deploy token") names a credential.
KEY_WORDS_BEFORE = (
    r"secret|passw|credential|api[ _-]?key|access[ _-]?key"
    r"|\b(?:app(?:lication)?|auth|client|service|license|licence|deploy|bot|refresh|session|personal)[ _-]?(?:key|token)\b"
)
# Their gate: "key" covers api key, access key, app key, license key, …; "token" deploy token, session token, …
KEY_WORDS_BEFORE_GATE = ("secret", "passw", "credential", "key", "token")

# "is" between a label and its value, for one thing and for a pair ("login is …", "creds are …").
COPULAS = "is|was"
PAIR_COPULAS = "is|are|was|were"

# "password" as people mistype it in a hurry.
PASSWORD_TYPOS = ("pasword", "passwrd", "passowrd", "paswrd", "paswd", "passwod", "pssword", "passwird", "passworf")
# Words between "is" and a secret's value: "the hotspot password is now …".
COPULA_ADVERBS = "still|now|currently|actually|just|literally"

# Prose that names a secret before "is": "my password is …", "the access token was …".
PROSE_LABELS = (
    "|".join(PASSWORD_TYPOS)
    + r"|password|passphrase|passwd|pass|secret|token|(?:api|access|secret) key|(?:access|auth) token|(?:wi-?fi|wpa2?|network|router) key"
)
# Prose that names a secret before ":" or "=": "the API key: …".
COLON_LABELS = (
    r"(?:api|access|secret) key|(?:client )?secret value|client secret|(?:totp|2fa|mfa|otp|authenticator)[ \t]+(?:secret|seed|key)"
)
# A password's name right before its value, with no "is" or ":" between ("password Xy9-Thing!"), and its gate.
PASSWORD_LABELS = "password|passwd|passphrase|passcode|pword|pwd|pw|" + "|".join(PASSWORD_TYPOS)
PASSWORD_LABELS_GATE = ("pass", "pw", "pasw", "pasow", "pssw")
# Those of them whose "label: value" is prose, not an assignment the code-aware rule reads.
SHORT_PASSWORD_LABELS = "passcode|pword|pwd|pw"
# Verbs that give a password its value: "the password was changed to …".
SET_VERBS = "set|changed|reset|updated|switched"
# What a password is for, between its name and its value: "password for the router is …".
PREPOSITIONS = "for|of|on|to"

# "pass" alone is a verb ("pass the flag"); after a user name it is a password: "user bob pass …".
USER_LABELS = r"user(?:name)?|login|account|e-?mail"
AND = "and"
PASS = "pass"

# A user name and its password after a label: "login is ana.m / QHs#0919", "creds: bob:Pa$$w0rd!9".
ACCOUNT_LABELS = r"login|log-?in|sign-?in|creds|credentials?|user(?:name)?|account|acct"
ACCOUNT_PASSWORD_LABELS = r"pass(?:word)?|pwd?"  # "username/password: …", "user/pw …"
ACCOUNT_PREPOSITIONS = "for|to|on"  # "my login for the bank sandbox is …"
# Their gate. "user" alone is everywhere (assembled lines are labelled "[seq 12, user]"): it opens the
# pair rule only in the shape of a pair ("user: bob / …", "username is bob:…", "user/pass bob / …").
ACCOUNT_GATE = ("login", "log-in", "sign-in", "signin", "cred", "account", "acct")
USER_WORD = r"user(?:name)?(?:/pass\w*)?"

# A passphrase's name ("passphrase", "pass phrase", "pass-phrase"): its value is several words.
PASSPHRASE_LABELS = r"pass[ -]?phrase|(?:seed|recovery|backup|mnemonic)[ -](?:phrase|words)"
# Words that end a passphrase's run in prose: "the passphrase is stored in the vault" names no
# passphrase, "my passphrase is correct horse battery staple and I never change it" ends before "and".
PASSPHRASE_STOP_WORDS = (
    "a|an|the|this|that|these|those|my|your|our|their|his|her|its|some|any|every|each|all|no|not|none|is|are|was|"
    "were|be|been|being|am|has|have|had|do|does|did|will|would|shall|should|can|could|may|might|must|and|or|but|nor|"
    "so|yet|if|then|than|because|as|while|when|where|whether|though|although|unless|until|of|in|on|at|to|for|from|"
    "by|with|without|within|into|onto|about|above|below|over|under|after|before|between|through|during|via|per|like|"
    "i|you|he|she|it|we|they|me|him|us|them|who|whom|whose|which|what|also|just|only|still|even|very|too|quite|"
    "rather|really|now|already|never|always|ever|soon|here|there|somewhere|anywhere|enough|more|most|less|least|"
    "much|many|few|several"
)
# What names a wallet's recovery words (twelve to twenty-four of them): "the seed for my wallet is …".
SEED_LABELS = r"seed|mnemonic|(?:recovery|backup|seed|secret)[ -](?:phrase|words)"
SEED_GATE = ("seed", "mnemonic", "recovery", "backup phrase", "backup words", "secret phrase", "secret words")
# Stop words that may join two words inside a passphrase ("moss between grey stones").
PASSPHRASE_INNER_WORDS = "over|under|in|on|at|of|by|to|from|with|into|after|before|through|between|above|below|like"
# First words that make what follows a count, not a passphrase: "the passphrase is four random words".
PASSPHRASE_COUNTS = "one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty"
# First words that make "the passphrase is …" a description: a passive ("is stored", "was reset",
# besides any word in -ed) or a predicate ("is required", "is case sensitive").
PASSPHRASE_PREDICATES = (
    "set|reset|kept|written|hidden|known|shown|given|taken|sent|made|done|lost|forgotten|stolen|shared|held|put|"
    "read|built|begun|chosen|broken|frozen|spoken|sold|told|found|left|required|optional|mandatory|needed|case|"
    "different|same|wrong|invalid|incorrect|empty|blank|missing|fine|ok|okay|good|bad|secure|insecure|weak|strong|"
    "short|new|old|unique|easy|hard|simple|complex|unknown|secret|private|public|safe|unsafe|visible|available|"
    "valid|expired"
)

# What a code does, between what it opens and "code": "the garage unlock code", "the door entry pin".
CODE_ACTIONS = r"arm(?:ing)?|disarm(?:ing)?|unlock(?:ing)?|entry|access|master|override|release"
# Codes that open something ("the door code is 4471#", "alarm PIN: 8842"): their value may be digits only.
CODE_LABELS = (
    r"pin(?:[ \t]+(?:code|number))?|passcode|cvv2?|cvc2?|(?:door|gate|alarm|lock|safe|garage|entry|entrance|access|security|keypad|lockbox|"
    r"key[ \t]?safe|verification|one-time|2fa|mfa|otp|totp|sms|authenticator|login|sign-?in)(?:[ \t]+(?:"
    + CODE_ACTIONS
    + r"))?[ \t]+(?:code|pin)|otp|"
    r"(?:safe|lock|padlock|locker|bike[ \t]+lock)[ \t]+comb(?:o|ination)"
)
CODE_GATE = ("pin", "passcode", " code", "cvv", "cvc", "otp", " comb")
# A card's number after its name ("card 4515 ..."): taken whatever its check digit says.
CARD_LABELS = r"(?:credit|debit)?[ \t]*card(?:[ \t]+(?:number|no\.?|#))?"
# Codes an account hands out to get back in, listed after their name and a colon.
RECOVERY_LABELS = r"(?:recovery|backup|rescue|2fa|mfa)[ \t]+codes?"
RECOVERY_GATE = ("recovery code", "backup code", "rescue code", "2fa code", "mfa code")

# The cookies a server keeps a login in: their value is the session ("PHPSESSID=…" in a log line).
SESSION_COOKIES = r"PHPSESSID|JSESSIONID|ASP\.NET_SessionId|connect\.sid|laravel_session|sessionid|session_id|_session_id|SESSDATA"
SESSION_COOKIE_GATE = ("sessid", "sessionid", "session_id", "connect.sid", "laravel_session", "sessdata")
# Query parameters that carry a key in a URL.
URL_KEY_PARAMETERS = r"appid|app_id|api_?key|apikey|key|token|access_token|auth_token|client_secret|secret|sig|signature|password|pwd"
# A bank account's number after its label.
ACCOUNT_NUMBER_LABELS = r"account\s+(?:number|no\.?|#)|acct\.?\s*(?:number|no\.?|#)|bank\s+account|a/c(?:\s+no\.?)?"
ACCOUNT_NUMBER_GATE = ("account number", "account no", "account #", "acct", "bank account", "a/c")
# What shows a one-time code: an authenticator app, a text message with a code.
ONE_TIME_SOURCES = r"authenticator|2fa|mfa|otp|one-time|verification\s+code|security\s+code|login\s+code|sms\s+code"
ONE_TIME_GATE = ("authenticator", "2fa", "mfa", "otp", "one-time", "verification code", "security code", "login code", "sms code")
