"""The base of every kit widget: a rect on screen that can say what is under the pointer, what a tooltip
over it says, which face to show large, and draw itself. A table lays out widgets (in window pixels, with
`R()` for design units), binds them to its view each frame and forwards the scene's hooks to them (see
`Widgets` in kit/widgets.py)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from .hits import Hit


class Widget:
    def __init__(self, rect: pygame.Rect):
        self.rect = pygame.Rect(rect)
        # The tooltip hook: a table's own words for a hit on this widget (a card's name and text), tried
        # before the widget's generic ones; it returns None to leave them.
        self.tip: Callable[[Hit], str | None] | None = None

    def tooltip_for(self, hit: Hit) -> str | None:
        """The tooltip over `hit`: the table's hook's words if it has any, else the widget's. The hook hears
        only of hits on this widget."""
        text = self.tip(hit) if self.tip is not None and self.rect_of(hit) is not None else None
        return text if text is not None else self.tooltip(hit)

    def hits(self, pos) -> list[Hit]:
        """What is under `pos`, the most specific first; [] when `pos` is off the widget."""
        return []

    def rect_of(self, hit: Hit) -> pygame.Rect | None:
        """Where `hit` is drawn (the keyboard highlight and drop glow use it); None if not this widget's."""
        return None

    def tooltip(self, hit: Hit) -> str | None:
        """What a tooltip over `hit` says; None for none. Tables wrap it for their own words."""
        return None

    def face_at(self, pos) -> str | None:
        """The face to show large when the pointer rests on `pos` (a card id), or None."""
        return None

    def entry_of(self, hit: Hit) -> str | None:
        """The piece `hit` picks up when the widget answers for its pieces with hits of its own kind (a token,
        a group's top card); None if not this widget's."""
        return None

    def draw(self, surface) -> None:
        """What lies under the pieces (panels, pile edges, empty places)."""

    def draw_over(self, surface) -> None:
        """What lies over the pieces (counts, badges)."""

    def look(self) -> tuple:
        """Everything its drawing reads, to tell when a kept drawing of it must be painted again (see
        areas.Layer): by default its type and attributes. A widget whose drawing reads more (fonts, the scale),
        or less (an attribute that changes every frame without showing), says so in its own."""
        return type(self), attributes(self)

    def update(self, dt: float) -> None:
        pass

    @property
    def busy(self) -> bool:
        """An animation of the widget's own still running (dice rolling)."""
        return False


def attributes(widget, leave: tuple = ()) -> tuple:
    """A widget's attributes, but those named in `leave`, as (name, value) pairs: a Rect as its numbers (a Rect
    can change in place)."""
    return tuple((k, tuple(v) if isinstance(v, pygame.Rect) else v) for k, v in vars(widget).items()
                 if k not in leave)
