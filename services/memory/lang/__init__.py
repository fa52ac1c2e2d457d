"""Language data, one folder per language (en/, zh/), the way spaCy keeps lang/en and lang/zh.

The engine (services/memory/domain) holds logic only; each language's words and grammar pieces
live here as plain data, so adding a language means adding a folder with the same modules.
"""

import importlib
from functools import cache
from types import ModuleType

LANGUAGES = ("en", "zh")


@cache
def data(lang: str, module: str) -> ModuleType:
    """lang/<lang>/<module>.py; a language without its own data reads as English."""
    return importlib.import_module(f"{__name__}.{lang if lang in LANGUAGES else 'en'}.{module}")
