"""What the build and the server do for a small first load. The budget itself (a rule page's first
load <= 80 KB) is measured by bench/web.py, over the real server, not asserted here.

* hashed_assets rewrites dynamic import() (and new URL(…, import.meta.url)) specifiers to the
  content-hashed names, and a change in a lazily imported module renames its importer;
* purge_css drops the rules of Material's stylesheets that no page or script can use, keeps those
  whose classes only a script adds, writes a new hashed name and relinks every page;
* the server sends the document headers (CSP with its hashes, framing, COOP, Permissions-Policy)
  on pages, API answers and errors, and only what a browser uses on other files.
"""
from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import httpx
import pytest

from tdarules.search.security import SCRIPT_CSP, STATIC_DOCUMENT_CSP, headers_for, security_headers
from tdarules.search.server import create_app
from tdarules.web.hashed_assets import hash_assets
from tdarules.web.minify_js import MinifyError, minify_scripts
from tdarules.web.purge_css import purge_material_css

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "site"


# --- dynamic imports ----------------------------------------------------------------------------

def test_dynamic_imports_are_rewritten_to_hashed_names(tmp_path):
    site = tmp_path / "site"
    (site / "assets/search").mkdir(parents=True)
    (site / "assets/calculators").mkdir(parents=True)
    (site / "assets/search/box.js").write_text(
        'let m = null;\n'
        'const lazy = () => (m ||= Promise.all([import("./query.js"), import( \'./understanding.js\' )]));\n'
        'const ui = () => import(new URL("../calculators/ui.js", import.meta.url).href);\n'
        'const pf = () => import("/pagefind/pagefind.js");          // not ours: left alone\n'
        'const gone = () => import("./missing.js");                  // no such file: left alone\n')
    (site / "assets/search/query.js").write_text('import { a } from "./understanding.js";\nexport const q = a;\n')
    (site / "assets/search/understanding.js").write_text("export const a = 1;\n")
    (site / "assets/calculators/ui.js").write_text("export const ui = 1;\n")
    (site / "en").mkdir()
    page = '<script type="module" src="../assets/search/box.js"></script>'
    (site / "en/index.html").write_text(page)
    first = hash_assets(site)
    box = (site / first["assets/search/box.js"]).read_text()
    name = lambda rel: Path(first[rel]).name  # noqa: E731
    assert f'import("./{name("assets/search/query.js")}")' in box
    assert f"import( './{name('assets/search/understanding.js')}' )" in box
    assert f'new URL("../calculators/{name("assets/calculators/ui.js")}", import.meta.url)' in box
    assert 'import("/pagefind/pagefind.js")' in box and 'import("./missing.js")' in box
    assert f'src="../{first["assets/search/box.js"]}"' in (site / "en/index.html").read_text()
    # a change in a module that is only imported lazily renames the importer too
    (site / "assets/search/understanding.js").write_text("export const a = 2;\n")
    (site / "en/index.html").write_text(page)
    second = hash_assets(site)
    assert second["assets/search/query.js"] != first["assets/search/query.js"]
    assert second["assets/search/box.js"] != first["assets/search/box.js"]
    assert second["assets/calculators/ui.js"] == first["assets/calculators/ui.js"]


# --- purged Material CSS ------------------------------------------------------------------------

@pytest.fixture
def purgecss():
    if not shutil.which("node") or not (ROOT / "node_modules" / "purgecss").is_dir():
        pytest.skip("purgecss is not installed (make setup: npm ci)")


def test_purge_keeps_what_pages_and_scripts_use(tmp_path, purgecss):
    site = tmp_path / "site"
    (site / "assets/stylesheets").mkdir(parents=True)
    (site / "assets/javascripts").mkdir(parents=True)
    css = (".md-used{color:red}.md-unused{color:blue}.md-added-by-js{color:green}"
           ":root{--md-kept-variable:1}@media print{.md-used{color:black}.md-unused-print{color:blue}}"
           ".md-used:not(.md-never){margin:0}[data-md-color-scheme=slate]{--x:1}\n"
           "/*# sourceMappingURL=main.0123abcd.min.css.map*/")
    (site / "assets/stylesheets/main.0123abcd.min.css").write_text(css)
    (site / "assets/stylesheets/main.0123abcd.min.css.map").write_text('{"version":3,"sources":[],"names":[],"mappings":""}')
    (site / "assets/javascripts/bundle.js").write_text('el.classList.add("md-added-by-js")')
    (site / "en/rules/43").mkdir(parents=True)
    page = (site / "en/rules/43/index.html")
    page.write_text('<html data-md-color-scheme="slate"><link rel="stylesheet" '
                    'href="../../../assets/stylesheets/main.0123abcd.min.css"><p class="md-used">x</p></html>')
    renamed = purge_material_css(site)
    new = renamed["assets/stylesheets/main.0123abcd.min.css"]
    assert new != "assets/stylesheets/main.0123abcd.min.css" and new.endswith(".min.css")
    out = (site / new).read_text()
    assert ".md-used" in out and ".md-added-by-js" in out and "--md-kept-variable" in out
    assert "[data-md-color-scheme=slate]" in out and ".md-used:not(.md-never)" in out
    assert ".md-unused" not in out and "md-unused-print" not in out and "sourceMappingURL" not in out
    assert not (site / "assets/stylesheets/main.0123abcd.min.css").exists()
    assert not (site / "assets/stylesheets/main.0123abcd.min.css.map").exists()
    assert f'href="../../../{new}"' in page.read_text()


# --- minified scripts ---------------------------------------------------------------------------

@pytest.fixture
def terser():
    if not shutil.which("node") or not (ROOT / "node_modules" / "terser").is_dir():
        pytest.skip("terser is not installed (make setup: npm ci)")


def test_minified_modules_keep_exports_and_imports_and_still_run(tmp_path, terser):
    site = tmp_path / "site"
    (site / "assets/search").mkdir(parents=True)
    (site / "assets/search/lib.js").write_text(
        "// Why the helper exists: a comment that only the source needs.\n"
        "function internalHelperWithALongName(valueToDouble) { return valueToDouble * 2; }\n"
        "export function double(x) { return internalHelperWithALongName(x); }\n")
    (site / "assets/search/main.js").write_text(
        'import { double } from "./lib.js";\n'
        "/* a block comment */\n"
        'const later = () => import(new URL("../search/lib.js", import.meta.url).href);\n'
        "export const answer = double(21);\nexport { later };\n")
    sizes = minify_scripts(site, ["assets/search/lib.js", "assets/search/main.js"])
    assert all(after < before for before, after in sizes.values()), sizes
    lib, main = (site / "assets/search/lib.js").read_text(), (site / "assets/search/main.js").read_text()
    assert "comment" not in lib + main and "internalHelperWithALongName" not in lib
    assert "./lib.js" in main and "../search/lib.js" in main        # specifiers for hashed_assets, intact
    hash_assets(site)                                                 # the next build step still finds them
    hashed = next((site / "assets/search").glob("main.*.js"))
    run = subprocess.run(["node", "--input-type=module", "-e", f"import {{ answer }} from '{hashed.as_uri()}'; "
                          "console.log(answer)"], capture_output=True, text=True)
    assert run.stdout.strip() == "42", run.stderr


def test_a_script_terser_cannot_parse_fails_the_build_naming_it(tmp_path, terser):
    site = tmp_path / "site"
    (site / "assets/js").mkdir(parents=True)
    (site / "assets/js/broken.js").write_text("export const x = ;\n")
    with pytest.raises(MinifyError, match="broken.js"):
        minify_scripts(site, ["assets/js/broken.js"])


def test_built_scripts_are_minified():
    if not SITE.is_dir():
        pytest.skip("no built site")
    source = (ROOT / "docs/assets/js/rules.js").read_text(encoding="utf-8")
    built = next((SITE / "assets/js").glob("rules.*.js")).read_text(encoding="utf-8")
    assert len(built) < 0.8 * len(source) and "//" not in built.replace("://", "")


# --- headers by kind of response ----------------------------------------------------------------

def test_headers_for_each_kind_of_file():
    full = security_headers(None)
    assert headers_for("text/html; charset=utf-8", full) is full
    assert headers_for("", full) is full                                  # unknown: everything
    assert headers_for("application/xml", full)["Content-Security-Policy"] == STATIC_DOCUMENT_CSP
    assert headers_for("image/svg+xml", full)["Content-Security-Policy"] == STATIC_DOCUMENT_CSP
    assert headers_for("text/javascript; charset=utf-8", full)["Content-Security-Policy"] == SCRIPT_CSP
    for kind in ("text/css; charset=utf-8", "application/json", "image/png", "application/octet-stream"):
        light = headers_for(kind, full)
        assert "Content-Security-Policy" not in light and "X-Frame-Options" not in light, kind
        assert light["X-Content-Type-Options"] == "nosniff", kind
    assert "frame-ancestors 'none'" in STATIC_DOCUMENT_CSP and "script" not in STATIC_DOCUMENT_CSP


@pytest.fixture(scope="module")
def server(start_server):
    if not (SITE / "sw.js").exists():
        pytest.skip("site/ is not built (rulebook build --strict)")
    return start_server(create_app(SITE))


def _first(pattern: str) -> str:
    return "/" + next(p for p in SITE.glob(pattern)).relative_to(SITE).as_posix()


def test_server_sends_document_headers_on_documents_only(server):
    with httpx.Client(base_url=server) as client:
        page = client.get("/en/rules/43/")
        assert "'sha256-" in page.headers["content-security-policy"]
        assert page.headers["x-frame-options"] == "DENY"
        missing = client.get("/en/rules/99/")                               # the 404 page
        assert missing.status_code == 404 and "'sha256-" in missing.headers["content-security-policy"]
        style = client.get(_first("assets/stylesheets/site.*.css"))
        assert "content-security-policy" not in style.headers and style.headers["x-content-type-options"] == "nosniff"
        script = client.get(_first("assets/js/rules.*.js"))
        assert script.headers["content-security-policy"] == SCRIPT_CSP
        worker = client.get("/sw.js")
        assert worker.headers["content-security-policy"] == SCRIPT_CSP      # the worker's own policy
        sitemap = client.get("/en/rules/43/sitemap.xml")
        assert sitemap.headers["content-security-policy"] == STATIC_DOCUMENT_CSP
        revalidated = client.get(_first("assets/js/rules.*.js"), headers={"If-None-Match": script.headers["etag"]})
        assert revalidated.status_code == 304 and revalidated.headers["content-security-policy"] == SCRIPT_CSP
        api = client.get("/api/search?q=raise")
        assert "'sha256-" in api.headers["content-security-policy"]
