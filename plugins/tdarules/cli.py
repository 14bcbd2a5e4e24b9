"""The `rulebook` command: validate, show, import; build / index / search / serve hooks.

Every failure a user can cause (a malformed YAML file, an unknown rule, a missing optional module)
ends in a one-line message and an exit code, never a traceback.
"""
from __future__ import annotations

import argparse
import importlib
import sys
from pathlib import Path

from .model import ALL_LANGUAGES


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
    from .validate import validate
    rulebook = _load(args.root)
    if rulebook is None:
        return 1
    problems = validate(rulebook)
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


def cmd_import(args) -> int:
    from .importers import import_all
    for path in import_all(Path(args.root) / "rulebook"):
        print(f"wrote {path}")
    return 0


# --- hooks for the site and search commands (their modules are written elsewhere) -----------------
# Each hook imports its module lazily and calls `main(args)`; the module receives the parsed
# argparse namespace and returns an exit code (or None for 0).
HOOKS = {
    "build": "tdarules.site.build",
    "index": "tdarules.search.index",
    "search": "tdarules.search.cli",
    "serve": "tdarules.search.server",
}


def _hook(name: str):
    def run(args) -> int:
        module_name = HOOKS[name]
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as error:
            if error.name and (module_name == error.name or module_name.startswith(error.name + ".")):
                print(f"rulebook {name}: not available yet ({module_name} is not installed)", file=sys.stderr)
                return 2
            raise
        entry = getattr(module, "main", None)
        if entry is None:
            print(f"rulebook {name}: {module_name} has no main(args)", file=sys.stderr)
            return 2
        result = entry(args)
        return int(result or 0)
    return run


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
    show.add_argument("--year", default="2024", choices=("2024", "2017"))
    show.add_argument("--width", type=int, default=None, help="wrap width (default: terminal width, at most 100)")

    command("import", "regenerate rulebook/*/*.yaml from rulebook/sources/", cmd_import)

    # hooks -----------------------------------------------------------------------------------------
    build = command("build", "build the static site (tdarules.site.build)", _hook("build"))
    build.add_argument("--strict", action="store_true", help="fail on warnings")
    command("index", "build the search index (tdarules.search.index)", _hook("index"))
    search = command("search", "search the rules from the terminal (tdarules.search.cli)", _hook("search"))
    search.add_argument("query")
    search.add_argument("--lang", default=None, choices=ALL_LANGUAGES)
    search.add_argument("--limit", type=int, default=10)
    serve = command("serve", "serve the site and the search API (tdarules.search.server)", _hook("serve"))
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=int, default=8000)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args.func(args)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
