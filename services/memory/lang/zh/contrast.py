"""Chinese contrasts of a new value with the old one it replaces: "不是 9600，是 19200", "是农历八月十八，
不是八月十六", "改成 52 个，不是 48 个". Read by services/memory/domain/contrast.py."""

from services.memory.lang.shared import NUM

_ZH_DIGITS = "零一二两三四五六七八九十百千万亿"
_UNITS = (
    r"(?:万元|万块|万|千|百|亿|元|块钱|块|美元|欧元|米|厘米|毫米|公里|平米|平方米|平|号|日|天|周|个月|个|人|位|桌|间|张|台|箱|瓶|"
    r"次|克|毫克|公斤|斤|吨|升|毫升|小时|分钟|秒|岁|%|％)"
)
# A figure, in digits or in Chinese numerals, with what it counts: "19200", "3.62 米", "11万", "五十二个", "10月4日".
FIGURE = (
    rf"[$¥￥]?\s?{NUM}\s?(?:{_UNITS}(?:\s?{_UNITS})?)?(?:\s?月\s?\d{{1,2}}\s?[日号])?"
    rf"|[{_ZH_DIGITS}]{{1,6}}\s?{_UNITS}"
)
# A date said the Chinese way: "农历八月十八", "八月十六", "周四", "星期六".
DATE = r"(?:农历)?[正一二三四五六七八九十冬腊]{1,2}月(?:初|廿|十|二十|三十)?[一二三四五六七八九十]{0,2}(?!\w)|(?:周|星期|礼拜)[一二三四五六日天]"
NEW_NOT_OLD = r"(?P<new>{value})\s*[，,、]?\s*(?:而)?不是\s*(?P<old>{value})"
NOT_OLD_NEW = r"不是\s*(?P<old>{value})\s*[，,、]?\s*(?:而|其实|实际上|应该)?(?:是|为)\s*(?P<new>{value})"
CLAUSE_BREAK = r"[：:；;，,。—]"
# 从 A 改到 B, 由 A 调整为 B: a change that names both values.
FROM_TO = r"(?:从|由)\s*(?P<old>{value})\s*(?:改|调整?|涨|降|换|提前?|延后?|推迟?|挪|变|加|减|缩短?|升)?[^\s，,。]{0,1}?(?:到|成|为|至)\s*(?P<new>{value})"
SUBJECT_END = r"\s*(?:不是|是|为|从|由|改|调|涨|降|换|定在|定为|变成)"
# A sentence without one of these contrasts nothing (a cheap test before the patterns).
NEEDLES = ("不是", "从", "由")
