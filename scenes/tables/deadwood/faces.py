"""Deadwood's card art, drawn from the card data (data/cards/deadwood.yaml): a Deadwood card as its gun half
(the gun's name on its die colour, the die's six faces) over its item half (the item's name, and its text
when the card is large enough to read it), a safe (its content large, its name, its text when large), a
safe known to the viewer but lying face down (the back with the content on a paper slip), the backs, and the
stars (the character's colour with its initials, so colour is never the only sign).

Faces are cached per size and language; `face` strings are card ids, safe ids, "known:<safe id>" for a
face-down safe the viewer knows, SAFE_BACK for a safe nobody at this screen may read, None for a card back.
"""

from __future__ import annotations

from functools import cache, lru_cache

import pygame

from game.games.deadwood.cards import data
from game.games.deadwood.deck import card_index, safe_index

from ...table.cardart import hex_rgb, icon, ink_on, mix, paper, text_fit
from ...table.kit.palette import Roles
from ...table.kit.text import JOINT, name_layout
from ...ui import fonts, theme
from ...ui.strings import pick, tr

T = "deadwood.table."
SAFE_BACK = "safe-back"
KNOWN = "known:"
LEATHER_TOP, LEATHER_BOTTOM = (104, 62, 34), (62, 34, 18)
BRASS = (206, 164, 86)
PAPER_TOP, PAPER_BOTTOM = (246, 236, 210), (226, 208, 170)
STEEL_TOP, STEEL_BOTTOM = (78, 92, 96), (44, 54, 58)
GOLD = (226, 178, 52)
SILVER = (188, 196, 204)
BADGE = (150, 160, 176)
ITEM_ICONS = {"duster_coat": "hooded-figure", "horse": "cloaked-figure-on-horseback", "stetson_hat": "top-hat",
              "holster": "plain-dagger"}
# The three establishments' team colours (house choice), away from the stars' colours so that a seat's
# stripe is not read as a character.
TEAM_COLOURS = Roles("deadwood.teams", {"gem_theater": (40, 150, 150), "bella_union": (196, 70, 140),
                                        "grand_central_hotel": (120, 150, 60)},
                     {"gem_theater": "blue", "bella_union": "sky_light", "grand_central_hotel": "orange_dark"})
# The guns' dice and the stars' colours, from the card data (each die also names its colour, each star has its
# initials).
DICE = Roles("deadwood.dice", lambda: {g.id: hex_rgb(g.die["hex"]) for g in data().guns},
             {"derringer": "white", "six_shooter": "yellow", "coach_gun": "vermillion", "repeater": "blue",
              "buffalo_rifle": "black"})
STARS = Roles("deadwood.stars", lambda: {c.id: hex_rgb(c.colour["hex"]) for c in data().characters},
              {"wild_bill_hickok": "vermillion", "calamity_jane": "orange", "seth_bullock": "grey_light",
               "sol_star": "yellow", "al_swearengen": "purple", "charlie_utter": "green", "jack_mccall": "grey_dark",
               "e_b_farnum": "vermillion_dark", "aunt_lou_marchbanks": "sky"})


# -- the data, by id ---------------------------------------------------------------------------------------

def card(card_id: str):
    return data().cards[card_index()[card_id]]


def gun_of(card_id: str):
    return data().guns[card(card_id).gun]


def item_of(card_id: str):
    return data().items[card(card_id).item]


def safe(safe_id: str):
    return data().safes[safe_index()[safe_id]]


def is_card(face) -> bool:
    return isinstance(face, str) and face in card_index()


def is_safe(face) -> bool:
    return isinstance(face, str) and face in safe_index()


def die_colour(gun) -> tuple:
    return DICE[gun.id]


def card_name(card_id: str) -> str:
    """"Gun · Item", as the engine's texts name a card."""
    return tr("deadwood.card", gun=pick(gun_of(card_id).name), item=pick(item_of(card_id).name))


def character(char_id: str):
    return next(c for c in data().characters if c.id == char_id)


def star_colour(char_id: str) -> tuple:
    return STARS[char_id]


def initials(char_id: str) -> str:
    """Two Latin letters from the character's English name (Wild Bill Hickok: WH): unique among the nine."""
    words = character(char_id).name["en"].replace(".", " ").split()
    return (words[0][0] + words[-1][0]).upper()


def establishment(est_id: str):
    return next(e for e in data().establishments if e.id == est_id)


def team_mark(est_id: str) -> tuple:
    """(letter, colour) of an establishment's team: a letter from the table texts, so colour is not alone."""
    return tr(T + "team_letter." + est_id), TEAM_COLOURS[est_id]


def safe_short(safe_id: str) -> str:
    """What a safe holds in a few characters: "3" gold, "#2" badge, a gun's name, "?" a Mystery Safe."""
    s = safe(safe_id)
    if s.type == "gold":
        return tr(T + "gold_short", value=s.value)
    if s.type == "badge":
        return f"#{s.value}"
    if s.type == "showdown_gun":
        return pick(data().guns[s.value].name)
    return "?" if s.effect != "mystery_deputy_badge" else "#6"


def slip_short(safe_id: str) -> str:
    """safe_short in fewer letters, for a safe too small for it whole: a gun by its short name from the table
    texts ("Rep.")."""
    s = safe(safe_id)
    if s.type == "showdown_gun":
        return tr(T + "gun_slip." + data().guns[s.value].id)
    return safe_short(safe_id)


WHOLE_CONTENT_PX = 11  # what a safe holds is in full words no smaller than this, else in short


def content_layout(safe_id: str, width: int, height: int, largest: int) -> tuple:
    """(font px, lines) of what a safe holds in a width × height box: whole ("Repeater", "1 gold") when it
    fits at a fair size, else in short ("Rep."), never cut (a seat's small safes at nine players). The safe's
    tooltip names it in full."""
    return name_layout(jointed(safe_short(safe_id)), width, height, largest, shorten=False,
                       smallest=WHOLE_CONTENT_PX) or \
        name_layout(jointed(slip_short(safe_id)), width, height, largest, smallest=SMALL_PRINT_PX)


def jointed(text: str) -> str:
    """`text` with a JOINT where the table texts let a long katakana name break ("ダスター|コート")."""
    for joint in tr(T + "joints").split():
        text = text.replace(joint.replace("|", ""), joint.replace("|", JOINT))
    return text


def safe_tint(safe_id: str) -> tuple:
    s = safe(safe_id)
    if s.type == "gold":
        return GOLD
    if s.type == "badge":
        return BADGE
    if s.type == "showdown_gun":
        return die_colour(data().guns[s.value])
    return SILVER


# -- Deadwood cards -----------------------------------------------------------------------------------------

SMALL_CARD_H = 120  # pixels: a card lower than this shows its names only, not its die
# The smallest print of a name on a card's face, small like a real card's (the large preview shows it at full
# size): "Coach Gun" on a Holster offered on the stage, or a long katakana gun name, whole rather than cut.
SMALL_PRINT_PX = 9  # as Three-Dragon Ante's cards


@cache
def card_face(card_id: str, w: int, h: int, language: str) -> pygame.Surface:
    gun, item = gun_of(card_id), item_of(card_id)
    tint = die_colour(gun)
    radius = max(4, w // 12)
    surf = paper(w, h, PAPER_TOP, PAPER_BOTTOM, LEATHER_BOTTOM, radius)
    half = h * 48 // 100
    band = pygame.Rect(0, 0, w, half)
    pygame.draw.rect(surf, tint, band, border_top_left_radius=radius, border_top_right_radius=radius)
    pygame.draw.rect(surf, LEATHER_BOTTOM, band, max(1, w // 60), border_top_left_radius=radius,
                     border_top_right_radius=radius)
    on = ink_on(tint)
    pad = max(3, w // 16)
    small = h < SMALL_CARD_H  # a card on the stage or far away: the two names only, each on up to two lines
    name_h = half - 2 * max(2, h // 40) if small else half * 50 // 100
    edge = max(2, w // 30)  # the names may reach nearer the card's edge than the rest
    gun_box = pygame.Rect(edge, max(2, h // 40), w - 2 * edge, name_h)
    if not small and len(name_layout(jointed(pick(gun.name)), gun_box.width, name_h, max(theme.MIN_TEXT_PX, h // 9),
                                     smallest=SMALL_PRINT_PX)[1]) > 1:
        # A name on two lines (a long katakana name on a narrow card) takes the gun's half down a little, so
        # that the die's faces keep their room under it.
        half = min(h * 58 // 100, half + fonts.font(SMALL_PRINT_PX, True).get_linesize())
        band.height = half
        pygame.draw.rect(surf, tint, band, border_top_left_radius=radius, border_top_right_radius=radius)
        pygame.draw.rect(surf, LEATHER_BOTTOM, band, max(1, w // 60), border_top_left_radius=radius,
                         border_top_right_radius=radius)
    y = _names(surf, pick(gun.name), gun_box, on, max(theme.MIN_TEXT_PX, h // 9))
    if not small:  # the die's six faces: what this gun can roll
        _die_faces(surf, gun.faces, pygame.Rect(pad, y, w - 2 * pad, half - y - max(2, h // 40)), tint, on)
    lower = pygame.Rect(pad, half + max(2, h // 40), w - 2 * pad, h - half - max(4, h // 20))
    big = h >= 300
    mark = None if small else icon(ITEM_ICONS[item.id], min(lower.width, lower.height) // (4 if big else 3),
                                   LEATHER_TOP)
    if big:
        if mark:
            surf.blit(mark, mark.get_rect(topright=(lower.right, lower.top)))
        room = lower.width - (mark.get_width() if mark else 0)
        y = _names(surf, pick(item.name), pygame.Rect(lower.left, lower.top, room, lower.height * 3 // 10),
                   theme.INK_DARK, max(theme.MIN_TEXT_PX, h // 12), align="left")
        text = pygame.Rect(lower.left, y + h // 60, lower.width, lower.bottom - y - h // 60)
        text_fit(surf, pick(item.text), text, theme.INK_DARK, sizes=(22, 19, 16))
        return surf
    name_box = lower.inflate(2 * (pad - edge), 0)
    if mark and lower.height > mark.get_height() + fonts.font(theme.MIN_TEXT_PX, True).get_linesize():
        surf.blit(mark, mark.get_rect(midbottom=(w // 2, lower.bottom)))
        name_box.height -= mark.get_height()
    _names(surf, pick(item.name), name_box, theme.INK_DARK, max(theme.MIN_TEXT_PX, h // 10), centre=True)
    return surf


def _names(surf, text: str, box: pygame.Rect, colour, largest: int, align: str = "center",
           centre: bool = False) -> int:
    """`text` fitted into `box` (its words whole, see name_layout), from its top or centred in it; returns
    the y under it."""
    px, lines = name_layout(jointed(text), box.width, box.height, largest, smallest=SMALL_PRINT_PX)
    font = fonts.font(px, True)
    y = box.top + (max(0, (box.height - font.get_linesize() * len(lines)) // 2) if centre else 0)
    for line in lines:
        img = font.render(line, True, colour)
        surf.blit(img, img.get_rect(midtop=(box.centerx, y)) if align == "center" else (box.left, y))
        y += font.get_linesize()
    return y


def _die_faces(surf, faces, rect: pygame.Rect, tint, on) -> None:
    if rect.height < 8:
        return
    cols = 6 if rect.width >= 6 * rect.height * 0.8 else 3
    rows = 6 // cols
    side = int(min((rect.width - (cols - 1) * 2) / cols, (rect.height - (rows - 1) * 2) / rows))
    if side < 12:
        return
    span = cols * side + (cols - 1) * 2
    left = rect.centerx - span // 2
    top = rect.centery - (rows * side + (rows - 1) * 2) // 2
    body = mix(tint, (255, 255, 255), 0.75) if on != (255, 255, 255) else mix(tint, (255, 255, 255), 0.85)
    for i, face in enumerate(faces):
        cell = pygame.Rect(left + (i % cols) * (side + 2), top + (i // cols) * (side + 2), side, side)
        pygame.draw.rect(surf, body, cell, border_radius=max(2, side // 5))
        pygame.draw.rect(surf, (40, 30, 20), cell, 1, border_radius=max(2, side // 5))
        img = fonts.font(max(theme.MIN_TEXT_PX, side * 3 // 4), True).render(str(face), True, theme.INK_DARK)
        if img.get_height() > side + 4:
            img = pygame.transform.smoothscale(img, (img.get_width() * side // img.get_height(), side))
        surf.blit(img, img.get_rect(center=cell.center))


@cache
def card_back(w: int, h: int) -> pygame.Surface:
    radius = max(4, w // 12)
    surf = paper(w, h, LEATHER_TOP, LEATHER_BOTTOM, BRASS, radius)
    inner = pygame.Rect(0, 0, w, h).inflate(-max(6, w // 7), -max(6, w // 7))
    pygame.draw.rect(surf, mix(BRASS, LEATHER_TOP, 0.4), inner, max(1, w // 50), border_radius=radius // 2)
    star = icon("round-star", int(min(w, h) * 0.5), BRASS)
    if star:
        surf.blit(star, star.get_rect(center=(w // 2, h // 2)))
    return surf


# -- safes --------------------------------------------------------------------------------------------------

@cache
def safe_face(safe_id: str, w: int, h: int, language: str) -> pygame.Surface:
    s = safe(safe_id)
    tint = safe_tint(safe_id)
    radius = max(4, w // 10)
    surf = paper(w, h, mix(tint, (255, 255, 255), 0.55), mix(tint, (255, 255, 255), 0.25),
                 (150, 156, 160) if s.silver else (40, 36, 30), radius)
    if s.silver:
        pygame.draw.rect(surf, SILVER, surf.get_rect(), max(2, w // 16), border_radius=radius)
    big = h >= 300
    small = h < 120  # in a seat's row: what it holds, large, and no name (it would only say it again)
    value_box = pygame.Rect(0, int(h * 0.06), w, int(h * (0.3 if big else 0.88 if small else 0.46)))
    px, lines = content_layout(safe_id, w - max(6, w // 8), value_box.height, max(theme.MIN_TEXT_PX, h // 4))
    font = fonts.font(px, True)
    y = value_box.top + (value_box.height - font.get_linesize() * len(lines)) // 2
    for line in lines:
        img = font.render(line, True, theme.INK_DARK)
        surf.blit(img, img.get_rect(midtop=(w // 2, y)))
        y += font.get_linesize()
    name_box = pygame.Rect(max(3, w // 14), value_box.bottom, w - 2 * max(3, w // 14),
                           int(h * (0.22 if big else 0.44)))
    if not small and name_box.height >= fonts.font(theme.MIN_TEXT_PX, True).get_linesize():
        px, lines = name_layout(jointed(pick(s.name)), name_box.width, name_box.height, max(theme.MIN_TEXT_PX, h // 9),
                                smallest=SMALL_PRINT_PX)
        font = fonts.font(px, True)
        y = name_box.top + (name_box.height - font.get_linesize() * len(lines)) // 2
        for line in lines:
            img = font.render(line, True, theme.INK_DARK)
            surf.blit(img, img.get_rect(midtop=(w // 2, y)))
            y += font.get_linesize()
    if big:
        text_fit(surf, pick(s.text), pygame.Rect(w // 12, name_box.bottom, w - w // 6, h - name_box.bottom - h // 20),
                 theme.INK_DARK, sizes=(22, 19, 16))
    return surf


@cache
def safe_back(w: int, h: int) -> pygame.Surface:
    radius = max(4, w // 10)
    surf = paper(w, h, STEEL_TOP, STEEL_BOTTOM, (20, 24, 26), radius)
    r = int(min(w, h) * 0.28)
    centre = (w // 2, h // 2)
    pygame.draw.circle(surf, (30, 36, 38), centre, r)
    pygame.draw.circle(surf, BRASS, centre, r, max(1, w // 30))
    for i in range(8):  # the dial's notches
        v = pygame.math.Vector2(0, -1).rotate(i * 45)
        pygame.draw.line(surf, BRASS, (centre[0] + v.x * r * 0.7, centre[1] + v.y * r * 0.7),
                         (centre[0] + v.x * r, centre[1] + v.y * r), max(1, w // 40))
    return surf


def slip_rect(w: int, h: int) -> pygame.Rect:
    """The paper slip on a face-down safe w×h the viewer knows: most of the back, so that a seat's small safes
    (37 pixels wide at nine players at 1280×720) have two lines of small print on it."""
    slip = pygame.Rect(0, 0, w - max(4, w // 8), int(h * 0.62))
    slip.center = (w // 2, h // 2)
    return slip


def slip_border(w: int) -> int:
    return max(2, w // 18)


def slip_layout(safe_id: str, w: int, h: int) -> tuple:
    """(font px, lines, text box) of the slip on a safe w×h (see content_layout)."""
    box = slip_rect(w, h).inflate(-2 * slip_border(w), -2 * slip_border(w))
    return (*content_layout(safe_id, box.width, box.height, max(theme.MIN_TEXT_PX, h // 5)), box)


@cache
def known_face(safe_id: str, w: int, h: int, language: str) -> pygame.Surface:
    """A face-down safe the viewer knows: the steel back (it is still face down for everyone else) with a paper
    slip saying what it holds, in the safe's colour."""
    surf = safe_back(w, h).copy()
    slip = slip_rect(w, h)
    pygame.draw.rect(surf, PAPER_TOP, slip, border_radius=max(3, w // 14))
    pygame.draw.rect(surf, safe_tint(safe_id), slip, slip_border(w), border_radius=max(3, w // 14))
    px, lines, box = slip_layout(safe_id, w, h)
    font = fonts.font(px, True)
    y = box.centery - font.get_linesize() * len(lines) // 2
    for line in lines:
        img = font.render(line, True, theme.INK_DARK)
        surf.blit(img, img.get_rect(midtop=(box.centerx, y)))
        y += font.get_linesize()
    return surf


def image(face, w: int, h: int, language: str) -> pygame.Surface:
    """Any face of this game at w×h (see the module's docstring)."""
    w, h = max(1, w), max(1, h)
    if face is None:
        return card_back(w, h)
    if face == SAFE_BACK:
        return safe_back(w, h)
    if face.startswith(KNOWN):
        return known_face(face[len(KNOWN):], w, h, language)
    if is_safe(face):
        return safe_face(face, w, h, language)
    if is_card(face):
        return card_face(face, w, h, language)
    return card_back(w, h)


def star(surface, centre, radius: int, char_id: str) -> None:
    """A star: a disc in the character's colour, a brass rim, and the initials (drawn once per size: a table
    shows a dozen stars every frame)."""
    image = star_image(char_id, radius)
    surface.blit(image, (centre[0] - radius - 1, centre[1] - radius - 1))


@lru_cache(maxsize=256)  # a flying star may change size on the way: bounded
def star_image(char_id: str, radius: int) -> pygame.Surface:
    """The star of `star`, its centre at (radius + 1, radius + 1), with its shadow down and to the right.
    Shared: never draw on it."""
    colour = star_colour(char_id)
    surf = pygame.Surface((2 * radius + 6, 2 * radius + 7), pygame.SRCALPHA)
    centre = (radius + 1, radius + 1)
    pygame.draw.circle(surf, (16, 12, 8), (centre[0] + 2, centre[1] + 3), radius)
    pygame.draw.circle(surf, colour, centre, radius)
    pygame.draw.circle(surf, BRASS, centre, radius, max(2, radius // 7))
    img = fonts.font(max(theme.MIN_TEXT_PX, radius), True).render(initials(char_id), True, ink_on(colour))
    if img.get_width() > 2 * radius - 4:
        fit = 2 * radius - 4
        img = pygame.transform.smoothscale(img, (fit, img.get_height() * fit // img.get_width()))
    surf.blit(img, img.get_rect(center=centre))
    return surf
