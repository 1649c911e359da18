"""The Shipwreck Arcana's own widgets, built on the kit's: The Hours with its score and doom tracks, a slot of
the row, the fates lying in front of a card and in a position's hand, the bag, the power stock (faded cards
grouped by their power) and a position's panel with its number line. Their hit keys are this game's kinds
("slot:<n>", "rowfate:<handle>", "hand:<token>", "stock:<power>", "bag", "line:<position>:<value>",
"pos:<position>"), which gestures name."""

from __future__ import annotations

import math

import pygame

from game.core.zones import is_handle
from game.games.shipwreck_arcana.cards import deck

from ...table.cardart import mix, shadow
from ...table.kit import Hand, Hit, SeatPanel, ZoneWidget, paint
from ...table.kit.panels import hatch
from ...ui import fonts, theme
from ...ui.strings import lang, tr
from ...ui.theme import scale
from .art import (
    DOOM,
    GOLD,
    GOLD_HI,
    HOPE,
    LINE,
    MOON,
    MOON_DIM,
    NIGHT,
    NIGHT_DEEP,
    T,
    _hours_face,
    _track_cells,
    _track_top,
)

BAG = Hit("bag")


def slot_hit(slot: int) -> Hit:
    return Hit("slot", piece=str(slot))


def token_of(entry: str) -> str:
    """The number a fate entry ("fate_<value>:<n>") carries: its token in a hand, its handle in the row."""
    return entry.rpartition(":")[2]


def token_rect(rect: pygame.Rect, d: int) -> pygame.Rect:
    """A token of d×d pixels at the middle of `rect`: where a fate passes or sets off."""
    return pygame.Rect(0, 0, d, d).move(rect.centerx - d // 2, rect.centery - d // 2)


class Place(ZoneWidget):
    """A zone drawn as a place rather than as pieces: what arrives flies to its middle (at the size of a
    `token` if given) and is gone."""

    def __init__(self, zone_id, rect, card_image, token: int | None = None):
        super().__init__(zone_id, rect, card_image)
        self.token = token

    def placed(self) -> list[str]:
        return []

    def piece_rects(self, count: int) -> list[pygame.Rect]:
        return [self.landing()] * count

    def landing(self) -> pygame.Rect:
        return token_rect(self.rect, self.token) if self.token else self.rect

    def departure(self) -> pygame.Rect:
        return self.landing()


class HoursCard(Place):
    """The Hours (the row's slot 0) and its two tracks; a fate played on it stops here on its way."""

    def __init__(self, rect, card_image, token: int):
        super().__init__("row/0", rect, card_image, token)
        self.shown = {"score": 0.0, "doom": 0.0}  # the markers, eased by the table
        self.reached = {"score": 0, "doom": 0}

    def hits(self, pos) -> list[Hit]:
        return [slot_hit(0)] if self.rect.collidepoint(pos) else []

    def rect_of(self, hit: Hit) -> pygame.Rect | None:
        return self.rect if hit == slot_hit(0) else None

    def face_at(self, pos) -> str | None:
        return deck().hours.id if self.rect.collidepoint(pos) else None

    def draw(self, surface) -> None:
        rect = self.rect
        shadow(surface, rect, scale(14), scale(5), 90)
        surface.blit(_hours_face(rect.width, rect.height, lang()), rect)
        for index, track in enumerate(("score", "doom")):
            cells = _track_cells(rect.width, rect.height, _track_top(rect.height, index))
            colour = HOPE if track == "score" else DOOM
            for cell in cells[1:self.reached[track] + 1]:
                over = pygame.Surface(cell.size, pygame.SRCALPHA)
                pygame.draw.rect(over, (*colour, 70), over.get_rect(), border_radius=max(2, cell.width // 6))
                surface.blit(over, cell.move(rect.topleft))
            shown = self.shown[track]
            lo = max(0, min(6, int(shown)))
            a, b = cells[lo], cells[min(7, lo + 1)]
            centre = (int(rect.left + a.centerx + (b.centerx - a.centerx) * (shown - lo)), rect.top + a.centery)
            r = max(scale(8), int(min(a.width, a.height) * 0.42))
            pygame.draw.circle(surface, (0, 0, 0), (centre[0] + 2, centre[1] + 2), r)
            pygame.draw.circle(surface, colour, centre, r)
            pygame.draw.circle(surface, MOON, centre, r, max(1, scale(2)))
            fonts.blit_text(surface, str(round(shown)), centre, 14, theme.INK_DARK if track == "score" else MOON, True,
                            anchor="center")


class ArcanaSlot(ZoneWidget):
    """One of the row's four places: its card, or a marked empty place."""

    def __init__(self, slot: int, rect, card_image):
        super().__init__(f"row/{slot}", rect, card_image)
        self.hit = slot_hit(slot)

    def piece_rects(self, count: int) -> list[pygame.Rect]:
        return [self.rect] * count

    def hits(self, pos) -> list[Hit]:
        return [self.hit] if self.rect.collidepoint(pos) else []

    def rect_of(self, hit: Hit) -> pygame.Rect | None:
        return self.rect if hit == self.hit else None

    def draw(self, surface) -> None:
        if not self.count:
            pygame.draw.rect(surface, LINE, self.rect, max(1, scale(2)), border_radius=scale(12))
            fonts.blit_text(surface, tr(T + "empty_slot"), self.rect.center, "small", MOON_DIM, anchor="center")


class Fates(Hand):
    """Fate tokens side by side: those lying in front of a card (hit as "rowfate:<handle>") or a position's
    hand (hit as "hand:<token>" when the viewer can name them)."""

    def __init__(self, zone_id, rect, card_image, kind: str, d: int, face_of=None):
        super().__init__(zone_id, rect, card_image, face_of=face_of, card_size=(d, d))
        self.kind = kind

    def _hit(self, entry: str) -> Hit | None:
        return None if is_handle(entry) else Hit(self.kind, piece=token_of(entry))

    def hits(self, pos) -> list[Hit]:
        entry = self.piece_at(pos)
        hit = self._hit(entry) if entry is not None else None
        return [hit] if hit is not None else []

    def rect_of(self, hit: Hit) -> pygame.Rect | None:
        entries = self.placed()
        rects = self.piece_rects(len(entries))
        return next((r for e, r in zip(entries, rects, strict=True) if self._hit(e) == hit), None)

    def entry_of(self, hit: Hit) -> str | None:
        return next((e for e in self.placed() if self._hit(e) == hit), None)

    def draw(self, surface) -> None:
        pass  # the tokens are pieces; an empty place needs no outline

    def draw_over(self, surface) -> None:
        pass


class Bag(Place):
    """The bag of fates: a sack with its count, glowing with "click to draw" while a draw is legal."""

    def __init__(self, rect, card_image, token: int):
        super().__init__("bag", rect, card_image, token)
        self.can_draw = self.lifted = False
        self.clock = 0.0

    def hits(self, pos) -> list[Hit]:
        return [BAG] if self.rect.collidepoint(pos) else []

    def rect_of(self, hit: Hit) -> pygame.Rect | None:
        return self.rect if hit == BAG else None

    def update(self, dt: float) -> None:
        self.clock += dt

    def draw(self, surface) -> None:
        bag = self.rect
        lift = scale(6) if self.can_draw and self.lifted else 0
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
        fonts.blit_text(surface, str(self.count), body.center, "title", MOON, True, anchor="center")
        label, colour = tr(T + "bag"), MOON
        if self.can_draw:
            pygame.draw.ellipse(surface, theme.FOCUS, body.inflate(scale(10), scale(10)), max(2, scale(4)))
            label, colour = tr(T + "click_to_draw"), mix(GOLD, MOON, 0.5 + 0.5 * math.sin(self.clock * 4))
        fonts.blit_text(surface, label, (bag.centerx, bag.bottom + scale(20)), "small", colour, True, anchor="midtop")


class Removed(Place):
    """The Restless Hours' used powers, out of the game: a marked place saying how many."""

    def __init__(self, rect, card_image):
        super().__init__("removed", rect, card_image)

    def hits(self, pos) -> list[Hit]:
        return [Hit("removed")] if self.rect.collidepoint(pos) else []

    def rect_of(self, hit: Hit) -> pygame.Rect | None:
        return self.rect if hit == Hit("removed") else None

    def draw(self, surface) -> None:
        pygame.draw.rect(surface, LINE, self.rect, max(1, scale(2)), border_radius=scale(10))
        fonts.blit_text(surface, tr(T + "removed", count=self.count), self.rect.center, "small", MOON_DIM, True,
                        anchor="center")


class StockRow(ZoneWidget):
    """The power stock: faded cards shown by their power, one small stack per power in the order the powers
    first faded, each hit as "stock:<power>" (and, while the group decides, "use:<power>" for a group power).
    A stack of several says how many; a power usable now glows with a "Use" tag."""

    def __init__(self, rect, card_image, label_w: int, chip: tuple, right_room: int):
        super().__init__("stock", rect, card_image, face_of=lambda zone, entry: f"power:{entry}")
        self.label_w, self.chip, self.right_room = label_w, chip, right_room
        self.usable: set = set()
        self.group = False  # the group decides: a click on a group power's card uses it
        self.clock = 0.0

    def groups(self) -> list[tuple[str, list[str]]]:
        """[(power, [card ids])] in the order the powers first faded."""
        found: dict = {}
        for card in self.entries():
            found.setdefault(deck().card(card).power, []).append(card)
        return list(found.items())

    def group_rects(self) -> dict:
        """power -> (the stack's rect, [rect per card])."""
        w, h = self.chip
        x0, y = self.rect.left + self.label_w + scale(20), self.rect.top + scale(22)
        right = self.rect.right - self.right_room
        groups = self.groups()
        n = len(groups)
        step = min(w + scale(14), (right - x0 - w - scale(12)) / max(1, n - 1)) if n > 1 else 0
        out = {}
        for i, (power, cards) in enumerate(groups):
            x = round(x0 + i * step)
            rises = scale(4) * (len(cards) - 1)
            rects = [pygame.Rect(x + j * scale(5), y - j * scale(4), w - scale(10), h) for j in range(len(cards))]
            out[power] = (pygame.Rect(x, y - rises, w, h + rises), rects)
        return out

    def piece_rects(self, count: int) -> list[pygame.Rect]:
        by_card = {}
        rects = self.group_rects()
        for power, cards in self.groups():
            by_card.update(zip(cards, rects[power][1], strict=True))
        entries = self.entries()
        return [by_card[e] for e in entries[:count]] + [self.landing()] * (count - len(entries))

    def landing(self) -> pygame.Rect:
        w, h = self.chip
        x = self.rect.left + self.label_w + scale(20)
        return pygame.Rect(x, self.rect.top + scale(22), w - scale(10), h)

    departure = landing

    def top_of(self, power: str) -> str | None:
        return dict(self.groups()).get(power, [None])[-1]

    def hits(self, pos) -> list[Hit]:
        out = []
        for power, (rect, _) in self.group_rects().items():
            if rect.collidepoint(pos):
                out.append(Hit("stock", piece=power))
                if power != "higher_than" and self.group:
                    out.append(Hit("use", piece=power))  # a group power is also used by a click on its card
        return out

    def rect_of(self, hit: Hit) -> pygame.Rect | None:
        found = self.group_rects().get(hit.piece) if hit.kind == "stock" else None
        return found[0] if found else None

    def face_at(self, pos) -> str | None:
        hit = next(iter(self.hits(pos)), None)
        return f"power:{self.top_of(hit.piece)}" if hit else None

    def update(self, dt: float) -> None:
        self.clock += dt

    def draw(self, surface) -> None:
        paint.panel(surface, self.rect, 60, LINE)
        label = pygame.Rect(self.rect.left + scale(14), self.rect.top, self.label_w - scale(10), self.rect.height)
        lines = fonts.lines(tr(T + "stock"), label.width, "small", True, max_lines=2)
        lh = fonts.get("small", True).get_linesize()
        for i, line in enumerate(lines):
            fonts.blit_text(surface, line, (label.left, label.centery - lh * len(lines) // 2 + i * lh), "small",
                            GOLD_HI, True)
        if not self.count:
            fonts.blit_text(surface, tr(T + "stock_empty"), (label.right + scale(20), self.rect.centery), "small",
                            MOON_DIM, anchor="midleft")

    def draw_over(self, surface) -> None:
        for power, (_, rects) in self.group_rects().items():
            rect = rects[-1]
            if len(rects) > 1:
                badge = pygame.Rect(0, 0, scale(40), scale(28))
                badge.center = (rect.right - scale(6), rect.top + scale(2))
                pygame.draw.rect(surface, GOLD, badge, border_radius=scale(14))
                fonts.blit_text(surface, f"×{len(rects)}", badge.center, 14, theme.INK_DARK, True, anchor="center")
            if power in self.usable:
                pulse = 0.5 + 0.5 * math.sin(self.clock * 4)
                pygame.draw.rect(surface, mix(theme.FOCUS, MOON, pulse * 0.4), rect.inflate(scale(8), scale(8)),
                                 max(2, scale(3)), border_radius=scale(12))
                tag = fonts.render(tr(T + "use"), 16, theme.INK_DARK, True)
                box = tag.get_rect(center=(rect.right - scale(30), rect.top)).inflate(scale(14), scale(2))
                pygame.draw.rect(surface, theme.FOCUS, box, border_radius=box.height // 2)
                surface.blit(tag, tag.get_rect(center=box.center))


def draw_marker(surface, m: pygame.Rect, value, colour, marked: bool, ruled: bool) -> None:
    """One mark of a number line: flipped (a teammate's mark: dark with a slash) or not, hatched when the
    assist rules it out."""
    size = max(14, int(m.height * 0.46)) / scale.factor if scale.factor else 14
    if marked:
        pygame.draw.ellipse(surface, NIGHT_DEEP, m)
        pygame.draw.ellipse(surface, colour, m, max(2, scale(3)))
        pad = m.width // 6
        pygame.draw.line(surface, mix(colour, NIGHT_DEEP, 0.45), (m.left + pad, m.bottom - pad),
                         (m.right - pad, m.top + pad), max(2, scale(3)))
    else:
        pygame.draw.ellipse(surface, mix(MOON, colour, 0.15), m)
        pygame.draw.ellipse(surface, colour, m, max(1, scale(2)))
    if value:
        fonts.blit_text(surface, str(value), m.center, size, mix(colour, MOON, 0.6) if marked else theme.INK_DARK,
                        True, anchor="center")
    if ruled:
        hatch(surface, m, (70, 70, 70, 190), max(4, m.width // 5))


class Position(SeatPanel):
    """A position's panel (a player's, or one of the two a player has in the challenge mode): the kit's header
    in the position's colour, notes beside its fates, and its number line of seven marks at the foot."""

    def __init__(self, pos: int, rect, colour, hand_room: int):
        super().__init__(pos, rect)
        self.colour = colour
        self.line, self.accent = mix(colour, NIGHT, 0.4), GOLD_HI
        self.hand_room = hand_room  # pixels the fates take at the body's left
        self.notes: list[str] = []
        self.marks, self.ruled = [False] * 7, set()
        self.hover = None
        self.clickable: set = set()

    def hits(self, pos):
        marks = [self.mark(v) for v, m in enumerate(self.markers(), 1) if m.collidepoint(pos)]
        return marks + ([Hit("pos", owner=self.seat)] if self.rect.collidepoint(pos) else [])

    def mark(self, value: int) -> Hit:
        return Hit("line", owner=self.seat, piece=str(value))

    def rect_of(self, hit):
        if hit.kind == "line" and hit.owner == self.seat:
            return self.markers()[int(hit.piece) - 1]
        return self.rect if hit == Hit("pos", owner=self.seat) else None

    def tooltip(self, hit):
        return None  # the table's words

    def markers(self) -> list[pygame.Rect]:
        gap = scale(6)
        m = min(scale(46), (self.rect.width - scale(28) - 6 * gap) / 7)
        x0 = self.rect.left + (self.rect.width - (7 * m + 6 * gap)) / 2
        top = self.rect.bottom - scale(12) - m
        return [pygame.Rect(round(x0 + i * (m + gap)), round(top), round(m), round(m)) for i in range(7)]

    def draw(self, surface) -> None:
        super().draw(surface)
        x = self.body.left + self.hand_room + scale(16)
        width = self.rect.right - scale(10) - x
        y, lh = self.header.bottom + scale(12), fonts.get("small").get_linesize()
        for note in self.notes if width >= scale(40) else []:
            for line in fonts.lines(note, width, "small", max_lines=2):
                fonts.blit_text(surface, line, (x, y), "small", MOON_DIM)
                y += lh
        for v, m in enumerate(self.markers(), start=1):
            draw_marker(surface, m, v, self.colour, self.marks[v - 1], v in self.ruled)
            if self.hover == str(self.mark(v)) and self.hover in self.clickable:
                pygame.draw.ellipse(surface, theme.FOCUS, m.inflate(scale(6), scale(6)), max(2, scale(3)))
