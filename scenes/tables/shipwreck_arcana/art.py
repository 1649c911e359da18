"""The Shipwreck Arcana's card art: arcana faces (small in the row, with their text in the large preview), The
Hours with its two tracks, faded cards by their power, backs, and the fate tokens with their value and hours."""

from __future__ import annotations

from functools import cache, lru_cache

import pygame

from game.games.shipwreck_arcana.cards import deck, hours

from ...table.cardart import FACES, icon, mix, paper, text_fit
from ...table.kit.paint import blit_at, disc, spaced
from ...table.kit.palette import Roles
from ...table.kit.panels import Face
from ...table.kit.panels import px as _px
from ...table.kit.tokens import paint_track
from ...ui import fonts, theme
from ...ui.strings import lang, pick, tr
from ...ui.theme import scale

T = "shipwreck_arcana.table."

SEA_TOP, SEA_BOTTOM = (18, 62, 70), (6, 26, 34)
NIGHT = (12, 36, 46)
NIGHT_DEEP = (6, 20, 28)
GOLD = (206, 170, 92)
GOLD_HI = (242, 208, 134)
MOON = (238, 234, 218)
MOON_DIM = (160, 176, 174)
PAPER_TOP, PAPER_BOTTOM = (248, 243, 228), (224, 214, 188)
INK_TEAL = (18, 70, 78)
INK_FATE = (16, 12, 8)
LINE = (54, 96, 100)
# Number-line colours per position (spec §3.5), in seat order; the name always goes with the colour.
HOUSE_IDS = ("teal", "amber", "violet", "crimson", "slate")
HOUSES = Roles("shipwreck_arcana.houses", dict(zip(HOUSE_IDS, (
    (64, 196, 188), (232, 168, 56), (170, 124, 226), (226, 78, 96), (140, 160, 186)), strict=True)),
               {"teal": "sky", "amber": "orange", "violet": "purple", "crimson": "vermillion", "slate": "grey_light"})
# The fates' two meanings: doom (a wrong answer, a fate that fades as doom) and hope (a right one, the score).
FATES = Roles("shipwreck_arcana.fates", {"doom": (210, 62, 54), "hope": (96, 190, 116)},
              {"doom": "vermillion", "hope": "sky"})


def house_colour(index: int) -> tuple:
    """The number-line colour of the position whose colour index is `index`."""
    return HOUSES[HOUSE_IDS[index % len(HOUSE_IDS)]]

POWER_ICONS = {
    "higher_than": ("plain-arrow", 180), "ask_123": ("info", 0), "ask_147": ("info", 0), "ask_345": ("info", 0),
    "ask_567": ("info", 0), "twice": ("rolling-dices", 0), "discard_lower": ("cancel", 0), "old": ("calendar", 0),
    "cycle": ("anticlockwise-rotation", 0),
}


def card_name(card_id: str | None) -> str:
    return "—" if card_id is None else pick(deck().card(card_id).name)


def card_in(view, slot: int) -> str:
    """The name of the card in the row's `slot` (0: The Hours)."""
    return card_name(view["row"][slot - 1]["card"]) if slot else pick(deck().hours.name)


def power_name(power_id: str) -> str:
    return pick(deck().power(power_id).name)


def _power_icon(power_id: str, size: int) -> pygame.Surface | None:
    name, angle = POWER_ICONS[power_id]
    img = icon(name, size, GOLD_HI)
    return pygame.transform.rotate(img, angle) if img is not None and angle else img


def moon_centres(w: int, h: int, moons: int) -> tuple[list, int]:
    """Where a card of size w×h draws its moons (bottom strip) and their radius."""
    r = max(4, int(min(w * 0.075, h * 0.05)))
    return [(x, int(h * 0.9)) for x in spaced(moons, w // 2, r * 3)], r


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


@lru_cache(maxsize=FACES)
def _card_face(card_id: str, w: int, h: int, language: str) -> pygame.Surface:
    card = deck().card(card_id)
    radius = max(5, w // 14)
    surf = paper(w, h, PAPER_TOP, PAPER_BOTTOM, mix(GOLD, (0, 0, 0), 0.3), radius)
    face = Face(surf)
    frame = pygame.Rect(0, 0, w, h).inflate(-max(4, w // 16), -max(4, w // 16))
    pygame.draw.rect(surf, GOLD, frame, max(1, w // 90), border_radius=max(3, radius - 2))
    big = w > scale(260)  # the large preview (cards in the row are 180 wide in design units)
    band = pygame.Rect(0, 0, w, int(h * (0.14 if big else 0.18)))
    pygame.draw.rect(surf, NIGHT, band, border_top_left_radius=radius, border_top_right_radius=radius)
    pygame.draw.line(surf, GOLD, (0, band.bottom), (w, band.bottom), max(1, w // 90))
    text_fit(surf, pick(card.name), band.inflate(-int(w * 0.08), -int(h * 0.02)), MOON,
             sizes=(_px(max(14, int(h * (0.065 if big else 0.085)))), _px(14)), bold=True)
    size = int(min(w * 0.42, h * (0.17 if big else 0.27)))
    centre = (w // 2, band.bottom + int(size * 0.62) + int(h * 0.02))
    pygame.draw.circle(surf, mix(INK_TEAL, PAPER_TOP, 0.82), centre, int(size * 0.62))
    pygame.draw.circle(surf, mix(GOLD, PAPER_TOP, 0.3), centre, int(size * 0.62), max(1, w // 80))
    blit_at(surf, icon(card.icon, size, INK_TEAL), centre)
    top = centre[1] + int(size * 0.66)
    if big:
        y = top / h - 0.01  # the keyword, the text and what the card fades into, one under the other
        face.text(pick(card.keyword), (0.06, y, 0.88, 0.1), INK_TEAL, (0.06, 0.045), bold=True)
        face.text(pick(card.text), (0.08, y + 0.11, 0.84, 0.21), theme.INK_DARK, (0.042, 0.036))
        if card.power != "none":
            doom = tr(T + ("fade_free" if card.fade_doom == 0 else "fade_doom"), doom=card.fade_doom)
            line = tr(T + "fades_into", power=pick(deck().power(card.power).name), doom=doom)
            face.text(line, (0.08, y + 0.325, 0.84, 0.14), mix(INK_TEAL, (0, 0, 0), 0.2), (0.038,), bold=True)
    else:
        face.text(pick(card.keyword), pygame.Rect(int(w * 0.05), top, int(w * 0.9), int(h * 0.84) - top), INK_TEAL,
                  (1 / 9, 1 / 11), bold=True)
    if card.moons:
        centres, r = moon_centres(w, h, card.moons)
        for c in centres:
            draw_moon(surf, c, r, mix(GOLD, (0, 0, 0), 0.15), PAPER_BOTTOM, False)
    return surf


@lru_cache(maxsize=FACES)
def _hours_face(w: int, h: int, language: str) -> pygame.Surface:
    """The Hours without its markers: a night card with the two tracks' cells."""
    card = deck().hours
    radius = max(5, w // 16)
    surf = paper(w, h, (28, 70, 82), NIGHT_DEEP, GOLD, radius)
    frame = pygame.Rect(0, 0, w, h).inflate(-max(4, w // 22), -max(4, w // 22))
    pygame.draw.rect(surf, mix(GOLD, NIGHT, 0.3), frame, max(1, w // 120), border_radius=max(3, radius - 2))
    band_h = int(h * 0.19)
    glass = icon(card.icon, int(band_h * 0.7), GOLD_HI)
    x = int(w * 0.06)
    if glass is not None:
        surf.blit(glass, glass.get_rect(midleft=(x, band_h // 2 + int(h * 0.01))))
        x += glass.get_width() + int(w * 0.03)
    name = pygame.Rect(x, int(h * 0.03), w - x - int(w * 0.05), band_h - int(h * 0.02))
    text_fit(surf, pick(card.name), name, GOLD_HI, sizes=(max(14, int(h * 0.085)), 14), bold=True, align="left")
    for index, track in enumerate(("score", "doom")):
        colour, cells = FATES["hope" if track == "score" else "doom"], track_cells(w, h, index)
        label = fonts.render(tr(T + track), max(14, int(h * 0.062)), mix(colour, MOON, 0.35), True)
        surf.blit(label, (int(w * 0.06), cells[0].top - label.get_height() - int(h * 0.005)))
        goal = icon("trophy-cup" if track == "score" else "death-skull", int(cells[0].height * 0.7),
                    mix(colour, MOON, 0.3))
        paint_track(surf, cells, colour, NIGHT_DEEP, mix(colour, MOON, 0.5), goal, max(1, w // 150))
    Face(surf).fit(pick(card.keyword), (0.05, 0.86, 0.9, 0.12), MOON_DIM, (max(14, int(h * 0.07)), 14), bold=True)
    return surf


def track_cells(w: int, h: int, index: int) -> list:
    """The cells of The Hours' score (index 0) or doom track (1) on its face, w×h."""
    top = int(h * (0.33 + index * 0.29))
    pad = int(w * 0.05)
    cell = (w - 2 * pad) / 8
    ch = int(h * 0.17)
    return [pygame.Rect(pad + round(i * cell) + 1, top, round(cell) - 2, ch) for i in range(8)]


@lru_cache(maxsize=FACES)
def _hours_preview(w: int, h: int, language: str) -> pygame.Surface:
    card = deck().hours
    surf = paper(w, h, (28, 70, 82), NIGHT_DEEP, GOLD, max(6, w // 16))
    blit_at(surf, icon(card.icon, int(h * 0.22), GOLD_HI), (w // 2, int(h * 0.26)))
    face = Face(surf)
    face.fit(pick(card.name), (0.08, 0.04, 0.84, 0.1), GOLD_HI, (max(14, h // 16), 14), bold=True)
    face.fit(pick(card.keyword), (0.08, 0.42, 0.84, 0.08), MOON, (max(14, h // 18), 14), bold=True)
    face.text(pick(card.text), (0.08, 0.5, 0.84, 0.28), MOON, (0.042, 0.036))
    face.text(tr(T + "hours_tracks"), (0.08, 0.79, 0.84, 0.18), MOON_DIM, (0.034,))
    return surf


@lru_cache(maxsize=FACES)
def _power_face(card_id: str, w: int, h: int, language: str) -> pygame.Surface:
    """A faded card by its back: the power's icon and label (and its text when large)."""
    card = deck().card(card_id)
    power = deck().power(card.power)
    radius = max(5, min(w, h) // 6)
    surf = paper(w, h, (36, 52, 86), (16, 22, 44), GOLD, radius)
    if h > scale(200):
        inner = pygame.Rect(0, 0, w, h).inflate(-max(6, w // 14), -max(6, w // 14))
        pygame.draw.rect(surf, mix(GOLD, (16, 22, 44), 0.4), inner, max(1, w // 120), border_radius=radius // 2)
        blit_at(surf, _power_icon(power.id, int(h * 0.2)), (w // 2, int(h * 0.22)))
        face = Face(surf)
        face.text(pick(power.name), (0.08, 0.35, 0.84, 0.12), GOLD_HI, (0.065, 0.05), bold=True)
        face.text(pick(power.text), (0.08, 0.49, 0.84, 0.3), MOON, (0.042, 0.036))
        who = tr(T + ("power_active" if power.user == "active" else "power_group"))
        face.fit(who, (0.08, 0.8, 0.84, 0.07), MOON_DIM, (max(14, h // 30), 14))
        face.fit(tr(T + "faded_from", card=pick(card.name)), (0.08, 0.88, 0.84, 0.08), MOON_DIM, (max(14, h // 30), 14))
        return surf
    emblem = _power_icon(power.id, int(h * 0.6))
    x = int(h * 0.18)
    if emblem is not None:
        surf.blit(emblem, emblem.get_rect(midleft=(x, h // 2)))
        x += emblem.get_width() + int(h * 0.12)
    Face(surf).text(pick(power.name), pygame.Rect(x, int(h * 0.04), w - x - int(h * 0.12), int(h * 0.92)), MOON,
                    (0.38, 0.3), bold=True, align="left")
    return surf


@lru_cache(maxsize=FACES)
def _card_back(w: int, h: int) -> pygame.Surface:
    surf = paper(w, h, (30, 46, 78), (14, 20, 40), GOLD, max(5, w // 14))
    c = (w // 2, h // 2)
    draw_moon(surf, c, int(min(w, h) * 0.22), GOLD_HI, (22, 32, 60), True)
    return surf


@lru_cache(maxsize=FACES)
def _fate_face(value: int, d: int, via_hours: bool) -> pygame.Surface:
    """A fate token: the value large, its hours as dots, and an hourglass when it came via The Hours."""
    rim = (70, 150, 160) if via_hours else GOLD
    surf, r = disc(d, PAPER_TOP, rim, max(2, d // 14), mix(PAPER_BOTTOM, PAPER_TOP, 0.3)), d // 2
    # The value fills most of the token in near-black on light paper, so it reads at 1280×720 (36 px tokens).
    fonts.blit_text(surf, str(value), (r, int(d * 0.43)), _px(max(16, int(d * 0.66))), INK_FATE, True, "center")
    dot = max(2, d // 24)
    for x in spaced(hours(value), r, dot * 3):
        pygame.draw.circle(surf, mix(GOLD, (0, 0, 0), 0.45), (x, int(d * 0.83)), dot)
    if via_hours:
        blit_at(surf, icon("hourglass", max(8, int(d * 0.3)), (40, 110, 120)), (int(d * 0.8), int(d * 0.2)))
    return surf


@lru_cache(maxsize=FACES)
def _fate_back(d: int, question: bool = False) -> pygame.Surface:
    surf, r = disc(d, (26, 44, 74), GOLD, max(2, d // 14)), d // 2
    if question:
        fonts.blit_text(surf, "?", (r, r), _px(max(14, int(d * 0.5))), GOLD_HI, True, "center")
    else:
        draw_moon(surf, (r, r), int(r * 0.45), GOLD_HI, (26, 44, 74), True)
    return surf


QUESTION = "fate?"  # the back of the hidden fate while the group names it
HOURS_TRACKS = "hours:tracks"  # The Hours as it lies in the row: its tracks' cells, without markers or text


def power_face(zone, card_id: str) -> str:
    """A faded card lies power side up: its face in the stock (a zone widget's `face_of`)."""
    return f"power:{card_id}"


def fate_face(entry: str, via_hours: bool = False) -> str:
    """The face of a fate entry ("fate_<value>:<n>"): the entry, with ":h" when it came via The Hours."""
    return entry + ":h" if via_hours else entry


def card_image(face, w, h) -> pygame.Surface:
    """Any face of the game at w×h: a card id, "power:<card id>", The Hours' id (its text, shown large) or
    HOURS_TRACKS, a fate's face (fate_face), QUESTION, or None for a back (a fate's when square, a card's
    otherwise)."""
    w, h = max(1, w), max(1, h)
    if face is None or face == QUESTION:
        return _fate_back(min(w, h), face == QUESTION) if abs(w - h) <= 3 else _card_back(w, h)
    if face.startswith("fate_"):
        return _fate_face(int(face[5:face.index(":")]), min(w, h), face.endswith(":h"))
    if face.startswith("power:"):
        return _power_face(face[6:], w, h, lang())
    if face == HOURS_TRACKS:
        return _hours_face(w, h, lang())
    if face == deck().hours.id:
        return _hours_preview(w, h, lang())
    return _card_face(face, w, h, lang())
