"""`rulebook serve --watch`: the editing loop for translators.

A full MkDocs build of four languages takes tens of seconds; a translator wants to see one edited
paragraph. So the loop serves the built site/ and, when a file under rulebook/ changes:

1. reloads the rulebook, re-parsing only the changed file (loader cache); a YAML or data error is
   printed as `file:line: rule: message`, shown in a banner on the open page, and the server keeps
   running with the last good pages;
2. finds the rules whose model changed and re-renders only their pages (the rule page in the edited
   language(s) and the rule's compare view) with the site's own page functions, through
   python-markdown with mkdocs.yml's extensions, into the content area of the already built HTML;
3. bumps a version the open pages poll (/_dev/state), so the browser reloads.

Search indexes, PDFs, the QA page and navigation titles are not refreshed in the loop; `rulebook
build` does all of it. No MkDocs build runs here: only its configuration is read.
"""
from __future__ import annotations

import copy
import re
import threading
import time
from pathlib import Path

import markdown
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, Response
from starlette.routing import Route

from .. import urls
from ..loader import Rulebook, RulebookError, load_rulebook
from ..model import ALL_LANGUAGES
from .generate import load_strings
from .theme_labels import localize_theme

RELOAD_SCRIPT = """<script>
(() => {
  let seen = null;
  const banner = () => document.getElementById("tda-dev-error") || Object.assign(document.body.appendChild(
    document.createElement("pre")), {id: "tda-dev-error", style: "position:fixed;bottom:0;left:0;right:0;margin:0;"
      + "padding:.6rem;background:#b3261e;color:#fff;z-index:99;white-space:pre-wrap;font-size:13px"});
  async function poll() {
    try {
      const state = await (await fetch("/_dev/state", {cache: "no-store"})).json();
      if (seen !== null && state.version !== seen) { location.reload(); return; }
      seen = state.version;
      if (state.error) banner().textContent = state.error; else document.getElementById("tda-dev-error")?.remove();
    } catch { /* server restarting */ }
    setTimeout(poll, 300);
  }
  poll();
})();
</script>"""
ARTICLE = re.compile(r'(<article class="md-content__inner md-typeset">)(.*)(</article>)', re.S)


class Previewer:
    """Keeps the last good rulebook and re-renders the pages of what changed."""

    def __init__(self, root: Path, site_dir: Path):
        self.root, self.site_dir = Path(root), Path(site_dir)
        self.cache: dict = {}
        self.rulebook: Rulebook = load_rulebook(self.root, self.cache)
        self.strings = load_strings(self.root / "rulebook")
        self.version = 0
        self.error = ""
        self.stamps = self._stamps()
        self.lock = threading.Lock()
        from mkdocs.config import load_config
        config = load_config(str(self.root / "mkdocs.yml"))
        self.md_extensions = config["markdown_extensions"]
        self.md_configs = config["mdx_configs"]

    def _stamps(self) -> dict[Path, int]:
        return {p: p.stat().st_mtime_ns for p in sorted((self.root / "rulebook").rglob("*.yaml"))}

    def poll(self) -> list[str]:
        """Check the files once; returns the URLs re-rendered (empty when nothing changed or on error)."""
        stamps = self._stamps()
        if stamps == self.stamps:
            return []
        self.stamps = stamps
        with self.lock:
            try:
                new = load_rulebook(self.root, self.cache)
            except RulebookError as error:
                self.error = str(error)
                print(self.error, flush=True)
                self.version += 1
                return []
            self.strings = load_strings(self.root / "rulebook")
            old, self.rulebook = self.rulebook, new
            changed = self._changed(old, new)
            # rule pages first and shown at once; the compare views need the QA findings (~2 s) and follow
            pages = self._render_rule_pages(new, changed)
            self.error = ""
            self.version += 1
            pages += self._render_compare_pages(new, changed)
            if len(pages) and changed:
                self.version += 1
            return pages

    def _changed(self, old: Rulebook, new: Rulebook) -> dict[str, set[str]]:
        """language → rule ids whose text changed (zh-Hans follows zh-Hant)."""
        out: dict[str, set[str]] = {}
        for language in ALL_LANGUAGES:
            before, after = old.edition(language), new.edition(language)
            for rule in after.all_rules():
                if before.rule(rule.id) != rule or _addendum(before, rule.id) != _addendum(after, rule.id):
                    out.setdefault(language, set()).add(rule.id)
        return out

    def _render_rule_pages(self, new: Rulebook, changed: dict[str, set[str]]) -> list[str]:
        from .context import Context
        from .pages import rule_page
        written: list[str] = []
        for language, rule_ids in changed.items():
            ctx = Context(new, language, self.strings)
            for rule_id in sorted(rule_ids):
                url = urls.rule_url(language, rule_id)
                if self._splice(url, rule_page(new.edition(language).rule(rule_id), ctx)):
                    written.append(url)
        return written

    def _render_compare_pages(self, new: Rulebook, changed: dict[str, set[str]]) -> list[str]:
        from .workbench import Workbench, compare_page
        rules = set().union(*changed.values()) if changed else set()
        if not rules:
            return []
        workbench = Workbench(new, self.strings)
        written: list[str] = []
        for rule_id in sorted(rules):
            for language in ALL_LANGUAGES:
                url = urls.compare_url(language, rule_id)
                if self._splice(url, compare_page(workbench, language, rule_id)):
                    written.append(url)
        return written

    def _splice(self, url: str, page_markdown: str) -> bool:
        """Replace the content area of the built page with freshly rendered Markdown."""
        path = self.site_dir / url.strip("/") / "index.html"
        if not path.exists():
            return False
        body = page_markdown.split("---\n", 2)[2] if page_markdown.startswith("---\n") else page_markdown
        language = url.strip("/").split("/")[0]
        configs = copy.deepcopy(self.md_configs)          # the permalink title is per language, as in the build
        localize_theme({}, configs, self.strings, language if language in ALL_LANGUAGES else "en")
        rendered = markdown.markdown(body, extensions=self.md_extensions, extension_configs=configs)
        html = path.read_text(encoding="utf-8")
        new_html, count = ARTICLE.subn(lambda m: m.group(1) + rendered + m.group(3), html, count=1)
        if count:
            path.write_text(new_html, encoding="utf-8")
        return bool(count)


def _addendum(edition, rule_id: str):
    return [e for e in edition.addendum.values() if e.rule_id == rule_id]


def create_dev_app(previewer: Previewer) -> Starlette:
    site = previewer.site_dir

    def state(request: Request) -> Response:
        return JSONResponse({"version": previewer.version, "error": previewer.error},
                            headers={"Cache-Control": "no-store"})

    def static(request: Request) -> Response:
        relative = request.path_params["path"]
        path = (site / relative).resolve()
        if site.resolve() not in path.parents and path != site.resolve():
            return Response("not found", status_code=404)
        if path.is_dir():
            path = path / "index.html"
        if not path.is_file():
            return Response("not found", status_code=404)
        if path.suffix == ".html":
            html = path.read_text(encoding="utf-8").replace("</body>", RELOAD_SCRIPT + "</body>", 1)
            return HTMLResponse(html, headers={"Cache-Control": "no-store"})
        return FileResponse(path, headers={"Cache-Control": "no-store"})

    return Starlette(routes=[Route("/_dev/state", state), Route("/{path:path}", static)])


def watch(previewer: Previewer, stop: threading.Event, interval: float = 0.2) -> None:
    while not stop.is_set():
        started = time.perf_counter()
        pages = previewer.poll()
        if pages:
            print(f"rebuilt {len(pages)} page(s) in {time.perf_counter() - started:.2f} s: "
                  + ", ".join(pages[:4]) + (" …" if len(pages) > 4 else ""), flush=True)
        stop.wait(interval)


def serve_watch(root: Path, host: str, port: int) -> int:
    import uvicorn
    site_dir = Path(root) / "site"
    if not (site_dir / "en" / "index.html").exists():
        print("rulebook serve --watch: no built site; run `rulebook build` first", flush=True)
        return 2
    try:
        previewer = Previewer(Path(root), site_dir)
    except RulebookError as error:
        print(error, flush=True)
        return 1
    stop = threading.Event()
    thread = threading.Thread(target=watch, args=(previewer, stop), daemon=True)
    thread.start()
    print(f"watching {Path(root) / 'rulebook'}/ and serving {site_dir}/ on http://{host}:{port}/", flush=True)
    try:
        uvicorn.run(create_dev_app(previewer), host=host, port=port, log_level="warning")
    finally:
        stop.set()
    return 0
