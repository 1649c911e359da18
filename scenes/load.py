"""Load a saved game: every save with its game, players, date and turn; rename or delete one. A damaged
save is listed with what is wrong with it and left exactly as it is (it may be set aside or deleted)."""

from __future__ import annotations

from typing import NamedTuple

import pygame

from game.core import saves
from game.games import rules as rules_for

from . import unfinished
from .menu import MenuScene
from .naming import NameDialog, write_or_ask
from .ui.dialog import Dialog
from .ui.strings import lang, tr
from .ui.theme import scale
from .ui.widgets import Button, ListView


class SaveRow(NamedTuple):
    path: object
    title: str
    detail: str
    ok: bool
    doc: dict | None  # the checked document, or None for a damaged file
    error: saves.SaveError | None = None


def save_row(path) -> SaveRow:
    try:
        doc = saves.read_document(path)
    except saves.SaveError as exc:
        return SaveRow(path, tr("load.damaged", name=path.name), exc.message(lang()), False, None, exc)
    info = rules_for(doc["game"]).info
    players = ", ".join(s["name"] for s in doc["seats"])
    label = tr("load.autosave") if saves.is_autosave(path) else doc.get("label") or path.stem
    state = tr("load.finished") if doc.get("over") else tr("load.turn", turn=doc.get("turn", "?"))
    detail = f"{info.names[lang()]} · {players} · {unfinished.when(doc)} · {state}"
    return SaveRow(path, label, detail, True, doc)


def save_rows(folder) -> list[SaveRow]:
    """One row for each save, the most recent first; a damaged one says why."""
    return [save_row(path) for path in saves.save_files(folder)]


class LoadScene(MenuScene):
    title_key = "load.title"

    def __init__(self, app):
        super().__init__(app)
        unfinished.settle(app)  # opened over a table: its last move is on disk before the list is read
        saves.clean_temp_files(app.saves_dir)  # left behind if the app was killed in mid-write
        self.entries: list[SaveRow] = []
        self.list = self.form.add(ListView([], on_select=self._selected, on_activate=self.open, empty="load.none"))
        self.open_button = self.form.add(Button(lambda: tr("load.open"), lambda: self.open(self.list.selected),
                                                "primary"))
        self.rename_button = self.form.add(Button(lambda: tr("load.rename"), self.rename))
        self.delete_button = self.form.add(Button(lambda: tr("load.delete"), self.delete, "danger"))
        self.replay_button = self.form.add(Button(lambda: tr("load.replay"), self.replay))
        self.refresh()
        self.form.set_focus(1 if self.entries else 0)

    def refresh(self) -> None:
        """Read the folder again (after a delete, a rename or a set-aside, or when coming back)."""
        self.entries = save_rows(self.app.saves_dir)
        self.list.set_rows([(r.title, r.detail) for r in self.entries])
        self._selected(self.list.selected)

    def enter(self):
        self.refresh()

    def _selected(self, index: int) -> None:
        row = self.selected_row()
        self.open_button.enabled = self.delete_button.enabled = row is not None
        self.rename_button.enabled = self.replay_button.enabled = row is not None and row.ok

    def selected_row(self) -> SaveRow | None:
        index = self.list.selected
        return self.entries[index] if 0 <= index < len(self.entries) else None

    def layout(self, width, height):
        super().layout(width, height)
        self.list.rect = pygame.Rect(width // 2 - scale(800), scale(120), scale(1600), height - scale(270))
        self.open_button.rect = pygame.Rect(width - scale(420), height - scale(110), scale(380), scale(76))
        self.rename_button.rect = pygame.Rect(width - scale(740), height - scale(110), scale(300), scale(76))
        self.delete_button.rect = pygame.Rect(width - scale(1060), height - scale(110), scale(300), scale(76))
        self.replay_button.rect = pygame.Rect(width - scale(1380), height - scale(110), scale(300), scale(76))

    # -- the actions ---------------------------------------------------------------------------------------

    def open(self, index: int):
        if not 0 <= index < len(self.entries):
            return
        row = self.entries[index]
        if not row.ok:
            unfinished.offer_set_aside(self.app, row.error)
            return
        if saves.is_autosave(row.path):
            unfinished.resume(self.app, row.path)
            return
        # Playing on from a save of a game that has an unfinished one would replace that one: ask first.
        unfinished.ask_first(self.app, row.doc["game"], lambda: unfinished.resume(self.app, row.path),
                             "load.unfinished_load", "load.discard_load")

    def replay(self):
        """Step through the selected save from its start, read-only (the save is not changed)."""
        row = self.selected_row()
        if row is not None and row.ok:
            self.app.nav.replay_save(row.path)

    def delete(self):
        row = self.selected_row()
        if row is None:
            return

        def delete():
            try:
                saves.delete(row.path)
            except saves.SaveError as exc:
                self.app.notify(tr("load.failed_title"), exc.message(lang()))
            self.refresh()

        self.app.push(Dialog(self.app, tr("load.delete_title"), tr("load.delete_ask", name=row.title,
                                                                    file=row.path.name),
                             [(tr("load.delete"), delete, "danger"), (tr("ui.cancel"), None, "normal")]))

    def rename(self):
        row = self.selected_row()
        if row is None or not row.ok:
            return
        self.app.push(NameDialog(self.app, "load.rename_title", "load.rename", row.title,
                                 lambda name: self._renamed(row, name)))

    def _renamed(self, row: SaveRow, name: str) -> None:
        target = self.app.saves_dir / saves.file_name(name)
        dialog = self.app.top

        def rename():
            try:
                saves.relabel(row.path, name, target)
            except saves.SaveError as exc:
                self.app.notify(tr("load.failed_title"), exc.message(lang()))
                return
            self.app.pop(dialog)  # back on this screen, which reads the folder again

        if saves.same_file(target, row.path):
            rename()
        else:
            write_or_ask(self.app, target, rename)

    def draw(self, surface):
        super().draw(surface)
        self.draw_form(surface)
