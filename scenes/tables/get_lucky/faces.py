"""Get Lucky's card art: the action cards (a band in the kind's colour with its name, an emblem, the card's name,
the character it names or its Luck value, and the kind's text on the large preview; small ones keep the colour,
letter and value; cards in your hand lie on their side), the characters (the number Doctor Lucky walks by in a
brass disc, a portrait, the name and, large, the grudge) and the backs. Cached per size and language."""

from __future__ import annotations

from functools import cache, lru_cache

import pygame

from game.games.get_lucky.cards import deck
from game.games.get_lucky.zones import character_ids

from ...table.cardart import FACES, icon, ink_on, mix, paper, text_fit
from ...table.kit.palette import Roles
from ...table.kit.panels import Face
from ...table.kit.text import draw_layout, name_layout
from ...ui import fonts, theme
from ...ui.linebreak import fit_lines
from ...ui.strings import lang, pick, tr
from ...ui.theme import scale

MAHOGANY = (88, 40, 26)
CREAM_TOP, CREAM_BOTTOM = (250, 243, 226), (232, 218, 188)
BRASS = (201, 160, 82)
CANDLE = (255, 214, 110)
BACK_TOP, BACK_BOTTOM = (110, 30, 44), (58, 14, 24)
# The action cards' kinds (each card also shows its kind's letter and icon).
KIND_COLOURS = Roles("get_lucky.kinds", {
    "weapon": (150, 38, 40),
    "motive": (118, 58, 138),
    "opportunity": (36, 98, 128),
    "attract": (52, 118, 72),
    "luck": (196, 148, 40),
}, {"weapon": "vermillion", "motive": "purple", "opportunity": "blue", "attract": "green", "luck": "yellow"})
KIND_ICONS = {"weapon": "plain-dagger", "motive": "broken-heart", "opportunity": "wooden-door", "attract": "magnet",
              "luck": "clover"}
T = "get_lucky.table."


@cache
def char_numbers() -> dict:
    """Character id -> its number (the board keys characters by id, as the view's zones list them)."""
    return {cid: n for n, cid in enumerate(character_ids()) if cid}


def card_image(face, w, h) -> pygame.Surface:
    """A piece's image: a character or an action card by its id, a back for None."""
    w, h = max(1, w), max(1, h)
    if face is None:
        return _card_back(w, h)
    if face in char_numbers():
        return _character_face(char_numbers()[face], w, h, lang())
    return _action_face(face, w, h, lang())


def character_back(face, w, h) -> pygame.Surface:
    """The character deck's back, whatever card lies there."""
    return _card_back(max(1, w), max(1, h), True)


def char_name(number: int) -> str:
    return pick(deck().character(number).name)


def card_label(card_id: str) -> str:
    card = deck().card(card_id)
    if card.kind == "luck":
        return f"{pick(card.name)} -{card.defence}"
    return pick(card.name)


def kind_name(kind: str) -> str:
    return pick(deck().kind(kind).name)


def _sub_line(card) -> str:
    """What a card does, in a few characters: the character it names or its Luck value."""
    if card.kind == "luck":
        return tr(T + "luck_value", value=card.defence)
    if card.names:
        return tr(T + "names", number=card.names)
    return ""


@lru_cache(maxsize=FACES)
def _action_face(card_id: str, w: int, h: int, language: str) -> pygame.Surface:
    card = deck().card(card_id)
    tint = KIND_COLOURS[card.kind]
    on = ink_on(tint)  # words on the kind's colour
    radius = max(4, w // 12)
    letter = kind_name(card.kind)[:1]
    if w < 78:
        # Small (attached or far away): the kind colour, its letter, and the number it names or its Luck value.
        face = Face(paper(w, h, mix(tint, (255, 255, 255), 0.18), mix(tint, (0, 0, 0), 0.15),
                          mix(tint, (0, 0, 0), 0.5), radius))
        # Letter and value down the left edge: all that shows of a card under its neighbour in a fanned hand.
        face.word(letter, max(14, int(h * 0.24)), on, (int(w * 0.1), int(h * 0.02)), "topleft")
        face.word(_short_value(card), max(14, int(h * 0.22)), on, (int(w * 0.08), int(h * 0.3)), "topleft")
        face.emblem(KIND_ICONS[card.kind], int(min(w, h) * 0.42), mix(on, tint, 0.35),
                    (w - int(w * 0.08), h - int(h * 0.06)), "bottomright")
        return face.surface
    face = Face(paper(w, h, CREAM_TOP, CREAM_BOTTOM, mix(tint, (0, 0, 0), 0.4), radius))
    ink = mix(tint, (0, 0, 0), 0.45)  # the kind's colour, dark enough to read on cream
    if w > h:
        return _landscape_face(face, card, tint, on, ink, radius)
    surf = face.surface
    band = pygame.Rect(0, 0, w, int(h * 0.17))
    pygame.draw.rect(surf, tint, band, border_top_left_radius=radius, border_top_right_radius=radius)
    # Left-aligned kind and value: the part of a card that shows under its neighbour in a fanned hand.
    text_fit(surf, kind_name(card.kind), band.inflate(-int(w * 0.12), -int(h * 0.02)), on,
             sizes=(max(14, int(h * 0.09)), 14), bold=True, align="left")
    emblem_size = int(min(w * 0.5, h * 0.28))
    centre = (w // 2, int(h * 0.36))
    face.disc(centre, int(emblem_size * 0.64), mix(tint, CREAM_TOP, 0.78))
    face.emblem(KIND_ICONS[card.kind], emblem_size, ink, centre, letter=letter)
    text_fit(surf, pick(card.name), face.box(0.06, 0.56, 0.88, 0.25), theme.INK_DARK,
             sizes=(max(14, h // 12), max(14, h // 15), 14), bold=True)
    sub = _sub_line(card) if w >= 120 else _short_value(card)
    face.word(sub, max(14, int(h * 0.1)), ink, (int(w * 0.08), h - int(h * 0.03)), "bottomleft", width=w - 8)
    if w >= 260:
        rule_y = int(h * 0.79)
        pygame.draw.line(surf, mix(tint, CREAM_BOTTOM, 0.5), (int(w * 0.1), rule_y), (int(w * 0.9), rule_y))
        text_fit(surf, pick(deck().kind(card.kind).text), face.box(0.08, 0.8, 0.84, 0.12), theme.INK_DARK, sizes=(14,))
    return surf


def hand_face_layout(card, w: int, h: int) -> dict:
    """Where the words go on a landscape card in your hand (pixels): a band with the kind (and its emblem
    when there is room) and what it names or its Luck value at the right, then the name on up to three
    lines, at 14 px at least, every word whole whenever it fits (see `name_layout`)."""
    pad = max(4, w // 20)
    inner = w - 2 * pad
    band_font = fonts.font(max(theme.MIN_TEXT_PX, h // 7), True)
    band_h = band_font.get_linesize() + 2
    kind, sub = kind_name(card.kind), _short_value(card)
    kind_w, sub_w = band_font.size(kind)[0], band_font.size(sub)[0] if sub else 0
    emblem = band_h - 6
    sub_in_band = kind_w + sub_w + scale(8) <= inner
    with_emblem = sub_in_band and emblem + 4 + kind_w + sub_w + scale(8) <= inner
    name_top = band_h + max(2, h // 30)
    name_bottom = h - max(3, h // 25) - (0 if sub_in_band or not sub else band_font.get_linesize())
    name = name_layout(pick(card.name), inner, name_bottom - name_top, max(theme.MIN_TEXT_PX, h // 6))
    return {"pad": pad, "band_font": band_font, "band_h": band_h, "kind": kind, "sub": sub,
            "sub_in_band": sub_in_band, "emblem": emblem if with_emblem else 0, "name": name,
            "name_box": (name_top, name_bottom)}


def _short_value(card) -> str:
    return f"#{card.names}" if card.names else f"-{card.defence}" if card.kind == "luck" else ""


def _landscape_face(face: Face, card, tint, on, ink, radius: int) -> pygame.Surface:
    """A card in your hand, lying on its side so that its kind and name have the width they need (on the blank
    `face`, in the kind's `tint`, words `on` it and `ink`)."""
    surf, w, h = face.surface, face.w, face.h
    lay = hand_face_layout(card, w, h)
    pad, band_h, band_font = lay["pad"], lay["band_h"], lay["band_font"]
    pygame.draw.rect(surf, tint, (0, 0, w, band_h), border_top_left_radius=radius, border_top_right_radius=radius)
    x = pad
    if lay["emblem"] and face.emblem(KIND_ICONS[card.kind], lay["emblem"], on, (x, band_h // 2), "midleft"):
        x += lay["emblem"] + 4
    kind = band_font.render(fit_lines(lay["kind"], w - x - pad, 1, lambda t: band_font.size(t)[0])[0], True, on)
    surf.blit(kind, kind.get_rect(midleft=(x, band_h // 2)))
    if lay["sub"]:
        sub = band_font.render(lay["sub"], True, on if lay["sub_in_band"] else ink)
        where = (sub.get_rect(midright=(w - pad, band_h // 2)) if lay["sub_in_band"]
                 else sub.get_rect(bottomleft=(pad, h - max(2, h // 30))))
        surf.blit(sub, where)
    top, bottom = lay["name_box"]
    draw_layout(surf, lay["name"], pygame.Rect(0, top, w, bottom - top), theme.INK_DARK, "center")
    return surf


@lru_cache(maxsize=FACES)
def _character_face(number: int, w: int, h: int, language: str) -> pygame.Surface:
    character = deck().character(number)
    radius = max(5, w // 12)
    face = Face(paper(w, h, CREAM_TOP, CREAM_BOTTOM, MAHOGANY, radius))
    surf = face.surface
    face.frame(max(4, w // 14), BRASS, max(1, w // 50), max(3, radius // 2))
    # The number large in a brass disc: the order Doctor Lucky walks in.
    disc_r = int(min(w, h) * 0.2)
    centre = (w // 2, int(h * 0.05) + disc_r + max(2, w // 30))
    face.disc(centre, disc_r, MAHOGANY, BRASS, max(1, w // 40))
    face.word(str(number), max(14, int(disc_r * 1.25)), CANDLE, centre)
    portrait = icon("person", int(min(w * 0.4, h * 0.22)), mix(MAHOGANY, CREAM_BOTTOM, 0.45))
    big = h >= 300
    name = pick(character.name)
    name_w = int(w * 0.84)
    largest = max(theme.MIN_TEXT_PX, h // 13)
    # The name goes under the portrait when it fits there whole; otherwise it takes the portrait's place,
    # shrunk to 14 px at least, wrapped, and only then shortened with "…" (the preview shows it whole).
    fitted = None
    if portrait and h >= 120:
        name_top, name_h = int(h * 0.62), int(h * (0.17 if big else 0.34))
        fitted = name_layout(name, name_w, name_h, largest, shorten=False)
        if fitted:
            surf.blit(portrait, portrait.get_rect(midtop=(w // 2, centre[1] + disc_r + int(h * 0.02))))
    if fitted is None:  # the portrait's place, and the margins up to the brass frame
        name_top = centre[1] + disc_r + max(2, int(h * 0.03))
        name_h = (int(h * 0.79) if big else h - max(3, int(h * 0.05))) - name_top
        name_w = int(w * 0.92)
        fitted = name_layout(name, name_w, name_h, largest)
    draw_layout(surf, fitted, pygame.Rect(0, name_top, w, name_h), theme.INK_DARK, "center")
    if big:
        text_fit(surf, pick(character.grudge), face.box(0.1, 0.8, 0.8, 0.17), mix(MAHOGANY, (0, 0, 0), 0.3),
                 sizes=(max(14, h // 30), 14))
    return surf


@lru_cache(maxsize=FACES)
def _card_back(w: int, h: int, character: bool = False) -> pygame.Surface:
    radius = max(4, w // 12)
    top, bottom = ((70, 40, 28), (40, 22, 14)) if character else (BACK_TOP, BACK_BOTTOM)
    face = Face(paper(w, h, top, bottom, BRASS, radius))
    face.frame(max(6, w // 8), mix(BRASS, top, 0.5), max(1, w // 60), radius // 2)
    face.emblem("person" if character else "candle-light", int(w * 0.5), mix(CANDLE, (255, 255, 255), 0.1),
                (w // 2, h // 2))
    return face.surface
