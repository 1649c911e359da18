"""A panel that asks a question whose answers are buttons: a title (the prompt) and one button per
legal-action gesture, laid out in rows that fit the panel. The scene makes the buttons from the
(rect, gesture) pairs `button_gestures` returns, as it does for every table's buttons, so every button is a
legal action by construction."""

from __future__ import annotations

import pygame

from ...ui import fonts, theme
from ...ui.theme import scale
from . import paint
from .widget import Widget


class ChoicePanel(Widget):
    BUTTON_H = 64  # design units
    MIN_W = 180

    def __init__(self, rect, title: str = ""):
        super().__init__(rect)
        self.title = title
        self.shown = False  # drawn only while it offers buttons
        self.used = self.rect.copy()  # the part the title and buttons take: what is drawn

    def _title_lines(self) -> list[str]:
        return fonts.lines(self.title, self.rect.width - scale(48), "large", True, max_lines=2) if self.title else []

    def button_gestures(self, gestures, which=lambda g: True) -> list[tuple]:
        """(rect, gesture) for every gesture `which` accepts, centred row by row under the title."""
        chosen = [g for g in gestures if which(g)]
        self.shown = bool(chosen)
        gap, pad = scale(16), scale(48)
        h = scale(self.BUTTON_H)
        room = self.rect.width - 2 * pad
        widths = [min(room, max(scale(self.MIN_W), fonts.get("body", True).size(g.label)[0] + scale(56)
                                + self.extra_width(g))) for g in chosen]
        rows: list[list[int]] = []
        for i, w in enumerate(widths):
            if rows and sum(widths[j] for j in rows[-1]) + gap * len(rows[-1]) + w <= room:
                rows[-1].append(i)
            else:
                rows.append([i])
        lh = fonts.get("large", True).get_linesize()
        y = self.rect.top + scale(24) + lh * len(self._title_lines()) + scale(16)
        out = []
        for row in rows:
            span = sum(widths[i] for i in row) + gap * (len(row) - 1)
            x = self.rect.centerx - span // 2
            for i in row:
                out.append((pygame.Rect(x, y, widths[i], h), chosen[i]))
                x += widths[i] + gap
            y += h + gap
        self.used = pygame.Rect(self.rect.left, self.rect.top, self.rect.width,
                                min(self.rect.height, y - gap + scale(24) - self.rect.top))
        return out

    def extra_width(self, gesture) -> int:
        """Pixels a button needs besides its words (a mark the table draws on it, see draw_button_marks)."""
        return 0

    def draw(self, surface) -> None:
        if not self.shown:
            return
        paint.panel(surface, self.used, 200, theme.ACCENT, 3, radius=16)
        lh = fonts.get("large", True).get_linesize()
        y = self.rect.top + scale(24)
        for line in self._title_lines():
            fonts.blit_text(surface, line, (self.rect.centerx, y), "large", theme.ACCENT_HI, True, anchor="midtop")
            y += lh
