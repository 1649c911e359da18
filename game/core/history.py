"""The play history: one SQLite row per finished game, feeding the statistics screen.

Lists and options are stored as JSON text (never pickles), so the file stays readable by any SQLite tool.
The history is a nicety, not something a game may fail over: nothing here raises for a damaged or
unwritable database. A damaged file is renamed aside (never deleted) and a fresh one started; a database
that cannot be opened or written is replaced by one in memory. Either way `problem` holds a message for
the player.
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
from datetime import UTC, datetime
from pathlib import Path

SCHEMA_VERSION = 1
COLUMNS = ("id", "game", "finished_at", "seats", "options", "seed", "winners", "scores", "length", "actions")
SCHEMA = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE games (
    id INTEGER PRIMARY KEY,
    game TEXT NOT NULL,
    finished_at TEXT NOT NULL,  -- ISO-8601 in UTC, so that text order is time order
    seats TEXT NOT NULL,        -- JSON list of {"name", "kind", "level"}
    options TEXT NOT NULL,      -- JSON object
    seed INTEGER NOT NULL,
    winners TEXT NOT NULL,      -- JSON list of seat indexes
    scores TEXT NOT NULL,       -- JSON list, one per seat
    length INTEGER NOT NULL,    -- turns
    actions INTEGER NOT NULL
);
CREATE INDEX games_by_game ON games (game, finished_at);
"""
# Companion files SQLite may keep next to the database; they belong to it and move with it.
COMPANIONS = ("-journal", "-wal", "-shm")


class _Damaged(Exception):
    """The file opens as SQLite but is not a sound play history."""


class History:
    """The play history in one SQLite file; `problem` is a message for the player when it misbehaved."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self.problem: str | None = None  # in English, for logs; the app shows `problem_text` in the player's tongue
        self.problem_key: str | None = None
        self.problem_args: dict = {}
        self._conn = self._open()

    def record(
        self,
        game: str,
        seats: list[dict],
        options: dict,
        seed: int,
        winners: list[int],
        scores: list,
        length: int,
        actions: int,
        finished_at: datetime | None = None,
    ) -> bool:
        """Add a finished game; False (with `problem` set) if it could not be written."""
        when = (finished_at or datetime.now(UTC)).astimezone(UTC).isoformat(timespec="seconds")
        row = (game, when, json.dumps(seats), json.dumps(options), seed, json.dumps(winners), json.dumps(scores))
        try:
            with self._conn:
                self._conn.execute(
                    "INSERT INTO games (game, finished_at, seats, options, seed, winners, scores, length, actions)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (*row, length, actions),
                )
        except sqlite3.DatabaseError as exc:  # disk full, read-only, I/O error, damaged since opening
            self._report("write_failed", f"This game could not be added to the play history ({exc}).", detail=exc)
            return False
        return True

    def stats(self, game: str | None = None, human_names: set[str] | None = None) -> dict:
        """Per game id: played, won (a counted human among the winners), best_score and last_played.

        With `game`, just that game's figures (zeros and None if it was never played). `human_names`
        narrows which human seats count, e.g. to one player's name on a shared computer.
        """
        where, params = ("WHERE game = ?", (game,)) if game is not None else ("", ())
        rows = self._read(f"SELECT game, finished_at, seats, winners, scores FROM games {where}", params)
        totals: dict[str, dict] = {}
        for game_id, finished_at, seats, winners, scores in rows:
            entry = totals.setdefault(game_id, _empty_stats())
            humans = _counted_humans(json.loads(seats), human_names)
            _add_game(entry, finished_at, humans, json.loads(winners), json.loads(scores))
        return totals.get(game, _empty_stats()) if game is not None else totals

    def recent(self, limit: int = 20) -> list[dict]:
        """The last `limit` games, newest first, with the JSON columns decoded."""
        sql = f"SELECT {', '.join(COLUMNS)} FROM games ORDER BY finished_at DESC, id DESC LIMIT ?"
        return [_decode(dict(zip(COLUMNS, row, strict=True))) for row in self._read(sql, (limit,))]

    def close(self) -> None:
        self._conn.close()

    def _read(self, sql: str, params: tuple) -> list[tuple]:
        """Rows of a query, or none (with `problem` set) if the database fails under us."""
        try:
            return self._conn.execute(sql, params).fetchall()
        except sqlite3.DatabaseError as exc:
            self._report("read_failed", f"The play history could not be read ({exc}).", detail=exc)
            return []

    def _report(self, key: str, english: str, **args) -> None:
        """Remember a problem for the app to show: `problem_key` names its text in data/i18n (history.*)."""
        self.problem = english
        self.problem_key = f"history.{key}"
        self.problem_args = {k: str(v) for k, v in args.items()}

    def _open(self) -> sqlite3.Connection:
        """The database at `path`, a fresh one if it was damaged, or one in memory if the file is unusable."""
        try:
            return _connect(self.path)
        except sqlite3.OperationalError as exc:
            # Busy, locked, unreadable or unopenable: the file itself may be sound, so it stays where it is.
            return self._in_memory(f"The play history could not be opened ({exc})", exc)
        except OSError as exc:
            return self._in_memory(f"The play history could not be opened ({exc.strerror or exc})", exc.strerror or exc)
        except (_Damaged, sqlite3.DatabaseError):
            return self._replace_damaged()

    def _replace_damaged(self) -> sqlite3.Connection:
        try:
            aside = _set_aside(self.path)
            conn = _connect(self.path)
        except (OSError, sqlite3.DatabaseError, _Damaged) as exc:
            return self._in_memory(f"The play history was damaged and could not be replaced ({exc})", exc)
        self._report("set_aside", f"The play history was damaged and has been set aside as {aside.name}; a new one "
                     "was started.", file=aside.name)
        return conn

    def _in_memory(self, reason: str, detail) -> sqlite3.Connection:
        self._report("in_memory", f"{reason}; games played now will not be remembered.", detail=detail)
        conn = sqlite3.connect(":memory:")
        _check(conn)  # creates the schema
        return conn


def _connect(path: Path) -> sqlite3.Connection:
    """An open, checked history database, created with its schema if the file is new or empty."""
    path.parent.mkdir(parents=True, exist_ok=True)
    conn = sqlite3.connect(path)
    try:
        _check(conn)
    except BaseException:
        conn.close()  # closed before anyone renames the file (Windows cannot rename an open one)
        raise
    return conn


def _check(conn: sqlite3.Connection) -> None:
    """Create the schema in an empty database; raise _Damaged if an existing one is unsound."""
    if conn.execute("PRAGMA integrity_check").fetchone() != ("ok",):
        raise _Damaged("the integrity check failed")
    tables = {name for (name,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    if not tables:
        with conn:
            conn.executescript(SCHEMA)
            conn.execute("INSERT INTO meta VALUES ('schema_version', ?)", (str(SCHEMA_VERSION),))
        return
    if not {"meta", "games"} <= tables:
        raise _Damaged("the tables are missing")
    version = conn.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()
    if version != (str(SCHEMA_VERSION),):
        raise _Damaged(f"unknown schema version {version}")
    if tuple(column[1] for column in conn.execute("PRAGMA table_info(games)")) != COLUMNS:
        raise _Damaged("the games table has the wrong columns")


def _set_aside(path: Path) -> Path:
    """Rename a damaged database (and its journal files) to <name>.damaged-<n>; it is never deleted."""
    n = 1
    while path.with_name(f"{path.name}.damaged-{n}").exists():
        n += 1
    aside = path.with_name(f"{path.name}.damaged-{n}")
    path.rename(aside)
    # A left-over journal would otherwise be "rolled back" into the fresh database.
    for suffix in COMPANIONS:
        with contextlib.suppress(FileNotFoundError):
            path.with_name(path.name + suffix).rename(aside.with_name(aside.name + suffix))
    return aside


def _empty_stats() -> dict:
    return {"played": 0, "won": 0, "best_score": None, "last_played": None}


def _counted_humans(seats: list[dict], human_names: set[str] | None) -> list[int]:
    """Indexes of the human seats whose results count (all humans unless names are given)."""
    return [
        i
        for i, seat in enumerate(seats)
        if seat.get("kind") == "human" and (human_names is None or seat.get("name") in human_names)
    ]


def _add_game(entry: dict, finished_at: str, humans: list[int], winners: list[int], scores: list) -> None:
    entry["played"] += 1
    entry["won"] += any(i in winners for i in humans)
    best = [scores[i] for i in humans if i < len(scores) and _is_number(scores[i])]
    if entry["best_score"] is not None:
        best.append(entry["best_score"])
    entry["best_score"] = max(best, default=None)
    entry["last_played"] = max(entry["last_played"] or "", finished_at)


def _is_number(value: object) -> bool:
    # bool is an int subclass, and a True score would be a bug upstream, not a score of 1.
    return isinstance(value, int | float) and not isinstance(value, bool)


def _decode(row: dict) -> dict:
    for key in ("seats", "options", "winners", "scores"):
        row[key] = json.loads(row[key])
    return row
