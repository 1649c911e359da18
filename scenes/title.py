"""The title screen: Continue (the most recent unfinished game), New game, Load, Settings, Statistics, Rules,
Credits, Quit."""

from __future__ import annotations

import pygame

from game import __version__
from game.core import saves

from .library import SORTS, Library, games_coming, people_choices, playable_infos
from .menu import draw_backdrop
from .scene import Scene
from .ui import fonts, theme
from .ui.strings import tr
from .ui.theme import scale
from .ui.widgets import Button, Choice, Form


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
            self.form.add(Button(lambda: tr("stats.title"), self.statistics)),
            self.form.add(Button(lambda: tr("title.rules"), self.rules)),
            self.form.add(Button(lambda: tr("title.credits"), self.credits)),
            self.form.add(Button(lambda: tr("title.quit"), self.app.ask_quit)),
        ]
        prefs = app.prefs
        self.sort = Choice(lambda: tr("library.sort"), [(k, (lambda k=k: tr(f"library.sort_{k}"))) for k in SORTS],
                           SORTS.index(prefs.library_sort), self._sorted)
        people = people_choices(playable_infos())
        if prefs.library_people not in people:  # a count no playable game seats (any more): show them all
            prefs.library_people = 0
        self.people = Choice(lambda: tr("library.people"), [(n, (lambda n=n: tr("library.any") if n == 0 else str(n)))
                                                              for n in people], people.index(prefs.library_people),
                             self._filtered)
        self.library = Library(app, self.new_game, self._refilter, self.resume)
        self._rebuild_form()

    def _rebuild_form(self) -> None:
        self.form.widgets = [*self.buttons, self.sort, self.people, *self.library.widgets()]

    def _sorted(self, value) -> None:
        self.app.prefs.library_sort = value
        self._refilter()

    def _filtered(self, value) -> None:
        self.app.prefs.library_people = value
        self._refilter()

    def _refilter(self) -> None:
        self.app.save_prefs()
        self.library.refresh()
        self._rebuild_form()
        self.layout(*self.app.screen.get_size())

    def enter(self):
        self.app.autosaves.flush()  # a table's last move is on disk before the slots are looked at
        saves.clean_temp_files(self.app.saves_dir)  # left behind if the app was killed in mid-write
        self.continue_button.enabled = self.autosave_path is not None
        self.library.refresh()  # a game may just have been played, or the language changed
        self._rebuild_form()
        self.layout(*self.app.screen.get_size())
        self.form.set_focus(0 if self.continue_button.enabled else 1)

    @property
    def autosave_path(self):
        """The most recent unfinished game (each game keeps its own), or None."""
        return next(iter(saves.unfinished(self.app.saves_dir)), None)

    def layout(self, width, height):
        left = scale(70)
        bw, bh, gap = scale(440), scale(70), scale(16)
        top = scale(330)
        # The quieter entries go in two columns, which keeps the column short; Quit takes the cell left
        # free by an odd number of them, else a row of its own.
        quiet = len(self.buttons) - 3
        for i, b in enumerate(self.buttons):
            b.rect = pygame.Rect(left, top + i * (bh + gap), bw, bh)
            if i >= 2 and (i < len(self.buttons) - 1 or quiet % 2):
                col, row = (i - 2) % 2, (i - 2) // 2
                b.rect = pygame.Rect(left + col * (bw // 2 + gap // 2), top + (2 + row) * (bh + gap),
                                     bw // 2 - gap // 2, bh)
        if not quiet % 2:
            self.buttons[-1].rect.top = self.buttons[-2].rect.bottom + gap
        lib_left = left + bw + scale(80)
        lib_width = width - lib_left - scale(50)
        self.sort.rect = pygame.Rect(lib_left, scale(120), lib_width // 2 - scale(10), scale(64))
        self.people.rect = pygame.Rect(lib_left + lib_width // 2 + scale(10), scale(120), lib_width // 2 - scale(10),
                                       scale(64))
        self.library_area = pygame.Rect(lib_left, scale(210), lib_width, height - scale(250))
        self.library.layout(self.library_area)

    def resume(self, game_id: str | None = None):
        """Continue the most recent unfinished game, or that of `game_id` (its library tile)."""
        from .unfinished import resume, slot

        path = slot(self.app, game_id) if isinstance(game_id, str) else self.autosave_path
        if path is not None:
            resume(self.app, path)

    def new_game(self, game_id: str | None = None):
        self.app.nav.new_game(game_id if isinstance(game_id, str) else self.library.opening_game())

    def load(self):
        self.app.nav.load()

    def settings(self):
        self.app.nav.settings()

    def statistics(self):
        self.app.nav.statistics()

    def rules(self):
        self.app.nav.rules()

    def credits(self):
        self.app.nav.credits()

    def handle(self, event):
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            # Esc is pressed on the way back from other screens too: the app asks before it closes.
            self.app.ask_quit()
            return
        if event.type == pygame.MOUSEWHEEL and self.library_area.collidepoint(pygame.mouse.get_pos()):
            self.library.scroll(-event.y)
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_TAB, pygame.K_UP, pygame.K_DOWN):
            back = event.key == pygame.K_UP or event.key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT
            self.library.before_focus_moves(self.form.focused, -1 if back else 1, self.buttons[0])
        self.form.handle(event)

    def update(self, dt):
        self.form.update(dt)

    def draw(self, surface):
        w, h = surface.get_size()
        draw_backdrop(surface)
        left = self.buttons[0].rect.left
        fonts.blit_text(surface, "Card Parlor", (left, scale(90)), "display", theme.ACCENT_HI, True)
        for i, line in enumerate(fonts.lines(tr("title.tagline"), self.buttons[0].rect.width, "large", max_lines=2)):
            fonts.blit_text(surface, line, (left, scale(190) + i * fonts.get("large").get_linesize()), "large",
                            theme.INK)
        heading = fonts.blit_text(surface, tr("library.title"), (self.library_area.left, scale(40)), "title",
                                  theme.ACCENT_HI, True)
        playable, coming = len(playable_infos()), games_coming()
        count = tr("library.count", playable=playable, coming=coming) if coming else \
            tr("library.count_ready", playable=playable)
        fonts.blit_text(surface, count, (heading.right + scale(24), heading.bottom - scale(8)), "body", theme.INK_DIM,
                        anchor="bottomleft")
        self.library.draw_headings(surface)
        if not self.library.tiles:
            fonts.blit_text(surface, tr("library.none"), self.library_area.center, "large", theme.INK_DIM,
                            anchor="center")
        self.form.draw(surface)
        self.form.draw_tooltip(surface)
        fonts.blit_text(surface, tr("title.version", version=__version__), (w - scale(20), h - scale(16)), "small",
                        theme.INK_DIM, anchor="bottomright")
