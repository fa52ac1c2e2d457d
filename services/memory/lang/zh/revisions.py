"""How a Chinese speaker corrects, takes back or revises a value (read by domain/corrections.py)."""

from services.memory import regex_cache
from services.memory.lang.zh.shapes import CLOCK

INTRO = regex_cache.compile(r"^(?:应该是|应该为|应为|应该用|其实是|实际上是|改用|换成|改成|是|用)\s*(?P<v>.+)$")

OLD_TAIL = regex_cache.compile(r"^(?P<s>.+?)[，,]?\s*(?:而)?不是(?P<old>[^，,]{1,30}?)$")

# Chinese values that name themselves: a date, a clock time, a weekday (六点半, 4月3日, 周五).
LOOSE_VALUE = regex_cache.compile(
    rf"\d{{1,2}}月\d{{1,2}}[日号]|(?:早上|上午|中午|下午|晚上|凌晨)?(?:{CLOCK.pattern})|周[一二三四五六日天]|星期[一二三四五六日天]"
)

RETRACTION = regex_cache.compile(
    r"^(?:不好意思|抱歉|对不起|等等|哦)?[，,]?\s*(?:我)?(?:刚才|之前|前面|上次|刚刚)?(?:说错了|写错了|搞错了|记错了|弄错了|讲错了)"
    r"(?:[，,]?\s*(?:更正一下|纠正一下|抱歉|不好意思))?$"
)

# A sentence that gives a figure as a revision of an earlier one: "their revised PDF says $43,800",
# "the vendor came back with £16,950", "the headcount went up to 140", 新的报价是….
REVISION = regex_cache.compile(
    r"(?:新的|最新的?|修改后的?|更新后的?|调整后的?)(?:报价|价格|预算|日期|时间|数字|金额|人数|方案)|重新报价|改成了|调整为"
    # What it really is, said after a first figure: 草坪实际只有285平米, 实际上是….
    r"|实际(?:上)?(?:只有|只剩|才|是|为|有)"
)

# The verbs of a change (改成, 换成, 调到, 推迟到 ...): a phrase holding one is a statement of change, never a bare value.
CHANGE_VERB = regex_cache.compile(
    r"改为|更改为|变更为|改用|改成|改到|换成|换到|调到|调成|调整为|调整到|挪到|推到|推迟到|提前到|延到|变成|变为|放宽到|收紧到|改由"
)
