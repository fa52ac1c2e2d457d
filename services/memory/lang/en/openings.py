"""How an English sentence opens when it is not a plain statement: discourse openers that carry nothing,
hedges that make it an opinion or a plan, and the openings of a question without a question mark.
"""

import re

from services.memory import regex_cache

# Discourse openers carry nothing; the ambiguous ones ("right", "note") only count when punctuated.
OPENERS = regex_cache.compile(
    r"^(?:(?:ok(?:ay)?|so(?!\s+far\b)|and|also|oh|btw|by the way|fyi|plus|additionally|anyway|hey|hi|hmm+|um+|uh+|note that|"
    r"remember that|keep in mind that|just so you know|(?:in|for|on|within) (?:this|the current) (?:environment|env|project|repo|"
    r"repository|codebase|session|setup|work|task)|(?:we|i|(?:the )?team|everyone|we all)(?:'ve)? (?:agreed|decided)(?: on)?(?: that| to(?= (?:always|never|only|use|keep|run|go with|stick with|switch to)\b)|(?!\s+(?:to|on)\b))|"
    r"let's say(?: that)?|i'd say(?: that)?|"
    # "Which means the draft is due April 23 now": a consequence told as a statement of its own.
    r"(?:which|that|this|so that|and that) means(?: that)?|meaning(?: that)?|"
    # "I saw that my grocery budget went up to $550": what was seen or heard is the statement.
    r"(?:i|we)(?: just| recently)? (?:saw|see|noticed|notice|found out|learned|learnt|heard|realized|realised|read) that)\b[\s,:!.\-–—]*|"
    r"(?:alright|right|well|great|cool|perfect|yes|yeah|"
    r"yep|sure|thanks|thank you|got it|note|nb|ps|important|reminder|one more thing|heads up|quick note|before we (?:start|begin)|"
    r"first things first|first off|first|firstly|second|secondly|third|thirdly|lastly|finally|for the record|for context|side note|one thing|"
    r"another thing|one other thing|(?:one )?last thing|related|separately|on another note|before i forget|while i remember|"
    r"(?:(?:i'm |i am )?writing this down|noting this down|putting this down)(?: (?:before i forget|for later|for the record))?|"
    r"(?:quick |short |brief )?(?:status update|status|recap|progress report)(?: (?:on|for|about|re) [^:,]{1,60})?)"
    r"\s*[,:!.\-–—]+\s*)+",
    re.IGNORECASE,
)
# Openings that make what follows an opinion, a plan or a condition, not a statement.
HEDGES = regex_cache.compile(
    r"^(?:i think|i'm thinking|i am thinking|i was thinking|i guess|i believe|i suppose|i feel|i wonder|i assume|maybe|perhaps|probably|possibly|"
    r"presumably|hopefully|it seems|seems like|looks like|not sure|i'm not sure|i am not sure|let me|let's see|"
    r"i'll|i will|i'm going to|if|unless|whether)\b",
    re.IGNORECASE,
)
# Questions without a question mark start like one.
QUESTIONS = regex_cache.compile(
    # "What I need is ...", "what we're after is ...": an opening like a question that states something.
    r"^(?:what(?!\s+(?:i|we|you|they|he|she)(?:'re|'m|'ve)?\s+(?:[\w']+\s+){0,5}?(?:is|was)\s)|why|how|which|who|whom|whose|where|is it|are we|do we|do you|does|did|can you|"
    r"could you|would you|should we|shall we|will you)\b",
    re.IGNORECASE,
)
