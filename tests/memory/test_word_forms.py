"""A question asks in the base form ("when did I buy it?"), the turn tells it in the past ("I bought
it"), or names a thing by another everyday word (apartment / flat): irregular forms, derived nouns and
synonyms find each other, and an ambiguous form stays the other word it may be.
Sentences written for these tests; tests/memory/redis/test_redis_word_forms.py re-runs them on Redis."""

import pytest
from dsh.memory.v1 import memory_pb2

from services.memory.domain.indexing import searchable_text
from services.memory.domain.model import EventKind, Item, ItemKind
from services.memory.domain.retrieval import analyse, expand
from tests.memory.test_corrections import S, send


def _first_hit(memory, question: str) -> str:
    items = memory.stub.Retrieve(memory_pb2.RetrieveRequest(session_id=S, query=question, limit=3), timeout=30).items
    return items[0].text


@pytest.mark.parametrize(
    ("turns", "question", "answer"),
    [
        (
            (
                "I bought the red kayak from the harbour shop on Saturday.",
                "I keep thinking about the kayak.",
                "My brother laughed at the kayak.",
            ),
            "When did I buy the kayak?",
            "I bought",
        ),
        (
            (
                "My sister and I went to the ceramics fair in Ghent last month.",
                "I keep thinking about the ceramics fair.",
                "My brother laughed at the ceramics fair.",
            ),
            "When did I go to the ceramics fair?",
            "went to",
        ),
        (
            (
                "I wrote the grant summary for the river survey on the train.",
                "Nobody reads the river survey grant summary.",
                "I printed the river survey grant summary twice.",
            ),
            "Did I write the river survey grant summary myself?",
            "I wrote",
        ),
        (
            (
                "A retired baker mentored me on the sourdough stall last weekend.",
                "I keep thinking about the sourdough stall.",
                "My brother laughed at the sourdough stall.",
            ),
            "Who gave me mentorship for the sourdough stall?",
            "mentored me",
        ),
        (
            (
                "Our quiz team won the cup at the Fox and Hounds.",
                "I keep thinking about the quiz team.",
                "My brother laughed at the quiz team.",
            ),
            "Did the quiz team ever win anything?",
            "won the cup",
        ),
        # Everyday words for the same thing.
        (
            (
                "We signed for the flat on Elm Road on Tuesday.",
                "The lease paperwork is boring.",
                "Is the lease paperwork really needed?",
            ),
            "Which apartment did we sign the lease paperwork for?",
            "flat on Elm Road",
        ),
        (
            (
                "My daughter starts swimming lessons at the lido next month.",
                "I keep thinking about the swimming lessons.",
                "My brother laughed at the swimming lessons.",
            ),
            "Which of my kids has swimming lessons?",
            "My daughter",
        ),
    ],
)
def test_another_form_or_word_of_the_questions_words_answers_it(memory, turns, question, answer):
    send(memory, *turns)
    assert answer in _first_hit(memory, question)


def test_the_index_holds_base_forms_and_a_question_searches_them_beside_its_own_words():
    said = "Ana bought the tickets and the children ran off."
    turn = Item(S + "-1", S, ItemKind.EVIDENCE, "", said, said, "en", (1,), ("e1",), EventKind.USER_MESSAGE)
    assert {"buy", "child", "run"} <= set(searchable_text(turn).split())
    query = analyse("Who bought the tickets?")
    assert "bought" in query.words and "buy" not in query.words
    expanded = expand(query)
    assert expanded is not None and "buy" in expanded.words


@pytest.mark.parametrize(
    ("question", "base"), [("Any news on the friendship bench?", "friend"), ("Tell me about her childhood home", "child")]
)
def test_a_derived_noun_also_searches_the_noun_it_is_made_of(question, base):
    expanded = expand(analyse(question))
    assert expanded is not None and base in expanded.words


def test_a_light_verb_is_not_expanded():
    # "Have I ever made a watchlist?": make/made is in most turns, and its other forms would rank none.
    expanded = expand(analyse("Have I ever made a watchlist for the film club?"))
    assert expanded is None or "make" not in expanded.words


@pytest.mark.parametrize("question", ["Which rose bed did the gardener plant?", "Where is the saw we borrowed?"])
def test_a_form_that_is_also_another_word_is_not_read_as_the_verb(question):
    expanded = expand(analyse(question))
    words = expanded.words if expanded else ()
    assert "rise" not in words and "see" not in words


def test_the_irregular_forms_are_stored_once_and_a_damaged_file_is_made_again(tmp_path, monkeypatch):
    from services.memory.domain import lemmas

    monkeypatch.setattr(lemmas, "CACHE_DIR", tmp_path)
    lemmas._irregular.cache_clear()
    try:
        drawn = lemmas._irregular()
        (stored,) = tmp_path.glob("lemmas.en.*.marshal")
        assert drawn["bought"] == "buy" and drawn["children"] == "child" and "buys" not in drawn
        stored.write_bytes(b"not a marshal file")
        lemmas._irregular.cache_clear()
        assert lemmas._irregular() == drawn  # drawn from the dictionary again, and stored again
        lemmas._irregular.cache_clear()
        assert lemmas._irregular() == drawn and stored.read_bytes() != b"not a marshal file"
    finally:
        lemmas._irregular.cache_clear()


@pytest.mark.parametrize(("question", "said_as"), [("礼拜天早上谁去接孩子？", "周日"), ("星期三晚上有课吗？", "周三")])
def test_a_chinese_weekday_is_also_searched_by_its_other_names(question, said_as):
    expanded = expand(analyse(question))
    assert expanded is not None and said_as in expanded.cjk_bigrams
