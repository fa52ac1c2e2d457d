"""Text helpers: language, sentences, keys, stems and CJK n-grams."""

import pytest

from services.memory.domain.text import (
    cjk_bigrams,
    cjk_runs,
    cjk_trigrams,
    context_free_key,
    detect_lang,
    is_hedged,
    is_question,
    latin_terms,
    normalize_key,
    split_sentences,
    stem,
    strip_openers,
)


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("The deploy target is eu-west-1.", "en"),
        ("部署目标是eu-west-1", "zh"),
        ("请使用 pnpm install 安装依赖", "zh"),
        ("We deploy to the 上海 region every week", "en"),
        ("", "en"),
        ("12345 !!!", "en"),
        ("采样率为5%（仅限生产环境）", "zh"),
    ],
)
def test_detect_lang(text, lang):
    assert detect_lang(text) == lang


@pytest.mark.parametrize(
    ("text", "sentences"),
    [
        ("Goal: ship v2. Done: auth.", ["Goal: ship v2.", "Done: auth."]),
        ("alpha = 0.05, two-sided. Region is eu-west-1!", ["alpha = 0.05, two-sided.", "Region is eu-west-1!"]),
        ("Is it done? Yes.", ["Is it done?", "Yes."]),
        ("Use a linter, e.g. ruff. Then test.", ["Use a linter, e.g. ruff.", "Then test."]),
        ("See https://example.com/a.b for details", ["See https://example.com/a.b for details"]),
        ("部署目标是eu-west-1。超时时间设为30秒！对吗？", ["部署目标是eu-west-1。", "超时时间设为30秒！", "对吗？"]),
        ("先备份；再迁移", ["先备份；", "再迁移"]),
        (
            "- Use ruff\n* Never push to main\n• 目标：上线\n1. First\n2) Second",
            ["Use ruff", "Never push to main", "目标：上线", "First", "Second"],
        ),
        ("line one\n\n   \nline two", ["line one", "line two"]),
        ('He said "stop." Then left.', ['He said "stop."', "Then left."]),
        ("...", []),
    ],
)
def test_split_sentences(text, sentences):
    assert split_sentences(text) == sentences


@pytest.mark.parametrize(
    "text",
    [
        # Company suffixes, titles, Latin and common abbreviations, months, initials: one sentence each.
        "We signed with Brightmoor Pte. Ltd. last week.",
        "Invoices go to Brightwater Co. Ltd. in Shenzhen.",
        "Acme Inc. is the supplier and Kestrel Corp. the reseller.",
        "Payroll runs through Norrland Pty. Ltd. and Tallis LLC. since May.",
        "Our Dutch entity is Veldt B.V. and it files in Utrecht.",
        "Billing moved to Cortado S.A. next to Haber N.V. last year.",
        "Send the crates to Tan Bros. (the movers) by Friday.",
        "Fenwick plc. owns the brand.",
        "Acme Corp. 是我们的供应商。",
        "Ping Dr. Chen and Mr. O'Neil before the release.",
        "Ms. Park, Mrs. Ito and Prof. Alvarez sign off.",
        "Meet at St. Pancras at 10.",
        "Use a cache, e.g. Redis, i.e. something in memory.",
        "Install ruff, mypy, black, etc. before you push.",
        "Compare pnpm vs. npm first.",
        "It takes approx. 30 minutes, cf. the runbook.",
        "Approx. 30 users are affected.",
        "See fig. 3 and sec. 4.2 of the spec, vol. 2 ch. 5.",
        "Vol. IV covers the migration.",
        "Ticket no. 4512 is the blocker.",
        "The budget is ca. $40k, est. 3 sprints.",
        "Ask the Finance Dept. about misc. expenses.",
        "The launch is on Jan. 15 and the review in Sept. 2026.",
        "Freeze from Dec. through Feb. is fixed.",
        "J. R. R. Tolkien wrote it.",
        "We ship to the U.S. and the U.K. first.",
        "Standup is at 9 a.m. sharp.",
    ],
)
def test_split_sentences_keeps_abbreviations_inside_the_sentence(text):
    assert split_sentences(text) == [text]


@pytest.mark.parametrize(
    ("text", "sentences"),
    [
        # An abbreviation that may end a sentence ends it before a new one.
        (
            "The vendor is Brightmoor Pte. Ltd. The invoice is due Friday.",
            ["The vendor is Brightmoor Pte. Ltd.", "The invoice is due Friday."],
        ),
        (
            "The contract is with Brightline GmbH. Payments go out monthly.",
            ["The contract is with Brightline GmbH.", "Payments go out monthly."],
        ),
        ("Martin Hale Jr. approves refunds. Ask him first.", ["Martin Hale Jr. approves refunds.", "Ask him first."]),
        ("Install ruff, mypy, etc. Then run the tests.", ["Install ruff, mypy, etc.", "Then run the tests."]),
        ("Is it ready? No. We wait for QA.", ["Is it ready?", "No.", "We wait for QA."]),
        ("We moved the servers to the U.S. The latency dropped.", ["We moved the servers to the U.S.", "The latency dropped."]),
        ("Standup is at 9 a.m. The retro is at 4 p.m. on Fridays.", ["Standup is at 9 a.m.", "The retro is at 4 p.m. on Fridays."]),
        ("Fallback is plan B. Then we roll back.", ["Fallback is plan B.", "Then we roll back."]),
        ("alpha = 0.05. Region is eu-west-1.b now.", ["alpha = 0.05.", "Region is eu-west-1.b now."]),
    ],
)
def test_split_sentences_ends_at_an_abbreviation_before_a_new_sentence(text, sentences):
    assert split_sentences(text) == sentences


@pytest.mark.parametrize(
    ("phrase", "key"),
    [
        ("The Deploy  Target", "deploy target"),
        ("our p95 latency:", "p95 latency"),
        ("my `API` base URL.", "api base url"),
        ("a/b testing", "a/b testing"),
        ("this the region", "region"),
        ("我们的部署目标", "部署目标"),
        ("这个 超时时间的", "超时时间"),
        ("p95 延迟", "p95延迟"),
        ("「采样率」", "采样率"),
        ("这次 发布窗口", "发布窗口"),
        ("本次的回滚负责人", "回滚负责人"),
    ],
)
def test_normalize_key(phrase, key):
    assert normalize_key(phrase) == key


@pytest.mark.parametrize(
    "family",
    [
        ["deploy", "deploys", "deployed", "deploying", "deployment", "deployments"],
        ["latency", "latencies"],
        ["install", "installs", "installed", "installing", "installation"],
        ["configure", "configured", "configuring", "configuration"],
        ["setting", "settings", "set"],
        ["run", "running", "runs"],
        ["use", "used", "uses", "using"],
        ["test", "tests", "tested", "testing"],
    ],
)
def test_stem_families_meet(family):
    assert len({stem(word) for word in family}) == 1, {word: stem(word) for word in family}


@pytest.mark.parametrize("word", ["status", "process", "redis", "comment", "need"])
def test_stem_leaves_words_alone(word):
    assert stem(word) == word


def test_latin_terms_drop_stop_words_and_stem():
    assert latin_terms("What is the p95 latency of our deployments?") == ["p95", "latency", "deploy"]


def test_latin_terms_dedupe_and_keep_numbers():
    assert latin_terms("Deploy, deployed, DEPLOYING at 0.05 and 120 ms") == ["deploy", "0.05", "120", "ms"]


def test_latin_terms_read_full_width_and_possessives():
    assert latin_terms("ＡＰＩ team's key") == ["api", "team", "key"]


def test_latin_terms_of_pure_chinese_or_stop_words_is_empty():
    assert latin_terms("部署目标") == []
    assert latin_terms("the and of it") == []


def test_cjk_runs_are_broken_by_punctuation_and_latin():
    assert cjk_runs("部署目标是eu-west-1，超时时间") == ["部署目标是", "超时时间"]
    assert cjk_runs("plain ascii") == []


def test_cjk_bigrams_and_trigrams():
    assert cjk_bigrams("采样率，为") == ["采样", "样率"]
    assert cjk_trigrams("部署目标") == ["部署目", "署目标"]
    assert cjk_trigrams("目标") == []
    assert cjk_bigrams("是") == []


def test_cjk_ngrams_are_distinct_in_first_seen_order():
    assert cjk_bigrams("测试测试") == ["测试", "试测"]


@pytest.mark.parametrize(
    ("sentence", "lang", "question"),
    [
        ("What is the deploy target", "en", True),
        ("Is the timeout 30s?", "en", True),
        ("Could you check the logs", "en", True),
        ("The timeout is 30s.", "en", False),
        ("Whenever you deploy, tag the release", "en", False),
        ("部署目标是什么", "zh", True),
        ("超时时间是30秒吗", "zh", True),
        ("对吗？", "zh", True),
        ("超时时间是30秒", "zh", False),
    ],
)
def test_is_question(sentence, lang, question):
    assert is_question(sentence, lang) is question


def test_is_hedged():
    assert is_hedged("I think the build is fine", "en")
    assert is_hedged("Let me check the logs first", "en")
    assert not is_hedged("Let's use pnpm for installs", "en")
    assert is_hedged("我觉得构建没问题", "zh")
    assert not is_hedged("部署目标是eu-west-1", "zh")


@pytest.mark.parametrize(
    ("sentence", "lang", "stripped"),
    [
        ("OK, so also the region is eu-west-1", "en", "the region is eu-west-1"),
        ("Note: always squash merges", "en", "always squash merges"),
        ("Right now the build is red", "en", "Right now the build is red"),
        ("Actually, it's 45", "en", "Actually, it's 45"),
        ("好的，另外部署目标是eu-west-1", "zh", "部署目标是eu-west-1"),
        ("好像不对", "zh", "好像不对"),
        ("Before we begin: tag every release", "en", "tag every release"),
        ("So far the index is built", "en", "So far the index is built"),
        ("So, the region is eu-north-1", "en", "the region is eu-north-1"),
        ("Status on the billing rewrite: the goal is X", "en", "the goal is X"),
        ("Quick status - two shards left", "en", "two shards left"),
        ("We agreed that the region is eu-north-1", "en", "the region is eu-north-1"),
        # A decision to use, keep or avoid something is the standing choice; other decisions stay as said.
        ("We decided to use pnpm", "en", "use pnpm"),
        ("The team agreed to never push to main", "en", "never push to main"),
        ("We decided to look into it later", "en", "We decided to look into it later"),
        ("Let's say the budget is 20 ms", "en", "the budget is 20 ms"),
        ("In this repo the linter is ruff", "en", "the linter is ruff"),
        ("Updated the docs", "en", "Updated the docs"),
        ("先说一下，发布窗口是周二", "zh", "发布窗口是周二"),
    ],
)
def test_strip_openers(sentence, lang, stripped):
    assert strip_openers(sentence, lang) == stripped


@pytest.mark.parametrize(
    ("phrase", "lang", "key"),
    [
        ("Build cache for this work", "en", "build cache"),
        ("the ticket for all of this", "en", "ticket"),
        ("Metrics here", "en", "metrics"),
        ("artifact bucket, for later", "en", "artifact bucket"),
        ("queue size in this environment", "en", "queue size"),
        ("retry limit for now", "en", "retry limit"),
        ("cache ttl for catalog responses", "en", "cache ttl for catalog responses"),
        ("worker pool for the importers", "en", "worker pool for the importers"),
        ("here", "en", "here"),
        ("这个项目的发布负责人", "zh", "发布负责人"),
        ("本环境的告警阈值", "zh", "告警阈值"),
        ("结算模块这块", "zh", "结算模块"),
        ("本地缓存", "zh", "本地缓存"),
    ],
)
def test_context_free_key(phrase, lang, key):
    assert context_free_key(phrase, lang) == key


def test_split_common_keeps_the_rarest_words_within_the_budget():
    from services.memory.domain.indexing import split_common

    assert split_common([("a", 5), ("b", 3)], budget=10) == (["b", "a"], [])
    assert split_common([("common", 9000), ("rare", 4), ("mid", 900)], budget=1000) == (["rare", "mid"], ["common"])
    # The rarest word is always matched, even over the budget.
    assert split_common([("x", 5000), ("y", 7000)], budget=1000) == (["x"], ["y"])
