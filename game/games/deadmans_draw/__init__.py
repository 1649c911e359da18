"""Dead Man's Draw: push-your-luck pirate looting for 2–4 players.

What the registry needs of a game module: RULES, BOTS (bot factories by level), describe (log lines)
and validate_data (load and check the card YAML).
"""

from . import coach as COACH
from .ai import BOTS
from .cards import load_deck
from .log import describe
from .rules import DeadMansDraw

RULES = DeadMansDraw()

__all__ = ["BOTS", "COACH", "RULES", "describe", "reference", "validate_data"]


def validate_data() -> str:
    from ...core.rulebook import sections

    d = load_deck()
    return (f"{len(d.loot)} loot cards in {len(d.suits)} suits, {len(d.traits)} traits, "
            f"{len(sections(RULES.info.id))} rules sections")


def reference() -> list[tuple[str, dict]]:
    """The suit and trait reference for the Rules screen, as (title text key, {en, ja} body) pairs, built
    from the card data so that it always says what the cards say."""
    d = load_deck()
    suit_lines = {lang: "\n".join(
        f"- {s.name[lang]} ({s.letter}, {min(c.value for c in d.loot if c.suit == s.index)}–"
        f"{max(c.value for c in d.loot if c.suit == s.index)}): {s.text[lang]}" for s in d.suits)
        for lang in ("en", "ja")}
    trait_lines = {lang: "\n".join(
        f"- {t.number} {t.name[lang]} ({t.pirate[lang]}): {t.text[lang]}" for t in d.traits) for lang in ("en", "ja")}
    return [("deadmans_draw.rules.suits", suit_lines), ("deadmans_draw.rules.traits", trait_lines)]
