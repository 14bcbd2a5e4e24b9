"""The home page's "Print and PDF" list (templates/print/downloads.html): this language's PDFs with
their sizes and page counts, and the sheet builder."""
from __future__ import annotations

KIND_TITLE = {"full": "full_title", "handout": "handout_title"}


def human_size(size: int) -> str:
    return f"{size / 1_048_576:.1f} MB" if size >= 1_048_576 else f"{max(1, round(size / 1024))} KB"


def downloads_view(ctx) -> dict:
    """`ctx` is the page Context; its `downloads` are printing.pdf.Generated, empty when PDFs are off."""
    items = []
    for pdf in ctx.downloads:
        if ctx.language not in pdf.languages:
            continue
        key = "bilingual_title" if len(pdf.languages) > 1 else KIND_TITLE[pdf.kind]
        names = " + ".join(ctx.strings.get("language_name", lang) for lang in pdf.languages)
        items.append({"href": f"/pdf/{pdf.filename}", "title": ctx.s(key), "languages": names,
                      # each name in its own language, marked so (WCAG 3.1.2)
                      "language_names": [(lang, ctx.strings.get("language_name", lang)) for lang in pdf.languages],
                      "lang": pdf.languages[0] if len(pdf.languages) == 1 else None,
                      "size": human_size(pdf.bytes), "pages": ctx.s("pdf_pages", pages=pdf.pages)})
    return {"language": ctx.language, "entries": items, "heading": ctx.s("downloads"),
            "intro": ctx.s("downloads_intro"), "builder": ctx.s("builder_link")}
