"""Translation QA: checks computed from the texts (checks.py), run and acknowledged (report.py)."""
