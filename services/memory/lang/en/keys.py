"""What an English key is not part of: a leading determiner, and context every item of a session shares."""

import re

# A leading article, possessive or demonstrative: "the deploy target" is "deploy target".
LEADING_DETERMINER = re.compile(r"^(?:(?:the|our|my|a|an|this|that|these|those|your|their|its)\s+)+")
# Context a key does not need, since every item is scoped to its session: "deploy target for this work",
# "feature flags here", "staging host, for later".
KEY_CONTEXT = re.compile(
    r"(?:,?\s+(?:for (?:all of )?(?:this|that|now|later|reference|the record)(?:\s+(?:work|project|task|change|effort|session|"
    r"repo|service|environment|env|setup|rollout|migration))?|here|(?:in|on|for|within) (?:this|the current|our) (?:project|"
    r"environment|env|repo|repository|session|setup|work|task|codebase)|fyi|btw))+$",
    re.IGNORECASE,
)
