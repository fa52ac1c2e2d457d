"""What a subject is called, whatever words around it say: "his visit" in "Tom moved his visit" is Tom's, and
"the new" or "the current" X is X. Sentences written for these tests;
tests/memory/redis/test_redis_subject_words.py re-runs them on Redis."""

import pytest

from tests.memory.test_corrections import ACTIVE, assert_replaced, derived, holding, send


@pytest.mark.parametrize(
    ("first", "later", "old", "new"),
    [
        # A possessive pronoun is the agent's: the update names whose visit it moves.
        ("Marek's site survey is on 3 June.", "Marek moved his survey to the 10th.", "3 June", "10th"),
        (
            "Dana's dentist appointment is Tuesday 8 April at 09:00.",
            "Dana pushed her appointment to Friday 11 April.",
            "8 April",
            "11 April",
        ),
        # "new" and "current" say which value is current, not what it is the value of.
        ("Our site coordinator is Leah Brandt.", "Leah has moved on. The new site coordinator is Omar Said.", "Leah Brandt", "Omar Said"),
        ("The current lease template is revision 4.", "Lease template goes to revision 5 next month.", "revision 4", "revision 5"),
        # Being on a version: the version of what one is on.
        (
            "We're on reservation system version 2.3 at the moment.",
            "The upgrade went through, so we're on reservation system version 2.4 now.",
            "2.3",
            "2.4",
        ),
    ],
)
def test_a_later_value_of_the_same_subject_replaces_the_old_one(memory, first, later, old, new):
    send(memory, first, later)
    assert_replaced(memory, old, new)


def test_another_agents_possessive_is_another_subject(memory):
    send(memory, "Marek's site survey is on 3 June.", "Priya moved her survey to the 10th.")
    (survey,) = holding(memory, "3 June")
    assert survey.status == ACTIVE


def test_what_ba_changes_is_the_subject(memory):
    # 把 X 加到 Y: the object of 把 is what changes, whatever is said before it.
    send(memory, "我的跑量是每天3公里。", "教练让我先把跑量加到每天5公里，下周再看。")
    assert_replaced(memory, "3 公里", "5")
    assert {item.key for item in holding(memory, "5")} == {"跑量"}


@pytest.mark.parametrize("said", ["后天19号上午我去银行办卡。", "当我没说，周会挪到周四下午三点。"])
def test_a_day_word_or_a_take_back_is_no_subject(memory, said):
    send(memory, said)
    assert not [item for item in derived(memory) if item.key in ("后天", "当我没", "当我没说")]
