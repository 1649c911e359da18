"""Cards that hold other cards: a zone's cards in a row of blocks, each card (a host) with a row of slots under it
for the cards attached to it (weapons on a character, upgrades on a ship), and the zone of one host's attached
cards, each in its slot. An empty slot shows, faintly, the mark of what goes there.

- `Blocks`: the geometry of a row of blocks, in pixels;
- `HostRow`: a zone's cards as the blocks' hosts;
- `Attachments`: the cards attached to one host, placed in its slots, found in whichever row holds the host.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from ...ui.theme import scale
from ..board import Placement
from ..cardart import icon
from .zones import ZoneWidget


@dataclass(frozen=True)
class Blocks:
    """A row of blocks from (x, y), each `block` wide with `gap` on either side: the host card (`card`, w×h)
    centred at the top, its slots (`slot`, w×h, `slot_gap` apart) from the block's left under it."""

    x: float
    y: float
    block: float
    card: tuple
    slot: tuple
    gap: float
    slot_gap: float

    def left(self, index: int) -> float:
        return self.x + index * (self.block + self.gap * 2)

    def card_rect(self, index: int) -> pygame.Rect:
        cw, ch = self.card
        return _rect(self.left(index) + (self.block - cw) / 2, self.y, cw, ch)

    def slot_rect(self, index: int, slot: int) -> pygame.Rect:
        sw, sh = self.slot
        return _rect(self.left(index) + slot * (sw + self.slot_gap), self.y + self.card[1] + self.slot_gap, sw, sh)


def _rect(x: float, y: float, w: float, h: float) -> pygame.Rect:
    return pygame.Rect(round(x), round(y), round(w), round(h))


class HostRow(ZoneWidget):
    """A zone's cards, each the host of a block laid out by `blocks`; `marks` names the icon of each slot (what
    goes there), drawn in `mark_colour` in an empty slot's outline (`colour`). `attached` lists the Attachments
    widgets, which say which slots of a host hold a card (a list the table may fill later)."""

    def __init__(self, zone_id, rect, card_image, blocks: Blocks, marks: tuple, attached: list,
                 colour=(110, 60, 50), mark_colour=(130, 80, 66)):
        super().__init__(zone_id, rect, card_image)
        self.blocks, self.marks, self.attached = blocks, marks, attached
        self.colour, self.mark_colour = colour, mark_colour
        self._by_host: dict = {}  # host -> its Attachments, made again when `attached` grows

    def filled(self, host: str) -> set:
        """The slots of `host` that hold a card."""
        if len(self._by_host) != len(self.attached):
            self._by_host = {a.host: a for a in self.attached}
        found = self._by_host.get(host)
        return found.filled() if found is not None else set()

    def piece_rects(self, count: int) -> list[pygame.Rect]:
        return [self.blocks.card_rect(i) for i in range(count)]

    def draw(self, surface) -> None:
        for i, entry in enumerate(self.placed()):
            full = self.filled(entry)
            for slot, mark in enumerate(self.marks):
                if slot not in full:
                    rect = self.blocks.slot_rect(i, slot)
                    pygame.draw.rect(surface, self.colour, rect, max(1, scale(2)), border_radius=scale(6))
                    image = icon(mark, min(rect.width, rect.height) // 2, self.mark_colour)
                    if image:
                        surface.blit(image, image.get_rect(center=rect.center))


def find_host(rows: list[HostRow], host: str) -> tuple[HostRow, int] | None:
    """(the row placing `host`, its index there), or None while no row does."""
    for row in rows:
        placed = row.placed()
        if host in placed:
            return row, placed.index(host)
    return None


class Attachments(ZoneWidget):
    """The cards attached to the host `host` (an entry of some HostRow): each in its slot, `slot_of(entry)`, under
    the host; one for which `sideways(entry)` holds lies turned a quarter. `rows` are the rows the host may be in
    (a list the table may fill later). A card arriving or leaving flies to or from the host itself. Drawn by its
    pieces alone."""

    def __init__(self, zone_id, host: str, card_image, rows: list, slot_of: Callable,
                 sideways: Callable = lambda entry: False):
        super().__init__(zone_id, pygame.Rect(0, 0, 0, 0), card_image)
        self.host, self.rows, self.slot_of, self.sideways = host, rows, slot_of, sideways

    def filled(self) -> set:
        """The slots that hold a card."""
        return {self.slot_of(entry) for entry in self.placed()}

    def piece_rects(self, count: int) -> list[pygame.Rect]:
        found = find_host(self.rows, self.host)
        if found is None:
            return [self.rect] * count
        row, index = found
        return [row.blocks.slot_rect(index, self.slot_of(entry)) for entry in self.placed()[:count]]

    def placements(self) -> dict:
        return {e: Placement(p.rect, p.face, p.z, 90.0 if self.sideways(e) else 0.0)
                for e, p in super().placements().items()}

    def landing(self) -> pygame.Rect:
        found = find_host(self.rows, self.host)
        return found[0].blocks.card_rect(found[1]) if found else self.rect

    departure = landing

    def draw(self, surface) -> None:
        pass
