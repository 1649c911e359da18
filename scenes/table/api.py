"""The table API: every hook the generic TableScene (scenes/table/scene.py) calls on a game's table, in one
Protocol with what each hook must do. `GameTable` (scenes/table/base.py) gives defaults for many of them; a
game's table (scenes/tables/<game>.py, class `Table`) provides the rest, by hand or from the kit
(scenes/table/kit). tests/test_table_kit.py checks every registered table against this Protocol, so a new
game's table is checked the moment it is registered in scenes/tables/__init__.py.

Hit keys are strings (see kit/hits.py for their typed form, `Hit`); rects are pygame.Rect in window pixels.
"""

from __future__ import annotations

import inspect
from typing import Protocol, runtime_checkable

import pygame


@runtime_checkable
class TableAPI(Protocol):
    # View keys the table never draws (what a seat only remembers): two players' views differing only there
    # need no hot-seat curtain between them.
    unshown_view_keys: tuple

    # -- layout ---------------------------------------------------------------------------------------------

    def layout(self, width: int, height: int) -> None:
        """Lay out every zone for a window of this size, seen from the scene's current viewer. Called on every
        resize and whenever the viewer changes."""

    def menu_rect(self) -> pygame.Rect:
        """Where the Menu button goes."""

    def prompt_rect(self) -> pygame.Rect:
        """Where the scene draws the prompt line (what to do now, who is thinking)."""

    def log_rect(self) -> pygame.Rect | None:
        """Where the scene draws the game log; None for no log."""

    # -- pieces and their motion ----------------------------------------------------------------------------

    def placements(self, view: dict) -> dict:
        """{piece key: board.Placement} for everything the board animates in `view` (a card, a token)."""

    def plan(self, events: list, before: dict, after: dict) -> tuple[dict, dict]:
        """(plan, exits) for Board.settle after `events` took the view `before` to `after`: {key: [Leg...]}
        shaping the paths, and {key: Rect} where pieces leaving the board fly. kit.Widgets.plan does it
        from the zones; a table adds its special moments."""

    def on_events(self, events: list, before: dict, after: dict) -> None:
        """Sounds, flashes and floating words for what just happened (never a rule)."""

    def decision_text(self, decision) -> str:
        """The prompt line for the viewer's pending decision (its prompt key with its parameters, named in the
        player's language: a card id as the card's name, a seat as its player)."""

    def describe(self, events: list, viewer: int | None) -> list[str]:
        """The log lines for `events` as `viewer` may read them, in the current language."""

    def update(self, dt: float) -> None:
        """Advance the table's own animations (flashes, floating words, dice) by `dt` seconds."""

    def busy(self) -> bool:
        """A table's own animation still running (a pawn walking, dice rolling): the scene waits for it."""

    def finish(self) -> None:
        """End every animation at once (an undo during one)."""

    # -- input -----------------------------------------------------------------------------------------------

    def gestures(self, view: dict, legal: list) -> list:
        """One gestures.Gesture per legal action (and table-side steps), with the hit keys to drag from, drop
        on or click, and a label in the player's language."""

    def button_gestures(self, gestures: list) -> list:
        """[(rect, gesture)] for the gestures offered as buttons (Stop, Pass, a ChoicePanel's answers)."""

    def hits(self, pos) -> list[str]:
        """Every hit key under `pos`, the most specific first (a card before its zone)."""

    def rect_of(self, key: str) -> pygame.Rect | None:
        """Where the thing a hit key names is on screen: the keyboard highlight, the drop glow, tests."""

    def piece_in(self, piece_key: str, dragged: str) -> bool:
        """Is this board piece part of what the hit key `dragged` picks up (it is drawn under the pointer)?"""

    def face_at(self, pos, view: dict) -> str | None:
        """The face under `pos` to show large (right click, a long hover), or None."""

    def tooltip(self, key: str, view: dict) -> str | None:
        """A tooltip for the hit key under the pointer when it has no face to show, or None."""

    def auto_action(self, view: dict, legal: list, solo: bool):
        """An action the table takes for the player (an option such as Quick defence), or None."""

    def ai_budget(self, level: str) -> float:
        """Seconds an AI seat of this level may think."""

    # -- drawing ---------------------------------------------------------------------------------------------

    def draw_table(self, surface, view: dict, lit=(), active=(), hover=None) -> None:
        """Everything under the pieces: backdrop, zones, seat panels. `lit`: keys to glow as drop targets or
        the keyboard's choice; `active`: keys that can be clicked or dragged; `hover`: the key under the
        pointer."""

    def draw_piece(self, surface, piece, board, lift: int = 0) -> None:
        """One board piece as it is now (mid-flight, flipping), raised by `lift` pixels when hovered."""

    def card_image(self, face: str | None, w: int, h: int) -> pygame.Surface:
        """A card's face (None: its back) at w×h: the only place a game's card art enters the kit."""

    def draw_hud(self, surface, view: dict) -> None:
        """What lies over the pieces: counts, panels, floating words."""

    def draw_button_marks(self, surface, buttons: list) -> None:
        """Over the action buttons, once drawn: marks of the table's own on them (GameTable's draws none)."""

    def draw_dragged(self, surface, key: str, pos, view: dict) -> None:
        """What is being dragged (the hit key `key`), under the pointer at `pos`."""

    def draw_preview(self, surface, face: str, docked: bool = False) -> None:
        """A face shown large: centred over a dimmed table, or docked over the log."""

    def flash_message(self, text: str) -> None:
        """A short notice over the table (a toast)."""


def hooks() -> tuple[str, ...]:
    """The names the Protocol declares: its methods and attributes."""
    names = [n for n, v in vars(TableAPI).items() if not n.startswith("_") and callable(v)]
    return tuple(sorted({*names, *TableAPI.__annotations__}))


def problems(table_class) -> list[str]:
    """What `table_class` lacks or takes differently from the Protocol; [] when it provides every hook."""
    out = []
    for name in hooks():
        if not hasattr(table_class, name):
            out.append(f"{table_class.__name__} has no {name}")
            continue
        wanted = getattr(TableAPI, name, None)
        if not callable(wanted):
            continue
        given = getattr(table_class, name)
        if not callable(given):
            out.append(f"{table_class.__name__}.{name} is not callable")
            continue
        out.extend(f"{table_class.__name__}.{name}: {p}" for p in _signature_problems(wanted, given))
    return out


def _signature_problems(wanted, given) -> list[str]:
    """The scene calls each hook positionally with the Protocol's parameters (and by keyword with its
    optional ones): the table's method must take exactly that."""
    want = list(inspect.signature(wanted).parameters.values())[1:]
    have = list(inspect.signature(given).parameters.values())[1:]
    if any(p.kind == p.VAR_POSITIONAL for p in have):
        return []
    out = []
    required = [p for p in have if p.default is p.empty and p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    if len(required) > len(want):
        out.append(f"needs {len(required)} arguments, the scene gives {len(want)}")
    if len(have) < len(want):
        out.append(f"takes {len(have)} arguments, the scene gives up to {len(want)}")
    names = {p.name for p in have}
    out.extend(f"has no keyword argument {p.name!r}" for p in want if p.default is not p.empty and p.name not in names)
    return out
