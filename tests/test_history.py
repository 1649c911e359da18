"""The play history: statistics from recorded games, and never an exception for a bad file or disk."""

from __future__ import annotations

import json
import sqlite3
from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.core import history as history_module
from game.core import safeio
from game.core.history import PENDING_NAME, SCHEMA_V1, History

AIKO = {"name": "Aiko", "kind": "human", "level": None}
BEN = {"name": "Ben", "kind": "human", "level": None}
BOT = {"name": "Captain Bot", "kind": "ai", "level": "normal"}
START = datetime(2025, 3, 1, 12, 0, tzinfo=UTC)


@pytest.fixture
def history(tmp_path):
    opened = History(tmp_path / "nested" / "folders" / "history.sqlite")
    yield opened
    opened.close()


def play(history: History, winners: list[int], scores: list, seats=(AIKO, BOT), game="deadmans_draw", minute=0):
    """Record a game of 12 turns and 80 actions that finished `minute` minutes after START."""
    finished = START + timedelta(minutes=minute)
    return history.record(game, list(seats), {"traits": True}, 42, winners, scores, 12, 80, finished)


def test_a_new_history_is_created_with_its_folders(tmp_path, history):
    assert history.problem is None
    assert (tmp_path / "nested" / "folders" / "history.sqlite").is_file()
    assert history.stats() == {}


def test_record_and_stats(history):
    assert play(history, [0], [31, 20], minute=0)
    assert play(history, [1], [18, 25], minute=5)
    assert play(history, [0], [40, 12], minute=3)
    assert play(history, [], [0, 0], game="get_lucky", minute=1)
    assert history.stats("deadmans_draw") == {
        "played": 3,
        "won": 2,
        "best_score": 40,
        "last_played": (START + timedelta(minutes=5)).isoformat(),
    }
    assert set(history.stats()) == {"deadmans_draw", "get_lucky"}
    assert history.stats()["get_lucky"]["won"] == 0


def test_a_game_never_played_has_empty_stats(history):
    play(history, [0], [1, 2])
    assert history.stats("deadwood") == {"played": 0, "won": 0, "best_score": None, "last_played": None}


def test_only_human_seats_win_and_score(history):
    play(history, [1], [10, 99])  # the AI won, with the best score
    play(history, [0, 1], [30, 30])  # a shared win counts for the human
    stats = history.stats("deadmans_draw")
    assert stats["won"] == 1 and stats["best_score"] == 30


def test_human_names_narrow_whose_results_count(history):
    play(history, [1], [10, 50], seats=(AIKO, BEN))
    play(history, [0], [60, 5], seats=(AIKO, BEN))
    assert history.stats("deadmans_draw", human_names={"Ben"}) == {
        "played": 2,
        "won": 1,
        "best_score": 50,
        "last_played": START.isoformat(),
    }
    assert history.stats("deadmans_draw", human_names={"Nobody"})["won"] == 0


def test_recent_is_newest_first_with_json_decoded(history):
    for minute in (2, 9, 5):
        play(history, [0], [minute, 0], minute=minute)
    recent = history.recent()
    assert [game["scores"][0] for game in recent] == [9, 5, 2]
    assert recent[0]["seats"] == [AIKO, BOT] and recent[0]["options"] == {"traits": True}
    assert recent[0]["winners"] == [0] and recent[0]["length"] == 12 and recent[0]["actions"] == 80
    assert len(history.recent(limit=2)) == 2


def test_the_history_survives_reopening(tmp_path):
    path = tmp_path / "history.sqlite"
    first = History(path)
    play(first, [0], [5, 1])
    first.close()
    again = History(path)
    assert again.problem is None and again.stats("deadmans_draw")["played"] == 1
    again.close()


def test_a_damaged_file_is_set_aside_and_a_new_one_started(tmp_path):
    path = tmp_path / "history.sqlite"
    garbage = b"this is not an SQLite database at all" * 50
    path.write_bytes(garbage)
    history = History(path)
    aside = tmp_path / "history.sqlite.damaged-1"
    assert aside.read_bytes() == garbage, "the damaged file is kept, byte for byte"
    assert history.problem and "history.sqlite.damaged-1" in history.problem
    assert play(history, [0], [3, 1]) and history.stats("deadmans_draw")["played"] == 1
    history.close()


def test_a_second_damaged_file_does_not_overwrite_the_first(tmp_path):
    path = tmp_path / "history.sqlite"
    for garbage in (b"first" * 100, b"second" * 100):
        path.write_bytes(garbage)
        History(path).close()
    assert (tmp_path / "history.sqlite.damaged-1").read_bytes() == b"first" * 100
    assert (tmp_path / "history.sqlite.damaged-2").read_bytes() == b"second" * 100


def test_a_database_of_something_else_counts_as_damaged(tmp_path):
    path = tmp_path / "history.sqlite"
    other = sqlite3.connect(path)
    with other:
        other.execute("CREATE TABLE games (name TEXT)")
    other.close()
    history = History(path)
    assert "set aside" in history.problem and (tmp_path / "history.sqlite.damaged-1").exists()
    assert history.stats() == {}
    history.close()


def stored(path) -> int:
    """Games in the database file itself (not counting the queue)."""
    conn = sqlite3.connect(path)
    try:
        return conn.execute("SELECT COUNT(*) FROM games").fetchone()[0]
    finally:
        conn.close()


def keys(history: History) -> list[str]:
    return [key for key, _ in history.take_notices()]


@pytest.fixture
def locked(tmp_path):
    """The app's history, then another program locking it (as `sqlite3` in a terminal may) while a game
    is played."""
    path = tmp_path / "history.sqlite"
    history = History(path)
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    yield path, other, history
    other.close()
    history.close()


def test_a_locked_database_keeps_the_result_and_adds_it_at_the_next_write(locked):
    path, other, history = locked
    assert play(history, [0], [31, 20]) is True, "the result is safe in the queue file at once"
    history.settle()
    assert "history.queued" in keys(history) and "locked" in history.problem
    assert history.stats("deadmans_draw")["played"] == 1 and history.stats("deadmans_draw")["won"] == 1
    queued = json.loads((path.parent / PENDING_NAME).read_text(encoding="utf-8"))
    assert [r["scores"] for r in queued] == [[31, 20]]
    other.execute("ROLLBACK")  # the other program lets go
    assert play(history, [1], [5, 9], minute=1)
    history.settle()
    assert stored(path) == 2 and not (path.parent / PENDING_NAME).exists()
    assert history.stats("deadmans_draw")["played"] == 2, "nothing counted twice"


def test_a_result_queued_when_the_app_closed_is_added_at_the_next_launch(locked):
    path, other, history = locked
    play(history, [0], [31, 20])
    history.close()
    other.execute("ROLLBACK")
    again = History(path)
    again.settle()
    assert stored(path) == 1 and not (path.parent / PENDING_NAME).exists()
    assert again.recent()[0]["scores"] == [31, 20] and again.problem is None
    again.close()


def test_a_read_only_database_keeps_the_result_queued(tmp_path, monkeypatch):
    path = tmp_path / "history.sqlite"
    History(path).close()
    monkeypatch.setattr(History, "_writer_connection",
                        lambda self: sqlite3.connect(f"file:{path}?mode=ro", uri=True, isolation_level=None))
    history = History(path)
    assert play(history, [0], [1, 2]) is True
    history.settle()
    assert "readonly" in history.problem and history.stats("deadmans_draw")["played"] == 1
    assert (tmp_path / PENDING_NAME).exists()
    history.close()


def test_a_full_disk_keeps_the_result_in_memory_with_a_notice(tmp_path, monkeypatch):
    path = tmp_path / "history.sqlite"
    History(path).close()

    def full_connection(self):
        conn = sqlite3.connect(path, isolation_level=None)
        pages = conn.execute("PRAGMA page_count").fetchone()[0]
        conn.execute(f"PRAGMA max_page_count = {pages}")
        return conn

    def full_disk(target, data):
        raise safeio.FileProblem(target, "file.disk_full")

    monkeypatch.setattr(History, "_writer_connection", full_connection)
    monkeypatch.setattr(safeio, "write_atomic", full_disk)
    history = History(path)
    written = history.record("deadmans_draw", [AIKO], {"notes": "x" * 100_000}, 1, [0], [1], 1, 1)
    history.settle()
    assert written is False and "history.not_saved" in keys(history)
    assert "disk is full" in history.problem
    assert history.stats("deadmans_draw")["played"] == 1, "kept in memory for this session"
    assert stored(path) == 0 and not (tmp_path / PENDING_NAME).exists()
    history.close()


def test_any_failing_write_keeps_the_result(tmp_path, monkeypatch):
    class FailingConnection:
        """Stands in for the writer's connection: its writes fail as on a disk that has gone away."""

        def execute(self, *args):
            raise sqlite3.OperationalError("disk I/O error")

        def close(self):
            pass

    monkeypatch.setattr(History, "_writer_connection", lambda self: FailingConnection())
    history = History(tmp_path / "history.sqlite")
    assert play(history, [0], [1, 2]) is True
    history.settle()
    assert history.problem == ("This game could not be added to the play history yet (disk I/O error); it is "
                               "kept and will be added later.")
    assert history.stats("deadmans_draw")["played"] == 1
    history.close()


def test_an_unopenable_path_keeps_results_in_memory(tmp_path):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the folder should be")
    history = History(blocker / "history.sqlite")
    assert "could not be opened" in history.problem
    assert play(history, [0], [1, 2]) is False, "not on disk anywhere: the caller keeps its autosave"
    assert history.stats("deadmans_draw")["played"] == 1
    history.close()
    assert blocker.read_text() == "a file where the folder should be"


def flip(path, sql: str, *params) -> None:
    """Change a row behind the history's back, as a flipped bit would: the integrity check still passes."""
    conn = sqlite3.connect(path)
    with conn:
        conn.execute(sql, params)
    conn.close()


def test_a_row_that_does_not_parse_is_left_out_once_and_the_file_kept(tmp_path):
    path = tmp_path / "history.sqlite"
    history = History(path)
    play(history, [0], [31, 20], minute=1)
    play(history, [0], [12, 20], minute=2)
    history.close()
    flip(path, "UPDATE games SET seats = '[{\"name\": \"Ai', winners = X'00ff' WHERE id = 2")
    flip(path, "UPDATE games SET finished_at = 7, human_best = 'zz', human_won = 'x' WHERE id = 1")
    before = path.read_bytes()
    again = History(path)
    assert again.problem is None
    stats = again.stats("deadmans_draw")
    assert stats["played"] == 2 and stats["won"] == 1 and stats["best_score"] == 12
    assert again.stats()["deadmans_draw"] == stats
    assert [r["id"] for r in again.recent()] == [1]
    again.recent()
    assert keys(again) == ["history.rows_skipped"], "reported once"
    again.close()
    assert path.read_bytes() == before and not list(tmp_path.glob("*.damaged*"))




def version_1(path, rows) -> None:
    conn = sqlite3.connect(path)
    conn.executescript(SCHEMA_V1)
    with conn:
        conn.executemany("INSERT INTO games (game, finished_at, seats, options, seed, winners, scores, length, "
                         "actions) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", rows)
    conn.close()


def test_a_version_1_history_is_upgraded_and_keeps_its_games(tmp_path):
    path = tmp_path / "history.sqlite"
    seats = json.dumps([AIKO, BEN])
    version_1(path, [
        ("deadmans_draw", "2025-03-01T12:00:00+00:00", seats, "{}", 1, "[1]", "[10, 50]", 9, 40),
        ("deadmans_draw", "2025-03-02T12:00:00+00:00", seats, "{}", 2, "[0]", "[60, 5]", 9, 40),
        ("deadmans_draw", "2025-03-03T12:00:00+00:00", "not json", "{}", 3, "[0]", "[99, 5]", 9, 40),
    ])
    history = History(path)
    assert history.stats("deadmans_draw") == {"played": 3, "won": 2, "best_score": 60,
                                              "last_played": "2025-03-03T12:00:00+00:00"}
    assert history.stats("deadmans_draw", human_names={"Ben"})["best_score"] == 50
    assert history.stats("deadmans_draw", human_names={"Ben"})["won"] == 1
    assert keys(history) == ["history.rows_skipped"] and not list(tmp_path.glob("*.damaged*"))
    history.close()
    conn = sqlite3.connect(path)
    assert conn.execute("SELECT value FROM meta").fetchone() == ("2",)
    conn.close()


def test_statistics_are_counted_by_the_database_not_by_reading_every_row(history, monkeypatch):
    for minute in range(5):
        play(history, [0], [minute, 0], minute=minute)
    history.settle()
    monkeypatch.setattr(history_module.json, "loads", None)  # no row's JSON may be decoded
    assert history.stats("deadmans_draw")["played"] == 5
    assert history.stats()["deadmans_draw"]["best_score"] == 4
    assert history.stats("deadmans_draw", human_names={"Aiko"})["won"] == 5
    plan = " ".join(str(row) for row in history._conn.execute(
        "EXPLAIN QUERY PLAN SELECT game, COUNT(*), SUM(human_won = 1), MAX(human_best), MAX(finished_at) "
        "FROM games GROUP BY game"))
    assert "COVERING INDEX games_stats" in plan


def test_a_damaged_queue_file_is_set_aside_and_its_good_results_kept(tmp_path):
    good = {"game": "deadmans_draw", "finished_at": "2025-03-01T12:00:00+00:00", "seats": [AIKO, BOT],
            "options": {}, "seed": 4, "winners": [0], "scores": [30, 2], "length": 9, "actions": 40}
    pending = tmp_path / PENDING_NAME
    text = json.dumps([good, {"game": 5}])
    pending.write_text(text, encoding="utf-8")
    history = History(tmp_path / "history.sqlite")
    history.settle()
    assert (tmp_path / (PENDING_NAME + ".damaged")).read_text(encoding="utf-8") == text
    notices = history.take_notices()
    assert notices[0][0] == "history.pending_damaged" and notices[0][1]["file"] == PENDING_NAME + ".damaged"
    assert stored(tmp_path / "history.sqlite") == 1 and history.stats("deadmans_draw")["won"] == 1
    history.close()


JSON_VALUES = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
                           lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
                           max_leaves=12)
SQL_VALUES = st.integers(-(1 << 63), (1 << 63) - 1) | st.floats(allow_nan=False) | st.text() | st.binary(max_size=20) \
    | JSON_VALUES.map(json.dumps)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(rows=st.lists(st.tuples(*[SQL_VALUES] * 9), min_size=1, max_size=4), version=st.sampled_from([1, 2]))
def test_any_row_values_never_raise(tmp_path_factory, rows, version):
    """Rows with any value of any type in any column (what a flipped bit can make) never make the history
    raise; the database is kept, unchanged when already at schema 2."""
    path = tmp_path_factory.mktemp("rows") / "history.sqlite"
    if version == 1:
        version_1(path, [])
    else:
        History(path).close()
    conn = sqlite3.connect(path)
    with conn:  # SQLite does not enforce a column's type: these go in as they are
        conn.executemany("INSERT INTO games (game, finished_at, seats, options, seed, winners, scores, length, "
                         "actions) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", rows)
    conn.close()
    before = path.read_bytes()
    history = History(path)
    stats = history.stats()
    history.stats("deadmans_draw", human_names={"Aiko"})
    recent = history.recent()
    history.close()
    # A TEXT column stores a number as text; only a game id that is bytes is no game at all.
    assert sum(entry["played"] for entry in stats.values()) == sum(not isinstance(r[0], bytes) for r in rows)
    assert len(recent) <= len(rows)
    for entry in stats.values():
        assert isinstance(entry["won"], int) and (entry["last_played"] is None or isinstance(entry["last_played"], str))
    assert not list(path.parent.glob("*.damaged*"))
    if version == 2:
        assert path.read_bytes() == before


@settings(max_examples=30, deadline=None)
@given(value=JSON_VALUES)
def test_any_queue_file_never_raises(tmp_path_factory, value):
    folder = tmp_path_factory.mktemp("queue")
    text = json.dumps(value)
    (folder / PENDING_NAME).write_text(text, encoding="utf-8")
    history = History(folder / "history.sqlite")
    history.stats()
    history.recent()
    history.close()
    left = [p.read_text(encoding="utf-8") for p in folder.glob(PENDING_NAME + "*")]
    assert left in ([], [text]), "the file is added, or kept as it was (set aside)"
    if left and value != []:  # an empty queue is left as it is
        assert history.problem_args["file"] == PENDING_NAME + ".damaged"


def test_a_database_locked_when_first_read_is_read_again_later(tmp_path):
    path = tmp_path / "history.sqlite"
    history = History(path)
    play(history, [0], [5, 1])
    history.settle()
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    assert history.stats() == {} and "history.read_failed" in keys(history)
    other.execute("ROLLBACK")
    other.close()
    assert history.stats("deadmans_draw")["played"] == 1
    history.close()


def test_a_result_both_written_and_still_queued_is_not_counted_twice(tmp_path):
    """As after a kill between the database's commit and the queue file's rewrite."""
    history = History(tmp_path / "history.sqlite")
    play(history, [0], [31, 20])
    history.settle()
    queued = history.recent()[0]
    history.close()
    del queued["id"]
    (tmp_path / PENDING_NAME).write_text(json.dumps([queued]), encoding="utf-8")
    again = History(tmp_path / "history.sqlite")
    again.settle()
    assert stored(tmp_path / "history.sqlite") == 1 and not (tmp_path / PENDING_NAME).exists()
    again.close()
