"""Chinese words of discourse: how a speaker changes, takes back, relays or frames a value.

Regex fragments, compiled by services/memory/domain/discourse.py; see lang/en/discourse.py.
"""

# "<主语>改成/调到/推迟到/降到 <新值>": verbs of change, each already ending in its 到/成/为.
CHANGE_VERBS = (
    r"改成了?|改为|改到|换成了?|换到了?|搬到了?|转到|调成|调到|调整为|调整到|调为|推迟到|推到|延期到|延后到|延到|提前到|挪到|移到|降到|降为|降至|涨到|涨至|"
    r"升到|升至|提到|提高到|增加到|减少到|减到|砍到|缩短到|延长到|变成了?|变为|更新为|更新成|"
    # A limit moved: 放宽到10棵, 收紧到3天, 上调到, 下调到, 加到; and who does it now: 改由阿梅.
    r"放宽到|放宽至|收紧到|收紧至|上调到|上调至|下调到|下调至|加到|加至|改由|换由"
)
# Words that say a value is new where no pattern around it says so (see lang/en/discourse.py): 时间挪了，周四 15:00.
EFFECT_TIME = r"(?:从|自)\s*$"
WHOLE_BEFORE = r"(?:\d+\s*(?:个|家|项|间)?(?:里|中)(?:已经)?[^，。]{0,6})$"
# 周五不行了, 两点没法: a clause that denies its value gives no new one.
NEGATION = r"不行|不可以|不方便|没法|不能|来不了|去不了|不合适"
SHIFT_WORDS = (
    r"改成|改为|改到|改期|改时间|换成|换到|调到|调成|推迟|延期|延后|提前|挪到|挪了|现在是|目前是|其实是|实际上是|更正|确认|提到|降到|涨到|变成|"
    r"放宽|收紧|上调|下调|改由|顶上|接手|接替"
)
PASSIVE = r"(?:被|已经|已|又)"
PARTICLES = r""
ANAPHORS = r"它|这个|那个|这个数|那个数|前面那个|上一个|之前那个|这|那"
AGENTS = r"我|我们|你|他|她|他们|她们|老板|客户|给我们|帮我们|给我|帮我"
LEVEL = r"现在是|现在|目前是|已经是"
EFFECTIVE = r"(?!)"  # Chinese says when before the value (从下周起是 350), which LEVEL reads
# 按 alone is how, not a choice: 按月结 settles monthly, 按时 is on time.
CHOOSE = r"就定|定成|就按|改按"
# Characters that, right before 说, make it the speaker's own ("先说", "再说", "我想说", "丑话说在前面") or deny it (当我没说), not a relay.
# Chinese names the subject first (妈妈想把预算定在 …): the keyed change reads a wish.
WISH = r"(?!)"
NOT_REPORTERS = "先再就还也都要得想话没"
REPORTING = r"说|确认|告诉我|告诉我们|通知|反馈|回复说|回话说|来消息说"
# A withdrawal that names what it takes back right after it: 忘了我说的西湖那个方案吧.
WITHDRAW_NAMING = r"忘了我(?:刚才|之前)?说的|忽略我(?:刚才|之前)?说的|别管我(?:刚才|之前)?说的|不用管我(?:刚才|之前)?说的"
WITHDRAW = r"算了|当我没说|那个不算|刚才说的不算|之前说的不算|刚才那条作废|那条作废|收回刚才|取消刚才说的|忽略我刚才说的|忘了我说的"
# A general noun after what a withdrawal names (WITHDRAW_AROUND leaves 那个, 的事 out already).
VAGUE_TAIL = r"(?!)"
# 放弃一个计划，说在它后面: "Matcha 那个就算了吧", "西溪不考虑了", "周六那场加诊先不开了".
WITHDRAW_AROUND = (
    r"^(?P<about>[^，,。！!]{1,24}?)(?:那个事|这个事|那件事|这件事|那个|这个|的事|那场)?(?:就|也|还是|先)?"
    r"(?:算了吧?|不考虑了|不用了|不要了|取消了?|不做了|不开了|不订了|作罢|免了|(?:就)?当我没说(?:过)?|作废了?|不算数?了?)"
)
# 那条限制取消了, 之前的禁令解除了: a rule said lifted; the rest of the sentence names which.
RESTRICTION_NOUNS = ("规矩", "规定", "限制", "禁令", "要求", "约定")
LIFTED_RULE = (
    rf"(?:那条|这条|那个|这个|之前的|原来的|上次的)?(?:{'|'.join(RESTRICTION_NOUNS)})(?:就|也|已经|现在)?"
    r"(?:取消了?|作废了?|不用了|解除了?|不算了|废了|不管了|失效了?|不作数了)"
)
HISTORY = r"以前|去年|上个月|上周|原来|原先|过去|之前是|曾经|当年"
# 要不…吧 proposes ("要不改到周四吧"): a suggestion, not a change.
HYPOTHESIS = r"^(?:如果|假如|要是|万一|假设|也许|或许|可能)|如果|假如|要是的话|的话就|^要不(?!然)"
COMPARISON = r"比[^，。]{0,12}(?:多|少|高|低|快|慢|贵|便宜)|相比|对比|跟[^，。]{0,8}一样"
# A clause that gives a reason: its values explain the change, they are not new values of anything.
REASON = r"(?:因为|由于)"
NOW = r"现在|目前|从现在起|以后|其实|改成"
PLACEHOLDERS = r"现在|目前|现在是|目前是|它|这个|那个|这|那"

# How a change's new value is restated for the statement grammar: under its subject, or keyless.
KEYED_STATEMENT = "{subject}是{value}。"
KEYLESS_STATEMENT = "数值是{value}。"
# A verb of what is left before a new count ("现在剩十五张", "只剩下6张"): the count is the value.
VALUE_LEAD = r"^(?:还|只|就)?剩(?:下)?"

# A comma inside a figure ("92,150") groups its thousands; it ends nothing.
# Who takes a duty is named before what they do with it: 改由阿梅顶上 is 阿梅.
VALUE_END = r"(?:[，；;。(（]|,(?!\d)).*$|了$|吧$|啊$|(?<=[\u4e00-\u9fff]{2})(?:来)?(?:顶上|顶班|负责|接手|来做|来管|盯着|跟进)$"
# A Chinese value is judged by what it names (discourse.names_something); a demonstrative names
# nothing ("按这个来": go by this one).
VALUE_START = r"(?!这|那|它)"
CLAUSE = r"(?:[，；;]|,(?!\d))\s*"

# A change said as a difference (see lang/en/discourse.py): 追加了 40 箱，一共 900 箱; 少了 3 个.
NUMBER_WORDS = {"一": 1, "两": 2, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9, "十": 10}
_AMOUNT = r"(?P<n>\d[\d,]*(?:\.\d+)?|[一两二三四五六七八九十])\s*(?P<mult>万|千)?"
# 爸妈再给了3万, 又支持了两千: more given on top is an increase too.
INCREASE = (rf"(?:追加了?|又加了?|加了|多了|增加了?|涨了|(?:再|又)(?:给|支持|出|补|添)了?)\s*{_AMOUNT}",)
DECREASE = (rf"(?:少了|减了|减少了?|降了|砍了)\s*{_AMOUNT}",)
# A clause before a level reached (see lang/en/discourse.py); Chinese puts it in the sentence's own order.
LEAD_CLAUSE = r"(?!)"
