"""Pick-list options on the new-game screen (an OptionSpec with `pick`): the row shown only while the option it
depends on has its value, the picker (toggle by click and keys, the counter, OK only at exactly `pick`,
Cancel, the default and Random shortcuts), Start refused while a pick is incomplete, the pick remembered
in the settings and checked when read back, and the picker readable at 1280×720 and 1920×1080 in both
languages. Driven by posted mouse and key events.

Three-Dragon Ante's two options (specials, chosen) are the real pick-list option; until that game has a
table they are lent to a game that has one (The Shipwreck Arcana), with its `option_labels` hook."""

from __future__ import annotations

import dataclasses

import pygame
import pytest

from game.games import module
from game.games import rules as rules_for
from scenes import prefs
from scenes.newgame import NewGameScene
from scenes.tables import TABLES
from scenes.title import TitleScene
from scenes.ui import fonts
from scenes.ui.picker import Picker, PickRow
from scenes.ui.widgets import Choice

from .scenes_harness import click, frames, key, make_app, post, top_name

TDA = "three_dragon_ante"
HOST = "shipwreck_arcana"  # a game with a table, lent the pick-list options in the tests below


def tda_specs():
    info = rules_for(TDA).info
    return info.option("specials"), info.option("chosen")


@pytest.fixture
def host_with_picks(monkeypatch):
    """The Shipwreck Arcana with Three-Dragon Ante's specials/chosen options added (and its labels hook);
    `set(chosen_default=...)` swaps the pick option's default."""

    def install(chosen_default=None):
        specials, chosen = tda_specs()
        if chosen_default is not None:
            chosen = dataclasses.replace(chosen, default=chosen_default)
        rules = rules_for(HOST)
        monkeypatch.setattr(rules, "info", dataclasses.replace(rules.info, options=rules.info.options + (
            specials, chosen)))
        monkeypatch.setattr(module(HOST), "option_labels", module(TDA).option_labels, raising=False)
        return chosen

    return install


def open_newgame(tmp_path, lang="en", size=(1280, 720)):
    app = make_app(tmp_path, size=size, lang=lang)
    app.reset(TitleScene(app))
    scene = app.push(NewGameScene(app, HOST))
    frames(app, 2)
    return app, scene


def widget(scene, option_id):
    return next(w for w in scene.option_toggles if w.spec.id == option_id)


def choose_mode(app, scene):
    """Steps the specials option to "choose" by clicks, the way a player does."""
    specials = widget(scene, "specials")
    while specials.value != "choose":
        click(app, specials.rect.center)


def open_picker(app, scene) -> Picker:
    choose_mode(app, scene)
    click(app, widget(scene, "chosen").rect.center)
    assert top_name(app) == "Picker"
    return app.top


def tile_center(picker, item):
    return picker.grid.tile_rect(picker.grid.ids.index(item)).center


def test_the_row_shows_only_while_choose_is_set_and_says_how_many_are_chosen(tmp_path, host_with_picks):
    host_with_picks()
    app, scene = open_newgame(tmp_path)
    row = widget(scene, "chosen")
    assert isinstance(row, PickRow) and not row.visible and scene.start.enabled
    seed_top = scene.seed_toggle.rect.top
    choose_mode(app, scene)
    assert row.visible and scene.seed_toggle.rect.top > seed_top  # the rows below make room for it
    assert row.rect.bottom <= scene.seed_toggle.rect.top
    click(app, widget(scene, "specials").rect.center)  # back to "random": the row goes
    assert not row.visible and scene.seed_toggle.rect.top == seed_top
    choose_mode(app, scene)
    shown = []
    real = fonts.blit_text
    fonts.blit_text = lambda surface, text, *a, **k: shown.append(text) or real(surface, text, *a, **k)
    try:
        frames(app, 1)
    finally:
        fonts.blit_text = real
    assert "10 chosen — Choose…" in shown and "The 10 specials" in shown


def test_the_picker_toggles_by_click_counts_and_allows_ok_only_at_exactly_ten(tmp_path, host_with_picks):
    chosen_spec = host_with_picks()
    app, scene = open_newgame(tmp_path)
    picker = open_picker(app, scene)
    classic = set(chosen_spec.default)
    assert picker.chosen == classic and picker.ok.enabled
    assert len(picker.grid.ids) == 30 and all(picker.grid.tile_rect(i) for i in range(30))  # all in view
    first_classic = chosen_spec.default[0]
    others = [i for i in chosen_spec.pick_from if i not in classic]
    click(app, tile_center(picker, first_classic))
    assert len(picker.chosen) == 9 and not picker.ok.enabled
    click(app, picker.ok.rect.center)  # disabled: nothing happens
    assert top_name(app) == "Picker"
    click(app, tile_center(picker, others[0]))
    click(app, tile_center(picker, others[1]))  # an eleventh is refused, with a note
    assert len(picker.chosen) == 10 and others[1] not in picker.chosen and picker.full_note
    click(app, picker.ok.rect.center)
    assert top_name(app) == "NewGameScene"
    expected = tuple(i for i in chosen_spec.pick_from if i in (classic - {first_classic}) | {others[0]})
    assert scene.option_values["chosen"] == expected
    assert app.prefs.picks[f"{HOST}.chosen"] == list(expected)


def test_the_picker_by_keyboard_and_its_shortcuts_and_cancel(tmp_path, host_with_picks):
    chosen_spec = host_with_picks()
    app, scene = open_newgame(tmp_path)
    picker = open_picker(app, scene)
    grid = picker.grid
    assert picker.form.focused is grid and grid.cursor == 0 and grid.ids[0] in picker.chosen
    key(app, pygame.K_SPACE)  # out
    assert grid.ids[0] not in picker.chosen and len(picker.chosen) == 9
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_DOWN)
    assert grid.cursor == 1 + grid.columns
    item = grid.ids[grid.cursor]
    assert item not in picker.chosen
    key(app, pygame.K_RETURN)  # in
    assert item in picker.chosen and picker.ok.enabled
    key(app, pygame.K_LEFT)
    key(app, pygame.K_SPACE)  # an eleventh: refused
    assert grid.ids[grid.cursor] not in picker.chosen and picker.full_note
    click(app, picker.random_button.rect.center)
    assert len(picker.chosen) == 10 and picker.chosen <= set(chosen_spec.pick_from) and picker.ok.enabled
    for _ in range(8):
        click(app, tile_center(picker, next(iter(picker.chosen))))
    assert len(picker.chosen) == 2 and not picker.ok.enabled
    click(app, picker.default_button.rect.center)  # "Classic 10"
    assert picker.chosen == set(chosen_spec.default) and picker.ok.enabled
    click(app, tile_center(picker, chosen_spec.default[0]))
    click(app, picker.cancel.rect.center)  # Cancel: nothing changes
    assert top_name(app) == "NewGameScene" and scene.option_values["chosen"] == chosen_spec.default
    assert f"{HOST}.chosen" not in app.prefs.picks
    picker = open_picker(app, scene)
    key(app, pygame.K_ESCAPE)  # Esc is Cancel too
    assert top_name(app) == "NewGameScene"


@pytest.mark.parametrize("lang, words", [("en", "Choose exactly 10 for “The 10 specials”"),
                                         ("ja", "「使う特殊カード10枚」の選択数をちょうど10に")])
def test_start_is_refused_with_a_message_while_the_pick_is_incomplete(tmp_path, host_with_picks, lang, words):
    spec = host_with_picks(chosen_default=())
    app, scene = open_newgame(tmp_path, lang=lang)
    assert scene.start.enabled  # "random": the pick does not matter
    choose_mode(app, scene)
    assert not scene.start.enabled and words in scene.missing()
    click(app, scene.start.rect.center)
    assert top_name(app) == "NewGameScene"
    picker = open_picker(app, scene)
    assert not picker.chosen
    for item in spec.pick_from[:10]:
        click(app, tile_center(picker, item))
    click(app, picker.ok.rect.center)
    assert top_name(app) == "NewGameScene" and scene.start.enabled
    assert scene.option_values["chosen"] == spec.pick_from[:10]


def test_the_pick_is_remembered_and_read_back_checked(tmp_path, host_with_picks):
    spec = host_with_picks()
    app, scene = open_newgame(tmp_path)
    picker = open_picker(app, scene)
    click(app, picker.random_button.rect.center)
    picked = tuple(i for i in spec.pick_from if i in picker.chosen)
    click(app, picker.ok.rect.center)
    app.save_prefs()  # what Start does
    loaded, notice = prefs.load(tmp_path / "settings.json")
    assert notice is None and loaded.picks == {f"{HOST}.chosen": list(picked)}
    app.prefs = loaded
    again = app.push(NewGameScene(app, HOST))
    assert again.option_values["chosen"] == picked


@pytest.mark.parametrize("stored", [["bahamut"], ["bahamut"] * 10, ["no_such_card"] + list(range(9)), "tiamat",
                                    None])
def test_a_remembered_pick_the_option_no_longer_takes_gives_the_default(stored):
    spec = tda_specs()[1]
    loaded, wrong = prefs.from_json({"picks": {f"{TDA}.chosen": stored}, "volume": 0.2})
    assert not wrong and loaded.volume == 0.2
    assert prefs.remembered_pick(loaded, TDA, spec) == spec.default


def test_a_damaged_picks_field_falls_back_alone_and_bad_entries_are_dropped():
    good = list(tda_specs()[1].pick_from[-10:])
    loaded, wrong = prefs.from_json({"picks": ["x"], "muted": True})
    assert wrong == ["picks"] and loaded.picks == {} and loaded.muted
    loaded, wrong = prefs.from_json({"picks": {"a.b": good, "c.d": [1, 2], "e.f": "x" * 99}})
    assert not wrong and loaded.picks == {"a.b": good}
    assert prefs.remembered_pick(loaded, "a", dataclasses.replace(tda_specs()[1], id="b")) == tuple(good)


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_picker_is_readable_at_both_sizes(tmp_path, lang, size, monkeypatch):
    """Every tile in view with its whole name; each description whole in the panel; nothing off the box."""
    app = make_app(tmp_path, size=size, lang=lang)
    app.reset(TitleScene(app))
    spec = tda_specs()[1]
    labels = module(TDA).option_labels("chosen", lang)
    assert set(labels) == set(spec.pick_from)
    picker = app.push(Picker(app, spec, labels, spec.default, lambda value: None))
    drawn = []
    real = fonts.blit_text

    def recording(surface, text, *args, **kwargs):
        rect = real(surface, text, *args, **kwargs)
        drawn.append((text, rect))
        return rect

    monkeypatch.setattr(fonts, "blit_text", recording)
    for item in spec.pick_from:
        post(pygame.MOUSEMOTION, pos=tile_center(picker, item), rel=(0, 0), buttons=(0, 0, 0))
        frames(app, 1)
        drawn.clear()
        picker.draw(app.screen)  # the picker alone (the title beneath draws texts of its own)
        assert picker.grid.ids[picker.grid.cursor] == item
        name, detail = labels[item]
        texts = [t for t, _ in drawn]
        assert texts.count(name) == 2, name  # on its tile and over the description, never cut short
        panel = picker.detail_rect
        lines = [t for t, r in drawn if panel.contains(r) and t != name]
        assert "".join(lines).replace(" ", "") == detail.replace(" ", ""), "the whole description is shown"
        assert all(app.screen.get_rect().contains(r) and picker.box.contains(r) for _, r in drawn)
    for b in (picker.default_button, picker.random_button, picker.cancel, picker.ok):
        assert picker.box.contains(b.rect) and not b.rect.colliderect(picker.detail_rect)
        assert fonts.lines(b.text(), b.rect.width - 16, "body", True, max_lines=1)[0] == b.text()
    app.shutdown()


@pytest.mark.skipif(TDA not in TABLES, reason="Three-Dragon Ante has no table yet: the app does not offer it")
def test_a_game_with_chosen_specials_starts_from_the_screen(tmp_path):
    app = make_app(tmp_path)
    app.reset(TitleScene(app))
    scene = app.push(NewGameScene(app))
    frames(app, 2)
    while scene.game_choice.value != TDA:
        click(app, scene.game_choice.rect.center)
    choose_mode(app, scene)
    click(app, widget(scene, "chosen").rect.center)
    picker = app.top
    click(app, picker.random_button.rect.center)
    picked = tuple(i for i in picker.spec.pick_from if i in picker.chosen)
    click(app, picker.ok.rect.center)
    click(app, scene.start.rect.center)
    frames(app, 2)
    assert top_name(app) == "TableScene"
    match = app.top.match
    assert match.options["specials"] == "choose" and tuple(match.options["chosen"]) == picked


@pytest.mark.parametrize("label", ["", "Game"])
def test_a_long_value_stays_inside_its_choice(tmp_path, monkeypatch, label):
    """Three-Dragon Ante's Japanese name in a narrow game chooser (the Rules screen's sidebar): cut short with
    an ellipsis, the arrows inside, nothing drawn over what is beside the widget."""
    app = make_app(tmp_path, lang="ja")
    name = rules_for(TDA).info.names["ja"]
    choice = Choice(label, [(TDA, name)], 0, lambda value: None)
    choice.rect = pygame.Rect(20, 20, 373, 43)
    drawn = []
    real = fonts.blit_text
    monkeypatch.setattr(fonts, "blit_text", lambda surface, t, *a, **k: drawn.append((t, real(surface, t, *a, **k)))
                        or drawn[-1][1])
    choice.draw(app.screen)
    assert all(choice.rect.contains(r) for _, r in drawn), drawn
    assert any(t.endswith("…") and name.startswith(t[:-1]) for t, _ in drawn)
    app.shutdown()
