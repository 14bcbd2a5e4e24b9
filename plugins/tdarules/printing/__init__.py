"""Print and PDF: the documents, their rendering, QR codes (no MkDocs import)."""
