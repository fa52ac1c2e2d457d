"""Chinese index terms: the function characters that make a bigram useless as a search term."""

# 的了吗…: a bigram holding one (现在卡在哪里 -> 在哪, 哪里) names nothing a question is about.
FUNCTION_CHARACTERS = frozenset("的了吗呢吧么是在和与及或就都也还把被让给个这那哪什怎")
