"""The coach on a table: "What would a good player do?" (a button and the H key) asks the AI worker for the
Hard AI's move for the viewer's seat and its reason (game/ai/coach.py: from the seat's own knowledge only),
lights that move as the keyboard's choice does and says why in a callout; while a card is dragged, a drop that
would make a risky move shows a warning beside the pointer (the drop still works: warn, never forbid).

On by default in a player's first games of each game (FIRST_GAMES, counted from the play history), then as
the Settings say (prefs.coach: first_games, on or off; `settings_row` is that row). Nothing here names a game.
"""

from __future__ import annotations

import pygame

from game.ai.coach import BUDGET, Advice, coach_of, seat_state, warn
from game.ai.worker import BotWorker

from .prefs import COACH_MODES
from .table.gestures import drops
from .ui import fonts, theme
from .ui.strings import lang, pick, tr
from .ui.theme import scale
from .ui.widgets import Button, Choice

FIRST_GAMES = 3  # games of a game played with the coach on before the setting "first_games" turns it off
KEY = pygame.K_h
WIDTH = 460  # a callout's width, before scaling


def coach_on(app, game_id: str) -> bool:
    """Whether a table of `game_id` has the coach: the setting, or for "first_games" the play history."""
    mode = app.prefs.coach
    if mode == "first_games":
        return app.history.stats(game_id)["played"] < FIRST_GAMES
    return mode == "on"


def settings_row(app) -> Choice:
    """The Settings screen's row for the coach (saved at once, like the other rows)."""

    def choose(value):
        app.prefs.coach = value
        app.save_prefs()

    return Choice(lambda: tr("settings.coach"), [(m, (lambda m=m: tr(f"settings.coach_{m}"))) for m in COACH_MODES],
                  COACH_MODES.index(app.prefs.coach), choose, tooltip=lambda: tr("settings.coach_tip"))


def say(advice: Advice, names: list[str]) -> str:
    """An advice in the reader's language: {"en", "ja"} parameters picked, {"seat": n} a player's name."""
    params = {}
    for name, value in advice.params.items():
        if isinstance(value, dict):
            value = names[value["seat"]] if "seat" in value else pick(value)
        params[name] = value
    sep = "" if lang() == "ja" else " "  # Japanese sentences follow each other without a space
    return sep.join([tr(advice.text_key, **params), *(say(m, names) for m in advice.more)])


class Coach:
    def __init__(self, scene):
        self.scene = scene
        game_id = scene.match.game_id
        self.enabled = coach_of(game_id) is not None and coach_on(scene.app, game_id)
        self.button = Button(lambda: tr("table.coach"), self.ask, size="small", tooltip=lambda: tr("table.coach_tip"))
        self._serial = 0
        self.waiting = None  # the token of the question on its way
        self.tip = None  # (position, gesture or None, text) of the advice shown
        self._base = (None, None)  # (position, the viewer's determinized state) for warnings
        self._warned: dict = {}  # action -> warning text or None, for the current position
        self.warning_shown = None  # the warning beside the pointer at the last frame drawn (None: none)

    def _position(self):
        return self.scene.match.state_id, self.scene.viewer

    # -- hooks the table scene calls ----------------------------------------------------------------------

    def layout(self) -> None:
        """The button sits just left of the Menu button."""
        menu = self.scene.menu_button.rect
        width = max(menu.width, fonts.get("small").size(tr("table.coach"))[0] + scale(36))
        self.button.rect = pygame.Rect(menu.left - scale(12) - width, menu.top, width, menu.height)

    def add_to(self, form) -> None:
        if self.enabled:
            form.add(self.button)

    def handle(self, event) -> bool:
        if self.enabled and event.type == pygame.KEYDOWN and event.key == KEY and not event.mod & pygame.KMOD_CTRL:
            self.ask()
            return True
        return False

    def update(self) -> None:
        if self.waiting is not None and self.waiting[2:] != self._position():
            self.waiting = None  # asked about a position that is gone: its answer, when it comes, is dropped
        worker = self.scene.worker
        if worker is not None and self.waiting is not None:
            answer = worker.poll_advice()
            if answer is not None and answer[0] == self.waiting:
                self.waiting = None
                self._show(*answer[1:])
        if self.tip is not None and self.tip[0] != self._position():
            self.tip = None  # a move was made (or the screen changed hands): the advice was for then

    def lit(self) -> set:
        """The hit keys of the suggested move, lit as the table lights a legal drop target."""
        if self.tip is None or self.tip[1] is None:
            return set()
        g = self.tip[1]
        return {k for k in (g.click, g.drag_from, g.drop_on) if k}

    def draw(self, surface) -> None:
        if not self.enabled:
            return
        drag = self.scene.drag
        self.warning_shown = None
        if drag is not None and drag["moved"] and drag["gestures"]:
            self.warning_shown = self._drag_warning(drag)
            if self.warning_shown:
                self._callout(surface, tr("table.coach_warning"), self.warning_shown, drag["pos"], theme.DANGER)
            return
        if self.waiting is not None:
            self._callout(surface, tr("table.coach"), tr("table.coach_thinking"))
        elif self.tip is not None:
            _, gesture, text = self.tip
            title = tr("table.coach_title", move=gesture.label) if gesture is not None else tr("table.coach")
            self._callout(surface, title, text)

    # -- asking ----------------------------------------------------------------------------------------------

    def ask(self) -> None:
        """Ask the worker (never this thread: the search takes about a second) for the viewer's best move."""
        scene = self.scene
        decision = scene.my_decision()
        if not self.enabled or decision is None or not scene.gestures():  # busy, or a replay
            return
        if scene.worker is None:
            scene.worker = BotWorker()
        self._serial += 1
        state_id, viewer = self._position()
        self.waiting = ("coach", self._serial, state_id, viewer)
        match = scene.match
        scene.worker.request(match.game_id, "hard", match.rules.to_json(match.state), decision.seat,
                             seed=match.seed * 1013 + state_id, token=self.waiting, budget=BUDGET, coach=True)

    def _show(self, act, advice) -> None:
        if act is None or advice is None:  # the search failed (the worker said why in its error)
            self.tip = (self._position(), None, tr("table.coach_failed"))
            return
        gestures = self.scene.gestures()
        index = next((i for i, g in enumerate(gestures) if g.action == act), -1)
        self.scene.focus_index = index  # the keyboard's choice: Enter makes the suggested move
        self.tip = (self._position(), gestures[index] if index >= 0 else None,
                    say(Advice.from_json(advice), self._names()))

    def _names(self) -> list[str]:
        return [seat.name for seat in self.scene.match.seats]

    # -- warning -------------------------------------------------------------------------------------------

    def _drag_warning(self, drag) -> str | None:
        """The warning for the move a drop here would make (the most specific target, as the drop takes it)."""
        scene = self.scene
        for target in scene.table.hits(drag["pos"]):
            found = drops(drag["gestures"], drag["key"], target) if target != drag["key"] else []
            if found:
                return self.warning_for(found[0].action) if len(found) == 1 else None
        return None

    def warning_for(self, act) -> str | None:
        """The warning text for the viewer's `act` now, worked out once per position."""
        scene = self.scene
        position = self._position()
        if act is None or scene.viewer is None:
            return None
        if self._base[0] != position:
            self._base = (position, seat_state(scene.match.rules, scene.match.state, scene.viewer))
            self._warned = {}
        if act not in self._warned:
            advice = warn(scene.match.game_id, scene.match.rules, self._base[1], scene.viewer, act)
            self._warned[act] = say(advice, self._names()) if advice is not None else None
        return self._warned[act]

    # -- drawing -------------------------------------------------------------------------------------------

    def _place(self, surface, width: int, height: int, point=None) -> pygame.Rect:
        """Where a callout goes: beside `point` (right and below it if there is room), else over the top of the
        log panel (the move itself is lit on the table; the log is the one thing a reader of advice can spare),
        else above the prompt; always inside the window."""
        rect = pygame.Rect(0, 0, width, height)
        screen = surface.get_rect().inflate(-scale(16), -scale(16))
        log = self.scene.table.log_rect()
        if point is not None:
            gap = scale(24)
            rect.topleft = (point[0] + gap, point[1] + gap)
            if rect.right > screen.right:
                rect.right = point[0] - gap
            if rect.bottom > screen.bottom:
                rect.bottom = point[1] - gap
        elif log is not None:
            rect.topleft = log.topleft
        else:
            rect.midbottom = self.scene.table.prompt_rect().midtop
        return rect.clamp(screen)

    def _callout(self, surface, title: str, text: str, point=None, edge=theme.ACCENT) -> None:
        """A panel of words: a title and its text."""
        log = self.scene.table.log_rect()
        width = log.width if point is None and log is not None else scale(WIDTH)
        pad = scale(14)
        body = fonts.lines(text, width - 2 * pad, "small")
        head = fonts.lines(title, width - 2 * pad, "small", bold=True)
        lh = fonts.get("small").get_linesize()
        rect = self._place(surface, width, (len(head) + len(body)) * lh + 2 * pad + scale(6), point)
        pygame.draw.rect(surface, (16, 14, 12), rect, border_radius=scale(10))
        pygame.draw.rect(surface, edge, rect, max(2, scale(3)), border_radius=scale(10))
        y = rect.top + pad
        for line in head:
            fonts.blit_text(surface, line, (rect.left + pad, y), "small", theme.ACCENT_HI, True)
            y += lh
        y += scale(6)
        for line in body:
            fonts.blit_text(surface, line, (rect.left + pad, y), "small", theme.INK)
            y += lh
