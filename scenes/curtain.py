"""The hot-seat hand-over curtain: an opaque screen naming the next player, so that the previous one never
sees what the next may see. Click, Enter or Space lifts it; Esc opens the game's menu over it (saving,
loading or leaving need no one's hand shown), and the curtain is still there when the menu closes."""

from __future__ import annotations

import pygame

from .scene import Scene
from .ui import fonts, theme
from .ui.strings import tr
from .ui.theme import scale


class Curtain(Scene):
    overlay = False  # opaque: nothing beneath is drawn

    def __init__(self, app, player: str, on_ready, table=None):
        super().__init__(app)
        self.player, self.on_ready = player, on_ready
        self.table = table  # the table scene beneath, whose menu Esc opens

    def _lift(self):
        self.app.pop(self)
        self.on_ready()

    def handle(self, event):
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.table is not None:
            self.app.nav.pause(self.table)
            return
        clicked = event.type == pygame.MOUSEBUTTONUP and event.button == 1
        pressed = event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
        if clicked or pressed:
            self._lift()

    def draw(self, surface):
        w, h = surface.get_size()
        surface.fill((24, 14, 12))
        for i in range(0, w, max(4, scale(28))):
            shade = (34, 20, 16) if (i // max(4, scale(28))) % 2 else (28, 16, 13)
            pygame.draw.rect(surface, shade, (i, 0, max(4, scale(28)), h))
        fonts.blit_text(surface, tr("curtain.pass_to", player=self.player), (w // 2, h // 2 - scale(50)), "huge",
                        theme.ACCENT_HI, True, anchor="center")
        fonts.blit_text(surface, tr("curtain.ready", player=self.player), (w // 2, h // 2 + scale(40)), "large",
                        theme.INK, anchor="center")
        if self.table is not None:
            fonts.blit_text(surface, tr("curtain.menu"), (w // 2, h - scale(60)), "body", theme.INK_DIM,
                            anchor="center")
