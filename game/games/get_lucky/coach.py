"""The coach's words for Get Lucky (see game/ai/coach.py): the strength of an attempt against the Luck the other
players may hold (what the Luck tracker assist counts: the Luck cards still unseen, shared out by hand size,
ai.unseen_defence), what a defence brings the strength down to, and how soon Doctor Lucky reaches the character
a move arms or brings in. Get Lucky has no warning: its risks are the odds the advice gives.
"""

from __future__ import annotations

from ...ai.coach import Advice
from .ai import steps_to, unseen_defence
from .cards import LUCK_VALUES, deck
from .rules import strength

C = "get_lucky.coach."


def advice(rules, state, seat: int, act) -> Advice:
    kind = act.kind
    if kind in ("attempt", "decline"):
        luck = act["luck"] if kind == "attempt" else ()
        total = strength(state, state.lucky) + sum(luck)
        return Advice(C + kind, {"strength": total, "defence": f"{unseen_defence(state, seat):.1f}"})
    if kind == "defend":
        spent = sum(n * v for n, v in zip(act["luck"], LUCK_VALUES, strict=True))
        if spent:
            return Advice(C + "defend", {"strength": state.strength, "after": max(0, state.strength - spent)})
        later = unseen_defence(state, seat) * (len(state.defenders) - 1) / max(1, state.players - 1)
        return Advice(C + "let_pass", {"strength": state.strength, "defence": f"{later:.1f}"})
    if kind == "attract":
        return Advice(C + "attract", {"character": _name(act["target"]), "strength": strength(state, act["target"])})
    if kind in ("wmo", "take"):
        number = act["host"] if kind == "wmo" else act["take"]
        steps = steps_to(state, number)
        return Advice(C + kind + ("" if steps else "_here"), {"character": _name(number), "steps": steps})
    return Advice("table.coach_default", {})


def warning(rules, state, seat: int, act) -> Advice | None:
    return None


def _name(number: int) -> dict:
    return dict(deck().character(number).name)
