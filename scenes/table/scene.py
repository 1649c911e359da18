"""The generic table scene: it draws only what the viewing seat may see, turns gestures into legal
actions, asks AI seats through the worker, animates every event, autosaves after every action, and hands
the screen over between hot-seat players when (and only when) hidden information would change.

What a game looks like lives in scenes/tables/<game_id>.py; this module knows no rule of any game.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pygame

from game.ai.worker import BotWorker
from game.core.actions import deciding
from game.core.match import Match

from .. import unfinished
from ..coach import Coach
from ..scene import Scene
from ..ui import fonts, theme
from ..ui.strings import tr
from ..ui.theme import scale
from ..ui.widgets import Button, Form, draw_tooltip, focus_ring
from .board import Board
from .cardart import veil
from .gestures import clicks, drags_from, drops
from .kit.motion import still

SPEED = {"slow": 1.6, "normal": 1.0, "fast": 0.5, "off": 0.0}
# Seconds an AI move waits once the previous move has been shown (the AI speed setting, apart from the animations'):
# time to see what the last player did before the next one acts.
AI_PACE = {"slow": 1.2, "normal": 0.55, "fast": 0.2, "instant": 0.0}
# Plays out the AI moves up to the next human decision. Tab, not Space or Enter: those do the focused gesture
# once a decision is offered, so a key pressed once too often must be one that only moves the focus then.
SKIP_KEY = pygame.K_TAB
SKIP_W, DOTS_W = 380, 100  # the width of the Skip button and of the thinking dots right of it (design pixels)
DRAG_THRESHOLD = 8
PLAY_KEYS = (pygame.K_TAB, pygame.K_RIGHT, pygame.K_LEFT, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
NOTHING: tuple = ()  # the gestures on offer while the table is busy (one object, so buttons see no change)


class TableScene(Scene):
    covers = True  # every table draws its backdrop, the size of the window, first (GameTable.backdrop)
    ui_scaled = False  # the table fills the window as it is; its menu and dialogs take the UI scale (ui/access.py)

    def __init__(self, app, match: Match, *, autosave: bool = True):
        super().__init__(app)
        from ..tables import table_for

        self.match = match
        self._views_state, self._views = -1, {}  # views of the current state, by seat (see view_of)
        self.autosave = autosave
        self.board = Board()
        self.table = table_for(match.game_id)(self)
        self.worker: BotWorker | None = None
        self._size = None  # the window size laid out for; None until the first layout
        self._laid_out = None  # what the layout was made for (see _layout_key)
        humans = [i for i, s in enumerate(match.seats) if s.is_human]
        # A hot-seat game taken up again (Continue, Load) may find anyone at the screen: nothing private is
        # drawn until the curtain has named the next player (a new game starts with the first one).
        self._viewer = None if self._hot_seat() and match.log else (humans[0] if humans else None)
        self.cleared_for = self._viewer  # the human the screen was last handed to
        self.log: list[str] = []
        self._log_wrapped: tuple = (None, [])  # (what the log panel's lines were wrapped for, those lines)
        self.ai_delay = 0.0
        # AI seats asked and not yet answered: seat -> the serial of the ask. Several at once when AI seats
        # answer one secret simultaneous choice together (an ante, a trait pick): one round trip, no pause each.
        self.asked: dict[int, int] = {}
        self._ask_serial = 0
        self.error: str | None = None
        self.drag = None  # (source key, press pos, gestures, moved)
        self.hover_key = None
        self.hover_time = 0.0
        self.preview = None  # a face shown large (right click or long hover)
        self.focus_index = -1  # keyboard selection among the current gestures
        self.finished = False
        self.recorded = match.is_over()  # a finished game loaded from a save is not counted twice
        self.form = Form()
        self.menu_button = self.form.add(Button(lambda: tr("table.menu"), self.open_menu, size="small"))
        self.skipping = False  # playing the AI moves out at once, up to the next human decision
        self.skip_button = Button(lambda: tr("table.skip"), self.skip_to_my_turn, size="small")
        self.skip_button.visible = False  # shown while only AI seats are to act (update)
        self.coach = Coach(self)
        self.action_buttons: list[Button] = []
        self._button_of: list = []  # (gesture, its button), see _refresh_buttons
        self._buttons_for = None  # the gesture list the action buttons were made from
        self._gestures_cache = None
        self._settled_state = match.state_id  # the last state the table finished showing
        self._rebuild_log()

    # -- life cycle --------------------------------------------------------------------------------------

    @property
    def viewer(self) -> int | None:
        """The seat whose view the screen shows (None: nobody's, while the curtain is up)."""
        return self._viewer

    @viewer.setter
    def viewer(self, seat: int | None) -> None:
        self._viewer = seat
        if self._size is not None and self._laid_out != self._layout_key():
            self.layout(*self._size)  # the table is seen from the new player's seat

    @property
    def in_progress(self) -> bool:
        """A game still being played here: the app asks before it quits (App.game_in_progress)."""
        return not self.match.is_over()

    def _layout_key(self):
        return self._size, self._viewer, len(self.match.seats)

    def layout(self, width, height):
        self._size = (width, height)
        self._laid_out = self._layout_key()
        self.table.layout(width, height)
        self.menu_button.rect = self.table.menu_rect()
        # In the prompt bar, which says who is thinking meanwhile, left of its thinking dots: a place every table
        # keeps clear (a seat's panel or score could be under any other).
        prompt = self.table.prompt_rect()
        w, h = scale(SKIP_W), prompt.height - scale(14)
        self.skip_button.rect = pygame.Rect(prompt.right - scale(DOTS_W) - w, prompt.centery - h // 2, w, h)
        self.coach.layout()
        self.board.settle(self.table.placements(self.view()), animate=False)
        self._refresh_buttons()

    def close(self):
        if self.worker is not None:
            self.worker.close()
            self.worker = None
        unfinished.settle(self.app)  # this table's last move is on disk before any screen reads the saves

    def enter(self):
        # Back from the menu: the language may have changed, so the log is told again; a player may have
        # joined (or the screen changed hands) meanwhile, so the table is laid out again if need be.
        self._rebuild_log()
        self._gestures_cache = None
        if self._laid_out != self._layout_key():
            self.layout(*self._size)
        self._refresh_buttons()

    # -- what the viewer sees ----------------------------------------------------------------------------

    def view(self):
        """What the viewer may see now."""
        return self.view_of(self.viewer)

    def view_of(self, seat):
        """`seat`'s view (None: a spectator's), computed once per state: tables ask for it many times a
        frame. Views are read, never changed, by the tables."""
        if self._views_state != self.match.state_id:
            self._views_state, self._views = self.match.state_id, {}
        if seat not in self._views:
            self._views[seat] = self.match.view(seat)
        return self._views[seat]

    @property
    def speed(self) -> float:
        return SPEED.get(self.app.prefs.anim_speed, 1.0)

    @property
    def reduced_motion(self) -> bool:
        """The player's reduced motion setting, read by the table and its kit pieces (GameTable.reduced_motion)."""
        return self.app.prefs.reduced_motion

    @property
    def ai_pace(self) -> float:
        """Seconds before an AI seat is asked for its move (the AI speed setting, not the animations')."""
        return AI_PACE.get(self.app.prefs.ai_speed, AI_PACE["normal"])

    def deciding(self) -> list:
        """The pending decisions put to seats now (a team's decision to its people, if it has any)."""
        humans = {i for i, seat in enumerate(self.match.seats) if seat.is_human}
        return deciding(self.match.pending(), humans)

    def human_pending(self) -> list[int]:
        return [d.seat for d in self.deciding() if self.match.seats[d.seat].is_human]

    def my_decision(self):
        for d in self.deciding():
            if d.seat == self.viewer and self.match.seats[d.seat].is_human:
                return d
        return None

    def busy(self) -> bool:
        """Something is still moving: cards on the board or a game's own animation (Doctor Lucky's walk).
        While busy nothing is offered: no gesture, no action button, no input acted on."""
        return self.board.busy or self.table.busy()

    def gestures(self):
        """What the viewer may do now, as gestures; the same list object until something changes."""
        if self.busy():
            return NOTHING
        return self._offer()

    def _offer(self):
        """The viewer's gestures in the current position, moving or not (cached per position and viewer)."""
        key = (self.match.state_id, self.viewer)
        if self._gestures_cache is None or self._gestures_cache[0] != key:
            # The viewer's decision, and what a game lets a player do at any time (a memo mark).
            decision = self.my_decision()
            legal = self.match.legal_actions(decision.seat) if decision is not None else []
            side = self.match.side_actions(self.viewer) if self.viewer is not None else []
            found = self.table.gestures(self.view(), legal + side) if legal or side else []
            self._gestures_cache = (key, found)
        return self._gestures_cache[1]

    def _rebuild_log(self):
        describe = self.table.describe
        self.log = []
        for events in self.match.history:
            self.log.extend(describe(events, self.viewer))

    # -- acting --------------------------------------------------------------------------------------------

    @property
    def thinking(self) -> int | None:
        """An AI seat thinking now (the first one asked), or None."""
        return next(iter(self.asked), None)

    def apply(self, act) -> None:
        before = self.view()
        sealed = any(d.seat == act.seat and d.secret for d in self.match.pending())
        events = self.match.apply(act)
        if not sealed:
            # The table changed in a way an AI still thinking did not know: its answer would be stale.
            # A sealed answer to a secret choice changes nothing the other choosers may know, so they go on.
            self.asked.clear()
        self._show(before, events)

    def do(self, gesture) -> None:
        """A gesture: its legal action, or a table-side step such as staging a card."""
        if gesture.use is not None:
            gesture.use()
            self._gestures_cache = None
            self._refresh_buttons()
        else:
            self.apply(gesture.action)

    def seat_player(self, seat, act) -> None:
        """A new player joins through the game's join action (between turns, where the game allows it)."""
        before = self.view()
        self._show(before, self.match.join(seat, act))

    def _show(self, before, events) -> None:
        """After a change: the log, the animations and the autosave. The keyboard's place is kept while the
        viewer is offered the very same choices (another player's sealed answer came in), else it starts over."""
        offered = self._gestures_cache
        self._gestures_cache = None
        if offered is None or offered[0][1] != self.viewer or \
                [g.action for g in offered[1]] != [g.action for g in self._offer()]:
            self.focus_index = -1
        self.log.extend(self.table.describe(events, self.viewer))
        after = self.view()
        plan, exits = self.table.plan(events, before, after)
        self.settle(self.table.placements(after), plan, exits)
        self.table.on_events(events, before, after)
        if self.autosave:
            unfinished.keep(self)  # this game's own slot; a failure is told once
        self._refresh_buttons()

    def settle(self, targets: dict, plan: dict | None = None, exits: dict | None = None) -> None:
        """The pieces to their new places along `plan` (Board.settle); with reduced motion each is put in place,
        unshaken, at the moment it would have set off (see kit.motion.still)."""
        if self.app.prefs.reduced_motion:
            plan = still(plan or {}, targets, exits or {})
        self.board.settle(targets, animate=True, plan=plan, exits=exits, speed=self.speed)

    def toast(self, text: str) -> None:
        """A short notice where the player sees it: on the menu while one is open over the table (the
        table beneath is dimmed and stands still), else over the table."""
        above = self.app.scenes[self.app.scenes.index(self) + 1:] if self in self.app.scenes else []
        menu = next((scene for scene in reversed(above) if hasattr(scene, "toast")), None)
        if menu is not None:
            menu.toast(text)
        else:
            self.table.flash_message(text)

    def undo(self) -> None:
        """Take back the viewer's last action and what bots did since, unless something hidden was shown
        to the viewer since (or another person has acted): then a toast says why."""
        if self.viewer is None:
            return
        refusal = self.match.undo_refusal(self.viewer)
        if refusal is not None:
            self.toast(tr(f"table.cannot_undo_{refusal}"))
            return
        self.board.finish()  # an animation still running is cut short rather than the undo ignored
        self.table.finish()
        self.asked.clear()  # answers on their way were for a position that is gone
        self.match.truncate(self.match.undo_point(self.viewer))
        self._gestures_cache = None
        self.focus_index = -1
        self._rebuild_log()
        self.log.append(tr("table.undone"))
        self.settle(self.table.placements(self.view()))
        if self.autosave:
            unfinished.keep(self)  # this game's own slot; a failure is told once
        self._refresh_buttons()

    # -- the flow of play ----------------------------------------------------------------------------------

    def update(self, dt):
        self.board.update(dt)
        self.table.update(dt)
        self.form.update(dt)
        self.hover_time += dt
        if self.autosave:
            unfinished.report(self)  # an autosave that failed on the writer's thread is told here
        if self.worker is not None:
            self._collect_ai()
        if self.skipping:
            self._hurry()
        self.skip_button.visible = self.can_skip() and not self.skipping
        self.coach.update()
        if self.gestures() is not self._buttons_for:
            self._refresh_buttons()  # busy began or ended, or the offer changed
        if self.busy():
            return
        self._settled_state = self.match.state_id
        if self.match.is_over():
            self.skipping = False
            self._finish()
            return
        pending = self.deciding()
        humans = [d.seat for d in pending if self.match.seats[d.seat].is_human]
        ais = [d.seat for d in pending if not self.match.seats[d.seat].is_human]
        if ais and not self.asked:
            self.ai_delay += dt
            if self.ai_delay >= self.ai_pace or self.skipping:
                # A secret simultaneous choice: every AI seat is asked at once. Otherwise one at a time.
                together = all(d.secret for d in pending)
                self._ask_ai(ais if together else ais[:1])
        if humans and self.viewer in humans and self.cleared_for == self.viewer:
            # A decision the table answers for the player (an option such as Get Lucky's Quick defence).
            solo = sum(1 for seat in self.match.seats if seat.is_human) == 1
            auto = self.table.auto_action(self.view(), self.match.legal_actions(self.viewer), solo)
            if auto is not None:
                self.apply(auto)
                if self.skipping:
                    self._hurry()  # a skip goes on: the player had nothing to decide there
                return
        if humans:
            self.skipping = False  # a person decides now, or the screen passes to one behind the curtain
        if humans and self.viewer not in humans:
            self._hand_over(humans[0])
        elif humans and self.viewer in humans and self.cleared_for != self.viewer:
            self._hand_over(self.viewer)

    # -- skipping to the next human decision -----------------------------------------------------------------

    def can_skip(self) -> bool:
        """Only AI seats are to act before the next human decision: none of the decisions pending now is a
        person's (a secret choice a person has still to make counts), and someone at this table is a person."""
        if self.match.is_over() or not any(seat.is_human for seat in self.match.seats):
            return False
        pending = self.deciding()
        return bool(pending) and not any(self.match.seats[d.seat].is_human for d in pending)

    def skip_to_my_turn(self) -> None:
        """Play the AI moves out at once: every animation ends as it starts and every AI seat is asked without a
        pause, until a person has a decision (or a curtain is due) or the game is over."""
        if self.can_skip():
            self.skipping = True
            self._hurry()

    def _hurry(self) -> None:
        """Each frame of a skip: what is moving ends at once (update ends the skip where a person decides)."""
        self.board.finish()
        self.table.finish()

    def _hand_over(self, seat: int) -> None:
        """Switch the screen to `seat`: through the curtain when what it may see differs from what the
        screen shows now (the previous human would otherwise see a secret)."""

        if self._needs_curtain(seat):
            self.app.nav.curtain(self.match.seats[seat].name, lambda: self._reveal_to(seat), self)
            self.viewer = None  # nothing private is drawn while the curtain is up
            self.cleared_for = None
            return
        self._reveal_to(seat)

    def _hot_seat(self) -> bool:
        return sum(1 for seat in self.match.seats if seat.is_human) > 1

    def _needs_curtain(self, seat: int) -> bool:
        """The screen passes to `seat` behind the curtain when the one it was handed to last would see what
        `seat` may (or, in a hot-seat game taken up again, when nobody knows yet who sits there)."""
        if self.cleared_for == seat:
            return False
        if self.cleared_for is None:
            return self._hot_seat()
        return self._views_differ(self.cleared_for, seat)

    def _views_differ(self, a: int, b: int) -> bool:
        """Would the screen show `b` something it must not have shown `a` (or the reverse)? Keys the table
        never draws (what a seat merely remembers) are not on screen, so they need no curtain."""
        unshown = {"viewer", *self.table.unshown_view_keys}
        va = {k: v for k, v in self.view_of(a).items() if k not in unshown}
        vb = {k: v for k, v in self.view_of(b).items() if k not in unshown}
        return va != vb

    def _reveal_to(self, seat: int) -> None:
        self.viewer = seat
        self.cleared_for = seat
        self._gestures_cache = None
        self.focus_index = -1  # a keyboard choice belongs to the player who made it
        self._rebuild_log()
        self.board.settle(self.table.placements(self.view()), animate=False)
        self._refresh_buttons()

    def _ask_ai(self, seats: list[int]) -> None:
        if self.worker is None:
            self.worker = BotWorker()
        self._ask_serial += 1
        state = self.match.rules.to_json(self.match.state)
        levels = [s.level if not s.is_human else None for s in self.match.seats]
        for seat in seats:
            level = self.match.seats[seat].level
            self.asked[seat] = self._ask_serial
            self.worker.request(self.match.game_id, level, state, seat,
                                seed=self.match.seed * 1009 + self.match.state_id, token=(self._ask_serial, seat),
                                budget=self.table.ai_budget(level), levels=levels)

    def _collect_ai(self) -> None:
        answer = self.worker.poll()
        if answer is None:
            return
        (serial, seat), act, error = answer
        if self.asked.get(seat) != serial:
            return  # an answer for a position that is gone (undo, another move): drop it
        del self.asked[seat]
        if not self.asked:
            self.ai_delay = 0.0
        if not any(d.seat == seat for d in self.deciding()):
            return
        if error or act is None or act not in self.match.legal_actions(seat):
            self.error = error or "illegal AI move"
            act = self.match.legal_actions(seat)[0]  # keep the game going with a legal move
        self.apply(act)

    def _finish(self) -> None:
        if self.finished:
            return
        self.finished = True
        result = self.match.result()
        if not self.recorded:
            self.recorded = True
            seats = [s.to_json() for s in self.match.seats]
            finished_at = datetime.now(UTC)  # one time for the history's row and the replay's record
            # Queued without waiting for the database; False: the result is only in memory (the history
            # shows a notice), so the autosave must stay.
            safe = self.app.history.record(self.match.game_id, seats, self.match.options, self.match.seed,
                                           result.winners, result.scores,
                                           self.match.rules.turn_marker(self.match.state)[0], len(self.match.log),
                                           finished_at)
            from ..records import keep_finished

            keep_finished(self.app, self.match, finished_at)
            if self.autosave and safe:
                # Nothing is left to continue; the finished game stays in the history (and in named saves).
                unfinished.clear(self)  # this game's slot only
        self.app.sounds.play("win")
        self.app.nav.results(self.match)

    # -- input ---------------------------------------------------------------------------------------------

    def open_menu(self) -> None:
        self.app.nav.pause(self)

    def escape(self) -> None:
        """Esc: the card shown large is put back first, else the menu opens."""
        if self.preview:
            self.preview = None
        else:
            self.open_menu()

    def handle(self, event):
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.escape()
                return
            if event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL:
                self.undo()
                return
            if event.key == SKIP_KEY and self.skip_button.visible:
                self.skip_to_my_turn()
                return
            if self.coach.handle(event):
                return
            if event.key in PLAY_KEYS and self.busy():
                return  # nothing is chosen or done while the table moves (not even the Menu button's focus)
            gestures = self.gestures()
            if event.key in (pygame.K_TAB, pygame.K_RIGHT, pygame.K_LEFT) and gestures:
                step = -1 if event.key == pygame.K_LEFT or event.mod & pygame.KMOD_SHIFT else 1
                self.focus_index = (self.focus_index + step) % len(gestures)
                return
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and gestures:
                if 0 <= self.focus_index < len(gestures):
                    self.do(gestures[self.focus_index])
                elif len(gestures) == 1:
                    self.do(gestures[0])
                return
        if self.form.handle(event):
            return
        if event.type == pygame.MOUSEMOTION:
            self._mouse_motion(event)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            face = self.table.face_at(event.pos, self.view())
            self.preview = face
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.preview = None
            keys = self.table.hits(event.pos)
            if keys:
                # Pick up the most specific thing that can be dragged from here (a card over its zone).
                offered = self.gestures()
                key = next((k for k in keys if drags_from(offered, k)), keys[0])
                self.drag = {"key": key, "start": event.pos, "pos": event.pos, "moved": False, "offered": offered,
                             "gestures": drags_from(offered, key)}
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.drag is not None:
            drag, self.drag = self.drag, None
            if drag["offered"] is not self.gestures():
                # Pressed before this offer was made (during a bot's turn, or while the table moved): a
                # press and its release must belong to the same decision to do anything.
                return
            if drag["moved"] and drag["gestures"]:
                # The most specific thing under the pointer that accepts this drop.
                for target in self.table.hits(event.pos):
                    found = drops(drag["gestures"], drag["key"], target) if target != drag["key"] else []
                    if found:
                        self._choose(found)
                        break
                else:
                    self._spring_home(drag["key"], event.pos)
            elif not drag["moved"]:
                for target in self.table.hits(event.pos):
                    found = clicks(drag["offered"], target)
                    if found:
                        self._choose(found)
                        break

    def _spring_home(self, dragged: str, pos) -> None:
        """Nothing here takes it: what was dragged flies back where it came from (or is simply back, with
        reduced motion)."""
        if self.app.prefs.reduced_motion:
            return
        for i, key in enumerate(k for k in list(self.board.pieces) if self.table.piece_in(k, dragged)):
            piece = self.board.pieces[key]
            start = piece.rect.copy()
            start.center = (pos[0] + i * scale(30), pos[1])
            self.board.spring(key, start, self.speed)

    def _mouse_motion(self, event):
        hits = self.table.hits(event.pos)
        key = hits[0] if hits else None
        if key != self.hover_key:
            self.hover_key, self.hover_time = key, 0.0
        if self.drag is not None:
            drag = self.drag
            drag["pos"] = event.pos
            dx, dy = event.pos[0] - drag["start"][0], event.pos[1] - drag["start"][1]
            if dx * dx + dy * dy > scale(DRAG_THRESHOLD) ** 2:
                drag["moved"] = True

    def _choose(self, gestures) -> None:
        if not gestures:
            return
        if len(gestures) == 1:
            self.do(gestures[0])
            return
        from ..ui.dialog import Dialog

        buttons = [(g.label, (lambda g=g: self.do(g)), "normal") for g in gestures]
        buttons.append((tr("ui.cancel"), None, "normal"))
        self.app.push(Dialog(self.app, tr("table.choose"), "", buttons))

    def _refresh_buttons(self) -> None:
        """Buttons for the gestures the table shows as buttons (Stop, Pass, ...); none while busy."""
        self.form.widgets = [self.menu_button, self.skip_button]
        self.coach.add_to(self.form)
        self.action_buttons = []
        self._button_of = []  # (gesture, its button): the keyboard's choice of a button gesture rings the button
        self._buttons_for = self.gestures()
        for rect, gesture in self.table.button_gestures(self._buttons_for):
            b = Button(gesture.label, (lambda g=gesture: self.do(g)), "primary")
            b.rect = rect
            self.action_buttons.append(b)
            self._button_of.append((gesture, b))
            self.form.add(b)

    # -- drawing -------------------------------------------------------------------------------------------

    def draw(self, surface):
        view = self.view()
        gestures = self.gestures()
        lit = set()
        if self.drag is not None and self.drag["moved"]:
            lit = {g.drop_on for g in self.drag["gestures"]}
        elif 0 <= self.focus_index < len(gestures):
            g = gestures[self.focus_index]
            lit = {g.click or g.drop_on or g.drag_from}
        if self.drag is None:
            lit |= self.coach.lit()  # the coach's suggested move, until it is made
        clickable = {g.click for g in gestures if g.click} | {g.drag_from for g in gestures if g.drag_from}
        self.table.draw_table(surface, view, lit=lit, active=clickable, hover=self.hover_key)
        dragged = self.drag["key"] if self.drag and self.drag["moved"] and self.drag["gestures"] else None
        # What the pointer rests on and could pick up rises a little, to say "you can move me".
        lifted = self.hover_key if self.hover_key in clickable and not self.drag else None
        for piece in self.board.ordered():
            if dragged and self.table.piece_in(piece.key, dragged):
                continue
            lift = scale(8) if lifted and not piece.motions and self.table.piece_in(piece.key, lifted) else 0
            self.table.draw_piece(surface, piece, self.board, lift)
        self.table.draw_hud(surface, view)
        self._draw_focus(surface, gestures)
        if dragged:
            self.table.draw_dragged(surface, dragged, self.drag["pos"], view)
        self._draw_prompt(surface, gestures)
        with scale.text(self.app.prefs.ui_scale):  # the log is read at the player's UI scale (see ui/access.py)
            self._draw_log(surface)
        self.form.draw(surface)
        self.table.draw_button_marks(surface, self.action_buttons)
        self.coach.draw(surface)
        if self.preview:
            self.table.draw_preview(surface, self.preview)
        elif self.hover_key and self.hover_time > 0.7 and not self.drag:
            # A card under the pointer is shown large beside the table; other things get a tooltip.
            face = self.table.face_at(pygame.mouse.get_pos(), view)
            if face:
                self.table.draw_preview(surface, face, docked=True)
            else:
                tip = self.table.tooltip(self.hover_key, view)
                if tip:
                    with scale.ui(self.app.prefs.ui_scale):  # a tooltip is chrome: at the UI scale
                        draw_tooltip(surface, tip, pygame.mouse.get_pos())

    def _draw_focus(self, surface, gestures) -> None:
        """The keyboard's choice (Tab) ringed as every focused widget is, over the table and its panels: what it
        clicks, the piece it moves and where to, or its button."""
        if self.drag is None and 0 <= self.focus_index < len(gestures):
            g = gestures[self.focus_index]
            keys = [k for k in ([g.click] if g.click else [g.drag_from, g.drop_on]) if k is not None]
            rects = [self.table.rect_of(k) for k in keys] + [b.rect for gesture, b in self._button_of if gesture == g]
            for rect in rects:
                if rect is not None:
                    focus_ring(surface, rect)

    def prompt_text(self, gestures) -> str:
        match = self.match
        if self.busy() and self._settled_state != match.state_id and self.log:
            # The last move is still being shown: what happened, not yet whose turn it is now.
            return self.log[-1]
        if match.is_over():
            return tr("table.game_over")
        decision = self.my_decision()
        if decision is None:
            pending = self.deciding()
            ais = [d.seat for d in pending if not match.seats[d.seat].is_human]
            if ais:
                return tr("table.thinking", player=match.seats[ais[0]].name)
            names = ", ".join(match.seats[d.seat].name for d in pending)
            return tr("table.waiting", player=names)
        text = self.table.decision_text(decision)
        if 0 <= self.focus_index < len(gestures):
            text = f"→ {gestures[self.focus_index].label}  —  {tr('table.enter_to_do')}"
        return text

    def _draw_prompt(self, surface, gestures):
        rect = self.table.prompt_rect()
        pygame.draw.rect(surface, (16, 14, 12), rect, border_radius=scale(10))
        pygame.draw.rect(surface, theme.ACCENT, rect, max(1, scale(2)), border_radius=scale(10))
        text = self.prompt_text(gestures)
        inner = rect.inflate(-scale(40), -scale(12))
        if self.my_decision() is None and any(not self.match.seats[d.seat].is_human for d in self.deciding()):
            dots = "●" * (1 + int(self.board.clock * 3) % 3)
            fonts.blit_text(surface, dots, (inner.right, rect.centery), "body", theme.ACCENT_HI, anchor="midright")
            inner.width -= scale(70)
        if self.skip_button.visible:
            inner.width = self.skip_button.rect.left - scale(20) - inner.left
        lines = fonts.lines(text, inner.width, "body", max_lines=2)
        lh = fonts.get("body").get_linesize()
        y = rect.centery - lh * len(lines) // 2
        for line in lines:
            fonts.blit_text(surface, line, (inner.left, y), "body", theme.INK)
            y += lh
        if self.error:
            fonts.blit_text(surface, self.error, (rect.left, rect.top - scale(6)), "small", theme.DANGER,
                            anchor="bottomleft")

    def _log_lines(self, width: int, room: int) -> list[str]:
        """The log's last lines that fit `room` lines of `width`: whole entries only, newest at the bottom (a
        sentence is never cut at the top of the panel). Wrapped again only when the log, the panel or the font
        (language, window size) changes, not every frame."""
        key = (self.log[-40:], width, room, fonts.get("small"))
        if self._log_wrapped[0] != key:
            visible: list[str] = []
            for line in reversed(key[0]):
                wrapped = fonts.lines(line, width, "small")
                if len(visible) + len(wrapped) > room:
                    break
                visible[:0] = wrapped
            self._log_wrapped = (key, visible)
        return self._log_wrapped[1]

    def _draw_log(self, surface):
        rect = self.table.log_rect()
        if rect is None:
            return
        pygame.draw.rect(surface, (0, 0, 0, 0), rect)
        surface.blit(veil(rect.size, (10, 10, 10, 150)), rect)
        fonts.blit_text(surface, tr("table.log"), (rect.left + scale(14), rect.top + scale(8)), "small",
                        theme.ACCENT_HI, True)
        lh = fonts.get("small").get_linesize()
        inner = pygame.Rect(rect.left + scale(14), rect.top + scale(44), rect.width - scale(28),
                            rect.height - scale(54))
        visible = self._log_lines(inner.width, max(1, inner.height // lh))
        y = inner.top
        for i, line in enumerate(visible):
            color = theme.INK if i >= len(visible) - 3 else theme.INK_DIM
            fonts.blit_text(surface, line, (inner.left, y), "small", color)
            y += lh

