"""Task state as a lifecycle: progress replaces older progress on the same thing, and a resolution
closes the blocker or open item it is about.

tasks.py reads what one sentence says ("X is unblocked now", "Settled the dedupe question: we
normalize first"); this module decides, inside the append plan, which active entry that is.
A resolved or replaced entry is superseded, not deleted, so GetTaskState's history still shows
it with the seq that closed it. An answered question also becomes a fact: the decision is
something to remember on its own.
"""

import re
from dataclasses import replace
from types import ModuleType
from typing import Protocol

from services.memory import regex_cache
from services.memory.domain import discourse
from services.memory.domain.analysis import TurnAnalysis
from services.memory.domain.cjk_words import content_words
from services.memory.domain.extraction_checks import clean_value, store_key
from services.memory.domain.frames import frame
from services.memory.domain.model import Candidate, Event, Item, ItemKind, ItemStatus, TaskField, item_id_for
from services.memory.domain.text import cjk_bigrams, cjk_runs, detect_lang, latin_terms, split_sentences, term_set, word_terms
from services.memory.lang import LANGUAGES, data
from services.memory.lang.en import task_states as en_task_states
from services.memory.lang.en.task_states import NOT_YET as _NOT_YET_EN
from services.memory.lang.en.task_states import STATE_WORDS as _STATE_WORDS
from services.memory.lang.zh import task_states as zh_task_states
from services.memory.lang.zh.task_states import NOT_YET as _NOT_YET_ZH

# An open item counts as done when a progress entry shares this much of its wording,
DONE_OVERLAP = 0.6
# and an older progress entry is replaced by one sharing this much ("12 of 14 services live"
# after "9 of 14 services are running").
PROGRESS_OVERLAP = 0.5
# What a resolution names is the entry when this many of its words, or this share of what it names, are the entry's.
NAMED_TERMS = 2
NAMED_SHARE = 0.34
# Without a word of the entry in what the sentence names, the message must repeat this share of it.
MESSAGE_OVERLAP = 0.15
# A resolution that names nothing ("that's fixed") closes the one open entry of its field, if it
# was raised this recently.
ANAPHORA_SPAN = 40
MAX_ANSWER_CHARS = 400
# A blocker the user restates as settled ("the inspector came by, the backflow valve passed") is closed
# when the sentence holds this many of its words and this share of them.
RESTATED_TERMS = 3
RESTATED_SHARE = 0.3
# Of what a blocker waits for ("till the owner in Leeds sends the form"), the share a settling sentence names.
AWAITED_SHARE = 0.4
# A clause that awaits something is left out: "the board signed it, so we go next week" settles by its first.
_CLAUSE = re.compile(r"[,;，；:：—–]|\s(?:so|but|and then)\s", re.IGNORECASE)
# Words that say a thing is resolved, or what kind of thing it was, not which thing.
_CUE_TERMS = term_set(en_task_states.CUE_WORDS) | term_set(zh_task_states.CUE_WORDS)


class PlanView(Protocol):
    """What the planner's overlay offers (see ingest._Overlay)."""

    session_id: str

    def active(self, key: str) -> Item | None: ...

    def active_with_prefix(self, prefix: str) -> list[Item]: ...

    def add(self, item: Item) -> None: ...

    def update(self, item: Item) -> None: ...


def progress_made(overlay: PlanView, done: Item) -> None:
    """A new progress entry replaces older progress on the same thing and closes the open items it does."""
    for item in overlay.active_with_prefix("task:progress:"):
        if item.item_id != done.item_id and item.seq <= done.seq and _same_progress(item.value, done.value):
            overlay.update(replace(item, status=ItemStatus.SUPERSEDED, superseded_by=done.item_id))
    done_terms = subject_terms(done.value)
    for item in overlay.active_with_prefix("task:open:"):
        open_terms = subject_terms(item.value)
        if open_terms and len(open_terms & done_terms) / len(open_terms) >= DONE_OVERLAP:
            overlay.update(replace(item, status=ItemStatus.SUPERSEDED, superseded_by=done.item_id))


def resolve(overlay: PlanView, event: Event, candidate: Candidate, item_id: str, message: str, metadata: str) -> None:
    """Close the blocker or open item the candidate resolves; an answer is also kept as a fact."""
    field = candidate.task_field or TaskField.BLOCKER
    target = _resolved_entry(overlay.active_with_prefix(f"task:{field.value}:"), candidate, message, event.seq)
    closer = item_id_for(event.session_id, event.event_id, 0)  # the resolving turn's own evidence item
    if field is TaskField.OPEN and candidate.value and (candidate.about or target is not None):
        answer = _answer(event, candidate, item_id, message, metadata, target)
        if answer is not None:
            existing = overlay.active(answer.key)
            overlay.add(answer)
            if existing is not None:
                overlay.update(replace(existing, status=ItemStatus.SUPERSEDED, superseded_by=answer.item_id))
            closer = answer.item_id
    if target is not None and closer:
        overlay.update(replace(target, status=ItemStatus.SUPERSEDED, superseded_by=closer))


def settled(overlay: PlanView, event: Event, turn: TurnAnalysis) -> None:
    """Close the blockers and the yes-or-no open items the turn says are done, without a cue of resolution;
    each sentence is read for something done once, for both."""
    said_done = [(part, said.text) for line in turn.lines for said in line if (part := _settled_part(said.text, said.lang))]
    if not said_done:
        return  # most turns: no store read
    _settled_blockers(overlay, event, turn, [part for part, _ in said_done])
    _settled_open_items(overlay, event, [part for part, sentence in said_done if not _asks_around(sentence)])


def _settled_blockers(overlay: PlanView, event: Event, turn: TurnAnalysis, settled_parts: list[str]) -> None:
    """Close each blocker a settled part of the turn names: most of the blocker's own words again, something
    done, and nothing still awaited, negated, to come or asked ("the inspector came by first thing, the
    backflow valve passed")."""
    blockers = [item for item in overlay.active_with_prefix(f"task:{TaskField.BLOCKER.value}:") if item.seq < event.seq]
    if not blockers:
        return
    closer = item_id_for(event.session_id, event.event_id, 0)  # the settling turn's own evidence item
    # The rest of the turn that awaits nothing names the blocker too: "The vendor sent the licence. Ana's wiring
    # the audio in this week." settles a wait for the vendor's licence that held up the audio.
    awaiting_nothing = subject_terms(" ".join(_unawaited(said.text, said.lang) for line in turn.lines for said in line))
    for part in settled_parts:
        said = subject_terms(part)
        scored = []
        for item in blockers:
            terms = subject_terms(item.value)
            shared = len(terms & (said | awaiting_nothing)) if terms & said else 0
            if terms and shared >= RESTATED_TERMS and shared / len(terms) >= RESTATED_SHARE:
                scored.append((shared / len(terms), item.seq, item))
            elif (
                (awaited := _awaited_terms(item.value))
                and len(awaited & (done := _words(part))) >= 2
                and (len(awaited & done) / len(awaited) >= AWAITED_SHARE)
            ):
                # Most of what it waits for is said done, however long the blocker's preamble.
                scored.append((len(awaited & done) / len(awaited), item.seq, item))
        if not scored:
            # "The surveyor replied!": the one a blocker waits for is said to have done something.
            scored = [(1.0, item.seq, item) for item in blockers if (party := _awaited_party(item.value)) and _acts(party, part)]
        if scored:
            settled = max(scored, key=lambda entry: entry[:2])[2]
            overlay.update(replace(settled, status=ItemStatus.SUPERSEDED, superseded_by=closer))
            blockers.remove(settled)


def _settled_open_items(overlay: PlanView, event: Event, settled_parts: list[str]) -> None:
    """Close each open item a settled part of the turn says was done, in most of the item's own words: a choice
    made by doing it ("陶艺课报名了" for 要不要报名陶艺课, "we sponsored the chess club" for whether to)."""
    if not settled_parts:
        return
    # What each yes-or-no item weighs, without its "whether" or 要不要.
    weighed = {
        item.item_id: (item, _words(words.YES_OR_NO.sub(" ", item.value)))
        for item in overlay.active_with_prefix(f"task:{TaskField.OPEN.value}:")
        if item.seq < event.seq and (words := _task_words(item.value)).YES_OR_NO.search(item.value)
    }
    closer = item_id_for(event.session_id, event.event_id, 0)
    for part in settled_parts:
        done = _words(part)
        for item_id, (item, asked) in weighed.items():
            if len(asked & done) >= 2 and len(asked & done) / len(asked) >= DONE_OVERLAP:
                overlay.update(replace(item, status=ItemStatus.SUPERSEDED, superseded_by=closer))
                del weighed[item_id]
                break


def _asks_around(sentence: str) -> bool:
    """Asking someone, weighing it or denying it is not doing it ("I asked Ray about driving Grandma")."""
    words = _task_words(sentence)
    return bool(words.ASKING_AROUND.search(sentence) or words.UNANSWERED.search(sentence))


def _task_words(text: str) -> ModuleType:
    return data(detect_lang(text), "task_states")


def _awaited_terms(blocker: str) -> frozenset[str]:
    """The words of what a blocker waits for ("... till the distributor sends the contract"), or none."""
    match = _task_words(blocker).AWAITED_CLAUSE.search(blocker)
    return _words(match.group("awaited")) if match else frozenset()


def _words(text: str) -> frozenset[str]:
    """Subject terms, Chinese by its words: the bigrams across word boundaries (签证官面谈 gives 官面) would
    make what is awaited look longer than it is, and any restatement of it a small share."""
    if cjk_runs(text):
        return frozenset(content_words(text)) - _CUE_TERMS | (subject_terms(text) - frozenset(cjk_bigrams("".join(cjk_runs(text)))))
    return subject_terms(text)


def _awaited_party(blocker: str) -> frozenset[str]:
    """The terms of whom a blocker waits for ("the surveyor sends the report" -> surveyor), or none."""
    match = _task_words(blocker).AWAITED_PARTY.match(blocker.strip())
    return subject_terms(match.group("party")) if match else frozenset()


def _acts(party: frozenset[str], part: str) -> bool:
    """The settled clause is what the party did: it opens with the party ("The surveyor replied"), where in
    "I emailed the surveyor again" the party is only acted on."""
    opening = next((term for clause in _CLAUSE.split(part) if (term := _first_term(clause))), "")
    return bool(party) and opening in party


def _first_term(text: str) -> str:
    if text.isascii():
        terms = latin_terms(text)
        return terms[0] if terms else ""
    runs = cjk_runs(text)
    grams = cjk_bigrams(runs[0]) if runs else []
    return grams[0] if grams else ""


def chosen_options(overlay: PlanView, event: Event, turn: TurnAnalysis) -> None:
    """Close each choice left open ("Business Standard or Business Premium", 周六还是周日) that a statement
    of the turn commits to one option of, naming none of the others ("so we're licensing Standard
    for everybody"): the choice is made, whatever the verb."""
    committed = [
        said.text
        for line in turn.lines
        for said in line
        if said.lang in LANGUAGES
        and not said.question
        and data(said.lang, "task_states").COMMITS.search(said.text)
        and not frame(said.text, said.lang)
    ]
    if not committed:
        return  # most turns: no store read
    said = subject_terms(" ".join(committed))
    closer = item_id_for(event.session_id, event.event_id, 0)
    for item in overlay.active_with_prefix(f"task:{TaskField.OPEN.value}:"):
        if item.seq < event.seq and _picked(item.value, said):
            overlay.update(replace(item, status=ItemStatus.SUPERSEDED, superseded_by=closer))


def _picked(choice: str, said: frozenset[str]) -> bool:
    """The words said name what sets one option of the choice apart ("Plus" of "the Basic plan or the Plus
    plan for the desk"), and nothing of the others'."""
    words = _task_words(choice)
    # The words that frame the choice ("make up my mind whether") belong to no option.
    own = option_terms(words.OPTIONS.split(words.CHOICE_LEAD.sub("", choice, count=1)))
    return own is not None and sum(bool(terms & said) for terms in own) == 1


def option_terms(options: list[str], framing: frozenset[str] = frozenset()) -> list[frozenset[str]] | None:
    """The terms only each option of a choice names, without the words that frame the choice; None when it
    offers fewer than two options or one names nothing the others do not."""
    terms = [said for said in (subject_terms(option) - framing for option in options) if said]
    if len(terms) < 2:
        return None
    own = [said - frozenset().union(*(other for j, other in enumerate(terms) if j != i)) for i, said in enumerate(terms)]
    return own if all(own) else None


def _unawaited(sentence: str, lang: str) -> str:
    """The clauses of a sentence that await, negate or ask nothing."""
    return " ".join(_unawaited_clauses(sentence, data("zh" if lang == "zh" else "en", "task_states")))


def _settled_part(sentence: str, lang: str) -> str:
    """The clauses of a sentence that await nothing, when one of them says something was done; "" else."""
    words = data("zh" if lang == "zh" else "en", "task_states")
    if not words.SETTLED.search(sentence):
        return ""  # most sentences: one search
    clauses = _unawaited_clauses(sentence, words)
    return " ".join(clauses) if any(words.SETTLED.search(clause) for clause in clauses) else ""


def _unawaited_clauses(sentence: str, words: ModuleType) -> list[str]:
    return [clause for clause in _CLAUSE.split(sentence) if not words.UNSETTLED.search(clause)]


def _resolved_entry(entries: list[Item], candidate: Candidate, message: str, seq: int) -> Item | None:
    """The entry the resolution is about: the one whose words the sentence names ("the IRSA piece") or
    the message repeats ("UPS is back and the 503s stopped. That's fixed"); a lone recent entry for a
    bare "that's fixed"."""
    entries = [item for item in entries if item.seq < seq]
    if not entries:
        return None
    named, said = subject_terms(candidate.about), subject_terms(_what_was_said(message))
    scored = []
    for item in entries:
        terms = subject_terms(item.value)
        if not terms:
            continue
        by_name, by_message = len(terms & named), len(terms & said)
        if by_name < NAMED_TERMS and named and by_name / len(named) < NAMED_SHARE:
            by_name = 0  # "the binder" of a decision on temperature logs names no open item on eISF vs the binder
        if by_name or by_message / len(terms) >= MESSAGE_OVERLAP:
            by_name += _flipped(item.value, message)  # "haven't decided" ... "decided": about the same thing only
            scored.append(((2 * by_name + by_message) / len(terms), item.seq, item))
    if scored:
        return max(scored, key=lambda entry: entry[:2])[2]
    # "That's fixed" closes the one blocker raised just before; an open question needs its own words
    # ("turns out ..." says nothing of which question it answers).
    if entries[0].task_field is TaskField.BLOCKER and not candidate.about and len(entries) == 1 and seq - entries[0].seq <= ANAPHORA_SPAN:
        return entries[0]
    return None


def _what_was_said(message: str) -> str:
    """The message with each relayed sentence reduced to what was relayed: who said it ("Noor says the venue wants
    a deposit") is no sign of what it answers ("Noor wants a recommendation on the caterer")."""
    parts = []
    for sentence in split_sentences(message):
        relay = discourse.relayed(sentence.strip(), detect_lang(sentence))
        parts.append(relay[1] if relay else sentence)
    return " ".join(parts)


def _flipped(entry: str, message: str) -> int:
    """1 when the message says, positively, what the entry said was not yet so: "权限还没开" ... "开了",
    "the deposit hasn't arrived" ... "it arrived this morning"."""
    for verb in _NOT_YET_ZH.findall(entry):
        if re.search(rf"(?<![{zh_task_states.NEGATIONS}]){verb[0]}(?:{zh_task_states.DONE_SUFFIXES})", message):
            return 1
    for verb in _NOT_YET_EN.findall(entry):
        if re.search(rf"(?<!not )(?<!n't )(?<!n't been )\b{re.escape(verb)}\b", message, re.IGNORECASE):
            return 1
    return 0


def _answer(event: Event, candidate: Candidate, item_id: str, message: str, metadata: str, question: Item | None) -> Item | None:
    """The decision as a fact: keyed by what the question was about, valued by the answer and the
    sentences after it in the same message ("we drop it. Plain Services plus CoreDNS")."""
    subject = re.sub(f"{en_task_states.QUESTION_NOUNS}|{zh_task_states.QUESTION_NOUNS}", "", candidate.about, flags=re.IGNORECASE)
    lang = detect_lang(candidate.text)
    key = store_key(subject, lang) if subject.strip() else ""
    if not key and question is not None:
        key = store_key(" ".join(question.value.split()[:8]), lang)
    if not key:
        return None
    start = message.find(candidate.value)
    said = message[start:] if start >= 0 else candidate.value
    value = clean_value(" ".join(said.split())[:MAX_ANSWER_CHARS])
    return Item(
        item_id=item_id,
        session_id=event.session_id,
        kind=ItemKind.FACT,
        key=f"{key} {en_task_states.DECISION}" if lang == "en" else f"{key}{zh_task_states.DECISION}",
        value=value,
        text=candidate.text,
        lang=lang,
        source_seqs=(event.seq,),
        source_event_ids=(event.event_id,),
        source_kind=event.kind,
        metadata=metadata,
        speaker=event.attribute("speaker"),
    )


def _whole(count: re.Match[str]) -> str:
    noun = count.group(2).lower()
    return "" if noun in _STATE_WORDS or noun.endswith("ed") else noun[:5]  # "7 of 8 primed" names no whole


def subject_terms(text: str, *, words: bool = False) -> frozenset[str]:
    return (word_terms(text) if words else term_set(text)) - _CUE_TERMS


def _both(table: str, old: str, new: str) -> tuple[re.Match[str], re.Match[str]] | None:
    """What both entries state by one pattern of task_states (COUNT: a count of a whole; TALLY: what was done,
    to what), in the first language whose grammar reads both."""
    for lang in LANGUAGES:
        pattern = getattr(data(lang, "task_states"), table)
        found_old, found_new = pattern.search(old), pattern.search(new)
        if found_old and found_new:
            return found_old, found_new
    return None


def _same_progress(old: str, new: str) -> bool:
    if counts := _both("COUNT", old, new):
        counts_old, counts_new = counts
        # "30 of 31 passing" counts the same whole as "27 of 31 test cases passing": a state word names no whole.
        whole_old, whole_new = _whole(counts_old), _whole(counts_new)
        return counts_old.group(1) == counts_new.group(1) and (not whole_old or not whole_new or whole_old == whole_new)
    if tallies := _both("TALLY", old, new):
        return tallies[0].groups() == tallies[1].groups()
    a, b = subject_terms(old), subject_terms(new)
    if _SHARE.search(old) and _SHARE.search(new):
        # Two shares of the work done (外墙涂料大概完成了三成, 外墙涂料基本收尾了，差不多九成; "about 40% through the
        # edit", "the edit is 75% done") measure one whole when they name a word of it in common.
        return bool(subject_terms(_SHARE.sub(" ", old), words=True) & subject_terms(_SHARE.sub(" ", new), words=True))
    return bool(a and b) and len(a & b) / min(len(a), len(b)) >= PROGRESS_OVERLAP


_SHARE = regex_cache.compile(r"\d+(?:\.\d+)?\s?[%％]|[一二三四五六七八九]成|\bhalf(?:way)?\b|一半|过半", re.IGNORECASE)
