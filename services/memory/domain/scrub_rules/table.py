"""The scrubber's rule table: for each kind of credential or personal path, its gate, its pattern and its replacement.

Each module of this package holds one family of rules; this one puts them in the order they run. Vendor formats come
before generic names, so a named key keeps its kind ("OPENAI_API_KEY=[REDACTED_OPENAI_KEY]"); the
words that label a secret in each language are data in services/memory/lang/<lang>/secrets.py.
"""

import logging
import warnings

from services.memory.domain.scrub_rules.assignments import ASSIGNMENTS
from services.memory.domain.scrub_rules.gates import Gate, alternation
from services.memory.domain.scrub_rules.headers_and_flags import HEADERS_AND_FLAGS
from services.memory.domain.scrub_rules.passphrases import PASSPHRASES
from services.memory.domain.scrub_rules.paths import PATHS
from services.memory.domain.scrub_rules.payments import PAYMENTS
from services.memory.domain.scrub_rules.prose import PROSE
from services.memory.domain.scrub_rules.tool_shapes import TOOL_SHAPES
from services.memory.domain.scrub_rules.unnamed_keys import UNNAMED_KEYS
from services.memory.domain.scrub_rules.values import PLACEHOLDER, REDACTED, Rule
from services.memory.domain.scrub_rules.vendor_keys import DETECTORS, VENDOR_KEYS

# Importing detect-secrets turns logging.captureWarnings on for the whole process (its logger
# module does); a library import must not reroute the service's warnings, so that is undone.
if getattr(warnings.showwarning, "__module__", None) == "logging":
    logging.captureWarnings(False)

# Each row: when it can apply, what it finds, what replaces it. Order matters: a passphrase goes whole
# before the rules on flags and names take its first word.
RULES: tuple[Rule, ...] = (
    *VENDOR_KEYS,
    *TOOL_SHAPES,
    *PASSPHRASES,
    *HEADERS_AND_FLAGS,
    *ASSIGNMENTS,
    *PROSE,
    *PAYMENTS,
    *UNNAMED_KEYS,
    *PATHS,
)

__all__ = ["DETECTORS", "PLACEHOLDER", "REDACTED", "RULES", "Gate", "alternation"]
