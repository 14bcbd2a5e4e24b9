"""Build the Whoosh search index from the rulebook model (never from HTML).

Layout of ``out_dir``::

    meta.json          each older edition's numbers → the current ones, glossary keys, per-language doc counts
    en/  zh-Hant/  zh-Hans/  ru/     one Whoosh index per site language

Documents, at the granularity a reader wants to land on:

=========  ===================  ========  =====================================
kind       id                   rule      url
=========  ===================  ========  =====================================
rule       ``43``               ``43``    ``/en/rules/43/``
procedure  ``RP-5``             ``RP-5``  ``/en/rp/5/``
part       ``43-A``, ``RP-5-A`` parent    ``/en/rules/43/#43-A``
addendum   ``addendum-43``      ``43``    ``/en/rules/43/#addendum-43``
example    ``example-43-1``     ``43``    ``/en/rules/43/#example-43-1``
glossary   ``term-all-in``      first     ``/en/glossary/#term-all-in``
=========  ===================  ========  =====================================

A rule or procedure with lettered parts keeps only its own introduction and closing text; each part
is its own document carrying the rule's title too.
"""
from __future__ import annotations

import json
import os
import re
import shutil
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, TypedDict

from whoosh import index as whoosh_index
from whoosh.fields import ID, KEYWORD, NUMERIC, STORED, TEXT, Schema

from .. import urls
from ..disk_cache import MISSING, DiskCache
from ..editions import to_current
from ..model import ALL_LANGUAGES, CURRENT_EDITION, Edition, GlossaryTerm
from . import evaluate, learned, parts, situations, spec, typos
from .health import file_digests
from .analyzers import CJK, HAS_CJK, TO_CYRILLIC, analyzer_for, chinese_ngram_analyzer, fold, t2s

if TYPE_CHECKING:
    from ..loader import Rulebook
    from ..model import Block

SCHEMA_VERSION = 3
KIND_BOOST = spec.KIND_BOOST          # spec.yaml's index.kind_boost: a hit's kind counts in its score


def schema_for(language: str) -> Schema:
    words = analyzer_for(language)
    fields = dict(
        id=ID(stored=True, unique=True),
        rule=ID(stored=True),
        kind=ID(stored=True),
        order=NUMERIC(stored=True, sortable=True),
        url=STORED(),
        title=TEXT(analyzer=words, stored=True, phrase=True, field_boost=spec.TITLE_BOOST),
        body=TEXT(analyzer=words, stored=True, phrase=True),
        terms=KEYWORD(lowercase=True, commas=True, scorable=True),
        central=KEYWORD(lowercase=True, commas=True, scorable=True),
    )
    if language.startswith("zh"):
        fields["ngram"] = TEXT(analyzer=chinese_ngram_analyzer(), phrase=True)
    return Schema(**fields)


@dataclass
class Doc:
    id: str
    rule: str
    kind: str
    title: str
    body: str
    url: str
    terms: set[str] = field(default_factory=set)
    central: set[str] = field(default_factory=set)


class GlossaryEntry(TypedDict):
    """A glossary term as query expansion reads it (:func:`glossary_keys`; meta.json's ``glossary``)."""
    id: str
    keys: list[str]
    abbreviations: list[str]
    renderings: dict[str, list[str]]


class Understanding(TypedDict):
    """What :func:`query_understanding` gives for one site language."""
    situations: situations.Prepared
    typos: typos.TypoData
    learned: learned.Model
    parts: learned.Model             # the part model (parts.part_model): its classes are parts


def _text(blocks: Iterable[Block]) -> str:
    return "\n".join(b.text for b in blocks)


def documents(edition: Edition, glossary: tuple[GlossaryTerm, ...]) -> list[Doc]:
    """Every searchable document of one language, in reading order."""
    lang = edition.language
    docs: list[Doc] = []
    for rule in edition.all_rules():
        title = rule.title.text
        own = "\n".join(filter(None, (_text(rule.blocks), _text(rule.after))))
        if not rule.parts:
            own = "\n".join(b.text for _, b in rule.all_blocks())
        docs.append(Doc(rule.id, rule.id, rule.kind, title, own, urls.rule_url(lang, rule.id)))
        for letter, part in rule.parts.items():
            docs.append(Doc(urls.part_anchor(rule.id, letter), rule.id, "part", title, _text(part.blocks),
                            urls.rule_url(lang, rule.id, letter)))
    for entry in edition.addendum.values():
        parent = edition.rule(entry.rule_id)
        rule_title = parent.title.text if parent else ""
        title = entry.title.text if entry.title else rule_title
        base = urls.addendum_url(lang, entry.id).split("#")[0]
        if entry.blocks or not entry.examples:
            docs.append(Doc(urls.addendum_anchor(entry.id), entry.rule_id, "addendum", title,
                            _text(entry.blocks), urls.addendum_url(lang, entry.id)))
        for label, example in entry.examples.items():
            anchor = urls.example_anchor(entry.id, label)
            ex_title = example.title.text if example.title else title
            docs.append(Doc(anchor, entry.rule_id, "example", f"{ex_title} ({(example.marker or label).strip(' :*.')})",
                            _text(example.blocks), f"{base}#{anchor}"))
    for term in glossary:
        names = renderings(term, lang)
        definition = term.definition.get(lang) or term.definition.get("zh-Hant" if lang == "zh-Hans" else "en")
        body = " / ".join(names + [a for a in term.abbreviations])
        if definition:
            body += "\n" + (t2s(definition.text) if lang == "zh-Hans" else definition.text)
        docs.append(Doc(f"term-{term.id}", term.rules[0] if term.rules else "", "glossary",
                        names[0] if names else term.en[0], body, urls.glossary_url(lang, term.id)))
    _tag_terms(docs, glossary, lang)
    return docs


def renderings(term: GlossaryTerm, language: str) -> list[str]:
    if language == "en":
        return list(term.en)
    if language == "ru":
        return list(term.ru)
    if language == "zh-Hans":
        return list(dict.fromkeys(t2s(w) for w in term.zh_hant))
    return list(term.zh_hant)


def key_pattern(key: str) -> re.Pattern[str]:
    """How a glossary key is found in a text (folded): as a substring for CJK, as a whole word otherwise."""
    key = fold(key)
    if HAS_CJK.search(key):
        return re.compile(re.escape(t2s(key)))
    return re.compile(r"(?<![\w])" + re.escape(key).replace(r"\ ", r"[\s\-]+").replace(r"\-", r"[\s\-]?")
                      + r"(?![\w])")


def _tag_terms(docs: list[Doc], glossary: tuple[GlossaryTerm, ...], lang: str) -> None:
    patterns = {t.id: [key_pattern(k) for k in renderings(t, lang) + list(t.abbreviations)] for t in glossary}
    central: dict[str, set[str]] = {}
    for term in glossary:
        for rule_id in term.rules:
            central.setdefault(rule_id, set()).add(term.id)
    for doc in docs:
        if doc.kind == "glossary":
            continue
        text = fold(doc.title + "\n" + doc.body)
        if lang.startswith("zh"):
            text = t2s(text)
        for term_id, pats in patterns.items():
            if any(p.search(text) for p in pats):
                doc.terms.add(term_id)
        if doc.kind != "glossary":
            doc.central |= central.get(doc.rule, set()) & doc.terms


def glossary_keys(glossary: Iterable[GlossaryTerm]) -> list[GlossaryEntry]:
    """For query expansion: every rendering in every language, abbreviations and the id, folded."""
    out: list[GlossaryEntry] = []
    for term in glossary:
        keys = list(term.en) + [t2s(w) for w in term.zh_hant] + list(term.ru) + list(term.abbreviations)
        keys += [twin for a in term.abbreviations if (twin := cyrillic_twin(a))]
        keys.append(term.id.replace("-", " "))
        out.append({"id": term.id, "keys": sorted({fold(k) for k in keys}, key=lambda k: (-len(k), k)),
                    "abbreviations": list(term.abbreviations),
                    "renderings": {lang: renderings(term, lang) for lang in ALL_LANGUAGES}})
    return out


def cyrillic_twin(abbreviation: str) -> str | None:
    """"OOT" as typed with Cyrillic letters that look the same (ООТ, ВВ for BB): a Russian keyboard
    has them, and the Latin key never matches them. None when a letter has no Cyrillic look-alike."""
    latin = fold(abbreviation)
    if not all(c in TO_CYRILLIC for c in latin):
        return None
    return "".join(TO_CYRILLIC[c] for c in latin)


# Typo data and the learned evidence take ~17 s for the four languages, and every build, test
# process and bench run made the same again. The answer depends on the documents, the situation
# vocabulary, the glossary, the tuning questions and this package's code and specification
# (spec.yaml: the keyboards and look-alike letters the typo data is made with), all in the key.
_DISK = DiskCache("understanding", "TDA_SEARCH_CACHE", 32)
_CODE = sorted([*Path(__file__).parent.glob("*.py"), Path(__file__).parent / "spec.yaml", Path(__file__).parents[1] / "chinese.py"])


def query_understanding(rulebook: Rulebook, lang: str, docs: list[Doc] | None = None) -> Understanding:
    """What both backends need to understand a query on the ``lang`` site, beyond the index: the
    situation vocabulary with question framing (:mod:`.situations`), typo data (:mod:`.typos`), the
    learned evidence (:mod:`.learned`) and the keys of each rule's parts (:mod:`.parts`).
    Written into meta.json here and into pagefind/tda-query.<lang>.json by static_index.

    Kept on disk for the next process. A build computes it once per language and hands it to both
    indexes (site/search_jobs.py); nothing is kept in memory here."""
    if docs is None:
        docs = documents(rulebook.edition(lang), rulebook.glossary)
    disk_key = _understanding_key(rulebook, lang, docs)
    answer: Understanding = _DISK.load(disk_key)
    if answer is MISSING:
        answer = _understand(rulebook, lang, docs)
        _DISK.store(disk_key, answer)
    return answer


def understanding_by_language(rulebook: Rulebook) -> dict[str, Understanding]:
    """:func:`query_understanding` for every language the rulebook has, for a caller that builds both
    indexes."""
    return {lang: query_understanding(rulebook, lang) for lang in ALL_LANGUAGES
            if (CURRENT_EDITION, lang) in rulebook.editions}


def _understanding_key(rulebook: Rulebook, lang: str, docs: list[Doc]) -> str:
    inputs = json.dumps([SCHEMA_VERSION, lang,
                         [[d.id, d.rule, d.kind, d.title, d.body, sorted(d.terms), sorted(d.central)] for d in docs]],
                         ensure_ascii=False)
    # the question files as bytes (parsing them costs more than this whole key): the tuning
    # batches it learns from, and the held-out ones whose questions it leaves out
    questions = sorted([*evaluate.TRAINING.glob("*.yaml"), *evaluate.QUERIES.parent.glob("*.yaml")])
    return DiskCache.key(inputs.encode("utf-8"), rulebook.situations.model_dump_json().encode("utf-8"),
                         *(term.model_dump_json().encode("utf-8") for term in rulebook.glossary),
                         *(path.read_bytes() for path in [*questions, *_CODE]))


def _understand(rulebook: Rulebook, lang: str, docs: list[Doc]) -> Understanding:
    terms: list[str] = []
    if lang.startswith("zh"):      # poker words, rule titles and situation phrases, as whole runs
        texts = [w for term in rulebook.glossary for w in term.zh_hant]
        texts += [d.title for d in docs if d.kind in ("rule", "procedure")]
        texts += [p for s in rulebook.situations.situations for p in s.words(lang)]
        terms = [run for text in texts for run in re.findall(f"[{CJK}]+", t2s(fold(text)))]
    vocabulary = situations.prepare(rulebook.situations, lang, t2s)
    english: set[str] = set()
    if lang.startswith("zh") and (CURRENT_EDITION, "en") in rulebook.editions:   # words never read as pinyin
        en_docs = documents(rulebook.edition("en"), rulebook.glossary)
        english = {w for text in typos.texts_for(en_docs, rulebook.situations, "en", t2s)
                   for w in typos.LATIN_OR_CYRILLIC.findall(text)}
    typo_data = typos.prepare(lang, typos.texts_for(docs, rulebook.situations, lang, t2s), terms, english)
    questions = tuning_questions(lang, vocabulary, typo_data)
    return {"situations": vocabulary, "typos": typo_data,
            "learned": learned_model(lang, vocabulary, typo_data, docs, questions),
            "parts": _part_model(lang, vocabulary, docs, questions)}


def tuning_questions(lang: str, vocabulary: situations.Prepared, typo_data: typos.TypoData) -> list[tuple[list[str], list[str]]]:
    """(keys, labels as written: "43" or "43-B") of the tuning questions typed on a site of the
    ``lang`` site's script (zh-Hant and zh-Hans share theirs), keyed as the engine keys a query: typos
    corrected, then the vocabulary's keys."""
    corrector = typos.Corrector(typo_data)
    prepared = situations.Vocabulary(vocabulary)
    group = lang[:2]
    return [(situations.query_keys(typos.question_text(case.q, lang, corrector), lang, prepared, t2s), case.expect)
            for case in evaluate.tuning_cases() if case.lang[:2] == group]


def learned_model(lang: str, vocabulary: situations.Prepared, typo_data: typos.TypoData, docs: list[Doc],
                  questions: list[tuple[list[str], list[str]]] | None = None) -> learned.Model:
    """The learned evidence (:mod:`.learned`) for the ``lang`` site, from the tuning questions
    (:func:`tuning_questions`, or ``questions`` when the caller has them), each counted for the rules
    it names, and from the site's own documents, each labelled with its rule, so a word of the rule
    text that no question used still points to its rule (as a classifier alone, on questions it was
    not trained on: MRR@10 +0.002 to +0.022 by language).
    Trained only when :func:`query_understanding` finds no answer in memory or on disk."""
    prepared = situations.Vocabulary(vocabulary)
    if questions is None:
        questions = tuning_questions(lang, vocabulary, typo_data)
    examples = [(keys, [evaluate.rule_of(e) for e in labels]) for keys, labels in questions]
    for doc in docs:
        if doc.kind != "glossary" and doc.rule:
            examples.append((situations.query_keys(f"{doc.title} {doc.body}", lang, prepared, t2s), [evaluate.rule_of(doc.rule)]))
    return _fitted(examples)


def _part_model(lang: str, vocabulary: situations.Prepared, docs: list[Doc],
                questions: list[tuple[list[str], list[str]]]) -> learned.Model:
    """:func:`.parts.part_model` for the ``lang`` site: the parts of every rule of two parts or more,
    each with its text's keys, and the tuning questions."""
    prepared = situations.Vocabulary(vocabulary)
    by_rule: dict[str, list[Doc]] = {}
    for doc in docs:
        if doc.kind == "part":
            by_rule.setdefault(doc.rule, []).append(doc)
    own = [(d.id, situations.query_keys(d.body, lang, prepared, t2s)) for rule_parts in by_rule.values()
           if len(rule_parts) > 1 for d in rule_parts]
    return parts.part_model(questions, own)


# zh-Hant and zh-Hans learn from the same questions and from texts that fold to the same keys, so
# their examples are equal, and a fit takes ~4 s of CPU. A build makes the languages one after the
# other: the last model fitted is kept with its examples' digest, and the second Chinese site reads it
# back. One model, not one per index read: a process that builds often keeps no more.
_LAST_FIT: dict[str, learned.Model] = {}


def _fitted(examples: list[tuple[list[str], list[str]]]) -> learned.Model:
    """:func:`.learned.train` on ``examples``, or the last model when it was trained on the same ones
    (the same key and rule sets in the same order: all that training reads of them)."""
    canonical = [[sorted(set(keys)), sorted(set(rules))] for keys, rules in examples]
    digest = DiskCache.key(json.dumps(canonical, ensure_ascii=False).encode("utf-8"))
    if digest not in _LAST_FIT:
        model = learned.train(examples)
        _LAST_FIT.clear()
        _LAST_FIT[digest] = model
    return _LAST_FIT[digest]


def build_index(rulebook: Rulebook, out_dir: Path,
                understood: Mapping[str, Understanding] | None = None) -> dict[str, int]:
    """Write the per-language indexes and meta.json into ``out_dir``; return documents per language.
    ``understood``: :func:`understanding_by_language`, when the caller has it already."""
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    counts: dict[str, int] = {}
    understanding: dict[str, Understanding] = {}
    for lang in ALL_LANGUAGES:
        try:
            edition = rulebook.edition(lang)
        except KeyError:
            continue
        docs = documents(edition, rulebook.glossary)
        understanding[lang] = understood[lang] if understood else query_understanding(rulebook, lang, docs)
        tmp = out_dir / f".{lang}.tmp"
        shutil.rmtree(tmp, ignore_errors=True)
        tmp.mkdir()
        ix = whoosh_index.create_in(tmp, schema_for(lang))
        writer = ix.writer()
        for order, doc in enumerate(docs):
            fields = dict(id=doc.id, rule=doc.rule, kind=doc.kind, order=order, url=doc.url, title=doc.title,
                          body=doc.body, terms=",".join(sorted(doc.terms)), central=",".join(sorted(doc.central)),
                          _boost=KIND_BOOST[doc.kind])
            if lang.startswith("zh"):
                fields["ngram"] = doc.title + "\n" + doc.body
            writer.add_document(**fields)
        writer.commit()
        final = out_dir / lang
        old = out_dir / f".{lang}.old"
        shutil.rmtree(old, ignore_errors=True)
        if final.exists():
            final.rename(old)
        tmp.rename(final)
        shutil.rmtree(old, ignore_errors=True)
        counts[lang] = len(docs)
    renumbering = to_current(rulebook)
    meta = {"schema": SCHEMA_VERSION, "languages": counts, "renumbering": renumbering,
            "glossary": glossary_keys(rulebook.glossary), "understanding": understanding,
            "files": file_digests(out_dir, counts)}            # health.py checks the index against them
    # aside, then renamed: a server reading meta.json meanwhile sees the old build or the new, whole
    tmp_meta = out_dir / ".meta.json.tmp"
    tmp_meta.write_text(json.dumps(meta, ensure_ascii=False, indent=1), encoding="utf-8")
    os.replace(tmp_meta, out_dir / "meta.json")
    return counts
