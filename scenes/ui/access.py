"""Two settings for reading and telling things apart: the UI scale (how large menus and dialogs are drawn) and
the palette (a table's colours as designed, or colour-blind safe; see scenes/table/kit/palette.py).

The UI scale multiplies the window's factor (theme.Scale) while a screen lays itself out, draws and handles input:
the app asks `fit` for each screen's factor when it lays the screen out, and applies it with `scale.ui(factor_of
(screen))`. A screen that would leave the window at the player's scale is laid out at the largest smaller one at
which it fits, never below 100% (nor below the player's own scale when that is smaller). A table is not scaled
(its `ui_scaled` is False): its layout fills the window as it is, and its menu and dialogs are scaled screens.
"""

from __future__ import annotations

import pygame

from ..prefs import PALETTES, UI_SCALES
from ..table.kit import palette
from .strings import tr
from .theme import scale
from .widgets import Choice

FIT_STEP = 0.05  # how much a screen that does not fit is made smaller at a time
MARGIN = 16  # pixels kept free at the window's edges: a focus ring there still shows whole


def factor_of(scene) -> float:
    """The UI scale a screen was laid out at (1 for one the app has not laid out)."""
    return getattr(scene, "ui_factor", 1.0)


def fit(scene, width: int, height: int, ui: float) -> float:
    """Lays `scene` out at UI scale `ui`, or at the largest smaller one at which it still fits, and returns that
    scale (also kept as `scene.ui_factor`). Fitting is judged against the screen at 100% (or at the player's own
    smaller scale): what stands inside the window there must stay inside it, and parts that stand clear of each
    other there must not overlap. A screen's scrolled-out parts (tiles below the fold) are thus left alone."""
    wanted = ui if getattr(scene, "ui_scaled", True) else 1.0
    floor = min(wanted, 1.0)
    factor = floor
    with scale.ui(floor):
        scene.layout(width, height)
    if wanted > floor:
        base = placed(scene)
        factor = wanted
        while factor > floor:
            with scale.ui(factor):
                scene.layout(width, height)
            if keeps(base, placed(scene), width, height):
                break
            factor = max(floor, round(factor - FIT_STEP, 2))
        if factor == floor:
            with scale.ui(floor):
                scene.layout(width, height)
    scene.ui_factor = factor
    return factor


def placed(scene) -> dict:
    """Where a screen has put its parts, by part: its modal box if it has one and every shown widget of its form."""
    parts = {"box": scene.box} if isinstance(getattr(scene, "box", None), pygame.Rect) else {}
    form = getattr(scene, "form", None)
    parts |= {id(w): w.rect.copy() for w in getattr(form, "widgets", ()) if w.visible}
    return {k: r.copy() for k, r in parts.items() if r.width and r.height}


def keeps(base: dict, now: dict, width: int, height: int) -> bool:
    """Whether the parts placed `now` keep what they had at `base`: inside the window (with a margin for the focus
    ring) if they were, clear of each other if they were."""
    window = pygame.Rect(0, 0, width, height).inflate(-2 * MARGIN, -2 * MARGIN)
    for key, rect in now.items():
        if key in base and window.contains(base[key]) and not window.contains(rect):
            return False
    shared = [k for k in now if k in base and k != "box"]
    for i, a in enumerate(shared):
        for b in shared[i + 1:]:
            if now[a].colliderect(now[b]) and not base[a].colliderect(base[b]):
                return False
    return True


def apply_palette(app) -> None:
    """The tables' colours as the settings say (at start and when the setting changes)."""
    palette.use(app.prefs.palette)


def settings_rows(app, form) -> list:
    """The settings screen's rows for the UI scale and the palette, added to `form`; a change is saved and shown
    at once (every screen laid out again)."""

    def ui_scale(value):
        app.prefs.ui_scale = value
        app.save_prefs()
        app.relayout()

    def colours(value):
        app.prefs.palette = value
        apply_palette(app)
        app.save_prefs()
        app.relayout()

    current = app.prefs.ui_scale if app.prefs.ui_scale in UI_SCALES else 1.0
    return [
        form.add(Choice(lambda: tr("settings.ui_scale"), [(v, f"{round(v * 100)}%") for v in UI_SCALES],
                        UI_SCALES.index(current), ui_scale, tooltip=lambda: tr("settings.ui_scale_tip"))),
        form.add(Choice(lambda: tr("settings.palette"),
                        [(k, (lambda k=k: tr(f"settings.palette_{k}"))) for k in PALETTES],
                        PALETTES.index(app.prefs.palette), colours, tooltip=lambda: tr("settings.palette_tip"))),
    ]
