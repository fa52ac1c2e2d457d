"""Language-neutral pieces of the extraction grammar: how a number, a currency sign and a comparison symbol are written.

Every language's grammar (lang/<lang>/grammar.py) builds its value and link patterns from these, so they live
here, beside the languages, rather than in the engine: data modules never import the engine for data, and a
new language reuses them as they are.
"""

# A sign only where it cannot be a range's dash ("-18 dB", not the "-5" of "3-5").
# A figure never starts inside another: "35" is no figure of "3:35" or "1235".
NUM = r"(?<![\d:])(?:(?<![\w.])[-−](?=\.?\d))?(?:\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?(?:e-?\d{1,3}(?![a-z]))?|\.\d+)"
CUR = r"(?P<cur>US\$|[$€£¥￥])?"
CMP_SYMBOLS = r"~|≈|<=|>=|≤|≥|<|>|=|:(?=\s)"  # "02:00" is a time, not "02" compared to "00"

# What a multiplier written after a figure multiplies it by ("12k", "3.5m", "9.6万", "2亿"): lets a figure
# be compared with another written differently.
# Only the unambiguous ones: "3.2m" may be metres.
MULTIPLIER_VALUES = {"k": 1e3, "bn": 1e9, "千": 1e3, "万": 1e4, "百万": 1e6, "亿": 1e8}
