"""Naming and writing a save of the current match."""

from __future__ import annotations

import pygame

from .pause import slug
from .ui.modal import Modal
from .ui.strings import tr
from .ui.theme import scale
from .ui.widgets import Button, TextField


class SaveAs(Modal):
    def __init__(self, app, table):
        super().__init__(app)
        self.table = table
        match = table.match
        default = f"{match.rules.info.names['en']} {match.rules.turn_marker(match.state)[0]}"
        self.name = default
        self.field = self.form.add(TextField(default, self._typed, max_len=32, label=lambda: tr("save.name")))
        self.ok = self.form.add(Button(lambda: tr("save.write"), self.write, "primary"))
        self.cancel = self.form.add(Button(lambda: tr("ui.cancel"), lambda: self.app.pop(self)))

    def title(self) -> str:
        return tr("save.title")

    def _typed(self, text):
        self.name = text
        self.ok.enabled = bool(text.strip())

    def enter(self):
        self.form.focus_widget(self.field)

    def layout(self, width, height):
        self.box = pygame.Rect(0, 0, scale(900), scale(380))
        self.box.center = (width // 2, height // 2)
        self.field.rect = pygame.Rect(self.box.left + scale(40), self.box.top + scale(110), self.box.width - scale(80),
                                      scale(72))
        self.ok.rect = pygame.Rect(self.box.centerx - scale(290), self.box.bottom - scale(110), scale(270), scale(68))
        self.cancel.rect = pygame.Rect(self.box.centerx + scale(20), self.box.bottom - scale(110), scale(270),
                                       scale(68))

    def write(self):
        path = self.app.saves_dir / f"{slug(self.name)}.json"
        if self.table.save_to(path, self.name.strip()):
            self.app.pop(self)
            self.table.table.flash_message(tr("save.done"))

    def handle(self, event):
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and \
                self.form.focused is self.field:
            self.write()
            return
        super().handle(event)
