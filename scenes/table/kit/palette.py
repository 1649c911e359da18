"""Colour roles and the two palettes they are painted in.

A table gives some colours a meaning (a suit, a fate, a dragon's colour, a team): it declares them as a `Roles`,
each role with its colour in the standard palette (the table's own look) and in the colour-blind-safe one, built
from `SAFE` below. The table reads a role's colour (`roles["doom"]`) when it draws or lays out, so the player's
`palette` setting (see `use`) switches every table at once; generic code never names a table's roles.

`SAFE` is the Okabe–Ito set (Okabe & Ito, "Color Universal Design", 2008), with darker and lighter steps and
greys for tables that need more than seven colours; every table's safe roles stay apart under simulated
protanopia, deuteranopia and tritanopia (tests/test_access.py checks it). A colour is still never the only sign:
each role also comes with a letter, a symbol or its name on the table.
"""

from __future__ import annotations

import sys
from collections.abc import Callable

from ...prefs import PALETTES

SAFE = {
    "orange": (230, 159, 0), "sky": (86, 180, 233), "green": (0, 158, 115), "yellow": (240, 228, 66),
    "blue": (0, 114, 178), "vermillion": (213, 94, 0), "purple": (204, 121, 167),
    # Steps of those for tables with many roles, and the greys.
    "blue_dark": (0, 63, 98), "sky_light": (171, 218, 244), "orange_dark": (127, 87, 0),
    "orange_light": (243, 207, 128), "vermillion_dark": (117, 52, 0), "vermillion_light": (234, 175, 128),
    "black": (28, 28, 32), "grey_dark": (80, 80, 80), "grey": (128, 128, 128), "grey_light": (190, 190, 190),
    "white": (240, 240, 240),
}

_current = "standard"
ALL: list[Roles] = []  # every table's roles, for the tests


class Roles:
    """A table's colour roles: `standard` maps each role to an RGB colour (or is a function giving that mapping,
    for colours read from a game's data), `safe` maps the same roles to names in SAFE."""

    def __init__(self, name: str, standard: dict | Callable[[], dict], safe: dict):
        self.name, self._standard, self.safe_names = name, standard, safe
        ALL.append(self)

    def standard(self) -> dict:
        if callable(self._standard):  # read from the game's data once, when first drawn
            self._standard = {role: tuple(colour) for role, colour in self._standard().items()}
        return self._standard

    def palette(self, which: str) -> dict:
        """Every role's colour in palette `which`."""
        if which == "safe":
            return {role: SAFE[name] for role, name in self.safe_names.items()}
        return dict(self.standard())

    def __getitem__(self, role) -> tuple:
        if _current == "safe":
            return SAFE[self.safe_names[role]]
        return tuple(self.standard()[role])


def current() -> str:
    return _current


def use(which: str) -> None:
    """Paint every table in palette `which` from now on. What tables remember of their drawings (faces and
    icons cached by their modules) is forgotten, to be drawn again in the new colours; the app lays the screens
    out again, which rebuilds each table's widgets."""
    global _current
    if which not in PALETTES or which == _current:
        return
    _current = which
    _forget_drawings()


def _forget_drawings() -> None:
    """Clears every function cache (functools) in the table modules: they key their drawings by card, size and
    language, not by palette."""
    for name, module in list(sys.modules.items()):
        if module is None or not name.startswith(("scenes.table", "scenes.tables")):
            continue
        for value in list(vars(module).values()):
            if callable(getattr(value, "cache_clear", None)) and hasattr(value, "cache_info"):
                value.cache_clear()
