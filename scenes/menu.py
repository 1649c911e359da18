"""A full-screen menu page (New game, Load, Settings, Rules, Credits): the parlour wall behind it, a title,
a Back button, and Esc to leave. The title screen paints the same wall."""

from __future__ import annotations

import pygame

from .scene import Scene
from .ui import fonts, theme
from .ui.strings import tr
from .ui.theme import scale
from .ui.widgets import Button, Form

WAINSCOT = 0.86  # the wainscot line across the wall, as a fraction of the height: the footer is below it


def draw_backdrop(surface) -> None:
    """The parlour wall behind every menu: a warm vertical gradient with a wainscot line."""
    w, h = surface.get_size()
    steps = 32
    for i in range(steps):
        t = i / (steps - 1)
        colour = (int(46 - 20 * t), int(32 - 14 * t), int(30 - 12 * t))
        pygame.draw.rect(surface, colour, (0, i * h // steps, w, h // steps + 1))
    pygame.draw.line(surface, (92, 66, 44), (0, int(h * WAINSCOT)), (w, int(h * WAINSCOT)), max(2, scale(4)))


class MenuScene(Scene):
    """A full-screen menu page with a title, a Back button and Esc to leave."""

    title_key = ""

    def __init__(self, app):
        super().__init__(app)
        self.form = Form()
        self.back = self.form.add(Button(lambda: tr("ui.back"), self.leave))

    def leave(self):
        self.app.pop(self)

    @staticmethod
    def content_bottom(height: int) -> int:
        """Where a page's content ends: above the wainscot line, which belongs to the footer (Back)."""
        return int(height * WAINSCOT) - scale(16)

    def layout(self, width, height):
        self.back.rect = pygame.Rect(scale(40), height - scale(110), scale(240), scale(70))

    def handle(self, event):
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.leave()
            return
        self.form.handle(event)

    def update(self, dt):
        self.form.update(dt)

    def draw(self, surface):
        draw_backdrop(surface)
        fonts.blit_text(surface, tr(self.title_key), (surface.get_width() // 2, scale(30)), "title", theme.ACCENT_HI,
                        True, anchor="midtop")

    def draw_form(self, surface):
        self.form.draw(surface)
        self.form.draw_tooltip(surface)
