"""The app: one window, one event loop, a stack of scenes, and the services scenes share (settings,
sounds, play history, the language).
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import pygame

from game.core.history import History
from game.core.paths import assets_dir, user_data_dir
from game.core.safeio import FileProblem

from . import prefs as prefs_io
from . import unfinished
from .autosaver import AutosaveWriter
from .navigator import Navigator
from .scene import Scene
from .sound import Sounds
from .ui import access, fonts
from .ui.strings import lang, set_language, tr
from .ui.theme import BG, scale

MIN_SIZE = (960, 540)


class App:
    def __init__(self, *, user_dir: Path | None = None, size: tuple | None = None, fullscreen: bool | None = None):
        pygame.init()
        self.user_dir = Path(user_dir) if user_dir else user_data_dir()
        self.prefs, notice = prefs_io.load(self.settings_path)
        set_language(self.prefs.language)
        access.apply_palette(self)
        pygame.display.set_caption("Card Parlor")
        icon = assets_dir() / "icon.png"
        if icon.exists():
            pygame.display.set_icon(pygame.image.load(str(icon)))
        self.windowed_size = tuple(size or self.prefs.window)
        self.fullscreen = self.prefs.fullscreen if fullscreen is None else fullscreen
        self.screen = self._open_window()
        self.sounds = Sounds(self.prefs)
        self.nav = Navigator(self)  # opens every screen: screens never import each other
        self.autosaves = AutosaveWriter()  # tables' autosaves, written off the UI thread
        self.history = History(self.user_dir / "history.sqlite")
        self.scenes: list[Scene] = []
        self.running = True
        self.clock = pygame.time.Clock()
        self.pending_notices: list[tuple[str, str]] = []
        self._prefs_problem: str | None = None  # the settings write problem already reported
        self._quit_dialog: Scene | None = None  # the last "Quit Card Parlor?" asked
        if notice:
            key, args = notice
            self.notify(tr("notice.settings_damaged_title"), tr(key, **_said(args)))
        self.history_notices()

    def history_notices(self) -> None:
        """Show the play history's new problems (its writer thread reports them while a frame goes on)."""
        for key, args in self.history.take_notices():
            self.notify(tr("notice.history_title"), tr(key, **_said(args)))

    # -- window ------------------------------------------------------------------------------------------

    @property
    def settings_path(self) -> Path:
        return self.user_dir / "settings.json"

    @property
    def saves_dir(self) -> Path:
        return self.user_dir / "saves"

    def _open_window(self):
        if self.fullscreen:
            screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
        scale.set_window(*screen.get_size())
        fonts.clear_cache()
        return screen

    def toggle_fullscreen(self) -> None:
        self.fullscreen = not self.fullscreen
        self.prefs.fullscreen = self.fullscreen
        self.save_prefs()
        self.screen = self._open_window()
        self.relayout()

    def _resized(self, width: int, height: int) -> None:
        width, height = max(MIN_SIZE[0], width), max(MIN_SIZE[1], height)
        if self.screen.get_size() != (width, height):
            self.screen = pygame.display.set_mode((width, height), pygame.RESIZABLE)
        self.windowed_size = (width, height)
        self.prefs.window = [width, height]
        scale.set_window(width, height)
        fonts.clear_cache()
        self.relayout()

    def relayout(self) -> None:
        for scene in self.scenes:
            self._lay_out(scene)

    def _lay_out(self, scene: Scene) -> None:
        """Lays `scene` out at the player's UI scale, or as large as fits the window (see ui/access.py)."""
        access.fit(scene, *self.screen.get_size(), self.prefs.ui_scale)

    def save_prefs(self) -> None:
        """Write the settings; a failure is reported once (not at every click on a read-only disk)."""
        problem = prefs_io.save(self.prefs, self.settings_path)
        if problem is not None and problem.key != self._prefs_problem:
            self.notify(tr("notice.write_failed_title"),
                        tr("notice.settings_write_failed", detail=problem.message(lang())))
        self._prefs_problem = problem.key if problem is not None else None

    def set_language(self, setting: str) -> None:
        self.prefs.language = setting
        set_language(setting)
        self.save_prefs()
        fonts.clear_cache()
        self.relayout()

    # -- the scene stack ---------------------------------------------------------------------------------

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> Scene:
        self.scenes.append(scene)
        self._lay_out(scene)
        with scale.ui(access.factor_of(scene)):
            scene.enter()
        return scene

    def pop(self, scene: Scene | None = None) -> None:
        scene = scene or self.top
        if scene in self.scenes:
            self.scenes.remove(scene)
            scene.close()
        if self.top:
            with scale.ui(access.factor_of(self.top)):
                self.top.enter()

    def replace(self, scene: Scene) -> Scene:
        """Swap the top scene for another."""
        if self.scenes:
            old = self.scenes.pop()
            old.close()
        return self.push(scene)

    def reset(self, scene: Scene) -> Scene:
        """Empty the stack (closing every scene) and start again from `scene`."""
        while self.scenes:
            self.scenes.pop().close()
        return self.push(scene)

    def notify(self, title: str, message: str) -> None:
        """A message the player must see; shown as a dialog as soon as there is a scene to show it over."""
        self.pending_notices.append((title, message))

    # -- the loop ----------------------------------------------------------------------------------------

    def frame(self, dt: float) -> None:
        for event in pygame.event.get():
            self.dispatch(event)
        self.history_notices()
        if self.pending_notices and self.scenes:
            from .ui.dialog import Dialog

            title, message = self.pending_notices.pop(0)
            self.push(Dialog(self, title, message, [(tr("ui.ok"), None, "primary")]))
        if self.top:
            with scale.ui(access.factor_of(self.top)):
                self.top.update(dt)
        self.draw()

    def dispatch(self, event) -> None:
        if event.type == pygame.QUIT:
            self._window_closed()
            return
        if event.type == pygame.VIDEORESIZE and not self.fullscreen:
            self._resized(event.w, event.h)
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
            return
        if self.top:
            # Each screen handles input, updates and draws at its own UI scale (a table at none).
            with scale.ui(access.factor_of(self.top)):
                self.top.handle(event)

    def draw(self) -> None:
        # Draw from the last opaque scene upward so overlays show what is beneath them.
        start = len(self.scenes) - 1
        while start > 0 and self.scenes[start].overlay:
            start -= 1
        if not self.scenes or not self.scenes[max(0, start)].covers:
            self.screen.fill(BG)  # (clearing a large window costs as much as drawing a table's backdrop)
        for scene in self.scenes[max(0, start):]:
            with scale.ui(access.factor_of(scene)):
                scene.draw(self.screen)
        pygame.display.flip()

    def quit(self) -> None:
        self.running = False

    # -- quitting, asked first ---------------------------------------------------------------------------

    def game_in_progress(self):
        """The table of a game still being played, if one is open (under a menu or a curtain too), else None.
        (Known by its `in_progress`: the app opens no screen itself, see Navigator.)"""
        return next((s for s in reversed(self.scenes) if getattr(s, "in_progress", False)), None)

    def ask_quit(self) -> None:
        """Ask before closing the app, saying what becomes of the game being played, if any; Enter (Quit)
        closes, Esc (Cancel) stays."""
        from .ui.dialog import Dialog

        table = self.game_in_progress()
        if table is None:
            note = tr("title.quit_note")
        elif table.autosave and not getattr(table, "autosave_warned", False):
            note = tr("title.quit_saved")
        else:
            note = tr("title.quit_unsaved")  # its autosave failed (a notice said so): nothing to promise
        self._quit_dialog = self.push(Dialog(self, tr("title.quit_ask"), note,
                                             [(tr("title.quit"), lambda: self._quit_keeping(table), "danger"),
                                              (tr("ui.cancel"), None, "normal")]))

    def _quit_keeping(self, table) -> None:
        if table is not None and table.autosave:
            # Kept after every move already; kept once more so that a game nobody has moved in yet is there too.
            unfinished.keep(table)
        self.quit()

    def _window_closed(self) -> None:
        """The window's close button: at once when no game is being played; otherwise asked first, and closed
        at the second press (the dialog is up already: the player insists)."""
        if self.game_in_progress() is None or self.top is self._quit_dialog:
            self.quit()
            return
        self.ask_quit()

    def run(self) -> None:
        last = time.perf_counter()
        while self.running:
            now = time.perf_counter()
            dt, last = min(0.1, now - last), now
            self.frame(dt)
            self.clock.tick(60)
        self.shutdown()

    def shutdown(self) -> None:
        while self.scenes:
            self.scenes.pop().close()
        self.autosaves.flush()  # the last move is on disk before the app goes
        self.save_prefs()
        self.history.close()
        pygame.quit()


def _said(args: dict) -> dict:
    """Text arguments in the player's language: a FileProblem is said in it, anything else as text."""
    return {k: v.message(lang()) if isinstance(v, FileProblem) else str(v) for k, v in args.items()}


def headless() -> bool:
    return os.environ.get("SDL_VIDEODRIVER") == "dummy"
