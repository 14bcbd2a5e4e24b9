"""The server as a hostile client meets it, over real HTTP on 127.0.0.1."""
from __future__ import annotations

import hashlib
import logging
import socket
import time
from urllib.parse import urlsplit

import httpx
import pytest

from tdarules.search import query, spec
from tdarules.search.server import create_app


def raw_request(base: str, request: bytes, chunk: int = 65536) -> bytes:
    """Send bytes as written (no client-side URL normalisation) and read the whole answer."""
    parts = urlsplit(base)
    with socket.create_connection((parts.hostname, parts.port), timeout=10) as sock:
        try:
            for start in range(0, len(request), chunk):
                sock.sendall(request[start:start + chunk])
        except (BrokenPipeError, ConnectionResetError):
            pass                                   # the server may answer before reading everything
        data = b""
        try:
            while True:
                got = sock.recv(65536)
                if not got:
                    break
                data += got
        except (ConnectionResetError, socket.timeout):
            pass
    return data


def status_of(response: bytes) -> int:
    return int(response.split(b" ", 2)[1])


@pytest.mark.parametrize("limit", ["%C2%B2", "%D9%A3", "%EF%BC%95", "+5", "5%20", "0x5", "1e1", "05%00"])
def test_limit_takes_ascii_digits_only(server_url, limit):
    response = httpx.get(f"{server_url}/api/search?q=raise&limit={limit}")
    assert response.status_code == 400 and "limit" in response.json()["error"]


def test_unknown_parameter_is_refused(server_url):
    response = httpx.get(f"{server_url}/api/search?q=raise&debug=1")
    assert response.status_code == 400 and "debug" in response.json()["error"]


def test_unknown_host_is_refused(server_url):
    response = httpx.get(f"{server_url}/en", headers={"Host": "evil.example"})
    assert response.status_code == 400
    assert "evil.example" not in response.text and "location" not in response.headers


def test_redirect_never_echoes_the_host(server_url):
    response = httpx.get(f"{server_url}/en", follow_redirects=False)
    assert response.status_code in (301, 302, 307, 308)
    assert response.headers["location"] == "/en/"
    raw = raw_request(server_url, b"GET //en HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
    location = [l for l in raw.split(b"\r\n") if l.lower().startswith(b"location:")]
    assert all(not l.split(b":", 1)[1].strip().startswith(b"//") for l in location), location


@pytest.mark.parametrize("path", [b"/search-index/meta.json", b"//search-index/meta.json", b"/./search-index/meta.json",
                                  b"/en/../search-index/meta.json", b"/%2e/search-index/meta.json",
                                  b"/en/%2e%2e/search-index/meta.json", b"/../build/search-index/meta.json",
                                  b"/%2e%2e/%2e%2e/build/search-index/meta.json", b"/..%2fbuild/search-index/meta.json"])
def test_index_is_unreachable_by_any_spelling(server_url, index_dir, path):
    raw = raw_request(server_url, b"GET " + path + b" HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
    assert status_of(raw) in (400, 404), raw[:200]
    assert b'"renumbering"' not in raw and b"glossary" not in raw


def test_huge_header_gets_431(server_url):
    request = (b"GET /en/ HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: " + b"a" * (1 << 20) + b"\r\nConnection: close\r\n\r\n")
    raw = raw_request(server_url, request)
    assert raw.startswith(b"HTTP/1.1 431 "), raw[:200]
    assert httpx.get(f"{server_url}/en/").status_code == 200        # the server is still fine


def test_security_headers_on_pages_api_and_errors(server_url):
    for path in ("/en/", "/api/search?q=raise", "/api/search?q=", "/nope/"):
        headers = httpx.get(server_url + path).headers
        csp = headers["content-security-policy"]
        assert "default-src 'self'" in csp and "frame-ancestors 'none'" in csp, path
        assert "http:" not in csp and "https:" not in csp and "*" not in csp
        script = next(d for d in csp.split("; ") if d.startswith("script-src"))
        assert "'unsafe-inline'" not in script and "'unsafe-eval'" not in script
        assert headers["x-content-type-options"] == "nosniff"
        assert headers["referrer-policy"] == "strict-origin-when-cross-origin"


def test_csp_hashes_the_sites_inline_scripts(tmp_path):
    import base64
    from tdarules.search.security import content_security_policy
    (tmp_path / "a.html").write_text('<script>var a=1</script><script type="application/json">{"x":1}</script>'
                                     '<script src="x.js"></script>', encoding="utf-8")
    digest = base64.b64encode(hashlib.sha256(b"var a=1").digest()).decode()
    policy = content_security_policy(tmp_path)
    script = next(d for d in policy.split("; ") if d.startswith("script-src"))
    assert script == f"script-src 'self' 'wasm-unsafe-eval' 'sha256-{digest}'"


def test_bodies_and_other_methods_are_refused(server_url):
    assert httpx.post(f"{server_url}/api/search?q=raise", content=b"x" * 10).status_code in (405, 413)
    assert httpx.request("PUT", f"{server_url}/en/").status_code == 405
    response = httpx.request("GET", f"{server_url}/en/", content=b"x" * 100_000)
    assert response.status_code == 413


def test_healthz_names_the_index_build(server_url, index_dir):
    response = httpx.get(f"{server_url}/healthz")
    assert response.status_code == 200
    body = response.json()
    meta = (index_dir / "meta.json").read_bytes()
    assert body["status"] == "ok" and body["index"]["build"] == hashlib.sha256(meta).hexdigest()[:16]
    assert set(body["index"]["languages"]) == {"en", "zh-Hant", "zh-Hans", "ru"}


def test_healthz_without_an_index_is_503(start_server, site_dir, tmp_path):
    url = start_server(create_app(site_dir, tmp_path / "nothing"))
    assert httpx.get(f"{url}/healthz").status_code == 503
    assert httpx.get(f"{url}/api/search?q=raise").status_code == 503


def test_rate_limit_answers_429_with_retry_after(start_server, site_dir, index_dir):
    url = start_server(create_app(site_dir, index_dir, rate=2))
    with httpx.Client(base_url=url) as client:
        statuses = [client.get("/api/search?q=43").status_code for _ in range(60)]
        limited = client.get("/api/search?q=43")
        page = client.get("/en/")
    assert statuses.count(200) >= 40 and 429 in statuses          # the burst passes, then the limit bites
    assert limited.status_code == 429 and int(limited.headers["retry-after"]) >= 1
    assert page.status_code == 200                                 # pages are never rate-limited


def test_one_access_log_line_per_request(server_url, caplog):
    import uuid
    probe = uuid.uuid4().hex                   # other tests' late lines must not count
    mine = lambda: [r.getMessage() for r in caplog.records if r.name == "tdarules.access" and probe in r.getMessage()]
    with caplog.at_level(logging.INFO, logger="tdarules.access"):
        httpx.get(f"{server_url}/en/?{probe}")
        httpx.get(f"{server_url}/api/search?q=%1Bevil&lang=en&{probe}")
        deadline = time.monotonic() + 5        # the line is written just after the last byte is sent
        while time.monotonic() < deadline and len(mine()) < 2:
            time.sleep(0.05)
        time.sleep(0.1)
    lines = sorted(mine(), key=lambda line: "/api/" in line)
    assert len(lines) == 2, lines
    assert f'"GET /en/?{probe}" 200' in lines[0]
    assert "\x1b" not in lines[1] and f'"GET /api/search?q=%1Bevil&lang=en&{probe}" 400' in lines[1]


def test_a_flood_of_429s_writes_a_line_per_interval_not_per_request(start_server, site_dir, index_dir, caplog):
    """A client past its rate limit can make us answer 429 as fast as it sends: one line per client
    and interval, saying how many were left out, not one per refusal."""
    url = start_server(create_app(site_dir, index_dir, rate=1.0))
    with caplog.at_level(logging.INFO, logger="tdarules.access"):
        with httpx.Client(base_url=url) as client:
            statuses = [client.get("/api/search", params={"q": "43", "lang": "en"}).status_code for _ in range(200)]
        time.sleep(0.2)
    refused = [r.getMessage() for r in caplog.records if r.name == "tdarules.access" and '" 429 ' in r.getMessage()]
    assert statuses.count(429) > 150
    assert 1 <= len(refused) <= 2 and all(r.levelno < logging.WARNING for r in caplog.records if r.name == "tdarules.access")


def test_made_up_words_are_capped(index_dir, monkeypatch):
    """22 unknown words: at most MAX_FUZZY_WORDS of them are expanded, each to MAX_EXPANSIONS terms."""
    from tdarules.search.lexicon import Lexicon
    engine = query.engine(index_dir)
    calls = []
    original = Lexicon.within

    def counted(self, field, word, maxdist):
        calls.append(word)
        return original(self, field, word, maxdist)
    monkeypatch.setattr(Lexicon, "within", counted)
    words = " ".join(f"zq{chr(97 + i)}vrk{chr(97 + i)}" for i in range(22))      # 22 made-up words, 175 characters
    hits = engine.search(words, "en", 10)
    assert isinstance(hits, list)
    assert 0 < len(set(calls)) <= spec.MAX_FUZZY_WORDS


def test_fuzzy_neighbours_as_whoosh_finds_them(index_dir):
    """The lexicon's neighbours are Whoosh's terms_within's, in its order (first letter kept, plain edits)."""
    engine = query.engine(index_dir)
    for lang, words in {"en": ["misdael", "dealler", "buton", "rebuy", "stradle", "abandonned"],
                        "ru": ["фишкы", "дилир", "баттон", "мисдил"]}.items():
        reader = engine.language(lang).searcher().reader()
        for field in ("body", "title"):
            for word in words:
                for maxdist in (1, 2):
                    assert engine.language(lang).lexicon.within(field, word, maxdist) == \
                        list(reader.terms_within(field, word, maxdist, prefix=1)), (lang, field, word, maxdist)
    assert engine.language("en").lexicon.within("body", "misdael", 2), "a mistyped rule word must have neighbours"


def test_cpu_budget_stops_collecting(index_dir, monkeypatch):
    """With the budget spent, words nobody knows are neither corrected nor expanded by edit distance:
    typos that find the misdeal rule unhurried find nothing, and nothing raises."""
    words = "dealler misdael"
    full = query.Engine(index_dir).text_search(words, "en", 10)
    monkeypatch.setattr(query, "CPU_BUDGET", -1.0)
    spent = query.Engine(index_dir).text_search(words, "en", 10)
    assert any(hit.rule == "35" for hit in full) and spent == []


# Queries that cost seconds of CPU when a step ran outside the budget: made-up words (each compared
# with the whole vocabulary for "did you mean"), a keyboard-layout reading, a Chinese run.
COSTLY = {"en": "qzxwvjk plmnbvc wqxzjkv zzqxwvb kjhgfdz mnbvcxz lkjhgfq",
          "ru": "щшзхъэж жэъхзшщ ьбюжэхз ghjdthrf ecnfkjcnm",
          "zh-Hant": "鑫淼焱垚犇骉羴 燚鱻龘"}


@pytest.mark.parametrize("lang", sorted(COSTLY))
def test_one_deadline_covers_every_step_of_a_request(index_dir, monkeypatch, lang):
    """A request that reaches its deadline answers with what it has: once the budget is spent, no
    further correction, learned evidence, suggestion or highlighting is started."""
    from tdarules.search import learned, suggest, typos
    found = query.Engine(index_dir)
    found.warm()
    started = []
    for module, name in ((suggest, "nearest_word"), (suggest, "nearest_run"), (suggest, "nearest_term"),
                         (typos.Corrector, "word"), (typos.Corrector, "layout"), (typos.Corrector, "chinese"),
                         (learned, "evidence"), (query, "_spans")):
        original = getattr(module, name)
        monkeypatch.setattr(module, name, lambda *a, _o=original, _n=name, **k: started.append(_n) or _o(*a, **k))
    assert found.answer(COSTLY[lang], lang, 10) is not None
    assert started, "the spy sees the steps of an unhurried request"
    started.clear()
    monkeypatch.setattr(query, "CPU_BUDGET", -1.0)
    answer = found.answer(COSTLY[lang], lang, 10)
    assert started == [] and answer.suggestion is None


@pytest.mark.parametrize("lang", ["zh-Hant", "ru"])
def test_one_time_loading_is_not_charged_to_the_first_query(index_dir, monkeypatch, lang):
    """An engine opened on demand loads a language (its index, jieba's dictionary, stored fields)
    inside the first query: that query gets the same answer as the next one, not a cut one."""
    monkeypatch.setattr(query, "CPU_BUDGET", 0.03)
    text = {"zh-Hant": "荷官把我的底牌翻開了怎麼辦", "ru": "дилер случайно открыл мою карту"}[lang]
    fresh = query.Engine(index_dir)
    first = fresh.answer(text, lang, 10)
    again = fresh.answer(text, lang, 10)
    assert first.hits and [h.to_dict() for h in first.hits] == [h.to_dict() for h in again.hits]


@pytest.mark.parametrize("char,times", [("\ufdfa", 200), ("\ufdfb", 130), ("\u3390", 501)])
def test_length_limit_holds_after_normalisation(server_url, char, times):
    """NFKC turns one character into up to 18: the limit counts what the engine would read."""
    response = httpx.get(f"{server_url}/api/search", params={"q": char * times, "lang": "ru"})
    assert response.status_code == 400 and "normalised" in response.json()["error"]
    assert httpx.get(f"{server_url}/api/search", params={"q": char * 2 + " рейз", "lang": "ru"}).status_code == 200


def test_csp_follows_a_new_build(start_server, tmp_path, index_dir, monkeypatch):
    """A rebuilt site swapped in under a running server: the policy names the new inline scripts."""
    import base64
    import os
    from tdarules.search.server import SecurityHeaders
    monkeypatch.setattr(SecurityHeaders, "RECHECK_SECONDS", 0.0)
    site = tmp_path / "site"
    site.mkdir()
    (site / "index.html").write_text("<script>var old=1</script>", encoding="utf-8")
    url = start_server(create_app(site, index_dir))
    sha = lambda text: "'sha256-" + base64.b64encode(hashlib.sha256(text).digest()).decode() + "'"
    assert sha(b"var old=1") in httpx.get(f"{url}/").headers["content-security-policy"]
    new = tmp_path / ".site.new"
    new.mkdir()
    (new / "index.html").write_text("<script>var fresh=2</script>", encoding="utf-8")
    os.rename(site, tmp_path / ".site.old")
    os.rename(new, site)
    csp = httpx.get(f"{url}/").headers["content-security-policy"]
    assert sha(b"var fresh=2") in csp and sha(b"var old=1") not in csp
