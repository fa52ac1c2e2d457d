"""Chinese figures written in characters (六个人, 三成, 二十五块, 一百二十份), and where such a figure is a value
rather than a word of the prose (一个问题, 第三个, 三点, 周三, 一起). Read by services/memory/domain/numerals.py.
"""

DIGITS = {"零": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}
SCALES = {"十": 10, "百": 100, "千": 1000}
# Ten thousand groups the figures before it: 三万二千 is 32,000.
MYRIAD = {"万": 10_000}

# A figure written in characters is a value only before what it counts: a measure word or a counted noun.
MEASURE_WORDS = (
    "个|人|位|名|张|台|辆|桌|天|周|块|元|间|套|份|箱|件|本|只|条|家|节|场|轮|成|岁|层|盒|瓶|袋|包|斤|公斤|米|"
    "公里|分钟|小时|个月|年|组|队|班|单|单元|页|篇|章|项|款|批|车|座|床|晚|道|杯|碗|盘"
)
# (How often, 查两次 or 跑三趟, is a habit said, not a value: 次, 遍 and 趟 are left out.)
# Not a value: an ordinal (第三个), a weekday (周三, 星期二), a name's part (老三), and a step by which something
# moved (推迟两周, 往后挪了两周, 涨了两成): the step is no new value, the new value is said besides it.
NOT_BEFORE = (
    r"(?:第|周|星期|礼拜|老|初|半|几|每|推迟|延后|延迟|延期|提前|挪了?|拖了?|晚了?|早了?|多了|少了|加了|减了|涨了|降了|增加了|减少了)$"
)
# A figure in characters is a value only after a word that asks for one, as in English ("to twenty", "down to
# seven"): a link (是, 为), a bound (最多, 不超过), a total (一共), what is left (剩), a change (改成, 降到), a level
# (控制在) or a time that says it holds now (现在, 目前). "家里有两个想去的" and "我们请了十二位志愿者" tell in
# passing, and stay prose.
VALUE_BEFORE = (
    r"(?:是|为|到|剩下?|共|一共|总共|合计|最多|最少|至少|不超过|不到|大概|大约|约|改成|改为|换成|降到|升到|提到|加到|减到|"
    r"涨到|达到|只要|需要|要|控制在|保持在|定在|限|现在|目前|还有|只有)了?$"
)
# What a lone 一 counts is most often the article "a" (一个问题, 一次): it is a value only inside a larger figure
# (十一, 一百) or after a word that asks for a value (改成一个, 只剩一个).
LONE_ONE_BEFORE = r"(?:改成|改为|换成|降到|升到|提到|加到|减到|只剩|还剩|剩|只要|只有|最多|最少|至少|不超过)$"
# A count that announces what follows ("两个问题", "三件事") is no value.
NOT_AFTER = r"^(?:个)?(?:问题|事|点|方面|原因|想法|建议|选择|步|阶段)"
