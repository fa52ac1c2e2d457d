"""What a sentence takes from the sentences beside it: a tag that binds the rule before it ("Not
negotiable."), the sentences that spell a rule out, the sentence that says a task entry announced by
the one before ("we're stuck on one thing though. The vendor hasn't sent the keys.")."""

from collections.abc import Callable
from dataclasses import replace

from services.memory import regex_cache
from services.memory.domain import extraction_checks as C
from services.memory.domain.model import Candidate, ItemKind, TaskField
from services.memory.domain.rules import MAX_RULE_KEY_CHARS
from services.memory.domain.tasks import MAX_ENTRY_CHARS as MAX_TASK_CHARS
from services.memory.domain.text import is_question, normalize_key

# A rule's value takes up to this many following sentences of its line that spell it out.
MAX_ELABORATION = 2
MAX_RULE_CHARS = 600
_CJK = regex_cache.compile(r"[\u3400-\u9fff]")
_TERMINAL = " \t.!。！…"

Read = tuple[tuple[Candidate, str], ...]


def bound_rule(statement: str, tag: str, lang: str) -> Candidate | None:
    """The statement (cleaned, in lang) before a binding tag, as the rule the tag makes it."""
    if (len(statement) < 6 if lang == "zh" else len(statement.split()) < 3) or is_question(statement, lang):
        return None
    value = f"{statement}. {tag.strip()}"
    return Candidate(kind=ItemKind.RULE, key="rule:" + normalize_key(statement)[:MAX_RULE_KEY_CHARS], value=value, text=value, lang=lang)


def spelled_out(task: Candidate, following: str) -> Candidate:
    """A task entry announced by one sentence and said by the next (following, without its markup)."""
    value = C.clean_value(following)[:MAX_TASK_CHARS]
    if task.task_field is None or task.task_field is TaskField.GOAL:
        return replace(task, value=value)
    return replace(task, value=value, key=f"task:{task.task_field.value}:{normalize_key(value)[:MAX_RULE_KEY_CHARS]}")


# The rows of norms said without a rule word (lang/en/rules_norms.py): after a rule, they spell it out.
NORM_ROWS = "norm_"


def with_elaboration(rule: Candidate, following: list[str], read_sentence: Callable[[str], Read]) -> tuple[Candidate, int]:
    """A rule keeps the sentences that spell it out ("Never run migrations from a laptop. Staging
    migrations go through the migrate-staging job."): up to the next sentence that states a rule
    or task state of its own, or changes a value ("So we're down to four."). A norm said without a
    rule word right after a rule spells it out too ("..., full stop"). Returns the rule and how many
    of the following sentences it took."""
    extra: list[str] = []
    taken = 0
    for sentence in following[:MAX_ELABORATION]:
        read = read_sentence(sentence)
        own = [(c, row) for c, row in read if c.kind in (ItemKind.RULE, ItemKind.TASK) or c.is_correction]
        if any(not row.startswith(NORM_ROWS) for _, row in own) or is_question(sentence, rule.lang):
            break
        taken += 1
        if len(sentence.split()) >= 3 or _CJK.search(sentence):  # not "Thanks!" or "Full stop."
            extra.append(sentence)
    if not extra:
        return rule, taken
    text = " ".join([rule.text, *extra])[:MAX_RULE_CHARS]
    value = " ".join([rule.value.rstrip(_TERMINAL) + ".", *extra])[:MAX_RULE_CHARS]
    return replace(rule, value=value, text=text), taken
