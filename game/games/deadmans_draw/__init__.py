"""Dead Man's Draw: push-your-luck pirate looting for 2–4 players."""

from .rules import DeadMansDraw

RULES = DeadMansDraw()
from .ai import BOTS  # noqa: E402
from .log import describe  # noqa: E402


def validate_data() -> str:
    from .cards import load_deck

    d = load_deck()
    return f"{len(d.loot)} loot cards in {len(d.suits)} suits, {len(d.traits)} traits"
