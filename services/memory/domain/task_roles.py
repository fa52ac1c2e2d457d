"""Task state read by what a statement does, for sentences no task row reads (tasks.py).

A row names a phrasing ("we're blocked on X"); a role names a function, built from parts each
language lists in services/memory/lang/<lang>/task_roles.py:
- a goal is the focus of a period or the point of the work ("the big push this month is ...",
  "Thesis in one line: ...", 这个月主要的事：..., a deadline and what must be done by it);
- an open item is a choice in a sentence that says it is not made yet ("haven't worked out whether
  X or Y", 要不要 X，还没决定);
- a blocker is a dependency that stops work ("can't publish the figures until it's signed",
  还没给开，…拉不下来);
- progress is a measured advance ("week 11 of 16 in the bag", "260 boxes paid", 八成已经走小程序).
One role per sentence (an open choice first, then in that order); the entry is what the sentence says of it. A sentence may also
close entries by its role: a dependency met closes a blocker, a choice made an open item.
"""

import re
from dataclasses import dataclass
from functools import cache

from services.memory.domain.model import TaskField
from services.memory.lang import data


@dataclass(frozen=True)
class _Roles:
    prefilter: re.Pattern[str]
    goals: tuple[re.Pattern[str], ...]  # the entry is the named group "entry", else the whole sentence
    undecided: re.Pattern[str]
    choice: re.Pattern[str]
    blocks: re.Pattern[str]
    advance: re.Pattern[str]
    completion: re.Pattern[str]
    unblocked: re.Pattern[str]
    chosen: re.Pattern[str]
    not_so: re.Pattern[str]


@cache
def _roles(lang: str) -> _Roles:
    words = data(lang, "task_roles")
    flags = re.IGNORECASE
    goals: tuple[re.Pattern[str], ...]
    if lang == "zh":
        goals = (
            re.compile(rf"^{words.PERIOD}{words.FOCUS_HEAD}(?:是|就是|[:：])\s*(?P<entry>\S.+)$"),
            re.compile(rf"^{words.GOAL_LABEL}\s*[:：]\s*(?P<entry>\S.+)$"),
            re.compile(rf"(?:{words.ALL_ABOUT})\s*(?P<entry>\S.+)$"),
            re.compile(words.DEADLINE),
        )
    else:
        goals = (
            re.compile(
                rf"^{words.FOCUS_HEAD}{words.PERIOD}\s*(?:is|are|'s|will\s+be|:)\s+(?!(?:{words.NOT_GOAL})\b)(?P<entry>\S.+)$", flags
            ),
            re.compile(rf"^{words.GOAL_LABEL}(?:,\s*[^:]{{0,30}})?\s*:\s*(?P<entry>\S.+)$", flags),
            re.compile(rf"(?:{words.ALL_ABOUT})\s+(?P<entry>\S.+)$", flags),
        )
    return _Roles(
        prefilter=re.compile(words.PREFILTER, flags),
        goals=goals,
        undecided=re.compile(words.UNDECIDED, flags),
        choice=re.compile(words.CHOICE, flags),
        blocks=re.compile(words.BLOCKS, flags),
        advance=re.compile(words.ADVANCE, flags),
        completion=re.compile(words.COMPLETION, flags),
        unblocked=re.compile(words.UNBLOCKED, flags),
        chosen=re.compile(words.CHOSEN, flags),
        not_so=re.compile(words.NOT_SO, flags),
    )


def read_role(text: str, lang: str, *, hedged: bool = False) -> tuple[TaskField, str] | None:
    """(field, entry) of a sentence by its role, or None: in lang's words ("en", "zh"), else, for a
    code-switched sentence, in the other language's. A hedged sentence ("not sure which courier ...")
    can only leave a choice open."""
    for grammar in (lang, _OTHER[lang]):
        if grammar == lang or _LETTERS[grammar].search(text):
            found = _read_role(text, grammar, hedged)
            if found is not None:
                return found
    return None


_OTHER = {"en": "zh", "zh": "en"}
_LETTERS = {"en": re.compile(r"[A-Za-z]"), "zh": re.compile(r"[\u3400-\u9fff]")}


def _read_role(text: str, lang: str, hedged: bool) -> tuple[TaskField, str] | None:
    roles = _roles(lang)
    if not roles.prefilter.search(text):
        return None
    if roles.undecided.search(text) and roles.choice.search(text):
        return TaskField.OPEN, text
    if hedged:
        return None
    for pattern in roles.goals:
        match = pattern.search(text)
        if match:
            entry = match.groupdict().get("entry") or text
            return TaskField.GOAL, entry.strip()
    if roles.blocks.search(text):
        return TaskField.BLOCKER, text
    if roles.advance.search(text) and roles.completion.search(text):
        return TaskField.PROGRESS, text
    return None


def resolved_fields(text: str, lang: str) -> tuple[TaskField, ...]:
    """The fields a sentence may close entries of by its role: BLOCKER when it says a dependency was
    met, OPEN when it says a choice was made. Which entry is closed is the planner's to find, by the
    words the message shares with it (task_lifecycle.resolve)."""
    roles = _roles(lang)
    found = [field for field, cue in ((TaskField.BLOCKER, roles.unblocked), (TaskField.OPEN, roles.chosen)) if cue.search(text)]
    if found and roles.not_so.search(text):
        return ()  # "nobody has signed off", "once the API is back ...": nothing was met
    return tuple(found)
