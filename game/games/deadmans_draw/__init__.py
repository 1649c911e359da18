"""Dead Man's Draw: push-your-luck pirate looting for 2–4 players.

What the registry needs of a game module: RULES, BOTS (bot factories by level), describe (log lines)
and validate_data (load and check the card YAML).
"""

from .ai import BOTS
from .cards import load_deck
from .log import describe
from .rules import DeadMansDraw

RULES = DeadMansDraw()

__all__ = ["BOTS", "RULES", "describe", "validate_data"]


def validate_data() -> str:
    d = load_deck()
    return f"{len(d.loot)} loot cards in {len(d.suits)} suits, {len(d.traits)} traits"
