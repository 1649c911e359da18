"""The play history: statistics from recorded games, and never an exception for a bad file or disk."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime, timedelta

import pytest

from game.core.history import History

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


def test_a_read_only_database_reports_instead_of_raising(history):
    history._conn.close()
    history._conn = sqlite3.connect(f"file:{history.path}?mode=ro", uri=True)
    assert play(history, [0], [1, 2]) is False
    assert "could not be added" in history.problem and "readonly" in history.problem


def test_a_full_disk_reports_instead_of_raising(history):
    pages = history._conn.execute("PRAGMA page_count").fetchone()[0]
    history._conn.execute(f"PRAGMA max_page_count = {pages}")
    written = history.record("deadmans_draw", [AIKO], {"notes": "x" * 100_000}, 1, [0], [1], 1, 1)
    assert written is False and "full" in history.problem
    assert history.stats() == {}, "the failed game left nothing half-written"


def test_any_failing_write_reports_instead_of_raising(history):
    class FailingConnection:
        """Stands in for the connection: its writes fail as on a disk that has gone away."""

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            return False

        def execute(self, *args):
            raise sqlite3.OperationalError("disk I/O error")

    history._conn, real = FailingConnection(), history._conn
    try:
        assert play(history, [0], [1, 2]) is False
    finally:
        history._conn = real
    assert history.problem == "This game could not be added to the play history (disk I/O error)."


def test_an_unopenable_path_falls_back_to_memory(tmp_path):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the folder should be")
    history = History(blocker / "history.sqlite")
    assert "could not be opened" in history.problem
    assert play(history, [0], [1, 2]) and history.stats("deadmans_draw")["played"] == 1
    history.close()
    assert blocker.read_text() == "a file where the folder should be"
