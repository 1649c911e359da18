"""Three-Dragon Ante: Legendary Edition (Rob Heinsoo, WizKids 2019), for 2–6 players.

Engine only so far: no table (scenes/tables) yet, so the app does not list it.
"""

from .ai import BOTS
from .cards import load_deck
from .log import describe
from .rules import ThreeDragonAnte

RULES = ThreeDragonAnte()

__all__ = ["BOTS", "RULES", "describe", "reference", "validate_data"]


def validate_data() -> str:
    d = load_deck()
    return f"{len(d.cards)} cards ({len(d.specials)} specials), {len(d.powers)} powers"


def reference() -> list[tuple[str, dict]]:
    """The special cards and their powers for the Rules screen, from the card data."""
    d = load_deck()
    body = {lang: "\n".join(f"- {c.name[lang]} ({c.strength}): {d.powers[c.effect][lang]}" for c in d.specials)
            for lang in ("en", "ja")}
    return [("three_dragon_ante.rules.specials", body)]
