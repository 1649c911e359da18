"""The one place that opens screens.

Screens never import each other: a screen says where the player wants to go (`app.nav.new_game(...)`,
`app.nav.pause(table)`) and the navigator builds that screen and puts it on the app's stack. So the
screens form no import cycles, and a journey (Rematch: the title, then a fresh table over it) is written
once. Each screen module is imported when it is first opened, which keeps the app's launch short.
"""

from __future__ import annotations


class Navigator:
    def __init__(self, app):
        self.app = app

    # -- whole journeys: the title at the bottom of the stack, then what is over it ------------------------

    def title(self) -> None:
        from .title import TitleScene

        self.app.reset(TitleScene(self.app))

    def table(self, match) -> None:
        """A table over the title (where quitting the table leads), whatever screen we came from."""
        from .table.scene import TableScene

        self.title()
        self.app.push(TableScene(self.app, match))

    def new_game(self, game_id: str | None = None, *, from_title: bool = False) -> None:
        """The new-game screen, on `game_id`; `from_title` first goes back to the title (after a game)."""
        from .newgame import NewGameScene

        if from_title:
            self.title()
        self.app.push(NewGameScene(self.app, game_id))
        from .guide_script import offer

        offer(self.app, game_id)  # the first time a game is opened: learn it by playing?

    def guide(self, game_id: str) -> None:
        """The game's guided first game, over the title (the game counts as guided from now on)."""
        from game.core import safeio

        from .guide import GuidedTable
        from .guide_script import load, mark_guided, new_match
        from .ui.strings import lang, tr

        try:
            guide = load(game_id)
            match = new_match(self.app, guide)
        except safeio.FileProblem as exc:
            self.app.notify(tr("newgame.guide_broken_title"), tr("newgame.guide_broken", problem=exc.message(lang())))
            return
        mark_guided(self.app, game_id)
        self.title()
        self.app.push(GuidedTable(self.app, match, guide))

    # -- pages and panels opened over the current screen --------------------------------------------------

    def load(self) -> None:
        from .load import LoadScene

        self.app.push(LoadScene(self.app))

    def settings(self) -> None:
        from .settings import SettingsScene

        self.app.push(SettingsScene(self.app))

    def statistics(self, game_id: str | None = None) -> None:
        from .statistics import StatisticsScene

        # A recent game opens its replay at the final table (or says it is no longer kept).
        self.app.push(StatisticsScene(self.app, game_id, on_open_recent=lambda row: self.replay_finished(
            row["game"], row["seed"], row["finished_at"])))

    def rules(self, game_id: str | None = None) -> None:
        from .rules_screen import RulesScene

        self.app.push(RulesScene(self.app, game_id))

    def credits(self) -> None:
        from .credits import CreditsScene

        self.app.push(CreditsScene(self.app))

    def pause(self, table) -> None:
        from .pause import PauseMenu

        self.app.push(PauseMenu(self.app, table))

    def save_as(self, table) -> None:
        from .saveas import SaveAs

        self.app.push(SaveAs(self.app, table))

    def players(self, table) -> None:
        from .seats import SeatsPanel

        self.app.push(SeatsPanel(self.app, table))

    def curtain(self, player: str, on_ready, table) -> None:
        from .curtain import Curtain

        self.app.push(Curtain(self.app, player, on_ready, table=table))

    def replay_match(self, match) -> None:
        """The match just finished, step by step from its final table (over the results)."""
        from .replay import open_match

        open_match(self.app, match)

    def replay_save(self, path) -> None:
        """A save, step by step from its start (over the Load screen)."""
        from .replay import open_save

        open_save(self.app, path)

    def replay_finished(self, game_id: str, seed: int, finished_at) -> None:
        """A game the play history lists, if its record is still kept (else a notice says so)."""
        from .replay import open_finished

        open_finished(self.app, game_id, seed, finished_at)

    def results(self, match) -> None:
        from .results import ResultsScene

        self.app.push(ResultsScene(self.app, match))
