"""Compile the grammars before the first request needs them.

Each language's tables are compiled on first use, so importing the domain stays fast; the first
batch of user turns would otherwise pay for the compilation (about a tenth of a second). The server
reads these sentences once as it starts, before it serves. The Chinese word segmenter (a tenth of a
second to load) is left to the thread that warm_up_serving runs once the server serves, as is the
scrubber. What was compiled is then stored for the next start (services/memory/regex_cache.py).
"""

from services.memory import regex_cache
from services.memory.domain import cjk_words, lemmas, scrub
from services.memory.domain.extraction import extract

# One sentence of each kind the readers have grammars for, in each language.
SAMPLES = (
    "Goal for the week: ship the export. We moved the review to Friday 9 May. Priya says the budget is 300 euros now. "
    "Still haven't decided whether we keep the old bucket. Never use the shared drive. Scrap the ferry trip.",
    "这周的目标：上线导出功能。评审改到周五。王经理说预算是 300 元。要不要保留旧的桶，还没想好。以后一律不用共享盘。西溪不考虑了。",
)


def warm_up() -> None:
    """Read the samples: every grammar they touch is compiled and cached afterwards; the irregular
    word forms are read (lemmas.py)."""
    for text in SAMPLES:
        extract(text)
    regex_cache.save()
    lemmas.prepare()


def warm_up_serving() -> None:
    """What the server loads once it serves, in a thread: the scrubber's rule table, which neither a
    health check nor a Retrieve needs (scrub.py), and the Chinese word segmenter, which the first
    Chinese turn or question would otherwise wait for; the patterns are stored for the next start too."""
    scrub.prepare()
    cjk_words.content_words(SAMPLES[1])
    regex_cache.save()
