"""A modal dialog: a title, a message and a row of buttons, over a dimmed screen. Esc takes the last
(cancel) button; Enter the focused one."""

from __future__ import annotations

import pygame

from . import fonts, theme
from .modal import Modal
from .theme import scale
from .widgets import Button


class Dialog(Modal):
    def __init__(self, app, title: str, message: str, buttons: list, escape_index: int | None = None):
        """`buttons`: (label, callback or None, style); any button closes the dialog before its callback."""
        super().__init__(app)
        self.heading, self.message = title, message
        self.buttons = []
        for label, callback, style in buttons:
            self.buttons.append(self.form.add(Button(label, self._closer(callback), style)))
        self.escape_index = len(buttons) - 1 if escape_index is None else escape_index
        self.form.set_focus(0)

    def title(self) -> str:
        return self.heading

    def escape(self) -> None:
        self.buttons[self.escape_index].activate()

    def _closer(self, callback):
        def run():
            self.app.pop(self)
            if callback:
                callback()
        return run

    def layout(self, width, height):
        self.box = pygame.Rect(0, 0, scale(900), scale(420))
        text_h = len(fonts.lines(self.message, self.box.width - scale(80), "body")) * fonts.get("body").get_linesize()
        self.box.height = max(scale(300), text_h + scale(260))
        self.box.center = (width // 2, height // 2)
        bw, gap = scale(240), scale(24)
        total = len(self.buttons) * bw + (len(self.buttons) - 1) * gap
        x = self.box.centerx - total // 2
        for b in self.buttons:
            b.rect = pygame.Rect(x, self.box.bottom - scale(100), bw, scale(68))
            x += bw + gap

    def draw(self, surface):
        self.draw_panel(surface)
        body = pygame.Rect(self.box.left + scale(40), self.box.top + scale(100), self.box.width - scale(80),
                           self.box.height - scale(220))
        fonts.blit_wrapped(surface, self.message, body, "body", theme.INK, align="center")
        self.form.draw(surface)
