"""Deadwood 1876: Travis Hancock's 2018 bluffing and take-that game of robbing safes in teams, 4–9 players.

The rules engine; the app lists the game and plays it at the table in scenes/tables/deadwood/, with the
AI in ai.py.
"""

from . import coach as COACH
from .ai import BOTS
from .cards import data, load
from .log import describe
from .rules import Deadwood

RULES = Deadwood()

__all__ = ["BOTS", "COACH", "RULES", "describe", "reference", "validate_data"]


def validate_data() -> str:
    from ...core.rulebook import sections

    d = load()
    return (f"{len(d.cards)} Deadwood cards, {len(d.safes)} safes, {len(d.characters)} characters, "
            f"{len(sections(RULES.info.id))} rules sections")


def reference() -> list[tuple[str, dict]]:
    """The guns with their dice, and the safes, for the Rules screen, from the card data."""
    d = data()
    guns = {lang: "\n".join(f"- {g.name[lang]} ({g.die['name'][lang]}): {', '.join(map(str, g.faces))}"
                            for g in d.guns) for lang in ("en", "ja")}
    safes = {lang: "\n".join(f"- {x.name[lang]}: {x.text[lang]}" for x in d.safes) for lang in ("en", "ja")}
    return [("deadwood.rules.guns", guns), ("deadwood.rules.safes", safes)]
