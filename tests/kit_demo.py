"""A demo table built from the kit alone (no game's code): a ring of seats with panels and coins, piles,
a hand, a stack, a slot row, dice, a score track and a counter. tests/test_table_kit.py draws it at both
window sizes in both languages; `python -m tests.kit_demo` writes PNGs of it to /tmp to look at."""

from __future__ import annotations

import os

import pygame

from scenes.table.cardart import ink_on
from scenes.table.gestures import Gesture
from scenes.table.kit import (
    ChoicePanel,
    CoinStack,
    Counter,
    DiceTray,
    Hand,
    Pile,
    ScoreTrack,
    SeatPanel,
    SlotRow,
    Stack,
    Widgets,
    seat_ring,
)
from scenes.ui import fonts
from scenes.ui.strings import lang, set_language
from scenes.ui.theme import scale
from scenes.ui.widgets import Button

FELT = (24, 62, 50)
TEAMS = [("A", (196, 70, 60)), ("B", (70, 120, 200))]
NAMES = ["Aiko", "Bartholomew Longname", "Chiyo", "Dmitri", "Eleanor", "藤原さくら", "Gus", "Hana", "Ignatius"]
LEVELS = [None, "easy", "normal", "hard", "normal", "easy", None, "hard", "normal"]


def card_image(face, w, h) -> pygame.Surface:
    """Plain stand-in art: a pale face with its id, or a patterned back."""
    surf = pygame.Surface((max(1, w), max(1, h)), pygame.SRCALPHA)
    colour = (236, 228, 210) if face else (120, 40, 48)
    pygame.draw.rect(surf, colour, surf.get_rect(), border_radius=max(2, w // 10))
    pygame.draw.rect(surf, (40, 30, 24), surf.get_rect(), max(1, w // 40), border_radius=max(2, w // 10))
    if face:
        fonts.blit_text(surf, str(face), (w // 2, h // 2), "small", ink_on(colour), True, anchor="center")
    else:
        for y in range(w // 8, h - w // 8, max(4, w // 8)):
            pygame.draw.line(surf, (170, 80, 80), (w // 8, y), (w - w // 8, y), 1)
    return surf


def view(players: int = 9) -> dict:
    """A view in the zones schema (game/core/zones.py) for the demo."""
    zones = [
        {"id": "draw", "owner": None, "kind": "pile", "cards": [], "count": 31, "face": "down", "ordered": True},
        {"id": "discard", "owner": None, "kind": "pile", "cards": ["c40", "c41", "c42"], "count": 3, "face": "up",
         "ordered": True},
        {"id": "row", "owner": None, "kind": "row", "cards": ["r1", "r2"], "count": 2, "face": "up", "ordered": True},
        {"id": "hand/0", "owner": 0, "kind": "hand", "cards": [f"h{i}" for i in range(9)], "count": 9, "face": "up",
         "ordered": False},
        {"id": "stack/0", "owner": 0, "kind": "stack", "cards": ["s1", "s2", "s3", "s4"], "count": 4, "face": "up",
         "ordered": True},
    ]
    for seat in range(1, players):
        zones.append({"id": f"hand/{seat}", "owner": seat, "kind": "hand", "cards": [], "count": 2 + seat % 4,
                      "face": "down", "ordered": False})
    return {"zones": zones, "seating": [[s, s] for s in range(players)], "players": players}


def build(width: int, height: int, players: int = 9) -> tuple[Widgets, list[SeatPanel], object]:
    """The demo's widgets laid out for a window of width×height (16:9, so the table fills it)."""
    scale.set_window(width, height)
    fonts.clear_cache()
    w = Widgets()
    ring = seat_ring(players, pygame.Rect(scale(20), scale(14), scale(1470), scale(976)))
    panels = []
    for place, area in enumerate(ring.areas):
        seat = place
        panel = w.add(f"seat{seat}", SeatPanel(seat, area))
        team = TEAMS[seat % 2]
        panel.set(NAMES[seat], LEVELS[seat], turn=seat == 2, thinking=seat == 3, team=team,
                  lines=[f"{10 * seat} pts"] if seat else [])
        panels.append(panel)
        body = panel.body
        if seat == 0:
            coin_w = scale(150)
            w.add("hand/0", Hand("hand/0", pygame.Rect(body.left + scale(160), body.top, body.width - scale(330),
                                                       body.height), card_image))
            w.add("stack/0", Stack("stack/0", pygame.Rect(body.left, body.top, scale(110), body.height), card_image))
            coins = w.add("coins0", CoinStack("coins0", pygame.Rect(body.right - coin_w, body.top, coin_w,
                                                                    min(body.height, scale(150))), owner=0))
            coins.set_amount(37)
        else:
            coin_w = min(scale(120), body.width // 3)
            hand = pygame.Rect(body.left, body.top, body.width - coin_w - scale(8), body.height)
            w.add(f"hand/{seat}", Hand(f"hand/{seat}", hand, card_image))
            coins = w.add(f"coins{seat}", CoinStack(f"coins{seat}", pygame.Rect(hand.right + scale(8), body.top,
                                                                                coin_w, body.height), owner=seat))
            coins.set_amount(seat * 6)
    c = ring.centre.inflate(-scale(30), -scale(40))
    card_h = min(scale(196), c.height * 45 // 100)
    card_w = card_h * 5 // 7
    w.add("draw", Pile("draw", pygame.Rect(c.left, c.top + scale(30), card_w, card_h), card_image, "Draw"))
    w.add("discard", Pile("discard", pygame.Rect(c.left + card_w + scale(30), c.top + scale(30), card_w, card_h),
                          card_image, "Discard"))
    row_left = c.left + 2 * card_w + scale(60)
    w.add("row", SlotRow("row", pygame.Rect(row_left, c.top + scale(30), c.right - row_left, card_h), card_image, 4))
    low = c.top + scale(30) + card_h + scale(20)
    dice = w.add("dice", DiceTray("dice", pygame.Rect(c.left, low, c.width * 45 // 100, c.bottom - low)))
    dice.set([1, 4, 6, 3], [None, ((190, 40, 40), "R"), None, ((40, 90, 180), "B")])
    right = c.left + c.width * 45 // 100 + scale(20)
    track = w.add("score", ScoreTrack("score", pygame.Rect(right, low, c.right - right, (c.bottom - low) * 6 // 10),
                                      30))
    track.set([(s, NAMES[s], str(s + 1), TEAMS[s % 2][1], (7 * s) % 31) for s in range(players)])
    w.add("pot", Counter("pot", pygame.Rect(right, track.rect.bottom + scale(10), scale(220),
                                            c.bottom - track.rect.bottom - scale(10)), "Pot", "¤", value=12))
    w.bind(view(players))
    return w, panels, ring


def choice() -> tuple[ChoicePanel, list[Gesture]]:
    """A question with seven answers and a drag that is not one of them, laid out in the window's middle."""
    rect = pygame.Rect(0, 0, scale(1100), scale(560))
    rect.center = (scale(960), scale(500))
    ja = lang() == "ja"
    panel = ChoicePanel(rect, "誰から略奪しますか?" if ja else "Whom do you plunder?")
    gestures = [Gesture(None, click=f"seat:{i}", label=(f"{name}から奪う" if ja else f"Plunder {name}"),
                        use=lambda: None) for i, name in enumerate(NAMES[1:8])]
    gestures.append(Gesture(None, drag_from="zone:play", label="drag", use=lambda: None))
    return panel, gestures


def paint(surface, widgets: Widgets, players: int = 9) -> None:
    """The widgets, the pieces as a table's draw_piece would show them at rest, then what lies over them."""
    surface.fill(FELT)
    widgets.draw(surface)
    for place in widgets.placements(view(players)).values():
        surface.blit(card_image(place.face, place.rect.width, place.rect.height), place.rect)
    widgets.draw_over(surface)


def render(width: int, height: int, lang: str = "en", players: int = 9) -> pygame.Surface:
    set_language(lang)
    widgets, _, _ = build(width, height, players)
    surface = pygame.Surface((width, height))
    paint(surface, widgets, players)
    return surface


if __name__ == "__main__":
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    pygame.init()
    for size in ((1280, 720), (1920, 1080)):
        for language in ("en", "ja"):
            path = f"/tmp/kit-demo-{size[0]}-{language}.png"
            pygame.image.save(render(*size, language), path)
            print(path)
            set_language(language)
            panel, gestures = choice()
            shot = pygame.Surface(size)
            shot.fill(FELT)
            panel.button_gestures(gestures, which=lambda g: g.click)
            panel.draw(shot)
            for rect, g in panel.button_gestures(gestures, which=lambda g: g.click):
                button = Button(g.label, lambda: None, "primary")
                button.rect = rect
                button.draw(shot)
            path = f"/tmp/kit-choice-{size[0]}-{language}.png"
            pygame.image.save(shot, path)
            print(path)
