"""The statistics screen (issue 15, deliverable 4): the figures the play history gives it, right for a
history with wins and losses at several AI levels and player counts, a result still queued and a damaged
row, and never an exception; and the screen itself, opened from the title and driven by posted events."""

from __future__ import annotations

import json
import sqlite3
from datetime import UTC, datetime, timedelta

import pygame
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.core.history import SCHEMA_V1, History
from game.core.match import AI_LEVELS
from scenes.menu import WAINSCOT
from scenes.statistics import RECENT_LEAST, StatisticsScene
from scenes.title import TitleScene
from scenes.ui import fonts
from scenes.ui.strings import tr

from .scenes_harness import click, frames, key, make_app, post, top_name

AIKO = {"name": "Aiko", "kind": "human", "level": None}
BEN = {"name": "Ben", "kind": "human", "level": None}
START = datetime(2025, 3, 1, 12, 0, tzinfo=UTC)


def ai(name: str, level: str) -> dict:
    return {"name": name, "kind": "ai", "level": level}


# (game, seats, winners, scores), one an hour from START.
GAMES = [
    ("deadmans_draw", [AIKO, ai("Flint", "easy")], [0], [31, 20]),  # won
    ("deadmans_draw", [AIKO, ai("Flint", "easy"), ai("Maro", "hard")], [2], [18, 22, 40]),  # lost
    ("deadmans_draw", [AIKO, ai("Maro", "hard")], [0], [44, 12]),  # won
    ("get_lucky", [AIKO, ai("Rook", "normal"), ai("Vex", "normal"), ai("Nim", "normal")], [0], [1, 0, 0, 0]),  # won
    ("three_dragon_ante", [AIKO, BEN], [1], [12, 30]),  # hot-seat: Ben, a human, won
    ("deadmans_draw", [ai("Flint", "easy"), ai("Maro", "hard")], [0], [10, 9]),  # no human: not in the figures
    ("deadmans_draw", [AIKO, ai("Flint", "easy")], [0], [26, 25]),  # won (its seats damaged below)
]


def record(history: History, games, first_hour: int = 0) -> None:
    for hour, (game, seats, winners, scores) in enumerate(games, first_hour):
        assert history.record(game, seats, {}, 7, winners, scores, 10, 50, START + timedelta(hours=hour))


@pytest.fixture
def played(tmp_path):
    """GAMES in the database (the last one's seats damaged by a flipped bit), then one more Dead Man's Draw
    (won against a Normal AI) still queued because another program holds the database."""
    path = tmp_path / "history.sqlite"
    history = History(path)
    record(history, GAMES)
    history.close()
    conn = sqlite3.connect(path)
    with conn:
        conn.execute("UPDATE games SET seats = '[{\"name\": \"Ai' WHERE id = 7")
    conn.close()
    history = History(path)
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    record(history, [("deadmans_draw", [AIKO, ai("Flint", "normal")], [0], [50, 3])], first_hour=len(GAMES))
    history.settle()
    assert history.take_notices(), "the result is queued"
    other.execute("ROLLBACK")
    other.close()
    yield history
    history.close()


def test_the_figures_of_one_game(played):
    figures = played.statistics("deadmans_draw")
    # The games with a human (the AIs' game is left out); the damaged one counts here and in the streaks,
    # not in the tables (its levels and player count cannot be read).
    assert figures["seated"] == {"played": 5, "won": 4}
    assert figures["by_level"] == {"easy": {"played": 2, "won": 1}, "hard": {"played": 2, "won": 1},
                                   "normal": {"played": 1, "won": 1}}, "a game against Easy and Hard counts in both"
    assert figures["by_players"] == {2: {"played": 3, "won": 3}, 3: {"played": 1, "won": 0}}
    # Won, lost, won, won (damaged), won (queued).
    assert figures["streak"] == {"current": 3, "current_won": True, "best": 3}
    assert [(e["name"], e["score"]) for e in figures["best_scores"]] == [("Aiko", 50), ("Aiko", 44), ("Aiko", 31),
                                                                         ("Aiko", 26), ("Aiko", 18)]
    assert figures["best_scores"][0]["finished_at"] == (START + timedelta(hours=7)).isoformat()


def test_the_figures_of_every_game(played):
    figures = played.statistics()
    assert figures["seated"] == {"played": 7, "won": 6}
    assert figures["by_level"][None] == {"played": 1, "won": 1}, "hot-seat: a human won"
    assert figures["by_level"]["normal"] == {"played": 2, "won": 2}
    assert figures["by_players"][4] == {"played": 1, "won": 1}
    # Won, lost, won, won, won, (AIs only), won (damaged), won: the last five in a row.
    assert figures["streak"] == {"current": 5, "current_won": True, "best": 5}
    assert [(e["name"], e["score"]) for e in figures["best_scores"]] == [("Aiko", 50), ("Aiko", 44), ("Aiko", 31),
                                                                         ("Ben", 30), ("Aiko", 26)]
    assert played.statistics("deadwood") == {"seated": {"played": 0, "won": 0}, "by_level": {}, "by_players": {},
                                             "streak": {"current": 0, "current_won": None, "best": 0},
                                             "best_scores": []}


@pytest.mark.parametrize("seats", ['{"kind": "ai", "level": "hard"}', "5", '"Aiko"', "[]"])
def test_seats_that_are_json_but_no_list_of_seats_count_in_no_table(tmp_path, seats):
    path = tmp_path / "history.sqlite"
    history = History(path)
    record(history, GAMES[:1])
    history.close()
    conn = sqlite3.connect(path)
    with conn:
        conn.execute("UPDATE games SET seats = ?", (seats,))
    conn.close()
    history = History(path)
    figures = history.statistics()
    assert figures["seated"] == {"played": 1, "won": 1} and figures["streak"]["current"] == 1
    assert figures["by_level"] == {} and figures["by_players"] == {}, "not taken for a hot-seat game"
    history.close()


def test_a_losing_run_is_the_current_streak(tmp_path):
    history = History(tmp_path / "history.sqlite")
    record(history, [GAMES[0], GAMES[0], GAMES[0], GAMES[1], GAMES[1]])
    history.settle()
    assert history.statistics()["streak"] == {"current": 2, "current_won": False, "best": 3}
    history.close()


def test_recent_games_of_one_game_newest_first(played):
    recent = played.recent(10, "deadmans_draw")
    assert [r["id"] for r in recent] == [None, 6, 3, 2, 1], "the queued one first; the damaged row left out"
    assert [r["id"] for r in played.recent(10, "get_lucky")] == [4]


def test_a_version_1_history_gives_its_figures_after_the_upgrade(tmp_path):
    path = tmp_path / "history.sqlite"
    conn = sqlite3.connect(path)
    conn.executescript(SCHEMA_V1)
    with conn:
        conn.executemany("INSERT INTO games (game, finished_at, seats, options, seed, winners, scores, length, "
                         "actions) VALUES (?, ?, ?, '{}', 1, ?, ?, 9, 40)",
                         [(g, (START + timedelta(hours=h)).isoformat(), json.dumps(s), json.dumps(w), json.dumps(p))
                          for h, (g, s, w, p) in enumerate(GAMES[:3])])
    conn.close()
    history = History(path)
    figures = history.statistics("deadmans_draw")
    assert figures["seated"] == {"played": 3, "won": 2} and figures["streak"]["current"] == 1
    assert figures["by_level"]["hard"] == {"played": 2, "won": 1}
    history.close()


JSON_VALUES = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
                           lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
                           max_leaves=12)
SEAT = st.fixed_dictionaries({"name": st.text(max_size=3) | st.integers(), "kind": st.sampled_from(["human", "ai", 3]),
                              "level": st.sampled_from(["easy", None, 7, "x,y"])})
SEATS = st.lists(SEAT | JSON_VALUES, max_size=4).map(json.dumps)
SQL_VALUES = st.integers(-(1 << 63), (1 << 63) - 1) | st.floats(allow_nan=False) | st.text() | st.binary(max_size=20) \
    | JSON_VALUES.map(json.dumps)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(rows=st.lists(st.tuples(SQL_VALUES | st.just("deadmans_draw"), SQL_VALUES, SEATS | SQL_VALUES,
                               SQL_VALUES | SQL_VALUES.map(lambda v: v if isinstance(v, int) else 1)),
                     min_size=1, max_size=4))
def test_any_damaged_row_never_raises(tmp_path_factory, rows):
    """Rows with any value in the columns the statistics read (seats, finished_at, the summary columns and
    the humans table) make no query fail (a failing one would leave the figures empty), and leave the file
    as it was."""
    path = tmp_path_factory.mktemp("rows") / "history.sqlite"
    History(path).close()
    conn = sqlite3.connect(path)
    with conn:
        for game, finished, seats, won in rows:
            cursor = conn.execute("INSERT INTO games (game, finished_at, seats, options, seed, winners, scores, "
                                  "length, actions, human_won, human_best) VALUES (?, ?, ?, '{}', 1, '[0]', '[1]', "
                                  "1, 1, ?, ?)", (game, finished, seats, won, won))
            conn.execute("INSERT INTO humans VALUES (?, ?, ?, ?, ?)", (cursor.lastrowid, game, seats, won, finished))
    conn.close()
    before = path.read_bytes()
    history = History(path)
    for game in (None, "deadmans_draw"):
        figures = history.statistics(game)
        assert 0 <= figures["seated"]["won"] <= figures["seated"]["played"] <= len(rows)
        assert all(isinstance(e["score"], int | float) for e in figures["best_scores"])
        history.recent(10, game)
    assert "history.read_failed" not in [key for key, _ in history.take_notices()], "every query ran"
    history.close()
    assert path.read_bytes() == before


# -- the screen ----------------------------------------------------------------------------------------------


@pytest.fixture
def stats_app(tmp_path):
    app = make_app(tmp_path)
    record(app.history, GAMES)
    app.history.settle()
    app.reset(TitleScene(app))
    frames(app, 1)
    yield app
    app.shutdown()


def open_from_title(app) -> StatisticsScene:
    title = app.top
    button = next(b for b in title.buttons if b.text() == tr("stats.title"))
    click(app, button.rect.center)
    assert top_name(app) == "StatisticsScene"
    return app.top


def test_the_title_menu_opens_statistics_and_escape_goes_back(stats_app):
    scene = open_from_title(stats_app)
    assert scene.game is None and scene.totals["played"] == len(GAMES)
    assert scene.figures["seated"]["played"] == 6
    key(stats_app, pygame.K_ESCAPE)
    assert top_name(stats_app) == "TitleScene"


def test_the_title_menu_buttons_stay_apart_and_above_the_footer(stats_app):
    buttons = stats_app.top.buttons
    for i, button in enumerate(buttons):
        assert button.rect.bottom < stats_app.screen.get_height() * WAINSCOT
        assert not any(button.rect.colliderect(other.rect) for other in buttons[i + 1:])


def test_the_game_is_switched_with_the_mouse_and_the_keys(stats_app):
    scene = open_from_title(stats_app)
    games = scene.games
    click(stats_app, scene.selector.parts()[2].center)  # ›
    assert scene.game == games[1] and scene.totals["played"] == stats_app.history.stats(games[1])["played"]
    assert scene.figures == stats_app.history.statistics(games[1])
    click(stats_app, scene.selector.parts()[0].center)  # ‹
    assert scene.game is None
    key(stats_app, pygame.K_LEFT)  # the selector has the focus: round to the last game
    assert scene.game == games[-1]
    key(stats_app, pygame.K_RIGHT)
    key(stats_app, pygame.K_RIGHT)
    assert scene.game == games[1]
    assert {r["game"] for r in scene.recent.rows} <= {games[1]}


def test_recent_games_are_not_buttons_without_a_callback(stats_app):
    scene = open_from_title(stats_app)
    rows = scene.recent
    assert len(rows.rows) == len(GAMES) and rows.cells[0][1] == "Dead Man's Draw"
    assert rows.cells[0][2] == "Aiko, Flint (Easy AI)" and rows.cells[0][3] == "Aiko" and rows.cells[0][4] == "26"
    before = pygame.image.tobytes(stats_app.screen, "RGB")
    first = rows.body().top + rows.row_height() // 2
    post(pygame.MOUSEMOTION, pos=(rows.rect.centerx, first), rel=(0, 0), buttons=(0, 0, 0))
    frames(stats_app, 1)
    assert pygame.image.tobytes(stats_app.screen, "RGB") == before, "no hover light on a row"
    click(stats_app, (rows.rect.centerx, first))
    key(stats_app, pygame.K_RETURN)
    assert top_name(stats_app) == "StatisticsScene"


def test_recent_games_open_when_the_callback_is_set(stats_app):
    opened = []
    scene = stats_app.push(StatisticsScene(stats_app, on_open_recent=opened.append))
    frames(stats_app, 1)
    rows = scene.recent
    click(stats_app, (rows.rect.centerx, rows.body().top + rows.row_height() * 3 // 2))
    assert [r["id"] for r in opened] == [6], "the second newest"
    key(stats_app, pygame.K_DOWN)
    key(stats_app, pygame.K_RETURN)
    assert [r["id"] for r in opened] == [6, 5]


def test_the_recent_list_scrolls_with_the_wheel_and_the_keys(tmp_path):
    app = make_app(tmp_path)
    record(app.history, GAMES * 4)
    app.history.settle()
    try:
        scene = app.push(StatisticsScene(app))
        frames(app, 1)
        rows = scene.recent
        assert len(rows.rows) > rows.shown_rows()
        post(pygame.MOUSEMOTION, pos=rows.rect.center, rel=(0, 0), buttons=(0, 0, 0))
        post(pygame.MOUSEWHEEL, x=0, y=-2, flipped=False)
        frames(app, 1)
        assert rows.offset == 2
        key(app, pygame.K_TAB)  # from the selector to the list
        assert scene.form.focused is rows
        key(app, pygame.K_END)
        assert rows.offset == len(rows.rows) - rows.shown_rows()
        key(app, pygame.K_UP)
        assert rows.offset == len(rows.rows) - rows.shown_rows() - 1
        click(app, scene.selector.parts()[2].center)  # another game: its newest games first
        assert rows.offset == 0 and rows.rows[0]["game"] == scene.game
    finally:
        app.shutdown()


@pytest.fixture
def drawn(monkeypatch):
    """Every (text, rect) fonts.blit_text and fonts.blit_wrapped draw."""
    texts = []
    blit_text, blit_wrapped = fonts.blit_text, fonts.blit_wrapped

    def recording(surface, text, *args, **kwargs):
        rect = blit_text(surface, text, *args, **kwargs)
        texts.append((text, rect))
        return rect

    def recording_wrapped(surface, text, rect, *args, **kwargs):
        height = blit_wrapped(surface, text, rect, *args, **kwargs)
        texts.append((text, pygame.Rect(rect.left, rect.top, rect.width, height)))
        return height

    monkeypatch.setattr(fonts, "blit_text", recording)
    monkeypatch.setattr(fonts, "blit_wrapped", recording_wrapped)
    return texts


def test_an_empty_history_says_so_instead_of_zeros(app, drawn):
    scene = app.push(StatisticsScene(app))
    frames(app, 1)
    texts = [text for text, _ in drawn]
    assert tr("stats.played") not in texts and "0" not in texts and not scene.recent.visible
    assert tr("stats.empty") in texts


# Deadwood at every table size from 4 to 9, against every level: more player counts than the panel holds.
CROWDS = [("deadwood", [AIKO, *(ai(f"Bot {i}", AI_LEVELS[i % 4]) for i in range(n - 1))], [0], [9, *[1] * (n - 1)])
          for n in range(4, 10)]


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)], ids=lambda s: f"{s[0]}")
@pytest.mark.parametrize("game", [None, "deadmans_draw", "get_lucky", "deadwood"])
def test_the_screen_fits_without_overlap(tmp_path, drawn, lang, size, game):
    app = make_app(tmp_path, size=size, lang=lang)
    record(app.history, GAMES * 3 + CROWDS)
    app.history.settle()
    try:
        scene = app.push(StatisticsScene(app, game))
        drawn.clear()
        frames(app, 1)
        assert scene.recent.shown_rows() >= RECENT_LEAST
        for rows in (scene._level_rows(), scene._player_rows()):
            assert 0 < len(rows) <= scene.table_rows
        assert sum(row["played"] for _, row in scene._player_rows()) == scene.figures["seated"]["played"]
        footer = int(size[1] * WAINSCOT)
        back = app.top.back.rect
        for i, (text, rect) in enumerate(drawn):
            assert app.screen.get_rect().contains(rect), text
            assert rect.bottom <= footer or back.contains(rect), f"{text!r} runs into the footer"
            clash = [other for other, r in drawn[i + 1:] if r.colliderect(rect.inflate(-2, -2))]
            assert not clash, f"{text!r} overlaps {clash}"
    finally:
        app.shutdown()
