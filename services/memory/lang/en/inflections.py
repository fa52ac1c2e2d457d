"""What English needs beside a lemmatizer to relate the forms of a word no suffix rule reaches.

A question asks in the base form ("when did Mel go camping?", "what did she buy?") while the turn
that answers it tells the story in the past ("we went camping", "I bought a kayak"); a suffix
stemmer keeps went/go and bought/buy apart. The base forms come from a maintained lemmatizer
(domain/lemmas.py); this module holds where it slips, which forms are read as another word, which
verbs are too common to relate, and the noun-making suffixes it does not undo.
"""

# Where the lemmatizer (simplemma's English dictionary) slips: the right base, or "" where the base it
# gives is another word in use ("better" -> good would match every "good"; "media" is no plural of
# medium). It keeps a past that is also a word of its own ("won", "left"): those get the verb.
LEMMA_FIXES: dict[str, str] = {
    "gone": "go",
    "better": "",
    "best": "",
    "worse": "",
    "worst": "",
    "media": "",
    "bit": "bite",
    "bore": "bear",
    "broke": "break",
    "felt": "feel",
    "ground": "grind",
    "left": "leave",
    "lit": "light",
    "rose": "rise",
    "shot": "shoot",
    "stuck": "stick",
    "won": "win",
    "wound": "wind",
}

# Forms that are also other, common words (a direction, a tool, a flower, a metal, a currency, a
# past of another verb): a question that says one of these may mean the other word, so it is not
# read as the verb. A turn's is indexed with the verb's base too: "did they win?" finds "we won".
AMBIGUOUS = frozenset(
    {
        "bear",
        "bit",
        "bore",
        "felt",
        "found",
        "ground",
        "lay",
        "lead",
        "left",
        "lie",
        "light",
        "lit",
        "ring",
        "rose",
        "saw",
        "shot",
        "stuck",
        "tear",
        "wind",
        "won",
        "wound",
    }
)

# Verbs so common in any conversation ("make it", "got it", "take a look", "I think") that their other forms,
# searched beside a question, match most turns and rank none: not expanded.
LIGHT = frozenset({"come", "get", "give", "keep", "know", "make", "mean", "say", "take", "tell", "think"})

# Suffixes that make a noun of a noun and that the stemmers keep: mentorship/mentor, childhood/child.
NOUN_SUFFIXES = ("ship", "hood")
