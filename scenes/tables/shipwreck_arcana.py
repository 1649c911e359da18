"""The Shipwreck Arcana table: The Hours with the score and doom tracks, the row of four arcana with their
conditions, moons against the current load and the fates lying in front of them, the deck's public top
card, the bag, the power stock (faded cards shown by their power), every position's area with its held
fates and its number line (teammates' marks and the elimination assist), and the middle panel, which
tells the story of the turn and becomes the group's prediction panel (AI advice with its reason, the seven
values, Pass or Stop, the powers usable now, reveals). While a fate is dragged, each card that takes it carries
a plate saying what placing it there does: whether the card fades, the doom, the load it reaches.

Laid out in 1920×1080 design units (see ui.theme) and scaled to the window. Pieces are arcana cards keyed
`card:<id>` (in the row, on top of the deck, in the stock), fates keyed `fate:<token>` (in the row, and in
the viewer's own hands), and short-lived `ghost:` tokens for fates the viewer cannot follow (another
position's draw, a resolved or revealed fate). Other positions' held fates are drawn as counts.
"""

from __future__ import annotations

import math
from functools import cache

import pygame

from game.core.events import redact_all
from game.games.shipwreck_arcana.ai import advice, advice_reason
from game.games.shipwreck_arcana.cards import QUESTIONS, deck, hours, value_of
from game.games.shipwreck_arcana.log import position_names
from game.games.shipwreck_arcana.rules import play_preview

from ..table.base import GameTable, R
from ..table.board import Leg, Placement
from ..table.cardart import blit_rotated, gradient, icon, mix, paper, shadow, text_fit
from ..table.gestures import Gesture
from ..ui import fonts, theme
from ..ui.strings import lang, pick, tr
from ..ui.theme import scale

T = "shipwreck_arcana.table."

SEA_TOP, SEA_BOTTOM = (18, 62, 70), (6, 26, 34)
NIGHT = (12, 36, 46)
NIGHT_DEEP = (6, 20, 28)
GOLD = (206, 170, 92)
GOLD_HI = (242, 208, 134)
MOON = (238, 234, 218)
MOON_DIM = (160, 176, 174)
DOOM = (210, 62, 54)
HOPE = (96, 190, 116)
PAPER_TOP, PAPER_BOTTOM = (248, 243, 228), (224, 214, 188)
INK_TEAL = (18, 70, 78)
INK_FATE = (16, 12, 8)
LINE = (54, 96, 100)
# Number-line colours per position (spec §3.5), in seat order; the name always goes with the colour.
HOUSES = ((64, 196, 188), (232, 168, 56), (170, 124, 226), (226, 78, 96), (140, 160, 186))
HOUSE_IDS = ("teal", "amber", "violet", "crimson", "slate")

GROUP_PHASES = ("reveal", "predict", "second")
POWER_ICONS = {
    "higher_than": ("plain-arrow", 180), "ask_123": ("info", 0), "ask_147": ("info", 0), "ask_345": ("info", 0),
    "ask_567": ("info", 0), "twice": ("rolling-dices", 0), "discard_lower": ("cancel", 0), "old": ("calendar", 0),
    "cycle": ("anticlockwise-rotation", 0),
}

# Design-unit geometry (1920×1080).
ROW_Y = 30
CARD_W, CARD_H = 180, 252
HOURS_X, HOURS_W = 30, 270
ARCANA_X, ARCANA_STEP = 320, 200
ROW_TOKEN = 58
DECK_BOX = (1140, ROW_Y + 14, 160, 224)
BAG_BOX = (1330, ROW_Y + 30, 150, 170)
STOCK_BOX = (20, 360, 1470, 88)
STOCK_LABEL_W = 150
CHIP_W, CHIP_H = 244, 56
PANEL_BOX = (20, 458, 1470, 318)
POS_Y, POS_H = 786, 204
HAND_TOKEN = 78


def card_name(card_id: str | None) -> str:
    if card_id is None:
        return "—"
    return pick(deck().card(card_id).name)


def power_name(power_id: str) -> str:
    return pick(deck().power(power_id).name)


def _px(pixels: float) -> float:
    """A text size in window pixels, as the logical size fonts.render expects (it scales logical sizes)."""
    return pixels / scale.factor if scale.factor else pixels


def fit_middle(surface, text: str, rect: pygame.Rect, colour, sizes, bold=False, align="center") -> None:
    """Like cardart.text_fit, but centred vertically in rect."""
    for size in sizes:
        lh = fonts.get(size, bold).get_linesize()
        lines = fonts.lines(text, rect.width, size, bold)
        if lh * len(lines) <= rect.height or size == sizes[-1]:
            lines = fonts.lines(text, rect.width, size, bold, max_lines=max(1, rect.height // lh))
            y = rect.centery - lh * len(lines) // 2
            for line in lines:
                img = fonts.render(line, size, colour, bold)
                x = rect.centerx - img.get_width() // 2 if align == "center" else rect.left
                surface.blit(img, (x, y))
                y += lh
            return


def _icon(spec, size: int, colour) -> pygame.Surface | None:
    name, angle = spec
    img = icon(name, size, colour)
    if img is not None and angle:
        img = pygame.transform.rotate(img, angle)
    return img


# -- drawing pieces --------------------------------------------------------------------------------------------


def moon_centres(w: int, h: int, moons: int) -> tuple[list, int]:
    """Where a card of size w×h draws its moons (bottom strip) and their radius."""
    r = max(4, int(min(w * 0.075, h * 0.05)))
    step = r * 3
    cy = int(h * 0.9)
    x0 = w // 2 - (moons - 1) * step // 2
    return [(x0 + i * step, cy) for i in range(moons)], r


@cache
def _crescent(r: int, colour: tuple) -> pygame.Surface:
    """A crescent moon of radius r: a disc with an offset disc cut away (transparent)."""
    surf = pygame.Surface((2 * r + 2, 2 * r + 2), pygame.SRCALPHA)
    pygame.draw.circle(surf, colour, (r + 1, r + 1), r)
    pygame.draw.circle(surf, (0, 0, 0, 0), (r + 1 + int(r * 0.55), r + 1 - int(r * 0.25)), int(r * 0.85))
    return surf


def draw_moon(surf, centre, r: int, colour, bg=None, filled: bool = True) -> None:
    """A moon mark: strong when filled (an hour of load lies on it), pale when not."""
    img = _crescent(max(2, r), tuple(colour) if filled else tuple(mix(colour, PAPER_TOP, 0.45)))
    surf.blit(img, img.get_rect(center=centre))


@cache
def _card_face(card_id: str, w: int, h: int, language: str) -> pygame.Surface:
    card = deck().card(card_id)
    radius = max(5, w // 14)
    surf = paper(w, h, PAPER_TOP, PAPER_BOTTOM, mix(GOLD, (0, 0, 0), 0.3), radius)
    frame = pygame.Rect(0, 0, w, h).inflate(-max(4, w // 16), -max(4, w // 16))
    pygame.draw.rect(surf, GOLD, frame, max(1, w // 90), border_radius=max(3, radius - 2))
    big = w > scale(260)  # the large preview (cards in the row are 180 wide in design units)
    band = pygame.Rect(0, 0, w, int(h * (0.14 if big else 0.18)))
    pygame.draw.rect(surf, NIGHT, band, border_top_left_radius=radius, border_top_right_radius=radius)
    pygame.draw.line(surf, GOLD, (0, band.bottom), (w, band.bottom), max(1, w // 90))
    text_fit(surf, pick(card.name), band.inflate(-int(w * 0.08), -int(h * 0.02)), MOON,
             sizes=(_px(max(14, int(h * (0.065 if big else 0.085)))), _px(14)), bold=True)
    spec = (card.icon, 0)
    size = int(min(w * 0.42, h * (0.17 if big else 0.27)))
    centre = (w // 2, band.bottom + int(size * 0.62) + int(h * 0.02))
    pygame.draw.circle(surf, mix(INK_TEAL, PAPER_TOP, 0.82), centre, int(size * 0.62))
    pygame.draw.circle(surf, mix(GOLD, PAPER_TOP, 0.3), centre, int(size * 0.62), max(1, w // 80))
    emblem = _icon(spec, size, INK_TEAL)
    if emblem is not None:
        surf.blit(emblem, emblem.get_rect(center=centre))
    top = centre[1] + int(size * 0.66)
    if big:
        key_rect = pygame.Rect(int(w * 0.06), top - int(h * 0.01), int(w * 0.88), int(h * 0.1))
        fit_middle(surf, pick(card.keyword), key_rect, INK_TEAL, sizes=(_px(h * 0.06), _px(h * 0.045), _px(14)),
                   bold=True)
        body = pygame.Rect(int(w * 0.08), key_rect.bottom + int(h * 0.01), int(w * 0.84), int(h * 0.21))
        fit_middle(surf, pick(card.text), body, theme.INK_DARK, sizes=(_px(h * 0.042), _px(h * 0.036), _px(14)))
        power = deck().power(card.power) if card.power != "none" else None
        if power is not None:
            back = pygame.Rect(int(w * 0.08), body.bottom + int(h * 0.005), int(w * 0.84), int(h * 0.14))
            doom = tr(T + ("fade_free" if card.fade_doom == 0 else "fade_doom"), doom=card.fade_doom)
            line = tr(T + "fades_into", power=pick(power.name), doom=doom)
            fit_middle(surf, line, back, mix(INK_TEAL, (0, 0, 0), 0.2), sizes=(_px(h * 0.038), _px(14)), bold=True)
    else:
        key_rect = pygame.Rect(int(w * 0.05), top, int(w * 0.9), int(h * 0.84) - top)
        fit_middle(surf, pick(card.keyword), key_rect, INK_TEAL,
                   sizes=(_px(max(14, h // 9)), _px(max(14, h // 11)), _px(14)), bold=True)
    if card.moons:
        centres, r = moon_centres(w, h, card.moons)
        for c in centres:
            draw_moon(surf, c, r, mix(GOLD, (0, 0, 0), 0.15), PAPER_BOTTOM, False)
    return surf


@cache
def _hours_face(w: int, h: int, language: str) -> pygame.Surface:
    """The Hours without its markers: a night card with the two tracks' cells."""
    card = deck().hours
    radius = max(5, w // 16)
    surf = paper(w, h, (28, 70, 82), NIGHT_DEEP, GOLD, radius)
    frame = pygame.Rect(0, 0, w, h).inflate(-max(4, w // 22), -max(4, w // 22))
    pygame.draw.rect(surf, mix(GOLD, NIGHT, 0.3), frame, max(1, w // 120), border_radius=max(3, radius - 2))
    band_h = int(h * 0.19)
    glass = _icon((deck().hours.icon, 0), int(band_h * 0.7), GOLD_HI)
    x = int(w * 0.06)
    if glass is not None:
        surf.blit(glass, glass.get_rect(midleft=(x, band_h // 2 + int(h * 0.01))))
        x += glass.get_width() + int(w * 0.03)
    name = pygame.Rect(x, int(h * 0.03), w - x - int(w * 0.05), band_h - int(h * 0.02))
    text_fit(surf, pick(card.name), name, GOLD_HI, sizes=(max(14, int(h * 0.085)), 14), bold=True, align="left")
    for track, top in (("score", _track_top(h, 0)), ("doom", _track_top(h, 1))):
        colour = HOPE if track == "score" else DOOM
        label = fonts.render(tr(T + track), max(14, int(h * 0.062)), mix(colour, MOON, 0.35), True)
        surf.blit(label, (int(w * 0.06), top - label.get_height() - int(h * 0.005)))
        for i, cell in enumerate(_track_cells(w, h, top)):
            pygame.draw.rect(surf, mix(colour, NIGHT_DEEP, 0.78), cell, border_radius=max(2, cell.width // 6))
            pygame.draw.rect(surf, mix(colour, NIGHT_DEEP, 0.45), cell, max(1, w // 150),
                             border_radius=max(2, cell.width // 6))
            if i == 7:
                mark = icon("trophy-cup" if track == "score" else "death-skull", int(cell.height * 0.7),
                            mix(colour, MOON, 0.3))
                if mark is not None:
                    surf.blit(mark, mark.get_rect(center=cell.center))
                    continue
            num = fonts.render(str(i), max(14, int(cell.height * 0.5)), mix(colour, MOON, 0.5))
            surf.blit(num, num.get_rect(center=cell.center))
    key_rect = pygame.Rect(int(w * 0.05), int(h * 0.86), int(w * 0.9), int(h * 0.12))
    text_fit(surf, pick(card.keyword), key_rect, MOON_DIM, sizes=(max(14, int(h * 0.07)), 14), bold=True)
    return surf


def _track_top(h: int, index: int) -> int:
    return int(h * (0.33 + index * 0.29))


def _track_cells(w: int, h: int, top: int) -> list:
    pad = int(w * 0.05)
    cell = (w - 2 * pad) / 8
    ch = int(h * 0.17)
    return [pygame.Rect(pad + round(i * cell) + 1, top, round(cell) - 2, ch) for i in range(8)]


@cache
def _hours_preview(w: int, h: int, language: str) -> pygame.Surface:
    card = deck().hours
    surf = paper(w, h, (28, 70, 82), NIGHT_DEEP, GOLD, max(6, w // 16))
    glass = _icon((deck().hours.icon, 0), int(h * 0.22), GOLD_HI)
    if glass is not None:
        surf.blit(glass, glass.get_rect(center=(w // 2, int(h * 0.26))))
    text_fit(surf, pick(card.name), pygame.Rect(int(w * 0.08), int(h * 0.04), int(w * 0.84), int(h * 0.1)), GOLD_HI,
             sizes=(max(14, h // 16), 14), bold=True)
    text_fit(surf, pick(card.keyword), pygame.Rect(int(w * 0.08), int(h * 0.42), int(w * 0.84), int(h * 0.08)),
             MOON, sizes=(max(14, h // 18), 14), bold=True)
    fit_middle(surf, pick(card.text), pygame.Rect(int(w * 0.08), int(h * 0.5), int(w * 0.84), int(h * 0.28)), MOON,
               sizes=(_px(h * 0.042), _px(h * 0.036), _px(14)))
    fit_middle(surf, tr(T + "hours_tracks"), pygame.Rect(int(w * 0.08), int(h * 0.79), int(w * 0.84), int(h * 0.18)),
               MOON_DIM, sizes=(_px(h * 0.034), _px(14)))
    return surf


@cache
def _power_face(card_id: str, w: int, h: int, language: str) -> pygame.Surface:
    """A faded card by its back: the power's icon and label (and its text when large)."""
    card = deck().card(card_id)
    power = deck().power(card.power)
    radius = max(5, min(w, h) // 6)
    surf = paper(w, h, (36, 52, 86), (16, 22, 44), GOLD, radius)
    if h > scale(200):
        inner = pygame.Rect(0, 0, w, h).inflate(-max(6, w // 14), -max(6, w // 14))
        pygame.draw.rect(surf, mix(GOLD, (16, 22, 44), 0.4), inner, max(1, w // 120), border_radius=radius // 2)
        emblem = _icon(POWER_ICONS[power.id], int(h * 0.2), GOLD_HI)
        if emblem is not None:
            surf.blit(emblem, emblem.get_rect(center=(w // 2, int(h * 0.22))))
        fit_middle(surf, pick(power.name), pygame.Rect(int(w * 0.08), int(h * 0.35), int(w * 0.84), int(h * 0.12)),
                   GOLD_HI, sizes=(_px(h * 0.065), _px(h * 0.05), _px(14)), bold=True)
        fit_middle(surf, pick(power.text), pygame.Rect(int(w * 0.08), int(h * 0.49), int(w * 0.84), int(h * 0.3)),
                   MOON, sizes=(_px(h * 0.042), _px(h * 0.036), _px(14)))
        who = tr(T + ("power_active" if power.user == "active" else "power_group"))
        text_fit(surf, who, pygame.Rect(int(w * 0.08), int(h * 0.8), int(w * 0.84), int(h * 0.07)), MOON_DIM,
                 sizes=(max(14, h // 30), 14))
        text_fit(surf, tr(T + "faded_from", card=pick(card.name)),
                 pygame.Rect(int(w * 0.08), int(h * 0.88), int(w * 0.84), int(h * 0.08)), MOON_DIM,
                 sizes=(max(14, h // 30), 14))
        return surf
    emblem = _icon(POWER_ICONS[power.id], int(h * 0.6), GOLD_HI)
    x = int(h * 0.18)
    if emblem is not None:
        surf.blit(emblem, emblem.get_rect(midleft=(x, h // 2)))
        x += emblem.get_width() + int(h * 0.12)
    fit_middle(surf, pick(power.name), pygame.Rect(x, int(h * 0.04), w - x - int(h * 0.12), int(h * 0.92)), MOON,
               sizes=(_px(max(14, int(h * 0.38))), _px(max(14, int(h * 0.3))), _px(14)), bold=True, align="left")
    return surf


@cache
def _card_back(w: int, h: int) -> pygame.Surface:
    surf = paper(w, h, (30, 46, 78), (14, 20, 40), GOLD, max(5, w // 14))
    c = (w // 2, h // 2)
    draw_moon(surf, c, int(min(w, h) * 0.22), GOLD_HI, (22, 32, 60), True)
    return surf


@cache
def _fate_face(value: int, d: int, via_hours: bool) -> pygame.Surface:
    """A fate token: the value large, its hours as dots, and an hourglass when it came via The Hours."""
    surf = pygame.Surface((d, d), pygame.SRCALPHA)
    r = d // 2
    pygame.draw.circle(surf, PAPER_TOP, (r, r), r - 1)
    pygame.draw.circle(surf, mix(PAPER_BOTTOM, PAPER_TOP, 0.3), (r, r), int(r * 0.78))
    rim = (70, 150, 160) if via_hours else GOLD
    pygame.draw.circle(surf, rim, (r, r), r - 1, max(2, d // 14))
    # The value fills most of the token in near-black on light paper, so it reads at 1280×720 (36 px tokens).
    num = fonts.render(str(value), _px(max(16, int(d * 0.66))), INK_FATE, True)
    surf.blit(num, num.get_rect(center=(r, int(d * 0.43))))
    n = hours(value)
    dot = max(2, d // 24)
    step = dot * 3
    x0 = r - (n - 1) * step // 2
    for i in range(n):
        pygame.draw.circle(surf, mix(GOLD, (0, 0, 0), 0.45), (x0 + i * step, int(d * 0.83)), dot)
    if via_hours:
        glass = icon("hourglass", max(8, int(d * 0.3)), (40, 110, 120))
        if glass is not None:
            surf.blit(glass, glass.get_rect(center=(int(d * 0.8), int(d * 0.2))))
    return surf


@cache
def _fate_back(d: int, question: bool = False) -> pygame.Surface:
    surf = pygame.Surface((d, d), pygame.SRCALPHA)
    r = d // 2
    pygame.draw.circle(surf, (26, 44, 74), (r, r), r - 1)
    pygame.draw.circle(surf, GOLD, (r, r), r - 1, max(2, d // 14))
    if question:
        q = fonts.render("?", _px(max(14, int(d * 0.5))), GOLD_HI, True)
        surf.blit(q, q.get_rect(center=(r, r)))
    else:
        draw_moon(surf, (r, r), int(r * 0.45), GOLD_HI, (26, 44, 74), True)
    return surf


@cache
def _shade(w: int, h: int, alpha: int) -> pygame.Surface:
    shade = pygame.Surface((w, h), pygame.SRCALPHA)
    shade.fill((2, 14, 20, alpha))
    return shade


def hatch(surface, rect: pygame.Rect, colour, step: int) -> None:
    """Diagonal stripes inside a rect (the elimination assist's 'ruled out')."""
    over = pygame.Surface(rect.size, pygame.SRCALPHA)
    w, h = rect.size
    for x in range(-h, w, max(3, step)):
        pygame.draw.line(over, colour, (x, h), (x + h, 0), max(1, step // 3))
    mask = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.ellipse(mask, (255, 255, 255, 255), mask.get_rect())
    over.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    surface.blit(over, rect)


# -- the table -----------------------------------------------------------------------------------------------


class ShipwreckArcanaTable(GameTable):
    message_zone = "panel"

    def __init__(self, scene):
        super().__init__(scene)
        self._shown = {"score": None, "doom": None}  # the tracks' markers, eased toward the view
        self._advice_cache = None
        self._reason_cache = None
        self._story_cache = None
        self._lit: set = set()
        self._active: set = set()
        self._hover = None
        self._incoming: dict = {}  # position -> fates still flying to it from the bag
        self._event_times: dict = {}  # event index -> when its animation starts (plan time)
        self._later: list = []  # floating words waiting for their moment
        self._delay = 0.0
        self._hold = 0.0  # seconds the score and doom markers still wait
        self.drawn_labels: dict = {}  # slot key -> the lines drawn on it while a fate is dragged (for tests)

    # -- layout --------------------------------------------------------------------------------------------

    def layout(self, width: int, height: int) -> None:
        self.zones.clear()
        super().layout(width, height)
        z = self.zones
        z["info"] = R(1510, 670, 390, 316)
        z["slot:0"] = R(HOURS_X, ROW_Y, HOURS_W, CARD_H)
        for slot in range(1, 5):
            z[f"slot:{slot}"] = R(ARCANA_X + (slot - 1) * ARCANA_STEP, ROW_Y, CARD_W, CARD_H)
        z["deck"] = R(*DECK_BOX)
        z["bag"] = R(*BAG_BOX)
        z["stock"] = R(*STOCK_BOX)
        z["removed"] = R(STOCK_BOX[0] + STOCK_BOX[2] - 170, STOCK_BOX[1] + 22, 150, CHIP_H)
        z["panel"] = R(*PANEL_BOX)

    def _seat_order(self) -> list[int]:
        return list(range(len(self.match.seats)))

    # -- what the viewer may know ----------------------------------------------------------------------------

    def _names(self) -> list[str]:
        return position_names(self.match)

    def _humans(self) -> int:
        return sum(1 for s in self.match.seats if s.is_human)

    def _public_screen(self, view) -> bool:
        """H21: a group decision with several people at the screen shows nobody's own fates."""
        return view["phase"] in GROUP_PHASES and self._humans() > 1

    def describe(self, events, viewer):
        """With several people at one screen the log is public: nobody's own draws are written in it (H21),
        since it stays on screen while the group decides. A lone player's log names their own draws."""
        return super().describe(events, viewer if self._humans() <= 1 else None)

    def _own(self, view, pos: int) -> bool:
        viewer = self.scene.viewer
        return viewer is not None and view["positions"][pos]["owner"] == viewer

    # -- geometry ---------------------------------------------------------------------------------------------

    def _pos_boxes(self, view) -> dict:
        order = view["order"]
        n = max(1, len(order))
        each = (1470 - 12 * (n - 1)) / n
        return {pos: (20 + i * (each + 12), POS_Y, each, POS_H) for i, pos in enumerate(order)}

    def _pos_rect(self, view, pos):
        box = self._pos_boxes(view).get(pos)
        return R(*box) if box else None

    def _hand_rects(self, view, pos, count: int) -> list:
        box = self._pos_boxes(view).get(pos)
        if box is None:
            return []
        x, y, w, _ = box
        d = HAND_TOKEN if pos in self._owned(view) else 62
        return [R(x + 18 + i * (d + 16), y + 50 + (HAND_TOKEN - d) / 2, d, d) for i in range(count)]

    def _owned(self, view) -> set:
        return {pos for pos in view["order"] if self._own(view, pos)}

    def _marker_rects(self, view, pos) -> list:
        box = self._pos_boxes(view).get(pos)
        if box is None:
            return []
        x, y, w, h = box
        gap = 6
        m = min(46, (w - 28 - 6 * gap) / 7)
        x0 = x + (w - (7 * m + 6 * gap)) / 2
        top = y + h - 12 - m
        return [R(x0 + i * (m + gap), top, m, m) for i in range(7)]

    def _row_token_rects(self, slot: int, count: int) -> list:
        x = ARCANA_X + (slot - 1) * ARCANA_STEP
        d = ROW_TOKEN
        step = min(d + 6, (CARD_W - d) / max(1, count - 1)) if count > 1 else 0
        width = d + step * (count - 1)
        x0 = x + (CARD_W - width) / 2
        return [R(x0 + i * step, ROW_Y + CARD_H + 8, d, d) for i in range(count)]

    def _stock_groups(self, view) -> list:
        """[(power, [card ids]), ...] in the order the powers first faded."""
        groups: dict = {}
        for card in view["stock"]:
            groups.setdefault(deck().card(card).power, []).append(card)
        return list(groups.items())

    def _stock_rects(self, view) -> dict:
        """power -> (group rect, [rect per card])."""
        groups = self._stock_groups(view)
        x0, y = STOCK_BOX[0] + STOCK_LABEL_W + 20, STOCK_BOX[1] + 22
        right = STOCK_BOX[0] + STOCK_BOX[2] - (190 if view["options"]["restless"] else 20)
        n = len(groups)
        step = min(CHIP_W + 14, (right - x0 - CHIP_W - 12) / max(1, n - 1)) if n > 1 else 0
        out = {}
        for i, (power, cards) in enumerate(groups):
            x = x0 + i * step
            rects = [R(x + j * 5, y - j * 4, CHIP_W - 10, CHIP_H) for j in range(len(cards))]
            out[power] = (R(x, y - 4 * (len(cards) - 1), CHIP_W, CHIP_H + 4 * (len(cards) - 1)), rects)
        return out

    def _panel_layout(self, view) -> dict:
        """The prediction panel's parts (screen rects)."""
        x, y, w, h = PANEL_BOX
        out = {}
        for v in range(1, 8):
            out[f"predict:{v}"] = R(x + 20 + (v - 1) * 114, y + 104, 106, 100)
        out["pass"] = R(x + 20 + 7 * 114 + 8, y + 104, 170, 100)
        ax = x + 20 + 7 * 114 + 198
        out["advice"] = R(ax, y + 96, x + w - 16 - ax, 120)
        bx = x + 20
        row_y = y + 222
        for power in self._usable_group_powers():
            label = power_name(power)
            text_w = fonts.measure("small", True)(label) / scale.factor if scale.factor else 0
            if power == "higher_than":
                out["use:higher_than"] = R(bx, row_y, text_w + 16, 50)
                bx += text_w + 22
                for xv in range(1, 7):
                    out[f"use:higher_than:{xv}"] = R(bx, row_y, 50, 50)
                    bx += 56
                bx += 18
            else:
                out[f"use:{power}"] = R(bx, row_y, max(96, text_w + 36), 50)
                bx += max(96, text_w + 36) + 14
        left = max(bx + 10, x + w - 560)
        out["reveals"] = R(left, row_y, x + w - 16 - left, 50)
        return out

    def _usable_group_powers(self) -> list:
        found = []
        for g in self.scene.gestures():
            k = g.action.kind
            if k == "ask" and g.action["power"] not in found:
                found.append(g.action["power"])
            elif k == "twice" and "twice" not in found:
                found.append("twice")
        return found

    # -- pieces -----------------------------------------------------------------------------------------------

    def placements(self, view) -> dict:
        out = {}
        for i, slot in enumerate(view["row"]):
            if slot["card"]:
                out[f"card:{slot['card']}"] = Placement(self.zones[f"slot:{i + 1}"], slot["card"], 10)
            fates = slot["fates"]
            for j, (fate, rect) in enumerate(zip(fates, self._row_token_rects(i + 1, len(fates)), strict=True)):
                face = f"fate:{fate['value']}" + (":h" if fate["via_hours"] else "")
                out[f"fate:{fate['token']}"] = Placement(rect, face, 40 + j)
        if view["deck_top"]:
            out[f"card:{view['deck_top']}"] = Placement(self.zones["deck"], view["deck_top"], 5)
        rects = self._stock_rects(view)
        for power, cards in self._stock_groups(view):
            for j, card in enumerate(cards):
                out[f"card:{card}"] = Placement(rects[power][1][j], f"power:{card}", 30 + j)
        hidden = self._public_screen(view)
        for pos in view["order"]:
            hand = view["positions"][pos]["hand"]
            for j, (fate, rect) in enumerate(zip(hand, self._hand_rects(view, pos, len(hand)), strict=True)):
                out[f"fate:{fate['token']}"] = Placement(rect, None if hidden else f"fate:{fate['value']}", 60 + j)
        return out

    def card_image(self, face, w, h) -> pygame.Surface:
        w, h = max(1, w), max(1, h)
        if face is None:
            return _fate_back(min(w, h)) if abs(w - h) <= 3 else _card_back(w, h)
        if face.startswith("fate:") or face.startswith("value:"):
            parts = face.split(":")
            return _fate_face(int(parts[1]), min(w, h), len(parts) > 2)
        if face.startswith("power:"):
            return _power_face(face[6:], w, h, lang())
        if face == "the_hours":
            return _hours_preview(w, h, lang())
        return _card_face(face, w, h, lang())

    def _token_rect_at(self, rect: pygame.Rect, d: int = ROW_TOKEN) -> pygame.Rect:
        r = pygame.Rect(0, 0, scale(d), scale(d))
        r.center = rect.center
        return r

    def plan(self, events, before, after):
        """Paths for what the events moved, one after another; where leaving pieces go."""
        plan: dict = {}
        exits: dict = {}
        t = 0.0
        targets = self.placements(after)
        old = self.placements(before)
        bag = self._token_rect_at(self.zones["bag"])
        deck_rect = self.zones["deck"]
        restless = after["options"]["restless"]
        used = {f"card:{ev['piece']}" for ev in events if ev.kind == "moved" and ev["why"] == "power"}
        drawn = [ev for ev in events if ev.kind == "moved" and ev["why"] == "draw"]  # one position's, told as one
        for key in old:
            if key not in targets:
                if key.startswith("card:"):
                    exits[key] = self.zones["removed"] if restless and key in used else deck_rect
                else:
                    exits[key] = bag
        self._incoming = {}
        self._event_times = {}
        ghost = 0
        for index, ev in enumerate(events):
            a = ev.params()
            k = ev.kind
            self._event_times[index] = t
            why = a.get("why") if k == "moved" else None
            if why == "draw" and ev is drawn[0]:
                pos = a["position"]
                mine = [key for key in targets if key.startswith("fate:") and key not in old
                        and self._hand_of(after, key) == pos]
                for key in mine:
                    plan[key] = [Leg(t, 0.01, bag, None), Leg(t, 0.32, None, "same", arc=scale(30))]
                    t += 0.14
                if not mine:
                    count = after["positions"][pos]["count"]
                    home = self._hand_rects(after, pos, count)
                    self._incoming[pos] = len(drawn)
                    for i in range(len(drawn)):
                        key = f"ghost:{ghost}"
                        ghost += 1
                        plan[key] = [Leg(t, 0.01, bag, None), Leg(t, 0.32, None, None, arc=scale(30))]
                        exits[key] = home[count - len(drawn) + i] if home else bag
                        t += 0.14
            elif why == "play":
                key = f"fate:{a['token']}"
                legs = []
                if key not in old:
                    count = max(1, before["positions"][a["position"]]["count"])
                    src = self._hand_rects(before, a["position"], count)
                    legs.append(Leg(t, 0.01, src[0] if src else bag, None))
                if a["slot"] == 0:
                    legs.append(Leg(t, 0.3, self._token_rect_at(self.zones["slot:0"]), f"fate:{a['value']}:h",
                                    arc=scale(30)))
                    legs.append(Leg(t + 0.45, 0.35, None, "same"))
                else:
                    legs.append(Leg(t, 0.32, None, "same", arc=scale(30)))
                plan[key] = legs
                t += 0.4
            elif why == "discard_lower":
                plan[f"fate:{a['token']}"] = [Leg(t, 0.35, None, "same", arc=scale(20))]
                t += 0.3
            elif k in ("resolved", "revealed"):
                # The hidden (or revealed) fate is shown to all, then goes back to the bag.
                pos = before["active"] if k == "resolved" else a["position"]
                face = f"fate:{a['value']}"
                leaving = [f"fate:{f['token']}" for f in before["positions"][pos]["hand"]
                           if f"fate:{f['token']}" not in targets]
                if leaving:
                    key = leaving[0]
                    rect = old[key].rect
                    plan[key] = [Leg(t, 0.25, rect.inflate(scale(16), scale(16)), face),
                                 Leg(t + 0.8, 0.4, None, face, arc=scale(20))]
                else:
                    count = max(1, before["positions"][pos]["count"])
                    src = self._hand_rects(before, pos, count)
                    start = src[-1] if src else bag
                    key = f"ghost:{ghost}"
                    ghost += 1
                    plan[key] = [Leg(t, 0.01, start, None), Leg(t, 0.25, start.inflate(scale(16), scale(16)), face),
                                 Leg(t + 0.8, 0.4, None, face, arc=scale(20))]
                    exits[key] = bag
                t += 0.7
            elif k == "faded":
                for key in old:
                    if key.startswith("fate:") and key not in targets and self._slot_of_fate(before, key) == a["slot"]:
                        plan[key] = [Leg(t, 0.35, None, "same", arc=scale(20))]
                plan[f"card:{a['card']}"] = [Leg(t + 0.3, 0.45, None, "same", arc=scale(40))]
                t += 0.6
            elif why in ("refill", "cycle"):
                plan[f"card:{a['piece']}"] = [Leg(t + 0.1, 0.4, None, "same", arc=scale(20))]
                top = f"card:{after['deck_top']}" if after["deck_top"] else None
                if top and top not in old:
                    plan[top] = [Leg(t + 0.3, 0.01, deck_rect, None), Leg(t + 0.3, 0.3, None, "same")]
                t += 0.4
        return plan, exits

    def _hand_of(self, view, key: str):
        token = int(key.split(":")[1])
        for pos in view["order"]:
            if any(f["token"] == token for f in view["positions"][pos]["hand"]):
                return pos
        return None

    def _slot_of_fate(self, view, key: str):
        token = int(key.split(":")[1])
        for i, slot in enumerate(view["row"]):
            if any(f["token"] == token for f in slot["fates"]):
                return i + 1
        return None

    def on_events(self, events, before, after) -> None:
        """Sounds, flashes and floating words for what just happened."""
        sounds = self.scene.app.sounds
        speed = max(0.4, self.scene.speed) if self.scene.speed else 0
        panel = self.zones["panel"]
        names = self._names()
        times = getattr(self, "_event_times", {})
        hold = None
        drew = False
        for index, ev in enumerate(events):
            a = ev.params()
            k = ev.kind
            # Words appear when the animation reaches their event (plan() timed each one).
            self._delay = times.get(index, 0.0) * self.scene.speed
            if k in ("resolved", "faded") and hold is None:
                hold = self._delay + (0.3 if k == "resolved" else 0.0) * self.scene.speed
            why = a.get("why") if k == "moved" else None
            if why == "draw" and not drew:
                sounds.play("draw")  # once for the fates drawn together
                drew = True
            elif why in ("play", "refill", "cycle"):
                sounds.play("flip")
            elif k == "chalice":
                words = tr(T + "float_chalice", value=a["value"], answer=tr(T + ("yes" if a["higher"] else "no")))
                self.float(words, (panel.centerx, panel.top + scale(60)), GOLD_HI, 1.8 * speed)
            elif k == "answered":
                question = power_name(a["power"]) if a["x"] is None else tr(T + "higher_than_x", x=a["x"])
                words = f"{question} {tr(T + ('yes' if a['answer'] else 'no'))}"
                self.float(words, (panel.centerx, panel.top + scale(60)), GOLD_HI, 1.8 * speed)
            elif k == "old":
                words = tr(T + ("float_old" if a["answer"] else "float_new"))
                self.float(words, (panel.centerx, panel.top + scale(60)), GOLD_HI, 1.6 * speed)
            elif k == "wrong_once":
                sounds.play("bust")
                self.float(tr(T + "float_wrong_once", value=a["value"]), panel.center, DOOM, 1.4 * speed)
            elif k == "revealed":
                self.float(tr(T + "float_revealed", player=names[a["position"]], value=a["value"]), panel.center,
                           MOON, 1.6 * speed)
            elif k == "resolved":
                if a["correct"]:
                    sounds.play("collect")
                    self.float(tr(T + "float_correct", value=a["value"]), panel.center, HOPE, 2.0 * speed)
                else:
                    sounds.play("bust")
                    self.float(tr(T + "float_wrong", value=a["value"]), panel.center, DOOM, 2.0 * speed)
            elif k == "faded":
                slot = self.zones.get(f"slot:{a['slot']}")
                if slot is not None:
                    self.flash(slot, DOOM if a["doom"] else GOLD, 0.9 * speed)
                    if a["doom"]:
                        self.float(tr(T + "float_doom", doom=a["doom"]), (slot.centerx, slot.centery), DOOM,
                                   1.8 * speed)
                    else:
                        self.float(tr(T + "float_faded"), (slot.centerx, slot.centery), GOLD_HI, 1.4 * speed)
            elif k == "passed":
                self.float(tr(T + "float_passed"), panel.center, MOON, 1.2 * speed)
        self._delay = 0.0
        if hold is not None:
            self._hold = hold  # the tracks' markers wait for the reveal of the hidden fate

    def float(self, text, pos, colour, seconds) -> None:
        delay = getattr(self, "_delay", 0.0)
        if delay > 0 and seconds > 0:
            self._later.append([delay, text, pos, colour, seconds])
        else:
            super().float(text, pos, colour, seconds)

    def auto_action(self, view, legal, solo: bool):
        """H21: people reveal a carried fate from the prediction panel, so the engine's reveal offer (made
        to each holder in turn before the group decides) is answered 'keep' for them."""
        if view["phase"] == "reveal" and legal and {a.kind for a in legal} <= {"reveal", "keep"}:
            return next((a for a in legal if a.kind == "keep"), None)
        return None

    def update(self, dt: float) -> None:
        super().update(dt)
        for item in self._later:
            item[0] -= dt
        for item in [i for i in self._later if i[0] <= 0]:
            self._later.remove(item)
            super().float(*item[1:])
        if self._hold > 0:
            self._hold -= dt
            return
        view = self.scene.view()
        for track in ("score", "doom"):
            target = float(view[track])
            shown = self._shown[track]
            if shown is None or self.scene.speed == 0:
                self._shown[track] = target
            else:
                step = dt * 2.5 / max(0.3, self.scene.speed)
                self._shown[track] = target if abs(target - shown) <= step else shown + math.copysign(step,
                                                                                                     target - shown)

    # -- gestures --------------------------------------------------------------------------------------------

    def gestures(self, view, legal) -> list[Gesture]:
        out = []
        names = self._names()
        kinds = {a.kind for a in legal}
        for act in legal:
            k = act.kind
            if k == "draw":
                out.append(Gesture(act, "bag", f"pos:{view['active']}", "bag", tr(T + "do_draw")))
            elif k == "play":
                slot = act["slot"]
                card = card_name(view["row"][slot - 1]["card"]) if slot else pick(deck().hours.name)
                out.append(Gesture(act, f"hand:{act['token']}", f"slot:{slot}", None,
                                   tr(T + "do_play", value=value_of(act["token"]), card=card)))
            elif k == "cycle":
                slot = act["slot"]
                out.append(Gesture(act, "stock:cycle", f"slot:{slot}", "stock:cycle",
                                   tr(T + "do_cycle", card=card_name(view["row"][slot - 1]["card"]),
                                      top=card_name(view["deck_top"]))))
            elif k == "decline":
                out.append(Gesture(act, None, None, None, tr(T + "do_decline")))
            elif k == "discard":
                token = act["token"]
                slot = self._slot_of_fate(view, f"fate:{token}")
                card = card_name(view["row"][slot - 1]["card"]) if slot else "—"
                out.append(Gesture(act, "stock:discard_lower", f"rowfate:{token}", f"rowfate:{token}",
                                   tr(T + "do_discard", value=act["value"], card=card)))
            elif k == "old":
                # §6.30: allowed with nothing carried, but then the answer is always "new": say so.
                carried = view["positions"][view["active"]]["carried"]
                out.append(Gesture(act, None, None, "stock:old", tr(T + ("do_old" if carried else "do_old_pointless"))))
            elif k == "reveal":
                out.append(Gesture(act, None, None, None, tr(T + "do_reveal", player=names[act["position"]])))
            elif k == "keep":
                out.append(Gesture(act, None, None, None, tr(T + "do_keep")))
            elif k == "predict":
                out.append(Gesture(act, None, None, f"predict:{act['value']}",
                                   tr(T + "do_predict", value=act["value"])))
            elif k in ("pass", "stop"):
                out.append(Gesture(act, None, None, None, tr(T + "do_pass") if k == "pass" else tr(T + "do_stop")))
            elif k == "ask":
                if act["power"] == "higher_than":
                    out.append(Gesture(act, None, None, f"use:higher_than:{act['x']}",
                                       tr(T + "do_higher", x=act["x"])))
                else:
                    out.append(Gesture(act, None, None, f"use:{act['power']}",
                                       tr(T + "do_ask", power=power_name(act["power"]))))
            elif k == "twice":
                out.append(Gesture(act, None, None, "use:twice", tr(T + "do_twice")))
        if "predict" in kinds:
            # Any person among the predictors may reveal a carried fate from this public screen (R41).
            for p, seat in enumerate(self.match.seats):
                if p == self.scene.viewer or not seat.is_human or p not in view["predictors"]:
                    continue
                for act in self.match.legal_actions(p):
                    if act.kind == "reveal":
                        out.append(Gesture(act, None, None, None, tr(T + "do_reveal", player=names[act["position"]])))
        for act in legal:
            if act.kind == "mark":
                pos, v = act["position"], act["value"]
                on = view["positions"][pos]["marks"][v - 1]
                out.append(Gesture(act, None, None, f"line:{pos}:{v}",
                                   tr(T + ("do_unmark" if on else "do_mark"), player=names[pos], value=v)))
        return out

    def button_gestures(self, gestures) -> list:
        out = []
        x, y, w, h = PANEL_BOX
        reveals = [g for g in gestures if g.action.kind == "reveal"]
        phase = self.scene.view()["phase"]
        for g in gestures:
            k = g.action.kind
            if k in ("pass", "stop"):
                out.append((self._panel_layout(self.scene.view())["pass"], g))
            elif k in ("decline", "keep"):
                out.append((R(x + w - 360, y + h - 96, 340, 76), g))
        if phase == "reveal":
            for i, g in enumerate(reveals):
                out.append((R(x + w - 720 - i * 360, y + h - 96, 340, 76), g))
        elif reveals:
            area = self._panel_layout(self.scene.view())["reveals"]
            each = (area.width - scale(10) * (len(reveals) - 1)) // len(reveals)
            for i, g in enumerate(reveals):
                out.append((pygame.Rect(area.left + i * (each + scale(10)), area.top, each, area.height), g))
        return out

    def piece_in(self, piece_key: str, dragged: str) -> bool:
        if dragged.startswith("hand:"):
            return piece_key == "fate:" + dragged[5:]
        if dragged.startswith("stock:"):
            view = self.scene.view()
            cards = dict(self._stock_groups(view)).get(dragged[6:], [])
            return bool(cards) and piece_key == f"card:{cards[-1]}"
        return False

    def hits(self, pos) -> list[str]:
        out = []
        view = self.scene.view()
        if view["phase"] in GROUP_PHASES:
            for key, rect in self._panel_layout(view).items():
                if (key.startswith(("predict:", "use:")) or key == "advice") and rect.collidepoint(pos):
                    out.append(key)
        for p in view["order"]:
            hand = view["positions"][p]["hand"]
            for fate, rect in zip(hand, self._hand_rects(view, p, len(hand)), strict=True):
                if rect.collidepoint(pos):
                    out.append(f"hand:{fate['token']}")
        for i, slot in enumerate(view["row"]):
            fates = slot["fates"]
            for fate, rect in zip(fates, self._row_token_rects(i + 1, len(fates)), strict=True):
                if rect.collidepoint(pos):
                    out.append(f"rowfate:{fate['token']}")
        for p in view["order"]:
            for v, rect in enumerate(self._marker_rects(view, p), start=1):
                if rect.collidepoint(pos):
                    out.append(f"line:{p}:{v}")
        for power, (rect, _) in self._stock_rects(view).items():
            if rect.collidepoint(pos):
                out.append(f"stock:{power}")
                if power != "higher_than" and view["phase"] in GROUP_PHASES:
                    out.append(f"use:{power}")  # a group power is also used by a click on its card
        for slot in range(5):
            if self.zones[f"slot:{slot}"].collidepoint(pos):
                out.append(f"slot:{slot}")
        for key in ("deck", "bag"):
            if self.zones[key].collidepoint(pos):
                out.append(key)
        if view["options"]["restless"] and self.zones["removed"].collidepoint(pos):
            out.append("removed")
        for p in view["order"]:
            rect = self._pos_rect(view, p)
            if rect is not None and rect.collidepoint(pos):
                out.append(f"pos:{p}")
        return out

    def rect_of(self, key):
        if key is None:
            return None
        if key in self.zones:
            return self.zones[key]
        view = self.scene.view()
        if key.startswith("predict:") or key.startswith("use:"):
            return self._panel_layout(view).get(key)
        if key.startswith("hand:"):
            token = int(key[5:])
            for p in view["order"]:
                hand = view["positions"][p]["hand"]
                for fate, rect in zip(hand, self._hand_rects(view, p, len(hand)), strict=True):
                    if fate["token"] == token:
                        return rect
            return None
        if key.startswith("rowfate:"):
            token = int(key[8:])
            for i, slot in enumerate(view["row"]):
                fates = slot["fates"]
                for fate, rect in zip(fates, self._row_token_rects(i + 1, len(fates)), strict=True):
                    if fate["token"] == token:
                        return rect
            return None
        if key.startswith("line:"):
            _, p, v = key.split(":")
            rects = self._marker_rects(view, int(p))
            return rects[int(v) - 1] if rects else None
        if key.startswith("stock:"):
            found = self._stock_rects(view).get(key[6:])
            return found[0] if found else None
        if key.startswith("pos:"):
            return self._pos_rect(view, int(key[4:]))
        return None

    def face_at(self, pos, view):
        for key in self.hits(pos):
            if key.startswith("slot:"):
                slot = int(key[5:])
                if slot == 0:
                    return "the_hours"
                card = view["row"][slot - 1]["card"]
                if card:
                    return card
            if key == "deck" and view["deck_top"]:
                return view["deck_top"]
            if key.startswith("stock:"):
                cards = dict(self._stock_groups(view)).get(key[6:])
                if cards:
                    return f"power:{cards[-1]}"
        return None

    def preview_image(self, face, w, h) -> pygame.Surface:
        return self.card_image(face, w, h)

    def tooltip(self, key: str, view) -> str | None:
        names = self._names()
        if key == "bag":
            return tr(T + "bag_tip", count=view["bag"])
        if key == "deck":
            return tr(T + "deck_tip", count=view["deck"], card=card_name(view["deck_top"]))
        if key == "removed":
            cards = ", ".join(card_name(c) for c in view["removed"]) or "—"
            return tr(T + "removed_tip", cards=cards)
        if key.startswith("line:"):
            _, p, v = key.split(":")
            p, v = int(p), int(v)
            state = view["positions"][p]
            parts = [tr(T + "line_tip", player=names[p], value=v)]
            if self.scene.viewer is not None and not self._own(view, p) and view["phase"] != "over" and \
                    key not in {g.click for g in self.scene.gestures()}:
                parts = [tr(T + "line_spent")]  # changed MARK_CHANGES times this turn already
            if state["marks"][v - 1]:
                parts.append(tr(T + "line_marked"))
            if v in state["ruled_out"]:
                parts.append(tr(T + "line_ruled_out"))
            return " ".join(parts)
        if key.startswith("predict:"):
            v = int(key[8:])
            if v in view["positions"][view["active"]]["ruled_out"]:
                return tr(T + "ruled_out_tip", value=v)
            return None
        if key.startswith("hand:") and not self._public_screen(view):
            token = int(key[5:])
            for p in view["order"]:
                for fate in view["positions"][p]["hand"]:
                    if fate["token"] == token:
                        return tr(T + ("hand_tip_old" if fate["old"] else "hand_tip"), value=fate["value"])
        if key.startswith("rowfate:"):
            token = int(key[8:])
            for slot in view["row"]:
                for fate in slot["fates"]:
                    if fate["token"] == token:
                        return tr(T + ("fate_tip_hours" if fate["via_hours"] else "fate_tip"), value=fate["value"],
                                  hours=hours(fate["value"]))
        if key.startswith("use:higher_than"):
            return pick(deck().power("higher_than").text)
        if key == "advice" and self._advice(view):
            head = "  ".join(tr(T + "advice", player=name, value=v, percent=round(p * 100))
                             for name, v, p in self._advice(view))
            return f"{tr(T + 'advice_title')} {head}. {self._reason(view)}"
        if key.startswith("pos:"):
            p = int(key[4:])
            state = view["positions"][p]
            text = tr(T + "pos_tip", player=names[p], count=state["count"])
            if state["carried"]:
                text += " " + tr(T + "carried_tip")
            return text
        return None

    # -- drawing ---------------------------------------------------------------------------------------------

    def paint_backdrop(self, w: int, h: int) -> pygame.Surface:
        sea = gradient((w, h), SEA_TOP, SEA_BOTTOM)
        # Faint tide lines.
        tide = pygame.Surface((w, h), pygame.SRCALPHA)
        step = max(10, scale(36))
        for y in range(0, h, step):
            points = [(x, y + math.sin(x / max(1, scale(90)) + y) * scale(6)) for x in range(0, w + 20, 20)]
            pygame.draw.lines(tide, (255, 255, 255, 8), False, points, max(1, scale(2)))
        sea.blit(tide, (0, 0))
        pygame.draw.rect(sea, mix(GOLD, SEA_BOTTOM, 0.55), (0, 0, w, h), max(6, scale(10)))
        return sea

    def _panel(self, surface, rect, alpha=90, border=LINE, width=2, radius=12) -> None:
        surface.blit(_shade(rect.width, rect.height, alpha), rect)
        pygame.draw.rect(surface, border, rect, max(1, scale(width)), border_radius=scale(radius))

    def draw_table(self, surface, view, lit=(), active=(), hover=None) -> None:
        surface.blit(self.backdrop(), (0, 0))
        self._lit = set(lit)
        self._hover = hover
        self._active = set(active)
        self._draw_row(surface, view)
        self._draw_deck_and_bag(surface, view)
        self._draw_stock(surface, view)
        for pos in view["order"]:
            self._draw_position(surface, view, pos)
        self._draw_middle(surface, view)
        self._draw_info(surface, view)
        self.draw_flashes(surface)

    def _draw_row(self, surface, view) -> None:
        hours_rect = self.zones["slot:0"]
        shadow(surface, hours_rect, scale(14), scale(5), 90)
        surface.blit(_hours_face(hours_rect.width, hours_rect.height, lang()), hours_rect)
        for track in ("score", "doom"):
            shown = self._shown[track] if self._shown[track] is not None else float(view[track])
            cells = _track_cells(hours_rect.width, hours_rect.height,
                                 _track_top(hours_rect.height, 0 if track == "score" else 1))
            colour = HOPE if track == "score" else DOOM
            reached = int(view[track])
            for i, cell in enumerate(cells):
                if i <= reached and i > 0:
                    over = pygame.Surface(cell.size, pygame.SRCALPHA)
                    pygame.draw.rect(over, (*colour, 70), over.get_rect(), border_radius=max(2, cell.width // 6))
                    surface.blit(over, cell.move(hours_rect.topleft))
            lo = max(0, min(6, int(shown)))
            frac = shown - lo
            a, b = cells[lo], cells[min(7, lo + 1)]
            cx = hours_rect.left + a.centerx + (b.centerx - a.centerx) * frac
            cy = hours_rect.top + a.centery
            r = max(scale(8), int(min(a.width, a.height) * 0.42))
            pygame.draw.circle(surface, (0, 0, 0), (int(cx) + 2, int(cy) + 2), r)
            pygame.draw.circle(surface, colour, (int(cx), int(cy)), r)
            pygame.draw.circle(surface, MOON, (int(cx), int(cy)), r, max(1, scale(2)))
            fonts.blit_text(surface, str(round(shown)), (int(cx), int(cy)), 14,
                            theme.INK_DARK if track == "score" else MOON, True, anchor="center")
        for slot in range(1, 5):
            rect = self.zones[f"slot:{slot}"]
            if view["row"][slot - 1]["card"] is None:
                pygame.draw.rect(surface, LINE, rect, max(1, scale(2)), border_radius=scale(12))
                fonts.blit_text(surface, tr(T + "empty_slot"), rect.center, "small", MOON_DIM, anchor="center")

    def _draw_deck_and_bag(self, surface, view) -> None:
        rect = self.zones["deck"]
        layers = min(5, (view["deck"] + 3) // 4)
        for i in range(layers, 0, -1):
            r = rect.move(scale(3) * i, scale(3) * i)
            surface.blit(_card_back(r.width, r.height), r)
        if not view["deck"]:
            pygame.draw.rect(surface, LINE, rect, max(1, scale(2)), border_radius=scale(12))
        fonts.blit_text(surface, tr(T + "deck", count=view["deck"]), (rect.centerx, rect.bottom + scale(20)),
                        "small", MOON, True, anchor="midtop")
        bag = self.zones["bag"]
        can_draw = "bag" in self._active
        lift = scale(6) if can_draw and self._hover == "bag" else 0
        body = pygame.Rect(bag.left, bag.top + bag.height * 0.28 - lift, bag.width, bag.height * 0.72)
        neck = pygame.Rect(bag.centerx - bag.width * 0.2, bag.top + bag.height * 0.1 - lift, bag.width * 0.4,
                           bag.height * 0.26)
        shadow(surface, body, body.width // 2, scale(6), 90)
        colour = (112, 74, 44)
        pygame.draw.ellipse(surface, colour, body)
        pygame.draw.ellipse(surface, mix(colour, (0, 0, 0), 0.3), body, max(2, scale(3)))
        pygame.draw.polygon(surface, colour, [(neck.left, neck.top), (neck.right, neck.top),
                                              (neck.right - neck.width * 0.15, neck.bottom),
                                              (neck.left + neck.width * 0.15, neck.bottom)])
        pygame.draw.line(surface, GOLD, (neck.left + neck.width * 0.1, neck.bottom - scale(4)),
                         (neck.right - neck.width * 0.1, neck.bottom - scale(4)), max(2, scale(5)))
        fonts.blit_text(surface, str(view["bag"]), body.center, "title", MOON, True, anchor="center")
        if can_draw:
            pygame.draw.ellipse(surface, theme.FOCUS, body.inflate(scale(10), scale(10)), max(2, scale(4)))
            glow = 0.5 + 0.5 * math.sin(self.scene.board.clock * 4)
            fonts.blit_text(surface, tr(T + "click_to_draw"), (bag.centerx, bag.bottom + scale(20)), "small",
                            mix(GOLD, MOON, glow), True, anchor="midtop")
        else:
            fonts.blit_text(surface, tr(T + "bag"), (bag.centerx, bag.bottom + scale(20)), "small", MOON, True,
                            anchor="midtop")

    def _usable_stock(self) -> set:
        found = set()
        for g in self.scene.gestures():
            k = g.action.kind
            if k == "ask":
                found.add(g.action["power"])
            elif k in ("twice", "old", "cycle"):
                found.add(k)
            elif k == "discard":
                found.add("discard_lower")
        return found

    def _draw_stock(self, surface, view) -> None:
        strip = self.zones["stock"]
        self._panel(surface, strip, 60)
        label = R(STOCK_BOX[0] + 14, STOCK_BOX[1], STOCK_LABEL_W - 10, STOCK_BOX[3])
        lines = fonts.lines(tr(T + "stock"), label.width, "small", True, max_lines=2)
        lh = fonts.get("small", True).get_linesize()
        y = label.centery - lh * len(lines) // 2
        for line in lines:
            fonts.blit_text(surface, line, (label.left, y), "small", GOLD_HI, True)
            y += lh
        if not view["stock"]:
            fonts.blit_text(surface, tr(T + "stock_empty"), (label.right + scale(20), strip.centery), "small",
                            MOON_DIM, anchor="midleft")
        if view["options"]["restless"]:
            rect = self.zones["removed"]
            pygame.draw.rect(surface, LINE, rect, max(1, scale(2)), border_radius=scale(10))
            fonts.blit_text(surface, tr(T + "removed", count=len(view["removed"])), rect.center, "small", MOON_DIM,
                            True, anchor="center")

    def _draw_position(self, surface, view, pos) -> None:
        rect = self._pos_rect(view, pos)
        state = view["positions"][pos]
        names = self._names()
        colour = HOUSES[state["colour"] % len(HOUSES)]
        active = pos == view["active"] and view["phase"] != "over"
        self._panel(surface, rect, 90, GOLD_HI if active else mix(colour, NIGHT, 0.4), 4 if active else 2)
        header = pygame.Rect(rect.left, rect.top, rect.width, scale(44))
        band = pygame.Surface(header.size, pygame.SRCALPHA)
        pygame.draw.rect(band, (*colour, 70), band.get_rect(), border_top_left_radius=scale(12),
                         border_top_right_radius=scale(12))
        surface.blit(band, header)
        x = header.left + scale(12)
        if active:
            cy = header.centery
            pygame.draw.polygon(surface, GOLD_HI, [(x, cy - scale(10)), (x, cy + scale(10)), (x + scale(16), cy)])
            x += scale(24)
        pygame.draw.circle(surface, colour, (x + scale(9), header.centery), scale(9))
        x += scale(26)
        owner = self.match.seats[state["owner"]] if state["owner"] < len(self.match.seats) else None
        who = names[pos]
        if owner is not None and not owner.is_human:
            who += f" ({tr('level.' + owner.level)})"
        right = header.right - scale(12)
        room = right - x
        if room > scale(30):
            line = fonts.lines(who, room, "body", True, max_lines=1)[0]
            fonts.blit_text(surface, line, (x, header.centery), "body", GOLD_HI if active else theme.INK, True,
                            anchor="midleft")
        # The held fates: one's own face up (pieces), everyone else's as backs with the count.
        own = self._own(view, pos)
        count = state["count"]
        tokens = self._hand_rects(view, pos, count)
        if not own:
            hidden = active and view["phase"] in GROUP_PHASES + ("after",)
            flying = self._incoming.get(pos, 0) if self.scene.board.busy else 0
            for i, r in enumerate(tokens[:count - flying]):
                surface.blit(_fate_back(r.width, hidden and i == count - 1), r)
        tx = (tokens[-1].right if tokens else rect.left + scale(12)) + scale(16)
        notes = []
        if state["carried"] and count:
            notes.append(tr(T + "carried"))
        if own and not self._public_screen(view):
            for fate in state["hand"]:
                if fate["old"] and count == 2:
                    notes.append(tr(T + "old_token", value=fate["value"]))
        if not count:
            notes.append(tr(T + "no_fate"))
        if active and view["phase"] in GROUP_PHASES and count:
            notes.insert(0, tr(T + "hidden_fate"))
        y = rect.top + scale(56)
        lh = fonts.get("small").get_linesize()
        width = rect.right - scale(10) - tx
        for note in notes:
            if width < scale(40):
                break
            for line in fonts.lines(note, width, "small", max_lines=2):
                fonts.blit_text(surface, line, (tx, y), "small", MOON_DIM)
                y += lh
        # The number line: teammates' marks (flipped markers) and the assist (hatched), distinct.
        markers = self._marker_rects(view, pos)
        holding = count > 0
        for v, m in enumerate(markers, start=1):
            key = f"line:{pos}:{v}"
            marked = state["marks"][v - 1]
            ruled = v in state["ruled_out"] and holding
            if marked:
                pygame.draw.ellipse(surface, NIGHT_DEEP, m)
                pygame.draw.ellipse(surface, colour, m, max(2, scale(3)))
                pad = m.width // 6
                pygame.draw.line(surface, mix(colour, NIGHT_DEEP, 0.45), (m.left + pad, m.bottom - pad),
                                 (m.right - pad, m.top + pad), max(2, scale(3)))
                fonts.blit_text(surface, str(v), m.center, _px(max(14, int(m.height * 0.46))),
                                mix(colour, MOON, 0.6), True, anchor="center")
            else:
                pygame.draw.ellipse(surface, mix(MOON, colour, 0.15), m)
                pygame.draw.ellipse(surface, colour, m, max(1, scale(2)))
                fonts.blit_text(surface, str(v), m.center, _px(max(14, int(m.height * 0.46))),
                                theme.INK_DARK, True, anchor="center")
            if ruled:
                hatch(surface, m, (70, 70, 70, 190), max(4, m.width // 5))
            if key in self._active and self._hover == key:
                pygame.draw.ellipse(surface, theme.FOCUS, m.inflate(scale(6), scale(6)), max(2, scale(3)))

    def _story(self):
        """This turn's and the last turn's public events, as short phrases."""
        key = (self.match.state_id, self.scene.viewer)
        if self._story_cache and self._story_cache[0] == key:
            return self._story_cache[1]
        events = redact_all([e for events in self.match.history for e in events], self.scene.viewer)
        starts = [i for i, e in enumerate(events) if e.kind == "turn_started"]
        last = starts[-1] + 1 if starts else 0
        prev = starts[-2] + 1 if len(starts) > 1 else 0
        view = self.scene.view()
        current = self._phrases(events[last:], view)
        previous = self._phrases(events[prev:last - 1], view) if starts else []
        prev_pos = next((e["position"] for e in events[prev:last] if e.kind == "moved" and e["why"] == "draw"), None)
        out = (current, previous, prev_pos)
        self._story_cache = (key, out)
        return out

    def _phrases(self, events, view) -> list:
        names = self._names()
        faded = {e.params()["slot"]: e.params()["card"] for e in events if e.kind == "faded"}
        out = []
        for e in events:
            a = e.params()
            k = e.kind
            why = a.get("why") if k == "moved" else None
            if why == "cycle":
                out.append((tr(T + "s_cycled", out=card_name(a["out"]), card=card_name(a["piece"])), MOON))
            elif why == "play":
                target = a["target"]
                card = faded.get(target) or (view["row"][target - 1]["card"] if target else None)
                key = "s_hours" if a["slot"] == 0 else "s_played"
                out.append((tr(T + key, player=names[a["position"]], value=a["value"], card=card_name(card)), MOON))
            elif k == "chalice":
                out.append((tr(T + "float_chalice", value=a["value"], answer=tr(T + ("yes" if a["higher"] else "no"))),
                            GOLD_HI))
            elif k == "answered":
                question = power_name(a["power"]) if a["x"] is None else tr(T + "higher_than_x", x=a["x"])
                out.append((f"{question} {tr(T + ('yes' if a['answer'] else 'no'))}", GOLD_HI))
            elif k == "old":
                out.append((tr(T + ("float_old" if a["answer"] else "float_new")), GOLD_HI))
            elif why == "discard_lower":
                out.append((tr(T + "s_discarded", value=a["value"]), GOLD_HI))
            elif k == "twice":
                out.append((tr(T + "s_twice"), GOLD_HI))
            elif k == "revealed":
                out.append((tr(T + "float_revealed", player=names[a["position"]], value=a["value"]), MOON))
            elif k == "wrong_once":
                out.append((tr(T + "float_wrong_once", value=a["value"]), DOOM))
            elif k == "passed":
                out.append((tr(T + "float_passed"), MOON_DIM))
            elif k == "resolved":
                out.append((tr(T + ("float_correct" if a["correct"] else "float_wrong"), value=a["value"]),
                            HOPE if a["correct"] else DOOM))
            elif k == "faded":
                text = tr(T + ("s_faded_doom" if a["doom"] else "s_faded"), card=card_name(a["card"]), doom=a["doom"])
                out.append((text, DOOM if a["doom"] else GOLD_HI))
        return out

    def _advice(self, view) -> list:
        """(position name of the AI, value, probability) per AI predictor (R43)."""
        key = self.match.state_id
        if self._advice_cache and self._advice_cache[0] == key:
            return self._advice_cache[1]
        out = []
        if view["phase"] in GROUP_PHASES:
            for p in view["predictors"]:
                seat = self.match.seats[p] if p < len(self.match.seats) else None
                if seat is None or seat.is_human:
                    continue
                found = advice(self.scene.view_of(p), seat.level)
                if found is not None:
                    out.append((seat.name, found[0], found[1]))
        self._advice_cache = (key, out)
        return out

    def _reason(self, view) -> str:
        """Why the first AI predictor advises its value (R43): the values its posterior leaves possible and,
        for each public clue, the values that clue ruled out (ai.advice_reason)."""
        key = self.match.state_id
        if self._reason_cache and self._reason_cache[0] == key:
            return self._reason_cache[1]
        text = ""
        if view["phase"] in GROUP_PHASES:
            for p in view["predictors"]:
                seat = self.match.seats[p] if p < len(self.match.seats) else None
                if seat is None or seat.is_human:
                    continue
                seen = self.scene.view_of(p)
                found = advice_reason(seen, seat.level)
                if found is not None:
                    text = self._explain(found, seen["options"]["open_advice"], seat.name)
                    break
        self._reason_cache = (key, text)
        return text

    def _explain(self, found: dict, open_advice: bool, player: str) -> str:
        sep = tr(T + "values_sep")

        def values(vs) -> str:
            return sep.join(str(v) for v in vs)

        parts = [tr(T + ("reason_possible" if open_advice else "reason_possible_public"),
                    values=values(v for v, _ in found["possible"]))]
        parts += [self._clue_text(clue, values(out)) for clue, out in found["because"]]
        if found["own"]:
            parts.append(tr(T + "reason_own", player=player, values=values(found["own"])))
        return ("" if lang() == "ja" else " ").join(parts)  # Japanese sentences end in 。 and take no space

    def _clue_text(self, clue, values: str) -> str:
        """One public clue (inference.py's format) and the values it ruled out, in words."""
        tag = clue[0]
        if tag == "play":
            p, slot = clue[3], clue[4]
            if slot == 0:
                return tr(T + "reason_hours", value=p, values=values)
            card = deck().arcana[clue[1][slot - 1]]
            return tr(T + "reason_play", value=p, card=pick(card.name), keyword=pick(card.keyword), values=values)
        if tag == "known":
            return tr(T + "reason_seen", values=values)
        if tag == "old":
            return tr(T + "reason_old", question=power_name("old"), values=values)
        kind, arg, answer = clue[1], clue[2], clue[3]
        if kind == "ne":
            return tr(T + "reason_wrong", value=arg)
        if kind == "gt":
            question = tr(T + "higher_than_x", x=arg)
        else:
            question = power_name(next(k for k, q in QUESTIONS.items() if list(q) == list(arg)))
        return tr(T + "reason_test", question=question, answer=tr(T + ("yes" if answer else "no")), values=values)

    def _chips(self, surface, phrases, rect, size="small", max_rows=2) -> int:
        """Phrases as rounded chips, wrapped in rows inside rect; returns the bottom used."""
        x, y = rect.left, rect.top
        lh = fonts.get(size).get_linesize()
        h = lh + scale(8)
        rows = 1
        for text, colour in phrases:
            img = fonts.render(text, size, colour, True)
            w = min(img.get_width() + scale(20), rect.width)
            if x + w > rect.right and x > rect.left:
                rows += 1
                if rows > max_rows:
                    break
                x = rect.left
                y += h + scale(6)
            chip = pygame.Rect(x, y, w, h)
            pygame.draw.rect(surface, (4, 22, 30), chip, border_radius=h // 2)
            pygame.draw.rect(surface, mix(colour, NIGHT, 0.5), chip, max(1, scale(2)), border_radius=h // 2)
            if img.get_width() > w - scale(20):
                line = fonts.lines(text, w - scale(20), size, True, max_lines=1)[0]
                img = fonts.render(line, size, colour, True)
            surface.blit(img, img.get_rect(midleft=(chip.left + scale(10), chip.centery)))
            x += w + scale(8)
        return y + h

    def _draw_middle(self, surface, view) -> None:
        panel = self.zones["panel"]
        phase = view["phase"]
        names = self._names()
        group = phase in GROUP_PHASES
        self._panel(surface, panel, 150 if group else 100, GOLD if group else LINE, 3 if group else 2, 16)
        current, previous, prev_pos = self._story()
        x = panel.left + scale(20)
        width = panel.width - scale(40)
        if group:
            self._draw_prediction(surface, view, current)
            return
        active = names[view["active"]]
        if phase == "over":
            key = {"won": "over_won", "deck": "over_deck"}.get(view["outcome"], "over_doom")
            title = tr(T + key, score=view["score"], doom=view["doom"])
        else:
            title = tr(T + "turn_title", turn=view["turn"], player=active)
        fonts.blit_text(surface, fonts.lines(title, width, "large", True, max_lines=1)[0], (x, panel.top + scale(10)),
                        "large", GOLD_HI, True)
        y = panel.top + scale(58)
        guide = self._guide(view)
        if guide:
            for line in fonts.lines(guide, width - (scale(360) if phase == "after" else 0), "body", max_lines=2):
                fonts.blit_text(surface, line, (x, y), "body", MOON)
                y += fonts.get("body").get_linesize()
            y += scale(6)
        if phase == "play" and self.scene.my_decision() is not None:  # what a fade costs, before the first play
            for line in fonts.lines(tr(T + "drop_hint"), width, "small", True, max_lines=2):
                fonts.blit_text(surface, line, (x, y), "small", GOLD_HI, True)
                y += fonts.get("small", True).get_linesize()
            y += scale(6)
        if current:
            label = fonts.blit_text(surface, tr(T + "this_turn"), (x, y + scale(8)), "small", MOON_DIM, True)
            y = self._chips(surface, current, pygame.Rect(label.right + scale(12), y, panel.right - scale(20)
                                                          - label.right - scale(12), scale(100)), "body",
                            max_rows=2) + scale(10)
        if previous and prev_pos is not None and y < panel.bottom - scale(40):
            label = fonts.blit_text(surface, tr(T + "last_turn", player=names[prev_pos]), (x, y + scale(8)), "small",
                                    MOON_DIM, True)
            self._chips(surface, previous, pygame.Rect(label.right + scale(12), y, panel.right - scale(20) - label.right
                                                       - scale(12), panel.bottom - y - scale(8)), "body", max_rows=2)

    def _guide(self, view) -> str:
        """What the viewer may do now, in more words than the prompt line (or what the table waits for)."""
        phase = view["phase"]
        decision = self.scene.my_decision()
        names = self._names()
        if phase == "over":
            return ""
        if decision is None:
            return tr(T + "wait_active", player=names[view["active"]]) if phase in ("draw", "play", "after") else ""
        if phase == "draw":
            return tr(T + "guide_draw")
        if phase == "play":
            plays: dict = {}
            legal = [a for a in self.match.legal_actions(decision.seat) if a.kind == "play"]
            for act in legal:
                slot = act["slot"]
                card = card_name(view["row"][slot - 1]["card"]) if slot else pick(deck().hours.name)
                v = value_of(act["token"])
                if card not in plays.setdefault(v, []):
                    plays[v].append(card)
            where = "  ·  ".join(f"{v} → {', '.join(cards)}" for v, cards in sorted(plays.items()))
            forced = bool(legal) and all(act["slot"] == 0 for act in legal)
            return tr(T + ("guide_forced" if forced else "guide_play"), plays=where)
        if phase == "after":
            hand = view["positions"][view["active"]]["hand"]
            return tr(T + "guide_after", value=hand[0]["value"] if hand else "?")
        return ""

    def _draw_prediction(self, surface, view, current) -> None:
        panel = self.zones["panel"]
        names = self._names()
        phase = view["phase"]
        x = panel.left + scale(20)
        width = panel.width - scale(40)
        deciding = self.scene.my_decision() is not None and phase != "reveal"
        key = "predict_second" if phase == "second" else "predict_title"
        title = tr(T + key, player=names[view["active"]])
        if view["twice"] and phase != "second":
            title += "  ·  " + tr(T + "s_twice")
        fonts.blit_text(surface, fonts.lines(title, width, "large", True, max_lines=1)[0], (x, panel.top + scale(8)),
                        "large", GOLD_HI, True)
        story = [p for p in current]
        self._chips(surface, story, pygame.Rect(x, panel.top + scale(54), width, scale(40)), max_rows=1)
        layout = self._panel_layout(view)
        ruled = set(view["positions"][view["active"]]["ruled_out"])
        advised = {}
        for name, v, _p in self._advice(view):
            advised.setdefault(v, []).append(name)
        gestures = {g.click: g for g in self.scene.gestures() if g.click}
        for v in range(1, 8):
            rect = layout[f"predict:{v}"]
            key = f"predict:{v}"
            live = key in gestures
            wrong = phase == "second" and view["predictions"] and view["predictions"][0] == v
            hovered = live and self._hover == key
            fill = (36, 74, 84) if live else (20, 40, 48)
            if hovered:
                fill = mix(fill, MOON, 0.18)
            pygame.draw.rect(surface, fill, rect, border_radius=scale(12))
            edge = GOLD_HI if v in advised else (GOLD if live else LINE)
            pygame.draw.rect(surface, edge, rect, max(2, scale(4 if v in advised else 2)), border_radius=scale(12))
            ink = MOON if live else MOON_DIM
            fonts.blit_text(surface, str(v), (rect.centerx, rect.centery - scale(6)), "huge", ink, True,
                            anchor="center")
            if v in ruled:
                over = pygame.Surface(rect.size, pygame.SRCALPHA)
                step = max(4, scale(12))
                for sx in range(-rect.height, rect.width, step):
                    pygame.draw.line(over, (150, 150, 150, 110), (sx, rect.height), (sx + rect.height, 0),
                                     max(1, scale(3)))
                surface.blit(over, rect)
                fonts.blit_text(surface, tr(T + "ruled_out"), (rect.centerx, rect.bottom - scale(4)), 16,
                                (240, 160, 130), True, anchor="midbottom")
            if wrong:
                inner = rect.inflate(-scale(16), -scale(16))
                pygame.draw.line(surface, DOOM, inner.topleft, inner.bottomright, max(3, scale(5)))
                pygame.draw.line(surface, DOOM, inner.topright, inner.bottomleft, max(3, scale(5)))
            if v in advised:
                fonts.blit_text(surface, "★", (rect.right - scale(6), rect.top + scale(2)), "small", GOLD_HI, True,
                                anchor="topright")
        # The AI teammates' advice (R43), public information only unless Open AI advice is on.
        # Each AI's value and chance, then why (the first AI's reason; all of it in the tooltip).
        area = layout["advice"]
        found = self._advice(view)
        lh = fonts.get("small").get_linesize()
        if found:
            head = "  ".join("★ " + tr(T + "advice", player=name, value=v, percent=round(p * 100))
                             for name, v, p in found)
            y = area.top
            for line in fonts.lines(head, area.width, "small", True, max_lines=2):
                fonts.blit_text(surface, line, (area.left, y), "small", GOLD_HI, True)
                y += lh
            rows = (area.bottom - y) // lh
            reason = self._reason(view)
            if reason and rows > 0:
                for line in fonts.lines(reason, area.width, "small", max_lines=rows):
                    fonts.blit_text(surface, line, (area.left, y), "small", MOON)
                    y += lh
        elif not deciding:
            fonts.blit_wrapped(surface, tr(T + "group_deciding"), area, "small", MOON_DIM)
        # Powers usable now, with Higher than?'s X buttons.
        row = None
        for key, rect in layout.items():
            if not key.startswith("use:"):
                continue
            row = rect
            live = key in gestures or key == "use:higher_than"
            if key == "use:higher_than":
                fonts.blit_text(surface, power_name("higher_than"), (rect.left, rect.centery), "small", GOLD_HI, True,
                                anchor="midleft")
                continue
            hovered = self._hover == key
            pygame.draw.rect(surface, mix((40, 56, 96), MOON, 0.15 if hovered else 0), rect, border_radius=scale(10))
            pygame.draw.rect(surface, GOLD if live else LINE, rect, max(1, scale(2)), border_radius=scale(10))
            label = key.split(":")[-1] if key.startswith("use:higher_than:") else power_name(key[4:])
            fonts.blit_text(surface, label, rect.center, "small", MOON, True, anchor="center")
        if row is None and deciding and phase == "predict":
            text = tr(T + ("power_spent" if view["power_used"] else "no_power"))
            fonts.blit_text(surface, text, (x, panel.top + scale(247)), "small", MOON_DIM, anchor="midleft")
        if self.scene.my_decision() is None or phase == "reveal":
            pending = [d for d in self.scene.deciding()]
            who = ", ".join(self.match.seats[d.seat].name for d in pending)
            text = tr(T + "waiting_group", player=who) if who else ""
            if text:
                fonts.blit_text(surface, text, (x, panel.bottom - scale(30)), "small", MOON_DIM, anchor="midleft")
        elif ruled and deciding:
            fonts.blit_text(surface, tr(T + "assist_note"), (panel.right - scale(20), panel.top + scale(20)), "small",
                            MOON_DIM, anchor="topright")

    def _draw_info(self, surface, view) -> None:
        rect = self.zones["info"]
        self._panel(surface, rect, 160, GOLD, 2, 10)
        x, y = rect.left + scale(14), rect.top + scale(10)
        width = rect.width - scale(28)
        lh = fonts.get("small").get_linesize()
        difficulty = tr(f"shipwreck_arcana.option.difficulty_{view['options']['difficulty']}")
        lines = [(tr(T + "info_turn", turn=view["turn"], player=self._names()[view["active"]]), GOLD_HI, True),
                 (tr(T + "info_track", score=view["score"], doom=view["doom"]), MOON, True),
                 (tr(T + "info_difficulty", difficulty=difficulty), MOON, False)]
        if view["options"]["restless"]:
            lines.append((tr("shipwreck_arcana.option.restless"), DOOM, True))
        if view["options"]["challenge"]:
            lines.append((tr("shipwreck_arcana.option.challenge"), MOON, False))
        lines.append((tr(T + "info_counts", deck=view["deck"], bag=view["bag"]), MOON, False))
        for text, colour, bold in lines:
            for line in fonts.lines(text, width, "small", bold, max_lines=2):
                fonts.blit_text(surface, line, (x, y), "small", colour, bold)
                y += lh
        # A legend for the number lines.
        y = max(y + scale(6), rect.bottom - scale(12) - 2 * scale(40))
        m = scale(30)
        for kind in ("marked", "assist"):
            marker = pygame.Rect(x, y, m, m)
            if kind == "marked":
                pygame.draw.ellipse(surface, NIGHT_DEEP, marker)
                pygame.draw.ellipse(surface, HOUSES[0], marker, max(2, scale(3)))
                pad = m // 6
                pygame.draw.line(surface, mix(HOUSES[0], NIGHT_DEEP, 0.45), (marker.left + pad, marker.bottom - pad),
                                 (marker.right - pad, marker.top + pad), max(2, scale(3)))
            else:
                pygame.draw.ellipse(surface, mix(MOON, HOUSES[0], 0.15), marker)
                hatch(surface, marker, (70, 70, 70, 190), max(4, m // 5))
            text = tr(T + ("legend_marked" if kind == "marked" else
                           ("legend_assist" if view["options"]["assist"] else "legend_assist_off")))
            line = fonts.lines(text, width - m - scale(10), "small", max_lines=1)[0]
            fonts.blit_text(surface, line, (x + m + scale(10), marker.centery), "small", MOON_DIM, anchor="midleft")
            y += scale(40)

    def draw_piece(self, surface, piece, board, lift: int = 0) -> None:
        if piece.key.startswith(("fate:", "ghost:")):
            rect = piece.rect
            if rect.width < 2:
                return
            rect = rect.move(0, -lift)
            if not piece.motions:
                r = rect.width // 2
                sh = pygame.Surface(rect.size, pygame.SRCALPHA)
                pygame.draw.circle(sh, (0, 0, 0, 80 + 3 * lift), (r, r), r)
                surface.blit(sh, (rect.x + scale(3), rect.y + scale(4) + lift))
            blit_rotated(surface, self.card_image(piece.shown, rect.width, rect.height), rect, piece.angle,
                         board.squash(piece))
            return
        super().draw_piece(surface, piece, board, lift)
        if piece.motions or not piece.key.startswith("card:") or piece.shown is None or \
                piece.shown.startswith("power:"):
            if piece.key.startswith("card:") and piece.shown and piece.shown.startswith("power:") and \
                    not piece.motions:
                self._stock_overlay(surface, piece)
            return
        view = self.scene.view()
        card_id = piece.key[5:]
        slot = next((i + 1 for i, s in enumerate(view["row"]) if s["card"] == card_id), None)
        if slot is None:
            return
        rect = piece.rect.move(0, -lift)
        card = deck().card(card_id)
        load = view["loads"][slot - 1]
        centres, r = moon_centres(rect.width, rect.height, card.moons)
        for i, (cx, cy) in enumerate(centres):
            if i < load:
                draw_moon(surface, (rect.left + cx, rect.top + cy), r, (214, 150, 40), PAPER_BOTTOM, True)
        if load > card.moons:
            fonts.blit_text(surface, f"+{load - card.moons}", (rect.right - scale(8), rect.top + centres[-1][1]), 14,
                            DOOM, True, anchor="midright")
        if slot in view["fading"]:
            pulse = 0.5 + 0.5 * math.sin(board.clock * 5)
            colour = DOOM if card.fade_doom else GOLD_HI
            glow = pygame.Surface(rect.inflate(scale(16), scale(16)).size, pygame.SRCALPHA)
            pygame.draw.rect(glow, (*colour, int(90 + 120 * pulse)), glow.get_rect(), max(3, scale(6)),
                             border_radius=scale(16))
            surface.blit(glow, rect.inflate(scale(16), scale(16)))
            ribbon = pygame.Rect(rect.left + scale(4), rect.top + int(rect.height * 0.185), rect.width - scale(8),
                                 int(rect.height * 0.415))
            shade = pygame.Surface(ribbon.size, pygame.SRCALPHA)
            shade.fill((40, 8, 8, 225) if card.fade_doom else (40, 30, 8, 225))
            surface.blit(shade, ribbon)
            pygame.draw.rect(surface, colour, ribbon, max(1, scale(2)))
            text = tr(T + "fades") + "\n" + tr(T + ("fades_doom" if card.fade_doom else "fades_free"),
                                               doom=card.fade_doom)
            text_fit(surface, text, ribbon.inflate(-scale(8), -scale(6)), MOON, sizes=(18, 16, 14), bold=True)

    def _stock_overlay(self, surface, piece) -> None:
        view = self.scene.view()
        card = deck().card(piece.key[5:])
        cards = dict(self._stock_groups(view)).get(card.power, [])
        if not cards or cards[-1] != piece.key[5:]:
            return
        rect = piece.rect
        if len(cards) > 1:
            badge = pygame.Rect(0, 0, scale(40), scale(28))
            badge.center = (rect.right - scale(6), rect.top + scale(2))
            pygame.draw.rect(surface, GOLD, badge, border_radius=scale(14))
            fonts.blit_text(surface, f"×{len(cards)}", badge.center, 14, theme.INK_DARK, True, anchor="center")
        if card.power in self._usable_stock():
            pulse = 0.5 + 0.5 * math.sin(self.scene.board.clock * 4)
            pygame.draw.rect(surface, mix(theme.FOCUS, MOON, pulse * 0.4), rect.inflate(scale(8), scale(8)),
                             max(2, scale(3)), border_radius=scale(12))
            tag = fonts.render(tr(T + "use"), 16, theme.INK_DARK, True)
            box = tag.get_rect(center=(rect.right - scale(30), rect.top)).inflate(scale(14), scale(2))
            pygame.draw.rect(surface, theme.FOCUS, box, border_radius=box.height // 2)
            surface.blit(tag, tag.get_rect(center=box.center))

    def drop_labels(self, view, gestures) -> dict:
        """slot key -> ([lines], colour) for every card a dragged fate may be dropped on: what placing it there
        does (rules.play_preview), so that nobody learns it from the doom track afterwards."""
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

    def _draw_drop_label(self, surface, rect: pygame.Rect, lines: list, colour) -> None:
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

    def draw_hud(self, surface, view) -> None:
        # Legal drop targets glow while something is dragged (or while the pointer rests on a fate).
        lit = set(self._lit)
        soft = set()
        if not lit and self._hover and self._hover.startswith("hand:"):
            soft = {g.drop_on for g in self.scene.gestures() if g.drag_from == self._hover and g.drop_on}
        if any(k.startswith("slot:") for k in lit):
            # While a fate is dragged, the cards that do not take it sink back and the legal ones glow.
            for slot in range(5):
                key = f"slot:{slot}"
                rect = self.zones[key]
                if key not in lit:
                    shade = pygame.Surface(rect.size, pygame.SRCALPHA)
                    pygame.draw.rect(shade, (0, 10, 16, 150), shade.get_rect(), border_radius=scale(12))
                    surface.blit(shade, rect)
                else:
                    glow = pygame.Surface(rect.inflate(scale(24), scale(24)).size, pygame.SRCALPHA)
                    pulse = 0.5 + 0.5 * math.sin(self.scene.board.clock * 6)
                    pygame.draw.rect(glow, (*GOLD_HI, int(60 + 60 * pulse)), glow.get_rect(), max(4, scale(10)),
                                     border_radius=scale(18))
                    surface.blit(glow, rect.inflate(scale(24), scale(24)))
        # ... and each lit card says what a fate placed there does: fade and doom, or safe, and the load.
        drag = self.scene.drag
        self.drawn_labels = {}
        if drag is not None and drag["moved"]:
            for key, (lines, colour) in self.drop_labels(view, drag["gestures"]).items():
                if key in lit:
                    self._draw_drop_label(surface, self.zones[key], lines, colour)
                    self.drawn_labels[key] = lines
        for key, colour, width in [(k, GOLD_HI, 5) for k in lit] + [(k, mix(GOLD_HI, SEA_TOP, 0.3), 3) for k in soft]:
            rect = self.rect_of(key)
            if rect is None:
                continue
            if key.startswith("rowfate:") or key.startswith("line:"):
                pygame.draw.ellipse(surface, colour, rect.inflate(scale(10), scale(10)), max(2, scale(width)))
            else:
                pygame.draw.rect(surface, colour, rect.inflate(scale(14), scale(14)), max(2, scale(width)),
                                 border_radius=scale(14))
        # Clickable fates in the row (Discard lower).
        for key in self._active:
            if key.startswith("rowfate:") and key not in lit:
                rect = self.rect_of(key)
                if rect is not None:
                    pygame.draw.ellipse(surface, theme.FOCUS, rect.inflate(scale(8), scale(8)), max(2, scale(3)))
        self.draw_floaters(surface)

    def draw_dragged(self, surface, key, pos, view) -> None:
        if key.startswith("hand:"):
            token = int(key[5:])
            d = scale(HAND_TOKEN)
            rect = pygame.Rect(0, 0, d, d)
            rect.center = pos
            surface.blit(_fate_face(value_of(token), d, False), rect)
        elif key.startswith("stock:"):
            cards = dict(self._stock_groups(view)).get(key[6:])
            if not cards:
                return
            rect = pygame.Rect(0, 0, scale(CHIP_W - 10), scale(CHIP_H))
            rect.center = pos
            shadow(surface, rect, scale(10), scale(8), 90)
            blit_rotated(surface, _power_face(cards[-1], rect.width, rect.height, lang()), rect, -4.0)
        elif key == "bag":
            d = scale(ROW_TOKEN)
            rect = pygame.Rect(0, 0, d, d)
            rect.center = pos
            surface.blit(_fate_back(d), rect)


def breakdown(result, seat: int) -> str:
    d = result.details
    difficulty = tr(f"shipwreck_arcana.option.difficulty_{d['difficulty']}")
    key = {"won": "result_won", "deck": "result_deck"}.get(d["outcome"], "result_doom")
    return tr(T + key, score=d["score"], doom=d["doom"], turns=d["turns"], difficulty=difficulty)


Table = ShipwreckArcanaTable
