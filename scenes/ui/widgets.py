"""The widget kit: buttons, toggles, sliders, choosers, text fields and lists, plus `Form`, which gives a
set of widgets mouse hover, keyboard focus (Tab, arrows, Enter, Esc) and tooltips.

Widgets know nothing of layout: a scene sets each widget's `rect` in `layout()` (the window may be resized
at any time) and calls `form.handle(event)` / `form.draw(surface)`.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable

import pygame

from . import fonts, graphemes, theme
from .theme import scale

Text = str | Callable[[], str]  # a label may be a function so that it follows the language setting


def _text(value: Text) -> str:
    return value() if callable(value) else value


def focus_ring(surface, rect: pygame.Rect, radius: int = 10) -> None:
    """The keyboard focus, the same on every screen: a 3 px (at 720p) bright ring standing a few pixels clear of
    `rect`, edged in dark on both sides so that it shows on the dark chrome, a light card and a coloured felt
    alike. `Form` draws it round its focused widget; a table round what its keyboard choice is on."""
    gap, width, halo = max(3, scale(6)), max(3, scale(4)), max(1, scale(2))
    ring = rect.inflate(2 * (gap + width), 2 * (gap + width))
    r = scale(radius) + gap + width
    pygame.draw.rect(surface, theme.FOCUS_HALO, ring.inflate(2 * halo, 2 * halo), halo, border_radius=r + halo)
    pygame.draw.rect(surface, theme.FOCUS, ring, width, border_radius=r)
    pygame.draw.rect(surface, theme.FOCUS_HALO, ring.inflate(-2 * width, -2 * width), halo,
                     border_radius=max(0, r - width))


class Widget:
    focusable = True

    def __init__(self, tooltip: Text | None = None, enabled: bool = True):
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.tooltip = tooltip
        self.enabled = enabled
        self.hovered = False
        self.focused = False
        self.visible = True

    def handle(self, event) -> bool:
        """Handle one pygame event; True when consumed."""
        return False

    def activate(self) -> None:
        """Enter or Space while focused."""

    def draw(self, surface) -> None:
        pass

    def set_focus(self, focused: bool) -> None:
        self.focused = focused

    def wants_arrows(self) -> bool:
        """True when Left/Right (or Up/Down) mean something to this widget rather than moving focus."""
        return False

    def focus_rect(self) -> pygame.Rect:
        """What the focus ring goes round: the widget, or the part of it the keyboard is on (a grid's tile)."""
        return self.rect

    def _frame(self, surface, fill, edge=theme.EDGE, radius=10):
        r = scale(radius)
        pygame.draw.rect(surface, fill, self.rect, border_radius=r)
        pygame.draw.rect(surface, edge, self.rect, max(1, scale(2)), border_radius=r)


class Label(Widget):
    focusable = False

    def __init__(self, text: Text, size="body", color=theme.INK, bold=False, align="left"):
        super().__init__()
        self.text, self.size, self.color, self.bold, self.align = text, size, color, bold, align

    def draw(self, surface):
        fonts.blit_wrapped(surface, _text(self.text), self.rect, self.size, self.color, self.bold, align=self.align)


class Button(Widget):
    STYLES = {
        "normal": (theme.PANEL_HI, theme.EDGE, theme.INK),
        "primary": (theme.ACCENT, theme.ACCENT_HI, theme.INK_DARK),
        "danger": (theme.DANGER, (220, 90, 80), theme.INK),
    }

    def __init__(self, text: Text, on_click: Callable[[], None], style="normal", tooltip=None, enabled=True,
                 size="body"):
        super().__init__(tooltip, enabled)
        self.text, self.on_click, self.style, self.size = text, on_click, style, size
        self.pressed = False

    def handle(self, event) -> bool:
        if not self.enabled or not self.visible:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            self.pressed = True
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.pressed:
            self.pressed = False
            if self.rect.collidepoint(event.pos):
                self.on_click()
            return True
        return False

    def activate(self):
        if self.enabled:
            self.on_click()

    def draw(self, surface):
        if not self.visible:
            return
        fill, edge, ink = self.STYLES[self.style]
        if not self.enabled:
            fill, ink = theme.PANEL, theme.DISABLED
        elif self.pressed:
            fill = tuple(max(0, c - 25) for c in fill)
        elif self.hovered:
            fill = tuple(min(255, c + 22) for c in fill)
        self._frame(surface, fill, edge)
        text = _text(self.text)
        lines = fonts.lines(text, self.rect.width - scale(16), self.size, True, max_lines=2)
        line_h = fonts.get(self.size, True).get_linesize()
        y = self.rect.centery - line_h * len(lines) // 2
        for line in lines:
            fonts.blit_text(surface, line, (self.rect.centerx, y), self.size, ink, True, anchor="midtop")
            y += line_h


class Toggle(Widget):
    def __init__(self, label: Text, value: bool, on_change: Callable[[bool], None], tooltip=None, enabled=True):
        super().__init__(tooltip, enabled)
        self.label, self.value, self.on_change = label, value, on_change

    def handle(self, event) -> bool:
        if self.enabled and event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.rect.collidepoint(
                event.pos):
            self.activate()
            return True
        return event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos)

    def activate(self):
        if self.enabled:
            self.value = not self.value
            self.on_change(self.value)

    def draw(self, surface):
        self._frame(surface, theme.PANEL_HI if self.hovered else theme.PANEL)
        sw = pygame.Rect(0, 0, scale(64), scale(32))
        sw.midright = (self.rect.right - scale(14), self.rect.centery)
        on = self.value
        pygame.draw.rect(surface, theme.GOOD if on else theme.DISABLED, sw, border_radius=sw.height // 2)
        knob = sw.height // 2 - scale(3)
        cx = sw.right - sw.height // 2 if on else sw.left + sw.height // 2
        pygame.draw.circle(surface, theme.INK, (cx, sw.centery), knob)
        # The state is also written, not only coloured (colour is never the only signal).
        from .strings import tr

        mark = tr("ui.on") if on else tr("ui.off")
        fonts.blit_text(surface, mark, (sw.left - scale(10), self.rect.centery), "small", theme.INK_DIM,
                        anchor="midright")
        ink = theme.INK if self.enabled else theme.DISABLED
        text_rect = pygame.Rect(self.rect.left + scale(16), self.rect.top, self.rect.width - scale(200),
                                self.rect.height)
        label = fonts.lines(_text(self.label), text_rect.width, "body", max_lines=1)[0]
        fonts.blit_text(surface, label, (text_rect.left, self.rect.centery), "body", ink, anchor="midleft")


class Choice(Widget):
    """A value picked from a short list: click or Left/Right cycles through it."""

    def __init__(self, label: Text, options: list, index: int, on_change: Callable[[object], None],
                 tooltip=None, enabled=True, size="body"):
        super().__init__(tooltip, enabled)
        self.label, self.options, self.index, self.on_change, self.size = label, options, index, on_change, size

    @property
    def value(self):
        return self.options[self.index][0]

    def set_value(self, value) -> None:
        for i, (v, _) in enumerate(self.options):
            if v == value:
                self.index = i

    def step(self, delta: int) -> None:
        if self.enabled and self.options:
            self.index = (self.index + delta) % len(self.options)
            self.on_change(self.value)

    def wants_arrows(self):
        return True

    def shown_value(self) -> str:
        """The value's name, cut short with an ellipsis when it would run out of the widget (a long game
        name in a narrow column): the arrows stay inside, and nothing is drawn over what is beside it."""
        measure = fonts.measure(self.size, True)
        label = _text(self.label)
        room = self.rect.width - 2 * (measure("‹") + scale(10)) - scale(32)
        if label:
            room -= fonts.measure(self.size)(label) + scale(16)
        return fonts.lines(_text(self.options[self.index][1]), max(1, room), self.size, True, max_lines=1)[0]

    def parts(self) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
        """Where ‹, the value and › are drawn: at the right when there is a label, else centred."""
        measure = fonts.measure(self.size, True)
        arrow_w, gap = measure("‹"), scale(10)
        value_w = measure(self.shown_value()) if self.options else 0
        total = value_w + 2 * (arrow_w + gap)
        right = self.rect.right - scale(16) if _text(self.label) else self.rect.centerx + total // 2
        box = pygame.Rect(right - total, self.rect.top, total, self.rect.height)
        return (pygame.Rect(box.left, box.top, arrow_w, box.height),
                pygame.Rect(box.left + arrow_w + gap, box.top, value_w, box.height),
                pygame.Rect(box.right - arrow_w, box.top, arrow_w, box.height))

    def _clicked_step(self, event) -> int:
        """A left click on ‹ steps back, anywhere else forward; a right click steps back."""
        if event.button == 3:
            return -1
        back = self.parts()[0]
        reach = scale(14)  # the arrow is small: its target reaches a little around it
        return -1 if back.inflate(2 * reach, 0).collidepoint(event.pos) else 1

    def handle(self, event) -> bool:
        if not self.enabled:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3) and self.rect.collidepoint(event.pos):
            self.step(self._clicked_step(event))
            return True
        if event.type == pygame.KEYDOWN and self.focused and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.step(-1 if event.key == pygame.K_LEFT else 1)
            return True
        return False

    def activate(self):
        self.step(1)

    def draw(self, surface):
        self._frame(surface, theme.PANEL_HI if self.hovered else theme.PANEL)
        ink = theme.INK if self.enabled else theme.DISABLED
        label = _text(self.label)
        if label:
            fonts.blit_text(surface, label, (self.rect.left + scale(16), self.rect.centery), self.size, theme.INK_DIM,
                            anchor="midleft")
        if not self.options:
            fonts.blit_text(surface, "—", self.rect.center, self.size, ink, True, anchor="center")
            return
        back, value, forward = self.parts()
        for text, rect in (("‹", back), (self.shown_value(), value), ("›", forward)):
            fonts.blit_text(surface, text, rect.midleft, self.size, ink, True, anchor="midleft")


class Slider(Widget):
    def __init__(self, label: Text, value: float, on_change: Callable[[float], None], steps: int = 10,
                 tooltip=None):
        super().__init__(tooltip)
        self.label, self.value, self.on_change, self.steps = label, value, on_change, steps
        self.dragging = False

    def wants_arrows(self):
        return True

    def _track(self) -> pygame.Rect:
        track = pygame.Rect(0, 0, self.rect.width // 2, scale(8))
        track.midright = (self.rect.right - scale(90), self.rect.centery)
        return track

    def _set_from_x(self, x: int) -> None:
        track = self._track()
        value = min(1.0, max(0.0, (x - track.left) / max(1, track.width)))
        self._set(round(value * self.steps) / self.steps)

    def _set(self, value: float) -> None:
        value = min(1.0, max(0.0, value))
        if value != self.value:
            self.value = value
            self.on_change(value)

    def handle(self, event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            self.dragging = True
            self._set_from_x(event.pos[0])
            return True
        if event.type == pygame.MOUSEMOTION and self.dragging:
            self._set_from_x(event.pos[0])
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.dragging:
            self.dragging = False
            return True
        if event.type == pygame.KEYDOWN and self.focused and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self._set(self.value + (1 if event.key == pygame.K_RIGHT else -1) / self.steps)
            return True
        return False

    def draw(self, surface):
        self._frame(surface, theme.PANEL_HI if self.hovered else theme.PANEL)
        fonts.blit_text(surface, _text(self.label), (self.rect.left + scale(16), self.rect.centery), "body",
                        theme.INK, anchor="midleft")
        track = self._track()
        pygame.draw.rect(surface, theme.EDGE, track, border_radius=track.height // 2)
        filled = track.copy()
        filled.width = int(track.width * self.value)
        pygame.draw.rect(surface, theme.ACCENT, filled, border_radius=track.height // 2)
        pygame.draw.circle(surface, theme.INK, (filled.right, track.centery), scale(14))
        fonts.blit_text(surface, f"{round(self.value * 100)}%", (self.rect.right - scale(16), self.rect.centery),
                        "body", theme.INK, anchor="midright")


class TextField(Widget):
    """One line of text. Japanese goes through the IME: TEXTEDITING shows the composition underlined in
    place, TEXTINPUT commits it. What is typed, pasted or given is kept only as `fonts.clean_line` allows
    (no control or invisible characters), and the caret moves by whole characters as a reader sees them
    (graphemes), never into the middle of an emoji sequence or a letter with its accent."""

    def __init__(self, text: str, on_change: Callable[[str], None], max_len: int = 24, label: Text = "",
                 tooltip=None):
        super().__init__(tooltip)
        self.on_change, self.max_len, self.label = on_change, max_len, label
        self.set_text(text)
        self.composition = ""

    def wants_arrows(self):
        return True

    def set_text(self, text: str) -> None:
        """Replace the text from the program (not an edit: `on_change` is not called)."""
        self.text = fonts.clean_line(text)[:self.max_len]
        self.cursor = len(self.text)

    def set_focus(self, focused: bool) -> None:
        if focused and not self.focused:
            pygame.key.start_text_input()
            pygame.key.set_text_input_rect(self.rect)
        elif not focused and self.focused:
            pygame.key.stop_text_input()
            self.composition = ""
        self.focused = focused

    def _replace(self, start: int, end: int, s: str) -> None:
        """text[start:end] becomes `s`; the caret goes after it."""
        self.text = self.text[:start] + s + self.text[end:]
        self.cursor = graphemes.snap(self.text, start + len(s))
        self.on_change(self.text)

    def _insert(self, s: str) -> None:
        s = fonts.clean_line(s)[:max(0, self.max_len - len(self.text))]
        if s:
            self._replace(self.cursor, self.cursor, s)

    def _key(self, event) -> bool:
        text, cursor = self.text, self.cursor
        if event.key == pygame.K_BACKSPACE and cursor > 0:
            self._replace(graphemes.previous(text, cursor), cursor, "")
        elif event.key == pygame.K_DELETE and cursor < len(text):
            self._replace(cursor, graphemes.following(text, cursor), "")
        elif event.key == pygame.K_LEFT:
            self.cursor = graphemes.previous(text, cursor)
        elif event.key == pygame.K_RIGHT:
            self.cursor = graphemes.following(text, cursor)
        elif event.key in (pygame.K_HOME, pygame.K_END):
            self.cursor = 0 if event.key == pygame.K_HOME else len(text)
        elif event.key == pygame.K_v and event.mod & pygame.KMOD_CTRL:
            with contextlib.suppress(pygame.error):
                self._insert(pygame.scrap.get_text() or "")
        else:
            return event.key not in (pygame.K_TAB, pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER,
                                     pygame.K_UP, pygame.K_DOWN)
        return True

    def handle(self, event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self.rect.collidepoint(event.pos)
        if not self.focused:
            return False
        if event.type == pygame.TEXTEDITING:
            self.composition = fonts.clean_line(event.text)
            return True
        if event.type == pygame.TEXTINPUT:
            self.composition = ""
            self._insert(event.text)
            return True
        if event.type == pygame.KEYDOWN:
            # The IME owns the keys while composing.
            return True if self.composition else self._key(event)
        return False

    def draw(self, surface):
        self._frame(surface, (30, 26, 24) if self.focused else theme.PANEL)
        x = self.rect.left + scale(14)
        y = self.rect.centery
        if self.label:
            r = fonts.blit_text(surface, _text(self.label), (x, y), "small", theme.INK_DIM, anchor="midleft")
            x = r.right + scale(12)
        room = pygame.Rect(x, self.rect.top, self.rect.right - scale(14) - x, self.rect.height)
        width = fonts.measure("body")
        # While editing, a text wider than the field slides left so that the caret stays in view; at rest
        # the field shows the text's beginning.
        if self.focused:
            x -= max(0, width(self.text[:self.cursor] + self.composition) - room.width)
        clip = surface.get_clip()
        surface.set_clip(room.clip(clip) if clip else room)
        before = fonts.blit_text(surface, self.text[:self.cursor], (x, y), "body", theme.INK, anchor="midleft")
        cx = before.right
        if self.composition:
            cr = fonts.blit_text(surface, self.composition, (cx, y), "body", theme.ACCENT_HI, anchor="midleft")
            pygame.draw.line(surface, theme.ACCENT_HI, (cr.left, cr.bottom), (cr.right, cr.bottom), max(1, scale(2)))
            cx = cr.right
        fonts.blit_text(surface, self.text[self.cursor:], (cx, y), "body", theme.INK, anchor="midleft")
        surface.set_clip(clip)
        if self.focused and (pygame.time.get_ticks() // 500) % 2 == 0:
            h = fonts.get("body").get_height()
            cx = min(cx, room.right - 2)
            pygame.draw.line(surface, theme.INK, (cx + 1, y - h // 2), (cx + 1, y + h // 2), max(1, scale(2)))


class ListView(Widget):
    """A scrolling list of rows (title and optional detail line); Up/Down select, Enter activates."""

    def __init__(self, rows: list, on_select=None, on_activate=None, row_height: int = 84,
                 empty: str = "ui.empty_list"):
        super().__init__()
        self.rows = rows  # list of (title, detail)
        self.empty = empty  # the text key said in place of no rows
        self.selected = 0 if rows else -1
        self.on_select, self.on_activate = on_select, on_activate
        self.row_height = row_height
        self.offset = 0

    def wants_arrows(self):
        return True

    def set_rows(self, rows: list) -> None:
        self.rows = rows
        self.selected = min(max(self.selected, 0), len(rows) - 1) if rows else -1
        self.offset = 0

    def _visible(self) -> int:
        return max(1, self.rect.height // scale(self.row_height))

    def _select(self, index: int) -> None:
        if not self.rows:
            return
        self.selected = min(len(self.rows) - 1, max(0, index))
        if self.selected < self.offset:
            self.offset = self.selected
        elif self.selected >= self.offset + self._visible():
            self.offset = self.selected - self._visible() + 1
        if self.on_select:
            self.on_select(self.selected)

    def _scrollbar(self) -> pygame.Rect | None:
        """The track at the right edge, when there are more rows than fit: the rows make room for it."""
        if len(self.rows) <= self._visible():
            return None
        width = scale(8)
        return pygame.Rect(self.rect.right - width - scale(6), self.rect.top + scale(8), width,
                           self.rect.height - scale(16))

    def _draw_scrollbar(self, surface, track: pygame.Rect) -> None:
        pygame.draw.rect(surface, theme.EDGE, track, border_radius=track.width // 2)
        shown = self._visible() / len(self.rows)
        thumb = pygame.Rect(track.left, 0, track.width, max(track.width * 2, int(track.height * shown)))
        thumb.top = track.top + int((track.height - thumb.height) * self.offset / (len(self.rows) - self._visible()))
        pygame.draw.rect(surface, theme.ACCENT, thumb, border_radius=track.width // 2)

    def handle(self, event) -> bool:
        if event.type == pygame.MOUSEWHEEL and self.hovered:
            self.offset = min(max(0, len(self.rows) - self._visible()), max(0, self.offset - event.y))
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            index = self.offset + (event.pos[1] - self.rect.top) // scale(self.row_height)
            if index < len(self.rows):
                again = index == self.selected and getattr(event, "clicks", 1) >= 2
                self._select(index)
                if again and self.on_activate:
                    self.on_activate(self.selected)
            return True
        if event.type == pygame.KEYDOWN and self.focused and event.key in (pygame.K_UP, pygame.K_DOWN):
            self._select(self.selected + (1 if event.key == pygame.K_DOWN else -1))
            return True
        return False

    def activate(self):
        if self.on_activate and self.selected >= 0:
            self.on_activate(self.selected)

    def draw(self, surface):
        self._frame(surface, theme.PANEL, radius=6)
        clip = surface.get_clip()
        surface.set_clip(self.rect.inflate(-scale(4), -scale(4)))
        h = scale(self.row_height)
        bar = self._scrollbar()
        for i in range(self.offset, min(len(self.rows), self.offset + self._visible() + 1)):
            row = pygame.Rect(self.rect.left + scale(6), self.rect.top + (i - self.offset) * h + scale(4),
                              (bar.left if bar else self.rect.right) - self.rect.left - scale(12), h - scale(6))
            if i == self.selected:
                pygame.draw.rect(surface, theme.PANEL_HI, row, border_radius=scale(6))
                pygame.draw.rect(surface, theme.ACCENT, row, max(1, scale(2)), border_radius=scale(6))
            title, detail = self.rows[i] if isinstance(self.rows[i], tuple) else (self.rows[i], "")
            inner = row.inflate(-scale(24), 0)
            fonts.blit_text(surface, fonts.lines(title, inner.width, "body", True, 1)[0],
                            (inner.left, row.top + scale(8)), "body", theme.INK, True)
            if detail:
                fonts.blit_text(surface, fonts.lines(detail, inner.width, "small", max_lines=1)[0],
                                (inner.left, row.top + scale(44)), "small", theme.INK_DIM)
        surface.set_clip(clip)
        if bar:
            self._draw_scrollbar(surface, bar)
        if not self.rows:
            from .strings import tr

            fonts.blit_text(surface, tr(self.empty), self.rect.center, "body", theme.INK_DIM, anchor="center")


class Form:
    """Focus, hover and tooltips for a set of widgets. Tab/Shift+Tab and Up/Down move the focus (unless the
    focused widget uses arrows), Enter/Space activate, the mouse focuses what it presses."""

    TOOLTIP_DELAY = 0.6

    def __init__(self, widgets: list | None = None):
        self.widgets: list[Widget] = widgets or []
        self.focus = -1
        self.hover_time = 0.0
        self.hover: Widget | None = None
        self.mouse = (0, 0)

    def add(self, widget: Widget) -> Widget:
        self.widgets.append(widget)
        return widget

    def _focusables(self) -> list[int]:
        return [i for i, w in enumerate(self.widgets) if w.focusable and w.enabled and w.visible]

    def set_focus(self, index: int) -> None:
        # Everything else lets go first: a text field that loses the focus stops text input, which must
        # not happen after the newly focused field has started it.
        for i, w in enumerate(self.widgets):
            if i != index:
                w.set_focus(False)
        if 0 <= index < len(self.widgets):
            self.widgets[index].set_focus(True)
        self.focus = index

    def focus_widget(self, widget: Widget) -> None:
        self.set_focus(self.widgets.index(widget))

    def move_focus(self, delta: int) -> None:
        order = self._focusables()
        if not order:
            return
        if self.focus not in order:
            self.set_focus(order[0] if delta > 0 else order[-1])
            return
        self.set_focus(order[(order.index(self.focus) + delta) % len(order)])

    @property
    def focused(self) -> Widget | None:
        return self.widgets[self.focus] if 0 <= self.focus < len(self.widgets) else None

    def handle(self, event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            hover = None
            for w in self.widgets:
                w.hovered = w.visible and w.rect.collidepoint(event.pos)
                if w.hovered:
                    hover = w
            if hover is not self.hover:
                self.hover, self.hover_time = hover, 0.0
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i, w in enumerate(self.widgets):
                if w.visible and w.focusable and w.enabled and w.rect.collidepoint(event.pos):
                    self.set_focus(i)
        focused = self.focused
        # The focused widget sees keys first (a text field wants its letters and arrows).
        if focused is not None and event.type in (pygame.KEYDOWN, pygame.TEXTINPUT, pygame.TEXTEDITING) and \
                focused.handle(event):
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_TAB:
                self.move_focus(-1 if event.mod & pygame.KMOD_SHIFT else 1)
                return True
            arrows = (pygame.K_UP, pygame.K_DOWN) if focused is None or not focused.wants_arrows() or isinstance(
                focused, Choice | Slider) else ()
            if event.key in arrows:
                self.move_focus(1 if event.key == pygame.K_DOWN else -1)
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and focused is not None:
                focused.activate()
                return True
            return False
        if event.type in (pygame.KEYDOWN, pygame.TEXTINPUT, pygame.TEXTEDITING):
            return False
        return any(w.visible and w.handle(event) for w in reversed(self.widgets))

    def update(self, dt: float) -> None:
        self.hover_time += dt

    def draw(self, surface) -> None:
        for w in self.widgets:
            if w.visible:
                w.draw(surface)
        # The focus ring is drawn here, for every kind of widget, after them all: nothing beside covers it.
        focused = self.focused
        if focused is not None and focused.visible and focused.focusable:
            focus_ring(surface, focused.focus_rect())

    def draw_tooltip(self, surface) -> None:
        w = self.hover
        if w is None or not w.tooltip or self.hover_time < self.TOOLTIP_DELAY:
            return
        draw_tooltip(surface, _text(w.tooltip), self.mouse)


def draw_tooltip(surface, text: str, pos) -> None:
    width = scale(520)
    lines = fonts.lines(text, width - scale(24), "small")
    lh = fonts.get("small").get_linesize()
    box = pygame.Rect(0, 0, min(width, max(fonts.measure("small")(line) for line in lines) + scale(28)),
                      lh * len(lines) + scale(20))
    box.topleft = (pos[0] + scale(18), pos[1] + scale(22))
    box.clamp_ip(surface.get_rect())
    pygame.draw.rect(surface, (20, 18, 16), box, border_radius=scale(8))
    pygame.draw.rect(surface, theme.ACCENT, box, max(1, scale(2)), border_radius=scale(8))
    y = box.top + scale(10)
    for line in lines:
        fonts.blit_text(surface, line, (box.left + scale(14), y), "small", theme.INK)
        y += lh
