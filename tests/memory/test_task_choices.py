"""Task state by what a statement does: a choice left open is closed by a statement that commits to one
of its options, whatever the verb, and stays open while the options are only discussed; a label names
a blocker or a goal by any of its names; a Chinese report of work finished is progress. Sentences
written for these tests; tests/memory/redis/test_redis_task_choices.py re-runs them on Redis."""

import pytest

from tests.memory.test_task_state import say, state, texts


@pytest.mark.parametrize(
    ("question", "chosen"),
    [
        (
            "Open question: the Basic plan or the Plus plan for the support desk.",
            "Talked to Ines in finance, so we're buying Plus for all twelve seats.",
        ),
        ("Still undecided whether to ship by courier or by regular post.", "I'll send it by courier tomorrow, it's worth the extra."),
        ("还没定：年会订在周六还是周日。", "跟老板商量过了，就定周日了。"),
    ],
)
def test_a_statement_committing_to_one_option_closes_the_choice(memory, question, chosen):
    say(memory, question, "Unrelated: the printer on floor two is jammed again.", chosen)
    assert not state(memory).open_items, texts(state(memory).open_items)


@pytest.mark.parametrize(
    "discussed",
    [
        "The Plus plan has the phone channel, which we may not need.",
        "If we bought Plus we'd get the phone channel.",
        "Do you think Plus is worth it for us?",
    ],
)
def test_discussing_one_option_leaves_the_choice_open(memory, discussed):
    say(memory, "Open question: the Basic plan or the Plus plan for the support desk.", discussed)
    assert len(state(memory).open_items) == 1


@pytest.mark.parametrize(
    ("said", "part"),
    [
        ("Only hitch now: the deed is still with the seller's solicitor until the funds clear.", "deed"),
        ("New snag: the courier lost the signed lease.", "courier lost"),
        ("Complication: the venue wants a second deposit before they confirm.", "second deposit"),
    ],
)
def test_a_blocker_label_by_any_of_its_names(memory, said, part):
    say(memory, said)
    assert any(part in text for text in texts(state(memory).blockers)), texts(state(memory).blockers)


def test_a_goal_labelled_by_what_we_need_out_of_it(memory):
    say(memory, "What we need out of this: a shortlist of three venues for the March offsite, all under budget.")
    assert "shortlist of three venues" in state(memory).goal.text


def test_a_chinese_report_of_work_finished_after_an_opener_is_progress(memory):
    say(memory, "好了，三月的值班表全部排完了。")
    assert any("值班表全部排完了" in text for text in texts(state(memory).progress)), texts(state(memory).progress)


@pytest.mark.parametrize(
    ("said", "part"),
    [
        (
            "Some context: I run the allotment society. What I need out of this is a planting rota agreed before the AGM on 3 March.",
            "planting rota",
        ),
        ("So what we want is for every tenant to have a working smoke alarm by Friday.", "working smoke alarm"),
    ],
)
def test_what_the_speaker_needs_out_of_the_work_is_its_goal(memory, said, part):
    say(memory, said)
    assert part in state(memory).goal.text, state(memory).goal.text


def test_a_choice_labelled_as_not_decided_is_open_whatever_its_options_say(memory):
    say(memory, "Still not decided: whether the boiler gets replaced now or we wait for the spring sale.")
    assert any("boiler" in text for text in texts(state(memory).open_items)), texts(state(memory).open_items)
    assert not state(memory).blockers, texts(state(memory).blockers)
