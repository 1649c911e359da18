"""The base of every screen. The app keeps a stack of scenes; only the top one gets input, and an
`overlay` scene (a dialog, a curtain, a menu) is drawn over the scenes beneath it."""

from __future__ import annotations


class Scene:
    overlay = False
    covers = False  # its draw paints every pixel of the window (opaquely): the app need not clear it first
    ui_scaled = True  # laid out, drawn and handled at the player's UI scale (see ui/access.py)

    def __init__(self, app):
        self.app = app

    def layout(self, width: int, height: int) -> None:
        """Place everything for this window size (called on entry and on every resize)."""

    def enter(self) -> None:
        """The scene became the top of the stack (again)."""

    def handle(self, event) -> None:
        pass

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface) -> None:
        pass

    def close(self) -> None:
        """The scene leaves the stack for good: release what it holds (an AI worker, ...)."""
