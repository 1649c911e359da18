"""The parlor (issue 15, deliverable 5): "owned" and "want to play" marks on the library's tiles, saved in the
settings, and "What to play tonight?", which suggests a game that fits the people and the time, one never or
not lately played first, and says why."""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pygame
import pytest

from game.games import rules as rules_for
from scenes import prefs
from scenes.guide_script import has_guide
from scenes.library import LATELY_DAYS, suggestions
from scenes.ui.strings import tr

from .scenes_harness import click, frames, key, make_app, top_name

DMD = rules_for("deadmans_draw").info
NOW = datetime(2026, 11, 24, 20, 0, tzinfo=UTC)
SEATS = [{"name": "Aiko", "kind": "human", "level": None}, {"name": "Ben", "kind": "ai", "level": "normal"}]


def games():
    """Made-up games around the real Dead Man's Draw (2–4 players, 10–20 minutes)."""
    return [DMD,
            replace(DMD, id="long", names={"en": "Long", "ja": "長い"}, min_players=2, max_players=4,
                    play_time=(60, 90)),
            replace(DMD, id="big", names={"en": "Big", "ja": "大きい"}, min_players=5, max_players=9,
                    play_time=(15, 30)),
            replace(DMD, id="duel", names={"en": "Duel", "ja": "決闘"}, min_players=2, max_players=2,
                    play_time=(10, 15))]


def played(days: float) -> dict:
    return {"played": 1, "won": 0, "last_played": (NOW - timedelta(days=days)).isoformat()}


def ids(ranked):
    return [s.info.id for s in ranked]


def tile(title, game_id):
    return next(t for t in title.library.tiles if t.info.id == game_id)


def open_title(app):
    from scenes.title import TitleScene

    title = app.push(TitleScene(app))
    frames(app, 2)
    return title


# -- the marks in the settings ---------------------------------------------------------------------------------

def test_marks_come_back_from_the_settings_file(tmp_path):
    saved = prefs.Prefs(owned=["deadmans_draw", "get_lucky"], want_to_play=["deadwood"])
    assert prefs.save(saved, tmp_path / "settings.json") is None
    loaded, notice = prefs.load(tmp_path / "settings.json")
    assert notice is None and loaded.owned == ["deadmans_draw", "get_lucky"] and loaded.want_to_play == ["deadwood"]


@pytest.mark.parametrize("owned, want", [("deadmans_draw", ["deadwood"]), (["deadmans_draw"], {"deadwood": True}),
                                         (None, 7)])
def test_a_wrong_mark_list_falls_back_and_the_file_is_set_aside(tmp_path, owned, want):
    path = tmp_path / "settings.json"
    text = json.dumps({"owned": owned, "want_to_play": want, "favourites": ["get_lucky"], "language": "ja"})
    path.write_text(text, encoding="utf-8")
    loaded, notice = prefs.load(path)
    wrong = [name for name, value in (("owned", owned), ("want_to_play", want)) if not isinstance(value, list)]
    for name in ("owned", "want_to_play"):
        assert getattr(loaded, name) == (getattr(prefs.Prefs(), name) if name in wrong else json.loads(text)[name])
    assert loaded.favourites == ["get_lucky"] and loaded.language == "ja", "the other fields are kept"
    assert notice == ("notice.settings_fixed", {"file": "settings.json.damaged", "fields": ", ".join(wrong)})
    assert (tmp_path / "settings.json.damaged").read_text(encoding="utf-8") == text and not path.exists()


def test_a_mark_that_is_not_a_game_id_is_dropped_and_the_rest_kept():
    loaded, wrong = prefs.from_json({"owned": ["get_lucky", 5, None, "get_lucky", "deadwood"], "want_to_play": []})
    assert wrong == [] and loaded.owned == ["get_lucky", "deadwood"] and loaded.want_to_play == []


# -- the suggestion's ranking -------------------------------------------------------------------------------------

def test_only_games_that_seat_the_people_and_fit_the_time_are_suggested():
    assert ids(suggestions(games(), {}, set(), set(), 2, 0, "en", NOW)) == ["deadmans_draw", "duel", "long"]
    assert ids(suggestions(games(), {}, set(), set(), 2, 30, "en", NOW)) == ["deadmans_draw", "duel"]
    assert ids(suggestions(games(), {}, set(), set(), 3, 30, "en", NOW)) == ["deadmans_draw"]
    assert ids(suggestions(games(), {}, set(), set(), 7, 15, "en", NOW)) == ["big"]
    assert ids(suggestions(games(), {}, set(), set(), 7, 10, "en", NOW)) == []
    # One person plays against AI: every game, however many it seats.
    assert ids(suggestions(games(), {}, set(), set(), 1, 0, "en", NOW)) == ["big", "deadmans_draw", "duel", "long"]


def test_never_played_first_then_not_played_lately_then_the_rest_with_the_reason():
    stats = {"deadmans_draw": played(2), "long": played(LATELY_DAYS + 5), "duel": played(30)}
    ranked = suggestions(games(), stats, set(), set(), 1, 0, "en", NOW)
    assert ids(ranked) == ["big", "duel", "long", "deadmans_draw"]  # within "not lately", the longest unplayed
    assert [s.reason() for s in ranked] == ["Not played yet.", "Last played 30 days ago.",
                                            "Last played 12 days ago.", "It fits your table and your time."]


def test_marks_break_the_ties_want_to_play_before_favourites():
    stats = {g.id: played(3) for g in games()}
    ranked = suggestions(games(), stats, {"long", "duel"}, {"duel", "big"}, 1, 0, "en", NOW)
    assert ids(ranked) == ["duel", "big", "long", "deadmans_draw"]
    assert [s.reason() for s in ranked] == ["On your want-to-play list.", "On your want-to-play list.",
                                            "One of your favourites.", "It fits your table and your time."]
    # A game not played for long still comes before a wanted one played this week.
    stats["deadmans_draw"] = played(LATELY_DAYS)
    assert ids(suggestions(games(), stats, {"long", "duel"}, {"duel", "big"}, 1, 0, "en", NOW))[0] == "deadmans_draw"


def test_the_same_history_gives_the_same_suggestions_in_japanese_too():
    from scenes.ui.strings import set_language

    stats = {"deadmans_draw": played(12.5)}
    first = suggestions(games(), stats, set(), {"duel"}, 2, 0, "ja", NOW)
    assert first == suggestions(games(), stats, set(), {"duel"}, 2, 0, "ja", NOW)
    set_language("ja")
    try:
        assert [s.reason() for s in first] == ["まだ遊んでいないゲームです。", "まだ遊んでいないゲームです。",
                                               "最後に遊んだのは12日前です。"]
    finally:
        set_language("en")


# -- the library driven by the mouse and the keyboard ---------------------------------------------------------------

def test_marks_toggle_by_mouse_and_are_saved(app):
    title = open_title(app)
    dmd = tile(title, "deadmans_draw")
    click(app, dmd.mark_rect("owned").center)
    click(app, tile(title, "deadwood").mark_rect("want").center)
    click(app, tile(title, "get_lucky").mark_rect("want").center)
    assert app.prefs.owned == ["deadmans_draw"] and app.prefs.want_to_play == ["deadwood", "get_lucky"]
    assert tile(title, "deadmans_draw").marks == {"owned"} and top_name(app) == "TitleScene", "no game opened"
    click(app, tile(title, "get_lucky").mark_rect("want").center)  # again: off
    saved, notice = prefs.load(app.settings_path)
    assert notice is None and saved.owned == ["deadmans_draw"] and saved.want_to_play == ["deadwood"]
    assert prefs.load(app.settings_path)[0].favourites == [], "the star is a mark of its own"


def test_marks_toggle_from_the_keyboard_on_the_focused_tile(app):
    title = open_title(app)
    while not hasattr(title.form.focused, "marks"):  # Tab from New game to the first tile
        key(app, pygame.K_TAB)
    first = title.form.focused
    key(app, pygame.K_RIGHT)  # the star
    key(app, pygame.K_RIGHT)  # owned
    assert first.part == "owned"
    key(app, pygame.K_RETURN)
    key(app, pygame.K_RIGHT)  # want to play
    key(app, pygame.K_SPACE)
    assert app.prefs.owned == [first.info.id] and app.prefs.want_to_play == [first.info.id]
    assert prefs.load(app.settings_path)[0].owned == [first.info.id]
    key(app, pygame.K_LEFT)
    key(app, pygame.K_LEFT)  # back on the star
    key(app, pygame.K_RETURN)
    assert app.prefs.favourites == [first.info.id] and top_name(app) == "TitleScene"
    # The tiles were made again (a favourite goes to its group): the focus stays on the game and its star.
    again = title.form.focused
    assert again.info.id == first.info.id and again.focused and again.part == "favourite"
    key(app, pygame.K_DOWN)  # Up/Down still move through the form, and the ring leaves the marks
    assert title.form.focused is not again and again.part is None and not again.focused


def test_enter_on_the_tile_itself_still_opens_its_game(app):
    title = open_title(app)
    while not hasattr(title.form.focused, "marks"):
        key(app, pygame.K_TAB)
    game_id = title.form.focused.info.id
    key(app, pygame.K_LEFT)  # want to play, going round the other way
    key(app, pygame.K_RIGHT)  # and back to the tile
    key(app, pygame.K_RETURN)
    assert top_name(app) == "NewGameScene" and app.top.game_id == game_id


def test_the_learn_chip_on_a_tile_opens_the_guided_first_game_by_mouse(app):
    title = open_title(app)
    chip = tile(title, "three_dragon_ante").mark_rect("learn")
    click(app, chip.center)
    assert top_name(app) == "GuidedTable" and app.top.match.game_id == "three_dragon_ante" and app.top.index == 0
    assert "three_dragon_ante" in app.prefs.guided, "not offered again on the game's first start"


def test_the_learn_chip_is_reached_and_used_from_the_keyboard(app):
    title = open_title(app)
    while not hasattr(title.form.focused, "marks"):
        key(app, pygame.K_TAB)
    game_id = title.form.focused.info.id
    key(app, pygame.K_LEFT)  # round the other way from the tile: Learn comes last
    assert title.form.focused.part == "learn"
    key(app, pygame.K_RETURN)
    assert top_name(app) == "GuidedTable" and app.top.match.game_id == game_id


def test_a_game_without_a_guide_has_no_learn_chip(app, monkeypatch):
    monkeypatch.setattr("scenes.library.has_guide", lambda game_id: game_id != "deadwood")
    title = open_title(app)
    title.library.refresh()
    bare = tile(title, "deadwood")
    assert bare.chips == ["owned", "want"] and "learn" not in bare.parts
    assert tile(title, "get_lucky").chips[-1] == "learn"


def record(app, game_id: str, days: float) -> None:
    app.history.record(game_id, SEATS, {}, 1, [0], [3, 1], 20, 90,
                       finished_at=datetime.now(UTC) - timedelta(days=days, hours=1))


def test_tonight_suggests_by_people_and_time_rotates_and_starts_the_game_seated(app):
    from scenes.library import TonightPanel

    for game_id, days in (("deadmans_draw", 1), ("get_lucky", 2), ("deadwood", 3), ("three_dragon_ante", 12)):
        record(app, game_id, days)
    app.prefs.want_to_play = ["deadwood"]
    title = open_title(app)
    click(app, title.library.tonight.rect.center)
    panel = app.top
    assert isinstance(panel, TonightPanel) and panel.people.value == 1 and panel.minutes.value == 0
    # Alone with any time: the one game never played, then the one not played for 12 days.
    assert panel.current.info.id == "shipwreck_arcana" and panel.current.reason() == "Not played yet."
    click(app, panel.another.rect.center)
    assert panel.current.info.id == "three_dragon_ante" and panel.current.reason() == "Last played 12 days ago."
    click(app, panel.another.rect.center)
    assert panel.current.info.id == "deadwood" and panel.current.reason() == "On your want-to-play list."
    # Two people: Get Lucky (3+) and Deadwood (4+) do not seat them; 15 minutes leaves out Three-Dragon Ante.
    click(app, panel.people.rect.center)
    assert panel.people.value == 2 and panel.index == 0
    assert [s.info.id for s in panel.choices] == ["shipwreck_arcana", "three_dragon_ante", "deadmans_draw"]
    panel.form.focus_widget(panel.minutes)
    key(app, pygame.K_RIGHT)  # from no limit round to 15 minutes
    assert panel.minutes.value == 15
    assert [s.info.id for s in panel.choices] == ["shipwreck_arcana", "deadmans_draw"]
    click(app, panel.another.rect.center)
    assert panel.current.info.id == "deadmans_draw"
    click(app, panel.another.rect.center)
    assert panel.current.info.id == "shipwreck_arcana", "round again after the last"
    click(app, panel.another.rect.center)
    click(app, panel.start.rect.center)
    scene = app.top
    assert top_name(app) == "NewGameScene" and scene.game_id == "deadmans_draw" and scene.players == 2
    assert [k.value for k in scene.seat_kinds[:2]] == ["human", "human"], "two people, nobody replaced by AI"


def tab_to(app, widget) -> None:
    for _ in range(len(app.top.form.widgets)):
        if app.top.form.focused is widget:
            return
        key(app, pygame.K_TAB)
    raise AssertionError(f"{widget} is not reached by Tab")


def test_tonight_alone_opens_the_new_game_with_ai_opponents_and_esc_closes_it(app):
    title = open_title(app)
    tab_to(app, title.library.tonight)
    key(app, pygame.K_RETURN)
    assert top_name(app) == "TonightPanel"
    key(app, pygame.K_ESCAPE)
    assert top_name(app) == "TitleScene"
    tab_to(app, title.library.tonight)
    key(app, pygame.K_RETURN)
    suggested = app.top.current.info.id
    for _ in range(2):  # from People down to Start
        key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    scene = app.top
    assert top_name(app) == "NewGameScene" and scene.game_id == suggested
    kinds = [k.value for k in scene.seat_kinds[:scene.players]]
    assert kinds[0] == "human" and len(kinds) > 1 and all(k != "human" for k in kinds[1:])


def test_when_no_game_fits_the_panel_says_so_and_start_waits(app, monkeypatch):
    from scenes import library

    monkeypatch.setattr(library, "playable_infos", lambda: [replace(DMD, play_time=(20, 30))])
    title = open_title(app)
    click(app, title.library.tonight.rect.center)
    panel = app.top
    click(app, panel.minutes.rect.center)  # 15 minutes
    assert panel.current is None and not panel.start.enabled and not panel.another.enabled
    click(app, panel.start.rect.center)
    assert app.top is panel


# -- fitting at 1280×720 and 1920×1080, in English and Japanese -------------------------------------------------------

@pytest.fixture
def drawn(monkeypatch):
    from scenes.ui import fonts

    texts = []
    blit_text = fonts.blit_text
    monkeypatch.setattr(fonts, "blit_text", lambda *a, **k: texts.append((a[1], blit_text(*a, **k))) or texts[-1][1])
    return texts


SIZES = [(lang, size) for lang in ("en", "ja") for size in ((1280, 720), (1920, 1080))]


@pytest.mark.parametrize("lang, size", SIZES)
def test_the_marks_keep_clear_of_every_text_on_a_tile(tmp_path, drawn, lang, size):
    app = make_app(tmp_path, size=size, lang=lang)
    try:
        app.prefs.owned, app.prefs.want_to_play = ["deadwood", "get_lucky"], ["get_lucky"]
        title = open_title(app)
        for game_tile in title.library.tiles:
            game_tile.on_continue = lambda game_id: None  # as if each had an unfinished game
            drawn.clear()
            game_tile.draw(app.screen)
            # The Learn chip of a game with a guided first game keeps clear too (every game has one now).
            assert game_tile.chips == ["owned", "want", *(["learn"] if has_guide(game_tile.info.id) else [])]
            chips = [game_tile.mark_rect(m) for m in game_tile.chips]
            marks = [game_tile.star_rect(), *chips, game_tile.continue_rect()]
            assert all(game_tile.rect.contains(r) for r in marks)
            assert not any(a.colliderect(b) for i, a in enumerate(marks) for b in marks[i + 1:])
            for text, rect in drawn:
                assert game_tile.rect.contains(rect), (lang, size, text)
                inside = [r for r in marks if r.contains(rect)]
                assert inside or not any(rect.colliderect(r) for r in marks), (lang, size, text)
    finally:
        app.shutdown()


@pytest.mark.parametrize("lang, size", SIZES)
def test_every_suggestion_fits_its_panel(tmp_path, drawn, lang, size):
    app = make_app(tmp_path, size=size, lang=lang)
    try:
        record(app, "deadmans_draw", 12)
        title = open_title(app)
        assert title.library.tonight.rect.left > title.library.tiles[0].rect.left
        assert title.library.tonight.rect.bottom < title.sort.rect.top
        title.library.open_tonight()
        panel = app.top
        for _ in panel.choices:
            drawn.clear()
            panel.draw(app.screen)  # the panel alone, not the title beneath
            card = [(text, rect) for text, rect in drawn if rect.colliderect(panel.card)]
            assert all(panel.card.contains(rect) for _, rect in card), (lang, size, card)
            texts = [text for text, _ in card]
            assert panel.current.info.names[lang] in texts, "the whole name, not cut short"
            assert panel.current.reason() in texts and not any(text.endswith("…") for text in texts)
            inside = [text for text, rect in drawn if panel.box.contains(rect)]
            assert all(tr(k) in inside for k in ("library.tonight", "library.tonight_start", "ui.close"))
            click(app, panel.another.rect.center)
    finally:
        app.shutdown()


@pytest.mark.parametrize("favourites", [[], ["get_lucky"], ["get_lucky", "deadwood", "deadmans_draw"]])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_every_tile_lies_within_the_window_whatever_the_favourites(tmp_path, size, favourites):
    """Five games take three rows: at 1280×720 the last row ran off the bottom of the window. The tiles take
    the height the window gives them, down to what their lines need: with favourites and their headings
    too, every tile is shown at once."""
    app = make_app(tmp_path, size=size)
    try:
        app.prefs.favourites = favourites
        title = open_title(app)
        tiles = title.library.tiles
        assert len(tiles) == 5
        window = app.screen.get_rect()
        for tile in tiles:
            assert tile.visible and window.contains(tile.rect) and not tile.rect.colliderect(title.people.rect)
        assert [key for key, _ in title.library.headings] == (["library.favourites", "library.others"]
                                                               if favourites else [])
        assert not any(a.rect.colliderect(b.rect) for i, a in enumerate(tiles) for b in tiles[i + 1:])
        assert [t.info.id for t in tiles][:len(favourites)] == sorted(favourites, key=lambda g: [
            t.info.id for t in tiles].index(g))  # the favourites still come first
    finally:
        app.shutdown()


def test_a_library_larger_than_its_area_scrolls_by_wheel_and_keys(tmp_path):
    """At the largest UI scale three rows of tiles no longer fit at 1280×720: the rows out of sight are not
    drawn half-way off the window, the wheel scrolls to them and the keys reach every tile."""
    from scenes.title import TitleScene

    app = make_app(tmp_path)
    try:
        app.prefs.ui_scale = 1.3
        title = app.reset(TitleScene(app))
        app.relayout()
        frames(app, 1)
        library, window = title.library, app.screen.get_rect()
        hidden = [t for t in library.tiles if not t.visible]
        assert hidden and library.more() == (False, True)
        assert all(window.contains(t.rect) for t in library.tiles if t.visible)
        pygame.mouse.set_pos(library.area.center)
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))
        frames(app, 1)
        assert all(t.visible for t in hidden) and library.more()[0]
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False))
        frames(app, 1)
        assert library.more() == (False, True)
        title.form.focus_widget(library.tonight)
        seen = []
        for _ in library.tiles:
            key(app, pygame.K_TAB)
            focused = title.form.focused
            assert focused in library.tiles and focused.visible and window.contains(focused.rect)
            seen.append(focused.info.id)
        assert seen == [t.info.id for t in library.tiles]
        key(app, pygame.K_TAB)  # round to the first button, then back to the last tile
        key(app, pygame.K_TAB, pygame.KMOD_SHIFT)
        assert title.form.focused is library.tiles[-1] and library.tiles[-1].visible
    finally:
        app.shutdown()
