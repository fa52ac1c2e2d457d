"""What a Chinese key is not part of: a leading possessive or demonstrative, and context every item of a session shares."""

from services.memory import regex_cache

# 我们的, 这个, 本次的: what leads a key without naming it.
LEADING_POSSESSIVE = regex_cache.compile(
    r"^(?:我们的|咱们的|我的|你的|你们的|他们的|大家的|这个|那个|这些|那些|这里的|那里的|这边的|那边的|(?:这次|本次|此次|这回)的?)+"
)
# Context a key does not need, since every item is scoped to its session: 这个环境的值班负责人, 灰度发布这块.
KEY_CONTEXT = regex_cache.compile(
    r"^(?:这个|本|该|当前|此)(?:环境|项目|仓库|集群|系统)(?:里|中|下|上)?的?|(?:这块|这部分|这一块|这边|这方面)$"
)
# A key may not open with a pronoun, a question word, an adverb or a modal: that is a clause, not a name.
# A pronoun that owns the key (他的卧推, 她们的预算): the key is still a thing's name, like "his bench press".
THIRD_PERSON_OWNER = regex_cache.compile(r"[他她]们?的")
BAD_KEY_START = (
    "我",
    "你",
    "他",
    "她",
    "它",
    "这",
    "那",
    "谁",
    "哪",
    "什么",
    "怎么",
    "但",
    "还",
    "可",
    "就",
    "也",
    "都",
    "应",
    "以后",
    "今后",
    "从",
    "请",
    "始终",
    "总是",
    "一律",
    # A denial is no name: 不行了, 没法去.
    "不",
    "没",
    # 当我没说 takes something back.
    "当我",
    # 下面这封邮件, 以下内容, 上面那条: what the user pasted, pointed at, is no subject of theirs.
    "下面",
    "以下",
    "上面",
)
# A day said from today is when, not what (后天19号上午我去…); 今天的会议 is a meeting.
TIME_WORDS = ("今天", "明天", "后天", "昨天", "前天", "大后天", "大前天", "今晚", "明晚")
# From when a figure holds (这周起就按 198 元算, 下个月开始): a time said as the start, no subject.
TIME_KEY = regex_cache.compile(
    # A named month or day counts when it says from when (九月开始, 下月起, 10号起).
    r"(?:从|自)?(?:今天|明天|后天|今年|明年|今晚|(?:这|本|下|每)个?(?:周|星期|礼拜|月|季度|年)[一二三四五六日天末]?|"
    r"(?:[一二三四五六七八九十]{1,2}|\d{1,2})(?:月|号|日)(?:份)?(?=起|开始|以后|之后))"
    r"(?:起|开始|以后|之后|起来)?(?:就|都|也)?(?:按|算)?"
)
# A key ending in a modal is a sentence cut in the wrong place ("接口不能" + "用了"), one ending in 了 a verb said done
# (跟业主说好了是8月29号: 好了 is no subject).
BAD_KEY_END = ("不能", "不可以", "不可", "不要", "可以", "不", "了")
# What an update may read as its key and is none: an adverb of quantity or direction (一共 900 箱, 往后挪到…),
# or a clause that ends in its verb of change (整机物料摊下来变 $12.20, 金穗那边通知涨价 …198 元).
UPDATE_NON_KEYS = ("一共", "总共", "总计", "合计", "往后", "往前", "之后", "然后", "现在", "目前", "一起", "最后")
UPDATE_KEY_END = ("变", "到", "成", "为", "变成", "涨价", "降价", "调价", "提价", "涨了", "降了")
# Adverbs a key runs into before its verb, dropped wherever they end it: 交稿日就改成… -> 交稿日,
# 押金其实是…, 押金现在已经改成… -> 押金.
TRAILING_PARTICLES = ("就", "也", "都", "还", "已经", "其实", "实际", "实际上", "现在", "目前", "又", "再", "终于", "刚刚", "刚")
# Words an adverb's character is part of, so no adverb cuts them (还款日 is a key, not 还 + 款日).
ADVERB_IN_WORDS = ("还款", "归还", "偿还", "退还", "还价", "首都", "成都", "都市", "也许", "就业", "成就", "再生", "再版", "刚需", "刚性")

# The possessive a key may end with (我们的部署目标的 -> 部署目标).
TRAILING_POSSESSIVE = "的"

# 把 X 加到/改成 Y: what is changed is X, the object of 把 (让我先把二甲双胍加到一次0.85克 -> 二甲双胍).
BA_OBJECT = regex_cache.compile(r"把(?P<object>[^把，,。；;]{2,12}?)(?:加|改|调|减|提|降|涨|换|延|推|挪|升|缩)(?:到|成|为|至)")
# A figure's measure word said alone (一袋, 每箱, 两个) counts what the value is of; it names no subject.
MEASURE_PHRASE = regex_cache.compile(r"[一二两三四五六七八九十几每半]\s*[个袋箱斤件份瓶盒包位名次条张台桶罐只]")
# One of several things of a kind told apart by its number: 三号棚, 5号线, 二号仓. Groups as in lang/en/keys.py.
INSTANCE = regex_cache.compile(r"(?P<mark>[一二三四五六七八九十\d]{1,3})\s*号(?P<kind>[\u4e00-\u9fff])")
# A demonstrative inside or at the end of a key points at a subject said before (夜里那个下限, 上周那笔尾款,
# 夜里那个), as a leading one does; 这个月, 那个周末 are times, not pointers.
INNER_POINTER = regex_cache.compile(
    r"(?:那个|这个|那条|这条|那项|这项|那笔|这笔|那批|这批)(?!月|星期|礼拜|周|季度|学期|时候)(?=[\u4e00-\u9fff]|$)"
)
