"""Get Lucky: the 2012 beta of Cheapass Games' murder-the-old-man card game, for 3–6 players.

Engine only so far: the table (scenes/tables) comes in a later change, so the app does not list it yet.
"""

from . import coach as COACH
from .ai import BOTS
from .cards import load_deck
from .log import describe
from .rules import GetLucky

RULES = GetLucky()

__all__ = ["BOTS", "COACH", "RULES", "describe", "reference", "validate_data"]


def validate_data() -> str:
    from ...core.rulebook import sections

    d = load_deck()
    return (f"{len(d.characters)} characters, {len(d.actions)} action cards, "
            f"{len(sections(RULES.info.id))} rules sections")


def reference() -> list[tuple[str, dict]]:
    """The character list and the card kinds for the Rules screen, from the card data."""
    d = load_deck()
    chars = {lang: "\n".join(f"- {c.number}. {c.name[lang]}: {c.grudge[lang]}" for c in d.characters)
             for lang in ("en", "ja")}
    kinds = {lang: "\n".join(
        f"- {k.name[lang]} ({sum(1 for c in d.actions if c.kind == k.id)}): {k.text[lang]}" for k in d.kinds)
        for lang in ("en", "ja")}
    return [("get_lucky.rules.characters", chars), ("get_lucky.rules.cards", kinds)]
