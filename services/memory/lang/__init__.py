"""Language data, one folder per language (en/, zh/), the way spaCy keeps lang/en and lang/zh.

The engine (services/memory/domain) holds logic only; each language's words and grammar pieces
live here as plain data, so adding a language means adding a folder with the same modules.
"""

import importlib
from functools import cache
from types import ModuleType

LANGUAGES = ("en", "zh")
# Languages the memory does not read but in which users still name their secrets: their folders hold
# only secrets.py (PASSWORD_WORDS, VALUE_LINKS), which the scrubber reads, as it must in any language.
SECRET_LANGUAGES = (
    "ar",
    "cs",
    "de",
    "el",
    "es",
    "fr",
    "he",
    "hi",
    "id",
    "it",
    "ja",
    "ko",
    "nl",
    "pl",
    "pt",
    "ru",
    "sv",
    "th",
    "tr",
    "uk",
    "vi",
)


@cache
def data(lang: str, module: str) -> ModuleType:
    """lang/<lang>/<module>.py; a language without its own data reads as English."""
    known = lang in LANGUAGES or (lang in SECRET_LANGUAGES and module == "secrets")
    return importlib.import_module(f"{__name__}.{lang if known else 'en'}.{module}")
