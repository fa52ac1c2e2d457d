"""How a Chinese sentence opens when it is not a plain statement (discourse openers, hedges, question words),
and the particles that end a question.
"""

from services.memory import regex_cache

# Discourse openers carry nothing.
OPENERS = regex_cache.compile(
    r"^(?:(?:对了|另外|还有|顺便说一下|顺便|补充一下|补充|注意|提醒一下|提醒|然后|那么|所以|总之|先说一下|说明一下)[，,：:、！!\s]*|"
    r"(?:好的|好吧|好了|好|嗯+|哦|噢)[，,：:、！!\s]+)+"
)
# Openings that make what follows an opinion, a plan or a condition, not a statement.
HEDGES = regex_cache.compile(r"^(?:我觉得|我认为|我想|我猜|可能|也许|好像|似乎|大概|看起来|让我|我先|如果|假如|要是|不知道)")
# Questions without a question mark start like one.
QUESTIONS = regex_cache.compile(r"^(?:是否|是不是|为什么|怎么|如何|哪|什么|谁)")
# Particles that end a question (after the question marks every language shares).
QUESTION_PARTICLES = ("吗", "呢", "么", "吗。", "呢。")
