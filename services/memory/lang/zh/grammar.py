"""Chinese grammar pieces the extraction tables are built from: how a key, a modal, a verb of setting and a value
are written, the units after a number, the labels that only announce and the role words of an owner.
"""

from services.memory import regex_cache
from services.memory.lang.shared import NUM
from services.memory.lang.zh import shapes as zh_shapes

VAL_ZH = (
    # Not the minutes of a clock time ("7:30" is a time, not a key "7" set to 30).
    rf"(?<!月)(?<!\d:)(?<!\d：)(?P<value>{NUM}(?:\s*(?:-|–|~|到|至)\s*{NUM})?(?:[万千亿](?![卡克米瓦])|[x×](?![a-z]))?)(?![.,:/-]?\d)"
    r"(?!\s*月\s*\d)(?!\s*[日号](?![元]))"
)
_KEY_ZH = r"(?P<key>[\u4e00-\u9fffA-Za-z0-9_\-. ]{1,20}?)"
CMP_WORDS_ZH = (
    r"不超过|不高于|不大于|不多于|不低于|不少于|不小于|低于|小于|少于|高于|大于|多于|超过|至少|至多|最多|最少|最高|最低|"
    r"约为|大约|大概|约|≤|≥|<=|>=|<|>|~"
)
_MODAL_ZH = r"必须|需要|应该|应当|务必|一定要|不能|不可以|不应该|不应|不得|不要|要|应|须|得"
_SET_ZH = (
    r"保持在|控制在|维持在|限制在|限定在|设置为|设定为|设置成|设为|设成|设|定为|定成|定在|定|调到|调为|调成|调整为|调整到|改成|改为|改到|"
    r"等于|达到|是|为|在|：|:|="
)
# "先定 3e-4", "暂时设 500 毫秒", "卧推现在是 80 公斤": an adverb of time before the verb; "现在" alone before the figure
# links it too ("深蹲现在 120 公斤").
_ADVERB_ZH = r"先|暂时|暂定|暂且|统一|都|现在|目前|如今|眼下|已经|仍然|依然|还是|一直"
_LINK_ZH = (
    rf"(?=(?:{_ADVERB_ZH})?(?:{_MODAL_ZH}|{_SET_ZH}|{CMP_WORDS_ZH})|(?:现在|目前|如今|眼下)\s*\d)"
    rf"(?P<verb>(?:{_ADVERB_ZH})?(?:{_MODAL_ZH})?(?:{_SET_ZH})?)\s*"
    rf"(?P<cmp>{CMP_WORDS_ZH})?\s*"
)


# Shared by the number grammar: units read after a value, and words that end one.
UNITS_ZH = regex_cache.compile(
    # Longer spellings first: "个工作日" is working days, not "个" of something.
    # A count of people names them after its measure word: "30个团员", "8 位客人".
    r"(?:"
    + "|".join(sorted(zh_shapes.PERSON_COUNTS, key=len, reverse=True))
    + r"|%|％|‰|℃|°C|摄氏度|度|毫秒|微秒|纳秒|秒钟|秒|分钟|个小时|小时|个工作日|工作日|个自然日|自然日|个礼拜|礼拜|天|周|个星期|星期|个月|月|年|次|"
    r"公斤|千克|斤|毫克|克|千卡|大卡|卡路里|毫升|公升|升|平方米|平米|公里|千米|厘米|毫米|米|"
    r"盒|箱|瓶|包|袋|张|件|份|位|名|桌|晚|间|轮|批|套|个|条|台|人|元|块钱|块|美元|欧元|倍|核|页|行|字节|字|"
    # The common measure words of things counted (10棵, 3株, 5辆, 2栋, 12节课, 8盏), beyond those above.
    r"棵|株|盆|辆|栋|幢|层|户|头|只|双|对|把|支|根|节|门|家|所|项|章|篇|首|场|届|盏|顶|扇|片|粒|颗|口|座|架|艘|匹|尾|枚|"
    r"封|卷|册|本|部|幅|副|串|束|捆|堆|车|吨|桶|罐|杯|碗|盘|锅|趟|遍|单|笔|餐|顿|"
    r"[KMGT]i?B|ms|rps|qps|s)"
)
ANNOUNCE_LABEL_ZH = regex_cache.compile(r"规矩|规则|规定|规范|约定|约束|原则|要求|提醒|注意|备注|说明|铁律")
# A subject that quantifies over everything (凡是) makes a weak rule marker strong.
UNIVERSAL = regex_cache.compile(r"^(?:以后|今后)?(?:凡是|所有|任何|每个|每一个)")
# The role a 由X负责 / 交给X sentence gives, as a key suffix.
ROLE_SUFFIX = {
    "负责": "负责人",
    "交给": "负责人",
    "交由": "负责人",
    "分给": "负责人",
    "指派给": "负责人",
    "安排给": "负责人",
    "分配给": "负责人",
    "值班": "值班负责人",
    "跟进": "跟进人",
    "牵头": "牵头人",
    "主导": "负责人",
    "维护": "维护人",
    "对接": "对接人",
    "处理": "负责人",
}
