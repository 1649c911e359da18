"""Widgets for the zones of a view (`view["zones"]`, see game/core/zones.py): a layered pile, a fanned hand,
a row of slots and a stack fanned downwards. Each reads one zone dict, places its pieces (the keys the board
animates are the zone's entries; a zone listed by count alone gets keys "<zone id>#<n>"), and hit-tests only
what is visible of each piece, so a fanned card under its neighbour answers only on its uncovered strip.

The kit draws no game's art: card faces and backs come from the table's `card_image(face, w, h)` (face None
for a back).
"""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from game.core.zones import is_handle

from ...ui import fonts, theme
from ...ui.strings import tr
from ...ui.theme import scale
from ..board import Placement
from ..cardart import shadow, veil
from . import paint
from .hits import Hit
from .widget import Widget

CARD_RATIO = 1.4  # height / width of a card


def empty_zone(zone_id: str) -> dict:
    """The zone a view may leave out while it is empty."""
    return {"id": zone_id, "owner": None, "kind": "area", "cards": [], "count": 0, "face": "up", "ordered": True}


class ZoneWidget(Widget):
    """One zone of the view. `face_of` may be given to show a face the zone's `face` does not (a player's
    own face-down pick); by default an entry's face shows when the zone is face up and the entry is an id."""

    z_base = 0  # the pieces' draw order (Widgets.add puts a later zone's pieces over an earlier one's)
    empty_mark: pygame.Surface | None = None  # shown in the outline of the zone while it is empty: what goes there

    def __init__(self, zone_id: str, rect: pygame.Rect, card_image: Callable, label: str = "",
                 face_of: Callable | None = None):
        super().__init__(rect)
        self.zone_id = zone_id
        self.card_image = card_image
        self.label = label
        self.zone = empty_zone(zone_id)
        self._face_of = face_of

    def bind(self, zone: dict | None) -> None:
        self.zone = zone if zone is not None else empty_zone(self.zone_id)

    @property
    def count(self) -> int:
        return self.zone["count"]

    def entries(self) -> list[str]:
        """Piece keys, bottom (or first placed) first."""
        if self.zone["cards"]:
            return list(self.zone["cards"])
        return [f"{self.zone_id}#{i}" for i in range(self.count)]

    def face(self, entry: str) -> str | None:
        if self._face_of is not None:
            return self._face_of(self.zone, entry)
        return None if self.zone["face"] == "down" or is_handle(entry) else entry

    # -- geometry: subclasses give each piece its rect and the part of it that shows ----------------------

    def piece_rects(self, count: int) -> list[pygame.Rect]:
        raise NotImplementedError

    def visible_rects(self, count: int) -> list[pygame.Rect]:
        """The part of each piece not covered by the next one."""
        return self.piece_rects(count)

    def placed(self) -> list[str]:
        """The entries that are pieces on the board (a pile shows only its top one)."""
        return self.entries()

    def placements(self) -> dict:
        entries = self.placed()
        rects = self.piece_rects(len(entries))
        return {e: Placement(r, self.face(e), self.z_base + i)
                for i, (e, r) in enumerate(zip(entries, rects, strict=True))}

    def departure(self) -> pygame.Rect:
        """Where a piece the viewer could not see in this zone sets off from (its top or last piece)."""
        rects = self.piece_rects(max(1, self.count))
        return rects[-1] if rects else self.rect

    def landing(self) -> pygame.Rect:
        """Where a piece arriving in this zone flies to (the next free place)."""
        rects = self.piece_rects(len(self.placed()) + 1)
        return rects[-1] if rects else self.rect

    # -- the widget hooks ------------------------------------------------------------------------------------

    def piece_at(self, pos) -> str | None:
        """The entry whose uncovered part is under `pos` (the topmost, last placed, first)."""
        entries = self.placed()
        for entry, rect in reversed(list(zip(entries, self.visible_rects(len(entries)), strict=True))):
            if rect.collidepoint(pos):
                return entry
        return None

    def hits(self, pos) -> list[Hit]:
        entry = self.piece_at(pos)
        out = [Hit.of_piece(self.zone_id, entry)] if entry is not None else []
        if self.rect.collidepoint(pos):
            out.append(Hit.of_zone(self.zone_id))
        return out

    def rect_of(self, hit: Hit) -> pygame.Rect | None:
        if hit.zone != self.zone_id:
            return None
        if hit.kind == "piece":
            entries = self.placed()
            if hit.piece in entries:
                return self.piece_rects(len(entries))[entries.index(hit.piece)]
            return None
        return self.rect if hit.kind == "zone" else None

    def face_at(self, pos) -> str | None:
        entry = self.piece_at(pos)
        return self.face(entry) if entry is not None else None

    def empty_rect(self) -> pygame.Rect:
        """The outline shown while the zone is empty."""
        return self.rect

    def tooltip(self, hit: Hit) -> str | None:
        if hit.zone == self.zone_id and hit.kind == "zone":
            text = tr("table.kit_count", count=self.count)
            return f"{self.label}: {text}" if self.label else text
        return None

    def draw(self, surface) -> None:
        if self.label:
            fonts.blit_text(surface, self.label, (self.rect.left, self.rect.top - scale(4)), "small", theme.INK_DIM,
                            anchor="bottomleft")
        if not self.count and self.empty_mark is None:
            paint.outline(surface, self.empty_rect())
        elif not self.count:  # a place that shows what goes there: a quiet solid edge, the mark says the rest
            rect = self.empty_rect()
            pygame.draw.rect(surface, paint.LINE, rect, max(1, scale(2)), border_radius=scale(8))
            surface.blit(self.empty_mark, self.empty_mark.get_rect(center=rect.center))


class Pile(ZoneWidget):
    """A pile drawn as layered card edges (more layers for more cards) with its count on a badge. Only the
    top card is a piece; a pile the viewer cannot name at all shows a back."""

    LAYERS = 6
    count_badge = True  # a table whose label already says how many sets it False

    def _depth(self) -> int:
        return min(self.LAYERS, max(0, self.count - 1))

    def _step(self) -> int:
        return max(1, scale(3))

    def top_rect(self) -> pygame.Rect:
        inset = self.LAYERS * self._step()
        return pygame.Rect(self.rect.left, self.rect.top, self.rect.width - inset, self.rect.height - inset)

    def placed(self) -> list[str]:
        return self.entries()[-1:] if self.zone["cards"] else []

    def empty_rect(self) -> pygame.Rect:
        return self.top_rect()  # where a card would lie, not the room its layers take

    def piece_rects(self, count: int) -> list[pygame.Rect]:
        return [self.top_rect()] * count

    def landing(self) -> pygame.Rect:
        return self.top_rect()

    def departure(self) -> pygame.Rect:
        return self.top_rect()

    def hits(self, pos) -> list[Hit]:
        out = super().hits(pos)
        if self.rect.collidepoint(pos) and Hit("pile", zone=self.zone_id) not in out:
            out.insert(len(out) - 1, Hit("pile", zone=self.zone_id))
        return out

    def rect_of(self, hit: Hit) -> pygame.Rect | None:
        if hit.kind == "pile" and hit.zone == self.zone_id:
            return self.rect
        return super().rect_of(hit)

    def tooltip(self, hit: Hit) -> str | None:
        return super().tooltip(Hit.of_zone(hit.zone) if hit.kind == "pile" else hit)

    def draw(self, surface) -> None:
        super().draw(surface)
        if not self.count:
            return
        top = self.top_rect()
        shadow(surface, top.move(self._depth() * self._step(), self._depth() * self._step()), scale(10), scale(4))
        back = self.card_image(None, top.width, top.height)
        # The layers beneath, deepest first, then the top itself when it is not a piece of the board.
        for depth in range(self._depth(), 0, -1):
            edge = top.move(depth * self._step(), depth * self._step())
            surface.blit(back, edge)
            surface.blit(veil(edge.size, (0, 0, 0, 40 + 10 * depth), scale(10)), edge)
        if not self.placed():
            surface.blit(back, top)

    def draw_over(self, surface) -> None:
        if self.count and self.count_badge:
            paint.badge(surface, str(self.count), (self.rect.right, self.rect.bottom), anchor="bottomright")


class Hand(ZoneWidget):
    """Cards side by side with a gap while they fit, fanned with overlap when they do not; centred, or from the
    left with `align="left"` (a hand with words beside it)."""

    def __init__(self, zone_id, rect, card_image, label="", face_of=None, card_size: tuple | None = None,
                 align: str = "center"):
        super().__init__(zone_id, rect, card_image, label, face_of)
        h = card_size[1] if card_size else self.rect.height
        self.card_size = card_size or (round(h / CARD_RATIO), h)
        self.align = align

    def _step(self, count: int) -> float:
        w = self.card_size[0]
        gap = scale(10)
        if count <= 1:
            return 0.0
        return min(w + gap, (self.rect.width - w) / (count - 1))

    def piece_rects(self, count: int) -> list[pygame.Rect]:
        w, h = self.card_size
        step = self._step(count)
        span = w + step * (count - 1) if count else 0
        left = self.rect.left if self.align == "left" else self.rect.centerx - span / 2
        top = self.rect.centery - h // 2
        return [pygame.Rect(round(left + i * step), top, w, h) for i in range(count)]

    def visible_rects(self, count: int) -> list[pygame.Rect]:
        rects = self.piece_rects(count)
        out = []
        for i, rect in enumerate(rects):
            if i + 1 < len(rects) and rects[i + 1].left < rect.right:
                rect = pygame.Rect(rect.left, rect.top, rects[i + 1].left - rect.left, rect.height)
            out.append(rect)
        return out

    def draw_over(self, surface) -> None:
        if self.count and not self.zone["cards"]:  # a hidden hand: how many, since the backs overlap
            paint.badge(surface, str(self.count), self.rect.midbottom, anchor="midbottom")


class Tokens(Hand):
    """Pieces laid as a `Hand` lays them that answer as the table's own hits, `hit_of(entry)` (None for one that
    answers nothing, such as another's hidden piece), rather than as pieces of a zone: tokens in front of a card,
    the ones a player holds. Drawn only as pieces: no outline while empty, no count."""

    def __init__(self, zone_id, rect, card_image, hit_of: Callable, face_of=None, card_size: tuple | None = None,
                 align: str = "center"):
        super().__init__(zone_id, rect, card_image, face_of=face_of, card_size=card_size, align=align)
        self.hit_of = hit_of

    def hits(self, pos) -> list[Hit]:
        entry = self.piece_at(pos)
        hit = self.hit_of(entry) if entry is not None else None
        return [hit] if hit is not None else []

    def rect_of(self, hit: Hit) -> pygame.Rect | None:
        entries = self.placed()
        return next((r for e, r in zip(entries, self.piece_rects(len(entries)), strict=True) if self.hit_of(e) == hit),
                    None)

    def entry_of(self, hit: Hit) -> str | None:
        """The piece that answers as `hit`, None if none does."""
        return next((e for e in self.placed() if self.hit_of(e) == hit), None)

    def draw(self, surface) -> None:
        pass

    def draw_over(self, surface) -> None:
        pass


class Grid(ZoneWidget):
    """Cards in rows without overlap, from the top left, each as large as `max_size` allows (w, h in pixels)
    with height `aspect` × width: a hand whose every card must read whole. `rows_for(count)` says how many
    rows `count` cards take."""

    def __init__(self, zone_id, rect, card_image, label="", face_of=None, max_size: tuple | None = None,
                 aspect: float = CARD_RATIO, rows_for=lambda count: 1, gap: int | None = None):
        super().__init__(zone_id, rect, card_image, label, face_of)
        self.max_size = max_size or (self.rect.width, self.rect.height)
        self.aspect, self.rows_for = aspect, rows_for
        self.gap = scale(10) if gap is None else gap

    def piece_rects(self, count: int) -> list[pygame.Rect]:
        rows = max(1, self.rows_for(count))
        cols = max(1, math.ceil(count / rows))
        w = min(self.max_size[0], (self.rect.width - (cols - 1) * self.gap) / cols)
        h = min(self.max_size[1], (self.rect.height - (rows - 1) * self.gap) / rows, w * self.aspect)
        return [pygame.Rect(round(self.rect.left + (i % cols) * (w + self.gap)),
                            round(self.rect.top + (i // cols) * (h + self.gap)), round(w), round(h))
                for i in range(count)]


class CountedPile(Pile):
    """A pile that says how many cards it holds in words under its top card, `caption(count)`, instead of on a
    badge."""

    count_badge = False

    def __init__(self, zone_id, rect, card_image, caption: Callable[[int], str], label: str = ""):
        super().__init__(zone_id, rect, card_image, label)
        self.caption = caption

    def draw(self, surface) -> None:
        super().draw(surface)
        top = self.top_rect()
        fonts.blit_text(surface, self.caption(self.count), (top.centerx, top.bottom + scale(8)), "small", theme.INK,
                        True, anchor="midtop")


class HandCount(ZoneWidget):
    """A hand seen from outside: a small fan of backs and the number of cards, right-aligned in its rect (a
    seat header's end). It places no pieces; a card played from it sets off from here."""

    FAN = 6  # backs drawn at most

    def placed(self) -> list[str]:
        return []

    def piece_rects(self, count: int) -> list[pygame.Rect]:
        return [self.rect] * count

    def draw(self, surface) -> None:
        back_w, back_h = scale(20), scale(28)
        label = fonts.render(str(self.count), "small", theme.INK, True)
        x = self.rect.right - label.get_width()
        surface.blit(label, label.get_rect(midleft=(x, self.rect.centery)))
        fan = min(self.count, self.FAN)
        left = x - scale(8) - back_w - (fan - 1) * scale(6)
        back = self.card_image(None, back_w, back_h)
        for i in range(fan):
            surface.blit(back, (left + i * scale(6), self.rect.centery - back_h // 2))


class Stack(ZoneWidget):
    """Cards fanned downwards, the top (last) card lowest and whole, each card under it showing a strip.
    A stack taken as one thing (what a player drags or aims at, such as a suit stack) is given its own hit,
    `whole`: it then answers with that hit alone, over its whole rect, while it holds a card."""

    def __init__(self, zone_id, rect, card_image, label="", face_of=None, card_height: int | None = None,
                 max_step: float = 0.3, whole: Hit | None = None):
        super().__init__(zone_id, rect, card_image, label, face_of)
        self.card_h = card_height or round(self.rect.width * CARD_RATIO)
        self.max_step = max_step
        self.whole = whole

    def hits(self, pos) -> list[Hit]:
        if self.whole is None:
            return super().hits(pos)
        return [self.whole] if self.count and self.rect.collidepoint(pos) else []

    def rect_of(self, hit: Hit) -> pygame.Rect | None:
        return self.rect if hit == self.whole else super().rect_of(hit)

    def empty_rect(self) -> pygame.Rect:
        return pygame.Rect(self.rect.left, self.rect.top, self.rect.width, self.card_h)

    def piece_rects(self, count: int) -> list[pygame.Rect]:
        room = self.rect.height - self.card_h
        step = min(self.card_h * self.max_step, room / (count - 1)) if count > 1 else 0
        return [pygame.Rect(self.rect.left, self.rect.top + round(i * step), self.rect.width, self.card_h)
                for i in range(count)]

    def visible_rects(self, count: int) -> list[pygame.Rect]:
        rects = self.piece_rects(count)
        return [r if i + 1 == len(rects) else pygame.Rect(r.left, r.top, r.width, rects[i + 1].top - r.top)
                for i, r in enumerate(rects)]


class SlotRow(ZoneWidget):
    """A row of numbered places (Shipwreck Arcana's fate row, a tableau): the zone's pieces fill them in
    order, and an empty place still answers as a place, so a piece can be dropped on it."""

    def __init__(self, zone_id, rect, card_image, slots: int, label="", face_of=None, gap: int | None = None,
                 numbered: bool = True):
        super().__init__(zone_id, rect, card_image, label, face_of)
        self.slots = slots
        self.gap = scale(12) if gap is None else gap
        self.numbered = numbered  # an empty place shows its number (not where cards carry numbers of their own)

    def slot_rects(self) -> list[pygame.Rect]:
        n = self.slots
        w = min((self.rect.width - self.gap * (n - 1)) / n, self.rect.height / CARD_RATIO)
        h = round(w * CARD_RATIO)
        span = n * w + (n - 1) * self.gap
        left = self.rect.centerx - span / 2
        return [pygame.Rect(round(left + i * (w + self.gap)), self.rect.centery - h // 2, round(w), h)
                for i in range(n)]

    def piece_rects(self, count: int) -> list[pygame.Rect]:
        """One piece a place; more pieces than places overlap evenly along the row, none hidden."""
        slots = self.slot_rects()
        if count <= len(slots):
            return slots[:count]
        first, last = slots[0], slots[-1]
        step = (last.left - first.left) / (count - 1)
        return [first.move(round(i * step), 0) for i in range(count)]

    def visible_rects(self, count: int) -> list[pygame.Rect]:
        rects = self.piece_rects(count)
        return [r if i + 1 == len(rects) or rects[i + 1].left >= r.right
                else pygame.Rect(r.left, r.top, rects[i + 1].left - r.left, r.height) for i, r in enumerate(rects)]

    def hits(self, pos) -> list[Hit]:
        out = super().hits(pos)
        for i, rect in enumerate(self.slot_rects()):
            if rect.collidepoint(pos):
                out.insert(len(out) - 1, Hit.of_place(self.zone_id, i))
        return out

    def rect_of(self, hit: Hit) -> pygame.Rect | None:
        if hit.kind == "place" and hit.zone == self.zone_id:
            return self.slot_rects()[int(hit.piece)]
        return super().rect_of(hit)

    def draw(self, surface) -> None:
        if self.label:
            fonts.blit_text(surface, self.label, (self.rect.left, self.rect.top - scale(4)), "small", theme.INK_DIM,
                            anchor="bottomleft")
        for i, rect in enumerate(self.slot_rects()[self.count:], start=self.count):
            paint.outline(surface, rect)
            if self.numbered:
                fonts.blit_text(surface, str(i + 1), rect.center, "large", paint.LINE, True, anchor="center")
