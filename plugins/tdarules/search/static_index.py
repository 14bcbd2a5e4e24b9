"""The static fallback: a Pagefind index in ``site/pagefind/`` for when /api/search is absent
(plain files, offline phone).

Records are added with Pagefind's Python API from the same documents as the Whoosh index (rule,
part, example, glossary entry), not by crawling HTML: each result then links to its part anchor,
exactly like the API's hits, and the page chrome (navigation, header) never pollutes the index.
Pagefind writes one index per language, loaded in small chunks.

Chinese: both Chinese sites search Simplified text. Records for zh-Hant hold the t2s-folded text
(the URL and title stay Traditional; the original text travels in ``meta.orig`` so the search box can
show the excerpt in Traditional characters); ``pagefind/t2s.json`` maps the Traditional characters of
the corpus to Simplified, and the search box folds the query with it before asking Pagefind.
Chinese records are indexed character by character: a zero-width space between adjacent CJK
characters makes Pagefind's indexer keep each character a word, and query.js spaces out the
query's characters the same way. Otherwise the indexer's segmentation and the browser's
(Intl.Segmenter) disagree, and whole words like 最低加注 or 全场同步 found nothing. Pagefind's
excerpts leave the zero-width spaces out.

Query understanding: Pagefind only matches words, so ``pagefind/tda-query.<lang>.json`` (one small
file per site language, see :func:`query_data`) carries what ``docs/assets/search/query.js`` needs to
do in the browser what :mod:`tdarules.search.query` does on the server: jump to a rule or part named
by number (2017 numbers through the renumbering) and expand glossary terms and abbreviations typed in
any language into the site language's renderings.
"""
from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path

from ..model import ALL_LANGUAGES
from .analyzers import CJK, HAS_CJK, t2s
from .index import documents, glossary_keys, query_understanding

PAGEFIND_LANG = {"en": "en", "ru": "ru", "zh-Hant": "zh-hant", "zh-Hans": "zh-hans"}
ZWSP = "\u200b"
_BETWEEN_CJK = re.compile(f"(?<=[{CJK}])(?=[{CJK}])")


def cjk_chars(text: str) -> str:
    """A zero-width space between adjacent CJK characters: one Pagefind word per character."""
    return _BETWEEN_CJK.sub(ZWSP, text)


def records(rulebook):
    for lang in ALL_LANGUAGES:
        try:
            edition = rulebook.edition(lang)
        except KeyError:
            continue
        for doc in documents(edition, rulebook.glossary):
            text = f"{doc.title}\n{doc.body}" if doc.body else doc.title
            meta = {"title": doc.title, "id": doc.id, "rule": doc.rule, "kind": doc.kind}
            if lang == "zh-Hant":
                meta["orig"] = text
                text = t2s(text)
            if lang.startswith("zh"):
                text = cjk_chars(text)
            yield dict(url=doc.url, content=text, language=PAGEFIND_LANG[lang], meta=meta)


def t2s_map(rulebook) -> dict[str, str]:
    chars = set()
    for lang in ("zh-Hant",):
        for doc in documents(rulebook.edition(lang), rulebook.glossary):
            chars.update(c for c in doc.title + doc.body if HAS_CJK.match(c))
    # also common Traditional characters of poker words people type (from the glossary)
    for term in rulebook.glossary:
        for word in term.zh_hant:
            chars.update(c for c in word if HAS_CJK.match(c))
    # and those of the situation vocabulary and question framing (嗎, 誰, 講電話…)
    vocabulary = rulebook.situations
    for text in [p for s in vocabulary.situations for p in s.zh_hant] + list(vocabulary.framing_for("zh-Hant")):
        chars.update(c for c in text if HAS_CJK.match(c))
    return {c: s for c in sorted(chars) if (s := t2s(c)) != c}


def query_data(rulebook, lang: str) -> dict:
    """The static data query.js needs on the ``lang`` site (kept small: no rule text).

    ``cjk``: "chars" when the records hold Chinese one character a word (see :func:`cjk_chars`);
    ``rules``: [id, title, url, part letters] in reading order; ``renumbering``: 2017 id → 2024 id
    (null when dropped); ``glossary``: [keys, renderings, id, shown, rule] per term, keys folded like Whoosh's
    (every language, abbreviations, the id; Chinese in Simplified), renderings in ``lang`` (zh-Hant:
    Simplified-folded too, as the records are), the rendering shown (as written) and the rule that
    defines it (for "did you mean" and a glossary-first hit); ``situations`` and ``typos``: the same query
    understanding data the API reads from meta.json (:func:`.index.query_understanding`).
    """
    from .. import urls
    edition = rulebook.edition(lang)
    rules = [[r.id, r.title.text, urls.rule_url(lang, r.id), "".join(r.parts)] for r in edition.all_rules()]
    glossary = []
    for term, entry in zip(rulebook.glossary, glossary_keys(rulebook.glossary)):
        names = entry["renderings"]["zh-Hans" if lang == "zh-Hant" else lang]
        keys = sorted(entry["keys"], key=lambda k: (-len(k), k))     # a set's order varies per process
        shown = entry["renderings"][lang] or names
        glossary.append([keys, list(dict.fromkeys(names)), entry["id"], shown[0] if shown else entry["id"],
                         term.rules[0] if term.rules else ""])
    return {"lang": lang, "cjk": "chars" if lang.startswith("zh") else "", "renumbering": {r.old: r.new for r in rulebook.renumbering},
            "rules": rules, "glossary": glossary, **query_understanding(rulebook, lang)}


def write_query_data(rulebook, out: Path) -> dict[str, tuple[int, int]]:
    """Write ``tda-query.<lang>.json`` for every language; return {lang: (bytes, gzip bytes)}."""
    import gzip
    sizes = {}
    for lang in ALL_LANGUAGES:
        try:
            data = query_data(rulebook, lang)
        except KeyError:
            continue
        raw = json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
        (out / f"tda-query.{lang}.json").write_bytes(raw)
        sizes[lang] = (len(raw), len(gzip.compress(raw, 9)))
    return sizes


def _without_poll_delay():
    """pagefind 1.5.2's Python service sleeps 100 ms before reading each response (over two minutes for
    our ~1,300 records) although the read itself waits for data. Give its module an asyncio whose
    sleep only yields; nothing else changes."""
    import types

    from pagefind import service
    if getattr(service.asyncio, "_tda_no_poll_delay", False):
        return
    proxy = types.SimpleNamespace(**{name: getattr(asyncio, name) for name in dir(asyncio) if not name.startswith("__")})
    proxy.sleep = lambda _delay, result=None: asyncio.sleep(0, result)
    proxy._tda_no_poll_delay = True
    service.asyncio = proxy


def _complete(out: Path) -> bool:
    entry = out / "pagefind-entry.json"
    return entry.exists() and entry.stat().st_size > 0 and (out / "pagefind.js").stat().st_size > 0


async def _build(rulebook, out: Path) -> int:
    import tempfile

    from pagefind.index import IndexConfig, PagefindIndex
    _without_poll_delay()
    # pagefind 1.5.2's context manager writes the files again on exit, then terminates the service.
    # That second write goes to a scratch directory, so `out` holds only the write we awaited.
    # (get_files() would avoid it, but its one huge response overruns the service's 64 KiB read
    # buffer and the call never returns.)
    with tempfile.TemporaryDirectory(prefix="pagefind-") as scratch:
        async with PagefindIndex(config=IndexConfig(output_path=scratch)) as index:
            batch = list(records(rulebook))
            for start in range(0, len(batch), 200):     # one round trip per record is slow; overlap them
                await asyncio.gather(*(index.add_custom_record(**r) for r in batch[start:start + 200]))
            await index.write_files(output_path=str(out))
    return len(batch)


def build_pagefind(site_dir: Path | str, rulebook=None) -> int:
    """Write ``site_dir/pagefind/`` (with t2s.json and tda-query.<lang>.json); return the number of records."""
    site_dir = Path(site_dir)
    if rulebook is None:
        from ..loader import load_rulebook
        rulebook = load_rulebook(Path(__file__).resolve().parents[3])
    out = site_dir / "pagefind"
    count = asyncio.run(_build(rulebook, out))
    if not _complete(out):
        # seen under load (2 cores, parallel builds) before the exit write went to a scratch directory:
        # pagefind-entry.json and the UI scripts empty, the fallback search broken. Once more.
        count = asyncio.run(_build(rulebook, out))
        if not _complete(out):
            raise RuntimeError(f"pagefind wrote empty files into {out}")
    (out / "t2s.json").write_text(json.dumps(t2s_map(rulebook), ensure_ascii=False, separators=(",", ":")),
                                  encoding="utf-8")
    write_query_data(rulebook, out)
    return count
