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
by number (an older edition's numbers through its renumbering) and expand glossary terms and abbreviations typed in
any language into the site language's renderings.
"""
from __future__ import annotations

import asyncio
import json
import math
import re
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypedDict

from . import situations, spec
from ..editions import to_current
from ..model import ALL_LANGUAGES
from .analyzers import CJK, fold, t2s, t2s_table
from .index import KIND_BOOST, Doc, Understanding, documents, glossary_keys, query_understanding
from .suggest import Term
from .typos import LATIN_OR_CYRILLIC

if TYPE_CHECKING:
    from ..loader import Rulebook

PAGEFIND_LANG = {"en": "en", "ru": "ru", "zh-Hant": "zh-hant", "zh-Hans": "zh-hans"}
ZWSP = "\u200b"
_BETWEEN_CJK = spec.CJK_JUNCTION         # query.js spaces a query there too


def cjk_chars(text: str) -> str:
    """A zero-width space between adjacent CJK characters: one Pagefind word per character."""
    return _BETWEEN_CJK.sub(ZWSP, text)


class Record(TypedDict):
    """One Pagefind record: the keyword arguments of ``PagefindIndex.add_custom_record``."""
    url: str
    content: str
    language: str
    meta: dict[str, str]


def records(rulebook: Rulebook) -> Iterator[Record]:
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


def t2s_map(rulebook: Rulebook | None = None) -> dict[str, str]:
    """{Traditional character: Simplified}: the table search folds with (analyzers.t2s_table), for
    the fallback on a Chinese site only (~4,200 characters: 51 KB, 22 KB gzip)."""
    return {chr(code): s for code, s in t2s_table().items()}


def known_words(docs: Iterable[Doc], typo_words: list[str]) -> dict[str, object]:
    """The letter words (Latin, Cyrillic; folded) of the records, for known.js: Pagefind shortens a
    word it lacks until something matches ("chek" → player "c"), so the fallback keeps only words
    the records have. ``typos``: which of ``typo_words`` the records have, one bit each (base64,
    first word in the lowest bit of the first byte; those words are in the file already, and many
    of them only in the situation phrases); ``more``: the records' other words (3 letters or fewer,
    and all of them on the zh sites, whose typo data has no words)."""
    import base64
    words = {w for d in docs for w in LATIN_OR_CYRILLIC.findall(fold(f"{d.title}\n{d.body}"))}
    bits = bytearray((len(typo_words) + 7) // 8)
    for i, w in enumerate(typo_words):
        if w in words:
            bits[i // 8] |= 1 << (i % 8)
    return {"typos": base64.b64encode(bytes(bits)).decode("ascii"), "more": sorted(words - set(typo_words))}


class ShippedRule(TypedDict):
    """A rule in ``tda-query.<lang>.json`` (query.js's ShippedRule): enough to jump to it and its parts."""
    id: str
    title: str
    url: str
    parts: str                  # its part letters in order, "ABCD" ("" when it has none)


class ShippedTerm(Term):
    """A glossary term in ``tda-query.<lang>.json`` (query.js's ShippedTerm). ``keys`` and ``names``
    (:class:`.suggest.Term`, what "did you mean" reads on both sides): the folded keys, longest first
    (every language, abbreviations, the id; Chinese in Simplified), and the renderings in the site
    language (zh-Hant: Simplified-folded too, as the records are)."""
    id: str
    display: str                # the rendering shown (as written)
    rule: str                   # the rule that defines it, "" when none
    rules: list[str]            # all its rules (their text mentioning the term ranks higher)


class QueryData(Understanding):
    """:func:`query_data`: what the fallback reads (before :func:`packed`)."""
    lang: str
    cjk: str
    renumbering: dict[str, dict[str, str | None]]
    rules: list[ShippedRule]
    glossary: list[ShippedTerm]
    known: dict[str, object]
    kinds: dict[str, float]
    records: int


def query_data(rulebook: Rulebook, lang: str, understood: Understanding | None = None) -> QueryData:
    """The static data query.js needs on the ``lang`` site (kept small: no rule text).

    ``cjk``: "chars" when the records hold Chinese one character a word (see :func:`cjk_chars`);
    ``rules``: a :class:`ShippedRule` per rule in reading order; ``renumbering``: older year → its id → the current id
    (null when dropped); ``glossary``: a :class:`ShippedTerm` per term, keys folded like Whoosh's
    (every language, abbreviations, the id; Chinese in Simplified), renderings in ``lang`` (zh-Hant:
    Simplified-folded too, as the records are), the rendering shown (as written) and the rule that
    defines it (for "did you mean" and a glossary-first hit), and all its rules (their text
    mentioning the term ranks higher, as the index's ``central`` field does); ``situations``, ``typos``, ``learned``
    and ``parts``: the same query understanding data the API reads from meta.json
    (:func:`.index.query_understanding`); ``known``: the records' words (:func:`known_words`); ``kinds``: the index's score boost per document kind;
    ``records``: how many records Pagefind holds for ``lang`` (a word's rarity in them scores a story's
    searches, query.js mergeByRarity).
    """
    from .. import urls
    edition = rulebook.edition(lang)
    docs = documents(edition, rulebook.glossary)
    understanding = understood or query_understanding(rulebook, lang, docs)
    rules = [ShippedRule(id=r.id, title=r.title.text, url=urls.rule_url(lang, r.id), parts="".join(r.parts))
             for r in edition.all_rules()]
    glossary = []
    for term, entry in zip(rulebook.glossary, glossary_keys(rulebook.glossary)):
        names = entry["renderings"]["zh-Hans" if lang == "zh-Hant" else lang]
        keys = sorted(entry["keys"], key=lambda k: (-len(k), k))     # a set's order varies per process
        shown = entry["renderings"][lang] or names
        glossary.append(ShippedTerm(keys=keys, names=list(dict.fromkeys(names)), id=entry["id"],
                                    display=shown[0] if shown else entry["id"],
                                    rule=term.rules[0] if term.rules else "", rules=list(term.rules)))
    return {"lang": lang, "cjk": "chars" if lang.startswith("zh") else "", "renumbering": to_current(rulebook),
            "rules": rules, "glossary": glossary, **understanding,
            "known": known_words(docs, understanding["typos"].get("words", [])), "kinds": dict(KIND_BOOST), "records": len(docs)}


def _phrase_texts(rulebook: Rulebook, lang: str, data: QueryData) -> list[tuple[list[str], list[str]]] | None:
    """Per situation entry of ``data``, the texts its phrases' keys come from (native, English),
    or None when they do not give exactly those keys (situations.prepare changed: ship the keys)."""
    zh = lang.startswith("zh")
    voc = data["situations"]
    norm = (lambda text: t2s(fold(text))) if zh else fold
    out, at = [], 0
    concepts = situations.Concepts.of(voc.get("concepts"))   # shipped as they are: keys() puts concept words to their names
    for situation in rulebook.situations.situations:
        native = [t for p in situation.words(lang) if situations.keys(t := norm(p), lang, voc["framing"], (), concepts)]
        english = [t for p in situation.en if situations.keys(t := fold(p), "en", voc["en_framing"], (), concepts)] \
            if lang != "en" else []
        if not native and not english:
            continue
        if at >= len(voc["entries"]):
            return None
        rules, phrases = voc["entries"][at]
        again = [situations.keys(t, lang, voc["framing"], (), concepts) for t in native] + \
                [situations.keys(t, "en", voc["en_framing"], (), concepts) for t in english]
        if rules != list(situation.rules) or again != phrases:
            return None
        out.append((native, english))
        at += 1
    return out if at == len(voc["entries"]) else None


def _weights(entries: list[list[Any]], counts: dict[str, int] | None = None) -> dict[str, float]:
    """situations.prepare's key weights, computed from the entries as situations.js keyWeights does
    (``counts``: the concept names' phrase counts, situations.prepare_concepts ``df``)."""
    df: dict[str, int] = {}
    for _, phrases in entries:
        for key in {k for p in phrases for k in p}:
            df[key] = df.get(key, 0) + 1
    df.update({k: n for k, n in (counts or {}).items() if k in df})
    return {k: round(math.log(1 + len(entries) / n) * (situations.UNIGRAM if len(k) == 1 and situations.CJK_RUN.fullmatch(k) else 1), 4)
            for k, n in sorted(df.items())}


def _cjk_runs(texts: Iterable[str]) -> set[str]:
    return {run for text in texts for run in re.findall(f"[{CJK}]+", text) if len(run) >= 2}


DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"


def _pack_slips(terms: list[str], real: list[str]) -> list[Any] | None:
    """typos ``real`` (runs of the rules one character off a term) as [term index step, slips, …]:
    a slip is the position (a base-36 digit) and the character there. A third of the bytes of the
    runs themselves; None when a run is off no term in one place (prepare changed)."""
    first: dict[str, tuple[int, int]] = {}
    for i, term in enumerate(terms):
        for k in range(len(term)):
            first.setdefault(term[:k] + "?" + term[k + 1:], (i, k))
    slips: dict[int, list[str]] = {}
    for run in real:
        found = next((first[m] for k in range(len(run)) if (m := run[:k] + "?" + run[k + 1:]) in first
                      and first[m][1] == k and k < len(DIGITS)), None)
        if found is None:
            return None
        slips.setdefault(found[0], []).append(DIGITS[found[1]] + run[found[1]])
    out: list[Any]                      # [term index step (int), slips (str), ...]
    out, at = [], 0
    for i in sorted(slips):
        out += [i - at, "".join(sorted(slips[i]))]
        at = i
    return out


def _unpack_slips(terms: list[str], packed_real: list[Any]) -> list[str]:
    real, at = [], 0
    for step, slips in zip(packed_real[::2], packed_real[1::2]):
        at += step
        for j in range(0, len(slips), 2):
            k = DIGITS.index(slips[j])
            real.append(terms[at][:k] + slips[j + 1] + terms[at][k + 1:])
    return sorted(real)


def packed(rulebook: Rulebook, lang: str, data: QueryData) -> Mapping[str, Any]:
    """``data`` as shipped: what understanding.js can recompute on load is left out (keys were most of
    the zh file's gzipped bytes). Situation phrases travel as text, not keys (Chinese keys
    are every character pair and character: three times the text); key weights are recomputed from
    them; Chinese typo terms that are runs of those phrases are not repeated, and the runs of the rules
    one character off a term (``real``) are written as that term's slips. Each part is packed
    only when Python recomputes it exactly from what is shipped, so the file stays right if
    situations.prepare changes (it only grows); understanding.prepareData unpacks it."""
    voc, typo = data["situations"], data["typos"]
    texts = _phrase_texts(rulebook, lang, data)
    if texts is None:
        return data
    out_voc = {k: v for k, v in voc.items() if k not in ("entries", "weights")}
    out_voc["phrases"] = [[rules, native, english] for (rules, _), (native, english) in zip(voc["entries"], texts)]
    if _weights(voc["entries"], (voc.get("concepts") or {}).get("df")) != voc["weights"]:
        out_voc["weights"] = voc["weights"]
    out_typos = dict(typo)
    if typo.get("terms"):
        derived = _cjk_runs(t for _, native, _ in out_voc["phrases"] for t in native)
        if derived <= set(typo["terms"]) and sorted(set(typo["terms"]), key=lambda t: (-len(t), t)) == typo["terms"]:
            out_typos["terms"] = [t for t in typo["terms"] if t not in derived]
            out_typos["packed"] = True
            slips = _pack_slips(typo["terms"], typo.get("real", []))
            if slips is not None and _unpack_slips(typo["terms"], slips) == typo.get("real", []):
                out_typos["real"] = slips
    return {**data, "situations": out_voc, "typos": out_typos, "packed": 1}


def write_query_data(rulebook: Rulebook, out: Path,
                     understood: Mapping[str, Understanding] | None = None) -> dict[str, tuple[int, int]]:
    """Write ``tda-query.<lang>.json`` for every language (:func:`packed`); return {lang: (bytes, gzip bytes)}."""
    import gzip
    sizes = {}
    for lang in ALL_LANGUAGES:
        try:
            data = packed(rulebook, lang, query_data(rulebook, lang, (understood or {}).get(lang)))
        except KeyError:
            continue
        raw = json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
        (out / f"tda-query.{lang}.json").write_bytes(raw)
        sizes[lang] = (len(raw), len(gzip.compress(raw, 9)))
    return sizes


def _without_poll_delay() -> None:
    """pagefind 1.5.2's Python service sleeps 100 ms before reading each response (over two minutes for
    our ~1,300 records) although the read itself waits for data. Give its module an asyncio whose
    sleep only yields; nothing else changes."""
    import types

    from pagefind import service
    patched: Any = service          # its asyncio is no part of its typed interface: replacing it is the point
    if getattr(patched.asyncio, "_tda_no_poll_delay", False):
        return
    proxy = types.SimpleNamespace(**{name: getattr(asyncio, name) for name in dir(asyncio) if not name.startswith("__")})
    proxy.sleep = lambda _delay, result=None: asyncio.sleep(0, result)
    proxy._tda_no_poll_delay = True
    patched.asyncio = proxy


def _complete(out: Path) -> bool:
    entry = out / "pagefind-entry.json"
    return entry.exists() and entry.stat().st_size > 0 and (out / "pagefind.js").stat().st_size > 0


async def _build(rulebook: Rulebook, out: Path) -> int:
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


def build_pagefind(site_dir: Path | str, rulebook: Rulebook | None = None,
                   understood: Mapping[str, Understanding] | None = None) -> int:
    """Write ``site_dir/pagefind/`` (with t2s.json and tda-query.<lang>.json); return the number of records.
    ``understood``: index.understanding_by_language, when the caller has it already."""
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
    write_query_data(rulebook, out, understood)
    return count
