"""Which stored statement a new one is about: the subject match behind corrections and updates.

A user who corrects or updates something rarely repeats the key it was stored under:
"oops, I meant orchard-backend", "update: batch size is now 384", "we moved from
Postgres 14 to 16", 之前说错了，退款审核现在归李娜. So the statement is matched against the
session's active facts and numbers by what it names:

- the old value, when the statement names it ("not 8080", "from Jenkins", "ignore what I
  said about Thursday") or the message repeats it ("orchard-api is the dead project");
- the key's words (stems, or CJK bigrams), and the sentence's words against the key;
- values of the same shape (two regions, two clock times, two versions of one product);
- for a statement with no key at all, how recently the candidate was said.

The best candidate wins when it clears a threshold and the runner-up is clearly behind, so an
unrelated statement supersedes nothing; a new value replaces only one of its own type (a phrase no
time, a count no weekday or size), and subjects the words leave tied, or an update whose key names no
known subject, are told apart by the size of the figure, a clock time near the old one or a date of
the same month (near_values.py). Pure functions: the planner supplies the candidates.
"""

import functools
import math
import re
from dataclasses import dataclass

from services.memory import regex_cache
from services.memory.domain.discourse import reporter
from services.memory.domain.instances import other_instance, sentence_around
from services.memory.domain.model import Item, ItemKind
from services.memory.domain.near_values import alike_unnamed, near_in_time, nearest_figure, nearest_keyless, same_rate
from services.memory.domain.owners import owner
from services.memory.domain.text import cjk_runs, term_set
from services.memory.domain.text import word_terms as key_terms
from services.memory.domain.units import (
    MAX_CHANGE_FACTOR,
    MAX_KEYLESS_CHANGE_FACTOR,
    measures_amount,
    names_unit,
    plausible_change,
    same_measure,
    same_unit_family,
    stated_differences,
    takes_to,
)
from services.memory.domain.value_parts import counted_per, distinctive_tokens
from services.memory.domain.value_shapes import other_kinds, shape, typed_shape, value_kind, value_type
from services.memory.domain.value_text import is_name, names, normalized, restates
from services.memory.lang.en.shapes import ORDINARY_CAPITALS as _ORDINARY_CAPITALS
from services.memory.lang.zh.terms import QUESTION_WORDS

NAMED_OLD = 3.0  # the statement names this item's value as the one it replaces
MENTIONED = 2.0  # the message repeats a distinctive part of this item's value
CONTEXT_MENTIONED = 1.0  # the message names someone or something of the item's sentence
KEY_SHARE = 2.0  # times the share of key words in common
KEY_NESTED = 0.5  # one key's words hold all of the other's
SENTENCE_SHARE = 1.0  # times the share of the item's key words the new sentence holds
SAME_SHAPE = 0.5  # both values look alike
SAME_COUNTED = 1.5  # a figure followed by the same word that is no unit ("64 user", "61 user")
RECENT = 1.0  # a keyless correction usually follows what it corrects
RECENT_SPAN = 120  # seqs after which a keyless correction gets nothing for recency
# Discourse focus, for a keyless update ("it's down to 118 now"): the subject the message names, else
# the one the turns before it name, and the latest subject whose value is of the same type, however long ago.
FOCUS_NAMED = 2.5
FOCUS_LATEST = 0.75
# "Scratch that, make it 36" points at what was just said: a value of the last few seqs is in focus
# even when the update names nothing of it.
JUST_SAID = 1.5
JUST_SAID_SPAN = 4
# An update marker ("actually", "update:", "is now", 改成) says something is being replaced;
# without one, only a near restatement of a key (same unit, nested key words) replaces.
UPDATE_THRESHOLD = 1.0
PLAIN_THRESHOLD = 2.0
MARGIN = 0.25


@dataclass(frozen=True)
class Statement:
    """What the planner knows of a new fact or number when it looks for the item it is about."""

    kind: ItemKind
    key: str  # "" when the sentence named no key ("I meant X", "make it 256")
    value: str
    unit: str
    sentence: str
    message: str  # the whole user message: the old value is often named in another sentence
    seq: int
    update: bool  # an update or correction marker was read
    named_old: str = ""  # the value the statement says it replaces, when it says
    loose: bool = False  # the value was picked by its look: only an item the message points at may be replaced
    focus: str = ""  # the turn before, which names the subject a keyless update is about
    cued: bool = False  # a keyless value read by a cue word, not a pattern: only a subject the message names takes it


def best_target(statement: Statement, candidates: list[Item]) -> Item | None:
    """The candidate the statement is about, or None when none is clearly so."""
    # "Bay 5 is different, 220 mL a pulse" updates nothing said of Bay 3, whatever else the two share.
    sentence = sentence_around(statement.message, statement.sentence)
    unique = {
        c.item_id: c
        for c in candidates
        if names(statement.named_old, c.value) or not other_instance(sentence, statement.value, c.text, c.value)
    }
    # A keyless update's subject is the one its own message names, by its key or by repeating its value
    # ("Bellhouse double-booked the hall. We've moved to ..."); only when it names none do the turns before it set the focus.
    message = term_set(statement.message)
    named_here = not statement.key and any(
        key_terms(item.subject) & message or (statement.update and _mentioned(item, statement)) for item in unique.values()
    )
    scored = sorted(
        ((score, item) for item in unique.values() if (score := _score(statement, item, named_here)) is not None),
        key=lambda pair: (-pair[0], -pair[1].seq),
    )
    if not scored:
        return _alike(statement, list(unique.values())) or _same_rate(statement, list(unique.values()))
    if statement.update and not statement.key:
        # A keyless value replaces one of its own type when there is one: "换到 5 号馆" a hall, not a date.
        wanted = typed_shape(statement.value)
        scored = [entry for entry in scored if wanted & typed_shape(entry[1].value)] or scored
        # "six more of those, so 18 in total": the value the stated difference adds up from is the one.
        scored = [entry for entry in scored if _adds_up(statement, entry[1])] or scored
        # The subject in focus: of those the message and the turns before name most of, the latest.
        focus = message | term_set(statement.focus)
        latest = max(scored, key=lambda pair: (_named_share(pair[1], focus), pair[1].seq))
        scored = sorted(
            ((score + FOCUS_LATEST if entry is latest else score, entry[1]) for entry in scored for score in (entry[0],)),
            key=lambda pair: (-pair[0], -pair[1].seq),
        )
    best, item = scored[0]
    threshold = UPDATE_THRESHOLD if statement.update else PLAIN_THRESHOLD
    if best < threshold:
        # Nothing the words tie it to: the look of its value may still single one out.
        return _alike(statement, list(unique.values())) or _same_rate(statement, list(unique.values()))
    tied = [entry[1] for entry in scored if best - entry[0] < MARGIN]
    if len(tied) > 1 and not names(statement.named_old, item.value):
        # Two equally likely subjects: replacing either could lose a current value, unless only one is
        # of the new figure's size ("the ceiling goes up to $19,000" raises the $17,500 budget, not a $500 deductible).
        return nearest_figure(statement.value, tied)
    return item


def _alike(statement: Statement, candidates: list[Item]) -> Item | None:
    """What an update no words tie to a subject replaces, by the look of its value (near_values.py): keyed by no
    known subject, the one value of its type said alike; keyless, the figure or the clock time it is near."""
    if not statement.update:
        return None
    earlier = [item for item in candidates if item.seq < statement.seq]
    if statement.key:
        return alike_unnamed(statement.kind, statement.key, statement.value, statement.unit, earlier)
    return nearest_keyless(statement.kind, statement.value, statement.unit, earlier)


def _same_rate(statement: Statement, candidates: list[Item]) -> Item | None:
    """A keyed figure counted per the same thing as one earlier rate, whatever the key (near_values.same_rate)."""
    if statement.kind is not ItemKind.NUMBER or not statement.key:
        return None
    earlier = [item for item in candidates if item.seq < statement.seq]
    return same_rate(statement.key, statement.value, statement.unit, statement.sentence, earlier)


def _could_be_value(phrase: str) -> bool:
    """A phrase short enough, or named enough, to be a value: "more long run volume" (of "add an easy day
    instead of more long run volume") is an alternative, not the value a correction replaces."""
    return len(phrase.split()) < 3 or bool(_NAMED.search(phrase))


_NAMED = regex_cache.compile(r"\d|(?<!^)\b(?!I\b)[A-Z]|[\u3400-\u9fff]")  # "not what I had" names nothing


def _named_share(item: Item, said: frozenset[str]) -> float:
    subject = key_terms(item.subject)
    return len(subject & said) / len(subject) if subject else 0.0


def _score(statement: Statement, item: Item, named_here: bool = False) -> float | None:
    if item.kind not in (ItemKind.FACT, ItemKind.NUMBER) or item.seq >= statement.seq:
        return None
    if restates(statement.value, item.value) and statement.unit == item.unit and not statement.named_old:
        return None  # a restatement, not a replacement
    if statement.kind is ItemKind.NUMBER and item.kind is ItemKind.NUMBER and not same_measure(update_unit(statement), item.unit):
        return None  # "12%, not 10%" is about a share, never about "10 minutes", whatever it names
    if counted_per(statement.sentence, statement.value) not in ("", counted_per(item.text, item.value)):
        return None  # "£10.15 a kilo" is a new price per kilo, never of a dish sold at £23.50
    # "Lena Ortiz is release captain" is stored under the person: "takes over from Lena" names the key.
    named = names(statement.named_old, item.value) or (
        is_name(statement.named_old) and item.kind is ItemKind.FACT and names(statement.named_old, item.key)
    )
    if statement.named_old and not named and _could_be_value(statement.named_old):
        return None  # "not Y" says which value goes: an item without Y is not the one
    mentioned = statement.update and not named and _mentioned(item, statement)
    compatible = _compatible(statement, item)
    if not (named or mentioned or compatible):
        return None
    if mentioned and not compatible and (_other_types(statement.value, item.value) or statement.kind is not item.kind):
        # "Coastline emailed: Mum's install moves to 10 June": a date, never a new installer; "the Friday
        # order goes up to 120" names the Friday of "80 every Friday", and a count is no new weekday.
        return None
    if statement.cued and not (compatible and value_type(statement.value) == value_type(item.value)):
        return None  # read by its look alone, a value replaces only one of its own type
    shared_words = _shared_chinese_words(item, statement) if statement.update else frozenset()
    score = NAMED_OLD if named else MENTIONED if mentioned else 0.0
    if statement.update and not (named or mentioned) and (_context_mentioned(item, statement) or shared_words):
        score += CONTEXT_MENTIONED  # "Olu's message said sixty" points at what Olu was quoted saying
    theirs, mine = owner(item.text, item.subject), owner(statement.sentence, statement.key)
    # A keyless update that names no owner ("Karen dropped the price to 374,900") may be of anyone's
    # subject in focus ("Mom's house at $389,000").
    anyones = not (statement.key or mine)
    new_key, old_key = key_terms(statement.key), key_terms(item.subject)
    # "Dana says her deposit was £1,100, not what I had": a correction naming whose the subject is, of one kept with no owner.
    owner_named = statement.update and not theirs and _nested(new_key - mine, old_key)
    if mine != theirs and not (anyones or named or mentioned or owner_named or theirs & _prose_terms(statement.message)):
        # "Mill Road's pale ale gets 1 lb/bbl" is their value, not a new one of ours; "Deniz at Moss
        # messaged, they want 48" speaks for Moss, whose standing order it updates.
        return None
    # "what I said about the postdoc length" for "Staffing plan: one postdoc for 36 months": the
    # update's key names what the old sentence was about, under another key.
    key_in_sentence = (new_key - old_key) & term_set(item.text) if statement.update else set()
    if statement.cued and not (
        named or mentioned or old_key & _prose_terms(statement.message) or key_in_sentence or shared_words or _adds_up(statement, item)
    ):
        # "Base moved check-in earlier, 15:00" updates only a subject its message names, by its key or by words
        # of its sentence ("Hendry's rang. Lamb's gone up again, £10.15 a kilo"; 收货时间改成7点半 after 仓库每天早上7点
        # 开始收货), or one the difference it states takes to the new figure ("six more came in, so 86" after 80).
        return None
    if statement.loose and not (named or mentioned or (new_key & old_key) or _names_subject(old_key, statement.message)):
        # Only what was just said, and less surely than anything the message names or repeats.
        return JUST_SAID if statement.seq - item.seq <= JUST_SAID_SPAN else None
    said = term_set(statement.sentence) - term_set(statement.value)
    if statement.key and not (
        named or mentioned or new_key & old_key or said & old_key or key_in_sentence or _context_mentioned(item, statement) or shared_words
    ):
        return None  # a keyed statement about something else: values that merely look alike are not enough
    if new_key and old_key:
        shared = len(new_key & old_key)
        # Cosine of the two keys' words: one word in common with a long key ("pdf" in "invoice pdf
        # letterhead entity") says little; "batch size" in "global batch size" says much.
        score += KEY_SHARE * shared / math.sqrt(len(new_key) * len(old_key))
        if _nested(new_key, old_key):
            score += KEY_NESTED
        if _same_head(statement.key, item.subject):
            score += KEY_NESTED  # 总价 is what 张家老宅翻修的合同总价 names: a Chinese noun phrase ends in its head
    if old_key:
        # Key words the sentence names besides its own key (the key's are counted above).
        score += SENTENCE_SHARE * len((said & old_key) - new_key) / len(old_key)
    if new_key:
        score += SENTENCE_SHARE * len(key_in_sentence) / len(new_key)
    score += SAME_SHAPE * min(2, len(shape(statement.value) & shape(item.value)))  # a weekday and a date beat a weekday
    if near_in_time(statement.value, item.value):
        score += SAME_SHAPE  # 7点半 after 7点: a time is most often moved by a little
    if statement.unit and not names_unit(statement.unit) and normalized(statement.unit) == normalized(item.unit):
        score += SAME_COUNTED  # "down to 61 user mailboxes" after "64 user mailboxes": the word counted says the subject
    if not statement.key and statement.update:
        score += RECENT * max(0.0, 1.0 - (statement.seq - item.seq) / RECENT_SPAN)
        # Weighed by how much of the subject is named: "the GreenCycle compost order" names all of
        # "ordered compost", and only a word of a long key that happens to share a verb.
        if old_key and (in_message := old_key & term_set(statement.message)):
            # The message names it ("the old land-cover layer is wrong"), helped by the turns before:
            # "pull it back to 1.5 on the IPAs" after the assistant spoke of "the IPA dry hop".
            in_message |= old_key & term_set(statement.focus)
            score += FOCUS_NAMED * len(in_message) / len(old_key)
        elif old_key and not named_here and (in_focus := old_key & term_set(statement.focus)):
            score += FOCUS_NAMED * len(in_focus) / len(old_key)  # the message names nothing; the turns before name this
    if not statement.update and not _nested(new_key, old_key):
        return None  # without a marker only a restated key replaces
    return score


def _names_subject(key: frozenset[str], message: str) -> bool:
    """The message names most of a subject ("cap the peak at 78 instead" names "mileage peaks"): a value
    picked by its look may replace it, however long ago it was said."""
    named = key & _prose_terms(message)
    return bool(named) and (len(named) >= 2 or 2 * len(named) >= len(key))


@functools.lru_cache(maxsize=1024)
def _prose_terms(sentence: str) -> frozenset[str]:
    """The words of a sentence's prose: "api" of "src/api/handlers.py" names no subject."""
    return term_set(" ".join(word for word in sentence.split() if not _CODE_LIKE.search(word)))


_CODE_LIKE = regex_cache.compile(r"\w[/_#]\w|\.\w{1,4}\b(?<!\.\d)")


def _adds_up(statement: Statement, item: Item) -> bool:
    """The message states a difference that takes the item's figure to the new one."""
    return takes_to(item.value, statement.value, _differences(statement.message))


@functools.lru_cache(maxsize=1024)
def _differences(message: str) -> tuple[float, ...]:
    return stated_differences(message, "en") + (stated_differences(message, "zh") if cjk_runs(message) else ())


def _compatible(statement: Statement, item: Item) -> bool:
    """Numbers replace numbers of the same measure; a fact replaces a fact or a number it restates."""
    if statement.kind is ItemKind.NUMBER and item.kind is ItemKind.NUMBER:
        # "make it 40" names no unit: it keeps the one of what it updates, if it could be a value of it:
        # "now 68 a piece" is no new price for a contract of 103,000.
        if statement.update and not update_unit(statement):
            if statement.unit and measures_amount(item.unit):
                return False  # "down to 61 user mailboxes" counts mailboxes: no new size of "50 GB"
            return plausible_change(statement.value, item.value, MAX_CHANGE_FACTOR if statement.key else MAX_KEYLESS_CHANGE_FACTOR)
        if statement.update and not statement.key and not plausible_change(statement.value, item.value, MAX_KEYLESS_CHANGE_FACTOR):
            return False  # "that takes us down to €478,500" names no subject: never the €95 fee just said
        # Said without a word of change, a figure fifty times another is the same measure of something else
        # (an oral exam's 9.0 after a midterm total of 612).
        return same_unit_family(statement.unit, item.unit) and (statement.update or plausible_change(statement.value, item.value))
    if statement.kind is ItemKind.NUMBER or item.kind is ItemKind.NUMBER:
        # "Friday at 3:40 pm" (a fact) for a number, or a number for "Thursday at 4:15 pm": only when alike.
        return bool(shape(statement.value) & shape(item.value))
    # A date is no new value of a name or a measure, nor they of a date: "it's the 21st now" leaves "Golden
    # Promise", "every 4 km" leaves "08:30 on the Sunday".
    new, old = value_type(statement.value), value_type(item.value)
    if new == old == "time" and other_kinds(value_kind(statement.value, False), value_kind(item.value, False)):
        return False  # a time of day is no new date, nor a date a new time of day ("at 06:10" and "on Fridays")
    if statement.update and not statement.key and new == "time":
        return old == "time"  # "改成周六", "it's the 21st now": a keyless time replaces a time
    if old == "time" and not new:
        # "their sales guy is out that day" says no new time of "test drive: Saturday at 10 am"; a
        # phrase replaces a time only under the same key ("the launch: on hold").
        return _nested(key_terms(statement.key), key_terms(item.subject))
    return not (new and old and new != old)


def _same_head(new: str, old: str) -> bool:
    """Two Chinese keys, one the head of the other: the last word of a noun phrase names what it is."""
    if not (new and old and cjk_runs(new) and cjk_runs(old)) or new == old:
        return False
    shorter, longer = sorted((new.strip(), old.strip()), key=len)
    return len(shorter) >= 2 and longer.endswith(shorter)


def _nested(mine: frozenset[str], theirs: frozenset[str]) -> bool:
    """One key's words hold all of the other's ("batch size" in "global batch size")."""
    return bool(mine and theirs and (mine <= theirs or theirs <= mine))


def _other_types(new: str, old: str) -> bool:
    """Both values have a type (a time, a name, an amount ...), and not the same one."""
    new_type, old_type = value_type(new), value_type(old)
    return bool(new_type and old_type and new_type != old_type)


def update_unit(statement: Statement) -> str:
    """The unit a statement's figure is compared by: a keyless update's word that measures nothing
    ("10 online") leaves the unit to what it updates."""
    if statement.update and not statement.key and not names_unit(statement.unit):
        return ""
    return statement.unit


def _mentioned(item: Item, statement: Statement) -> bool:
    """The message repeats a distinctive part of the item's value that the new value does not hold."""
    new = normalized(statement.value)
    message = normalized(statement.message)
    if item.kind is ItemKind.NUMBER and item.unit and _said_with_unit(item.value, item.unit, message):
        return True  # "2 TB was the old plan": a bare "2" is no clue, "2 TB" names the measure
    for token in distinctive_tokens(item.value):
        low = token.lower()
        if low in new or low in normalized(statement.key) or reporter(low, message, "zh" if cjk_runs(low) else "en"):
            continue  # "Sunita confirmed ..." reports what she said: it is no new value of "contact: Sunita Rao"
        if cjk_runs(low):
            if low in message:
                return True
        elif re.search(r"(?<![\w\-.])" + re.escape(low) + r"(?![\w\-])", message):
            return True
    return False


def _said_with_unit(value: str, unit: str, message: str) -> bool:
    value, unit = normalized(value), normalized(unit)
    spellings = (f"{value} {unit}", f"{value}{unit}", f"{unit}{value}", f"{unit} {value}")
    return any(re.search(r"(?<![\w\-.,])" + re.escape(spelling) + r"(?![\w\-])", message) for spelling in spellings)


def _shared_chinese_words(item: Item, statement: Statement) -> frozenset[str]:
    """The Chinese terms a keyless update's message shares with the sentence the item came from, outside both
    values (交房往后挪了两周，是8月29号 and 合同约定8月15日交房验收 share 交房): Chinese names its subjects by
    words, not by capitals, so a shared word is what a shared name is in English (_context_mentioned)."""
    if not (cjk_runs(statement.message) and cjk_runs(item.text)):
        return frozenset()
    shared = key_terms(statement.message) & key_terms(item.text) - key_terms(statement.value + " " + item.value)
    return frozenset(term for term in shared if cjk_runs(term) and term not in QUESTION_WORDS)


def _context_mentioned(item: Item, statement: Statement) -> bool:
    """The message names a person or thing of the sentence the item came from (not its first word,
    which is capitalized anyway), and the new value does not."""
    names = {word.strip(".,;:!?'\"()").removesuffix("'s") for word in item.text.split() if word[:1].isupper()}
    # "I'm", "I've": the speaker, capitalized in every sentence, names nobody in particular.
    names = {name for name in names if len(name) >= 3 and name.lower() not in _ORDINARY_CAPITALS and not name.startswith(("I'", "I’"))}
    message = normalized(statement.message)
    new = normalized(statement.value)
    return any(
        re.search(r"(?<![\w\-])" + re.escape(name.lower()) + r"(?![\w\-])", message)
        and name.lower() not in new
        and not reporter(name.lower(), message, "en")  # who reports is no subject of what they report
        for name in names
    )
