"""The Get Lucky table: every player's characters with their attached Weapon, Motive and Opportunity cards
(a card naming its host turned sideways, strength on a badge), the Parlor between the character deck and the
action deck and discard pile, your hand, Doctor Lucky's pawn walking along the numbered characters with his
next steps previewed, and the murder-attempt panel where Luck cards are added and played.

Laid out in 1920×1080 design units (see ui.theme) and scaled to the window. Pieces are action cards keyed by
card id (your hand, attached cards, the top of the discard pile) and characters keyed `ch:<n>` (areas and
the Parlor). Opponents' hands and the decks are never pieces: they are drawn as counts.
"""

from __future__ import annotations

import math
from functools import cache, partial

import pygame

from game.games.get_lucky.cards import LUCK_VALUES, deck
from game.games.get_lucky.rules import strength_with_luck

from ..table.base import GameTable, R
from ..table.board import Leg, Placement
from ..table.cardart import blit_rotated, gradient, icon, ink_on, mix, paper, shadow, text_fit
from ..table.gestures import Gesture
from ..ui import fonts, theme
from ..ui.linebreak import fit_lines, wrap
from ..ui.strings import lang, pick, tr
from ..ui.theme import scale

WALL_TOP, WALL_BOTTOM = (92, 24, 36), (48, 12, 20)  # burgundy wallpaper
MAHOGANY = (88, 40, 26)
CREAM_TOP, CREAM_BOTTOM = (250, 243, 226), (232, 218, 188)
BRASS = (201, 160, 82)
CANDLE = (255, 214, 110)
BLOOD = (170, 30, 30)
BACK_TOP, BACK_BOTTOM = (110, 30, 44), (58, 14, 24)
KIND_COLOURS = {
    "weapon": (150, 38, 40),
    "motive": (118, 58, 138),
    "opportunity": (36, 98, 128),
    "attract": (52, 118, 72),
    "luck": (196, 148, 40),
}
KIND_ICONS = {"weapon": "plain-dagger", "motive": "broken-heart", "opportunity": "wooden-door", "attract": "magnet",
              "luck": "clover"}
T = "get_lucky.table."
MAX_VECTORS = 8
HAND_X, HAND_Y, HAND_W, HAND_H = 580, 632, 900, 330  # your hand, in design units


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


@cache
def _action_face(card_id: str, w: int, h: int, language: str) -> pygame.Surface:
    card = deck().card(card_id)
    tint = KIND_COLOURS[card.kind]
    radius = max(4, w // 12)
    letter = kind_name(card.kind)[:1]
    if w < 78:
        # Small (attached or far away): the kind colour, its letter, and the number it names or its Luck value.
        surf = paper(w, h, mix(tint, (255, 255, 255), 0.18), mix(tint, (0, 0, 0), 0.15), mix(tint, (0, 0, 0), 0.5),
                     radius)
        on = ink_on(tint)
        # Letter and value down the left edge: all that shows of a card under its neighbour in a fanned hand.
        top = fonts.render(letter, max(14, int(h * 0.24)), on, True)
        surf.blit(top, top.get_rect(topleft=(int(w * 0.1), int(h * 0.02))))
        value = f"#{card.names}" if card.names else (f"-{card.defence}" if card.kind == "luck" else "")
        if value:
            img = fonts.render(value, max(14, int(h * 0.22)), on, True)
            surf.blit(img, img.get_rect(topleft=(int(w * 0.08), int(h * 0.3))))
        emblem = icon(KIND_ICONS[card.kind], int(min(w, h) * 0.42), mix(on, tint, 0.35))
        if emblem:
            surf.blit(emblem, emblem.get_rect(bottomright=(w - int(w * 0.08), h - int(h * 0.06))))
        return surf
    if w > h:
        return _landscape_face(card, w, h, radius)
    surf = paper(w, h, CREAM_TOP, CREAM_BOTTOM, mix(tint, (0, 0, 0), 0.4), radius)
    band = pygame.Rect(0, 0, w, int(h * 0.17))
    pygame.draw.rect(surf, tint, band, border_top_left_radius=radius, border_top_right_radius=radius)
    on = ink_on(tint)
    # Left-aligned kind and value: the part of a card that shows under its neighbour in a fanned hand.
    text_fit(surf, kind_name(card.kind), band.inflate(-int(w * 0.12), -int(h * 0.02)), on,
             sizes=(max(14, int(h * 0.09)), 14), bold=True, align="left")
    ink = mix(tint, (0, 0, 0), 0.45)
    emblem_size = int(min(w * 0.5, h * 0.28))
    centre = (w // 2, int(h * 0.36))
    pygame.draw.circle(surf, mix(tint, CREAM_TOP, 0.78), centre, int(emblem_size * 0.64))
    emblem = icon(KIND_ICONS[card.kind], emblem_size, ink)
    if emblem:
        surf.blit(emblem, emblem.get_rect(center=centre))
    else:
        img = fonts.render(letter, emblem_size // 2, ink, True)
        surf.blit(img, img.get_rect(center=centre))
    name_rect = pygame.Rect(int(w * 0.06), int(h * 0.56), int(w * 0.88), int(h * 0.25))
    text_fit(surf, pick(card.name), name_rect, theme.INK_DARK, sizes=(max(14, h // 12), max(14, h // 15), 14),
             bold=True)
    sub = _sub_line(card) if w >= 120 else (f"#{card.names}" if card.names else
                                              f"-{card.defence}" if card.kind == "luck" else "")
    if sub:
        img = fonts.render(sub, max(14, int(h * 0.1)), ink, True)
        if img.get_width() > w - 8:
            img = pygame.transform.smoothscale(img, (w - 8, img.get_height()))
        surf.blit(img, img.get_rect(bottomleft=(int(w * 0.08), h - int(h * 0.03))))
    if w >= 260:
        text_rect = pygame.Rect(int(w * 0.08), int(h * 0.8), int(w * 0.84), int(h * 0.12))
        rule_y = int(h * 0.79)
        pygame.draw.line(surf, mix(tint, CREAM_BOTTOM, 0.5), (int(w * 0.1), rule_y), (int(w * 0.9), rule_y))
        text_fit(surf, pick(deck().kind(card.kind).text), text_rect, theme.INK_DARK, sizes=(14,))
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


def _landscape_face(card, w: int, h: int, radius: int) -> pygame.Surface:
    """A card in your hand, lying on its side so that its kind and name have the width they need."""
    tint = KIND_COLOURS[card.kind]
    on = ink_on(tint)
    ink = mix(tint, (0, 0, 0), 0.45)
    surf = paper(w, h, CREAM_TOP, CREAM_BOTTOM, mix(tint, (0, 0, 0), 0.4), radius)
    lay = hand_face_layout(card, w, h)
    pad, band_h, band_font = lay["pad"], lay["band_h"], lay["band_font"]
    pygame.draw.rect(surf, tint, (0, 0, w, band_h), border_top_left_radius=radius, border_top_right_radius=radius)
    x = pad
    if lay["emblem"]:
        emblem = icon(KIND_ICONS[card.kind], lay["emblem"], on)
        if emblem:
            surf.blit(emblem, emblem.get_rect(midleft=(x, band_h // 2)))
            x += lay["emblem"] + 4
    kind = band_font.render(fit_lines(lay["kind"], w - x - pad, 1, lambda t: band_font.size(t)[0])[0], True, on)
    surf.blit(kind, kind.get_rect(midleft=(x, band_h // 2)))
    if lay["sub"]:
        sub = band_font.render(lay["sub"], True, on if lay["sub_in_band"] else ink)
        where = (sub.get_rect(midright=(w - pad, band_h // 2)) if lay["sub_in_band"]
                 else sub.get_rect(bottomleft=(pad, h - max(2, h // 30))))
        surf.blit(sub, where)
    px, lines = lay["name"]
    font = fonts.font(px, True)
    top, bottom = lay["name_box"]
    y = top + (bottom - top - font.get_linesize() * len(lines)) // 2
    for line in lines:
        img = font.render(line, True, theme.INK_DARK)
        surf.blit(img, img.get_rect(midtop=(w // 2, y)))
        y += font.get_linesize()
    return surf


@cache
def _character_face(number: int, w: int, h: int, language: str) -> pygame.Surface:
    character = deck().character(number)
    radius = max(5, w // 12)
    surf = paper(w, h, CREAM_TOP, CREAM_BOTTOM, MAHOGANY, radius)
    frame = pygame.Rect(0, 0, w, h).inflate(-max(4, w // 14), -max(4, w // 14))
    pygame.draw.rect(surf, BRASS, frame, max(1, w // 50), border_radius=max(3, radius // 2))
    # The number large in a brass disc: the order Doctor Lucky walks in.
    disc_r = int(min(w, h) * 0.2)
    centre = (w // 2, int(h * 0.05) + disc_r + max(2, w // 30))
    pygame.draw.circle(surf, MAHOGANY, centre, disc_r)
    pygame.draw.circle(surf, BRASS, centre, disc_r, max(1, w // 40))
    num = fonts.render(str(number), max(14, int(disc_r * 1.25)), CANDLE, True)
    surf.blit(num, num.get_rect(center=centre))
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
    px, lines = fitted
    font = fonts.font(px, True)
    step = font.get_linesize()
    y = name_top + (name_h - step * len(lines)) // 2 if lines else name_top
    for line in lines:
        img = font.render(line, True, theme.INK_DARK)
        surf.blit(img, img.get_rect(midtop=(w // 2, y)))
        y += step
    if big:
        grudge = pygame.Rect(int(w * 0.1), int(h * 0.8), int(w * 0.8), int(h * 0.17))
        text_fit(surf, pick(character.grudge), grudge, mix(MAHOGANY, (0, 0, 0), 0.3), sizes=(max(14, h // 30), 14))
    return surf


def name_layout(text: str, width: int, height: int, largest: int, shorten: bool = True):
    """(font px, lines) for a name in a width × height box (pixels), bold, from `largest` px down to the
    smallest text (14 px): on one line, shrinking the font a little; else on two lines with every word
    whole, shrinking down to 14 px; else on three (a card with the height for it); else on one line at any
    size; else (when `shorten`) on as many lines as fit at 14 px, the last ending in "…". None when the
    name does not fit and `shorten` is off."""
    smallest = theme.MIN_TEXT_PX
    top = max(smallest, largest)
    floor = max(smallest, round(top * 0.8))  # one line may shrink this far before more lines are tried
    sizes = range(top, smallest - 1, -1)
    tries = [(px, 1) for px in sizes if px >= floor] + [(px, n) for n in (2, 3) for px in sizes] + \
            [(px, 1) for px in sizes if px < floor]
    for px, most in tries:
        font = fonts.font(px, True)
        if font.get_linesize() * most > height:
            continue
        lines = wrap(text, width, lambda s, f=font: f.size(s)[0])
        if len(lines) <= most and _whole_words(text, lines):
            return px, lines
    if not shorten:
        return None
    font = fonts.font(smallest, True)
    most = max(1, min(3, height // font.get_linesize()))
    measure = lambda s: font.size(s)[0]  # noqa: E731
    lines = fit_lines(text, width, most, measure)
    # A Latin word too long for the line ends in "…" rather than going on, cut, on the next line (Japanese
    # may break between characters, so a katakana word too long for the line still breaks with kinsoku).
    pos = 0
    for i, line in enumerate(lines[:-1]):
        pos = text.find(line, pos) + len(line)
        if 0 < pos < len(text) and _latin(text[pos - 1]) and _latin(text[pos]):
            return smallest, [*lines[:i], fit_lines(line + text[pos:], width, 1, measure)[0]]
    return smallest, lines


def _latin(ch: str) -> bool:
    return ch.isascii() and ch.isalnum()


def _whole_words(text: str, lines: list[str]) -> bool:
    """Whether wrapping `text` into `lines` broke only between words, not inside a Latin or katakana word."""
    pos = 0
    for line in lines[:-1]:
        pos = text.find(line, pos)
        if pos < 0:
            return True  # not a plain split of the text (an ellipsis): nothing to judge
        pos += len(line)
        if pos < len(text) and pos > 0:
            a, b = text[pos - 1], text[pos]
            latin = a.isascii() and b.isascii() and a.isalnum() and b.isalnum()
            kana = all("\u30a1" <= c <= "\u30fa" or c == "ー" for c in a + b)
            if latin or kana:
                return False
    return True


@cache
def _card_back(w: int, h: int, character: bool = False) -> pygame.Surface:
    radius = max(4, w // 12)
    top, bottom = ((70, 40, 28), (40, 22, 14)) if character else (BACK_TOP, BACK_BOTTOM)
    surf = paper(w, h, top, bottom, BRASS, radius)
    inner = pygame.Rect(0, 0, w, h).inflate(-max(6, w // 8), -max(6, w // 8))
    pygame.draw.rect(surf, mix(BRASS, top, 0.5), inner, max(1, w // 60), border_radius=radius // 2)
    emblem = icon("person" if character else "candle-light", int(w * 0.5), mix(CANDLE, (255, 255, 255), 0.1))
    if emblem:
        surf.blit(emblem, emblem.get_rect(center=(w // 2, h // 2)))
    return surf


def _vector_text(vector) -> str:
    return ", ".join(f"-{v}" for v, n in zip(LUCK_VALUES, vector, strict=True) for _ in range(n))


def pick_vectors(kind: str, vectors: list, strength: int) -> list:
    """At most MAX_VECTORS Luck choices worth offering: none, each single card, the cheapest that stops the
    attack, all. In an attack every card adds 1 whatever its value, so the lowest values are spent first."""
    held = tuple(max(v[i] for v in vectors) for i in range(4)) if vectors else (0, 0, 0, 0)
    total = sum(held)
    wanted: list = []
    if kind == "attempt":
        cards = [i for i in range(4) for _ in range(held[i])]
        for k in range(total + 1):
            v = [0, 0, 0, 0]
            for i in cards[:k]:
                v[i] += 1
            wanted.append(tuple(v))
    else:
        wanted.append((0, 0, 0, 0))
        for i in range(4):
            if held[i]:
                v = [0, 0, 0, 0]
                v[i] = 1
                wanted.append(tuple(v))
        stops = [v for v in vectors if sum(n * val for n, val in zip(v, LUCK_VALUES, strict=True)) >= strength]
        if stops:
            wanted.append(min(stops, key=lambda v: (sum(n * val for n, val in zip(v, LUCK_VALUES, strict=True)),
                                                     sum(v))))
        wanted.append(held)
    out = []
    for v in wanted:
        if v in vectors and v not in out:
            out.append(v)
    if len(out) > MAX_VECTORS:
        out = out[:MAX_VECTORS - 1] + [out[-1]]
    return out


class GetLuckyTable(GameTable):
    message_zone = "parlor"
    results_points = False  # one murderer wins: there are no points to show

    @staticmethod
    def results_summary(result) -> str:
        """The game-wide facts, printed once above the players."""
        d = result.details
        key = "result_drawn" if d.get("drawn") else "result_summary"
        return tr(T + key, turns=d["turns"], attempts=d["attempts"])

    def __init__(self, scene):
        super().__init__(scene)
        self.blocks: dict[int, dict] = {}  # seat -> geometry of its character blocks
        self.pawn = None  # [from number, to number, time left, total] while Doctor Lucky walks
        # Luck cards dragged onto the attempt panel but not yet played (Confirm plays them all at once),
        # for the decision they were staged in: (state id, viewer).
        self.staged: list[str] = []
        self._staged_for = None

    # -- layout --------------------------------------------------------------------------------------------

    def layout(self, width: int, height: int) -> None:
        self.zones.clear()
        super().layout(width, height)
        z = self.zones
        z["info"] = R(1510, 670, 390, 316)
        z["pass"] = R(1530, 912, 350, 60)
        z["pile:chars"] = R(36, 352, 118, 166)
        z["parlor"] = R(170, 318, 840, 250)
        z["pile:deck"] = R(1060, 352, 118, 166)
        # The discard pile's top card lies on its side, like the hand's, so that its kind and name read whole.
        z["pile:discard"] = R(1206, 372, 200, 146)
        z["panel"] = R(170, 308, 1320, 272)
        seats = self._seat_order()
        others = seats[1:]
        each = (1470 - 12 * (len(others) - 1)) / max(1, len(others))
        self.blocks = {}
        for i, seat in enumerate(others):
            x, y, w, h = 20 + i * (each + 12), 14, each, 290
            z[f"area:{seat}"] = R(x, y, w, h)
            z[f"player:{seat}"] = R(x, y, w, 40)
            block = min(170, (w - 40) / 2)
            # As wide as at 3–4 players (block 170) whenever the block allows: at 5–6 the card fills it.
            card_w = min(block, 116)
            mini_w = (block - 12) / 3
            self.blocks[seat] = {"x": x + 12, "y": y + 46, "block": block, "card": (card_w, card_w * 1.4),
                                 "mini": (mini_w, mini_w * 1.38), "gap": 8}
        me = seats[0]
        z[f"area:{me}"] = R(20, 584, 1470, 406)
        z[f"player:{me}"] = R(20, 584, 1470, 40)
        self.blocks[me] = {"x": 40, "y": 632, "block": 250, "card": (170, 238), "mini": (74, 102), "gap": 12}
        z["hand"] = R(HAND_X, HAND_Y, HAND_W, HAND_H)

    def _me(self) -> int:
        return self._seat_order()[0]

    # -- where things are -----------------------------------------------------------------------------------

    def _char_rect(self, seat: int, index: int) -> pygame.Rect:
        b = self.blocks[seat]
        cw, ch = b["card"]
        x = b["x"] + index * (b["block"] + b["gap"] * 2) + (b["block"] - cw) / 2
        return R(x, b["y"], cw, ch)

    def _slot_rect(self, seat: int, index: int, slot: int) -> pygame.Rect:
        b = self.blocks[seat]
        mw, mh = b["mini"]
        x = b["x"] + index * (b["block"] + b["gap"] * 2) + slot * (mw + 6)
        return R(x, b["y"] + b["card"][1] + 8, mw, mh)

    def _parlor_rects(self, count: int) -> list[pygame.Rect]:
        area = self.zones["parlor"]
        w, h = scale(118), scale(166)
        step = min(w + scale(16), (area.width - scale(16) - w) / max(1, count - 1)) if count > 1 else 0
        return [pygame.Rect(area.left + scale(8) + round(i * step), area.top + scale(34), w, h) for i in range(count)]

    def _hand_rects(self, count: int) -> list[pygame.Rect]:
        """The hand as a grid of landscape cards, side by side without overlap: one row up to four cards, two
        up to twelve, then three, so that every card's kind and name can be read whole at 1280×720."""
        rows = 1 if count <= 4 else 2 if count <= 12 else 3
        cols = max(1, math.ceil(count / rows))
        gap = 10
        w = min(200, (HAND_W - (cols - 1) * gap) / cols)
        h = min(150, (HAND_H - 34 - (rows - 1) * gap) / rows, w * 0.75)
        return [R(HAND_X + (i % cols) * (w + gap), HAND_Y + 34 + (i // cols) * (h + gap), w, h)
                for i in range(count)]

    def _staged(self) -> list[str]:
        """The staged Luck cards, forgotten as soon as the game moves on or the screen changes hands."""
        key = (self.match.state_id, self.scene.viewer)
        if self._staged_for != key:
            self.staged, self._staged_for = [], key
        return self.staged

    def _hand(self, view) -> list[str]:
        """The hand as it lies in front of the player: without the cards staged on the attempt panel."""
        staged = self._staged()
        return [c for c in view["hand"] if c not in staged]

    def _staged_rects(self, count: int) -> list[pygame.Rect]:
        panel = self.zones["panel"]
        w, h = scale(84), scale(118)
        left = panel.right - scale(24) - count * (w + scale(10))
        return [pygame.Rect(left + i * (w + scale(10)), panel.bottom - h - scale(16), w, h) for i in range(count)]

    def _stage(self, card: str, on: bool) -> None:
        staged = self._staged()
        if on and card not in staged:
            staged.append(card)
        elif not on and card in staged:
            staged.remove(card)
        self.scene.board.settle(self.placements(self.scene.view()), animate=True, speed=self.scene.speed)

    def _staged_vector(self) -> tuple:
        counts = [0, 0, 0, 0]
        for card in self._staged():
            counts[deck().card(card).defence - 1] += 1
        return tuple(counts)

    def _char_places(self, view) -> dict:
        """number -> (seat or None for the Parlor, rect)."""
        out = {}
        for seat, area in enumerate(view["areas"]):
            for i, n in enumerate(area):
                out[n] = (seat, self._char_rect(seat, i))
        for n, rect in zip(view["parlor"], self._parlor_rects(len(view["parlor"])), strict=True):
            out[n] = (None, rect)
        return out

    def placements(self, view) -> dict:
        out = {}
        for n, (_seat, rect) in self._char_places(view).items():
            out[f"ch:{n}"] = Placement(rect, f"ch:{n}", 20)
        for seat, area in enumerate(view["areas"]):
            for i, n in enumerate(area):
                for slot, card in enumerate(view["attached"][n]):
                    if card:
                        match = deck().card(card).names == n
                        out[card] = Placement(self._slot_rect(seat, i, slot), card, 30 + slot, 90.0 if match else 0.0)
        hand = self._hand(view)
        for i, (card, rect) in enumerate(zip(hand, self._hand_rects(len(hand)), strict=True)):
            out[card] = Placement(rect, card, 100 + i)
        for i, (card, rect) in enumerate(zip(self._staged(), self._staged_rects(len(self.staged)), strict=True)):
            out[card] = Placement(rect, card, 200 + i)
        if view["discard"]:
            top = view["discard"][-1]
            out[top] = Placement(self.zones["pile:discard"], top, 10)
        return out

    def plan(self, events, before, after):
        plan: dict = {}
        exits: dict = {}
        t = 0.0
        targets = self.placements(after)
        deck_rect, discard_rect, chars_rect = (self.zones["pile:deck"], self.zones["pile:discard"],
                                               self.zones["pile:chars"])
        for key in self.placements(before):
            if key not in targets:
                exits[key] = discard_rect
        in_hand = set(before["hand"])
        for ev in events:
            if ev.kind in ("attempt", "defended"):
                t += 0.15  # after its Luck cards, which fly together
            if ev.kind != "moved":
                continue
            a = ev.params()
            card, why = a["piece"], a["why"]
            if why == "draw" and card and card in targets:
                plan[card] = [Leg(t, 0.01, deck_rect, None), Leg(t, 0.32, None, "same", arc=scale(20))]
                t += 0.12
            elif why in ("attach", "attract", "luck") and card in targets and card not in in_hand:
                header = self.zones.get(f"player:{a['seat']}", deck_rect)
                start = pygame.Rect(0, 0, scale(60), scale(84))
                start.center = header.center
                plan[card] = [Leg(t, 0.01, start, None), Leg(t, 0.35, None, "same", arc=scale(30))]
                if why != "luck":
                    t += 0.15
            elif why == "refill":
                plan[f"ch:{a['number']}"] = [Leg(t + 0.2, 0.01, chars_rect, None), Leg(t + 0.2, 0.35, None, "same")]
        return plan, exits

    def on_events(self, events, before, after) -> None:
        sounds = self.scene.app.sounds
        speed = max(0.4, self.scene.speed) if self.scene.speed else 0
        centre = self.zones["panel"].center
        for ev in events:
            a = ev.params()
            k = ev.kind
            if k == "moved" and a["why"] == "draw":
                sounds.play("draw")
            elif k == "moved" and a["why"] in ("attach", "refill", "take"):
                sounds.play("flip")
            elif k in ("lucky_moved", "attracted"):
                if speed:
                    self.pawn = [a["source"], a["target"], 0.45 * speed, 0.45 * speed]
            elif k == "attempt":
                sounds.play("coins")
                self.float(tr(T + "strength", strength=a["strength"]), centre, BLOOD, 1.2 * speed)
            elif k == "stopped":
                sounds.play("collect")
                self.float(tr(T + "stopped"), centre, theme.GOOD, 1.4 * speed)
            elif k == "murder":
                sounds.play("bust")
                self.float(tr(T + "murder"), centre, BLOOD, 1.6 * speed)

    def auto_action(self, view, legal, solo: bool):
        """Quick defence (§10): alone at the table, a defence with no Luck in hand passes by itself, with a
        notice. With two or more humans the prompt always appears, so the pace reveals no one's hand."""
        if solo and view["options"].get("quick_defence") and len(legal) == 1 and legal[0].kind == "defend":
            self.flash_message(tr(T + "quick_defence"))
            return legal[0]
        return None

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.pawn is not None:
            self.pawn[2] -= dt
            if self.pawn[2] <= 0:
                self.pawn = None

    def busy(self) -> bool:
        return self.pawn is not None

    # -- gestures --------------------------------------------------------------------------------------------

    def _visible_hand(self, view) -> list[tuple]:
        """(card, its rect): the hand's cards do not overlap."""
        hand = self._hand(view)
        return list(zip(hand, self._hand_rects(len(hand)), strict=True))

    def hits(self, pos) -> list[str]:
        out = []
        view = self.scene.view()
        for card, rect in self._visible_hand(view):
            if rect.collidepoint(pos):
                out.append(f"hand:{card}")
        for n, (seat, rect) in self._char_places(view).items():
            if rect.collidepoint(pos):
                out.append(f"char:{n}" if seat is not None else f"parlor:{n}")
        for key in ("pile:chars", "pile:deck", "pile:discard"):
            if self.zones[key].collidepoint(pos):
                out.append(key)
        if self.staged and self.zones["hand"].collidepoint(pos):
            out.append("hand")  # where a staged Luck card is dropped back
        for seat in range(len(self.match.seats)):
            if self.zones[f"area:{seat}"].collidepoint(pos):
                out.append(f"area:{seat}")
        if view["phase"] in ("attempt", "defence") and self.zones["panel"].collidepoint(pos):
            out.insert(0, "panel")  # the murder-attempt panel takes dropped Luck cards
            for card, rect in zip(self._staged(), self._staged_rects(len(self.staged)), strict=True):
                if rect.collidepoint(pos):
                    out.insert(0, f"staged:{card}")
        return out

    def rect_of(self, key):
        if key is None:
            return None
        if key in self.zones:
            return self.zones[key]
        view = self.scene.view()
        if key.startswith("hand:"):
            for card, rect in self._visible_hand(view):
                if card == key[5:]:
                    return rect
            return None
        if key.startswith("staged:"):
            for card, rect in zip(self._staged(), self._staged_rects(len(self.staged)), strict=True):
                if card == key[7:]:
                    return rect
            return None
        if key.startswith(("char:", "parlor:")):
            place = self._char_places(view).get(int(key.split(":")[1]))
            return place[1] if place else None
        return None

    def gestures(self, view, legal) -> list[Gesture]:
        out = []
        me = self.scene.viewer
        attract_card = next((c for c in view["hand"] if deck().card(c).kind == "attract"), None)
        by_kind: dict = {}
        for act in legal:
            by_kind.setdefault(act.kind, []).append(act)
        for act in legal:
            k = act.kind
            if k == "wmo":
                out.append(Gesture(act, f"hand:{act['card']}", f"char:{act['host']}", None,
                                   tr(T + "do_wmo", card=card_label(act["card"]), host=char_name(act["host"]))))
            elif k == "attract" and attract_card:
                out.append(Gesture(act, f"hand:{attract_card}", f"char:{act['target']}", None,
                                   tr(T + "do_attract", target=char_name(act["target"]))))
            elif k == "take":
                give = act.get("give")
                if give:
                    out.append(Gesture(act, f"parlor:{act['take']}", f"char:{give}", None,
                                       tr(T + "do_take_give", take=char_name(act["take"]), give=char_name(give))))
                else:
                    out.append(Gesture(act, f"parlor:{act['take']}", f"area:{me}", None,
                                       tr(T + "do_take", take=char_name(act["take"]))))
            elif k == "pass":
                out.append(Gesture(act, None, None, None, tr(T + "do_pass")))
            elif k == "decline":
                out.append(Gesture(act, None, None, None, tr(T + "do_decline")))
        for k in ("attempt", "defend"):
            acts = by_kind.get(k)
            if not acts:
                continue
            if k == "attempt":
                base = view["strengths"].get(view["lucky"], 1)
            else:
                base = view["attempt"]["strength"] if view["attempt"] else 0
            staged = self._staged_vector()
            if any(staged):
                # Cards staged on the panel: Confirm plays exactly them (every legal combination can be
                # staged by hand), Clear takes them back.
                act = next(a for a in acts if a["luck"] == staged)
                label = tr(T + "confirm") + ": " + self._vector_label(k, staged, base)
                out.append(Gesture(act, None, None, None, label))
                out.append(Gesture(None, None, None, None, tr(T + "clear"), use=self._clear))
                nothing = next((a for a in acts if not any(a["luck"])), None)
                if k == "defend" and nothing is not None:  # Pass stays at hand (Decline always does)
                    out.append(Gesture(nothing, None, None, None, self._vector_label(k, nothing["luck"], base)))
            else:
                vectors = [a["luck"] for a in acts]
                for v in pick_vectors(k, vectors, base):
                    act = next(a for a in acts if a["luck"] == v)
                    out.append(Gesture(act, None, None, None, self._vector_label(k, v, base)))
            # Luck cards are dragged from the hand onto the attempt (staged), and back again.
            for card in self._hand(view):
                if deck().card(card).kind == "luck":
                    out.append(Gesture(None, f"hand:{card}", "panel", None, tr(T + "stage", card=card_label(card)),
                                       use=partial(self._stage, card, True)))
            for card in self._staged():
                back = partial(self._stage, card, False)
                label = tr(T + "unstage", card=card_label(card))
                out.append(Gesture(None, None, None, f"staged:{card}", label, use=back))
                out.append(Gesture(None, f"staged:{card}", "hand", None, label, use=back))
        return out

    def _clear(self) -> None:
        self._staged().clear()
        self.scene.board.settle(self.placements(self.scene.view()), animate=True, speed=self.scene.speed)

    def _vector_label(self, kind: str, vector, base: int) -> str:
        if kind == "attempt":
            return tr(T + "do_attempt", luck=sum(vector), strength=strength_with_luck(kind, base, vector))
        if not sum(vector):
            return tr(T + "do_defend_pass", strength=base)
        left = strength_with_luck(kind, base, vector)
        key = "do_defend_stop" if left <= 0 else "do_defend"
        return tr(T + key, cards=_vector_text(vector), strength=max(0, left))

    def button_gestures(self, gestures) -> list:
        out = []
        # Buttons for the Luck choices; the single cards that can be dragged onto the panel need none.
        choices = [g for g in gestures if g.drag_from is None and g.click is None and
                   (g.use is not None or g.action.kind in ("decline", "attempt", "defend"))]
        for g in gestures:
            if g.action is not None and g.action.kind == "pass":
                out.append((self.zones["pass"], g))
        panel = self.zones["panel"]
        col_w = (panel.width - scale(60)) // 2
        row_h, gap = scale(44), scale(6)
        for i, g in enumerate(choices):
            col, row = i % 2, i // 2
            out.append((pygame.Rect(panel.left + scale(20) + col * (col_w + scale(20)),
                                    panel.top + scale(76) + row * (row_h + gap), col_w, row_h), g))
        return out

    def piece_in(self, piece_key: str, dragged: str) -> bool:
        if dragged.startswith("hand:"):
            return piece_key == dragged[5:]
        if dragged.startswith("staged:"):
            return piece_key == dragged[7:]
        if dragged.startswith("parlor:"):
            return piece_key == "ch:" + dragged[7:]
        return False

    def face_at(self, pos, view):
        for key in self.hits(pos):
            if key.startswith("hand:"):
                return key[5:]
            if key.startswith("staged:"):
                return key[7:]
            if key.startswith(("char:", "parlor:")):
                return "ch:" + key.split(":")[1]
        for seat, area in enumerate(view["areas"]):
            for i, n in enumerate(area):
                for slot, card in enumerate(view["attached"][n]):
                    if card and self._slot_rect(seat, i, slot).collidepoint(pos):
                        return card
        if view["discard"] and self.zones["pile:discard"].collidepoint(pos):
            return view["discard"][-1]
        return None

    def tooltip(self, key: str, view) -> str | None:
        if key == "pile:chars":
            return tr(T + "chars_tip", count=view["character_deck"])
        if key == "pile:deck":
            return tr(T + "deck_tip", count=view["deck"])
        if key == "pile:discard":
            return tr(T + "discard_tip", count=len(view["discard"]))
        if key.startswith("area:"):
            seat = int(key[5:])
            return tr(T + "hand_tip", player=self.match.seats[seat].name, count=view["hand_sizes"][seat])
        return None

    # -- drawing ---------------------------------------------------------------------------------------------

    def paint_backdrop(self, w: int, h: int) -> pygame.Surface:
        wall = gradient((w, h), WALL_TOP, WALL_BOTTOM)
        # Damask-like wallpaper stripes.
        stripes = pygame.Surface((w, h), pygame.SRCALPHA)
        step = max(8, scale(28))
        for x in range(0, w, step):
            pygame.draw.line(stripes, (255, 220, 160, 10), (x, 0), (x, h), max(1, scale(3)))
        wall.blit(stripes, (0, 0))
        pygame.draw.rect(wall, MAHOGANY, (0, 0, w, h), max(6, scale(12)))
        return wall

    def card_image(self, face, w, h) -> pygame.Surface:
        w, h = max(1, w), max(1, h)
        if face is None:
            return _card_back(w, h)
        if face.startswith("ch:"):
            return _character_face(int(face[3:]), w, h, lang())
        return _action_face(face, w, h, lang())

    def draw_table(self, surface, view, lit=(), active=(), hover=None) -> None:
        surface.blit(self.backdrop(), (0, 0))
        current = view["current"] if view["phase"] != "over" else None
        for seat in range(len(self.match.seats)):
            self._draw_area(surface, view, seat, seat == current, lit, active)
        self._draw_parlor(surface, view, lit, active)
        self.draw_flashes(surface)
        self.draw_lit(surface, lit, CANDLE)

    def _panel(self, surface, rect, alpha=80, border=(120, 70, 50), width=2) -> None:
        shade = pygame.Surface(rect.size, pygame.SRCALPHA)
        shade.fill((20, 6, 8, alpha))
        surface.blit(shade, rect)
        pygame.draw.rect(surface, border, rect, max(1, scale(width)), border_radius=scale(12))

    def _draw_area(self, surface, view, seat, is_current, lit, active):
        area = self.zones[f"area:{seat}"]
        me = seat == self._me()
        glow = f"area:{seat}" in lit
        self._panel(surface, area, 70, CANDLE if is_current or glow else (120, 70, 50), 4 if is_current else 2)
        header = self.zones[f"player:{seat}"]
        info = self.match.seats[seat]
        who = info.name + ("" if info.is_human else f" ({tr('level.' + info.level)})")
        x = header.left + scale(14)
        if is_current:
            cy = header.centery
            pygame.draw.polygon(surface, CANDLE, [(x, cy - scale(10)), (x, cy + scale(10)), (x + scale(16), cy)])
            x += scale(26)
        right = header.right - scale(12)
        count = view["hand_sizes"][seat]
        # The hand as a count of card backs: a small fan and the number.
        back_w, back_h = scale(20), scale(28)
        label = fonts.render(str(count), "small", theme.INK, True)
        lx = right - label.get_width()
        surface.blit(label, label.get_rect(midleft=(lx, header.centery)))
        fan = min(count, 6)
        bx = lx - scale(8) - back_w - (fan - 1) * scale(6)
        for i in range(fan):
            surface.blit(_card_back(back_w, back_h), (bx + i * scale(6), header.centery - back_h // 2))
        room = bx - scale(10) - x
        if room > scale(30):
            if fonts.get("body", True).size(who)[0] > room:
                who = info.name  # the level goes first when the header is short (the name is who it is)
            line = fonts.lines(who, room, "body", True, max_lines=1)[0]
            fonts.blit_text(surface, line, (x, header.centery), "body", CANDLE if is_current else theme.INK, True,
                            anchor="midleft")
        # Empty attachment slots, faintly, so a character reads as three places.
        for i, n in enumerate(view["areas"][seat]):
            for slot in range(3):
                if not view["attached"][n][slot]:
                    rect = self._slot_rect(seat, i, slot)
                    pygame.draw.rect(surface, (110, 60, 50), rect, max(1, scale(2)), border_radius=scale(6))
                    kind = ("weapon", "motive", "opportunity")[slot]
                    mark = icon(KIND_ICONS[kind], min(rect.width, rect.height) // 2, (130, 80, 66))
                    if mark:
                        surface.blit(mark, mark.get_rect(center=rect.center))
        if me and view["hand"]:
            hand = self.zones["hand"]
            fonts.blit_text(surface, tr(T + "your_hand"), (hand.left, hand.top), "small", theme.INK_DIM, True)

    def _draw_pile(self, surface, key, count, label, face=None, character=False):
        rect = self.zones[key]
        layers = min(5, max(0, (count + 5) // 6))
        for i in range(layers):
            shadow(surface, rect.move(-i * scale(2), -i * scale(2)), scale(10), 2, 40)
        if count and face is None:
            top = rect.move(-layers * scale(2), -layers * scale(2))
            surface.blit(_card_back(top.width, top.height, character), top)
        elif not count:
            pygame.draw.rect(surface, (120, 70, 50), rect, max(1, scale(2)), border_radius=scale(10))
        fonts.blit_text(surface, label, (rect.centerx, rect.bottom + scale(8)), "small", theme.INK, True,
                        anchor="midtop")

    def _draw_parlor(self, surface, view, lit, active):
        parlor = self.zones["parlor"].copy()
        cards = self._parlor_rects(len(view["parlor"]))
        if cards:  # the box holds its guests, no wider
            parlor.width = max(cards[-1].right + scale(8) - parlor.left, scale(300))
        self._panel(surface, parlor, 60)
        fonts.blit_text(surface, tr(T + "parlor"), (parlor.left + scale(12), parlor.top + scale(4)), "small", CANDLE,
                        True)
        self._draw_pile(surface, "pile:chars", view["character_deck"], tr(T + "guests", count=view["character_deck"]),
                        character=True)
        self._draw_pile(surface, "pile:deck", view["deck"], tr(T + "deck", count=view["deck"]))
        self._draw_pile(surface, "pile:discard", len(view["discard"]), tr(T + "discard", count=len(view["discard"])),
                        face=view["discard"][-1] if view["discard"] else None)

    def draw_piece(self, surface, piece, board, lift: int = 0) -> None:
        super().draw_piece(surface, piece, board, lift)
        rect = piece.rect.move(0, -lift)
        if piece.key.startswith("ch:") and not piece.motions:
            view = self.scene.view()
            n = int(piece.key[3:])
            value = view["strengths"].get(n)
            if value is not None:
                r = max(scale(14), rect.width // 7)
                centre = (rect.right - r // 2, rect.top + r // 2)
                pygame.draw.circle(surface, BLOOD, centre, r)
                pygame.draw.circle(surface, BRASS, centre, r, max(1, scale(2)))
                fonts.blit_text(surface, str(value), centre, max(14, int(r * 1.2)), theme.INK, True, anchor="center")
            path = view["path"][:3]
            if n in path and view["phase"] != "over":
                step = path.index(n) + 1
                r = max(scale(11), rect.width // 10)
                # Top left, clear of the name (the pawn, which uses that corner too, is never on a card of
                # his next three stops: at least six guests are in play).
                centre = (rect.left + r + scale(2), rect.top + r + scale(2))
                pygame.draw.circle(surface, (30, 20, 16), centre, r)
                pygame.draw.circle(surface, CANDLE, centre, r, max(1, scale(2)))
                fonts.blit_text(surface, str(step), centre, 14, CANDLE, True, anchor="center")

    def draw_dragged(self, surface, key, pos, view) -> None:
        if key.startswith("hand:"):
            face = key[5:]
        elif key.startswith("staged:"):
            face = key[7:]
        elif key.startswith("parlor:"):
            face = "ch:" + key[7:]
        else:
            return
        w, h = scale(124), scale(174)
        rect = pygame.Rect(0, 0, w, h)
        rect.center = (pos[0], pos[1] - scale(10))
        shadow(surface, rect, scale(12), scale(10), 90)
        blit_rotated(surface, self.card_image(face, w, h), rect, -4.0)

    def _pawn_centre(self, view):
        def at(number):
            piece = self.scene.board.pieces.get(f"ch:{number}")
            if piece is None:
                return None
            r = piece.rect
            # Beside the number disc, on the card's top left corner: clear of the name and the badges.
            return (r.left + r.width * 0.1, r.top + r.width * 0.31), r.width
        target = at(view["lucky"])
        if target is None:
            return None
        if self.pawn is not None and self.pawn[1] == view["lucky"]:
            source = at(self.pawn[0])
            if source is not None:
                t = 1 - self.pawn[2] / self.pawn[3]
                e = 1 - (1 - t) ** 3
                (sx, sy), _ = source
                (tx, ty), w = target
                return (sx + (tx - sx) * e, sy + (ty - sy) * e - scale(40) * math.sin(math.pi * e)), w
        return target

    def _draw_pawn(self, surface, view) -> None:
        found = self._pawn_centre(view)
        if found is None:
            return
        (x, y), w = found
        r = max(scale(18), int(w * 0.2))
        centre = (round(x), round(y))
        shadow(surface, pygame.Rect(centre[0] - r, centre[1] - r, 2 * r, 2 * r), r, scale(3), 90)
        pygame.draw.circle(surface, (30, 20, 16), centre, r)
        pygame.draw.circle(surface, CANDLE, centre, r, max(2, scale(3)))
        hat = icon("top-hat", int(r * 1.4), CANDLE)
        if hat:
            surface.blit(hat, hat.get_rect(center=centre))
        else:
            fonts.blit_text(surface, "L", centre, max(14, r), CANDLE, True, anchor="center")

    def draw_hud(self, surface, view) -> None:
        self._draw_info(surface, view)
        self._draw_pawn(surface, view)
        self._draw_attempt(surface, view)
        self.draw_floaters(surface)

    def _draw_info(self, surface, view) -> None:
        rect = self.zones["info"]
        shade = pygame.Surface(rect.size, pygame.SRCALPHA)
        shade.fill((10, 6, 6, 160))
        surface.blit(shade, rect)
        pygame.draw.rect(surface, BRASS, rect, max(1, scale(2)), border_radius=scale(10))
        x, y = rect.left + scale(14), rect.top + scale(8)
        width = rect.width - scale(28)
        hat = icon("top-hat", scale(30), CANDLE)
        if hat:
            surface.blit(hat, (x, y))
        fonts.blit_text(surface, tr(T + "lucky_title"), (x + scale(38), y), "small", CANDLE, True)
        lh = fonts.get("small").get_linesize()
        y += scale(40)
        lines = fonts.lines(tr(T + "lucky_at", number=view["lucky"], name=char_name(view["lucky"])), width, "small",
                            max_lines=2)
        path = " → ".join(str(n) for n in view["path"])
        lines += fonts.lines(tr(T + "path", path=path), width, "small", max_lines=2)
        lines += [tr(T + "turn", turn=view["turn"]) + "   " +
                  tr(T + "quiet", quiet=view["quiet"], players=view["players"])]
        if view["options"].get("luck_tracker"):
            left = self._luck_left(view)
            lines += fonts.lines(tr(T + "luck_left", counts="  ".join(f"-{v}×{n}" for v, n in left)), width, "small",
                                 max_lines=2)
        bottom = self.zones["pass"].top - scale(4)
        for line in lines:
            if y + lh > bottom:
                break
            fonts.blit_text(surface, line, (x, y), "small", theme.INK)
            y += lh

    def _luck_left(self, view) -> list:
        played: dict = {}
        for card in view["discard"]:
            c = deck().card(card)
            if c.kind == "luck":
                played[c.defence] = played.get(c.defence, 0) + 1
        total: dict = {}
        for c in deck().actions:
            if c.kind == "luck":
                total[c.defence] = total.get(c.defence, 0) + 1
        return [(v, total.get(v, 0) - played.get(v, 0)) for v in LUCK_VALUES]

    def _draw_attempt(self, surface, view) -> None:
        if view["phase"] not in ("attempt", "defence"):
            return
        panel = self.zones["panel"]
        shade = pygame.Surface(panel.size, pygame.SRCALPHA)
        shade.fill((26, 8, 10, 255))  # opaque: the Parlor beneath would show through the buttons
        surface.blit(shade, panel)
        pygame.draw.rect(surface, BRASS, panel, max(2, scale(3)), border_radius=scale(16))
        seats = self.match.seats
        attacker = seats[view["current"]].name
        if view["attempt"]:
            att = view["attempt"]
            title = tr(T + "attempt_title", player=attacker, character=char_name(att["character"]))
            strength = att["strength"]
            waiting = ", ".join(seats[s].name for s in att["defenders"])
            sub = tr(T + "to_defend", players=waiting) if waiting else ""
        else:
            title = tr(T + "lucky_here", player=attacker, character=char_name(view["lucky"]))
            strength = view["strengths"].get(view["lucky"], 1)
            sub = tr(T + "base_strength")
        badge = pygame.Rect(panel.right - scale(200), panel.top + scale(10), scale(184), scale(56))
        pygame.draw.rect(surface, BLOOD, badge, border_radius=scale(10))
        pygame.draw.rect(surface, BRASS, badge, max(1, scale(2)), border_radius=scale(10))
        fonts.blit_text(surface, tr(T + "strength", strength=strength), badge.center, "large", theme.INK, True,
                        anchor="center")
        staged = self._staged_vector() if self.scene.my_decision() is not None else (0, 0, 0, 0)
        if any(staged):
            # What the staged cards would make of the attack: +1 each in attack, minus their value in defence.
            after = max(0, strength_with_luck("defend" if view["attempt"] else "attempt", strength, staged))
            cards = self._staged_rects(len(self.staged))
            fonts.blit_text(surface, tr(T + "staged_strength", strength=after),
                            (cards[0].left - scale(16), cards[0].centery), "body", CANDLE, True, anchor="midright")
        width = badge.left - panel.left - scale(40)
        line = fonts.lines(title, width, "body", True, max_lines=1)[0]
        fonts.blit_text(surface, line, (panel.left + scale(20), panel.top + scale(10)), "body", CANDLE, True)
        if sub:
            line = fonts.lines(sub, width, "small", max_lines=1)[0]
            fonts.blit_text(surface, line, (panel.left + scale(20), panel.top + scale(44)), "small", theme.INK)
        board = self.scene.board
        for card in self._staged():  # above the panel's shade: they lie on the attempt
            piece = board.pieces.get(card)
            if piece is not None:
                self.draw_piece(surface, piece, board)
        if not self.scene.action_buttons and view["attempt"] is not None:
            fonts.blit_text(surface, tr(T + "waiting_defence"), (panel.centerx, panel.top + scale(160)), "body",
                            theme.INK_DIM, anchor="center")


def breakdown(result, seat: int) -> str:
    """The murderer's row says how it was done; the others have nothing of their own to report."""
    d = result.details
    if seat in result.winners:
        return tr(T + "result_murder", character=char_name(d["character"]), strength=d["strength"])
    return ""


Table = GetLuckyTable
