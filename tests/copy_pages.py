"""Run with a project copy's own code (`python tests/copy_pages.py ROOT`, PYTHONPATH=ROOT/plugins):
what the build writes from the rulebook, in the copy, without MkDocs rendering it. The pages as the
plugin hands them to MkDocs (docs/generated/**.<lang>.md: raw HTML, absolute links), the JSON
exports and companion files, and the edition addresses (site/<lang>/<year>/...). The site's own
build renders these functions' output for the current project; a copy with another edition made
current needs what they write, not a second render of a thousand pages.

Exits 1 with the gate's problems, one per line, when the copy's data does not pass it."""
from __future__ import annotations

import sys
from pathlib import Path

from tdarules.gate import check
from tdarules.site.edition_paths import write_edition_redirects
from tdarules.site.generate import generate_pages, load_strings, write_exports
from tdarules.web.companion import write_rule_files

FAVICON = "assets/offline/icon.svg"          # mkdocs.yml theme.favicon


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
    redirects = write_edition_redirects(rulebook, strings, site, "/", FAVICON)
    print(f"{pages} pages, {redirects} edition addresses")
    return 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1])))
