"""What a Chinese tally of work done looks like (domain/tallies.py)."""

# 7 项搞定 5 项, 十个里已经做完六个, 300 盒包了 210 盒: a part of a whole done.
_NUMBER = r"(?:\d+|[一二两三四五六七八九十百]+)"
TALLY = (
    rf"{_NUMBER}\s*(?:项|个|件|盒|间|家|份|张|箱|套)?[\u4e00-\u9fff]{{0,3}}?\s*(?:里|中|当中)?\s*(?:已经|已)?\s*"
    rf"(?:搞定|完成|[\u4e00-\u9fff](?:好|完|掉|了))了?\s*{_NUMBER}\s*(?:项|个|件|盒|间|家|份|张|箱|套)"
)
