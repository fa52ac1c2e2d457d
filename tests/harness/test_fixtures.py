"""Fixture generator and loader: schema, validation errors, determinism, caching, committed seed fixtures."""

import copy
import hashlib
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import jsonschema
import pytest

from services.harness.fixtures import (
    DEFAULT_SEED,
    SEED_DIR,
    FixtureError,
    ensure_fixtures,
    generate,
    load_fixtures,
    stale_reason,
)
from services.harness.fixtures.generator import dumps
from services.harness.fixtures.load import SCHEMA_PATH

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def smoke_dir(tmp_path_factory) -> Path:
    return generate("smoke", DEFAULT_SEED, None, tmp_path_factory.mktemp("smoke"))


def _digest(directory: Path) -> dict[str, str]:
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(directory.glob("*.json"))}


def _copy_seed(tmp_path: Path) -> Path:
    out = tmp_path / "fx"
    out.mkdir()
    for p in SEED_DIR.glob("*.json"):
        (out / p.name).write_bytes(p.read_bytes())
    return out


def _rewrite(directory: Path, name: str, mutate) -> None:
    path = directory / name
    doc = json.loads(path.read_text(encoding="utf-8"))
    mutate(doc)
    path.write_text(dumps(doc), encoding="utf-8")


# --- schema -----------------------------------------------------------------


def test_schema_is_valid_draft_2020_12():
    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    jsonschema.Draft202012Validator.check_schema(schema)


@pytest.mark.parametrize("directory", ["smoke", "seed"])
def test_schema_validates_generated_and_committed(directory, smoke_dir):
    d = smoke_dir if directory == "smoke" else SEED_DIR
    validator = jsonschema.Draft202012Validator(json.loads(SCHEMA_PATH.read_text(encoding="utf-8")))
    for path in sorted(d.glob("*.json")):
        errors = list(validator.iter_errors(json.loads(path.read_text(encoding="utf-8"))))
        assert not errors, f"{path.name}: {errors[0].json_path}: {errors[0].message}"
    fixtures = load_fixtures(d)
    assert [sc["id"] + ".json" for sc in fixtures.scenarios] == fixtures.manifest["scenarios"]


# --- validation errors name the file, the path and the problem --------------


@pytest.mark.parametrize(
    "mutate, pattern",
    [
        (lambda d: d.update(questions=[]), r"long-haul-40\.json: \$\.questions: .*no answer key"),
        (lambda d: d.pop("questions"), r"\$\.questions: .*no answer key"),
        (lambda d: d.update(expectations={"storage": [], "taskState": [], "validation": []}), r"\$\.expectations: .*no answer key"),
        (lambda d: d.pop("expectations"), r"\$\.expectations: .*no answer key"),
        (
            lambda d: d["steps"][0]["events"][1].update(eventId=d["steps"][0]["events"][0]["eventId"]),
            r"\$\.steps\[0\]\.events\[1\]\.eventId: duplicate event id",
        ),
        (
            lambda d: next(s for s in d["steps"] if s["op"] == "ask")["questions"].append("q-nope"),
            r"\$\.steps\[\d+\]\.questions\[\d+\]: ask names unknown question 'q-nope'",
        ),
        (lambda d: d["steps"][0]["events"][0].update(kind="user"), r"\$\.steps\[0\]\.events\[0\]\.kind: 'user' is not one of"),
        (lambda d: d["steps"][0]["events"][2].update(seq=1), r"\$\.steps\[0\]\.events\[2\]\.seq: seq 1 is not above"),
        (lambda d: d["steps"][0]["events"][0].update(seq=0), r"\$\.steps\[0\]\.events\[0\]\.seq: 0 is less than"),
        (
            lambda d: d["questions"][0]["evidence"][0].update(mustContain=["not in the text"]),
            r"\$\.questions\[0\]\.evidence\[0\]: 'not in the text' is not verbatim",
        ),
        (
            lambda d: [d["questions"][0].update(evidence=[]), d["questions"][0].update(expectedAnswer="")],
            r"\$\.questions\[0\]: question 'q-early-rule' has neither evidence nor an expectedAnswer",
        ),
        (lambda d: d["questions"][1].update(id=d["questions"][0]["id"]), r"duplicate question id"),
        (
            lambda d: next(s for s in d["steps"] if s.get("retry"))["events"][0].update(text="changed"),
            r"retry batch re-sends .* with different content",
        ),
        (lambda d: d["questions"][0].update(governingRule="skill-nope"), r"governingRule: 'skill-nope' is not a rule"),
        (lambda d: d["expectations"]["validation"][0].update(question="q-nope"), r"unknown question 'q-nope'"),
    ],
)
def test_validation_rejects(tmp_path, mutate, pattern):
    d = _copy_seed(tmp_path)
    _rewrite(d, "long-haul-40.json", mutate)
    with pytest.raises(FixtureError, match=pattern):
        load_fixtures(d)


def test_validation_rejects_event_id_reused_across_files(tmp_path):
    d = _copy_seed(tmp_path)
    lh = json.loads((d / "long-haul-40.json").read_text(encoding="utf-8"))
    stolen = lh["steps"][0]["events"][1]["eventId"]
    _rewrite(d, "multi-session-20.json", lambda doc: doc["steps"][0]["events"][1].update(eventId=stolen))
    with pytest.raises(FixtureError, match=r"multi-session-20\.json: .*duplicate event id .*long-haul-40\.json"):
        load_fixtures(d)


def test_validation_rejects_missing_files_and_bad_json(tmp_path):
    d = _copy_seed(tmp_path)
    (d / "multi-session-20.json").unlink()
    with pytest.raises(FixtureError, match=r"manifest\.json: \$\.scenarios\[1\]: multi-session-20\.json does not exist"):
        load_fixtures(d)
    (d / "manifest.json").write_text("{not json", encoding="utf-8")
    with pytest.raises(FixtureError, match=r"manifest\.json: not valid JSON"):
        load_fixtures(d)
    with pytest.raises(FixtureError, match="file not found"):
        load_fixtures(tmp_path / "nowhere")


def test_load_does_not_modify_documents():
    fixtures = load_fixtures(SEED_DIR)
    again = json.loads((SEED_DIR / "long-haul-40.json").read_text(encoding="utf-8"))
    assert fixtures.scenarios[0] == again
    assert copy.deepcopy(fixtures.manifest)["seed"] == DEFAULT_SEED


# --- determinism --------------------------------------------------------------


def test_same_inputs_give_identical_bytes(tmp_path, smoke_dir):
    again = generate("smoke", DEFAULT_SEED, None, tmp_path / "again")
    assert _digest(again) == _digest(smoke_dir)


def test_a_different_seed_differs(tmp_path, smoke_dir):
    other = generate("smoke", "another-seed", None, tmp_path / "other")
    a, b = _digest(smoke_dir), _digest(other)
    assert a.keys() == b.keys()
    assert all(a[name] != b[name] for name in a)


def test_output_does_not_depend_on_hash_seed(tmp_path, smoke_dir):
    # Set/dict iteration order under another PYTHONHASHSEED must not leak into the files.
    code = (
        "import sys; from pathlib import Path; from services.harness.fixtures import generate; "
        "generate('smoke', sys.argv[1], None, Path(sys.argv[2]))"
    )
    env = {**os.environ, "PYTHONHASHSEED": "12345"}
    subprocess.run([sys.executable, "-c", code, DEFAULT_SEED, str(tmp_path / "h")], check=True, env=env, cwd=REPO)
    assert _digest(tmp_path / "h") == _digest(smoke_dir)


def test_committed_seed_fixtures_are_reproducible(tmp_path):
    regenerated = generate("seed", DEFAULT_SEED, None, tmp_path / "seed")
    assert _digest(regenerated) == _digest(SEED_DIR), (
        "tests/fixtures/synthetic/seed/ drifted from the generator; regenerate it with "
        "generate('seed', DEFAULT_SEED, None, SEED_DIR) and bump GENERATOR_VERSION"
    )


def test_full_profile_generates_in_under_a_second(tmp_path):
    start = time.perf_counter()
    generate("full", DEFAULT_SEED, None, tmp_path / "full")
    assert time.perf_counter() - start < 1.0


# --- profiles and caching -------------------------------------------------------


def test_profiles_and_sizes(tmp_path):
    fx = load_fixtures(generate("standard", DEFAULT_SEED, [120, 60], tmp_path / "s"))
    assert fx.manifest["matrix"] == {"long-haul": [60, 120], "multi-session": [60, 120]}
    assert [sc["id"] for sc in fx.scenarios] == ["long-haul-60", "long-haul-120", "multi-session-60", "multi-session-120"]
    with pytest.raises(ValueError, match="unknown profile"):
        generate("huge", DEFAULT_SEED, None, tmp_path / "x")
    with pytest.raises(ValueError, match="at least 40"):
        generate("smoke", DEFAULT_SEED, [10], tmp_path / "y")


def test_ensure_fixtures_regenerates_only_when_stale(tmp_path):
    d, regenerated = ensure_fixtures("smoke", DEFAULT_SEED, None, tmp_path, False)
    assert (d, regenerated) == (tmp_path / "smoke", True)
    before = _digest(d)
    assert ensure_fixtures("smoke", DEFAULT_SEED, None, tmp_path, False) == (d, False)
    assert ensure_fixtures("smoke", DEFAULT_SEED, None, tmp_path, True) == (d, True)
    assert _digest(d) == before
    assert stale_reason(d, "smoke", "other", None).startswith("seed differs")
    assert ensure_fixtures("smoke", "other", None, tmp_path, False) == (d, True)
    assert ensure_fixtures("smoke", "other", [100], tmp_path, False) == (d, True)
    assert sorted(p.name for p in d.glob("*.json")) == ["long-haul-100.json", "manifest.json", "multi-session-100.json"]
    _rewrite(d, "manifest.json", lambda m: m["generator"].update(version="0"))
    assert stale_reason(d, "smoke", "other", [100]).startswith("generator differs")
    assert ensure_fixtures("smoke", "other", [100], tmp_path, False) == (d, True)
    (d / "long-haul-100.json").unlink()
    assert stale_reason(d, "smoke", "other", [100]) == "missing long-haul-100.json"
    (d / "manifest.json").unlink()
    assert stale_reason(d, "smoke", "other", [100]) == "no manifest"


def test_ensure_fixtures_seed_profile_is_the_committed_directory(tmp_path):
    before = _digest(SEED_DIR)
    assert ensure_fixtures("seed", DEFAULT_SEED, None, tmp_path, True) == (SEED_DIR, False)
    assert _digest(SEED_DIR) == before
    assert not any(tmp_path.iterdir())
