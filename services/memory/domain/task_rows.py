"""The row format of the task-state grammars (lang/<lang>/tasks.py and the task_*.py rows it gathers, read by tasks.py).

A row is a dict: name, emits (the signals it gives: (field, resolves) pairs), pattern, examples, and options:
  label       the pattern is full-matched against the "<label>" of "<label>: <body>"; groups obj/obj2 name
              what a label is about ("Blocked on X:", "Decision on X:", "Billing came back:")
  about_body  (labels) a resolution's about is the body ("Unblocked: the staging deploy")
  weak        (labels) only what the body itself reads counts ("Update: we're blocked on X" is a blocker,
              "Update: the timeout is now 45s" is nothing)
  cues        lowercase substrings, one must occur for the row to run (verb rows)
  search      the pattern is searched at clause starts, not matched at the sentence start
  whole       the entry is the whole sentence (from the matched clause on, when it also resolves something)
Groups: cue (required: the guard reads the words before it), entry, about, about2.
Examples: (sentence, expected) with expected the entry, or a dict of the TaskSignal fields to check
(field and resolves default to the row's first emit). Each language's tasks.py holds the rest of its grammar: the word lists
that guard the rows (guards, anaphora, trims, the separator, the prefilter's cue stems).
"""

from collections.abc import Sequence
from typing import Required, TypedDict

from services.memory.domain.model import TaskField


class TaskSpec(TypedDict, total=False):
    """One row of a task table as written (the options are described above)."""

    name: Required[str]
    emits: Required[tuple[tuple[TaskField, bool], ...]]
    pattern: Required[str]
    examples: Required[Sequence[tuple[str, str | dict[str, object]]]]
    cues: tuple[str, ...]
    label: bool
    about_body: bool
    weak: bool
    report: bool
    search: bool
    whole: bool


GOAL, PROGRESS, BLOCKER, OPEN = TaskField.GOAL, TaskField.PROGRESS, TaskField.BLOCKER, TaskField.OPEN
NEW_GOAL, NEW_PROGRESS, NEW_BLOCKER, NEW_OPEN = ((GOAL, False),), ((PROGRESS, False),), ((BLOCKER, False),), ((OPEN, False),)
UNBLOCKS, ANSWERS = ((BLOCKER, True),), ((OPEN, True),)
DONE_AND_UNBLOCKS = ((PROGRESS, False), (BLOCKER, True))
REPLY = ((OPEN, True), (BLOCKER, True))  # "Billing came back:" answers a question or ends a wait on them
