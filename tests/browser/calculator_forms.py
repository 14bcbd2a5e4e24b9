"""Filling a calculator's form the way a reader does, shared by the browser tests."""
from __future__ import annotations


def calculate_pot_limit_preflop(section) -> None:
    """Pot-limit, preflop, blinds 100/200 (max bet to 700), then Calculate."""
    section.locator('[data-field="street"] select').select_option("preflop")
    section.locator('[data-field="smallBlind"] input').fill("100")
    section.locator('[data-field="bigBlind"] input').fill("200")
    section.locator("button[type=submit]").click()
