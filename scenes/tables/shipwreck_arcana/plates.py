"""While a fate is dragged, each card that takes it carries a plate saying what placing it there does
(rules.play_preview): whether the card fades, the doom, the load it reaches, and for The Hours where the fate
goes on to ("Fades! +2 doom, 2/2 moons", "Safe, 2/3 moons", "Goes to The Mirror…"), so that nobody learns it
from the doom track afterwards."""

from __future__ import annotations

from game.games.shipwreck_arcana.cards import value_of
from game.games.shipwreck_arcana.rules import play_preview

from ...ui.strings import tr
from .art import DOOM, GOLD_HI, HOPE, T, card_name


def drop_labels(view, gestures) -> dict:
    """drop key -> ([lines], colour) for every card a dragged fate may be dropped on: the lines of its plate
    (kit.panels.plate), the verdict bold in its colour and the load it reaches under it."""
    out = {}
    for g in gestures:
        if g.action.kind != "play" or not g.drop_on:
            continue
        found = play_preview(view, g.action["slot"], value_of(g.action["token"]))
        if not found["card"]:
            continue  # H10: back to the bag, nothing fades
        if not found["fades"]:
            verdict, colour = tr(T + "drop_safe"), HOPE
        elif found["doom"]:
            verdict, colour = tr(T + "drop_fades_doom", doom=found["doom"]), DOOM
        else:
            verdict, colour = tr(T + "drop_fades_free"), GOLD_HI
        lines = verdict.split("\n") + [tr(T + "drop_load", load=found["load"], moons=found["moons"])]
        if g.action["slot"] == 0:
            lines.insert(0, tr(T + "drop_via", card=card_name(found["card"])))
        out[g.drop_on] = (lines, colour)
    return out
