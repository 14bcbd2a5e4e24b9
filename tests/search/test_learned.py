"""The learned evidence (learned.py): what the model learns, what it answers, and what it never sees."""
import pytest

from tdarules.search import evaluate, learned

EXAMPLES = [
    (["phone", "table"], ["5"]), (["phone", "call"], ["5"]), (["phone", "text"], ["5"]),
    (["chip", "single", "call"], ["44"]), (["chip", "single", "big"], ["44"]), (["chip", "single"], ["44", "41"]),
    (["rare"], ["9"]),
]


@pytest.fixture(scope="module")
def model():
    return learned.train(EXAMPLES)


def test_counts_questions_per_rule_and_per_key(model):
    assert model["rules"] == ["41", "44", "5", "9"]
    assert model["counts"] == [1, 3, 3, 1]
    pairs = model["keys"]["phone"]
    assert dict(zip(pairs[::2], pairs[1::2])) == {model["rules"].index("5"): 3}
    # "call" is in one question of 5 and one of 44; keys seen in MIN_COUNT questions or fewer are left out
    assert "call" not in model["keys"] and "rare" not in model["keys"] and "single" in model["keys"]


def test_evidence_points_to_the_rule_whose_questions_share_the_keys(model):
    found = learned.evidence(model, ["my", "phone", "rang"])
    assert max(found, key=found.get) == "5" and found["5"] > 0.9 * learned.WEIGHT
    single = learned.evidence(model, ["single", "chip"])
    assert max(single, key=single.get) == "44" and single["44"] > single.get("41", 0.0)
    assert len(single) <= learned.TOP and all(0 < v <= learned.WEIGHT for v in single.values())


def test_no_known_key_no_evidence(model):
    assert learned.evidence(model, ["unknown", "words"]) == {}
    assert learned.evidence(None, ["phone"]) == {}
    assert learned.evidence(model, []) == {}


def test_evidence_is_added_to_what_the_vocabulary_found(model):
    vocabulary = {"entries": [], "weights": {}, "framing": [], "en_framing": []}
    assert learned.situation_scores(["phone"], vocabulary, model) == learned.evidence(model, ["phone"])


def test_learns_from_tuning_batches_only():
    """Never from a held-out batch: the figures that count are measured on questions it never saw."""
    held_out = {evaluate.FRESH, evaluate.UNSEEN, evaluate.UNSEEN2, evaluate.UNSEEN3, evaluate.UNSEEN4, evaluate.UNSEEN5,
                evaluate.UNSEEN6, evaluate.UNSEEN7, evaluate.UNSEEN8, evaluate.UNSEEN9, evaluate.QUERIES}
    assert not held_out & set(evaluate.TUNING)
    assert all("unseen" not in path.name for path in evaluate.TUNING)
    tuning = {(c.lang, c.q.lower()) for c in evaluate.tuning_cases()}
    held = evaluate.held_out_cases()
    assert len(held) > 3000 and not any((c.lang, c.q.lower()) in tuning for c in held)
    assert len(tuning) > 5000


@pytest.mark.parametrize("text, says", [
    ("queries:\n  - {lang: en, q: \"a\", expect: [\"1\"]\n", ":3"),       # unclosed flow mapping: names the line
    ("queries:\n  - {lang: en, q: \"a\"}\n", "query #1: needs lang, q and expect"),
    ("nothing: here\n", "no queries"),
])
def test_a_broken_query_file_is_named(tmp_path, text, says):
    """The index build learns from these files: a broken one stops it with its name and where."""
    path = tmp_path / "questions_dev99.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(evaluate.QueryFileError) as error:
        evaluate.load_queries(path)
    assert str(path) in str(error.value) and says in str(error.value)
