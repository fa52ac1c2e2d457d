"""Chinese words with which task_lifecycle.py tells which item a resolution closes."""

from services.memory import regex_cache

# What a blocker says is not done yet: its verb ("还没开", "hasn't arrived").
NOT_YET = regex_cache.compile(r"(?:还没有?|尚未|没有|未)([\u4e00-\u9fff]{1,2})")

# Words that say a thing is resolved, or what kind of thing it was, not which thing.
CUE_WORDS = "问题 阻塞 解决 已经"
# Nouns that name the kind of an open item, not which one.
QUESTION_NOUNS = r"问题"

# "权限还没开" ... "开了": a verb the blocker said was not done, now said done (unless negated).
NEGATIONS = "没未不"
DONE_SUFFIXES = r"了|好了|通了|过了"
# The key suffix of an answered question ("<key>结论").
DECISION = "结论"

# A fact keyed by one of these states the goal ("目标改成预算2.5万以内", "这季度的目标是 40 家门店").
# A bare 目标 or one of a period or a scope; 部署目标 (a deploy target) is a setting.
GOAL_KEY = regex_cache.compile(
    r"^(?:(?:这|本|下|上)?(?:周|月|个月|季度|年|阶段)的?|总|主要|首要|最终|新的?|预算|我们的|我的)?(?:目标|活儿|任务)$"
)
GOAL_NUMBER_KEY = GOAL_KEY

# What the opening turns of a session say it is for (see lang/en/task_states.py): 这次我的活儿就是把…落地,
# 这个 session 就干一件事：…, 我们要把…搬到…
OPENING_INTENT = regex_cache.compile(
    r"^(?:这次|这回|这个\s*session|本次|今天)?[^，。！？：:]{0,8}?(?:就是|就干一件事|要把|想把|打算把|准备把|计划把|目标是)"
)

# The label of what a session is for (see lang/en/task_states.py): 这次要做的事：…, 这个对话专门跟进…：…
PURPOSE_LABEL = regex_cache.compile(r"要做|要干|要办|想做|想要|想办|目的|目标|任务|跟进|这个对话|这个\s*session|这次|本次")

# The conversation or the undertaking itself (see lang/en/task_states.py): 这个会话专门跟进…, 这个对话主要围绕“…”.
SESSION_REFERENCE = regex_cache.compile(r"这个(?:会话|对话|聊天|群|项目|session)|本(?:次)?(?:会话|对话)|这次(?:会话|对话)")
POINTS_BACK = regex_cache.compile(r"^(?:这就是|这是|就是这)")
POINTS_AT = regex_cache.compile(r"那儿|那里|这事|这件事|它")
ANNOUNCES_GOAL = regex_cache.compile(r"^(?:我的|我们的|这次的)?(?:目标|任务|计划)(?:是这样的|如下)[。：:！!]?$")

# A sentence that says a thing is settled, and one that says it is not yet (see lang/en/task_states.py).
# 等保险公司回复: who a blocker waits for (lang/en/task_states.py).
AWAITED_PARTY = regex_cache.compile(
    r"^(?:等|等着|等到)?(?P<party>[\u4e00-\u9fff]{2,6}?)(?:回复|回话|确认|签字|批|审批|答复|给答复|拍板|决定|发过来|回消息)"
)
AWAITED_CLAUSE = regex_cache.compile(r"等(?:到|着)?(?P<awaited>[^，。；]{2,}?)(?:才能|才可以|再|之后|以后|[，。；]|$)")
SETTLED = regex_cache.compile(r"了|过了|好了|落地|搞定|通过|到手|解决")
UNSETTLED = regex_cache.compile(
    r"没|未|还在|在等|等着|等到|卡着|卡在|无法|不能|不了|会不会|能不能|要是|如果|可能|吗|？|\?|下周|明天|打算|准备"
)

# 清单上 7 项已经搞定 3 项 counts the same whole as 7 项搞定 5 项: the whole, then its measure word.
COUNT = regex_cache.compile(
    r"(\d+|[一二两三四五六七八九十百]+)\s*(项|个|件|盒|间|家|份|张|箱|套)\s*(?:里|中|当中)?\s*(?:已经|已)?\s*"
    r"(?:搞定|完成|[\u4e00-\u9fff](?:好|完|掉|了))"
)

# A tally by what was done to how many: 交了4个班 is the same tally as 交了7个班.
TALLY = regex_cache.compile(
    r"([\u4e00-\u9fff])了\s?(?:\d+|[一二两三四五六七八九十百]+)\s?(个|项|件|间|家|份|张|箱|套|户|位|名|人|本|班|所|章|篇|页)"
)

# What separates the options of a choice left open (周六还是周日, 顺丰或者京东).
OPTIONS = regex_cache.compile(r"还是|或者|或是|或")
CHOICE_LEAD = regex_cache.compile(r"^.*?(?:是否|决定|想好|拿主意)")
# A statement that commits to something (see lang/en/task_states.py): 就定周六了, 还是用顺丰, 选了老街店.
COMMITS = regex_cache.compile(r"定了|决定|就用|就选|选了|订了|签了|买了|就按|就定|改用|还是用|就它了|拍板")

# An open question that asks for something a statement can fill in (see lang/en/task_states.py).
# Between the two options of an either-or question: "年会在食堂办还是在酒店办？".
EITHER = r"还是"
ASKS_FOR = r"谁|哪|什么|几|多少|是否|要不要|还是"
UNANSWERED = regex_cache.compile(r"吗|？|\?|不|没|待定|悬而未决")
# An open item that asks yes or no (要不要报名陶艺课, 买不买): doing the thing answers it.
YES_OR_NO = regex_cache.compile(r"要不要|是否|(\S)不\1")
ASKING_AROUND = regex_cache.compile(r"问了|问问|在问|打听|考虑|可能|也许|或许|如果|要是")
