"""Three-Dragon Ante card faces, drawn from the card data (data/cards/three_dragon_ante.yaml through the
engine's cards.py): the strength in a disc, a band in the card's colour(s) with the colour's name, the name,
the kind and alignment, and the power's text wrapped to fit when the card is large enough (the large
preview always has it). Colour is never the only sign: the band names the colour, the strength is a number,
and good and evil are written out.

Small cards (another player's flight) keep the strength, the band and the name; cards in your hand add the
kind line; from about 260 px wide the power's text shows too.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from game.games.three_dragon_ante.cards import deck

from ...table.cardart import icon, ink_on, mix, paper
from ...table.kit.palette import Roles
from ...table.kit.text import name_layout
from ...ui import fonts, theme
from ...ui.linebreak import fit_lines, wrap
from ...ui.strings import pick, tr

T = "three_dragon_ante.table."
COLOURS = {
    "black": (46, 44, 54), "blue": (46, 96, 190), "brass": (196, 158, 74), "bronze": (150, 98, 48),
    "copper": (186, 112, 60), "gold": (232, 192, 64), "green": (46, 132, 72), "red": (196, 46, 38),
    "silver": (186, 192, 204), "white": (236, 236, 242),
}
COLOURLESS = (132, 126, 140)  # Bahamut, the Dracolich, both Wyrmlings
MORTAL = (112, 72, 132)
# The bands' colours as roles: the dragons' colours, colourless and Mortal (the band names each one too).
TINTS = Roles("three_dragon_ante.colours", {**COLOURS, "colourless": COLOURLESS, "mortal": MORTAL},
              {"black": "black", "blue": "blue", "brass": "orange", "bronze": "vermillion_dark",
               "copper": "vermillion_light", "gold": "yellow", "green": "green", "red": "vermillion",
               "silver": "grey_light", "white": "white", "colourless": "grey_dark", "mortal": "purple"})
PARCHMENT_TOP, PARCHMENT_BOTTOM = (250, 244, 228), (228, 214, 186)
BACK_TOP, BACK_BOTTOM = (92, 20, 26), (40, 8, 12)
GILT = (214, 176, 92)


def card(card_id: str):
    return deck().card(card_id)


def card_name(card_id: str) -> str:
    return pick(card(card_id).name)


def card_label(card_id: str) -> str:
    """A card as the choice buttons and the log name it: its name and strength."""
    return tr(T + "card_label", name=card_name(card_id), strength=card(card_id).strength)


def colour_name(colour: str) -> str:
    return pick(deck().colours[colour])


def power_text(card_id: str) -> str:
    """The card's power in the player's language; '' while its wording has not landed in the data."""
    return pick(deck().powers.get(card(card_id).effect, {"en": "", "ja": ""}))


def tints(c) -> list[tuple]:
    """The band's colours, left to right: a Mortal's purple, colourless grey, or each colour it counts as."""
    if c.kind == "mortal":
        return [TINTS["mortal"]]
    return [TINTS[x] for x in c.colours] or [TINTS["colourless"]]


def band_text(c) -> str:
    """What the band says: the colour's name (all five of Tiamat's, shortened to fit), Mortal, or none."""
    if c.kind == "mortal":
        return tr(T + "mortal_band")
    if not c.colours:
        return tr(T + "colourless")
    return "・".join(colour_name(x) for x in c.colours) if len(c.colours) > 1 else colour_name(c.colours[0])


def kind_line(c) -> str:
    """'Legendary, evil', 'Good dragon' (a standard card) or 'Mortal'."""
    if c.kind == "mortal":
        return pick(deck().kinds[c.kind])
    alignment = pick(deck().alignments[c.alignment])
    return alignment if c.kind == "standard" else tr(T + f"legendary_{c.alignment}")


def _paint_band(surf: pygame.Surface, rect: pygame.Rect, colours: list[tuple], radius: int) -> None:
    step = rect.width / len(colours)
    for i, colour in enumerate(colours):
        part = pygame.Rect(rect.left + round(i * step), rect.top, round((i + 1) * step) - round(i * step), rect.height)
        pygame.draw.rect(surf, colour, part, border_top_left_radius=radius if i == 0 else 0,
                         border_top_right_radius=radius if i == len(colours) - 1 else 0)


def _one_line(surf, text: str, rect: pygame.Rect, colour, px: int, bold: bool = True, align: str = "center"):
    font = fonts.font(px, bold)
    line = fit_lines(text, rect.width, 1, lambda s: font.size(s)[0])[0] if text else ""
    img = font.render(line, True, colour) if line else None
    if img is not None:
        where = img.get_rect(midleft=(rect.left, rect.centery)) if align == "left" else img.get_rect(center=rect.center)
        surf.blit(img, where)


SMALL_PRINT_PX = 9  # the smallest print on a small card's face (the large preview shows it all at full size)
# The faces on screen at once (every card at its place's size, a few flying sizes, the large preview) fit with
# room to spare; faces of a window size or language left behind give way instead of piling up.
FACES_KEPT = 256


@lru_cache(maxsize=FACES_KEPT)
def face(card_id: str, w: int, h: int, language: str) -> pygame.Surface:
    """The card's face at w×h pixels (`language` keys the cache: the texts follow the player's language)."""
    c = card(card_id)
    colours = tints(c)
    main = colours[0]
    radius = max(4, w // 12)
    border = mix(main, (0, 0, 0), 0.55) if c.kind != "legendary" else GILT
    surf = paper(w, h, PARCHMENT_TOP, PARCHMENT_BOTTOM, border, radius)
    if c.kind == "legendary":  # a gilt frame: the Legendary Dragons stand out by their border's shape too
        pygame.draw.rect(surf, GILT, (0, 0, w, h), max(2, w // 30), border_radius=radius)
    pad = max(3, w // 16)
    band_h = max(16, round(h * 0.17))
    band = pygame.Rect(0, 0, w, band_h)
    _paint_band(surf, band, colours, radius)
    # The strength in a disc at the band's left: the number every rule compares, readable at any size.
    r = max(8, round(band_h * 0.62))
    centre = (pad + r - max(0, w // 40), band_h // 2 + max(1, h // 60))
    pygame.draw.circle(surf, (24, 18, 14), centre, r)
    pygame.draw.circle(surf, GILT, centre, r, max(1, w // 60))
    num = fonts.font(max(theme.MIN_TEXT_PX, round(r * 1.15)), True).render(str(c.strength), True, (255, 246, 220))
    surf.blit(num, num.get_rect(center=centre))
    on = ink_on(main) if len(colours) == 1 else theme.INK_DARK
    band_left = centre[0] + r + max(2, w // 40)
    band_px = max(theme.MIN_TEXT_PX, round(band_h * 0.5))
    words = band_text(c)
    y = max(band_h, centre[1] + r) + max(2, h // 50)
    big = w >= 150
    text = power_text(card_id) if w >= 200 else ""
    # The name: as large as reads whole, on up to three lines. A standard card whose name does not fit whole
    # even in small print says no more than its band (its colour, "Dragon"): it shows its emblem; a special
    # card's name is shortened only as a last resort.
    name_h = round(h * (0.22 if text else 0.36 if big else 0.5))
    box = card_name(card_id), w - 2 * pad, name_h, max(theme.MIN_TEXT_PX, h // (9 if big else 7))
    fitted = name_layout(*box, shorten=False)
    small_print = fitted is None
    if small_print:
        # A small card prints its name smaller than the app's text, as a real card would, from the band down
        # (its emblem gives way; short names leave the bottom corners clear for the table's marks), before "…".
        name_h = h - y - pad
        fitted = name_layout(card_name(card_id), w - 4, name_h, box[3], shorten=c.kind != "standard",
                             smallest=SMALL_PRINT_PX)
    px, lines = fitted or (theme.MIN_TEXT_PX, [])
    # The band's words whole, or cut short only when no name under it says the colour.
    if fonts.font(band_px, True).size(words)[0] <= w - band_left - pad or not lines and w - band_left - pad >= 24:
        _one_line(surf, words, pygame.Rect(band_left, 0, w - band_left - pad, band_h), on, band_px, align="left")
    font = fonts.font(px, True)
    # Centred in its room (in small print, above the bottom corners' marks); under the band when it fills it.
    room = name_h - (max(6, h // 8) if small_print else 0)
    top = y + max(0, room - font.get_linesize() * len(lines)) // 2 if not text else y
    for line in lines:
        img = font.render(line, True, theme.INK_DARK)
        surf.blit(img, img.get_rect(midtop=(w // 2, top)))
        top += font.get_linesize()
    y = max(top, y + (name_h if lines and not text else 0)) + max(1, h // 80)
    if h >= 150:
        kind_px = max(theme.MIN_TEXT_PX, h // 22)
        ink = mix(main if c.kind != "mortal" else TINTS["mortal"], (0, 0, 0), 0.45)
        words = kind_line(c)
        if fonts.font(kind_px).size(words)[0] > w - 2 * pad:  # too narrow for "Legendary, evil": the alignment
            words = pick(deck().alignments[c.alignment]) if c.kind != "mortal" else words
        _one_line(surf, words, pygame.Rect(pad, y, w - 2 * pad, fonts.font(kind_px).get_linesize()), ink, kind_px,
                  bold=False)
        y += fonts.font(kind_px).get_linesize() + max(2, h // 60)
    if text:
        pygame.draw.line(surf, mix(main, PARCHMENT_BOTTOM, 0.4), (pad * 2, y), (w - pad * 2, y), max(1, w // 150))
        _power(surf, text, pygame.Rect(pad, y + max(2, h // 80), w - 2 * pad, h - y - pad))
    elif h - y - pad > 16:
        size = min(w * 2 // 3, h - y - pad)
        emblem = icon("person" if c.kind == "mortal" else "sea-dragon", size, mix(main, PARCHMENT_BOTTOM, 0.35))
        if emblem:
            surf.blit(emblem, emblem.get_rect(center=(w // 2, (y + h - pad) // 2)))
    if c.dragon_god and w >= 60:  # Bahamut and Tiamat: a crown says "Dragon God" without words
        crown = icon("crown", max(12, band_h * 2 // 3), GILT)
        if crown:
            surf.blit(crown, crown.get_rect(topright=(w - pad // 2, band_h + 2)))
    return surf


def _power(surf, text: str, rect: pygame.Rect) -> None:
    """The power's text, wrapped, in the largest size from 22 px down to 14 px that fits the rect."""
    for px in range(min(22, max(theme.MIN_TEXT_PX, rect.height // 6)), theme.MIN_TEXT_PX - 1, -1):
        font = fonts.font(px)
        lines = wrap(text, rect.width, lambda s, f=font: f.size(s)[0])
        if len(lines) * font.get_linesize() <= rect.height:
            break
    else:
        font = fonts.font(theme.MIN_TEXT_PX)
        lines = fit_lines(text, rect.width, max(1, rect.height // font.get_linesize()),
                          lambda s, f=font: f.size(s)[0])
    y = rect.top
    for line in lines:
        surf.blit(font.render(line, True, theme.INK_DARK), (rect.left, y))
        y += font.get_linesize()


@lru_cache(maxsize=32)
def back(w: int, h: int) -> pygame.Surface:
    radius = max(4, w // 12)
    surf = paper(w, h, BACK_TOP, BACK_BOTTOM, GILT, radius)
    inner = pygame.Rect(0, 0, w, h).inflate(-max(6, w // 8), -max(6, w // 8))
    pygame.draw.rect(surf, mix(GILT, BACK_TOP, 0.5), inner, max(1, w // 60), border_radius=radius // 2)
    emblem = icon("sea-dragon", int(min(w, h) * 0.6), mix(GILT, (255, 255, 255), 0.1))
    if emblem:
        surf.blit(emblem, emblem.get_rect(center=(w // 2, h // 2)))
    return surf
