"""Parts of a table drawn as panels of their own, each in window pixels (callers scale design units):

- `centred_row`, `columns`: rects laid out side by side;
- `Frame`: a panel round a part of the table (a play area round its row of cards), labelled, answering one hit;
- `CellPanel`: short values by sign in columns (what each suit has in a pile), drawn once for what it shows;
- `Offer`: things laid out over the table for a player to pick one of (cards a power turned up, characters
  dealt to choose from), on a panel with a title.

A part that lies on the table's backdrop alone may be given it as `under`: it is then kept as one opaque piece
(see paint.Kept) instead of blended every frame; and `Layer` keeps what lies still on a table (such parts, see
Widgets.draw; a table's own parts) painted once onto a copy of the backdrop, which is blitted whole every frame.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ...ui import fonts, theme
from ...ui.theme import scale
from ..cardart import shadow
from . import paint
from .hits import Hit
from .widget import Widget


class Layer:
    """What lies still on a table, painted once onto a copy of its backdrop and blitted whole each frame instead
    of the backdrop and each part (between moves none of it changes). The table names its parts each frame as
    (key, rect, look, paint): a part is painted again, over the backdrop put back inside its rect and clipped
    there, only when its rect or its look (everything its painting depends on) differs from those it was
    painted with; the old place of a rect that moved goes back to the backdrop. Parts must not overlap. A new
    backdrop paints them all again. Kept by its table (see Widgets.draw), not in a module cache, so that an old
    backdrop is not kept alive."""

    def __init__(self):
        self._image: pygame.Surface | None = None  # the backdrop with every part painted on it
        self._backdrop: pygame.Surface | None = None
        self._painted: dict = {}  # part key -> (rect, look) it was painted with

    def draw(self, surface, backdrop: pygame.Surface, parts) -> None:
        if self._backdrop is not backdrop or self._image is None:
            self._image, self._backdrop, self._painted = backdrop.copy(), backdrop, {}
        for key, rect, look, paint_part in parts:
            made = (tuple(rect), look)
            before = self._painted.get(key)
            if before == made:
                continue
            if before is not None:  # the part's old place goes back to the backdrop (a rect that moved)
                self._image.blit(backdrop, before[0], before[0])
            self._image.blit(backdrop, rect, rect)
            self._image.set_clip(rect)
            paint_part(self._image)
            self._image.set_clip(None)
            self._painted[key] = made
        surface.blit(self._image, (0, 0))


def centred_row(count: int, size: tuple, centerx: int, top: int, gap: int) -> list[pygame.Rect]:
    """`count` rects of `size` side by side from `top`, `gap` apart, the row centred on `centerx` (cards laid out
    to choose from)."""
    w, h = size
    x = centerx - (count * w + (count - 1) * gap) // 2
    return [pygame.Rect(x + i * (w + gap), top, w, h) for i in range(count)]


def columns(rect: pygame.Rect, count: int, width: float) -> list[pygame.Rect]:
    """`count` columns `width` wide and as high as `rect`, each centred in an equal share of its width (a stack
    a suit along a seat)."""
    share = rect.width / count
    return [pygame.Rect(round(rect.left + k * share + (share - width) / 2), rect.top, round(width), rect.height)
            for k in range(count)]


class Frame(Widget):
    """A panel round `rect` with a `label` at its top left and a `note` (set by the table, such as what is owed)
    at its top right, answering as `hit` all over: `plain` (alpha, border colour), or `lit` while `glow` (a drop
    there is legal)."""

    under: pygame.Surface | None = None

    def __init__(self, rect, hit: Hit, label: str = "", plain=(60, paint.LINE), lit=(30, theme.ACCENT_HI),
                 ink=theme.INK_DIM, note_ink=theme.ACCENT_HI):
        super().__init__(rect)
        self.hit, self.label, self.plain, self.lit, self.ink, self.note_ink = hit, label, plain, lit, ink, note_ink
        self.glow = False
        self.note = ""
        self._plate = paint.Kept()

    def hits(self, pos) -> list[Hit]:
        return [self.hit] if self.rect.collidepoint(pos) else []

    def rect_of(self, hit: Hit) -> pygame.Rect | None:
        return self.rect if hit == self.hit else None

    def look(self) -> tuple:
        """Everything its drawing depends on (see Layer)."""
        return (tuple(self.rect), self.label, self.note, self.glow, self.plain, self.lit, self.ink, self.note_ink,
                scale.factor, fonts.get("small"), fonts.get("small", True))

    def draw(self, surface) -> None:
        alpha, border = self.lit if self.glow else self.plain
        self._plate.draw(surface, self.under, self.rect, alpha, border, 3, 14)
        at = (self.rect.left + scale(12), self.rect.top + scale(2))
        fonts.blit_text(surface, self.label, at, "small", self.ink)
        if self.note:
            at = (self.rect.right - scale(12), self.rect.top + scale(2))
            fonts.blit_text(surface, self.note, at, "small", self.note_ink, True, anchor="topright")


class CellPanel(Widget):
    """A title, then one cell a sign in `columns` columns of rows `row` design units high: (icon or None,
    texts, colour), where the first of `texts` that fits the cell is written (a list written out, else written
    tighter); or, instead of the cells, a `note` (an assist turned off). A see-through black panel
    without a border. A table whose panel lies on its backdrop alone sets `under` to it: the panel is then
    drawn once, over that backdrop, for what it shows, and blitted as one opaque piece until that changes (it
    changes only when a card moves, and the table draws it every frame)."""

    under: pygame.Surface | None = None

    def __init__(self, rect, title: str, columns: int = 2, row: int = 50, alpha: int = 150):
        super().__init__(rect)
        self.title, self.columns, self.row, self.alpha = title, columns, row, alpha
        self.cells: list[tuple] = []
        self.note = ""
        self._made = None  # (what it was made of, the image)

    def set(self, cells: list[tuple], note: str = "") -> None:
        self.cells, self.note = list(cells), note

    def draw(self, surface) -> None:
        under = self.under
        if under is None or not under.get_rect().contains(self.rect):
            self._paint(surface, self.rect.topleft)
            return
        made_of = (under, *self.look())
        if self._made is None or self._made[0] != made_of:
            image = under.subsurface(self.rect).copy()
            self._paint(image, (0, 0))
            self._made = made_of, image
        surface.blit(self._made[1], self.rect)

    def look(self) -> tuple:
        """Everything its drawing depends on (see Layer)."""
        return tuple(self.rect), self.title, self.cells, self.note, self.alpha, scale.factor, fonts.get("small")

    def _paint(self, surface, origin) -> None:
        rect = pygame.Rect(origin, self.rect.size)
        paint.panel(surface, rect, self.alpha, width=0, radius=0)
        fonts.blit_text(surface, self.title, (rect.left + scale(14), rect.top + scale(8)), "small", theme.ACCENT_HI,
                        True)
        if self.note:
            fonts.blit_wrapped(surface, self.note, rect.inflate(-scale(28), -scale(100)), "small", theme.INK_DIM)
            return
        col_w = (rect.width - scale(28)) // self.columns
        room = col_w - scale(44)
        measure = fonts.measure("small")
        for i, (image, texts, colour) in enumerate(self.cells):
            x = rect.left + scale(14) + (i % self.columns) * col_w
            y = rect.top + scale(44) + (i // self.columns) * scale(self.row)
            if image is not None:
                surface.blit(image, (x, y + scale(4)))
            text = next((t for t in texts if measure(t) <= room), texts[-1])
            fonts.blit_text(surface, text, (x + scale(40), y + scale(6)), "small", colour)


class Offer(Widget):
    """Items `items()` [(id, rect)], which the table lays out from its view (so hits follow the view at once),
    each answering Hit(`kind`, piece=id) and showing `face_of(id)` large (the id itself by default). While
    `title` is set, a panel with the title is drawn over the table (in draw_over: over the pieces) and, given
    `image(id, w, h)`, the items on it with a shadow, those in `marked` ringed in `mark_colour`. Without
    `image` the items are board pieces the table draws over the panel itself."""

    def __init__(self, rect, kind: str, items: Callable[[], list], image: Callable | None = None,
                 face_of: Callable | None = None, border=theme.ACCENT, alpha: int = 215):
        super().__init__(rect)
        self.kind, self.items, self.image, self.face_of = kind, items, image, face_of or (lambda item: item)
        self.border, self.alpha = border, alpha
        self.title = ""
        self.marked: set = set()
        self.mark_colour = theme.GOOD

    def hits(self, pos) -> list[Hit]:
        return [Hit(self.kind, piece=item) for item, rect in self.items() if rect.collidepoint(pos)]

    def rect_of(self, hit: Hit) -> pygame.Rect | None:
        found = [rect for item, rect in self.items() if hit == Hit(self.kind, piece=item)]
        return found[0] if found else None

    def face_at(self, pos) -> str | None:
        found = self.hits(pos)
        return self.face_of(found[0].piece) if found else None

    def draw_over(self, surface) -> None:
        if not self.title:
            return
        paint.panel(surface, self.rect, self.alpha, self.border, 3, radius=16)
        fonts.blit_text(surface, self.title, (self.rect.centerx, self.rect.top + scale(14)), "large", theme.ACCENT_HI,
                        True, anchor="midtop")
        for item, rect in self.items() if self.image is not None else []:
            shadow(surface, rect, scale(14), scale(8), 100)
            surface.blit(self.image(item, rect.width, rect.height), rect)
            if item in self.marked:
                paint.ring(surface, rect, self.mark_colour, 5, grow=12, radius=16)
