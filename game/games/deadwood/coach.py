"""The coach's words for Deadwood 1876 (see game/ai/coach.py): the odds of a Robbery or a Duel and what the
safe is likely to hold, and a warning before a fight at worse than even odds.

The odds are the ones the AI uses (heuristics.win_against_defence: the exact dice odds of fights.py, averaged
over the gun a defender is likely to hold, or a sure win against empty hands); what a safe holds is the seat's
belief (belief.slots), read from its own knowledge flags in its determinized state.
"""

from __future__ import annotations

from ...ai.coach import Advice
from . import belief
from .cards import data
from .deck import card_index
from .heuristics import gun, win_against_defence

C = "deadwood.coach."
RISKY = 0.5  # a fight won less often than this is warned of


def advice(rules, state, seat: int, act) -> Advice:
    if act.kind not in ("rob", "duel"):
        return Advice("table.coach_default", {})
    card = card_index()[act["card"]]
    target = act["target"]
    params = {"gun": dict(data().guns[gun(card)].name), "player": {"seat": target},
              "odds": _percent(fight_odds(state, target, card))}
    if act.kind == "duel":
        return Advice(C + "duel", params)
    return Advice(C + "rob", params, (_safe_words(state, seat, target, act["slot"] - 1),))


def warning(rules, state, seat: int, act) -> Advice | None:
    if act.kind not in ("rob", "duel"):
        return None
    card = card_index()[act["card"]]
    odds = fight_odds(state, act["target"], card)
    if odds >= RISKY:
        return None
    return Advice(C + "warn_fight", {"gun": dict(data().guns[gun(card)].name), "odds": _percent(odds)})


def fight_odds(state, target: int, card: int) -> float:
    """The attacker's chance with `card` against `target`: certain when the target holds no card to defend."""
    return win_against_defence((gun(card),)) if state.hands[target] else 1.0


def _safe_words(state, seat: int, target: int, slot: int) -> Advice:
    """What the seat knows of the safe: its content if it tracks it, else its expected gold."""
    if state.trk[target][slot] >> seat & 1:
        safe = state.rows[target][slot]
        return Advice(C + "safe_known", {"safe": dict(data().safes[safe].name)})
    gold, badge, _ = belief.slots(state, seat)[target][slot]
    return Advice(C + "safe_guess", {"gold": f"{gold:.1f}", "badge": _percent(badge)})


def _percent(p: float) -> int:
    return round(100 * p)
