"""What a sentence does to the subjects of a conversation, read by role rather than by phrasing.

People rarely repeat a key when they change its value. They name the subject once and then say
"it's down to 118 now", "bumped it to 6 replicas", "the review got pushed to Thursday", "make it
40", 改成 19200; they relay ("Priya confirmed the venue changed to Hall B"), take things back
("forget what I said about the launch date", "never mind", 当我没说), or frame a value as not the
current one (history, a hypothesis, a comparison). This module reads those roles; each
language's words are data in services/memory/lang/<lang>/discourse.py.

- A change names a subject (or stands for the one in focus with a pronoun, or says nothing of it)
  and gives it a new value: extraction turns it into an update, and the planner attaches a keyless
  one to the subject in focus (subjects.best_target's focus terms).
- A withdrawal retires the item it names, or the statement just made when it names none.
- A frame keeps a sentence's values out of the current state (the turn stays quoted evidence):
  frames.py reads it.

Pure functions of one sentence; nothing here reads the store.
"""

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, lru_cache

from services.memory import regex_cache
from services.memory.domain.text import is_hedged
from services.memory.domain.typed_values import pointed_at, typed_values
from services.memory.domain.units import magnitude, stated_differences
from services.memory.lang import LANGUAGES, data

# A value longer than this is a clause, not a value: "to make sure the team is ready" is no new value.
MAX_VALUE_WORDS = 8
MAX_SUBJECT_WORDS = 6
# A count of a whole ("27 of the 40", "27/40"): a tally of work done.
_TALLY = regex_cache.compile(r"^\d[\d,]*\s*(?:/\s*\d|(?:of|out of)\s+(?:the\s+|our\s+)?\d)", re.IGNORECASE)


@dataclass(frozen=True)
class Change:
    subject: str  # the subject as named ("the review", "评审"); "" for the subject in focus
    value: str  # the new value as typed ("Thursday", "6 replicas", "$13,200")


@dataclass(frozen=True)
class Withdrawal:
    about: str  # what it takes back ("the launch date"); "" for the statement just made
    rest: str  # what the sentence says after it ("we don't have one yet"), maybe a replacement
    rule: bool = False  # a restriction said lifted ("that restriction's lifted"): about holds the words naming which


@dataclass(frozen=True)
class _Grammar:
    keyed: re.Pattern[str]  # "<subject> [got] <verb> [back] to <value>"
    agent: re.Pattern[str]  # "<agent> <verb> <object> [back] to <value>"
    imperative: re.Pattern[str]  # "<verb> <object> [back] to <value>": "drop the batch job to SMALL"
    level: re.Pattern[str]  # "it's down to 118 now"
    choose: re.Pattern[str]  # "make it 40"
    inner: re.Pattern[str]  # a change inside a longer clause: "they'll let us go to 4,000 as long as ..."
    value_now: re.Pattern[str]  # "so 08:00 on the gun now"
    phrasal: re.Pattern[str]  # "<any verb> it down to <value>": "take it down to 2.5", "tighten that spacing up to 4 km"
    relay: re.Pattern[str]  # "<someone> says <clause>"
    wish: re.Pattern[str]  # "<someone> wants <subject> at <value>"
    withdraw: re.Pattern[str]
    withdraw_around: re.Pattern[str]
    lifted: re.Pattern[str]
    anaphor: re.Pattern[str]
    agents: re.Pattern[str]
    placeholder: re.Pattern[str]
    # Prefilters: a sentence without a verb of change (or of reporting) is never read by the
    # patterns that need one, which backtrack over the whole sentence.
    verbs: Callable[[str], bool]
    inner_verbs: Callable[[str], bool]  # the verbs an inner change may start with (the prefilter of `inner`)
    reporting: re.Pattern[str]
    cue: Callable[[str], bool]  # a word that says a value is new: a verb of change, "later", "now", 现在
    value_end: re.Pattern[str]  # where a new value stops ("$13,200 now after I pushed back")
    value_start: re.Pattern[str]  # how a value may begin ("to 6", "to Thursday", not "to go through ...")
    clause: re.Pattern[str]  # between the clauses a change is looked for in


_TYPED = regex_cache.compile(r"\d|\b(?:mon|tues|wednes|thurs|fri|satur|sun)day\b|[A-Z][a-z]+|[\u3400-\u9fff]", re.IGNORECASE)
_NAMED = regex_cache.compile(r"\d|\b(?:mon|tues|wednes|thurs|fri|satur|sun)day\b|\b[A-Z][\w\-]*")
_CJK = regex_cache.compile(r"[\u3400-\u9fff]")
_CONTRACTED = regex_cache.compile(r"(?:'s|'re|'ve|’s|’re|’ve|\s+(?:has|have|had))$", re.IGNORECASE)
_CONNECTIVE = regex_cache.compile(r"^(?:(?:then|so|and|but|also|ok|okay|well|now|anyway|update|fyi)[,:]?\s+)+", re.IGNORECASE)


@cache
def _grammar(lang: str) -> _Grammar:
    words = data(lang, "discourse")
    flags = re.IGNORECASE
    if lang == "zh":
        verb = f"(?:{words.CHANGE_VERBS})"
        return _Grammar(
            keyed=regex_cache.compile(rf"^(?P<subject>[^，,。]{{0,20}}?)\s*(?:{words.PASSIVE})?\s*{verb}\s*(?P<value>\S.*)$"),
            agent=regex_cache.compile(r"(?!)"),
            imperative=regex_cache.compile(r"(?!)"),  # a Chinese imperative names its subject first: keyed reads it
            level=regex_cache.compile(rf"^(?P<subject>{words.ANAPHORS})?\s*(?:{words.LEVEL})\s*(?P<value>\S.*)$"),
            choose=regex_cache.compile(rf"^(?:{words.CHOOSE})\s*(?P<value>\S.*)$"),
            phrasal=regex_cache.compile(r"(?!)"),  # 调到 and 改成 are verbs of change: keyed reads them
            inner=regex_cache.compile(r"(?!)"),
            value_now=regex_cache.compile(r"(?!)"),
            # "先说好一条：" and "我想说" are the speaker's own words: a reporter is someone (王主任说, 我妈说).
            relay=regex_cache.compile(
                rf"^(?P<who>[^，,。]{{1,12}}?)(?<![{words.NOT_REPORTERS}])(?:{words.REPORTING})[，,：:]?\s*(?P<inner>\S.{{3,}})$"
            ),
            wish=regex_cache.compile(words.WISH),
            withdraw=regex_cache.compile(
                rf"^(?:(?:{words.WITHDRAW_NAMING})(?P<about>[^，,。！!吧]{{1,24}}?)(?:那个|这个|的事|那件事|那条)?(?:吧|(?=[，,。！!]|$))|(?:{words.WITHDRAW}))"
                rf"[，,。！!]?\s*(?P<rest>.*)$"
            ),
            withdraw_around=regex_cache.compile(words.WITHDRAW_AROUND),
            lifted=regex_cache.compile(words.LIFTED_RULE),
            anaphor=regex_cache.compile(rf"^(?:{words.ANAPHORS})$"),
            agents=regex_cache.compile(rf"^(?:{words.AGENTS})$"),
            placeholder=regex_cache.compile(rf"^(?:{words.PLACEHOLDERS})$"),
            verbs=_has_match(verb),
            inner_verbs=lambda _: False,  # no inner change in Chinese: keyed reads 改成 and 调到 where they stand
            reporting=regex_cache.compile(words.REPORTING),
            cue=_has_match(f"{words.SHIFT_WORDS}|{words.REPORTING}"),
            value_end=regex_cache.compile(words.VALUE_END),
            value_start=regex_cache.compile(words.VALUE_START),
            clause=regex_cache.compile(words.CLAUSE),
        )
    verb = rf"(?:{words.CHANGE_VERBS})"
    particle = rf"(?:\s+(?:{words.PARTICLES}))?(?:\s+{words.DIFFERENCE})?"
    return _Grammar(
        keyed=regex_cache.compile(
            rf"^(?P<subject>[^,;:]{{2,60}}?)\s+(?:{words.PASSIVE}\s+)?(?:just\s+|already\s+|now\s+|finally\s+)?{verb}{particle}\s+(?:to|into)\s+(?P<value>\S.*)$",
            flags,
        ),
        agent=regex_cache.compile(
            # Case matters only for a name ("Priya moved the review to Friday").
            # "I'm raising X to 24", "we are moving X to May": the progressive says the change is being made.
            rf"^(?P<agent>(?i:{words.AGENTS})|(?!(?i:{words.ANAPHORS})\b)[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?)(?i:'m|'re|'s|’m|’re|’s)?\s+"
            rf"(?i:(?:(?:have|has|had|just|already|finally|now|am|are|is)\s+)*{verb}\s+"
            rf"(?P<object>[^,;:]{{1,50}}?){particle}\s+(?:to|into)\s+(?P<value>\S.*))$",
        ),
        imperative=regex_cache.compile(
            # "switch to the 2022 release" names no object: the subject in focus changes.
            rf"^(?:(?:{words.IMPERATIVE_OPENERS})[,\s]+)*(?:{verb}(?:\s+(?P<object>[^,;:]{{1,50}}?))?{particle}\s+(?:to|into)|"
            rf"(?:{words.SET_VERBS})\s+(?P<held>[^,;:]{{1,50}}?)\s+at)\s+(?P<value>\S.*)$",
            flags,
        ),
        level=regex_cache.compile(
            rf"^(?:{words.LEAD_CLAUSE})?(?P<subject>{words.ANAPHORS}|{words.AGENTS})(?:{words.REACHED})\s+(?:(?P<level>{words.LEVEL})\s+)?"
            rf"(?P<value>\S.*?)(?P<now>\s+(?:{words.EFFECTIVE}))?$",
            flags,
        ),
        choose=regex_cache.compile(
            rf"^(?:(?:let's|let\s+us|just|please|ok|okay|actually|hmm)[,\s]+)*(?:{words.CHOOSE})\s+(?P<value>\S.*)$", flags
        ),
        inner=regex_cache.compile(words.INNER_CHANGE, flags),
        value_now=regex_cache.compile(words.VALUE_NOW, flags),
        # A pronoun for the subject, a particle and "to": whatever the verb, a new value of the subject in focus.
        phrasal=regex_cache.compile(
            rf"^(?:(?:{words.IMPERATIVE_OPENERS})[,\s]+)*(?:(?:{words.AGENTS})\s+)?(?:(?:have|has|had|just|already|finally)\s+)*"
            rf"[a-z]+\s+(?:(?:{words.PRONOUNS})|(?:that|those|these|this)(?:\s+[a-z][\w\-]*){{1,2}})\s+(?:{words.PARTICLES})(?:\s+{words.DIFFERENCE})?\s+(?:to|into)\s+(?P<value>\S.*)$",
            flags,
        ),
        relay=regex_cache.compile(
            # "Amara, the head chef at Harbour, rang: ...", "Deniz at Moss just messaged, they want 48".
            rf"^(?P<who>(?i:my|our|the|their|his|her)\s+[\w\-]+(?:\s+[\w\-]+)?|(?:(?:Dr|Mr|Mrs|Ms|Prof)\.?\s+)?[A-Z][a-z]+(?:\s+(?:from|at|in|of)\s+(?:the\s+)?[\w\-]+|\s+[A-Z][a-z]+)?)"
            rf"(?:,\s+(?i:the|our|my|their)\s+[^,]{{3,40}},)?(?:\s+(?i:just|also|finally|already))?\s+"
            rf"(?:(?P<frame>(?:{words.FRAME_VERBS}|{words.REPORTING})(?:\s+[\w']+){{0,3}}?:)|(?:{words.REPORTING})[,:]?)\s+(?:that\s+)?(?P<inner>\S.{{6,}})$",
        ),
        wish=regex_cache.compile(rf"^(?:{words.IMPERATIVE_OPENERS}[,\s]+)*{words.WISH}$", flags),
        withdraw=regex_cache.compile(
            rf"^(?:(?:{words.WITHDRAW_OPENERS})[,!]?\s+)*(?:{words.WITHDRAW})(?P<about>[^,;:.!—–]{{0,60}}?)(?:\s*[,;:.!—–-]+\s*(?P<rest>.*))?$",
            flags,
        ),
        withdraw_around=regex_cache.compile(words.WITHDRAW_AROUND, flags),
        lifted=regex_cache.compile(words.LIFTED_RULE, flags),
        anaphor=regex_cache.compile(rf"^(?:{words.ANAPHORS})$", flags),
        agents=regex_cache.compile(rf"^(?:{words.AGENTS})(?:\s*(?:{words.MODALS}))?$", flags),
        placeholder=regex_cache.compile(rf"^(?:{words.PLACEHOLDERS})$", flags),
        verbs=_has_word(f"{words.CHANGE_VERBS}|{words.SET_VERBS}"),
        inner_verbs=_has_word(f"{words.CHANGE_VERBS}|{words.INNER_VERBS}"),
        reporting=regex_cache.compile(rf"\b(?:{words.REPORTING})\b|\b(?:{words.FRAME_VERBS})\b[^:]{{0,30}}:", flags),
        cue=_has_word(f"{words.CHANGE_VERBS}|{words.SHIFT_WORDS}|{words.REPORTING}"),
        value_end=regex_cache.compile(words.VALUE_END),
        value_start=regex_cache.compile(words.VALUE_START),
        clause=regex_cache.compile(words.CLAUSE, flags),
    )


def _has_word(alternation: str) -> Callable[[str], bool]:
    """A test for any word of a regex alternation of single words, by set lookup: a search of the
    alternation itself costs some 20 µs a sentence, this a few."""
    wanted = frozenset(alternation.lower().split("|"))
    return lambda text: not wanted.isdisjoint(_WORDS.findall(text.lower()))


_WORDS = regex_cache.compile(r"[a-z]+")


def _has_match(pattern: str) -> Callable[[str], bool]:
    search = regex_cache.compile(pattern).search
    return lambda text: search(text) is not None


# Clause boundaries: a frame or a negation governs its own clause ("..., now it's 8" is no history).
CLAUSE_BOUNDARY = regex_cache.compile(
    r"[,;:](?=\s)|[，；：;]|\s[-–—]\s|\s(?=(?:but|whereas|while|although|because)\s)|(?=因为|由于)", re.IGNORECASE
)


def placeholder(word: str, lang: str) -> bool:
    """A key or condition that only stands in a subject's place ("now", 现在): it names nothing."""
    return bool(_grammar(lang).placeholder.match(word.strip()))


def tells_change(key: str, lang: str) -> bool:
    """A key read across a verb of change ("karen dropped the price") tells the change, it names no subject;
    a noun made with one ("change fee", "price change") names one."""
    words = key.split()
    return lang != "zh" and any(_grammar(lang).verbs(word) for word in words[1:-1])


def reporter(name: str, message: str, lang: str) -> bool:
    """The name is said in the message as who reports ("Sunita confirmed the schedule: ...")."""
    at = message.find(name)
    while at >= 0:
        if _reporting_after(lang).match(message, at + len(name)):
            return True
        at = message.find(name, at + 1)
    return False


@cache
def _reporting_after(lang: str) -> re.Pattern[str]:
    return regex_cache.compile(rf"\s*(?:{data(lang, 'discourse').REPORTING})", re.IGNORECASE)


@lru_cache(maxsize=2048)
def _relay(clean: str, lang: str) -> re.Match[str] | None:
    """The relay pattern's match, read once per sentence: extraction, typed statements and update semantics all ask."""
    g = _grammar(lang)
    return g.relay.match(clean) if g.reporting.search(clean) else None


def relayed(clean: str, lang: str) -> tuple[str, str] | None:
    """(who, what they said) for a relayed statement ("my landlord says the deposit is 1,800")."""
    match = _relay(clean, lang)
    if not match or _grammar(lang).agents.match(match.group("who").strip()):
        return None
    return match.group("who").strip(), match.group("inner").strip()


def framed_relay(clean: str, lang: str) -> bool:
    """A relay introduced by a frame before a colon ("The lender replied: ..."): what follows is what was said,
    a new value only where it says one changed."""
    match = _relay(clean, lang)
    return bool(match and match.groupdict().get("frame"))


def change(clean: str, lang: str) -> Change | None:
    """The subject and new value of a sentence that changes one, or None: the whole sentence, else
    its last clause that does ("Traffic spiked, so I bumped it to 6 replicas"; "it's 350 from this
    week on, 300 was last year's")."""
    found = clause_change(clean, lang)
    if found is None:
        for clause in reversed(_grammar(lang).clause.split(clean)):
            if clause and (found := clause_change(clause, lang)):
                break
    return found


def cued_change(clean: str, lang: str) -> Change | None:
    """A keyless change said by a word, not a pattern: a statement with a cue ("moved", "later", "now",
    "says", 推迟, 现在是) and one typed value ("Base moved check-in earlier, 15:00, same day"; "the cutover
    has to shift: 03:00 to 05:00"). Only a subject its sentence names may take it (subjects: a cued update)."""
    g = _grammar(lang)
    if not g.cue(clean) or is_hedged(clean, lang):
        return None  # "I'm thinking we archive the 2019 reports instead": a thought, no change made (a frame: updates.py)
    effect, whole = _not_the_value(lang)
    values = typed_values(clean, lang)
    if any(whole.search(clean[: clean.find(value)]) for value in values):
        return None  # a count out of a whole ("six live now out of 22", "12 of 14 now") is progress, no new value
    # "the 2019 reports" names a thing already known by its figure: no new value of anything.
    values = tuple(value for value in values if not pointed_at(clean[: clean.find(value)]))
    if len(values) > 1:  # "they want 48 of those from Monday": the time the change takes effect is not its value
        values = tuple(value for value in values if not effect.search(clean[: clean.find(value)]))
    if len(values) > 1 and (differences := {abs(d) for d in stated_differences(clean, lang)}):
        values = tuple(value for value in values if magnitude(value) not in differences)  # "six more came in, so 86": 6 is the step
    if len(values) != 1 or _TALLY.match(values[0]) or negated(clean, values[0], lang):
        return None
    return Change(subject="", value=values[0])


def negated(clean: str, value: str, lang: str) -> bool:
    """The clause that holds the value denies it: "2pm doesn't work for them any more", 周五不行了."""
    at = clean.find(value)
    clauses = CLAUSE_BOUNDARY.split(clean[:at])[-1] + value + CLAUSE_BOUNDARY.split(clean[at + len(value) :])[0]
    return bool(_negation(lang).search(clauses))


@cache
def _negation(lang: str) -> re.Pattern[str]:
    return regex_cache.compile(data(lang, "discourse").NEGATION, re.IGNORECASE)


@cache
def _not_the_value(lang: str) -> tuple[re.Pattern[str], re.Pattern[str]]:
    words = data(lang, "discourse")
    return regex_cache.compile(words.EFFECT_TIME, re.IGNORECASE), regex_cache.compile(words.WHOLE_BEFORE, re.IGNORECASE)


def names_something(value: str) -> bool:
    """A value that names something: a number, a date, a weekday, a name, Chinese words."""
    return bool(_TYPED.search(value) if _CJK.search(value) else _NAMED.search(value))


def clause_change(clean: str, lang: str) -> Change | None:
    g = _grammar(lang)
    if (match := g.phrasal.match(clean)) and (found := _change("", match.group("value"), lang)):
        return found
    # "we pushed the audit back to 3 June" and "push the audit back to 3 June" name their subject as the
    # object; "the audit got pushed ..." as the subject.
    for pattern, role in ((g.agent, "object"), (g.imperative, "object"), (g.keyed, "subject")) if g.verbs(clean) else ():
        match = pattern.match(clean)
        subject = match and (match.groupdict().get(role) or match.groupdict().get("held") or "")
        if match and (found := _change(subject or "", match.group("value"), lang)):
            return found
    if (match := g.wish.match(clean)) and (found := _change(match.group("held"), match.group("value"), lang)):
        return found  # "the landlord would like the deposit at 750": a value asked for is the one to keep
    match = g.level.match(clean)
    # "it's down to 118", "it's 500 GB now": a level reached; "it's 500 GB" alone may only describe it.
    if match and (lang == "zh" or match.group("level") or match.group("now")) and (found := _change("", match.group("value"), lang)):
        return found
    match = g.choose.match(clean)
    if match and (found := _change("", match.group("value"), lang)):
        return found
    # Last, a change said inside the clause, by whoever: a keyless new value, found by its type and focus.
    match = (g.inner.search(clean) if g.inner_verbs(clean) else None) or g.value_now.search(clean)
    return _change("", match.group("value"), lang) if match else None


def _change(subject: str, value: str, lang: str) -> Change | None:
    g = _grammar(lang)
    subject = _CONTRACTED.sub("", _CONNECTIVE.sub("", subject.strip()))  # "It's gone up to ..." is about "it"
    if g.anaphor.match(subject) or g.agents.match(subject):
        subject = ""
    value = g.value_end.sub("", g.value_end.sub("", value.strip())).strip(" .!。！")  # "$13,200 now after I pushed back"
    if lang != "zh" and (len(value.split()) > MAX_VALUE_WORDS or len(subject.split()) > MAX_SUBJECT_WORDS):
        return None
    # A value names something: a number, a date, a weekday, a name ("pushed to Thursday", "to 6"),
    # from its first word on: "have to go through the DBA channel" changes nothing.
    if not value or not names_something(value) or not g.value_start.match(value):
        return None
    if _TALLY.match(value):
        return None  # "we're at 27 of the 40 now" counts work done: progress, not a new value of anything
    return Change(subject=subject, value=value)


def lifted_rule(clean: str, lang: str) -> Withdrawal | None:
    """A sentence that says a restriction is lifted ("the parents signed, so that restriction's lifted", "drop the
    dishwasher requirement"): the rule is the one the sentence's words name, in the restriction's phrase or around it."""
    words = data(lang if lang in LANGUAGES else "en", "discourse")
    low = clean.lower()
    if not any(noun in low for noun in words.RESTRICTION_NOUNS) or not _grammar(lang).lifted.search(clean):
        return None  # most sentences name no restriction: a substring test before the pattern
    return Withdrawal(about=clean.strip(), rest="", rule=True)


def withdrawal(clean: str, lang: str) -> Withdrawal | None:
    """What a sentence that takes something back names, and what it says after that."""
    g = _grammar(lang)
    if lifted := lifted_rule(clean, lang):
        return lifted
    match = g.withdraw.match(clean.strip())
    if match:
        groups = match.groupdict()
        return Withdrawal(about=(groups.get("about") or "").strip(), rest=(groups.get("rest") or "").strip())
    match = g.withdraw_around.match(clean.strip())
    if match:
        about = next((value for name, value in match.groupdict().items() if name.startswith("about") and value), "")
        rest = clean.strip()[match.end() :].lstrip(" ,;:.!-，。；：！")
        return Withdrawal(about=about.strip(), rest=rest)
    return None
