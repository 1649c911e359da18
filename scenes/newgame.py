"""New game: the game, 2–N seats (each a human or an AI of some level, with a name), the game's options and
a seed (random, or typed to replay a deal)."""

from __future__ import annotations

from functools import partial
from random import SystemRandom

import pygame

from game.core.match import AI, HUMAN, Match, Seat
from game.games import module
from game.games import rules as rules_for

from .guide_script import has_guide
from .menu import MenuScene
from .prefs import remember_pick, remembered_pick
from .seating import KINDS, NAME_LEN, remembered_names, seat_name
from .tables import playable_ids
from .ui import fonts, theme
from .ui.picker import Picker, PickRow
from .ui.strings import lang, span, tr
from .ui.theme import scale
from .ui.widgets import Button, Choice, TextField, Toggle


class NewGameScene(MenuScene):
    title_key = "newgame.title"

    def __init__(self, app, game_id: str | None = None):
        super().__init__(app)
        ids = playable_ids()
        self.game_id = game_id or ids[0]
        self.game_choice = self.form.add(Choice(lambda: tr("newgame.game"), [
            (gid, (lambda g=gid: rules_for(g).info.names[lang()])) for gid in ids], ids.index(self.game_id),
            self._game_changed))
        self.count_choice = None
        self.seat_names: list[TextField] = []
        self.seat_kinds: list[Choice] = []
        self.remembered = remembered_names(app.prefs)
        self.typed: set[int] = set()  # seats whose name the player typed: it stays when the kind changes
        self.option_toggles: list = []
        self.random_seed = True
        self.seed_text = ""
        self.seed_toggle = None
        self.seed_field = None
        self.start = Button(lambda: tr("newgame.start"), self.begin, "primary")
        self.learn = Button(lambda: tr("newgame.guide_learn"), lambda: self.app.nav.guide(self.game_id))
        self.players = 0
        self._build()

    # -- building the form -------------------------------------------------------------------------------

    def _game_changed(self, game_id):
        self.game_id = game_id
        self._build()
        self.layout(*self.app.screen.get_size())

    def _build(self):
        info = rules_for(self.game_id).info
        prev_names = [f.text for f in self.seat_names]
        prev_kinds = [c.value for c in self.seat_kinds]
        self.players = min(max(self.players or min(info.max_players, 3), info.min_players), info.max_players)
        self.form.widgets = [self.back, self.game_choice]
        self.count_choice = self.form.add(Choice(lambda: tr("newgame.players"), [
            (n, str(n)) for n in range(info.min_players, info.max_players + 1)],
            self.players - info.min_players, self._count_changed))
        self.seat_names, self.seat_kinds = [], []
        for seat in range(info.max_players):
            kind = prev_kinds[seat] if seat < len(prev_kinds) else ("human" if seat == 0 else "normal")
            name = prev_names[seat] if seat < len(prev_names) else \
                seat_name(kind, seat, self.remembered, {f.text for f in self.seat_names})
            field = TextField(name, lambda text, s=seat: self._named(s, text), max_len=NAME_LEN)
            choice = Choice("", [(k, (lambda key=label: tr(key))) for k, label in KINDS],
                            [k for k, _ in KINDS].index(kind), lambda value, s=seat: self._kind(s, value))
            self.seat_names.append(self.form.add(field))
            self.seat_kinds.append(self.form.add(choice))
        self.option_values = {}
        self.option_toggles = []
        for spec in info.options:
            default = spec.default if not spec.assist else (self.app.prefs.assists and spec.default)
            self.option_values[spec.id] = default
            tip = (lambda key=spec.help: tr(key)) if spec.help else None
            setter = partial(self._option_set, spec.id)
            if spec.pick:
                self.option_values[spec.id] = remembered_pick(self.app.prefs, self.game_id, spec)
                widget = PickRow(lambda key=spec.label: tr(key), lambda i=spec.id: len(self.option_values[i]),
                                 partial(self._open_picker, spec), tooltip=tip)
            elif tuple(spec.choices) == (False, True):
                widget = Toggle(lambda key=spec.label: tr(key), default, setter, tooltip=tip)
            else:  # a list of values, each named by the text key "<label>_<value>"
                widget = Choice(lambda key=spec.label: tr(key),
                                [(v, (lambda key=f"{spec.label}_{v}": tr(key))) for v in spec.choices],
                                list(spec.choices).index(default), setter, tooltip=tip)
            widget.spec = spec
            self.option_toggles.append(self.form.add(widget))
        self.seed_toggle = self.form.add(Toggle(lambda: tr("newgame.random_seed"), self.random_seed, self._seed_mode,
                                                tooltip=lambda: tr("newgame.seed_tip")))
        self.seed_field = self.form.add(TextField(self.seed_text, self._seed_typed, max_len=10,
                                                  label=lambda: tr("newgame.seed")))
        self.form.add(self.start)
        if has_guide(self.game_id):  # its guided first game, beside Start
            self.form.add(self.learn)
        self._refresh()

    def _option_set(self, option_id, value):
        self.option_values[option_id] = value
        self._refresh()
        self.layout(*self.app.screen.get_size())  # a pick-list row may have appeared or gone

    def _open_picker(self, spec):
        labels = getattr(module(self.game_id), "option_labels", lambda option_id, lang: {})(spec.id, lang())
        self.app.push(Picker(self.app, spec, labels, self.option_values[spec.id], partial(self._picked, spec)))

    def _picked(self, spec, value):
        self.option_values[spec.id] = value
        remember_pick(self.app.prefs, self.game_id, spec, value)
        self._refresh()

    def _shown(self, spec) -> bool:
        """A pick-list option matters only while the option it depends on has the value it names."""
        return not spec.shown_when or self.option_values.get(spec.shown_when[0]) == spec.shown_when[1]

    def _incomplete_pick(self):
        """The shown pick-list option whose pick is not yet a whole one (Start waits for it), or None."""
        for widget in self.option_toggles:
            spec = widget.spec
            if spec.pick and widget.visible:
                try:
                    spec.validate(self.option_values[spec.id])
                except ValueError:
                    return spec
        return None

    def _count_changed(self, count):
        self.players = count
        self._refresh()
        self.layout(*self.app.screen.get_size())  # the seat rows close up or open out

    def _named(self, seat, text):
        self.typed.add(seat)
        self._remember()
        self._refresh()

    def _kind(self, seat, value):
        if seat not in self.typed:
            others = {f.text for s, f in enumerate(self.seat_names) if s != seat}
            self.seat_names[seat].set_text(seat_name(value, seat, self.remembered, others))
        self._remember()
        self._refresh()

    def _remember(self):
        """The settings remember the names typed for human seats first, then those remembered before."""
        typed = [self.seat_names[s].text.strip() for s in sorted(self.typed) if self.seat_kinds[s].value == "human"]
        names = [n for n in typed if n]
        names += [n for n in self.remembered if n not in names]
        self.app.prefs.names = (names + [""] * len(self.app.prefs.names))[:len(self.app.prefs.names)]

    def _seed_mode(self, random_seed):
        self.random_seed = random_seed
        self._refresh()

    def _seed_typed(self, text):
        self.seed_text = "".join(ch for ch in text if ch.isdigit())
        if self.seed_text != text:
            self.seed_field.text = self.seed_text
            self.seed_field.cursor = len(self.seed_text)
        self._refresh()

    def _refresh(self):
        for seat, (field, choice) in enumerate(zip(self.seat_names, self.seat_kinds, strict=True)):
            field.visible = choice.visible = seat < self.players
        for widget in self.option_toggles:
            # An option offered only at some player counts keeps its default at the others.
            spec = widget.spec
            widget.enabled = not spec.players or self.players in spec.players
            widget.visible = self._shown(spec)
            if not widget.enabled and self.option_values[spec.id] != spec.default:
                self.option_values[spec.id] = spec.default
                if isinstance(widget, Toggle):
                    widget.value = spec.default
                elif isinstance(widget, Choice):
                    widget.set_value(spec.default)
        self.seed_field.visible = not self.random_seed
        names_ok = all(f.text.strip() for f in self.seat_names[:self.players])
        seed_ok = self.random_seed or bool(self.seed_text)
        self.start.enabled = names_ok and seed_ok and self._incomplete_pick() is None

    # -- layout and start --------------------------------------------------------------------------------

    def layout(self, width, height):
        super().layout(width, height)
        left = width // 2 - scale(860)
        col = scale(820)
        y = scale(130)
        row = scale(78)
        self.game_choice.rect = pygame.Rect(left, y, col, scale(68))
        self.count_choice.rect = pygame.Rect(left, y + row, col, scale(68))
        self.seats_top = y + 2 * row + scale(20)
        # Up to nine seats share the room above the game's note: rows close up when there are many.
        first = self.seats_top + scale(44)
        seat_row = min(row, (self.note_top(height) - scale(16) - first) // max(1, self.players))
        for seat in range(len(self.seat_names)):
            ry = first + seat * seat_row
            self.seat_names[seat].rect = pygame.Rect(left, ry, scale(470), seat_row - scale(10))
            self.seat_kinds[seat].rect = pygame.Rect(left + scale(490), ry, col - scale(490), seat_row - scale(10))
        right = width // 2 + scale(40)
        self.options_top = y
        shown = [toggle for toggle in self.option_toggles if toggle.visible]
        for i, toggle in enumerate(shown):
            toggle.rect = pygame.Rect(right, y + scale(44) + i * row, col, scale(68))
        sy = y + scale(44) + len(shown) * row + scale(30)
        self.seed_toggle.rect = pygame.Rect(right, sy, col, scale(68))
        self.seed_field.rect = pygame.Rect(right, sy + row, col, scale(68))
        self.start.rect = pygame.Rect(width - scale(420), height - scale(110), scale(380), scale(76))
        self.learn.rect = self.start.rect.move(-scale(400), 0)

    @staticmethod
    def note_top(height: int) -> int:
        """Where the line about the game (players, time, age) sits, below the seats."""
        return height - scale(150)

    def begin(self):
        if not self.start.enabled:
            return
        seats = []
        for seat in range(self.players):
            kind = self.seat_kinds[seat].value
            name = self.seat_names[seat].text.strip()
            seats.append(Seat(name, HUMAN) if kind == "human" else Seat(name, AI, kind))
        seed = SystemRandom().randrange(1 << 31) if self.random_seed else int(self.seed_text)
        match = Match(rules_for(self.game_id), seats, dict(self.option_values), seed)
        self.app.save_prefs()
        from .unfinished import ask_first, show_table

        # The game's unfinished game would be replaced by this one: the player decides, never us.
        ask_first(self.app, self.game_id, lambda: show_table(self.app, match))

    def missing(self) -> str:
        """Why Start is not possible yet."""
        spec = self._incomplete_pick()
        if spec is not None:
            return tr("newgame.pick_missing", option=tr(spec.label), total=spec.pick)
        return tr("newgame.missing")

    def draw(self, surface):
        super().draw(surface)
        left = self.game_choice.rect.left
        fonts.blit_text(surface, tr("newgame.seats"), (left, self.seats_top), "body", theme.ACCENT_HI, True)
        fonts.blit_text(surface, tr("newgame.options"), (self.option_toggles[0].rect.left if self.option_toggles else
                                                         left, self.options_top), "body", theme.ACCENT_HI, True)
        info = rules_for(self.game_id).info
        note = tr("newgame.about", players=span(info.min_players, info.max_players), minutes=span(*info.play_time),
                  age=info.age)
        fonts.blit_text(surface, note, (left, self.note_top(surface.get_height())), "small", theme.INK_DIM)
        if not self.start.enabled:
            # Right-aligned with Start, above it, wrapped within the right half of the window.
            lines = fonts.lines(self.missing(), self.start.rect.right - surface.get_width() // 2, "small",
                                max_lines=2)
            lh = fonts.get("small").get_linesize()
            for i, line in enumerate(reversed(lines)):
                fonts.blit_text(surface, line, (self.start.rect.right, self.start.rect.top - scale(6) - i * lh),
                                "small", theme.DANGER, anchor="bottomright")
        self.draw_form(surface)
