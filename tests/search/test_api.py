"""GET /api/search over real HTTP (uvicorn on 127.0.0.1, free port)."""
import concurrent.futures
import urllib.parse
from pathlib import Path

import httpx
import pytest


def get(server_url, raw_query: str) -> httpx.Response:
    # raw_query is sent as written (percent-escapes included), so invalid UTF-8 reaches the server
    return httpx.get(f"{server_url}/api/search?{raw_query}", timeout=10)


def qs(**params) -> str:
    return urllib.parse.urlencode(params)


@pytest.mark.parametrize("params, rule", [
    (dict(q="min raise", lang="en"), "43"), (dict(q="43b", lang="en"), "43"), (dict(q="最低加注", lang="zh-Hant"), "43"),
    (dict(q="标准加注值", lang="zh-Hant"), "43"), (dict(q="правило 43", lang="ru"), "43"), (dict(q="RP-5", lang="zh-Hans"), "RP-5"),
    (dict(q="2017 rule 46", lang="en"), "43"),
])
def test_good_queries(server_url, params, rule):
    response = get(server_url, qs(**params, limit=5))
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("application/json")
    hits = response.json()["hits"]
    assert 1 <= len(hits) <= 5
    assert rule in [h["rule"] for h in hits[:3]]
    for hit in hits:
        assert set(hit) >= {"id", "rule", "title", "url", "snippet", "score"}
        assert hit["url"].startswith(f"/{params['lang']}/")


def test_part_hit_shape(server_url):
    hit = get(server_url, qs(q="43b", lang="en", limit=1)).json()["hits"][0]
    assert hit["id"] == "43-B" and hit["rule"] == "43" and hit["url"] == "/en/rules/43/#43-B"
    assert isinstance(hit["score"], float)


def test_default_language_and_limit(server_url):
    response = get(server_url, qs(q="raise"))
    assert response.status_code == 200 and 1 <= len(response.json()["hits"]) <= 10


@pytest.mark.parametrize("raw", [
    "", "q=", "q=%20%20%20", "q=" + "a" * 1001, "q=raise&lang=fr", "q=raise&lang=", "q=%00raise",
    "q=a%1Bb", "q=%FF%FE", "q=%C3%28", "lang=%FF&q=raise",
    "q=raise&limit=abc", "q=raise&limit=0", "q=raise&limit=1000", "q=raise&limit=-1", "q=a&q=b", "q=...",
    "q=%ED%A0%80",      # an encoded surrogate: invalid UTF-8
])
def test_bad_input_is_400_json(server_url, raw):
    response = get(server_url, raw)
    assert response.status_code == 400, response.text
    body = response.json()
    assert set(body) == {"error"} and body["error"]


@pytest.mark.parametrize("raw", ["q=raise*", "q=%7Ba%20TO%20z%7D%20raise", "q=%3Cscript%3Eraise", "q=bet%20~5k%20-%3E%20call"])
def test_other_engines_syntax_is_read_not_refused(server_url, raw):
    response = get(server_url, raw + "&lang=en")
    assert response.status_code == 200, response.text
    assert response.json()["hits"]


def test_index_files_are_not_served(server_url):
    assert httpx.get(f"{server_url}/search-index/meta.json").status_code == 404


def test_site_is_served(server_url):
    response = httpx.get(f"{server_url}/en/")
    assert response.status_code == 200 and "<html" in response.text


def test_concurrent_requests_all_succeed(server_url):
    queries = ["min raise", "最低加注", "правило 43", "string bet", "有效动作", "мёртвая кнопка", "OOT", "43b"]
    langs = ["en", "zh-Hant", "ru", "ru", "zh-Hans", "ru", "zh-Hant", "en"]

    def one(i):
        response = get(server_url, qs(q=queries[i % 8], lang=langs[i % 8], limit=10))
        return response.status_code, len(response.json()["hits"])

    with concurrent.futures.ThreadPoolExecutor(16) as pool:
        results = list(pool.map(one, range(400)))
    assert all(status == 200 and n > 0 for status, n in results)


def test_api_reports_a_corrected_query(server_url):
    import httpx
    body = httpx.get(f"{server_url}/api/search", params={"q": "misdael", "lang": "en"}).json()
    assert body["corrected"] == "misdeal"
    assert body["hits"][0]["rule"] == "35"
    assert "corrected" not in httpx.get(f"{server_url}/api/search", params={"q": "misdeal", "lang": "en"}).json()


@pytest.mark.parametrize("language", ["en", "zh-Hant", "zh-Hans", "ru"])
def test_the_api_page_states_the_real_length_limit(language):
    """The API page in each language says how long a query may be: the limit the API enforces."""
    from tdarules.search.query import MAX_QUERY
    page = (Path(__file__).resolve().parents[2] / "docs" / f"api.{language}.md").read_text(encoding="utf-8")
    row = next(line for line in page.splitlines() if line.startswith("| `q` |"))
    assert f"1–{MAX_QUERY} " in row
