"""The game library on the title screen: order, filter, favourites and statistics, driven by the mouse."""

from __future__ import annotations

from dataclasses import replace

from game.games import rules as rules_for
from scenes.library import library_order

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
