"""Run with a project copy's own code (`python tests/copy_pages.py ROOT`, PYTHONPATH=ROOT/plugins):
what the build writes from the rulebook, in the copy, without MkDocs rendering it. The pages as the
plugin hands them to MkDocs (docs/generated/**.<lang>.md: raw HTML, absolute links), the JSON
exports and companion files, and the edition addresses (site/<lang>/<year>/...). The site's own
build renders these functions' output for the current project; a copy with another edition made
current needs what they write, not a second render of a thousand pages.

Exits 1 with the gate's problems, one per line, when the copy's data does not pass it, and when an
edition address (what was printed names it) would lead nowhere: the check the build makes after
rendering (`edition_paths.missing_addresses`), made on the addresses the pages will have."""
from __future__ import annotations

import sys
from pathlib import Path

from tdarules.gate import check
from tdarules.site.edition_paths import missing_addresses, write_edition_redirects
from tdarules.site.generate import generate_pages, load_strings, write_exports
from tdarules.web.companion import write_rule_files


def favicon(root: Path) -> str:
    """The site's icon as the plugin passes it to the edition addresses: mkdocs.yml's theme.favicon."""
    from mkdocs.config import load_config
    return load_config(str(root / "mkdocs.yml")).theme["favicon"]


def rendered_addresses(generated: Path) -> set[str]:
    """Where MkDocs will publish the generated pages: overrides/hooks/generated_urls.py drops
    `generated/`, static-i18n makes `rules/43.ru.md` `/ru/rules/43/`."""
    addresses = set()
    for page in generated.rglob("*.md"):
        path, language = page.relative_to(generated).as_posix()[:-3].rsplit(".", 1)
        addresses.add(f"/{language}/{path.removesuffix('index')}" + ("" if path.endswith("index") else "/"))
    return addresses


def main(root: Path) -> int:
    rulebook, problems = check(root)
    if problems:
        print("\n".join(map(str, problems)), file=sys.stderr)
        return 1
    strings = load_strings(root / "rulebook")
    site = root / "site"
    pages = generate_pages(rulebook, strings, root / "docs" / "generated")
    write_exports(rulebook, strings, site)
    write_rule_files(rulebook, strings, site)
    redirects = write_edition_redirects(rulebook, strings, site, "/", favicon(root))
    published = rendered_addresses(root / "docs" / "generated")
    missing = [path for path in missing_addresses(rulebook, site) if path not in published]
    if missing:
        print(f"{len(missing)} edition addresses have no page, e.g. {', '.join(missing[:3])}", file=sys.stderr)
        return 1
    print(f"{pages} pages, {redirects} edition addresses")
    return 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1])))
