"""Bust odds (§8.5): the chance that the next Draw busts the active player, from public knowledge only.

The Draw Pile's contents are public by deduction (60 cards minus every other zone), so counting the suits
in the pile gives exactly the spec's left(s); only its order is secret, and that is never read here except
for the publicly revealed top card.
"""

from __future__ import annotations

from .effects import KRAKEN_TAMER, MERMAID_CHARMER
from .state import KRAKEN, MERMAID


def at_risk_suits(state) -> set:
    suits = {c // 6 for c in state.play}
    trait = state.traits[state.current]
    if trait == MERMAID_CHARMER:
        suits.discard(MERMAID)
    elif trait == KRAKEN_TAMER:
        suits.discard(KRAKEN)
    return suits


def bust_odds(state) -> float | None:
    pile = state.draw
    if not pile:
        return None
    suits = at_risk_suits(state)
    if state.known:
        return 1.0 if pile[-1] // 6 in suits else 0.0
    if not suits:
        return 0.0
    return sum(1 for c in pile if c // 6 in suits) / len(pile)
