"""A replay: the game's own table, read-only, moved step by step through a match's log (game/core/replay.py).

The table is the one the game is played on (a TableScene) with nothing offered: no gesture applies an
action, no bot is asked, nothing is autosaved and the end of the game is not recorded again. A control bar
over the prompt line moves it: back, forward, play/pause, the first and last step, a turn to jump to, a
timeline to click, and whose eyes it is seen through: one seat's (only what that seat saw then), or, once the
game is over, every card face up (the spectator's table with every hidden card laid out in a panel beside).

Keys: Left/Right a step, Home/End the start and the end, Space play/pause, Escape leaves. Opened from the
Load screen (any save), from the results screen (the game just finished, at its last step) and from a
finished game's record (`open_record`, for the play history's list), always through the navigator
(app.nav.replay_match, replay_save, replay_finished).
"""

from __future__ import annotations

import pygame

from game.core import replay as engine
from game.core import safeio, saves
from game.core.events import ALL

from . import unfinished
from .table.scene import NOTHING, TableScene
from .ui import fonts, theme
from .ui.strings import lang, tr
from .ui.theme import scale
from .ui.widgets import Button, Choice, Widget

PLAY_PACE = 0.9  # seconds a step stays on screen while playing, at normal animation speed
CONTROL_H = 56  # design units: the height of the control bar's widgets
NAMED_ZONES = ("draw", "discard", "deck")  # zone ids the face-up panel names as such rather than by kind


# -- opening ---------------------------------------------------------------------------------------------------


def open_match(app, match, at_end: bool = True):
    """The replay of a match in memory (the results screen's game): its final table first."""
    scene = app.push(ReplayScene(app, engine.Replay.of(match)))
    if at_end:
        scene.go(scene.replay.length)
    return scene


def open_save(app, path):
    """A save from the Load screen, from its start; a save that does not read back is explained and may be
    set aside, as when it is loaded to play."""
    unfinished.settle(app)
    try:
        found, _ = engine.load(path)
    except saves.SaveError as exc:
        unfinished.offer_set_aside(app, exc)
        return None
    return app.push(ReplayScene(app, found))


def open_record(app, path):
    """A finished game's record, at its final table. Records are the app's own files: a damaged one is set
    aside at once (renamed, never deleted) and the player told why it cannot be shown."""
    try:
        found, _ = engine.load(path)
    except saves.SaveError as exc:
        aside = safeio.set_aside(path)
        kept = tr("replay.set_aside", file=aside.name) if aside is not None else ""
        app.notify(tr("replay.damaged_title"), f"{exc.message(lang())} {kept}".strip())
        return None
    scene = app.push(ReplayScene(app, found))
    scene.go(found.length)
    return scene


def open_finished(app, game_id: str, seed: int, finished_at):
    """The replay of a game the play history lists (game, seed and the time it finished), if it was kept."""
    path = engine.find_replay(engine.folder_of(app.user_dir), game_id, seed, finished_at)
    if path is None:
        app.notify(tr("replay.damaged_title"), tr("replay.missing"))
        return None
    return open_record(app, path)


# -- the timeline ---------------------------------------------------------------------------------------------


class Timeline(Widget):
    """Every step of the match on one bar, with a mark at each turn's start: a click or a drag goes there."""

    focusable = False

    def __init__(self, scene):
        super().__init__()
        self.scene = scene
        self.dragging = False

    def _step_at(self, x: int) -> int:
        track = self.rect.inflate(-scale(24), 0)
        share = (x - track.left) / max(1, track.width)
        return round(min(1.0, max(0.0, share)) * self.scene.replay.length)

    def handle(self, event) -> bool:
        pressed = event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos)
        moved = event.type == pygame.MOUSEMOTION and self.dragging
        released = event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.dragging
        if not (pressed or moved or released):
            return False
        self.dragging = not released
        self.scene.go(self._step_at(event.pos[0]))
        return True

    def draw(self, surface):
        self._frame(surface, theme.PANEL_HI if self.hovered else theme.PANEL)
        track = self.rect.inflate(-scale(24), 0)
        bar = pygame.Rect(track.left, self.rect.bottom - scale(16), track.width, scale(6))
        pygame.draw.rect(surface, theme.EDGE, bar, border_radius=bar.height // 2)
        length = max(1, self.scene.replay.length)
        for _, step in self.scene.replay.turn_starts():
            x = bar.left + bar.width * step // length
            pygame.draw.line(surface, theme.INK_DIM, (x, bar.top - scale(4)), (x, bar.bottom), 1)
        done = bar.copy()
        done.width = bar.width * self.scene.replay.step // length
        pygame.draw.rect(surface, theme.ACCENT, done, border_radius=bar.height // 2)
        pygame.draw.circle(surface, theme.INK, (done.right, bar.centery), scale(10))
        fonts.blit_text(surface, self.scene.counter_text(), (self.rect.centerx, self.rect.top + scale(6)), "small",
                        theme.INK, anchor="midtop")


# -- the scene ------------------------------------------------------------------------------------------------


class ReplayScene(TableScene):
    """The table of `replay.match`, moved only by the control bar; `seat` is whose eyes it opens with (the
    first human's by default)."""

    def __init__(self, app, replay: engine.Replay, seat: int | None = None):
        self.replay = replay
        humans = [i for i, s in enumerate(replay.seats) if s.is_human]
        self.seen_by = seat if seat is not None else humans[0] if humans else 0  # a seat or ALL
        super().__init__(app, replay.match, autosave=False)
        self.recorded = self.finished = True  # a replay never records the game nor opens the results
        self._viewer = self._table_viewer()
        self.cleared_for = self._viewer
        self.playing = False
        self.play_time = 0.0
        self.leave_button = Button(lambda: tr("replay.leave"), self.leave, size="small")
        self.menu_button = self.leave_button  # the table's Menu corner: in a replay, the way out
        self.buttons = {
            "start": Button(lambda: tr("replay.start"), lambda: self.go(0), size="small"),
            "back": Button(lambda: tr("replay.back"), lambda: self.go(self.replay.step - 1), size="small"),
            "play": Button(lambda: tr("replay.pause" if self.playing else "replay.play"), self.toggle_play,
                           "primary", size="small"),
            "forward": Button(lambda: tr("replay.forward"), lambda: self.go(self.replay.step + 1), size="small"),
            "end": Button(lambda: tr("replay.end"), lambda: self.go(self.replay.length), size="small"),
        }
        self.turn_choice = Choice(lambda: tr("replay.turn_label"), self._turn_options(), 0, self.go,
                                  size="small")
        self.seat_choice = Choice(lambda: tr("replay.seen_by"), self._seat_options(), self._seat_index(),
                                  self.see_as, size="small")
        self.timeline = Timeline(self)
        self.curtained = None  # the seat whose hand-over curtain was last shown (see _hand_over)
        self._refresh_buttons()

    # -- the table in read-only mode -----------------------------------------------------------------------

    def _offer(self):
        return NOTHING  # nothing is ever played from a replay

    def _table_viewer(self):
        """The seat the table is drawn for: the chosen seat; the spectator's table when all is face up, or
        while the chosen player has not yet joined (a game that lets players join between turns)."""
        return None if self.seen_by == ALL or self.seen_by >= self.match.seated() else self.seen_by

    def view_of(self, seat):
        """A seat's view, the spectator's, or ALL: every piece named (a finished game's face-up panel)."""
        if seat != ALL:
            return super().view_of(seat)
        super().view_of(None)  # brings the views kept for this state up to date
        if ALL not in self._views:
            self._views[ALL] = engine.everything(self.match.rules, self.match.state)
        return self._views[ALL]

    def _rebuild_log(self):
        self.log = []
        for events in self.match.history:
            self.log.extend(self.table.describe(events, self.seen_by))

    def _refresh_buttons(self) -> None:
        """The control bar in place of the action buttons (a replay has none), enabled as the step allows."""
        self.form.widgets = [self.leave_button, *self.buttons.values(), self.timeline, self.turn_choice,
                             self.seat_choice]
        self.action_buttons = []
        self._buttons_for = NOTHING
        step, length = self.replay.step, self.replay.length
        self.buttons["start"].enabled = self.buttons["back"].enabled = step > 0
        self.buttons["forward"].enabled = self.buttons["end"].enabled = self.buttons["play"].enabled = step < length
        self.turn_choice.set_value(self._turn_start())

    def layout(self, width, height):
        super().layout(width, height)
        self.leave_button.rect = self.table.menu_rect()
        bar = self.table.prompt_rect()
        h, gap = min(scale(CONTROL_H), bar.height), scale(10)
        x, y = bar.left, bar.centery - h // 2
        for button in self.buttons.values():
            button.rect = pygame.Rect(x, y, scale(130), h)
            x += scale(130) + gap
        seat_w, turn_w = scale(420), scale(280)
        self.seat_choice.rect = pygame.Rect(bar.right - seat_w, y, seat_w, h)
        self.turn_choice.rect = pygame.Rect(self.seat_choice.rect.left - gap - turn_w, y, turn_w, h)
        self.timeline.rect = pygame.Rect(x, y, self.turn_choice.rect.left - gap - x, h)

    def update(self, dt):
        """Only the animations and the playing clock run: no bot, no hand-over, no end of game."""
        self.board.update(dt)
        self.table.update(dt)
        self.form.update(dt)
        self.hover_time += dt
        if not self.playing or self.busy():
            return
        self.play_time += dt
        if self.play_time >= PLAY_PACE * max(self.speed, 0.3):
            self.play_time = 0.0
            self.go(self.replay.step + 1)
            if self.replay.step >= self.replay.length:
                self.playing = False

    # -- moving ---------------------------------------------------------------------------------------------

    def go(self, step: int) -> None:
        """Show `step`: one step forward is animated as it was played; anything else is laid out at once."""
        step = max(0, min(self.replay.length, step))
        if step == self.replay.step:
            return
        self.board.finish()  # a step still moving ends where it was going
        self.table.finish()
        before = self.view()
        forward = step == self.replay.step + 1
        self.replay.seek(step)
        self._viewer = self.cleared_for = self._table_viewer()  # the chosen player may have joined or not yet
        after = self.view()
        if forward:
            events = self.replay.last_events()
            plan, exits = self.table.plan(events, before, after)
            self.settle(self.table.placements(after), plan, exits)  # as in play: still with reduced motion
            self.table.on_events(events, before, after)
        else:
            self.board.settle(self.table.placements(after), animate=False)
        if self._laid_out != self._layout_key():  # a player joined or left between the two steps
            self.layout(*self._size)
        self._rebuild_log()
        self._refresh_buttons()

    def toggle_play(self) -> None:
        if self.replay.step >= self.replay.length:
            self.go(0)  # at the end, Play starts over
        self.playing = not self.playing
        self.play_time = 0.0

    def see_as(self, seat) -> None:
        """Seen through another seat's eyes (or all face up): the table and the log are told again for it."""
        self.seen_by = seat
        self.seat_choice.set_value(seat)  # when chosen by other means than the selector itself
        self.viewer = self.cleared_for = self._table_viewer()
        self.board.finish()
        self.board.settle(self.table.placements(self.view()), animate=False)
        self._rebuild_log()
        self._hand_over()

    def enter(self):
        super().enter()
        self._hand_over()

    def _hand_over(self) -> None:
        """An unfinished hot-seat game is still being played: one player's hand is theirs alone, so it is shown
        behind the hand-over curtain, as at the table (a finished game, or one with a single human, needs
        none). The curtain comes once each time the eyes change."""
        seat = self.seen_by
        humans = sum(1 for s in self.replay.seats if s.is_human)
        private = seat != ALL and self.replay.seats[seat].is_human and humans > 1
        if private and not self.replay.face_up_allowed() and self.curtained != seat and self.app.top is self:
            self.curtained = seat
            self.app.nav.curtain(self.replay.seats[seat].name, lambda: None, None)

    def leave(self) -> None:
        self.app.pop(self)

    open_menu = leave  # a replay's Menu corner and Esc lead out of it

    # -- the controls' contents -----------------------------------------------------------------------------

    def _turn_options(self) -> list:
        return [(step, tr("replay.turn", turn=turn)) for turn, step in self.replay.turn_starts()]

    def _turn_start(self) -> int:
        """The first step of the turn shown now."""
        return max(step for _, step in self.replay.turn_starts() if step <= self.replay.step)

    def _seat_options(self) -> list:
        seats = [(i, seat.name) for i, seat in enumerate(self.replay.seats)]
        return seats + ([(ALL, tr("replay.all_face_up"))] if self.replay.face_up_allowed() else [])

    def _seat_index(self) -> int:
        return next(i for i, (value, _) in enumerate(self._seat_options()) if value == self.seen_by)

    def counter_text(self) -> str:
        return tr("replay.counter", step=self.replay.step, steps=self.replay.length, turn=self.replay.turn_at())

    # -- input ------------------------------------------------------------------------------------------------

    KEYS = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1}

    def handle(self, event):
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.escape()
                return
            if event.key in self.KEYS:
                self.playing = False
                self.go(self.replay.step + self.KEYS[event.key])
                return
            if event.key in (pygame.K_HOME, pygame.K_END):
                self.playing = False
                self.go(0 if event.key == pygame.K_HOME else self.replay.length)
                return
            if event.key == pygame.K_SPACE:
                self.toggle_play()
                return
        if event.type == pygame.KEYDOWN:
            self.form.handle(event)  # the control bar's focus; no key plays or takes back a move here
        else:
            super().handle(event)  # the pointer as at any table: hover, a card shown large (no move is offered)

    # -- drawing ------------------------------------------------------------------------------------------------

    def _draw_prompt(self, surface, gestures):
        """The control bar takes the prompt's place; what happened at this step is the log's last lines."""
        rect = self.table.prompt_rect()
        pygame.draw.rect(surface, (16, 14, 12), rect.inflate(scale(8), scale(8)), border_radius=scale(10))

    def draw(self, surface):
        super().draw(surface)
        if self.seen_by == ALL:
            self._draw_hidden(surface)

    def _draw_hidden(self, surface) -> None:
        """All face up: every piece the spectator's table shows face down, laid out zone by zone in a panel
        above the control bar (beside the log), the cards as small as it takes for all of them to fit."""
        hidden = hidden_zones(self.view_of(None), self.view_of(ALL))
        if not hidden:
            return
        bar, log = self.table.prompt_rect(), self.table.log_rect()
        right = log.left - scale(10) if log is not None and log.left > bar.centerx else bar.right
        room = pygame.Rect(bar.left, scale(90), right - bar.left, bar.top - scale(16) - scale(90))
        blocks = [(self._zone_label(zone), zone["cards"]) for zone in hidden]
        for card_h in range(scale(130), scale(36), -scale(6)):
            places, height = _flow(blocks, room.width - scale(28), card_h)
            if height + scale(20) <= room.height:
                break
        panel = pygame.Rect(room.left, room.bottom - height - scale(20), room.width, height + scale(20))
        shade = pygame.Surface(panel.size, pygame.SRCALPHA)
        shade.fill((8, 8, 8, 220))
        surface.blit(shade, panel)
        lh, card_w = fonts.get("small").get_linesize(), card_h * 5 // 7
        for (label, cards), (x, y, step) in zip(blocks, places, strict=True):
            x, y = x + panel.left + scale(14), y + panel.top + scale(10)
            fonts.blit_text(surface, label, (x, y), "small", theme.ACCENT_HI)
            for i, card in enumerate(cards):
                surface.blit(self.table.card_image(card, card_w, card_h), (x + i * step, y + lh))

    def _zone_label(self, zone: dict) -> str:
        """A draw or discard pile by that name (most games have one), any other zone by its kind."""
        name = zone["id"].split("/")[0]
        kind = tr(f"replay.zone_{name}") if name in NAMED_ZONES else tr(f"replay.kind_{zone['kind']}")
        owner = zone["owner"]
        return tr("replay.zone", owner=self.replay.seats[owner].name, zone=kind) if owner is not None else kind


def _flow(blocks: list, width: int, card_h: int) -> tuple[list, int]:
    """Where each (label, cards) block goes, (x, y, the step from card to card), left to right and wrapping at
    `width`, with cards `card_h` high; and the height it takes. A block too long for the width overlaps its
    cards."""
    lh, gap = fonts.get("small").get_linesize(), scale(6)
    card_w = card_h * 5 // 7
    places, x, y = [], 0, 0
    for label, cards in blocks:
        step = min(card_w + gap, (width - scale(24) - card_w) // max(1, len(cards) - 1))
        w = max(fonts.measure("small")(label), card_w + step * (len(cards) - 1)) + scale(24)
        if x and x + w > width:
            x, y = 0, y + lh + card_h + gap * 2
        places.append((x, y, step))
        x += w
    return places, y + lh + card_h


def hidden_zones(spectator: dict, everything: dict) -> list:
    """The zones of `everything` that name pieces the spectator's view does not: what face up adds."""
    shown = {z["id"]: z for z in spectator["zones"]}
    out = []
    for zone in everything["zones"]:
        before = shown.get(zone["id"])
        named = [c for c in zone["cards"] if "#" not in c]
        known = {c for c in before["cards"] if "#" not in c} if before else set()
        if named and (before is None or set(named) - known or before["face"] == "down"):
            out.append(dict(zone, cards=named))
    return out
