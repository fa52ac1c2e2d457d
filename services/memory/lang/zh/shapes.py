"""Chinese words in the shape of a value (read by domain/subjects.py): units that measure the same thing, weekdays,
dates, clock times.
"""

from services.memory import regex_cache

# Nouns for people that a count may name after its measure word (30个团员, 八位客人): counts of people all.
PERSON_NOUNS = (
    *("人", "学生", "孩子", "小孩", "同学", "客人", "员工", "志愿者", "队员", "学员", "家长", "老人", "选手", "球员", "游客", "宾客"),
    *("成员", "团员", "会员", "人员", "工人", "病人", "乘客", "观众", "嘉宾", "朋友", "亲戚", "家人", "居民", "租客", "住户", "老师"),
)
PERSON_MEASURE_WORDS = ("个", "名", "位")
PERSON_COUNTS = tuple(f"{measure}{noun}" for measure in PERSON_MEASURE_WORDS for noun in PERSON_NOUNS)

# The Chinese spellings of each measure in lang/en/shapes.py's UNIT_FAMILIES.
UNIT_FAMILIES = {
    "millisecond": ("毫秒",),
    "second": ("秒", "秒钟"),
    "minute": ("分钟", "分"),
    "hour": ("小时", "个小时"),
    "day": ("天",),
    "week": ("周", "星期"),
    "month": ("个月", "月"),
    "person": ("人", "位", "名", *PERSON_NOUNS, *PERSON_COUNTS),
    "kilogram": ("公斤", "千克"),
    "kilometre": ("公里",),
    "metre": ("米",),
    "square metre": ("平米", "平方米", "平方", "平"),
    "hectare": ("公顷",),
    "litre": ("升", "公升"),
    "gram": ("克",),
    "yuan": ("元", "块", "块钱", "人民币"),
    "dollar": ("美元", "美金"),
    "euro": ("欧元",),
    "pound": ("英镑",),
    # 度 is a degree of heat far more often than a kilowatt-hour (一度电), which names its 电.
    "degree celsius": ("度", "摄氏度"),
}
# A count as a value: a figure and the classifier of what it counts (一共4个, 两台, 12位).
COUNT = r"(?<![第\d])(?:\d+|[一二两三四五六七八九十]+)\s*(?:个|位|名|台|件|家|所|篇|张|本|份|项|门|辆|间|只|条|套|箱)"
WEEKDAYS = r"周[一二三四五六日天]|星期[一二三四五六日天]"
# 4月3日, 7 月 15 日, and a day of the month alone (22 号开始), not a numbered thing (3 号馆, 5 号线).
# Days and months in digits or in Chinese numerals (七月五号, 二十九号).
_DAY_NUMBER = r"(?:\d{1,2}|[一二三四五六七八九十]|十[一二三四五六七八九]|二十[一二三四五六七八九]?|三十一?)"
_MONTH_NUMBER = r"(?:\d{1,2}|十[一二]|[一二三四五六七八九十])"
DATES = rf"{_MONTH_NUMBER}\s*月\s*{_DAY_NUMBER}\s*[日号]|(?<![\d.一二三四五六七八九十第])(?:\d{{1,2}}|{_DAY_NUMBER})\s*(?:日|号(?![馆楼线房间室柜台位门床码车]))"
# A weekday of this, next or last week (下周一, 这个周五), a day named by where it stands (明天), a part
# of the day (上午): what may come before a clock time and belongs to it (下周一上午十点).
# 下个周三, 这周五, and the ordinal of a month's weekdays (每个月第一个周六, 最后一个周五).
WEEK_OF = r"(?:下|上|这|本|第[一二三四五1-5]|最后一)?个?"
NEAR_DAYS = r"明天|后天|今天"
DAY_PARTS = r"早上|上午|中午|下午|晚上|凌晨"
# The parts of the day whose clock hours are after noon (下午三点 is 15:00).
LATER_DAY_PARTS = ("下午", "晚上", "傍晚", "今晚", "明晚")
SPAN = r"\s*(?:到|至|-|–)\s*"
# 六点半, 9点15分, 7 点 (typed with a space); 一点 after an adjective is "a bit" (晚一点, 便宜一点), no one o'clock.
_A_BIT_BEFORE = r"(?<![晚早快慢多少大小高低长短贵宜好近远强弱轻重])"
CLOCK = regex_cache.compile(
    rf"(?:{_A_BIT_BEFORE}一|[零二两三四五六七八九十\d][零一二两三四五六七八九十\d]*|一[零一二两三四五六七八九十\d]+)\s?点(?:半|\s?[零一二三四五六七八九十\d]+\s?分?)?"
)
# What a figure is counted per (lang/en/shapes.py): 9.4 元一公斤, 每公斤 9.4 元.
_PER = r"(?P<per>公斤|千克|斤|克|个|件|次|天|晚|周|月|年|人|位|桌|小时|分钟)"
RATE_AFTER = r"\s*[元块钱]?\s*(?:一|每|/)" + _PER
RATE_BEFORE = r"每" + _PER + r"\s*[^\d]{0,4}$"
