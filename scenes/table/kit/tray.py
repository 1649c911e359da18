"""Cards set out on a panel before they are played together: a player drags cards from the hand onto the panel
(they are staged, nothing is played yet), takes them back with a click or a drag, and a Confirm plays exactly the
staged cards. The staging is no zone of the game, so the tray keeps it, for one decision only: a new decision
(or another player at the screen) starts from none.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import pygame

from ..gestures import Gesture
from .hits import Hit
from .zones import Grid, ZoneWidget


class Tray(ZoneWidget):
    """The staged cards, a row at the bottom right of its rect (the panel; see `lay`). While `shown()` the panel
    itself answers as `hit` (dropping a card there stages it). The staging belongs to `decision()` (any value
    naming the decision, such as (state id, viewer)) and is forgotten when that changes; `moved()` runs after each
    change (to let the cards fly). Made once per table, so that a new layout keeps what is staged; the table
    draws the cards over its panel, so the tray draws nothing."""

    def __init__(self, card_image, hit: Hit, shown: Callable[[], bool], decision: Callable, moved: Callable,
                 zone_id: str = "staged"):
        super().__init__(zone_id, pygame.Rect(0, 0, 0, 0), card_image)
        self.hit, self.shown, self.decision, self.moved = hit, shown, decision, moved
        self.size, self.gap, self.margin = (0, 0), 0, (0, 0)
        self._cards: list[str] = []
        self._for = None

    def lay(self, rect: pygame.Rect, size: tuple, gap: int, margin: tuple) -> Tray:
        """On the panel `rect`, the cards `size` (w, h) pixels, `gap` apart, `margin` (x, y) in from its bottom
        right corner."""
        self.rect, self.size, self.gap, self.margin = pygame.Rect(rect), size, gap, margin
        return self

    def staged(self) -> list[str]:
        """The cards staged for the decision now, in the order they were staged."""
        decision = self.decision()
        if self._for != decision:
            self._cards, self._for = [], decision
        return self._cards

    def stage(self, card: str, on: bool = True) -> None:
        """Stages `card` (or, `on` False, takes it back)."""
        cards = self.staged()
        if on and card not in cards:
            cards.append(card)
        elif not on and card in cards:
            cards.remove(card)
        self.moved()

    def clear(self) -> None:
        self.staged().clear()
        self.moved()

    def entries(self) -> list[str]:
        return list(self.staged())

    def piece_rects(self, count: int) -> list[pygame.Rect]:
        w, h = self.size
        left = self.rect.right - self.margin[0] - count * (w + self.gap)
        top = self.rect.bottom - h - self.margin[1]
        return [pygame.Rect(left + i * (w + self.gap), top, w, h) for i in range(count)]

    def hits(self, pos) -> list[Hit]:
        entry = self.piece_at(pos)
        return [Hit.of_piece(self.zone_id, entry)] if entry is not None else []

    def over(self, hits: list[Hit], pos) -> list[Hit]:
        """`hits` (the table's, most specific first) with the panel's own hit under the staged cards and over the
        rest, while it is shown and `pos` is on it."""
        if not (self.shown() and self.rect.collidepoint(pos)):
            return hits
        mine = sum(1 for h in hits if h.zone == self.zone_id)
        return hits[:mine] + [self.hit] + hits[mine:]

    def gestures(self, hand: list[str], hand_key: Callable, back, stage_label: Callable,
                 unstage_label: Callable) -> list[Gesture]:
        """The steps that are not yet moves: each card of `hand` (those that may be staged) dragged from its
        `hand_key(card)` onto the panel stages it; a staged card clicked, or dragged onto `back` (the hand's
        key), goes back. The labels name a card."""
        staged = self.staged()
        out = [Gesture(None, str(hand_key(card)), str(self.hit), None, stage_label(card), use=partial(self.stage, card))
               for card in hand if card not in staged]
        for card in staged:
            key, label = str(Hit.of_piece(self.zone_id, card)), unstage_label(card)
            use = partial(self.stage, card, False)
            out += [Gesture(None, None, None, key, label, use=use), Gesture(None, key, str(back), None, label, use=use)]
        return out

    def draw(self, surface) -> None:
        pass


class TrayHand(Grid):
    """A hand laid out as a `Grid` whose cards may leave it for `tray` while they are staged there: those are left
    out and the rest close up. Only the cards the viewer can name are in it (a hand shown as a count places no
    pieces), and while it holds none (a screen behind the hot-seat curtain) it draws nothing, not even the outline
    of an empty place."""

    def __init__(self, *args, tray: Tray, **kwargs):
        super().__init__(*args, **kwargs)
        self.tray = tray

    def entries(self) -> list[str]:
        staged = self.tray.staged()
        return [c for c in self.zone["cards"] if c not in staged]

    def draw(self, surface) -> None:
        if self.count:
            super().draw(surface)
