"""The base of every modal panel (dialogs, the pause menu, save-as, results): the screen beneath is
dimmed, a framed box holds a title and a form, Esc calls `escape()`."""

from __future__ import annotations

import pygame

from ..scene import Scene
from . import fonts, theme
from .theme import scale
from .widgets import Form


class Modal(Scene):
    overlay = True
    shade_alpha = 150
    title_size = "large"

    def __init__(self, app):
        super().__init__(app)
        self.form = Form()
        self.box = pygame.Rect(0, 0, 0, 0)

    def title(self) -> str:
        return ""

    def escape(self) -> None:
        self.app.pop(self)

    def handle(self, event):
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.escape()
            return
        self.form.handle(event)

    def update(self, dt):
        self.form.update(dt)

    def draw_panel(self, surface) -> None:
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, self.shade_alpha))
        surface.blit(shade, (0, 0))
        pygame.draw.rect(surface, theme.PANEL, self.box, border_radius=scale(16))
        pygame.draw.rect(surface, theme.ACCENT, self.box, max(2, scale(3)), border_radius=scale(16))
        fonts.blit_text(surface, self.title(), (self.box.centerx, self.box.top + scale(28)), self.title_size,
                        theme.ACCENT_HI, True, anchor="midtop")

    def draw(self, surface):
        self.draw_panel(surface)
        self.form.draw(surface)
