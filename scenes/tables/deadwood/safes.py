"""A player's safe row: the safes face down in slot order, each drawn with what the viewer knows of it (§8).

A slot the viewer knows and tracks shows its content on a paper slip over the steel back ("known:<id>"); a
face-up safe (a called badge, the scoring) shows its face; any other slot is the plain back. Under the row,
"also in this row: …" names the safes the viewer knows are somewhere in it without knowing the slot. A slot
a Stetson Hat is looking at now wears an eye. The row answers as a whole (a Stetson Hat is dropped there) and
each safe as a piece (a Robbery's target, a Stetson Hat's peek, the transfer's pick).
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.core.zones import is_handle

from ...table.kit import ZoneWidget, paint
from ...ui import fonts, theme
from ...ui.strings import pick, tr
from ...ui.theme import scale
from . import faces

SAFE_RATIO = 1.4
T = faces.T


def row_face(row: dict | None, entry: str, index: int) -> str:
    """The face of slot `index` of a row (the view's rows[p]) whose zone entry is `entry`."""
    if is_handle(entry) or row is None:
        return faces.SAFE_BACK
    slot = row["slots"][index] if index < len(row["slots"]) else None
    return entry if slot is not None and slot["up"] else faces.KNOWN + entry


ALSO_LINES = 2  # "Also in this row: …" wraps onto this many lines under another player's safes


def also_text(row: dict | None) -> str:
    """"Also in this row: …" for the safes the viewer knows are in the row without knowing where."""
    if not row or not row["also"]:
        return ""
    names = tr(T + "list_sep").join(pick(faces.safe(x).name) for x in row["also"])
    return tr(T + "also", safes=names)


class SafeRow(ZoneWidget):
    """The zone "row/<seat>" of the view, left to right from the left of `rect` (or centred). `row()` gives
    the view's rows[seat] for the bound view, `peeked()` the slots (1-based) a Stetson Hat looks at now."""

    also_width: int | None = None  # the line under the safes may be wider than they (beside a seat's marks)

    def __init__(self, seat: int, rect, card_image, row: Callable, peeked: Callable, card_h: int,
                 also_line: bool = True, centred: bool = False):
        super().__init__(f"row/{seat}", rect, card_image)
        self.seat, self.row, self.peeked = seat, row, peeked
        self.card_h = card_h
        self.also_line, self.centred = also_line, centred

    def card_size(self) -> tuple:
        h = self.card_h
        return round(h / SAFE_RATIO), h

    def face(self, entry: str) -> str | None:
        entries = self.entries()
        index = entries.index(entry) if entry in entries else 0
        return row_face(self.row(), entry, index)

    def piece_rects(self, count: int) -> list[pygame.Rect]:
        w, h = self.card_size()
        gap = scale(8)
        room = self.rect.width - w
        step = min(w + gap, room / max(1, count - 1)) if count > 1 else 0
        span = w + step * (count - 1) if count else 0
        left = self.rect.centerx - span / 2 if self.centred else self.rect.left
        return [pygame.Rect(round(left + i * step), self.rect.top, w, h) for i in range(count)]

    def visible_rects(self, count: int) -> list[pygame.Rect]:
        rects = self.piece_rects(count)
        return [r if i + 1 == len(rects) or rects[i + 1].left >= r.right
                else pygame.Rect(r.left, r.top, rects[i + 1].left - r.left, r.height) for i, r in enumerate(rects)]

    def departure(self) -> pygame.Rect:
        rects = self.piece_rects(max(1, self.count))
        return rects[len(rects) // 2]

    def rect_of(self, hit) -> pygame.Rect | None:
        """The row as a whole is aimed at beside its safes (a Stetson Hat), where no safe is a Robbery's target."""
        if hit.kind == "zone" and hit.zone == self.zone_id:
            rects = self.piece_rects(self.count)
            h = self.card_size()[1]
            left = rects[-1].right + scale(6) if rects else self.rect.left
            if self.rect.right - left >= self.card_size()[0] // 2:
                return pygame.Rect(left, self.rect.top, self.rect.right - left, h)
            return self.rect
        return super().rect_of(hit)

    def empty_rect(self) -> pygame.Rect:
        w, h = self.card_size()
        return pygame.Rect(self.rect.left, self.rect.top, w, h)

    def tooltip(self, hit) -> str | None:
        if hit.zone != self.zone_id:
            return None
        if hit.kind == "piece":
            index = self.entries().index(hit.piece) if hit.piece in self.entries() else -1
            face = self.face(hit.piece)
            slot = tr(T + "slot", slot=index + 1)
            if face == faces.SAFE_BACK:
                return f"{slot}: {tr(T + 'unknown_safe')}"
            return f"{slot}: {pick(faces.safe(face.removeprefix(faces.KNOWN)).name)}"
        return tr(T + "row_tip", count=self.count) + (" " + also_text(self.row()) if also_text(self.row()) else "")

    def draw(self, surface) -> None:
        if not self.count:
            paint.outline(surface, self.empty_rect())
        if self.also_line:
            text = also_text(self.row())
            if text:  # on the two lines kept under the cards (see ALSO_LINES)
                top = self.rect.top + self.card_size()[1] + scale(4)
                fonts.blit_wrapped(surface, text, pygame.Rect(self.rect.left, top, self.also_width or self.rect.width,
                                                              self.rect.bottom - top), "small", theme.ACCENT_HI,
                                   max_lines=ALSO_LINES)

    def draw_over(self, surface) -> None:
        looked = self.peeked()
        if not looked:
            return
        rects = self.piece_rects(self.count)
        for slot in looked:
            if 1 <= slot <= len(rects):
                rect = rects[slot - 1]
                r = max(scale(12), rect.width // 6)
                centre = (rect.right - r, rect.top + r)
                pygame.draw.circle(surface, (20, 16, 12), centre, r)
                pygame.draw.circle(surface, theme.ACCENT_HI, centre, r, max(1, scale(2)))
                eye(surface, centre, r)


def eye(surface, centre, r: int) -> None:
    """An eye drawn inside a disc of radius `r` (a word such as "eye" did not fit in it on a seat's small safes)."""
    lid = pygame.Rect(0, 0, r * 3 // 2, r * 5 // 6)
    lid.center = centre
    pygame.draw.ellipse(surface, theme.ACCENT_HI, lid, max(1, r // 6))
    pygame.draw.circle(surface, theme.ACCENT_HI, centre, max(2, r // 4))
