"""The play history in the app (issue 11, item 2): a damaged row, a locked database or a full disk at the
end of a game never crash a screen, never freeze it waiting for the database and never lose the result."""

from __future__ import annotations

import sqlite3

from game.core import safeio
from game.core.history import PENDING_NAME, History
from game.core.match import AI, Seat

from .scenes_harness import frames, make_app, open_table, play_through, top_name
from .test_scenes import human_move, table_match

AIKO = {"name": "Aiko", "kind": "human", "level": None}
BOT = {"name": "Flint", "kind": "ai", "level": "easy"}


def finish_a_game(app, then=lambda: None):
    """Open a table over the title, call `then`, and play to the end."""
    match = table_match(seats=[Seat("Aiko"), Seat("Ben", AI, "easy")], options={"traits": False})
    scene = open_table(app, match)
    then()
    play_through(app, scene, human_move, seed=3)
    assert top_name(app) in ("ResultsScene", "Dialog")
    app.history.settle()
    frames(app, 1)  # the history's notices reach the screen
    return match


def test_a_row_with_a_flipped_bit_does_not_stop_the_title(tmp_path):
    history = History(tmp_path / "history.sqlite")
    history.record("deadmans_draw", [AIKO, BOT], {}, 1, [0], [30, 20], 9, 40)
    history.close()
    conn = sqlite3.connect(tmp_path / "history.sqlite")
    with conn:  # the integrity check still passes: only the JSON inside the row is broken
        conn.execute("UPDATE games SET seats = '[{\"name\": \"Ai\\u0001', scores = 'x'")
    conn.close()
    app = make_app(tmp_path)
    try:
        from scenes.title import TitleScene

        title = app.push(TitleScene(app))
        frames(app, 2)
        tile = next(t for t in title.library.tiles if t.info.id == "deadmans_draw")
        assert tile.stats["played"] == 1 and tile.stats["won"] == 1
    finally:
        app.shutdown()


def test_a_locked_history_at_the_end_of_a_game_keeps_the_result(tmp_path):
    app = make_app(tmp_path)
    other = sqlite3.connect(tmp_path / "history.sqlite", isolation_level=None)
    try:
        finish_a_game(app, lambda: other.execute("BEGIN EXCLUSIVE"))  # another program holds it meanwhile
        assert app.history.stats("deadmans_draw")["played"] == 1
        assert (tmp_path / PENDING_NAME).exists()
        assert not (app.saves_dir / "autosave.json").exists(), "the result is safe in the queue file"
        assert any("later" in message for _, message in app.pending_notices) or "later" in app.top.message
    finally:
        other.close()
        app.shutdown()
    again = make_app(tmp_path)
    try:
        again.history.settle()
        assert again.history.stats("deadmans_draw")["played"] == 1
        assert not (tmp_path / PENDING_NAME).exists()
    finally:
        again.shutdown()


def test_a_full_disk_at_the_end_of_a_game_keeps_the_autosave(tmp_path, monkeypatch):
    app = make_app(tmp_path)
    path = app.history.path
    write_atomic = safeio.write_atomic

    def full_queue_file(target, data):
        if target.name == PENDING_NAME:
            raise safeio.FileProblem(target, "file.disk_full")
        write_atomic(target, data)

    def full_database(self):
        conn = sqlite3.connect(path, isolation_level=None)
        conn.execute(f"PRAGMA max_page_count = {conn.execute('PRAGMA page_count').fetchone()[0]}")
        conn.execute("CREATE TEMP TABLE filler (x)")
        return conn

    monkeypatch.setattr(safeio, "write_atomic", full_queue_file)
    monkeypatch.setattr(History, "_writer_connection", full_database)
    try:
        finish_a_game(app)
        from game.core.saves import autosave_path

        assert autosave_path(app.saves_dir, "deadmans_draw").exists(), "kept: the result is only in memory"
        assert app.history.stats("deadmans_draw")["played"] == 1
        shown = [message for _, message in app.pending_notices] + [getattr(app.top, "message", "")]
        assert any("disk is full" in message and "autosave" in message for message in shown)
    finally:
        app.shutdown()
