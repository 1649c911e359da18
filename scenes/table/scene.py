"""The generic table scene: it draws only what the viewing seat may see, turns gestures into legal
actions, asks AI seats through the worker, animates every event, autosaves after every action, and hands
the screen over between hot-seat players when (and only when) hidden information would change.

What a game looks like lives in scenes/tables/<game_id>.py; this module knows no rule of any game.
"""

from __future__ import annotations

import pygame

from game.ai.worker import BotWorker
from game.core import saves
from game.core.actions import deciding
from game.core.match import Match

from ..scene import Scene
from ..ui import fonts, theme
from ..ui.strings import tr
from ..ui.theme import scale
from ..ui.widgets import Button, Form, draw_tooltip
from .board import Board
from .gestures import clicks, drags_from, drops

SPEED = {"slow": 1.6, "normal": 1.0, "fast": 0.5, "off": 0.0}
AI_PACE = 0.55  # seconds an AI move waits after the previous animation, at normal speed
DRAG_THRESHOLD = 8


class TableScene(Scene):
    def __init__(self, app, match: Match, *, autosave: bool = True):
        super().__init__(app)
        from ..tables import table_for

        self.match = match
        self.autosave = autosave
        self.board = Board()
        self.table = table_for(match.game_id)(self)
        self.worker: BotWorker | None = None
        humans = [i for i, s in enumerate(match.seats) if s.is_human]
        self.viewer = humans[0] if humans else None
        self.cleared_for = self.viewer  # the human the screen was last handed to
        self.log: list[str] = []
        self.events_seen = 0
        self.ai_delay = 0.0
        self.thinking: int | None = None
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
        self.action_buttons: list[Button] = []
        self._gestures_cache = None
        self._rebuild_log()

    # -- life cycle --------------------------------------------------------------------------------------

    def layout(self, width, height):
        self.table.layout(width, height)
        self.menu_button.rect = self.table.menu_rect()
        self.board.settle(self.table.placements(self.view()), animate=False)
        self._refresh_buttons()

    def close(self):
        if self.worker is not None:
            self.worker.close()
            self.worker = None

    def enter(self):
        # Back from the menu: the language may have changed, so the log is told again.
        self._rebuild_log()
        self._gestures_cache = None
        self._refresh_buttons()

    # -- what the viewer sees ----------------------------------------------------------------------------

    def view(self):
        return self.match.view(self.viewer)

    @property
    def speed(self) -> float:
        return SPEED.get(self.app.prefs.anim_speed, 1.0)

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

    def gestures(self):
        key = (self.match.state_id, self.viewer)
        if self._gestures_cache and self._gestures_cache[0] == key:
            return self._gestures_cache[1]
        decision = self.my_decision()
        found = []
        if not self.board.busy:
            # The viewer's decision, and what a game lets a player do at any time (a memo mark).
            legal = self.match.legal_actions(decision.seat) if decision is not None else []
            side = self.match.side_actions(self.viewer) if self.viewer is not None else []
            if legal or side:
                found = self.table.gestures(self.view(), legal + side)
        if not self.board.busy:
            self._gestures_cache = (key, found)
        return found

    def _rebuild_log(self):
        describe = self.table.describe
        self.log = []
        for events in self.match.history:
            self.log.extend(describe(events, self.viewer))
        self.events_seen = len(self.match.history)

    # -- acting --------------------------------------------------------------------------------------------

    def apply(self, act) -> None:
        before = self.view()
        self._show(before, self.match.apply(act))

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
        """After a change: the log, the animations and the autosave."""
        self._gestures_cache = None
        self.focus_index = -1
        self.log.extend(self.table.describe(events, self.viewer))
        self.events_seen = len(self.match.history)
        after = self.view()
        plan, exits = self.table.plan(events, before, after)
        self.board.settle(self.table.placements(after), animate=True, plan=plan, exits=exits, speed=self.speed)
        self.table.on_events(events, before, after)
        if self.autosave:
            self.save_to(self.app.saves_dir / "autosave.json", quiet=True)
        self._refresh_buttons()

    def save_to(self, path, label: str = "", quiet: bool = False) -> bool:
        try:
            saves.write(self.match, path, label)
            return True
        except saves.SaveError as exc:
            if not quiet or not getattr(self, "_save_warned", False):
                self._save_warned = True
                self.app.notify(tr("notice.write_failed_title"), str(exc))
            return False

    def undo(self) -> None:
        if self.viewer is None or self.board.busy:
            return
        point = self.match.undo_point(self.viewer)
        if point is None:
            self.table.flash_message(tr("table.cannot_undo"))
            return
        self.match.truncate(point)
        self._gestures_cache = None
        self._rebuild_log()
        self.log.append(tr("table.undone"))
        self.board.settle(self.table.placements(self.view()), animate=True, speed=self.speed)
        if self.autosave:
            self.save_to(self.app.saves_dir / "autosave.json", quiet=True)
        self._refresh_buttons()

    # -- the flow of play ----------------------------------------------------------------------------------

    def update(self, dt):
        self.board.update(dt)
        self.table.update(dt)
        self.form.update(dt)
        self.hover_time += dt
        if self.worker is not None:
            self._collect_ai()
        if self.board.busy or self.table.busy():
            return
        if self._gestures_cache is None:
            self._refresh_buttons()
        if self.match.is_over():
            self._finish()
            return
        pending = self.deciding()
        humans = [d.seat for d in pending if self.match.seats[d.seat].is_human]
        ais = [d.seat for d in pending if not self.match.seats[d.seat].is_human]
        if ais and self.thinking is None:
            self.ai_delay += dt
            if self.ai_delay >= AI_PACE * self.speed or not humans and self.speed == 0:
                self._ask_ai(ais[0])
        if humans and self.viewer in humans and self.cleared_for == self.viewer:
            # A decision the table answers for the player (an option such as Get Lucky's Quick defence).
            solo = sum(1 for seat in self.match.seats if seat.is_human) == 1
            auto = self.table.auto_action(self.view(), self.match.legal_actions(self.viewer), solo)
            if auto is not None:
                self.apply(auto)
                return
        if humans and self.viewer not in humans:
            self._hand_over(humans[0])
        elif humans and self.viewer in humans and self.cleared_for != self.viewer:
            self._hand_over(self.viewer)

    def _hand_over(self, seat: int) -> None:
        """Switch the screen to `seat`: through the curtain when what it may see differs from what the
        screen shows now (the previous human would otherwise see a secret)."""
        from ..curtain import Curtain

        if self.cleared_for is not None and self.cleared_for != seat and self._views_differ(self.cleared_for, seat):
            self.app.push(Curtain(self.app, self.match.seats[seat].name, lambda: self._reveal_to(seat)))
            self.viewer = None  # nothing private is drawn while the curtain is up
            self.cleared_for = None
            return
        self._reveal_to(seat)

    def _views_differ(self, a: int, b: int) -> bool:
        va, vb = dict(self.match.view(a)), dict(self.match.view(b))
        va.pop("viewer", None)
        vb.pop("viewer", None)
        return va != vb

    def _reveal_to(self, seat: int) -> None:
        self.viewer = seat
        self.cleared_for = seat
        self._gestures_cache = None
        self._rebuild_log()
        self.board.settle(self.table.placements(self.view()), animate=False)
        self._refresh_buttons()

    def _ask_ai(self, seat: int) -> None:
        if self.worker is None:
            self.worker = BotWorker()
        seat_info = self.match.seats[seat]
        token = (self.match.state_id, seat)
        self.thinking = seat
        self.worker.request(self.match.game_id, seat_info.level, self.match.rules.to_json(self.match.state), seat,
                            seed=self.match.seed * 1009 + self.match.state_id, token=token,
                            budget=self.table.ai_budget(seat_info.level),
                            levels=[s.level if not s.is_human else None for s in self.match.seats])

    def _collect_ai(self) -> None:
        answer = self.worker.poll()
        if answer is None:
            return
        (state_id, seat), act, error = answer
        self.thinking = None
        self.ai_delay = 0.0
        if state_id != self.match.state_id:
            return  # an answer for a state that no longer exists (undo, load): drop it
        if act is None and error == BotWorker.STOPPED:
            return  # the worker process died; it now thinks in a thread and is asked again
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
            # Queued without waiting for the database; False: the result is only in memory (the history
            # shows a notice), so the autosave must stay.
            safe = self.app.history.record(self.match.game_id, seats, self.match.options, self.match.seed,
                                           result.winners, result.scores,
                                           self.match.rules.turn_marker(self.match.state)[0], len(self.match.log))
            if self.autosave and safe:
                # Nothing is left to continue; the finished game stays in the history (and in named saves).
                (self.app.saves_dir / "autosave.json").unlink(missing_ok=True)
        from ..results import ResultsScene

        self.app.sounds.play("win")
        self.app.push(ResultsScene(self.app, self.match))

    # -- input ---------------------------------------------------------------------------------------------

    def open_menu(self) -> None:
        from ..pause import PauseMenu

        self.app.push(PauseMenu(self.app, self))

    def handle(self, event):
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                if self.preview:
                    self.preview = None
                else:
                    self.open_menu()
                return
            if event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL:
                self.undo()
                return
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
                key = next((k for k in keys if drags_from(self.gestures(), k)), keys[0])
                self.drag = {"key": key, "start": event.pos, "pos": event.pos, "moved": False,
                             "gestures": drags_from(self.gestures(), key)}
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.drag is not None:
            drag, self.drag = self.drag, None
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
                    found = clicks(self.gestures(), target)
                    if found:
                        self._choose(found)
                        break

    def _spring_home(self, dragged: str, pos) -> None:
        """Nothing here takes it: what was dragged flies back where it came from."""
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
        """Buttons for the gestures the table shows as buttons (Stop, Pass, ...)."""
        self.form.widgets = [self.menu_button]
        self.action_buttons = []
        if self.board.busy:
            return
        for rect, gesture in self.table.button_gestures(self.gestures()):
            b = Button(gesture.label, (lambda g=gesture: self.do(g)), "primary")
            b.rect = rect
            self.action_buttons.append(b)
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
        if dragged:
            self.table.draw_dragged(surface, dragged, self.drag["pos"], view)
        self._draw_prompt(surface, gestures)
        self._draw_log(surface)
        self.form.draw(surface)
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
                    draw_tooltip(surface, tip, pygame.mouse.get_pos())

    def prompt_text(self, gestures) -> str:
        match = self.match
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
        text = tr(decision.prompt, **dict(decision.params))
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
        lines = fonts.lines(text, inner.width, "body", max_lines=2)
        lh = fonts.get("body").get_linesize()
        y = rect.centery - lh * len(lines) // 2
        for line in lines:
            fonts.blit_text(surface, line, (inner.left, y), "body", theme.INK)
            y += lh
        if self.error:
            fonts.blit_text(surface, self.error, (rect.left, rect.top - scale(6)), "small", theme.DANGER,
                            anchor="bottomleft")

    def _draw_log(self, surface):
        rect = self.table.log_rect()
        if rect is None:
            return
        pygame.draw.rect(surface, (0, 0, 0, 0), rect)
        shade = pygame.Surface(rect.size, pygame.SRCALPHA)
        shade.fill((10, 10, 10, 150))
        surface.blit(shade, rect)
        fonts.blit_text(surface, tr("table.log"), (rect.left + scale(14), rect.top + scale(8)), "small",
                        theme.ACCENT_HI, True)
        lh = fonts.get("small").get_linesize()
        inner = pygame.Rect(rect.left + scale(14), rect.top + scale(44), rect.width - scale(28),
                            rect.height - scale(54))
        # Whole entries only, newest at the bottom: a sentence is never cut at the top of the panel.
        room = max(1, inner.height // lh)
        visible: list[str] = []
        for line in reversed(self.log[-40:]):
            wrapped = fonts.lines(line, inner.width, "small")
            if len(visible) + len(wrapped) > room:
                break
            visible[:0] = wrapped
        y = inner.top
        for i, line in enumerate(visible):
            color = theme.INK if i >= len(visible) - 3 else theme.INK_DIM
            fonts.blit_text(surface, line, (inner.left, y), "small", color)
            y += lh

