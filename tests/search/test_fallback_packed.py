"""tda-query.<lang>.json ships situation phrases as text and leaves out what the browser can recompute
(static_index.packed); understanding.prepareData, run in Node, must give back exactly the data the
API's side reads (index.query_understanding), key for key and weight for weight."""
from __future__ import annotations

import json


from node_module import needs_node, run_in_node

LANGS = ("en", "zh-Hant", "zh-Hans", "ru")
pytestmark = needs_node

RUNNER = """
import { prepareData } from %s;
const out = {};
for (const [lang, data] of Object.entries(JSON.parse(input))) out[lang] = prepareData(data);
process.stdout.write(JSON.stringify(out));
"""


def prepared_in_node(payload: dict) -> dict:
    return run_in_node(RUNNER, ["understanding.js"], payload)


def test_node_unpacks_the_shipped_data_to_the_apis(rulebook, tmp_path):
    from tdarules.search.static_index import query_data, write_query_data
    write_query_data(rulebook, tmp_path)
    shipped = {lang: json.loads((tmp_path / f"tda-query.{lang}.json").read_text(encoding="utf-8")) for lang in LANGS}
    for lang, data in shipped.items():                    # packed, or this test proves nothing
        assert data["packed"] and "entries" not in data["situations"] and "weights" not in data["situations"], lang
    assert shipped["zh-Hant"]["typos"]["packed"]
    full = {lang: query_data(rulebook, lang) for lang in LANGS}
    got = prepared_in_node(shipped)
    for lang in LANGS:
        want = full[lang]
        assert got[lang]["situations"]["entries"] == want["situations"]["entries"], lang
        assert got[lang]["situations"]["weights"] == want["situations"]["weights"], lang
        assert got[lang]["typos"] == want["typos"], lang
        assert got[lang] == want, lang


def test_data_in_the_full_form_is_left_as_it_is(rulebook):
    from tdarules.search.static_index import query_data
    full = {lang: query_data(rulebook, lang) for lang in ("en", "zh-Hant")}
    assert prepared_in_node(full) == full


def test_a_changed_prepare_ships_the_keys(rulebook, monkeypatch):
    """If situations.prepare no longer gives the keys of the YAML's phrases, the file ships the keys."""
    from tdarules.search import static_index
    data = static_index.query_data(rulebook, "en")
    data["situations"]["entries"][0][1][0] = ["not", "these", "keys"]
    assert static_index.packed(rulebook, "en", data) is data
