"""The domain ranking on its own (no store): boosts that reorder comparable matches."""

from dataclasses import replace

import pytest

from services.memory.domain.model import EventKind, Item, ItemKind, ItemStatus, TaskField
from services.memory.domain.retrieval import analyse, expand, rank, with_successors


def _quote(seq: int, text: str, speaker: str = "") -> Item:
    return Item(
        item_id=f"i{seq}",
        session_id="s",
        kind=ItemKind.EVIDENCE,
        key=f"evidence:e{seq}",
        value=text,
        text=text,
        lang="en",
        source_seqs=(seq,),
        source_event_ids=(f"e{seq}",),
        source_kind=EventKind.USER_MESSAGE,
        speaker=speaker,
    )


def test_a_turn_by_the_person_the_question_names_ranks_first_among_equal_matches():
    candidates = [(_quote(10, "I went hiking last weekend.", "Nate"), 1.0), (_quote(20, "I went hiking last weekend.", "Joanna"), 1.0)]
    for name, first in (("Joanna", "e20"), ("Nate", "e10")):
        ranked = rank(analyse(f"When did {name} go hiking?"), candidates, last_seq=30, limit=2)
        assert ranked[0].item.source_event_ids == (first,)


def test_the_speaker_boost_never_lifts_a_weak_match_over_a_strong_one():
    candidates = [(_quote(10, "Hiking trails near the lake, with a map.", "Nate"), 1.0), (_quote(40, "Nice.", "Joanna"), 0.2)]
    ranked = rank(analyse("Which hiking trails did Joanna like?"), candidates, last_seq=50, limit=2)
    assert ranked[0].item.source_event_ids == ("e10",)


def test_a_superseded_candidate_brings_what_replaced_it_and_demotes_its_quote():
    old = replace(
        _quote(4, "Our total budget is 30k for the trip."),
        item_id="n4",
        kind=ItemKind.NUMBER,
        key="total budget",
        value="30k",
        status=ItemStatus.SUPERSEDED,
        superseded_by="n9",
    )
    new = replace(_quote(9, "Correction: the budget is 40k."), item_id="n9", kind=ItemKind.NUMBER, key="total budget", value="40k")
    quote, other = _quote(4, "Our total budget is 30k for the trip."), _quote(6, "The trip starts in May.")
    candidates = with_successors([(quote, 1.0), (old, 1.0), (other, 0.6)], {"n4": new})
    assert {item.item_id: score for item, score in candidates}["n9"] == 1.0
    active = rank(analyse("how much money for the trip?"), candidates, last_seq=10, limit=5, include_superseded=False)
    assert [s.item.item_id for s in active] == ["n9", "i6", "i4"]
    everything = rank(analyse("how much money for the trip?"), candidates, last_seq=10, limit=5)
    assert "n4" in [s.item.item_id for s in everything]
    # Without a superseded candidate nothing is added and no quote is demoted.
    assert with_successors([(quote, 1.0)], {}) == [(quote, 1.0)]


def test_a_replaced_goal_does_not_demote_the_rest_of_its_turn():
    # The turn also said how far the work got; the goal it set was replaced later, the figure was not.
    said = "I want the guide translated by June, and so far 62 pages are done."
    goal = replace(
        _quote(5, said),
        item_id="t5",
        kind=ItemKind.TASK,
        key="task:goal",
        value="the guide translated by June",
        task_field=TaskField.GOAL,
        status=ItemStatus.SUPERSEDED,
        superseded_by="t9",
    )
    other = _quote(7, "Pages of the glossary are done too.")
    ranked = rank(analyse("How many pages are done?"), [(_quote(5, said), 1.0), (goal, 0.9), (other, 0.9)], last_seq=10, limit=3)
    assert ranked[0].item.item_id == "i5"


def test_a_turn_that_only_asks_ranks_below_a_statement_of_equal_match():
    for question, statement in [
        ("What's the timeout on the payments API?", "The payments API timeout is 8 seconds."),
        ("支付接口的超时是多少？", "支付接口的超时设成八秒。"),
        ("Is the payments API timeout still 8 seconds? Did anyone change it?", "Payments API timeout: 8 seconds."),
    ]:
        asked, said = replace(_quote(10, question), lang="zh" if "支付" in question else "en"), _quote(12, statement)
        ranked = rank(analyse("payments API timeout"), [(asked, 1.0), (said, 1.0)], last_seq=20, limit=2)
        assert ranked[0].item.item_id == "i12", question


def test_what_a_user_pasted_counts_less_than_what_they_said():
    pasted = _quote(
        10,
        "Got this email, is it real?\n\n---\nFrom: Billing <billing@examp1e.co>\nSubject: Invoice\n\n"
        "Pay the invoice today through the link below or your account closes.\n---",
    )
    own = _quote(30, "Never pay an invoice from a link in an email without asking me first.")
    ranked = rank(analyse("Can you pay the invoice from that email?"), [(pasted, 1.0), (own, 1.0)], last_seq=40, limit=2)
    assert ranked[0].item.item_id == "i30"


@pytest.mark.parametrize(
    "question",
    [
        "The supplier wants half up front. Should we pay it?",
        "Can you just approve the extra hour?",
        "Is it OK to send the draft to the client directly?",
        "Anything I need to do before I restart the database?",
        "这个折扣要不要答应？",
        "周六晚上把孩子带去公司加班，行吗？",
        "这笔钱能直接转给供应商吗？",
        "可不可以先发货再收款？",
    ],
)
def test_asking_leave_or_advice_wants_the_rules(question):
    from services.memory.domain.lexicon import intents

    assert ItemKind.RULE in intents(question)


@pytest.mark.parametrize("question", ["What's stopping the release from going out?", "What are we still waiting on?", "现在在等什么？"])
def test_asking_what_holds_the_work_up_wants_task_state(question):
    from services.memory.domain.lexicon import intents

    assert ItemKind.TASK in intents(question)


@pytest.mark.parametrize("question", ["What is the budget for the offsite?", "Should be fine, thanks!", "Can you summarize the thread?"])
def test_questions_about_values_do_not_want_rules(question):
    from services.memory.domain.lexicon import intents

    assert ItemKind.RULE not in intents(question)


@pytest.mark.parametrize(
    ("question", "kept", "dropped"),
    [
        ("现在 dairy 那边每周要多少磅？", {"每周"}, {"边每", "周要", "要多", "多少"}),
        ("周三下午的专家号一共能挂几个？", {"周三", "下午", "专家"}, {"三下", "一共", "几个"}),
    ],
)
def test_a_chinese_question_searches_the_bigrams_inside_its_words(question, kept, dropped):
    bigrams = set(analyse(question).cjk_bigrams)
    assert kept <= bigrams, bigrams
    assert not bigrams & dropped, bigrams


def test_a_chinese_question_of_question_words_only_still_searches():
    assert analyse("现在卡在哪里").cjk_bigrams  # falls back to the bigrams without function characters


def test_only_words_joined_by_hyphens_are_searched_apart():
    expanded = expand(analyse("Is the feature-flag tool deployed to eu-west-1?"))
    assert expanded is not None and {"feature", "flag"} <= set(expanded.words)
    assert not {"eu", "west"} & set(expanded.words)  # an identifier stays whole


def _value(seq: int, text: str, kind: ItemKind, key: str, value: str, unit: str = "") -> Item:
    return replace(_quote(seq, text), item_id=f"v{seq}", kind=kind, key=key, value=value, unit=unit)


@pytest.mark.parametrize(
    ("question", "wanted"),
    [
        ("When is the handover?", "v20"),
        ("How big is the handover?", "v10"),
        ("How long is the handover?", "v30"),
        ("交接是哪天？", "v20"),
        ("What's the handover deadline?", "v20"),
        ("Who takes the handover?", "v40"),
        ("交接由谁负责？", "v40"),
        ("What's the number of handover boxes?", "v50"),
    ],
)
def test_a_value_of_the_kind_the_question_asks_for_leads_equal_matches(question, wanted):
    candidates = [
        (_value(10, "The handover archive is 40 GB.", ItemKind.NUMBER, "handover archive", "40", "GB"), 1.0),
        (_value(20, "The handover date is Friday 12 June. 交接在 6 月 12 日。", ItemKind.FACT, "handover date", "Friday 12 June"), 1.0),
        (_value(30, "The handover trial runs for 14 days.", ItemKind.NUMBER, "handover trial", "14", "days"), 1.0),
        (_value(40, "The handover goes to Marta Lind. 交接人是老周。", ItemKind.FACT, "handover owner", "Marta Lind"), 1.0),
        (_value(50, "The handover fills 12 boxes.", ItemKind.NUMBER, "handover boxes", "12", "boxes"), 1.0),
    ]
    ranked = rank(analyse(question), candidates, last_seq=60, limit=5)
    assert ranked[0].item.item_id == wanted, [(s.item.item_id, s.score) for s in ranked]


@pytest.mark.parametrize(
    "request_text",
    [
        "Can you draft a note to the landlord about the boiler?",
        "Write me a note to the landlord about the boiler.",
        "Could you please send the landlord a note about the boiler?",
    ],
)
def test_a_request_to_produce_something_puts_the_standing_rule_on_it_first(request_text):
    rule = replace(
        _quote(2, "Anything that goes out in my name gets my partner in copy."),
        item_id="r2",
        kind=ItemKind.RULE,
        key="rule:anything that goes out in my name",
        value="Anything that goes out in my name gets my partner in copy.",
    )
    chatter = _quote(30, "The landlord still hasn't looked at the boiler, a note might help.")
    ranked = rank(analyse(request_text), [(rule, 0.75), (chatter, 1.0)], last_seq=40, limit=2)
    assert ranked[0].item.item_id == "r2", [(s.item.item_id, s.score) for s in ranked]


def test_a_question_about_the_value_now_prefers_the_later_of_two_equal_matches():
    candidates = [
        (_value(10, "The venue deposit is due on the 3rd.", ItemKind.FACT, "venue deposit", "the 3rd"), 1.0),
        (_value(400, "The venue deposit is due on the 17th.", ItemKind.FACT, "venue deposit", "the 17th"), 0.9),
    ]
    assert rank(analyse("When is the venue deposit due?"), candidates, last_seq=500, limit=2)[0].item.item_id == "v10"
    assert rank(analyse("When is the venue deposit due now?"), candidates, last_seq=500, limit=2)[0].item.item_id == "v400"


@pytest.mark.parametrize(
    ("question", "charge_key", "other_key"),
    [
        ("How much do we pay the landlord?", "rent", "visits"),
        ("现在上一次课要付多少钱？", "课时费", "学员人数"),
    ],
)
def test_a_bare_figure_kept_under_a_charge_answers_a_question_about_money(question, charge_key, other_key):
    def number(seq: int, key: str, value: str) -> Item:
        return replace(_quote(seq, f"{key} {value}"), item_id=f"n{seq}", kind=ItemKind.NUMBER, key=key, value=value)

    candidates = [(number(10, charge_key, "320"), 1.0), (number(12, other_key, "12"), 1.0)]
    ranked = rank(analyse(question), candidates, last_seq=20, limit=2)
    assert ranked[0].item.key == charge_key, [(s.item.key, s.score) for s in ranked]
