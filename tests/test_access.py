"""Accessibility: the UI scale and palette settings (kept, checked, shown at once), menus and dialogs laid out
larger and still inside a 1280×720 window, every table's colour roles in both palettes (the safe one told apart
under simulated colour blindness), and one focus ring round whatever has the keyboard focus."""

from __future__ import annotations

import itertools
import json
import math

import pygame
import pytest

from game.core.match import AI, HUMAN, Match, Seat
from game.games import rules as rules_for
from scenes import prefs
from scenes.load import LoadScene
from scenes.menu import MenuScene
from scenes.newgame import NewGameScene
from scenes.pause import PauseMenu
from scenes.rules_screen import RulesScene
from scenes.settings import SettingsScene
from scenes.table.kit import palette
from scenes.title import TitleScene
from scenes.ui import access, theme
from scenes.ui.dialog import Dialog
from scenes.ui.theme import scale
from scenes.ui.widgets import Button

from .dmd import build
from .scenes_harness import frames, key, open_table, settled

WINDOW = pygame.Rect(0, 0, 1280, 720)
LARGEST = max(prefs.UI_SCALES)


@pytest.fixture(autouse=True)
def standard_palette():
    """Every test starts and ends with the standard palette (the palette is the app's, shared by all tables)."""
    palette.use("standard")
    yield
    palette.use("standard")


# -- the settings --------------------------------------------------------------------------------------------

def test_ui_scale_and_palette_are_kept_and_read_back(tmp_path):
    path = tmp_path / "settings.json"
    saved = prefs.Prefs(ui_scale=1.3, palette="safe")
    assert prefs.save(saved, path) is None
    loaded, notice = prefs.load(path)
    assert (loaded.ui_scale, loaded.palette, notice) == (1.3, "safe", None)


@pytest.mark.parametrize("bad", [{"ui_scale": 2.0}, {"ui_scale": "big"}, {"ui_scale": True}, {"ui_scale": None},
                                 {"palette": "neon"}, {"palette": 1}])
def test_a_wrong_ui_scale_or_palette_falls_back_and_keeps_the_rest(tmp_path, bad):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"volume": 0.3, **bad}), encoding="utf-8")
    loaded, notice = prefs.load(path)
    assert (loaded.ui_scale, loaded.palette, loaded.volume) == (1.0, "standard", 0.3)
    assert notice[0] == "notice.settings_fixed" and notice[1]["fields"] == next(iter(bad))


def settings_with_rows(app):
    """The settings screen with the two rows added as SettingsScene will add them."""
    scene = app.push(SettingsScene(app))
    scene.rows += access.settings_rows(app, scene.form)
    app.relayout()
    frames(app, 1)
    return scene


def test_the_settings_rows_change_the_scale_and_the_palette_at_once_and_save_them(app):
    scene = settings_with_rows(app)
    size_row, palette_row = scene.rows[-2:]
    before = scene.rows[0].rect.copy()
    scene.form.focus_widget(size_row)
    key(app, pygame.K_RIGHT)  # 100% -> 115%
    assert app.prefs.ui_scale == 1.15
    assert scene.rows[0].rect.height > before.height, "the screen was not laid out again at the new scale"
    scene.form.focus_widget(palette_row)
    key(app, pygame.K_RIGHT)
    assert app.prefs.palette == "safe" and palette.current() == "safe"
    kept, _ = prefs.load(app.settings_path)
    assert (kept.ui_scale, kept.palette) == (1.15, "safe")
    key(app, pygame.K_LEFT)
    assert palette.current() == "standard"


def test_the_palette_saved_is_used_from_the_start(tmp_path):
    from .scenes_harness import make_app

    prefs.save(prefs.Prefs(palette="safe"), tmp_path / "settings.json")
    app = make_app(tmp_path)
    try:
        assert palette.current() == "safe"
    finally:
        app.shutdown()


# -- the UI scale --------------------------------------------------------------------------------------------

def laid_out_at(app, ui, make):
    app.prefs.ui_scale = ui
    scene = make()
    app.relayout()
    frames(app, 1)
    return scene


def test_a_larger_ui_scale_makes_a_menu_and_a_dialog_larger(app):
    title = laid_out_at(app, 1.0, lambda: app.reset(TitleScene(app)))
    small = [w.rect.copy() for w in title.form.widgets if isinstance(w, Button)]
    dialog = app.push(Dialog(app, "Title", "A message.", [("OK", None, "primary")]))
    small_box, small_button = dialog.box.copy(), dialog.buttons[0].rect.copy()
    app.prefs.ui_scale = 1.15
    app.relayout()
    large = [w.rect.copy() for w in title.form.widgets if isinstance(w, Button)]
    assert all(b.width > a.width and b.height > a.height for a, b in zip(small, large, strict=True))
    assert dialog.box.width > small_box.width and dialog.buttons[0].rect.height > small_button.height
    app.prefs.ui_scale = 0.9
    app.relayout()
    assert dialog.buttons[0].rect.height < small_button.height


SCREENS = {
    "title": lambda app: app.reset(TitleScene(app)),
    "settings": settings_with_rows,
    "new game": lambda app: app.push(NewGameScene(app)),
    "dialog": lambda app: app.push(Dialog(app, "Leave the table?", "Your game is kept: continue it later. " * 3,
                                          [("Leave", None, "danger"), ("Stay", None, "normal")])),
    "load": lambda app: app.push(LoadScene(app)),
    "rules": lambda app: app.push(RulesScene(app, "deadmans_draw")),
    "pause": lambda app: app.push(PauseMenu(app, open_table(app, dmd_match()))),
}


@pytest.mark.parametrize("name", SCREENS)
def test_at_the_largest_scale_nothing_that_fits_at_100_leaves_the_window(app, name):
    app.prefs.ui_scale = 1.0
    scene = SCREENS[name](app)
    frames(app, 1)
    inside = {id(w) for w in scene.form.widgets if w.visible and WINDOW.contains(w.rect)}
    app.prefs.ui_scale = LARGEST
    app.relayout()
    frames(app, 1)
    assert access.factor_of(scene) > 1.0, "the screen was not made larger at all"
    for w in scene.form.widgets:
        if id(w) in inside:
            assert WINDOW.contains(w.rect), (name, w, w.rect)
    if name == "dialog":
        assert WINDOW.contains(scene.box)


class Tall(MenuScene):
    """A page of ten buttons, one under another: it fits 720 px at 100% but not at 130%."""

    def __init__(self, app):
        super().__init__(app)
        self.column = [self.form.add(Button(str(i), lambda: None)) for i in range(10)]

    def layout(self, width, height):
        super().layout(width, height)
        for i, b in enumerate(self.column):
            b.rect = pygame.Rect(width // 2 - scale(200), scale(20) + i * scale(100), scale(400), scale(80))


def test_a_screen_that_would_leave_the_window_is_made_only_as_large_as_fits(app):
    app.prefs.ui_scale = LARGEST
    scene = app.push(Tall(app))
    assert 1.0 < access.factor_of(scene) < LARGEST
    assert all(WINDOW.contains(b.rect) for b in scene.column)
    assert scene.column[0].rect.height > round(80 * 720 / 1080), "it should still be larger than at 100%"
    frames(app, 1)  # it draws and takes input at that scale too
    with scale.ui(access.factor_of(scene)):
        assert scene.column[-1].rect.height == scale(80)


def test_a_table_keeps_the_window_scale_and_its_menu_takes_the_ui_scale(app):
    match = dmd_match()
    app.prefs.ui_scale = 1.0
    scene = open_table(app, match)
    menu_at_100 = scene.menu_button.rect.copy()
    app.prefs.ui_scale = LARGEST
    app.relayout()
    frames(app, 1)
    assert access.factor_of(scene) == 1.0 and scene.menu_button.rect == menu_at_100
    key(app, pygame.K_ESCAPE)  # the pause menu
    assert access.factor_of(app.top) > 1.0


# -- the palettes --------------------------------------------------------------------------------------------

# Colour-vision deficiency simulation (Machado, Oliveira & Fernandes 2009, severity 1), in linear RGB.
MACHADO = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602), (0.004733, 0.691367, 0.303900)),
}
APART = 12  # CIE76 ΔE: two colours this far apart are told apart at a glance


def _linear(v):
    v /= 255
    return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4


def _lab(linear):
    r, g, b = (min(1.0, max(0.0, v)) for v in linear)
    x, y, z = ((0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047, 0.2126 * r + 0.7152 * g + 0.0722 * b,
               (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883)
    f = [t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116 for t in (x, y, z)]
    return 116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])


def seen(colour, vision=None):
    linear = [_linear(v) for v in colour[:3]]
    if vision:
        linear = [sum(m * v for m, v in zip(row, linear, strict=True)) for row in MACHADO[vision]]
    return _lab(linear)


def closest(colours: dict, vision=None) -> tuple:
    return min((math.dist(seen(a, vision), seen(b, vision)), ka, kb)
               for (ka, a), (kb, b) in itertools.combinations(colours.items(), 2))


def all_roles():
    # Every table module declares its roles when it is imported.
    from scenes.tables import deadmans_draw  # noqa: F401
    from scenes.tables.deadwood import faces as _dw  # noqa: F401
    from scenes.tables.get_lucky import faces as _gl  # noqa: F401
    from scenes.tables.shipwreck_arcana import art as _sa  # noqa: F401
    from scenes.tables.three_dragon_ante import faces as _tda  # noqa: F401

    return {r.name: r for r in palette.ALL}


def test_every_colourful_table_declares_its_roles_in_both_palettes():
    roles = all_roles()
    assert {name.split(".")[0] for name in roles} >= {"deadmans_draw", "shipwreck_arcana", "three_dragon_ante",
                                                      "get_lucky", "deadwood"}
    for name, r in roles.items():
        standard, safe = r.palette("standard"), r.palette("safe")
        assert set(standard) == set(safe) and len(safe) >= 2, name
        assert all(len(c) >= 3 for c in (*standard.values(), *safe.values())), name


@pytest.mark.parametrize("vision", [None, *MACHADO])
def test_the_safe_palette_keeps_each_tables_colours_apart_under_colour_blindness(vision):
    for name, r in all_roles().items():
        distance, a, b = closest(r.palette("safe"), vision)
        assert distance >= APART, f"{name}: {a} and {b} look alike under {vision or 'normal vision'} ({distance:.1f})"


def test_the_check_tells_apart_colours_that_do_look_alike():
    # The standard suits of Dead Man's Draw (chest brown, hook rust, sword red...) merge under deuteranopia:
    # the safe palette is there for them.
    assert closest(all_roles()["deadmans_draw.suits"].palette("standard"), "deuteranopia")[0] < APART


def test_switching_the_palette_switches_every_tables_roles():
    for name, r in all_roles().items():
        palette.use("standard")
        standard = {role: r[role] for role in r.safe_names}
        palette.use("safe")
        safe = {role: r[role] for role in r.safe_names}
        assert safe == r.palette("safe") and standard == {k: tuple(v) for k, v in r.palette("standard").items()}
        assert safe != standard, name


def dmd_match(players: int = 2):
    state = build(players, play="Anchor 3", banks={0: "Key 5", 1: "Sword 4, Kraken 6, Mermaid 4"})
    seats = [Seat("Aiko", HUMAN)] + [Seat(n, AI, "easy") for n in ("Flint", "Mary")[:players - 1]]
    match = Match(rules_for("deadmans_draw"), seats, {"traits": True}, 1)
    match.state = state
    return match


def test_a_table_on_screen_is_drawn_again_in_the_new_palette(app):
    table = open_table(app, dmd_match())
    settled(app, table)
    before = app.screen.copy()
    settings = settings_with_rows(app)  # from the table's menu, in the middle of a game
    settings.form.focus_widget(settings.rows[-1])
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_ESCAPE)
    assert app.top is table
    frames(app, 2)
    stack = table.table.rect_of("stack:1:kraken")
    points = [(x, y) for x in range(stack.left, stack.right) for y in range(stack.top, stack.bottom)]
    assert sum(before.get_at(p) != app.screen.get_at(p) for p in points[::7]) > 20, "the Kraken looks the same"

    def nearest(surface):  # how close the stack's closest pixel comes to the safe palette's Kraken colour
        return min(math.dist(tuple(surface.get_at(p))[:3], palette.SAFE["purple"]) for p in points[::3])

    assert nearest(app.screen) < 30 < nearest(before)


# -- the focus ring ------------------------------------------------------------------------------------------

def ring_round(surface, rect: pygame.Rect, reach: int = 24) -> bool:
    """Whether the focus colour shows just outside each of `rect`'s four sides (searched outward from the
    middle of each side)."""
    sides = ((rect.midleft, (-1, 0)), (rect.midright, (1, 0)), (rect.midtop, (0, -1)), (rect.midbottom, (0, 1)))
    for (x, y), (dx, dy) in sides:
        points = ((x + dx * d, y + dy * d) for d in range(1, reach))
        if not any(surface.get_rect().collidepoint(p) and tuple(surface.get_at(p))[:3] == theme.FOCUS for p in points):
            return False
    return True


def focused_rect(scene):
    return scene.form.focused.focus_rect()


@pytest.mark.parametrize("name", SCREENS)
def test_the_focused_widget_has_the_ring_and_the_others_none(app, name):
    scene = SCREENS[name](app)
    frames(app, 1)
    key(app, pygame.K_TAB)
    focused = scene.form.focused
    assert focused is not None
    assert ring_round(app.screen, focused.focus_rect()), f"no focus ring on {name}"
    others = [w for w in scene.form.widgets if w.visible and w.focusable and w is not focused
              and WINDOW.contains(w.rect)]
    assert others and not any(ring_round(app.screen, w.rect) for w in others)


@pytest.mark.parametrize("ui", [1.0, LARGEST])
def test_the_ring_is_drawn_at_every_ui_scale(app, ui):
    app.prefs.ui_scale = ui
    scene = app.reset(TitleScene(app))
    frames(app, 1)
    key(app, pygame.K_TAB)
    assert ring_round(app.screen, focused_rect(scene))


def test_the_tables_keyboard_choice_has_the_same_ring(app):
    match = dmd_match()
    scene = open_table(app, match)
    settled(app, scene)
    key(app, pygame.K_TAB)
    gesture = scene.gestures()[scene.focus_index]
    assert gesture.click, gesture
    assert ring_round(app.screen, scene.table.rect_of(gesture.click))


def test_the_tables_buttons_take_the_ring_when_focused(app):
    scene = open_table(app, dmd_match())
    settled(app, scene)
    scene.form.focus_widget(scene.menu_button)
    frames(app, 1)
    assert ring_round(app.screen, scene.menu_button.rect, reach=30)


def test_the_tables_keyboard_choice_of_a_button_rings_the_button(app):
    scene = open_table(app, dmd_match())  # Draw or Stop: Stop and bank is a button
    settled(app, scene)
    for _ in range(len(scene.gestures())):
        key(app, pygame.K_TAB)
        gesture = scene.gestures()[scene.focus_index]
        buttons = [b for b in scene.action_buttons if b.text == gesture.label]
        if buttons:
            break
    assert buttons, "no gesture of this position is shown as a button"
    assert ring_round(app.screen, buttons[0].rect)


def test_the_tables_log_is_read_at_the_ui_scale(app, monkeypatch):
    from scenes.ui import fonts
    from scenes.ui.strings import tr

    sizes = {}
    blit = fonts.blit_text

    def spy(surface, text, pos, size="body", *args, **kwargs):
        sizes.setdefault(text, scale.text_px(size))
        return blit(surface, text, pos, size, *args, **kwargs)

    monkeypatch.setattr(fonts, "blit_text", spy)
    scene = open_table(app, dmd_match())
    settled(app, scene)
    frames(app, 1)
    at_100 = sizes.pop(tr("table.log"))
    app.prefs.ui_scale = LARGEST
    frames(app, 1)
    assert sizes[tr("table.log")] > at_100
    assert access.factor_of(scene) == 1.0  # the table's own layout is left as it was
