"""Load a saved game: every save with its game, players, date and turn. A broken save is reported and
left exactly as it is."""

from __future__ import annotations

from datetime import datetime

import pygame

from game.core import saves
from game.games import rules as rules_for

from .title import MenuScene
from .ui import fonts, theme
from .ui.strings import lang, tr
from .ui.theme import scale
from .ui.widgets import Button, ListView


def save_rows(folder) -> list[tuple]:
    """(path, title, detail, ok) for each save, newest first; unreadable ones say why."""
    rows = []
    for path in folder.glob("*.json") if folder.exists() else []:
        try:
            doc = saves.read_document(path)
        except saves.SaveError as exc:
            rows.append((path, path.stem, str(exc), False, path.stat().st_mtime))
            continue
        info = rules_for(doc["game"]).info
        players = ", ".join(s.get("name", "?") for s in doc["seats"])
        when = doc.get("saved_at", "")
        try:
            stamp = datetime.fromisoformat(when).astimezone()
            when = stamp.strftime("%Y-%m-%d %H:%M")
        except ValueError:
            pass
        label = tr("load.autosave") if path.stem == "autosave" else doc.get("label") or path.stem
        state = tr("load.finished") if doc.get("over") else tr("load.turn", turn=doc.get("turn", "?"))
        detail = f"{info.names[lang()]} · {players} · {when} · {state}"
        rows.append((path, label, detail, True, path.stat().st_mtime))
    rows.sort(key=lambda r: r[4], reverse=True)
    return rows


class LoadScene(MenuScene):
    title_key = "load.title"

    def __init__(self, app):
        super().__init__(app)
        self.entries = save_rows(app.saves_dir)
        self.list = self.form.add(ListView([(r[1], r[2]) for r in self.entries], on_activate=self.open))
        self.open_button = self.form.add(Button(lambda: tr("load.open"), lambda: self.open(self.list.selected),
                                                "primary"))
        self.open_button.enabled = bool(self.entries)
        self.form.set_focus(1 if self.entries else 0)

    def layout(self, width, height):
        super().layout(width, height)
        self.list.rect = pygame.Rect(width // 2 - scale(800), scale(120), scale(1600), height - scale(270))
        self.open_button.rect = pygame.Rect(width - scale(420), height - scale(110), scale(380), scale(76))

    def open(self, index: int):
        if not 0 <= index < len(self.entries):
            return
        path = self.entries[index][0]
        try:
            match, _ = saves.load(path)
        except saves.SaveError as exc:
            self.app.notify(tr("load.broken_title"), str(exc))
            return
        from .table.scene import TableScene
        from .title import TitleScene

        self.app.reset(TitleScene(self.app))
        self.app.push(TableScene(self.app, match))

    def draw(self, surface):
        super().draw(surface)
        self.draw_form(surface)
        if not self.entries:
            fonts.blit_text(surface, tr("load.none"), self.list.rect.center, "large", theme.INK_DIM, anchor="center")
