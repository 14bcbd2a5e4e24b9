"""`rulebook qa`: the translation QA report in the terminal or as JSON."""
from __future__ import annotations

import json
import sys

from .findings import KINDS
from .report import TRANSLATIONS, qa_strings, run, summary, text_report, unknown_acknowledgements


def add_arguments(parser) -> None:
    parser.add_argument("--lang", action="append", choices=("en", "zh-Hant", "zh-Hans", "ru"),
                        help="language(s) to check (default: en, zh-Hant, ru; en = the English's own references)")
    parser.add_argument("--kind", action="append", choices=KINDS, help="only these checks (repeatable)")
    parser.add_argument("--json", action="store_true", help="all findings as JSON on stdout")
    parser.add_argument("--strict", action="store_true", help="exit 1 when any finding is not acknowledged")
    parser.add_argument("--acknowledged", action="store_true", help="text output: list acknowledged findings too")
    parser.add_argument("--record-fingerprints", action="store_true",
                        help="record the current English as the basis of every unit that has no fingerprint yet")


def main(rulebook, args) -> int:
    if args.record_fingerprints:
        from .review_file import record_fingerprints
        for language in TRANSLATIONS:
            print(f"rulebook/review/{language}.yaml: {record_fingerprints(rulebook, language)} fingerprint(s) recorded",
                  file=sys.stderr)
        return 0
    languages = tuple(args.lang or ("en", *TRANSLATIONS))
    findings = run(rulebook, languages, tuple(args.kind or KINDS))
    strings = qa_strings(rulebook)
    if args.json:
        json.dump({"summary": summary(findings), "findings": [f.to_json(strings) for f in findings]},
                  sys.stdout, ensure_ascii=False, indent=1)
        sys.stdout.write("\n")
    else:
        sys.stdout.write(text_report(findings, strings, show_acknowledged=args.acknowledged))
    if not args.kind and not args.lang:
        for warning in unknown_acknowledgements(rulebook, findings):
            print(warning, file=sys.stderr)
    open_count = sum(1 for f in findings if f.acknowledged is None)
    return 1 if args.strict and open_count else 0
