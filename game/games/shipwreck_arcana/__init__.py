"""The Shipwreck Arcana: cooperative deduction with fate tokens and fading arcana, for 2–5 players."""

from . import coach as COACH
from .ai import BOTS
from .cards import load_deck
from .log import describe
from .rules import ShipwreckArcana

RULES = ShipwreckArcana()

__all__ = ["BOTS", "COACH", "RULES", "describe", "reference", "validate_data"]


def validate_data() -> str:
    from ...core.rulebook import sections

    d = load_deck()
    return f"The Hours, {len(d.arcana)} arcana, {len(d.powers)} powers, {len(sections(RULES.info.id))} rules sections"


def reference() -> list[tuple[str, dict]]:
    """The arcana and the faded powers for the Rules screen, built from the card data."""
    from ...core.i18n import text

    d = load_deck()
    cards = {lang: "\n".join(
        f"- {c.name[lang]} ({c.keyword[lang]}, {text('shipwreck_arcana.rules.moons', lang, n=c.moons)} → "
        f"{d.power(c.power).name[lang]}): {c.text[lang]}" for c in d.arcana) for lang in ("en", "ja")}
    powers = {lang: "\n".join(f"- {p.name[lang]}: {p.text[lang]}" for p in d.powers) for lang in ("en", "ja")}
    return [("shipwreck_arcana.rules.cards", cards), ("shipwreck_arcana.rules.powers", powers)]
