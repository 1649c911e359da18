"""Players joining and leaving between turns (for games that allow it, e.g. The Shipwreck Arcana's R52):
the players at the table in turn order, each with a Leave button, and a row to seat a new player (name,
human or AI level, and where in the order)."""

from __future__ import annotations

import pygame

from game.core.match import AI, HUMAN, Seat

from .seating import KINDS, NAME_LEN, remembered_names, seat_actions, seat_name
from .ui import fonts, theme
from .ui.modal import Modal
from .ui.strings import tr
from .ui.theme import scale
from .ui.widgets import Button, Choice, TextField


class SeatsPanel(Modal):
    def __init__(self, app, table):
        super().__init__(app)
        self.table = table
        self.name = ""
        self.name_field = None
        self.kind = None
        self.place = None
        self.add = None
        self.leave_buttons: list = []
        self._build()

    def title(self) -> str:
        return tr("seats.title")

    def _order(self) -> list:
        """(position, seat) of the players at the table in turn order (the shared `seating` of every view)."""
        return [tuple(pair) for pair in self.table.match.view(None)["seating"]]

    def _build(self):
        match = self.table.match
        joins, leaves = seat_actions(match)
        self.form.widgets = []
        self.leave_buttons = []
        leave_at = {a["position"]: a for a in leaves}
        for pos, owner in self._order():
            act = leave_at.get(pos)
            b = Button(lambda: tr("seats.leave"), (lambda a=act: self._leave(a)), "danger", enabled=act is not None)
            b.owner = owner
            self.leave_buttons.append(self.form.add(b))
        self.typed = False
        self.name_field = self.form.add(TextField("", self._named, max_len=NAME_LEN, label=lambda: tr("seats.name")))
        self.kind = self.form.add(Choice("", [(k, (lambda key=label: tr(key))) for k, label in KINDS], 0,
                                         self._kind))
        self._auto_name()
        names = [match.seats[owner].name for _, owner in self._order()]
        self.place = self.form.add(Choice(lambda: tr("seats.place"), [
            (i, (lambda n=names[i - 1]: tr("seats.after", player=n))) for i in range(1, len(names) + 1)],
            len(names) - 1, lambda _value: None))
        self.joins = joins
        self.add = self.form.add(Button(lambda: tr("seats.add"), self._join, "primary", enabled=bool(joins)))
        self.close_button = self.form.add(Button(lambda: tr("ui.close"), lambda: self.app.pop(self)))
        self.layout(*self.app.screen.get_size())

    def _named(self, text):
        self.typed = True
        self.name = text
        self.add.enabled = bool(text.strip()) and bool(self.joins)

    def _kind(self, _value):
        if not self.typed:
            self._auto_name()

    def _auto_name(self):
        """The newcomer's name as its kind gives it (see seat_name), unless the player typed one."""
        match = self.table.match
        seated = {s.name for s in match.seats}
        name = seat_name(self.kind.value, len(match.seats), remembered_names(self.app.prefs), seated)
        self.name_field.set_text(name)
        self.name = self.name_field.text

    def layout(self, width, height):
        rows = len(self.leave_buttons)
        self.box = pygame.Rect(0, 0, scale(1000), scale(330 + 80 * rows + 170))
        self.box.center = (width // 2, height // 2)
        left = self.box.left + scale(40)
        y = self.box.top + scale(100)
        for i, b in enumerate(self.leave_buttons):
            b.rect = pygame.Rect(self.box.right - scale(260), y + i * scale(80), scale(220), scale(64))
        y += rows * scale(80) + scale(30)
        self.row_top = y
        self.name_field.rect = pygame.Rect(left, y + scale(50), scale(440), scale(68))
        self.kind.rect = pygame.Rect(left + scale(460), y + scale(50), scale(460), scale(68))
        self.place.rect = pygame.Rect(left, y + scale(130), scale(600), scale(68))
        self.add.rect = pygame.Rect(left + scale(620), y + scale(130), scale(300), scale(68))
        self.close_button.rect = pygame.Rect(self.box.centerx - scale(150), self.box.bottom - scale(90), scale(300),
                                             scale(68))

    def _join(self):
        if not self.add.enabled:
            return
        at = self.place.value
        act = next((a for a in self.joins if a["at"] == at), None)
        if act is None:
            return
        kind = self.kind.value
        name = self.name.strip()
        seat = Seat(name, HUMAN) if kind == "human" else Seat(name, AI, kind)
        self.table.seat_player(seat, act)
        self._build()

    def _leave(self, act):
        if act is not None:
            self.table.apply(act)
            self._build()

    def draw(self, surface):
        self.draw_panel(surface)
        match = self.table.match
        for b in self.leave_buttons:
            seat = match.seats[b.owner]
            who = seat.name if seat.is_human else f"{seat.name} ({tr('level.' + seat.level)})"
            fonts.blit_text(surface, who, (self.box.left + scale(40), b.rect.centery), "body", theme.INK,
                            anchor="midleft")
        fonts.blit_text(surface, tr("seats.new"), (self.box.left + scale(40), self.row_top), "body",
                        theme.ACCENT_HI, True)
        if not self.joins:
            fonts.blit_text(surface, tr("seats.full"), (self.box.left + scale(40), self.row_top + scale(215)),
                            "small", theme.INK_DIM)
        self.form.draw(surface)
