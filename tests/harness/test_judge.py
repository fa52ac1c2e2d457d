"""The answer judge: the key's words in the answer, punctuation, case and width aside; never a paraphrase."""

import pytest

from services.harness.judge import JUDGE_RULE, judge, normalise


@pytest.mark.parametrize(
    "answer,key",
    [
        ("We deploy on Monday 10:30–12:00 UTC.", "Monday 10:30-12:00 UTC"),
        ("ALPHA 0.01; one sided, Holm correction", "alpha 0.01, one-sided, Holm correction"),
        ("本环境出故障时由刘洋值班处理。", "刘洋"),
        ("1500 毫秒(双十一活动期间)", "1500 毫秒（双十一活动期间）"),
        ("The flag service uses port 7443.", "7443"),
    ],
)
def test_the_key_stated_in_other_punctuation_is_correct(answer, key):
    assert judge(answer, key)


@pytest.mark.parametrize(
    "answer,key",
    [
        ("port 16443", "6443"),  # not inside a longer number
        ("from half past ten until noon on Mondays", "Monday 10:30-12:00 UTC"),  # a paraphrase is not credited
        ("I do not know.", "900 seconds"),
        ("", "900 seconds"),
        ("anything", ""),  # no key, nothing to be right about
    ],
)
def test_anything_else_is_wrong(answer, key):
    assert not judge(answer, key)


def test_normalise_and_the_rule_say_the_same_thing():
    assert normalise("  Ｆull-width　ＡＢＣ, “quoted”!  ") == "full width abc quoted"
    assert "paraphrases are not credited" in JUDGE_RULE
