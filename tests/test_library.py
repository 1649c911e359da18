"""The game library on the title screen: order, filter, favourites and statistics, driven by the mouse."""

from __future__ import annotations

from dataclasses import replace

from game.games import rules as rules_for
from scenes.library import library_order
from scenes.tables import playable_ids

from .scenes_harness import click, frames

DMD = rules_for("deadmans_draw").info


def infos():
    """Four made-up games around the real one, to exercise ordering and filtering."""
    return [DMD,
            replace(DMD, id="b", names={"en": "Abacus", "ja": "そろばん"}, min_players=3, max_players=6,
                    play_time=(30, 45)),
            replace(DMD, id="c", names={"en": "Zebra", "ja": "しまうま"}, min_players=4, max_players=9,
                    play_time=(5, 10)),
            replace(DMD, id="d", names={"en": "Moon", "ja": "月"}, min_players=2, max_players=5,
                    play_time=(20, 30))]


def ids(shown):
    return [i.id for i in shown]


def test_order_by_name_players_time_and_last_played():
    stats = {"c": {"last_played": "2026-11-20T10:00:00+00:00"}, "d": {"last_played": "2026-11-21T10:00:00+00:00"}}
    assert ids(library_order(infos(), stats, set(), "name", 0, "en")) == ["b", "deadmans_draw", "d", "c"]
    assert ids(library_order(infos(), stats, set(), "players", 0, "en")) == ["deadmans_draw", "d", "b", "c"]
    assert ids(library_order(infos(), stats, set(), "time", 0, "en")) == ["c", "deadmans_draw", "d", "b"]
    assert ids(library_order(infos(), stats, set(), "last_played", 0, "en"))[:2] == ["d", "c"]


def test_favourites_first_and_filter_by_people():
    assert ids(library_order(infos(), {}, {"c"}, "name", 0, "en"))[0] == "c"
    assert ids(library_order(infos(), {}, set(), "name", 2, "en")) == ["deadmans_draw", "d"]
    assert ids(library_order(infos(), {}, set(), "name", 9, "en")) == ["c"]


def tile(title, game_id):
    return next(t for t in title.library.tiles if t.info.id == game_id)


def test_tile_star_sort_and_filter_by_mouse(app, tmp_path):
    from scenes.title import TitleScene

    title = app.push(TitleScene(app))
    frames(app, 2)
    dmd = tile(title, "deadmans_draw")
    assert not dmd.favourite
    click(app, dmd.star_rect().center)
    assert app.prefs.favourites == ["deadmans_draw"] and tile(title, "deadmans_draw").favourite
    assert title.library.tiles[0].info.id == "deadmans_draw"  # favourites come first
    click(app, title.sort.rect.center)
    assert app.prefs.library_sort == "players"
    for _ in range(4):  # Any → 2 → 3 → 4 → 5 people
        click(app, title.people.rect.center)
    assert app.prefs.library_people == 5
    shown = [t.info.id for t in title.library.tiles]
    assert "get_lucky" in shown and "deadmans_draw" not in shown  # Dead Man's Draw seats at most 4
    click(app, title.people.rect.center, button=3)  # right click steps back to 4
    assert app.prefs.library_people == 4 and len(title.library.tiles) == len(shown) + 1
    # The choices are saved and come back in a new session.
    from scenes import prefs

    saved, _ = prefs.load(app.settings_path)
    assert saved.favourites == ["deadmans_draw"] and saved.library_sort == "players" and saved.library_people == 4
    click(app, tile(title, "deadmans_draw").rect.center)
    assert type(app.top).__name__ == "NewGameScene" and app.top.game_id == "deadmans_draw"


def test_statistics_on_the_tile(app):
    from scenes.title import TitleScene

    app.history.record("deadmans_draw", [{"name": "Aiko", "kind": "human", "level": None},
                                         {"name": "Ben", "kind": "ai", "level": "normal"}], {}, 1, [0], [40, 30], 20,
                       90)
    title = app.push(TitleScene(app))
    frames(app, 1)
    stats = tile(title, "deadmans_draw").stats
    assert stats["played"] == 1 and stats["won"] == 1 and stats["last_played"]


def test_the_players_filter_offers_only_counts_a_playable_game_seats(tmp_path):
    from scenes.title import TitleScene

    from .scenes_harness import make_app

    app = make_app(tmp_path)
    app.prefs.library_people = 12  # remembered from a file (or a time when a game seated 12): none does now
    title = app.push(TitleScene(app))
    frames(app, 1)
    infos = [rules_for(g).info for g in playable_ids()]
    offered = [value for value, _ in title.people.options]
    assert offered[0] == 0 and offered[1:] == sorted({n for i in infos for n in range(i.min_players,
                                                                                        i.max_players + 1)})
    assert 12 not in offered and app.prefs.library_people == 0 and len(title.library.tiles) == len(infos)
    app.shutdown()


def test_a_new_favourite_moves_at_once_under_a_favourites_heading(app):
    from scenes.title import TitleScene

    title = app.push(TitleScene(app))
    frames(app, 1)
    assert title.library.headings == []  # no favourite: one group, no heading
    click(app, tile(title, "shipwreck_arcana").star_rect().center)
    library = title.library
    assert [key for key, _ in library.headings] == ["library.favourites", "library.others"]
    first, rest = library.tiles[0], library.tiles[1:]
    assert first.info.id == "shipwreck_arcana" and first.favourite
    (_, (_, fav_top)), (_, (_, others_top)) = library.headings
    assert fav_top < first.rect.top < others_top < min(t.rect.top for t in rest)
    # The others keep the chosen order (by name) under their own heading.
    assert [t.info.id for t in rest] == ["deadmans_draw", "deadwood", "get_lucky", "three_dragon_ante"]


def test_the_library_says_how_many_games_are_playable_and_how_many_are_coming(app, monkeypatch):
    from scenes import library
    from scenes.title import TitleScene
    from scenes.ui import fonts
    from scenes.ui.strings import tr

    drawn = []
    blit_text = fonts.blit_text
    monkeypatch.setattr(fonts, "blit_text", lambda surface, text, *a, **k: (drawn.append(text),
                                                                            blit_text(surface, text, *a, **k))[1])
    app.push(TitleScene(app))
    frames(app, 1)
    assert tr("library.count_ready", playable=5) in drawn and "5 to play" in drawn
    assert not any("more on the way" in text for text in drawn)
    # While some planned games have no table yet, the heading says how many are still to come.
    monkeypatch.setattr(library, "PLANNED_GAMES", 7)
    drawn.clear()
    frames(app, 1)
    assert "5 to play · 2 more on the way" in drawn


def test_every_text_on_a_favourite_tile_stays_inside_it(tmp_path, monkeypatch):
    from scenes.title import TitleScene
    from scenes.ui import fonts

    from .scenes_harness import make_app

    drawn = []
    blit_text = fonts.blit_text
    monkeypatch.setattr(fonts, "blit_text", lambda *a, **k: drawn.append((a[1], blit_text(*a, **k))) or drawn[-1][1])
    for lang in ("en", "ja"):
        for size in ((1280, 720), (1920, 1080)):
            app = make_app(tmp_path, size=size, lang=lang)
            app.prefs.favourites = ["deadmans_draw", "get_lucky", "shipwreck_arcana"]
            title = app.push(TitleScene(app))
            drawn.clear()
            for tile in title.library.tiles:
                tile.draw(app.screen)
                texts = [(text, rect) for text, rect in drawn if rect.colliderect(tile.rect)]
                assert texts and all(tile.rect.contains(rect) for _, rect in texts), (lang, size, texts)
                star = tile.star_rect()
                assert not any(rect.colliderect(star) for _, rect in texts)
                drawn.clear()
            app.shutdown()


def test_a_long_game_name_steps_down_a_size_rather_than_being_cut(tmp_path, monkeypatch):
    """Three-Dragon Ante: Legendary Edition is wider than a tile at 1280×720 in the large size: its tile shows
    the whole name a size smaller, not "Three-Dragon Ante: Legendary…"."""
    from scenes.title import TitleScene
    from scenes.ui import fonts

    from .scenes_harness import make_app

    drawn = []
    blit_text = fonts.blit_text
    monkeypatch.setattr(fonts, "blit_text", lambda *a, **k: drawn.append(a[1]) or blit_text(*a, **k))
    app = make_app(tmp_path, size=(1280, 720), lang="en")
    try:
        title = app.push(TitleScene(app))
        tile = next(t for t in title.library.tiles if t.info.id == "three_dragon_ante")
        tile.draw(app.screen)
        assert tile.info.names["en"] in drawn
    finally:
        app.shutdown()
