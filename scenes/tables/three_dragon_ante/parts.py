"""This table's own widgets, beside the kit's: a row of cards laid from the left (a flight, in play order) or
centred (the ante, the reveal zone), coins flying between hoards, the stakes and the hole."""

from __future__ import annotations

import pygame

from ...table.kit import Hand, ZoneWidget
from ...table.kit.motion import never
from ...table.kit.tokens import GOLD
from ...ui import fonts, theme
from ...ui.theme import scale

COIN_SECONDS = 0.55  # one coin's flight
COIN_STAGGER = 0.06
MAX_COINS = 6  # coins drawn per payment: the number floats on arrival


class Row(ZoneWidget):
    """Cards of one size side by side with a gap while they fit, overlapping evenly when they do not (none
    hidden); from the left (`centred` False: a flight in play order) or centred. `show_empty` draws the dashed
    place while the zone is empty."""

    def __init__(self, zone_id, rect, card_image, card_size: tuple, label="", centred=False, show_empty=True):
        super().__init__(zone_id, rect, card_image, label)
        self.card_size, self.centred, self.show_empty = card_size, centred, show_empty

    def piece_rects(self, count: int) -> list[pygame.Rect]:
        w, h = self.card_size
        gap = scale(8)
        step = min(w + gap, (self.rect.width - w) / (count - 1)) if count > 1 else 0
        span = w + step * (count - 1) if count else 0
        left = self.rect.centerx - span / 2 if self.centred else self.rect.left
        top = self.rect.centery - h // 2
        return [pygame.Rect(round(left + i * step), top, w, h) for i in range(count)]

    def visible_rects(self, count: int) -> list[pygame.Rect]:
        rects = self.piece_rects(count)
        return [r if i + 1 == len(rects) or rects[i + 1].left >= r.right
                else pygame.Rect(r.left, r.top, rects[i + 1].left - r.left, r.height) for i, r in enumerate(rects)]

    def empty_rect(self) -> pygame.Rect:
        w, h = self.card_size
        return pygame.Rect(self.rect.centerx - w // 2 if self.centred else self.rect.left, self.rect.centery - h // 2,
                           w, h)

    def draw(self, surface) -> None:
        if not (self.count or self.show_empty):
            return
        if self.centred and self.label:  # a centred row's name sits over its middle
            label, self.label = self.label, ""
            super().draw(surface)
            self.label = label
            fonts.blit_text(surface, label, (self.rect.centerx, self.rect.top - scale(4)), "small", theme.INK_DIM,
                            anchor="midbottom")
        else:
            super().draw(surface)


class FitHand(Hand):
    """Your hand: cards side by side, made narrower (down to `least` of their size) before they overlap, so
    that a full hand of ten still shows every card's name whole; only past that are they fanned."""

    least = 0.6

    def __init__(self, zone_id, rect, card_image, card_size: tuple):
        super().__init__(zone_id, rect, card_image, card_size=card_size)
        self.full_size = card_size

    def piece_rects(self, count: int) -> list[pygame.Rect]:
        w, h = self.full_size
        gap = scale(10)
        fit = (self.rect.width - gap * (count - 1)) / count if count else w
        width = max(w * self.least, min(w, fit))
        self.card_size = (round(width), round(h * width / w))
        return super().piece_rects(count)


class CoinFlights:
    """Gold coins flying from one place to another (a payment), a few discs each, with the amount floating
    up where they land. They comment on what happened: play does not wait for them. Held `still` (reduced
    motion), each coin lies where it lands for as long as it would have flown."""

    def __init__(self, still=never):
        self.items: list[list] = []  # [src point, dst point, delay left, amount, coins]
        self.landed: list[tuple] = []  # (point, amount) arrived since the table last asked
        self.still = still

    def add(self, src, dst, amount: int, delay: float) -> None:
        self.items.append([src, dst, delay, amount, min(MAX_COINS, max(1, amount))])

    def clear(self) -> None:
        self.items.clear()
        self.landed.clear()

    def update(self, dt: float) -> None:
        for item in self.items:
            item[2] -= dt
        done = [i for i in self.items if i[2] <= -COIN_SECONDS - COIN_STAGGER * (i[4] - 1)]
        self.landed += [(i[1], i[3]) for i in done]
        self.items = [i for i in self.items if i not in done]

    def take_landed(self) -> list[tuple]:
        out, self.landed = self.landed, []
        return out

    def points(self) -> list[tuple]:
        """Where each coin on its way is now: along an arc from its payer, or where it lands when held still."""
        out = []
        for src, dst, delay, _, coins in self.items:
            for k in range(coins):
                t = (-delay - k * COIN_STAGGER) / COIN_SECONDS
                if not 0 <= t <= 1:
                    continue
                if self.still():
                    t = 1.0
                ease = t * t * (3 - 2 * t)
                out.append((src[0] + (dst[0] - src[0]) * ease,
                            src[1] + (dst[1] - src[1]) * ease - scale(60) * 4 * t * (1 - t)))
        return out

    def draw(self, surface) -> None:
        r = max(5, scale(13))
        for x, y in self.points():
            pygame.draw.circle(surface, (120, 86, 20), (round(x), round(y) + max(1, r // 4)), r)
            pygame.draw.circle(surface, GOLD, (round(x), round(y)), r)
            pygame.draw.circle(surface, (90, 64, 16), (round(x), round(y)), r, 1)


def badge(surface, text: str, rect: pygame.Rect, colour, ink=theme.INK) -> pygame.Rect:
    """A gambit effect as a labelled plate, its text cut to the plate; returns the plate."""
    pygame.draw.rect(surface, (22, 16, 14), rect, border_radius=rect.height // 2)
    pygame.draw.rect(surface, colour, rect, max(1, scale(2)), border_radius=rect.height // 2)
    line = (fonts.lines(text, rect.width - scale(16), "small", True, max_lines=1) or [""])[0]
    fonts.blit_text(surface, line, rect.center, "small", ink, True, anchor="center")
    return rect
