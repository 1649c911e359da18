"""The in-game menu (Esc): resume, save, load, settings, rules, undo, back to the title."""

from __future__ import annotations

import pygame

from .guide_script import has_guide
from .table.base import FloatingWords
from .ui import theme
from .ui.modal import Modal
from .ui.strings import tr
from .ui.theme import scale
from .ui.widgets import Button


class PauseMenu(Modal):
    shade_alpha = 160
    title_size = "title"

    def __init__(self, app, table):
        super().__init__(app)
        self.table = table
        self.buttons = [
            self.form.add(Button(lambda: tr("pause.resume"), self.resume, "primary")),
            self.form.add(Button(lambda: tr("pause.save"), self.open_save)),
            self.form.add(Button(lambda: tr("pause.undo"), self.undo)),
            self.form.add(Button(lambda: tr("title.load"), self.load)),
            self.form.add(Button(lambda: tr("title.settings"), self.settings)),
            self.form.add(Button(lambda: tr("title.rules"), self.rules)),
            self.form.add(Button(lambda: tr("pause.quit"), self.quit_to_title, "danger")),
        ]
        self.seats_button = None
        joining = table.match.rules.info.option_with_role("joining")
        if joining is not None and table.match.options.get(joining.id):
            self.seats_button = Button(lambda: tr("pause.seats"), self.seats)
            self.buttons.insert(-1, self.form.add(self.seats_button))
        if has_guide(table.match.game_id):
            self.buttons.insert(-1, self.form.add(Button(lambda: tr("pause.guide"), self.guide)))
        self.form.set_focus(0)
        self.words = FloatingWords()  # toasts ("Saved.") shown on top, where the player is looking

    def toast(self, text: str) -> None:
        self.words.add(text, self.box.midtop, theme.INK, 1.8, size="large", rise=0)

    def update(self, dt):
        super().update(dt)
        self.words.update(dt)

    def draw(self, surface):
        super().draw(surface)
        self.words.draw(surface, [self.box])  # beside the menu, never over its buttons

    def title(self) -> str:
        return tr("pause.title")

    def layout(self, width, height):
        self.box = pygame.Rect(0, 0, scale(560), scale(150 + 86 * len(self.buttons)))
        self.box.center = (width // 2, height // 2)
        for i, b in enumerate(self.buttons):
            b.rect = pygame.Rect(self.box.left + scale(60), self.box.top + scale(110) + i * scale(86),
                                 self.box.width - scale(120), scale(68))
        undo_ok = self.table.viewer is not None and self.table.match.undo_point(self.table.viewer) is not None
        self.buttons[2].enabled = undo_ok
        from .seating import seat_actions

        if self.seats_button is not None:
            self.seats_button.enabled = any(seat_actions(self.table.match))  # between turns, where allowed

    def resume(self):
        self.app.pop(self)

    escape = resume

    def undo(self):
        self.app.pop(self)
        self.table.undo()

    def open_save(self):
        self.app.nav.save_as(self.table)

    def load(self):
        self.app.nav.load()

    def settings(self):
        self.app.nav.settings()

    def rules(self):
        self.app.nav.rules(self.table.match.game_id)

    def guide(self):
        self.app.nav.guide(self.table.match.game_id)

    def seats(self):
        self.app.nav.players(self.table)

    def quit_to_title(self):
        self.app.nav.title()


