"""Pick-list options (an `OptionSpec` with `pick`): the new-game row that shows how many are chosen, and the
picker that chooses exactly `pick` of the option's ids. Generic: the game names its ids through its module's
`option_labels(option_id, lang)` ({id: (name, one-line description)}); the reset button is named by the text
key "<option label>_default"."""

from __future__ import annotations

from collections.abc import Callable
from random import SystemRandom

import pygame

from . import fonts, theme
from .modal import Modal
from .strings import tr
from .theme import scale
from .widgets import Button, Text, Widget, _text


class PickRow(Widget):
    """"Special cards: 10 chosen — Choose…" on the new-game screen: click, Enter or Space opens the picker."""

    def __init__(self, label: Text, count: Callable[[], int], on_open: Callable[[], None], tooltip=None):
        super().__init__(tooltip)
        self.label, self.count, self.on_open = label, count, on_open

    def handle(self, event) -> bool:
        if not (event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and event.button == 1
                and self.rect.collidepoint(event.pos)):
            return False
        if event.type == pygame.MOUSEBUTTONUP and self.enabled:
            self.on_open()
        return True

    def activate(self):
        if self.enabled:
            self.on_open()

    def draw(self, surface):
        self._frame(surface, theme.PANEL_HI if self.hovered else theme.PANEL)
        value = tr("newgame.pick_row", n=self.count())
        right = fonts.blit_text(surface, value, (self.rect.right - scale(16), self.rect.centery), "body",
                                theme.INK if self.enabled else theme.DISABLED, True, anchor="midright")
        room = right.left - self.rect.left - scale(32)
        label = fonts.lines(_text(self.label), room, "body", max_lines=1)[0]
        fonts.blit_text(surface, label, (self.rect.left + scale(16), self.rect.centery), "body", theme.INK_DIM,
                        anchor="midleft")


class PickGrid(Widget):
    """The ids as tiles (name, and the description's first line), in columns that scroll by rows. Arrows
    move the cursor, Enter/Space (`activate`) or a click toggles a tile; the mouse moves the cursor too, so
    the picker's description panel follows what the player points at."""

    TILE_H = 76
    TILE_W = 430  # the narrowest a tile gets: 4 columns in a 1920-wide picker

    def __init__(self, ids: tuple, labels: dict, chosen: set, on_toggle: Callable[[str], None]):
        super().__init__()
        self.ids, self.labels, self.chosen, self.on_toggle = ids, labels, chosen, on_toggle
        self.cursor = 0
        self.offset = 0  # the first row shown

    def wants_arrows(self):
        return True

    @property
    def columns(self) -> int:
        return max(1, self.rect.width // scale(self.TILE_W))

    def _rows_shown(self) -> int:
        return max(1, self.rect.height // scale(self.TILE_H))

    def _rows(self) -> int:
        return -(-len(self.ids) // self.columns)

    def tile_rect(self, index: int) -> pygame.Rect | None:
        """Where tile `index` is drawn, or None while it is scrolled out of view."""
        row, col = divmod(index, self.columns)
        if not self.offset <= row < self.offset + self._rows_shown():
            return None
        w, h = self.rect.width // self.columns, scale(self.TILE_H)
        return pygame.Rect(self.rect.left + col * w, self.rect.top + (row - self.offset) * h, w, h).inflate(
            -scale(8), -scale(8))

    def _at(self, pos) -> int | None:
        return next((i for i in range(len(self.ids)) if (r := self.tile_rect(i)) and r.collidepoint(pos)), None)

    def move(self, index: int) -> None:
        self.cursor = min(len(self.ids) - 1, max(0, index))
        row = self.cursor // self.columns
        self.offset = min(max(self.offset, row - self._rows_shown() + 1), row)

    def handle(self, event) -> bool:
        if event.type == pygame.MOUSEMOTION and self.rect.collidepoint(event.pos):
            index = self._at(event.pos)
            if index is not None:
                self.cursor = index
            return False
        if event.type == pygame.MOUSEWHEEL and self.hovered:
            self.offset = min(max(0, self._rows() - self._rows_shown()), max(0, self.offset - event.y))
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            index = self._at(event.pos)
            if index is not None:
                self.cursor = index
                self.activate()
            return True
        if event.type == pygame.KEYDOWN and self.focused:
            steps = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1, pygame.K_UP: -self.columns, pygame.K_DOWN: self.columns}
            if event.key in steps:
                self.move(self.cursor + steps[event.key])
                return True
        return False

    def activate(self):
        self.on_toggle(self.ids[self.cursor])

    def focus_rect(self) -> pygame.Rect:
        """The tile the keyboard is on (the grid itself while that tile is scrolled out of sight)."""
        return self.tile_rect(self.cursor) or self.rect

    def draw(self, surface):
        for i, item in enumerate(self.ids):
            tile = self.tile_rect(i)
            if tile is not None:
                self._draw_tile(surface, tile, item)
        if self._rows() > self._rows_shown():  # a scrollbar: where the rows shown are among all of them
            track = pygame.Rect(self.rect.right + scale(4), self.rect.top, scale(8), self.rect.height)
            pygame.draw.rect(surface, theme.EDGE, track, border_radius=track.width // 2)
            thumb = pygame.Rect(track.left, 0, track.width, track.height * self._rows_shown() // self._rows())
            thumb.top = track.top + (track.height - thumb.height) * self.offset // (self._rows() - self._rows_shown())
            pygame.draw.rect(surface, theme.ACCENT, thumb, border_radius=track.width // 2)

    def _draw_tile(self, surface, tile, item):
        on = item in self.chosen
        r = scale(8)
        pygame.draw.rect(surface, theme.PANEL_HI if on else theme.BG, tile, border_radius=r)
        pygame.draw.rect(surface, theme.ACCENT if on else theme.EDGE, tile, max(1, scale(3 if on else 2)),
                         border_radius=r)
        # The check box says chosen or not in shape as well as colour.
        box = pygame.Rect(tile.left + scale(12), tile.top + scale(14), scale(24), scale(24))
        pygame.draw.rect(surface, theme.ACCENT if on else theme.PANEL, box, border_radius=scale(4))
        pygame.draw.rect(surface, theme.INK if on else theme.INK_DIM, box, max(1, scale(2)), border_radius=scale(4))
        if on:
            pygame.draw.lines(surface, theme.INK_DARK, False, [(box.left + box.w // 5, box.centery),
                                                               (box.left + box.w * 2 // 5, box.bottom - box.h // 4),
                                                               (box.right - box.w // 5, box.top + box.h // 4)],
                              max(2, scale(4)))
        name, detail = self.labels.get(item, (item, ""))
        left = box.right + scale(12)
        width = tile.right - scale(12) - left
        fonts.blit_text(surface, fonts.lines(name, width, "body", True, 1)[0], (left, tile.top + scale(8)), "body",
                        theme.INK, True)
        if detail:
            fonts.blit_text(surface, fonts.lines(detail, width, "small", max_lines=1)[0],
                            (left, tile.top + scale(38)), "small", theme.INK_DIM)


class Picker(Modal):
    """Choose exactly `spec.pick` of `spec.pick_from`: a counter, the tiles, the full description of the one
    under the cursor, and Default / Random / Cancel / OK (OK only with exactly `pick` chosen)."""

    title_size = "title"

    def __init__(self, app, spec, labels: dict, value, on_done: Callable[[tuple], None]):
        super().__init__(app)
        self.spec, self.labels, self.on_done = spec, labels, on_done
        self.chosen = set(value)
        self.full_note = False  # the player tried to add one more than `pick`
        self.grid = self.form.add(PickGrid(tuple(spec.pick_from), labels, self.chosen, self.toggle))
        self.default_button = self.form.add(Button(lambda: tr(f"{spec.label}_default"), self.reset))
        self.random_button = self.form.add(Button(lambda: tr("newgame.pick_random"), self.shuffle))
        self.cancel = self.form.add(Button(lambda: tr("ui.cancel"), self.escape))
        self.ok = self.form.add(Button(lambda: tr("ui.ok"), self.confirm, "primary"))
        self._refresh()
        self.form.set_focus(0)

    def title(self) -> str:
        return tr(self.spec.label)

    def toggle(self, item: str) -> None:
        self.full_note = item not in self.chosen and len(self.chosen) >= self.spec.pick
        if item in self.chosen:
            self.chosen.discard(item)
        elif not self.full_note:
            self.chosen.add(item)
        self._refresh()

    def _set(self, items) -> None:
        self.chosen.clear()
        self.chosen.update(items)
        self.full_note = False
        self._refresh()

    def reset(self) -> None:
        self._set(self.spec.default)

    def shuffle(self) -> None:
        self._set(SystemRandom().sample(list(self.spec.pick_from), self.spec.pick))

    def confirm(self) -> None:
        if len(self.chosen) == self.spec.pick:
            self.app.pop(self)
            self.on_done(tuple(i for i in self.spec.pick_from if i in self.chosen))

    def _refresh(self) -> None:
        self.ok.enabled = len(self.chosen) == self.spec.pick

    def layout(self, width, height):
        self.box = pygame.Rect(0, 0, width, height).inflate(-scale(60), -scale(40))
        inner = self.box.inflate(-scale(60), 0)
        bh = scale(68)
        buttons_top = self.box.bottom - scale(24) - bh
        self.detail_rect = pygame.Rect(inner.left, buttons_top - scale(130), inner.width, scale(116))
        self.counter_y = self.box.top + scale(96)
        self.grid.rect = pygame.Rect(inner.left, self.box.top + scale(150), inner.width - scale(16),
                                     self.detail_rect.top - scale(10) - self.box.top - scale(150))
        self.grid.move(self.grid.cursor)  # keeps the cursor's row in view at the new size
        bw, gap = scale(300), scale(24)
        for i, b in enumerate((self.default_button, self.random_button)):
            b.rect = pygame.Rect(inner.left + i * (bw + gap), buttons_top, bw, bh)
        for i, b in enumerate((self.ok, self.cancel)):
            b.rect = pygame.Rect(inner.right - (i + 1) * bw - i * gap, buttons_top, bw, bh)

    def handle(self, event):
        if event.type == pygame.MOUSEMOTION:
            self.grid.handle(event)  # the cursor follows the pointer (the form gives motion only for hover)
        super().handle(event)

    def draw(self, surface):
        self.draw_panel(surface)
        done = len(self.chosen) == self.spec.pick
        counter = tr("newgame.pick_counter", n=len(self.chosen), total=self.spec.pick)
        r = fonts.blit_text(surface, counter, (self.grid.rect.left, self.counter_y), "large",
                            theme.GOOD if done else theme.INK, True)
        if self.full_note:
            fonts.blit_text(surface, tr("newgame.pick_full", total=self.spec.pick),
                            (r.right + scale(24), r.centery), "body", theme.DANGER, anchor="midleft")
        self._draw_detail(surface)
        self.form.draw(surface)

    def _draw_detail(self, surface) -> None:
        """The whole description of the tile under the cursor (a tile shows only its first line)."""
        rect = self.detail_rect
        pygame.draw.rect(surface, theme.BG, rect, border_radius=scale(8))
        name, detail = self.labels.get(self.grid.ids[self.grid.cursor], ("", ""))
        inner = rect.inflate(-scale(24), -scale(16))
        fonts.blit_text(surface, fonts.lines(name, inner.width, "body", True, 1)[0], inner.topleft, "body",
                        theme.ACCENT_HI, True)
        lh = fonts.get("small").get_linesize()
        y = inner.top + fonts.get("body", True).get_linesize()
        for line in fonts.lines(detail, inner.width, "small", max_lines=max(1, (inner.bottom - y) // lh)):
            fonts.blit_text(surface, line, (inner.left, y), "small", theme.INK)
            y += lh
