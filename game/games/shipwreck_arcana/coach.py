"""The coach's words for The Shipwreck Arcana (see game/ai/coach.py): which values the active fate may still
be and how likely each is (the Hard listener's posterior, ai.belief), what a play fades and the doom it
threatens (rules.play_preview), and a warning before a play that fades a card with doom.

Everything is read from the seat's own view of its determinized state, which is its true view: the held fates
of other positions are never in it.
"""

from __future__ import annotations

from ...ai.coach import Advice
from .ai import LEVELS, belief, pending_fades, top
from .cards import deck, value_of
from .inference import VALUES
from .rules import GOAL, play_preview

C = "shipwreck_arcana.coach."


def advice(rules, state, seat: int, act) -> Advice:
    view = rules.view(state, seat)
    if act.kind == "play":
        return _play(view, act)
    if act.kind in ("predict", "pass"):
        p = belief(view, view["active"], LEVELS["hard"])
        if p is None:
            return Advice("table.coach_default", {})
        value, chance = top(p)
        params = {"value": value, "odds": round(100 * chance), "possible": _possible(p),
                  "fades": pending_fades(view)}
        return Advice(C + ("predict" if act.kind == "predict" else "pass"), params)
    return Advice("table.coach_default", {})


def warning(rules, state, seat: int, act) -> Advice | None:
    if act.kind != "play":
        return None
    view = rules.view(state, seat)
    preview = play_preview(view, act["slot"], value_of(act["token"]))
    if not preview["fades"] or not preview["doom"]:
        return None
    return Advice(C + "warn_fade", {"card": _card(preview["card"]), "doom": preview["doom"],
                                    "after": min(GOAL, view["doom"] + preview["doom"]), "goal": GOAL},
                  _at_stake(view, preview))


def _at_stake(view: dict, preview: dict) -> tuple:
    """One more sentence when the doom a fade threatens would end the game: all then rides on the guess."""
    return (Advice(C + "at_stake", {"goal": GOAL}),) if view["doom"] + preview["doom"] >= GOAL else ()


def _play(view: dict, act) -> Advice:
    value = value_of(act["token"])
    preview = play_preview(view, act["slot"], value)
    if not preview["slot"]:
        return Advice(C + "play_bag", {"value": value})
    params = {"value": value, "card": _card(preview["card"]), "load": preview["load"], "moons": preview["moons"]}
    if preview["fades"]:
        key = "play_fades" if preview["doom"] else "play_fades_free"
        return Advice(C + key, {**params, "doom": preview["doom"]}, _at_stake(view, preview))
    return Advice(C + "play", params)


def _card(card_id: str) -> dict:
    return dict(deck().card(card_id).name)


def _possible(p: list) -> str:
    """The values still possible with their chances: "2 (40%), 5 (35%)" (numbers read alike in both languages)."""
    return ", ".join(f"{v} ({round(100 * x)}%)" for v, x in zip(VALUES, p, strict=True) if x > 0.005)
