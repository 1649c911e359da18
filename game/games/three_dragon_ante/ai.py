"""Three-Dragon Ante bots: for now one simple heuristic for all three levels (a later change brings the
real AI of spec §13). It reads only the seat's determinized state (game.ai.bot.SeatInfo), so it counts on
nothing but what is public or its own.
"""

from __future__ import annotations

from ...ai.bot import PolicyBot
from .cards import GOOD, table
from .state import ANTE


def _card_value(card_id: str) -> int:
    t = table()
    return t.strength[t.index[card_id]]


def policy(rules, state, seat: int, legal: list, rng):
    """Ante the weakest card; play the strongest card that still triggers, else the weakest; give a dragon
    rather than pay 5 only when short of gold or the dragon is weak; otherwise the first option."""
    kind = legal[0].kind
    if kind == "ante" or state.phase == ANTE:
        return min(legal, key=lambda a: _card_value(a["choice"]))
    if kind == "play":
        return _play(state, seat, legal)
    if kind == "give_or_pay":
        gifts = [a for a in legal if a["choice"] != "pay"]
        if gifts and (state.gold[seat] < 5 or min(_card_value(a["choice"]) for a in gifts) <= 4):
            return min(gifts, key=lambda a: _card_value(a["choice"]))
        return next(a for a in legal if a["choice"] == "pay")
    if kind == "blue_mode":
        return legal[0]  # mode A: the gold comes to us
    return legal[0]


def _play(state, seat: int, legal: list):
    t = table()
    previous = state.round_cards[(seat - 1) % state.players]
    first = state.played_any is False
    limit = 99 if first or state.archmage[seat] else (t.strength[previous] if previous >= 0 else -1)
    firing = [a for a in legal if _card_value(a["choice"]) <= limit]
    if firing:
        return max(firing, key=lambda a: (_card_value(a["choice"]), t.align[t.index[a["choice"]]] == GOOD))
    return min(legal, key=lambda a: _card_value(a["choice"]))


BOTS = {
    "easy": lambda **_: PolicyBot("easy", policy),
    "normal": lambda **_: PolicyBot("normal", policy),
    "hard": lambda **_: PolicyBot("hard", policy),
}
