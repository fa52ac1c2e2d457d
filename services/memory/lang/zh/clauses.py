"""How Chinese statements are phrased around their values (read by domain/statements.py): relayed speech,
the scope in a key, what was chosen.
"""

from services.memory import regex_cache

# "Olu says finance defines churn at 45 days", 陈思远说…: a statement the user relays is theirs to remember.
REPORTED = regex_cache.compile(r"^[\u4e00-\u9fffA-Za-z]{1,8}?(?:那边|这边)?(?:说|讲|表示|提到|告诉我)(?:了)?[，,：:]?\s*(?=\S)")

# A scope in the key ("diff on fct_rides", "p95 for GET /invoices", 高管看板的…) is also a condition of the number.
SCOPE = regex_cache.compile(r"^(?P<scope>[\u4e00-\u9fffA-Za-z0-9]{2,10}?)的")

# What was picked instead, wherever it stands in the sentence: "so soapstone it is", "we're going
# with the Harbour Room", "let's do Friday instead".
CHOSEN = regex_cache.compile(r"(?:就|改)(?:用|选|定|订)(?P<v>[^，,。；]{1,12})(?:吧|了)?")

# Words that join two clauses (a value or condition ends before them).
JOINERS = r"并且|而且|同时"
# A verb that opens with it negates its comparator (不能超过).
NEGATION = "不"

# A condition that is only one of these particles is none.
PARTICLES = ("了", "的", "吧")
# A part of a listed thing that is a clause of its own (see lang/en/clauses.py): 不是9号，是16号 corrects, it lists nothing.
FACET_CLAUSE = regex_cache.compile(r"不是|没有|改成|改到|换成|而是")
# What a facet part with no words of its own gives of its thing (see lang/en/clauses.py): 钢琴：…，280元 is its 价格.
FACET_OF_KIND = {"money": "价格", "time": "时间"}
