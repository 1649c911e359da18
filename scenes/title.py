"""The title screen: Continue (the latest autosave), New game, Load, Settings, Rules, Credits, Quit."""

from __future__ import annotations

import pygame

from game import __version__
from game.core import saves

from .scene import Scene
from .ui import fonts, theme
from .ui.strings import tr
from .ui.theme import scale
from .ui.widgets import Button, Form


class TitleScene(Scene):
    def __init__(self, app):
        super().__init__(app)
        self.form = Form()
        self.continue_button = self.form.add(Button(lambda: tr("title.continue"), self.resume, "primary",
                                                    tooltip=lambda: tr("title.continue_tip")))
        self.buttons = [
            self.continue_button,
            self.form.add(Button(lambda: tr("title.new_game"), self.new_game, "primary")),
            self.form.add(Button(lambda: tr("title.load"), self.load)),
            self.form.add(Button(lambda: tr("title.settings"), self.settings)),
            self.form.add(Button(lambda: tr("title.rules"), self.rules)),
            self.form.add(Button(lambda: tr("title.credits"), self.credits)),
            self.form.add(Button(lambda: tr("title.quit"), self.app.quit)),
        ]

    def enter(self):
        self.continue_button.enabled = self.autosave_path.exists()
        self.form.set_focus(0 if self.continue_button.enabled else 1)

    @property
    def autosave_path(self):
        return self.app.saves_dir / "autosave.json"

    def layout(self, width, height):
        bw, bh, gap = scale(440), scale(72), scale(18)
        top = height // 2 - scale(60)
        for i, b in enumerate(self.buttons):
            b.rect = pygame.Rect(width // 2 - bw // 2, top + i * (bh + gap), bw, bh)
            if 2 <= i < len(self.buttons) - 1:  # the quieter entries in two columns keep the column short
                col, row = (i - 2) % 2, (i - 2) // 2
                b.rect = pygame.Rect(width // 2 - bw // 2 + col * (bw // 2 + gap // 2), top + (2 + row) * (bh + gap),
                                     bw // 2 - gap // 2, bh)
        quit_button = self.buttons[-1]
        quit_button.rect.top = self.buttons[-2].rect.bottom + gap

    def resume(self):
        from .table.scene import TableScene

        try:
            match, _ = saves.load(self.autosave_path)
        except saves.SaveError as exc:
            self.app.notify(tr("load.broken_title"), str(exc))
            return
        self.app.push(TableScene(self.app, match))

    def new_game(self):
        from .newgame import NewGameScene

        self.app.push(NewGameScene(self.app))

    def load(self):
        from .load import LoadScene

        self.app.push(LoadScene(self.app))

    def settings(self):
        from .settings import SettingsScene

        self.app.push(SettingsScene(self.app))

    def rules(self):
        from .rules_screen import RulesScene

        self.app.push(RulesScene(self.app))

    def credits(self):
        from .credits import CreditsScene

        self.app.push(CreditsScene(self.app))

    def handle(self, event):
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.quit()
            return
        self.form.handle(event)

    def update(self, dt):
        self.form.update(dt)

    def draw(self, surface):
        w, h = surface.get_size()
        draw_backdrop(surface)
        fonts.blit_text(surface, "Card Parlor", (w // 2, h // 2 - scale(330)), "display", theme.ACCENT_HI, True,
                        anchor="midtop")
        fonts.blit_text(surface, tr("title.tagline"), (w // 2, h // 2 - scale(220)), "large", theme.INK,
                        anchor="midtop")
        self.form.draw(surface)
        self.form.draw_tooltip(surface)
        fonts.blit_text(surface, tr("title.version", version=__version__), (w - scale(20), h - scale(16)), "small",
                        theme.INK_DIM, anchor="bottomright")


def draw_backdrop(surface) -> None:
    """The parlour wall behind every menu: a warm vertical gradient with a wainscot line."""
    w, h = surface.get_size()
    steps = 32
    for i in range(steps):
        t = i / (steps - 1)
        colour = (int(46 - 20 * t), int(32 - 14 * t), int(30 - 12 * t))
        pygame.draw.rect(surface, colour, (0, i * h // steps, w, h // steps + 1))
    pygame.draw.line(surface, (92, 66, 44), (0, int(h * 0.86)), (w, int(h * 0.86)), max(2, scale(4)))


class MenuScene(Scene):
    """A full-screen menu page with a title, a Back button and Esc to leave."""

    title_key = ""

    def __init__(self, app):
        super().__init__(app)
        self.form = Form()
        self.back = self.form.add(Button(lambda: tr("ui.back"), self.leave))

    def leave(self):
        self.app.pop(self)

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
