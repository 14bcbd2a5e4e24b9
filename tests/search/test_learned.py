"""The learned evidence (learned.py): what the model learns, what it answers, and what it never sees."""
import functools

import pytest
from node_module import needs_node, run_in_node

from tdarules.search import evaluate, learned, situations
from tdarules.search.analyzers import fold, t2s
from tdarules.search.situations import Vocabulary

EXAMPLES = [
    (["phone", "table"], ["5"]), (["phone", "call"], ["5"]), (["phone", "text"], ["5"]),
    (["chip", "single", "call"], ["44"]), (["chip", "single", "big"], ["44"]), (["chip", "single"], ["44", "41"]),
    (["rare"], ["9"]),
]


@pytest.fixture(scope="module")
def model():
    return learned.train(EXAMPLES)


def test_weighs_keys_per_rule_as_integers(model):
    assert model["rules"] == ["41", "44", "5", "9"] and len(model["bias"]) == 4
    pairs = model["keys"]["phone"]
    weights = dict(zip(pairs[::2], pairs[1::2]))
    assert all(isinstance(w, int) and abs(w) >= learned.PRUNE for w in weights.values())
    assert max(weights, key=weights.get) == model["rules"].index("5")
    # keys seen in MIN_COUNT questions or fewer are left out
    assert "call" not in model["keys"] and "rare" not in model["keys"] and "single" in model["keys"]


def test_keys_that_always_come_together_count_once():
    """Four keys every question of rule 7 holds together are not four times the evidence: a long
    question full of one rule's usual words must not make the evidence sure of that rule and blind to
    the one word that names another (naive Bayes, counting each as new evidence, gave rule 8 a
    millionth of rule 7's score here)."""
    examples = [(["a1", "a2", "a3", "a4"], ["7"])] * 6 + [(["b"], ["8"])] * 6 + [(["c"], ["9"])] * 6
    model = learned.train(examples)
    found = learned.evidence(model, ["a1", "a2", "a3", "a4", "b"])
    assert set(found) >= {"7", "8"} and found["8"] > 0.1 * found["7"]
    assert found.get("9", 0.0) < 0.5 * found["8"]


def test_which_word_went_with_which_action_counts():
    """A dispute turns on the order of its words: "said all-in, then put in" is about what was said,
    "put in, then said all-in" about what was put in. The keys alone are the same set; the pairs of
    neighbouring keys tell the two apart."""
    examples = [(["said", "allin", "then", "put"], ["40"])] * 8 + [(["put", "allin", "then", "said"], ["41"])] * 8
    model = learned.train(examples)
    said, put = learned.evidence(model, ["said", "allin", "then", "put"]), learned.evidence(model, ["put", "allin", "then", "said"])
    assert max(said, key=said.get) == "40" and said.get("41", 0.0) < 0.5 * said["40"]
    assert max(put, key=put.get) == "41" and put.get("40", 0.0) < 0.5 * put["41"]


PAIRS = [
    (["said", "allin", "put"], ["said+allin", "allin+put"]),
    (["庄家", "翻", "card", "show"], ["card+show"]),         # Chinese keys are character pairs already
    (["bet", "下注", "call"], []),                            # a Chinese key between breaks the pair
    (["said", "call", learned.QUOTED_KEY], ["said+call"]),    # a key of the whole question: no pair
    ([], []),
]


@pytest.mark.parametrize("keys, pairs", PAIRS)
def test_pairs_of_neighbouring_keys(keys, pairs):
    assert learned.with_pairs(keys) == keys + pairs


@needs_node
def test_the_browser_makes_the_same_pairs():
    got = run_in_node("""import { withPairs } from %s;
process.stdout.write(JSON.stringify(JSON.parse(input).map(withPairs)));""", ["learned.js"], [keys for keys, _ in PAIRS])
    assert got == [keys + pairs for keys, pairs in PAIRS]


QUOTES = [
    ("ru", "место 6 говорит «колл» и сразу двигает 4000", True), ("en", 'he said "call" and pushed 4000', True),
    ("en", "he said “all in” then took it back", True), ("en", "dealer said ‘time’ on me", True),
    ("zh-Hant", "他說「跟注」然後推了4000", True), ("zh-Hans", "他喊了『全下』又反悔", True),
    ("ru", "он сказал „рейз“ и поставил", True),
    ("en", "the dealer's button didn't move", False), ("en", 'a 10" tablet on the table', False),
    ("ru", "дилер сказал колл", False), ("zh-Hans", "他说跟注", False),
]


@pytest.fixture(scope="module")
def vocabularies(rulebook):
    return {lang: Vocabulary(situations.prepare(rulebook.situations, lang, t2s)) for lang in {lg for lg, _, _ in QUOTES}}


def folded(lang: str, q: str) -> str:
    return t2s(fold(q)) if lang.startswith("zh") else fold(q)


@pytest.mark.parametrize("lang, q, quoted", QUOTES)
def test_a_question_that_quotes_what_was_said_has_one_more_key(vocabularies, lang, q, quoted):
    """Disputes over a declaration quote the words said: the model reads that as a key of its own."""
    keys = situations.query_keys(q, lang, vocabularies[lang], t2s)
    assert (keys[-1] == learned.QUOTED_KEY) is quoted and keys.count(learned.QUOTED_KEY) == int(quoted)


@needs_node
def test_the_browser_reads_the_same_quotes(vocabularies, query_env):
    cases = [{"lang": lang, "text": folded(lang, q)} for lang, q, _ in QUOTES]
    got = run_in_node("""import { prepareData } from %s;
import { queryKeys } from %s;
const { data, cases } = JSON.parse(input);
const prepared = Object.fromEntries(Object.entries(data).map(([lang, d]) => [lang, prepareData(d)]));
process.stdout.write(JSON.stringify(cases.map(({ lang, text }) => queryKeys(text, lang, prepared[lang].situations))));""",
                      ["understanding.js", "situations.js"],
                      {"data": {lang: query_env["data"][lang] for lang in vocabularies}, "cases": cases})
    assert got == [situations.query_keys(q, lang, vocabularies[lang], t2s) for lang, q, _ in QUOTES]


def test_a_rule_asked_about_less_is_not_outweighed_by_its_share_alone():
    """Rules are weighed alike, not by how many training questions each has: when the same words ask
    about a rule six questions name and about one two name, the evidence does not tell them apart by
    that count (unbalanced, the common rule took ~5 times the rare one's evidence)."""
    examples = [(["stack", "count"], ["60"])] * 6 + [(["stack", "count"], ["25"])] * 2 + [(["phone"], ["5"])] * 4
    found = learned.evidence(learned.train(examples), ["stack", "count"])
    assert found["25"] > 0.9 * found["60"] and found.get("5", 0.0) < 0.5 * found["25"]


def test_a_key_every_rule_shares_earns_no_weight():
    examples = [([key, "dealer"], [rule]) for rule, key in (("5", "phone"), ("44", "chip"), ("9", "clock")) for _ in range(4)]
    model = learned.train(examples)
    assert "dealer" not in model["keys"] and "phone" in model["keys"]


def test_two_rules_are_told_apart():
    model = learned.train([(["phone"], ["5"])] * 4 + [(["chip"], ["44"])] * 4)
    chip, phone = learned.evidence(model, ["chip"]), learned.evidence(model, ["phone"])
    assert chip["44"] == phone["5"] == learned.WEIGHT
    assert chip.get("5", 0.0) < 0.5 * learned.WEIGHT and phone.get("44", 0.0) < 0.5 * learned.WEIGHT


def test_evidence_points_to_the_rule_whose_questions_share_the_keys(model):
    found = learned.evidence(model, ["my", "phone", "rang"])
    assert max(found, key=found.get) == "5" and found["5"] == learned.WEIGHT
    single = learned.evidence(model, ["single", "chip"])
    assert set(sorted(single, key=single.get)[-2:]) == {"44", "41"}       # the two rules those questions name
    assert found.get("44", 0.0) < 0.5 * learned.WEIGHT
    assert len(single) <= learned.TOP and all(0 < v <= learned.WEIGHT for v in single.values())


def test_the_fit_runs_on_one_thread(monkeypatch):
    """The fit's matrix products are small: on BLAS's threads (one per core) they cost twice the CPU in
    the same wall time, taken from the pages the build renders beside the index."""
    from sklearn.linear_model import LogisticRegression
    from threadpoolctl import threadpool_info
    threads = []
    fit = LogisticRegression.fit
    monkeypatch.setattr(LogisticRegression, "fit", lambda self, *a, **k: threads.append(
        [pool["num_threads"] for pool in threadpool_info()]) or fit(self, *a, **k))
    learned.train(EXAMPLES)
    assert threads and all(n == 1 for n in threads[0]), threads


def test_a_model_trained_again_gives_the_same_evidence(model):
    """A model trained again from the same questions (the build after an edit) gives the same
    evidence, float for float."""
    first = learned.evidence(model, ["my", "phone", "rang"])
    assert learned.evidence(learned.train(EXAMPLES), ["my", "phone", "rang"]) == first


def test_no_known_key_no_evidence(model):
    assert learned.evidence(model, ["unknown", "words"]) == {}
    assert learned.evidence(None, ["phone"]) == {}
    assert learned.evidence(model, []) == {}


def test_evidence_is_added_to_what_the_vocabulary_found(model):
    vocabulary = Vocabulary({"entries": [], "weights": {}, "framing": [], "en_framing": []})
    assert learned.situation_scores(["phone"], vocabulary, model) == learned.evidence(model, ["phone"])


class Tracked(dict):
    """A dict that can be weakly referenced (a plain one cannot): meta.json read into these."""


def test_a_closed_engine_leaves_nothing_of_its_index_behind(index_dir, monkeypatch):
    """What the engine derives from an index (phrase postings, concept tables, the learned model)
    lives on the engine: the editing loop and the server reopen the index often, and a cache beside
    them grew by one index's data each time."""
    import gc
    import json
    import weakref

    from tdarules.search import query
    monkeypatch.setattr(json, "loads", functools.partial(json.loads, object_hook=Tracked))
    engine = query.Engine(index_dir)
    for lang in engine.languages():
        assert engine.search("the dealer exposed my card by accident", lang, 5)   # every table made
    data = [engine.meta["understanding"][lang][part] for lang in engine.languages() for part in ("situations", "learned")]
    gone = [weakref.ref(d) for d in data]
    del engine, data
    gc.collect()
    assert [ref() is None for ref in gone] == [True] * len(gone)


def test_the_rule_texts_are_learned_from_too(rulebook, monkeypatch):
    """A word only a rule's own text uses (in its title, its parts, its examples) points to that rule,
    though no tuning question holds it. (Trained on 400 of the tuning questions: the rule texts are
    what is under test, and the whole set takes ~8 s to fit.)"""
    from tdarules.search import index, situations
    lang = "en"
    understood = index.query_understanding(rulebook, lang)
    some = tuple(case for case in evaluate.tuning_cases() if case.lang == lang)[:400]
    monkeypatch.setattr(evaluate, "tuning_cases", lambda: some)
    docs = [index.Doc(f"99-{part}", "99", "rule", "Quibbleshanks", f"quibbleshanks {part} chips", "/en/rules/99/")
            for part in "ABCD"]
    model = index.learned_model(lang, understood["situations"], understood["typos"], docs)
    keys = situations.query_keys("quibbleshanks", lang, situations.Vocabulary(understood["situations"]), index.t2s)
    found = learned.evidence(model, keys)
    assert max(found, key=found.get) == "99"
    assert "99" not in learned.evidence(understood["learned"], keys)


def test_the_two_chinese_sites_fit_one_model(rulebook, monkeypatch):
    """zh-Hant and zh-Hans learn from the same questions and from texts that fold to the same keys: the
    build fits their model once (a fit of the whole set takes ~4 s of CPU), and fits again for other
    examples. (On 300 of the tuning questions: the reuse is under test, not the model.)"""
    from tdarules.search import index
    some = tuple(case for case in evaluate.tuning_cases() if case.lang.startswith("zh"))[:300]
    monkeypatch.setattr(evaluate, "tuning_cases", lambda: some)
    fits = []
    monkeypatch.setattr(learned, "train", lambda examples, fit=learned.train: fits.append(examples) or fit(examples))
    models = {}
    for lang in ("zh-Hant", "zh-Hans"):
        understood = index.query_understanding(rulebook, lang)
        docs = index.documents(rulebook.edition(lang), rulebook.glossary)
        models[lang] = index.learned_model(lang, understood["situations"], understood["typos"], docs)
    assert len(fits) == 1 and models["zh-Hant"] == models["zh-Hans"]
    index.learned_model("zh-Hans", understood["situations"], understood["typos"], docs[1:])
    assert len(fits) == 2


def test_learns_from_tuning_batches_only():
    """Never from a held-out batch: the figures that count are measured on questions it never saw.
    Training data lives apart from the tests (rulebook/training); every held-out batch, those to come
    included, is one of tests/search/questions*.yaml."""
    held_out_files = {evaluate.QUESTIONS, evaluate.FRESH, *evaluate.unseen_batches()}
    assert all(path.parent == evaluate.TRAINING for path in evaluate.TUNING)
    assert not held_out_files & set(evaluate.TUNING) and len(held_out_files) > 12


def _folded_held_out() -> dict:
    """Every held-out question of every batch, as the engine compares texts (evaluate.same_text:
    NFKC, case, punctuation and spacing, Traditional → Simplified under one Chinese label)."""
    return {evaluate.same_text(c.lang, c.q): c for c in evaluate.held_out_cases()}


def test_no_training_question_is_a_held_out_one_in_another_spelling():
    held = _folded_held_out()
    tuning = evaluate.tuning_cases()
    assert len(held) > 3000 and len(tuning) > 5000
    same = [(c.lang, c.q, held[k].q) for c in tuning if (k := evaluate.same_text(c.lang, c.q)) in held]
    assert not same
    # the folding is the engine's: case, width, punctuation and the Chinese script are all one text
    assert evaluate.same_text("zh-Hant", "第40條？") == evaluate.same_text("zh-Hans", "第40条") == ("zh", "第40条")
    assert evaluate.same_text("en", "String-bet!") == evaluate.same_text("en", "string  bet") == ("en", "string bet")


def test_no_situation_sentence_is_a_held_out_question(rulebook):
    """The vocabulary holds the rules' terms ("string bet"), which every query set repeats, but never a
    sentence a held-out batch asks (evaluate.is_sentence)."""
    held = _folded_held_out()
    found = []
    for situation in rulebook.situations.situations:
        for lang in ("en", "zh-Hant", "zh-Hans", "ru"):
            for phrase in situation.words(lang):
                if evaluate.is_sentence(lang, phrase) and evaluate.same_text(lang, phrase) in held:
                    found.append((situation.rules, lang, phrase))
    assert not found
    assert evaluate.is_sentence("en", "can I bet with my bounty chip") and not evaluate.is_sentence("en", "string bet")
    assert evaluate.is_sentence("zh-Hant", "用賞金籌碼下注") and not evaluate.is_sentence("zh-Hant", "大盲前注")


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
