"""Naming a save: the name dialog (Save as, and Rename on the Load screen) and asking before a name
replaces another save.

A name is at most saves.NAME_LIMIT characters, and the field shows how many are used; Enter does exactly
what the button does (nothing while the name is empty); a name whose file already holds a save asks first.
"""

from __future__ import annotations

import pygame

from game.core import saves

from .ui import fonts, theme
from .ui.dialog import Dialog
from .ui.modal import Modal
from .ui.strings import tr
from .ui.theme import scale
from .ui.widgets import Button, TextField


class NameDialog(Modal):
    """A name field with a confirm button; `on_name(name)` gets the stripped name."""

    def __init__(self, app, title_key: str, button_key: str, default: str, on_name):
        super().__init__(app)
        self.title_key, self.on_name = title_key, on_name
        self.name = default[:saves.NAME_LIMIT]
        self.field = self.form.add(TextField(self.name, self._typed, max_len=saves.NAME_LIMIT,
                                             label=lambda: tr("save.name")))
        self.ok = self.form.add(Button(lambda: tr(button_key), self.confirm, "primary"))
        self.cancel = self.form.add(Button(lambda: tr("ui.cancel"), lambda: self.app.pop(self)))
        self._typed(self.name)

    def title(self) -> str:
        return tr(self.title_key)

    def _typed(self, text):
        self.name = text
        self.ok.enabled = bool(text.strip())

    def enter(self):
        self.form.focus_widget(self.field)

    def layout(self, width, height):
        self.box = pygame.Rect(0, 0, scale(900), scale(420))
        self.box.center = (width // 2, height // 2)
        self.field.rect = pygame.Rect(self.box.left + scale(40), self.box.top + scale(110), self.box.width - scale(80),
                                      scale(72))
        self.ok.rect = pygame.Rect(self.box.centerx - scale(290), self.box.bottom - scale(110), scale(270), scale(68))
        self.cancel.rect = pygame.Rect(self.box.centerx + scale(20), self.box.bottom - scale(110), scale(270),
                                       scale(68))

    def confirm(self):
        if self.ok.enabled:
            self.on_name(self.name.strip())

    def handle(self, event):
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and \
                self.form.focused is self.field:
            self.confirm()
            return
        super().handle(event)

    def limit_note(self) -> tuple[str, bool]:
        """What is shown under the field: the characters used, or that no more fit (and whether it is full)."""
        count = len(self.field.text)
        full = count >= saves.NAME_LIMIT
        return tr("save.full" if full else "save.limit", count=count, limit=saves.NAME_LIMIT), full

    def draw(self, surface):
        super().draw(surface)
        note, full = self.limit_note()
        fonts.blit_text(surface, note, (self.field.rect.right, self.field.rect.bottom + scale(10)), "small",
                        theme.ACCENT_HI if full else theme.INK_DIM, anchor="topright")


def write_or_ask(app, target, write) -> None:
    """Run `write()` at once if `target` is free; if a file is there already, ask before replacing it."""
    if not saves.exists(target):
        write()
        return
    try:
        name = saves.read_document(target).get("label") or target.stem
    except saves.SaveError:
        name = target.stem
    app.push(Dialog(app, tr("save.exists_title"), tr("save.exists", file=target.name, name=name),
                    [(tr("save.replace"), write, "danger"), (tr("ui.cancel"), None, "normal")]))
