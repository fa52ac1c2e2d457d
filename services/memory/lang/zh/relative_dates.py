"""Chinese words that place a moment relative to when they are said (read by domain/relative_dates.py);
the same shape as lang/en/relative_dates.py."""

from services.memory.lang.zh.discourse import NUMBER_WORDS

_COUNT = r"(?P<n>\d{1,2}|[" + "".join(NUMBER_WORDS) + r"]{1,3})"

SHIFTS: tuple[tuple[str, str, int], ...] = (
    (r"大前天", "day", -3),
    (r"前天", "day", -2),
    (r"昨天|昨日|昨晚", "day", -1),
    (r"大后天", "day", 3),
    (r"后天", "day", 2),
    (r"明天|明日|明晚", "day", 1),
    (rf"{_COUNT}天前", "day", -1),
    (r"上个?月", "month", -1),
    (r"下个?月", "month", 1),
    (rf"{_COUNT}个月前", "month", -1),
    (r"前年", "year", -2),
    (r"去年", "year", -1),
    (r"明年", "year", 1),
    (rf"{_COUNT}年前", "year", -1),
)
# Every shift holds one of these: a message without any is not read further.
CUES = ("天", "日", "晚", "月", "年")
