"""Language-neutral pieces of the extraction grammar: how a number, a currency sign and a comparison symbol are written.

Every language's grammar (lang/<lang>/grammar.py) builds its value and link patterns from these, so they live
here, beside the languages, rather than in the engine: data modules never import the engine for data, and a
new language reuses them as they are.
"""

# A sign only where it cannot be a range's dash ("-18 dB", not the "-5" of "3-5").
NUM = r"(?:(?<![\w.])[-−](?=\.?\d))?(?:\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?(?:e-?\d{1,3}(?![a-z]))?|\.\d+)"
CUR = r"(?P<cur>US\$|[$€£¥￥])?"
CMP_SYMBOLS = r"~|≈|<=|>=|≤|≥|<|>|=|:(?=\s)"  # "02:00" is a time, not "02" compared to "00"
