"""Colours, the type scale and the layout scale.

Everything is laid out for a 1920×1080 window and scaled by `scale` (the smaller of the two ratios), so a
1280×720 window gets exactly 2/3 of every size. The type scale below is in those 1080p units: at 720p it
becomes 14, 16, 20, 26, 34, 44 px, the sizes STYLE.md asks for, and nothing is ever smaller than 14 px.

The player's UI scale (a setting) multiplies that factor for the menus and dialogs: the app applies it while a
screen lays itself out, draws and handles input (see scenes/ui/access.py), lowered for a screen that would
otherwise leave the window. A table keeps the window's own factor: its layout fills the window exactly.
"""

from __future__ import annotations

from contextlib import contextmanager

DESIGN_W, DESIGN_H = 1920, 1080
MIN_TEXT_PX = 14

TYPE = {"small": 21, "body": 24, "large": 30, "title": 39, "huge": 51, "display": 66}

# The app's own chrome: a quiet, warm game room.
INK = (242, 234, 218)  # text on dark
INK_DIM = (190, 178, 158)
INK_DARK = (40, 32, 24)  # text on parchment
BG = (28, 24, 22)
PANEL = (46, 40, 36)
PANEL_HI = (62, 54, 48)
EDGE = (96, 82, 66)
ACCENT = (201, 160, 82)  # brass
ACCENT_HI = (230, 192, 112)
FOCUS = (120, 190, 255)  # keyboard focus ring: a colour that shows on every palette
FOCUS_HALO = (8, 8, 12)  # the dark line either side of the focus ring: it shows on light paper too
DANGER = (178, 48, 40)
GOOD = (92, 170, 110)
DISABLED = (110, 100, 90)
SHADOW = (0, 0, 0, 110)


class Scale:
    """The current layout scale; the app updates it when the window is resized."""

    def __init__(self):
        self.window = 1.0  # the window's own factor
        self.factor = 1.0  # the factor sizes are multiplied by now: the window's times the current UI scale
        self.text_factor = 1.0  # text's own extra factor: a table's log read at the UI scale, its layout not

    def set_window(self, width: int, height: int) -> None:
        self.window = self.factor = min(width / DESIGN_W, height / DESIGN_H)

    @contextmanager
    def ui(self, multiplier: float):
        """Sizes multiplied by `multiplier` (a screen's UI scale) inside the block, restored after it: a screen
        pushed while another handles a click is laid out at its own scale, and the other goes on at its own."""
        saved, self.factor = self.factor, self.window * multiplier
        try:
            yield
        finally:
            self.factor = saved

    @contextmanager
    def text(self, multiplier: float):
        """Text (only) `multiplier` times larger inside the block: the parts of a table that are read, whose
        boxes the table's layout fixes and which fit as many lines as the box holds (the log)."""
        saved, self.text_factor = self.text_factor, multiplier
        try:
            yield
        finally:
            self.text_factor = saved

    def __call__(self, value: float) -> int:
        return int(round(value * self.factor))

    def text_px(self, token_or_px) -> int:
        logical = TYPE.get(token_or_px, token_or_px) if isinstance(token_or_px, str) else token_or_px
        return max(MIN_TEXT_PX, int(round(logical * self.factor * self.text_factor)))


scale = Scale()
