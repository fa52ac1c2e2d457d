"""Task state read by what a statement does, when no task row reads it (tasks.py): a short label says
which field its body is ("Fall term target: ...", "Scoreboard update: ...", 目标定一下：...); a report is
progress only when it measures an advance (a count of a whole, a share, a state of completion), so
"Update on pricing: now 90 an hour" stays a fact; a dependency that stops work is a blocker however it is
said ("can't go out until legal signs off", "is waiting on the vendor", 得等台面到货才能装); a choice
still to make is an open item ("still undecided whether ...", 还没定). The words are each language's
data (lang/<lang>/task_roles.py)."""

import re
from dataclasses import dataclass, replace
from functools import cache

from services.memory import regex_cache
from services.memory.domain.model import Candidate, ItemKind, TaskField
from services.memory.domain.rules import MAX_RULE_KEY_CHARS as MAX_TASK_KEY_CHARS
from services.memory.domain.text import detect_lang, is_question, normalize_key, split_sentences
from services.memory.lang import LANGUAGES, data
from services.memory.lang.en.terms import STOP_WORDS

MAX_LABEL_WORDS = 10
MAX_LABEL_CHARS = 12  # a Chinese label, in characters
MIN_BODY_CHARS = 6
MIN_GOAL_WORDS = 3


@dataclass(frozen=True)
class _Roles:
    labels: tuple[tuple[TaskField, re.Pattern[str]], ...]
    advance: re.Pattern[str]
    dependency: re.Pattern[str]
    not_dependency: re.Pattern[str]
    undecided: re.Pattern[str]
    decided: re.Pattern[str]
    arrived: re.Pattern[str]
    not_yet: re.Pattern[str]
    label_end: re.Pattern[str]
    milestone: re.Pattern[str]
    weighs: re.Pattern[str]
    announced: tuple[tuple[TaskField, re.Pattern[str]], ...]


@cache
def _roles(lang: str) -> _Roles:
    words = data(lang, "task_roles")
    flags = re.IGNORECASE
    # The cue heads or ends an English label: "Update on the county grant:", "Fall term target:"; a cue in the
    # middle of a long preamble ("Quick one, since I'm waiting on the delivery:") says nothing of the body. A
    # Chinese label is short (MAX_LABEL_CHARS), so its cue may sit anywhere in it: 期末目标定一下：
    labels = tuple(
        (field, regex_cache.compile(rf"^(?:{cue})\b|\b(?:{cue})(?:\s+(?:{words.LABEL_TAIL}))?$" if lang == "en" else rf"(?:{cue})", flags))
        for field, cue in (
            (TaskField.BLOCKER, words.BLOCKER_LABEL),
            (TaskField.OPEN, words.OPEN_LABEL),
            (TaskField.GOAL, words.GOAL_LABEL),
            (TaskField.PROGRESS, words.PROGRESS_LABEL),
        )
    )
    return _Roles(
        labels=labels,
        advance=regex_cache.compile(words.ADVANCE, flags),
        dependency=regex_cache.compile(words.DEPENDENCY, flags),
        not_dependency=regex_cache.compile(words.NOT_DEPENDENCY, flags),
        undecided=regex_cache.compile(words.UNDECIDED, flags),
        decided=regex_cache.compile(words.DECIDED, flags),
        arrived=regex_cache.compile(words.ARRIVED, flags),
        not_yet=regex_cache.compile(words.NOT_YET, flags),
        label_end=regex_cache.compile(words.LABEL_END, flags),
        milestone=regex_cache.compile(words.MILESTONE, flags),
        weighs=regex_cache.compile(words.WEIGHS, flags),
        announced=tuple(
            (field, regex_cache.compile(rf"{lead}(?:{cue})(?:\s+(?:{words.LABEL_TAIL}))?", flags))
            for lead in (getattr(words, "ANNOUNCED", ""),)
            if lead
            for field, cue in ((TaskField.BLOCKER, words.BLOCKER_LABEL), (TaskField.OPEN, words.OPEN_LABEL))
        ),
    )


def read_role(sentence: str, lang: str) -> tuple[TaskField, str] | None:
    """(field, entry) of a sentence by its role, or None. A role named alone ("Another hitch.") is its own entry,
    which announces the next sentence (see announces)."""
    roles = _roles(lang if lang in LANGUAGES else "en")
    if field := _announced(sentence, roles):
        return field, sentence.strip()
    label, body = _label(sentence, roles.label_end)
    if label:
        field = next((field for field, cue in roles.labels if cue.search(label)), None)
        if field is TaskField.PROGRESS and not roles.advance.search(body):
            field = None  # "Update on pricing: now 90 an hour" reports a value, not an advance
        if field is TaskField.GOAL and lang != "zh" and len(body.split()) < MIN_GOAL_WORDS:
            field = None  # "Deploy target: eu-west-1" names a setting; a goal says what is to be reached
        if field is not None and len(body) >= MIN_BODY_CHARS:
            # A label that names a choice or a blocker says what its body is ("Not decided: whether SEV2s page
            # overnight or wait for business hours" is no wait); a report's body may say more than its label.
            return (field, body) if field in (TaskField.OPEN, TaskField.BLOCKER) else _by_body(body, roles) or (field, body)
    found = _by_body(sentence, roles)
    if found is None and roles.milestone.search(sentence):
        return TaskField.PROGRESS, sentence.strip()  # a milestone passed is progress, however it is said
    return found


def labelled_open(sentence: str, lang: str) -> str:
    """The body of a "<open label>: <question>" sentence ("Open item: do we rent the tent?", 待定：要不要订大巴？),
    which is an open item though it asks; "" otherwise."""
    roles = _roles(lang if lang in LANGUAGES else "en")
    label, body = _label(sentence, roles.label_end)
    open_cue = next(cue for field, cue in roles.labels if field is TaskField.OPEN)
    return body if label and len(body) >= MIN_BODY_CHARS and open_cue.search(label) else ""


def announces(entry: str) -> bool:
    """Whether an entry only names its role ("Another hitch", "The kiln has an issue"): the next sentence says it."""
    return any(_announced(entry, _roles(lang)) for lang in LANGUAGES)


def _announced(sentence: str, roles: _Roles) -> TaskField | None:
    bare = sentence.strip().rstrip(".!…:：。！ ")
    return next((field for field, pattern in roles.announced if pattern.fullmatch(bare)), None)


def field_by_body(field: TaskField, entry: str, lang: str) -> TaskField | None:
    """The field an entry read as progress or as an open item is by what its body does, when that differs:
    a status report whose body is a dependency ("Status on 45: it can't go out until legal signs off") is a
    blocker, and so is what is left when all it says is what it waits for (剩下的得等配件到了才能装), unless
    it asks or weighs ("do we wait for the vendor or switch?")."""
    if field not in (TaskField.PROGRESS, TaskField.OPEN):
        return None
    roles = _roles(lang if lang in LANGUAGES else "en")
    role = _by_body(entry, roles)
    if role is None or role[0] is field:
        return None
    if field is TaskField.OPEN and (role[0] is not TaskField.BLOCKER or _weighs(entry, lang, roles)):
        return None
    return role[0]


def _weighs(entry: str, lang: str, roles: _Roles) -> bool:
    return bool(roles.undecided.search(entry) or roles.weighs.search(entry)) or is_question(entry.rstrip(), lang)


def _by_body(text: str, roles: _Roles) -> tuple[TaskField, str] | None:
    # "nothing ships until QA signs off" is a rule about every case, not what holds up this one.
    if roles.dependency.search(text) and not roles.not_dependency.search(text) and not _GENERAL.match(text):
        return TaskField.BLOCKER, text.strip()
    if roles.undecided.search(text):
        return TaskField.OPEN, text.strip()
    return None


# A subject that quantifies over every case: the sentence is a rule, whatever it says.
_GENERAL = regex_cache.compile(r"^(?:every|any|no|nothing|nobody|none|all|never|always|凡是|所有|任何|一律)\b", re.IGNORECASE)


def _label(sentence: str, label_end: re.Pattern[str]) -> tuple[str, str]:
    """("label", "body") of a "<label>: <body>" sentence whose label is short, else ("", "")."""
    match = label_end.search(sentence)
    if match is None:
        return "", ""
    label, body = sentence[: match.start()].strip(), sentence[match.end() :].strip()
    short = (
        len(label) <= MAX_LABEL_CHARS
        if re.search(r"[\u3400-\u9fff]", label) and not re.search(r"[A-Za-z]{3}", label)
        else len(label.split()) <= MAX_LABEL_WORDS
    )
    return (label, body) if short and body else ("", "")


def read_closure(sentence: str, lang: str) -> TaskField | None:
    """The field a statement closes an entry of by its role: a choice made closes an open item, what a
    blocker waited for having come closes a blocker. Which entry is the lifecycle's to find, by the words
    the sentence shares with it (task_lifecycle.py)."""
    roles = _roles(lang if lang in LANGUAGES else "en")
    if roles.undecided.search(sentence) or roles.not_dependency.search(sentence) or roles.dependency.search(sentence):
        # "still haven't decided" is the opposite; "don't touch X until we've picked" is a rule; "the estate
        # hasn't replied" is a wait still on.
        return None
    for field, cue in ((TaskField.OPEN, roles.decided), (TaskField.BLOCKER, roles.arrived)):
        said = cue.search(sentence)
        if said and not roles.not_yet.search(sentence[: said.start()]):
            return field
    return None


def goal_stated(read: tuple[tuple[Candidate, str], ...], lang: str) -> tuple[tuple[Candidate, str], ...]:
    """A fact keyed by the goal ("目标改成预算2.5万以内", "the Q3 target is 1,500 downloads") sets the goal too."""
    if any(c.task_field is TaskField.GOAL for c, _ in read):
        return ()
    words = data("zh" if lang == "zh" else "en", "task_states")
    for candidate, _ in read:
        goal_key = words.GOAL_NUMBER_KEY if candidate.kind is ItemKind.NUMBER else words.GOAL_KEY
        if candidate.kind in (ItemKind.FACT, ItemKind.NUMBER) and candidate.key and goal_key.search(candidate.key):
            value = " ".join(part for part in (candidate.value, candidate.unit, candidate.condition) if part)
            goal = Candidate(kind=ItemKind.TASK, key="task:goal", value=value, text=candidate.text, lang=lang, task_field=TaskField.GOAL)
            return ((goal, "goal_key"),)
    return ()


def opening_goal(message: str, read: list[Candidate]) -> Candidate | None:
    """What a session's opening turn says it is for ("We want a waitlist for the counter set up before
    spring", 这个 session 就干一件事：…): its first sentence of the speaker's own undertaking, unless the turn
    already states a goal or the sentence is a rule, a choice to make, a wait or a question. The caller knows the
    turn opens a session."""
    if any(candidate.task_field is TaskField.GOAL for candidate in read):
        return None
    # A rule, and a choice or a wait the turn states, are what they are, not what the session is for.
    rules = {
        candidate.text
        for candidate in read
        if candidate.kind is ItemKind.RULE or candidate.task_field in (TaskField.OPEN, TaskField.BLOCKER)
    }
    sentences = split_sentences(message)
    for index, sentence in enumerate(sentences):
        lang = detect_lang(sentence)
        words = data(lang if lang in LANGUAGES else "en", "task_states")
        clean = sentence.strip()
        labelled = _LABELLED.match(clean)
        named = labelled and words.SESSION_REFERENCE.search(labelled.group("label")) and not _FIRST_PERSON.match(clean)
        reference = words.SESSION_REFERENCE.search(clean)
        pointing = (
            index > 0 and reference and (words.POINTS_BACK.match(clean) or words.POINTS_AT.search(words.SESSION_REFERENCE.sub("", clean)))
        )
        if reference and not is_question(clean, lang) and (named or _TITLE.search(clean) or pointing):
            # The session named and given a title or a label ("file this whole thread under '...'", 这个会话专门跟进
            # OPS-311：…) says what it is for, whole; "That's what this conversation is for" says it of the sentence before.
            return _goal(sentences[index - 1].strip() if pointing else clean, sentence, lang)
        if words.ANNOUNCES_GOAL.match(clean) and index + 1 < len(sentences):
            clean = sentences[index + 1].strip()  # "Here's the mission. Be moved in by June 20."
        elif labelled and words.PURPOSE_LABEL.search(labelled.group("label")) and _states_enough(labelled.group("body"), lang):
            clean = labelled.group("body")  # "What we're doing: a week's charter out of Split": the body says it
        elif any(clean in rule or rule in clean for rule in rules) or not words.OPENING_INTENT.search(clean):
            continue
        if is_question(clean, lang):
            continue
        return _goal(clean, sentence, lang)
    return None


def _goal(value: str, sentence: str, lang: str) -> Candidate:
    return Candidate(
        kind=ItemKind.TASK, key="task:goal", value=value.rstrip("。.!！"), text=sentence.strip(), lang=lang, task_field=TaskField.GOAL
    )


# "I'll paste the logs in this thread:" says what the speaker does next, not what the session is for.
_FIRST_PERSON = regex_cache.compile(r"^(?:i|we|you|let me|let's|i'll|we'll|i'm|we're|我|我们|你)\b", re.IGNORECASE)
_LABELLED = regex_cache.compile(r"^(?P<label>[^:：]{2,60}?)\s*[:：]\s*(?P<body>\S.*)$")


def _states_enough(body: str, lang: str) -> bool:
    return len(body) >= MIN_BODY_CHARS if lang == "zh" else len(body.split()) >= MIN_GOAL_WORDS


def with_referent(message: str, candidate: Candidate) -> Candidate:
    """A task entry read with what it points back at: a goal that says "it" ("The aim is to open it in
    the East Galleries") is led by the title the message named before it ('Layers of Light'); a tag
    that only names a role ("Open question for the board.") is the sentence before it, so tagged."""
    if candidate.task_field in (TaskField.OPEN, TaskField.BLOCKER) and not candidate.resolves:
        return _tagged(message, candidate)
    if candidate.task_field is not TaskField.GOAL or not _PRONOUN.search(candidate.value):
        return candidate
    before = message[: message.find(candidate.text)] if candidate.text in message else ""
    titles = ["".join(groups) for groups in _TITLE.findall(before)]
    if not titles or titles[-1] in candidate.value:
        return candidate
    return replace(candidate, value=f"{titles[-1]}: {candidate.value}")


_PRONOUN = regex_cache.compile(r"\b(?:it|them|this one)\b|它", re.IGNORECASE)
# A title as typed: in quotes or book-title marks.
_TITLE = regex_cache.compile(r"(?<![A-Za-z0-9])['‘\"“]([^'’\"”\n]{3,100}?)['’\"”](?![A-Za-z0-9])|[《「]([^》」\n]{1,30})[》」]")


def _tagged(message: str, candidate: Candidate) -> Candidate:
    lang = candidate.lang if candidate.lang in LANGUAGES else "en"
    if not (_role_tag(lang).match(candidate.text.strip()) or _stance_only(candidate.text.strip(), lang)):
        return candidate
    sentences = split_sentences(message)
    at = next((index for index, sentence in enumerate(sentences) if candidate.text.strip() in sentence), 0)
    if at == 0:
        return candidate
    value = f"{sentences[at - 1].rstrip('。.!！')} ({candidate.value})"
    key = f"task:{candidate.task_field.value}:{normalize_key(value)[:MAX_TASK_KEY_CHARS]}" if candidate.task_field else candidate.key
    return replace(candidate, key=key, value=value, text=f"{sentences[at - 1]} {candidate.text.strip()}")


@cache
def _role_tag(lang: str) -> re.Pattern[str]:
    return regex_cache.compile(data(lang, "task_roles").ROLE_TAG, re.IGNORECASE)


def _stance_only(sentence: str, lang: str) -> bool:
    """A sentence that says where the user stands and names nothing ("I honestly haven't decided."): its
    subject is the sentence before it."""
    if lang == "zh":
        return bool(_stance_pattern().match(sentence))
    words = [word.strip(".,!?…'’\"") for word in sentence.lower().split()]
    roles = data(lang, "task_roles")
    return bool(words) and all(not word or word in STOP_WORDS or word in roles.STANCE_WORDS for word in words)


@cache
def _stance_pattern() -> re.Pattern[str]:
    return regex_cache.compile(data("zh", "task_roles").STANCE_ONLY)
