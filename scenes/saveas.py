"""Save as: the current match written under a name the player gives (see naming.py for the dialog)."""

from __future__ import annotations

from game.core import saves

from .naming import NameDialog, write_or_ask
from .ui.strings import lang, tr


class SaveAs(NameDialog):
    def __init__(self, app, table):
        match = table.match
        default = tr("save.default", game=match.rules.info.names[lang()], turn=match.rules.turn_marker(match.state)[0])
        super().__init__(app, "save.title", "save.write", default, self.write)
        self.table = table

    def write(self, name: str):
        target = self.app.saves_dir / saves.file_name(name)

        def write():
            try:
                saves.write(self.table.match, target, name)
            except saves.SaveError as exc:
                self.app.notify(tr("notice.write_failed_title"), exc.message(lang()))
                return
            self.app.pop(self)
            self.table.toast(tr("save.done"))

        write_or_ask(self.app, target, write)
