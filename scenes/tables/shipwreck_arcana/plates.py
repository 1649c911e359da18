"""While a fate is dragged, each card that takes it carries a plate saying what placing it there does
(rules.play_preview): whether the card fades, the doom, the load it reaches, and for The Hours where the fate
goes on to ("Fades! +2 doom, 2/2 moons", "Safe, 2/3 moons", "Goes to The Mirror…"), so that nobody learns it
from the doom track afterwards."""

from __future__ import annotations

import pygame

from game.games.shipwreck_arcana.cards import value_of
from game.games.shipwreck_arcana.rules import play_preview

from ...ui import fonts
from ...ui.strings import tr
from ...ui.theme import scale
from .art import DOOM, GOLD_HI, HOPE, MOON, T, card_name


def drop_labels(view, gestures) -> dict:
    """drop key -> ([lines], colour) for every card a dragged fate may be dropped on."""
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


def draw_plate(surface, rect: pygame.Rect, lines: list, colour) -> None:
    """A plate across the lower middle of a lit card, above its moons: the verdict bold in its colour, the
    load it reaches under it. Every plate has the room of the longest one, so that all lit cards read alike
    and none shows half a keyword."""
    heads, last = lines[:-1], lines[-1]
    lh_head = fonts.get("body", True).get_linesize()
    lh = fonts.get("small", True).get_linesize()
    room = lh_head * max(2, len(heads)) + lh + scale(10)
    plate = pygame.Rect(rect.left + scale(6), 0, rect.width - scale(12), room)
    plate.bottom = rect.top + int(rect.height * 0.80)
    pygame.draw.rect(surface, (4, 16, 22), plate, border_radius=scale(10))  # opaque: no keyword shows through
    pygame.draw.rect(surface, colour, plate, max(2, scale(3)), border_radius=scale(10))
    y = plate.centery - (lh_head * len(heads) + lh) // 2
    for line in heads:
        text = fonts.lines(line, plate.width - scale(10), "body", True, max_lines=1)[0]
        fonts.blit_text(surface, text, (plate.centerx, y), "body", colour, True, anchor="midtop")
        y += lh_head
    text = fonts.lines(last, plate.width - scale(10), "small", True, max_lines=1)[0]
    fonts.blit_text(surface, text, (plate.centerx, y), "small", MOON, True, anchor="midtop")
