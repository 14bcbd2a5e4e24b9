"""The `rulebook` command: validate, show, import; build / index / search / serve hooks.

Every failure a user can cause (a malformed YAML file, an unknown rule, a missing optional module)
ends in a one-line message and an exit code, never a traceback.
"""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from .atomic import WriteError, write_atomic
from .model import ALL_LANGUAGES, CURRENT_EDITION, OLDER_EDITIONS, PUBLISHED_EDITIONS


def _load(root: str):
    """The rulebook, or None after printing the loader's problems."""
    from .loader import RulebookError, load_rulebook
    try:
        return load_rulebook(Path(root))
    except RulebookError as error:
        for problem in error.problems:
            print(problem)
        return None


def cmd_validate(args) -> int:
    from .gate import check
    rulebook, problems = check(args.root)
    for problem in problems:
        print(problem)
    if problems:
        print(f"{len(problems)} problem(s)", file=sys.stderr)
        return 1
    print("rulebook OK: " + ", ".join(f"{y}/{lang}" for y, lang in sorted(rulebook.editions)), file=sys.stderr)
    return 0


def cmd_show(args) -> int:
    from .show import render_rule
    rulebook = _load(args.root)
    if rulebook is None:
        return 1
    key = (args.year, args.lang)
    if key not in rulebook.editions:
        print(f"rulebook: no {args.year} edition in {args.lang}", file=sys.stderr)
        return 2
    edition = rulebook.editions[key]
    rule_id = args.rule.upper() if args.rule.lower().startswith("rp") else args.rule
    if rule_id.startswith("RP") and not rule_id.startswith("RP-"):
        rule_id = "RP-" + rule_id[2:]
    if edition.rule(rule_id) is None:
        print(f"rulebook: no rule {args.rule} in the {args.year} {args.lang} edition", file=sys.stderr)
        return 2
    sys.stdout.write(render_rule(edition, rule_id, width=args.width))
    return 0


def cmd_qa(args) -> int:
    from .qa.cli import main as qa_main
    rulebook = _load(args.root)
    return 1 if rulebook is None else qa_main(rulebook, args)


def cmd_export(args) -> int:
    from .xliff import export_xliff
    rulebook = _load(args.root)
    if rulebook is None:
        return 1
    data = export_xliff(rulebook, args.lang, changed_since=args.changed_since)
    if args.output == "-":
        sys.stdout.buffer.write(data)
    else:
        write_atomic(Path(args.output or f"{args.lang}.xlf"), data)
        print(f"wrote {args.output or args.lang + '.xlf'}", file=sys.stderr)
    return 0


def cmd_import_translation(args) -> int:
    from .xliff import MAX_LISTED, ImportRefused, import_translation
    rulebook = _load(args.root)
    if rulebook is None:
        return 1
    try:
        result = import_translation(rulebook, Path(args.file), dry_run=args.dry_run)
    except ImportRefused as refused:
        for problem in refused.problems:
            print(problem)
        if refused.total > len(refused.problems):
            print(f"… and {refused.total - len(refused.problems)} more")
        print(f"{args.file}: refused, nothing written ({refused.total} problem(s))", file=sys.stderr)
        return 1
    except OSError as error:            # WriteError names the file not written; a read error is the XLIFF's
        print(error if isinstance(error, WriteError) else f"{args.file}:0: -: {error.strerror or error}")
        return 1
    for draft in result.drafts[:MAX_LISTED]:
        print(f"{args.file}:{draft.line}: {draft.unit}: {draft}")
    if len(result.drafts) > MAX_LISTED:
        print(f"… and {len(result.drafts) - MAX_LISTED} more draft(s) skipped")
    for edit in result.edits:
        print(f"{args.file}:{edit.line}: {edit.unit.id}: {'would change' if args.dry_run else 'changed'}")
    print(f"{result.language}: {len(result.edits)} unit(s) {'to change' if args.dry_run else 'changed'}"
          + (f"; {len(result.drafts)} draft(s) skipped" if result.drafts else "")
          + (f"; wrote {', '.join(result.written)}" if result.written else ""), file=sys.stderr)
    return 0


def cmd_import(args) -> int:
    from .importers import ENGLISH_2017, LONGFORM_2024, RUSSIAN_2024, import_all
    rulebook_dir = Path(args.root) / "rulebook"
    missing = [s for s in (LONGFORM_2024, RUSSIAN_2024, ENGLISH_2017) if not (rulebook_dir / s).is_file()]
    for source in missing:
        print(f"rulebook/{source}:0: -: source text is missing", file=sys.stderr)
    if missing:
        return 1
    try:
        written = import_all(rulebook_dir)
    except (OSError, UnicodeDecodeError) as error:
        print(f"import: {error}", file=sys.stderr)
        return 1
    for path in written:
        print(f"wrote {path}")
    return 0


def cmd_edition(args) -> int:
    from .editions_next import EditionError, add_edition, edition_report
    from .editions_next.publish import publish_edition
    try:
        if args.action == "publish":
            for name in publish_edition(Path(args.root), args.year, accept_uncertain=args.accept_uncertain):
                print(f"wrote {name}")
            print(f"the {args.year} edition is current: `rulebook build` publishes it beside the older ones")
            return 0
        if args.action == "add":
            report = add_edition(Path(args.root), Path(args.file), args.year)
        else:
            report = edition_report(Path(args.root), args.year)
    except EditionError as error:
        print(error, file=sys.stderr)
        return 1
    for line in report.lines(limit=args.limit):
        print(line)
    for name in report.written:
        print(f"wrote {name}", file=sys.stderr)
    return 0


# --- site and search commands ---------------------------------------------------------------------
# Imported only when run: Whoosh, jieba and MkDocs are slow to import and `validate` needs none of them.

def cmd_build(args) -> int:
    from .site.build import build_site
    from .site_url import ENV, SiteUrlError, normalize
    if args.site_url:
        try:
            os.environ[ENV] = normalize(args.site_url)       # read by mkdocs.yml (!ENV)
        except SiteUrlError as error:
            print(f"rulebook build: {error}", file=sys.stderr)
            return 2
    return build_site(Path(args.root), strict=args.strict)


def cmd_pdf(args) -> int:
    from .printing.cli import main_pdf
    return main_pdf(Path(args.root), args.lang, args.rules, Path(args.out) if args.out else None, args.site_url)


def cmd_index(args) -> int:
    from .search.cli import main_index
    return main_index(args.root)


def cmd_search(args) -> int:
    from .search.cli import main_search
    return main_search(args.query, args.lang or "en", args.limit, Path(args.root) / INDEX_DIR)


def cmd_serve(args) -> int:
    if args.watch:
        from .site.devloop import serve_watch
        return serve_watch(Path(args.root), args.host, args.port)
    from .search.cli import main_serve
    return main_serve(args.host, args.port, Path(args.root) / "site", Path(args.index or Path(args.root) / INDEX_DIR),
                      workers=args.workers, allowed_hosts=args.allowed_host, rate=args.rate,
                      access_log=not args.no_access_log)


INDEX_DIR = "build/search-index"      # the Whoosh index: private, outside the published site/


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="rulebook", description="Poker TDA rules: data, site and search")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    def command(name: str, help_: str, func):
        p = sub.add_parser(name, help=help_, description=help_)
        p.add_argument("--root", default=".", help="project root holding rulebook/ (default: .)")
        p.set_defaults(func=func)
        return p

    command("validate", "check the rulebook data; one line per problem, exit 1 if any", cmd_validate)

    show = command("show", "print a rule with its parts and examples", cmd_show)
    show.add_argument("rule", help="rule or procedure id: 43, RP-5")
    show.add_argument("--lang", default="en", choices=ALL_LANGUAGES)
    show.add_argument("--year", default=CURRENT_EDITION, choices=PUBLISHED_EDITIONS)
    show.add_argument("--width", type=int, default=None, help="wrap width (default: terminal width, at most 100)")

    from .qa.cli import add_arguments as qa_arguments
    qa_arguments(command("qa", "translation QA: findings per language (text, or --json); --strict fails on open ones", cmd_qa))

    export = command("export", "write one language's translation as XLIFF for CAT tools", cmd_export)
    export.add_argument("--lang", required=True, choices=("zh-Hant", "ru"))
    export.add_argument("--format", default="xliff", choices=("xliff",))
    export.add_argument("--changed-since", choices=OLDER_EDITIONS, metavar="YEAR",
                        help=f"only units changed or new since that edition ({', '.join(OLDER_EDITIONS)}), or stale")
    export.add_argument("-o", "--output", help="file to write (default: <lang>.xlf; - for stdout)")
    imp = command("import-translation", "validate an XLIFF file and write its translations back into the YAML",
                  cmd_import_translation)
    imp.add_argument("file")
    imp.add_argument("--dry-run", action="store_true", help="validate and list the changes, write nothing")

    command("import", "regenerate rulebook/*/*.yaml from rulebook/sources/", cmd_import)

    edition = command("edition", "a new edition of the Longform beside the current one: add it, report what to review",
                      cmd_edition)
    actions = edition.add_subparsers(dest="action", required=True, metavar="ACTION")
    add = actions.add_parser("add", help="import FILE (.txt, .docx, .pdf) as the YEAR edition: align, carry "
                             "translations, remap rule references into rulebook/YEAR/")
    add.add_argument("file")
    report = actions.add_parser("report", help="what the YEAR edition leaves to review")
    publish = actions.add_parser("publish", help="make the added YEAR edition current: its remapped files "
                                 "replace today's, the edition current until now becomes an older one")
    publish.add_argument("--accept-uncertain", action="store_true",
                         help="publish although the alignment has uncertain matches nobody confirmed")
    for action in (add, report, publish):
        action.add_argument("--year", required=True, help="the new edition's year, e.g. 2028")
        if action is not publish:
            action.add_argument("--limit", type=int, default=20, help="lines listed per section (0: all; default 20)")
        # --root after the action too (the parent's default stays when it is not given here)
        action.add_argument("--root", default=argparse.SUPPRESS, help="project root holding rulebook/")

    build = command("build", "build the site, its JSON exports and both search indexes", cmd_build)
    build.add_argument("--strict", action="store_true", help="fail on warnings")
    build.add_argument("--site-url", help="public address for QR codes, canonical links and sitemaps "
                                          "(default: $TDA_SITE_URL or http://127.0.0.1:8000/)")
    pdf = command("pdf", "write the PDFs (rulebook per language, bilingual, handout) or one of selected rules", cmd_pdf)
    pdf.add_argument("--lang", help="only the documents in this language (en, zh-Hant, zh-Hans, ru)")
    pdf.add_argument("--rules", help="a selection such as '40-47, RP-8, 11-D': one PDF of just those rules")
    pdf.add_argument("--out", help="folder to write to (default: site/pdf)")
    pdf.add_argument("--site-url", help="public address printed in the PDFs (default: $TDA_SITE_URL or local)")
    command("index", f"rebuild the Whoosh search index into {INDEX_DIR}", cmd_index)
    search = command("search", "search the rules from the terminal", cmd_search)
    search.add_argument("query")
    search.add_argument("--lang", default=None, choices=ALL_LANGUAGES)
    search.add_argument("--limit", type=int, default=10)
    serve = command("serve", "serve the built site and GET /api/search", cmd_serve)
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=int, default=8000)
    serve.add_argument("--index", default=None, help=f"Whoosh index directory (default: ROOT/{INDEX_DIR})")
    serve.add_argument("--workers", type=int, default=1, help="uvicorn worker processes (default: 1)")
    serve.add_argument("--allowed-host", action="append", default=None, metavar="HOST",
                       help="a Host header to accept (repeatable; default: localhost, 127.0.0.1 and --host)")
    serve.add_argument("--rate", type=float, default=None,
                       help="searches per second allowed per client address (default: 20; 0 = unlimited)")
    serve.add_argument("--no-access-log", action="store_true", help="do not print one line per request")
    serve.add_argument("--watch", action="store_true",
                       help="editing loop: re-render the pages of edited rules within seconds (no search API)")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args.func(args)
    except WriteError as error:         # any command writing a user's file: one line, the old file kept
        print(error, file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
