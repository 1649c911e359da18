"""The play history: one SQLite row per finished game, feeding the library tiles and the results screen.

Lists and options are stored as JSON text (never pickles), so the file stays readable by any SQLite tool.
The history is a nicety, not something a game may fail over: nothing here raises for a damaged, locked or
unwritable database, and a finished game's result is never lost:

- `record` puts the result in a small queue file, pending-results.json next to the database (one short
  atomic write), and hands it to a writer thread that owns its own connection; the UI never waits for the
  database. A result that cannot be written (the database locked by another program, a full disk) stays
  queued, in the file and in memory, and is retried at the next write and at the next launch. Until then
  the statistics count it from the queue.
- The statistics are SQL aggregates over an index (schema 2 keeps, per game, whether a human won and the
  best human score, and one row per human seat), so a history of 100,000 games costs milliseconds.
- A file that is not a sound play history is renamed aside (never deleted) and a fresh one started; a row
  whose JSON does not parse is left out and reported once, the database kept.

`problem` holds the last problem in English; `take_notices()` hands each new one, once, to the app.
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
import threading
from datetime import UTC, datetime
from pathlib import Path

from . import safeio

SCHEMA_VERSION = 2
V1_COLUMNS = ("id", "game", "finished_at", "seats", "options", "seed", "winners", "scores", "length", "actions")
COLUMNS = (*V1_COLUMNS, "human_won", "human_best")
RESULT_FIELDS = V1_COLUMNS[1:]  # what `record` takes and the queue file keeps
# Added to a version-1 database by the upgrade (the indexes after the rows are filled in, which is faster);
# created with it in a new one.
HUMANS = """
CREATE TABLE humans (           -- one row per human seat of each game, for one player's record
    game_id INTEGER NOT NULL,   -- games.id
    game TEXT NOT NULL,
    name TEXT NOT NULL,
    won INTEGER NOT NULL,
    score NUMERIC               -- NULL when the game gives no number
)"""
INDEXES = (
    "CREATE INDEX games_stats ON games (game, finished_at, human_won, human_best)",
    "CREATE INDEX games_by_time ON games (finished_at)",
    "CREATE INDEX humans_by_name ON humans (game, name, won, score, game_id)",
)
# The layout of schema 1, which every history written before schema 2 has: the upgrade reads it, and the
# tests and the history benchmark make databases in it.
SCHEMA_V1 = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE games (id INTEGER PRIMARY KEY, game TEXT NOT NULL, finished_at TEXT NOT NULL, seats TEXT NOT NULL,
    options TEXT NOT NULL, seed INTEGER NOT NULL, winners TEXT NOT NULL, scores TEXT NOT NULL,
    length INTEGER NOT NULL, actions INTEGER NOT NULL);
CREATE INDEX games_by_game ON games (game, finished_at);
INSERT INTO meta VALUES ('schema_version', '1');
"""
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
    actions INTEGER NOT NULL,
    human_won INTEGER NOT NULL DEFAULT 0,  -- 1 when a human seat is among the winners
    human_best NUMERIC          -- the best score of a human seat, NULL if none
);
""" + HUMANS + ";\n" + ";\n".join(INDEXES) + ";\n"
# Companion files SQLite may keep next to the database; they belong to it and move with it.
COMPANIONS = ("-journal", "-wal", "-shm")
PENDING_NAME = "pending-results.json"
PENDING_LIMIT = 4 * 1024 * 1024
READ_TIMEOUT = 0.05  # s: the UI thread gives up on a locked database at once and counts from the queue
WRITE_TIMEOUT = 0.5  # s: the writer thread may wait a little longer; a failure only keeps the result queued


class _Damaged(Exception):
    """The file opens as SQLite but is not a sound play history."""


class History:
    """The play history in one SQLite file, with a queue of results not yet written."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self.pending_path = self.path.with_name(PENDING_NAME)
        self.problem: str | None = None  # in English, for logs; the app shows the notices in the player's tongue
        self.problem_key: str | None = None
        self.problem_args: dict = {}
        self._notices: list[tuple[str, dict]] = []
        self._reported: set[str] = set()
        self._lock = threading.Lock()  # guards _pending, _notices and the UI thread's reads against a commit
        self._file_lock = threading.Lock()  # one writer of the queue file at a time
        self._pending: list[dict] = self._load_pending()
        self._totals: dict | None = None  # every game's figures in the database, counted once, kept up to date
        self._read_ok = False
        self._conn = self._open()  # the UI thread's connection, for reading; None when the file is unusable
        self._wakeup = threading.Condition()
        self._asked = self._served = 0
        self._closing = False
        self._writer = None
        if self._conn is not None:
            self._writer = threading.Thread(target=self._write_loop, name="history-writer", daemon=True)
            self._writer.start()
            if self._pending:
                self._wake()  # results queued in an earlier session

    # -- writing ---------------------------------------------------------------------------------------------

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
        """Queue a finished game for the history. True when the result is safe on disk (in the queue file;
        the writer thread moves it into the database); False when it is only in memory (a notice says why):
        then whatever else holds the game (its autosave) must be kept."""
        when = (finished_at or datetime.now(UTC)).astimezone(UTC).isoformat(timespec="seconds")
        result = dict(zip(RESULT_FIELDS, (game, when, seats, options, seed, winners, scores, length, actions),
                          strict=True))
        with self._lock:
            self._pending.append(result)
        problem = self._save_pending()
        self._wake()
        if problem is not None:
            self._report("not_saved", f"This game's result could not be saved ({problem}); it is kept only "
                         "until Card Parlor closes.", detail=problem)
            return False
        return True

    def settle(self, timeout: float = 10.0) -> bool:
        """Wait until the writer thread has tried every queued result (for tests and shutdown)."""
        with self._wakeup:
            return self._wakeup.wait_for(lambda: self._served >= self._asked or self._writer is None, timeout)

    def close(self) -> None:
        """Stop the writer (after one last try, bounded: the queue file keeps whatever it could not write)."""
        if self._writer is not None:
            with self._wakeup:
                self._closing = True
                self._wakeup.notify_all()
            self._writer.join(timeout=2 * WRITE_TIMEOUT + 1)
            self._writer = None
        if self._conn is not None:
            self._conn.close()
            self._conn = None

    def _wake(self) -> None:
        if self._writer is None:
            return
        with self._wakeup:
            self._asked += 1
            self._wakeup.notify_all()

    def _write_loop(self) -> None:
        """The writer thread: its own connection, used by no other thread."""
        conn = None
        try:
            while True:
                with self._wakeup:
                    self._wakeup.wait_for(lambda: self._asked > self._served or self._closing)
                    if self._asked == self._served:
                        return  # closing, nothing left to try
                    asked = self._asked
                conn = conn or self._writer_connection()
                if conn is not None:
                    try:
                        self._flush(conn)
                    except Exception as exc:  # noqa: BLE001 - the writer must outlive any one result
                        self._report("queued", f"This game could not be added to the play history yet ({exc}).",
                                     detail=exc)
                with self._wakeup:
                    self._served = asked
                    self._wakeup.notify_all()
        finally:
            if conn is not None:
                conn.close()
            with self._wakeup:
                self._served = self._asked
                self._wakeup.notify_all()

    def _writer_connection(self) -> sqlite3.Connection | None:
        try:
            return sqlite3.connect(self.path, timeout=WRITE_TIMEOUT, isolation_level=None)
        except sqlite3.Error as exc:
            self._report("queued", f"The play history could not be opened for writing ({exc}); the result is "
                         "kept and will be added later.", detail=exc)
            return None

    def _flush(self, conn: sqlite3.Connection) -> None:
        """Write every queued result in one transaction; on failure they all stay queued."""
        with self._lock:
            batch = list(self._pending)
        if not batch:
            return
        try:
            conn.execute("BEGIN IMMEDIATE")
            for result in batch:
                _insert(conn, result)
            with self._lock:  # a read sees a result either in the database or in the queue, never in both
                conn.execute("COMMIT")
                done = {id(r) for r in batch}
                self._pending = [r for r in self._pending if id(r) not in done]
                if self._totals is not None:
                    for result in batch:
                        _add_result(self._totals, result, None)
        except sqlite3.Error as exc:  # locked, disk full, read-only, I/O error
            with contextlib.suppress(sqlite3.Error):
                conn.execute("ROLLBACK")
            problem = self._save_pending()
            if problem is None:
                self._report("queued", f"This game could not be added to the play history yet ({exc}); it is "
                             "kept and will be added later.", detail=exc)
            else:
                self._report("not_saved", f"This game's result could not be saved ({problem}); it is kept only "
                             "until Card Parlor closes.", detail=problem)
            return
        self._save_pending()

    # -- the queue file --------------------------------------------------------------------------------------

    def _load_pending(self) -> list[dict]:
        """Results queued by an earlier session. A damaged queue file is set aside with a notice; the
        results in it that can still be read are kept."""
        try:
            data = safeio.read_json(self.pending_path, PENDING_LIMIT)
        except safeio.FileProblem as exc:
            if exc.key == "file.missing":
                return []
            data = None
            problem = exc
        else:
            problem = None
        results = [r for r in data if _valid_result(r)] if isinstance(data, list) else []
        if problem is None and (not isinstance(data, list) or len(results) != len(data)):
            problem = safeio.FileProblem(self.pending_path, "file.bad_content", detail="not a list of results")
        if problem is not None:
            aside = safeio.set_aside(self.pending_path)
            name = aside.name if aside else self.pending_path.name
            self._report("pending_damaged", f"The results waiting to be added to the play history could not all "
                         f"be read ({problem}); the file was kept as {name}.", file=name, detail=problem)
        return results

    def _save_pending(self) -> safeio.FileProblem | None:
        """Write the queue as it is now (or remove the file once it is empty); the problem if it failed."""
        with self._file_lock:
            with self._lock:
                snapshot = list(self._pending)
            try:
                if snapshot:
                    safeio.write_json(self.pending_path, snapshot)
                else:
                    with contextlib.suppress(FileNotFoundError):
                        self.pending_path.unlink()  # every result is in the database now
            except safeio.FileProblem as exc:
                return exc
            except OSError as exc:
                return safeio.FileProblem(self.pending_path, "file.write_failed", detail=exc.strerror or str(exc))
        return None

    # -- reading ---------------------------------------------------------------------------------------------

    def stats(self, game: str | None = None, human_names: set[str] | None = None) -> dict:
        """Per game id: played, won (a counted human among the winners), best_score and last_played.

        With `game`, just that game's figures (zeros and None if it was never played). `human_names`
        narrows which human seats count, e.g. to one player's name on a shared computer. Queued results
        count as well.
        """
        with self._lock:
            if human_names is not None:
                totals = self._stored_stats(game, human_names)
            else:  # the library's question, asked at every return to the title: counted once per session
                totals = self._totals if self._totals is not None else self._stored_stats(None, None)
                if self._read_ok:  # a locked database is asked again next time
                    self._totals = totals
                totals = {g: dict(entry) for g, entry in totals.items() if game in (None, g)}
            queued = [r for r in self._pending if game is None or r["game"] == game]
        for result in queued:
            _add_result(totals, result, human_names)
        return totals.get(game, _empty_stats()) if game is not None else totals

    def recent(self, limit: int = 20, game: str | None = None) -> list[dict]:
        """The last `limit` games (of `game`, or of every game), newest first, with the JSON columns decoded
        (rows that do not parse, or whose seats, winners and scores are not lists, are left out and reported
        once); queued results have the id None."""
        where, params = ("WHERE game = ?", (game,)) if game is not None else ("", ())
        sql = f"SELECT {', '.join(V1_COLUMNS)} FROM games {where} ORDER BY finished_at DESC, id DESC LIMIT ?"
        with self._lock:
            rows = self._read(sql, (*params, limit))
            queued = [{"id": None, **result} for result in self._pending if game in (None, result["game"])]
        out = []
        for row in rows:
            try:
                decoded = _decode(dict(zip(V1_COLUMNS, row, strict=True)))
                _summary(decoded["seats"], decoded["winners"], decoded["scores"])
                out.append(decoded)
            except (TypeError, ValueError, RecursionError):
                self._skipped(1)
        # Among games that finished in the same second, queued ones were recorded last.
        out = sorted([*reversed(queued), *out], key=lambda r: str(r["finished_at"]), reverse=True)
        return out[:limit]

    def statistics(self, game: str | None = None, best: int = 5) -> dict:
        """The statistics screen's figures for `game`, or for every game together (None), beyond `stats()`.
        Only games in which a human sat count here (a game of AIs alone has no one to win or lose it), and
        queued results count as well:

        - seated: {"played", "won"}: games with a human seat, and those a human won (the win rate's base);
        - by_level: {level: {"played", "won"}} by the AI opponents' level; a game against AIs of several
          levels counts under each level present; the key None holds the games with no AI (hot-seat);
        - by_players: {count: {"played", "won"}} by the number of seats;
        - streak: {"current", "current_won", "best"}: the run of won (or lost) games the most recent game
          ends, whether it is of wins (None before any game), and the longest run of wins, in finished_at
          order (queued results after the stored ones: they were recorded later);
        - best_scores: the `best` highest human scores, each {"game", "name", "score", "finished_at"}.

        A stored game whose finished_at is damaged is left out (it still counts in `stats()`); one whose seats
        are damaged counts in seated, the streaks and the best scores (the summary columns and the humans
        table hold what they need) but in neither table.
        """
        where, params = ("AND game = ?", (game,)) if game is not None else ("", ())
        with self._lock:
            groups = self._read(_BY_TABLE.format(where=where), params)
            runs = self._read(_STREAKS.format(where=where), params)
            scores = self._read(_BEST_SCORES.format(where=where.replace("game", "h.game")), (*params, best))
            queued = [r for r in self._pending if game in (None, r["game"])]
        figures = {"seated": _empty_record(), "by_level": {}, "by_players": {}, "best_scores": [],
                   "streak": {"current": 0, "current_won": None, "best": 0}}
        for players, levels, played, won in groups:
            _count_table(figures, played, won, players, _levels(levels))
        if runs:
            best_run, current_won, current = runs[0]
            figures["streak"] = {"current": current, "current_won": bool(current_won), "best": best_run or 0}
        figures["best_scores"] = [{"game": g, "name": n, "score": s, "finished_at": w if _is_date(w) else None}
                                  for g, n, s, w in scores]
        for result in sorted(queued, key=lambda r: r["finished_at"]):
            _add_queued(figures, result)
        figures["best_scores"] = sorted(figures["best_scores"], key=lambda e: -e["score"])[:best]
        return figures

    def take_notices(self) -> list[tuple[str, dict]]:
        """New problems as (text key, args), each kind once per session; the app shows them as notices."""
        with self._lock:
            notices, self._notices = self._notices, []
        return notices

    def _stored_stats(self, game: str | None, human_names: set[str] | None) -> dict:
        where, params = ("WHERE game = ?", (game,)) if game is not None else ("", ())
        totals: dict[str, dict] = {}
        rows = self._read(f"SELECT game, COUNT(*), SUM(human_won = 1), {_NUMBER.format('human_best')}, "
                          f"MAX(CASE WHEN typeof(finished_at) = 'text' THEN finished_at END) "
                          f"FROM games {where} GROUP BY game", params)
        for game_id, played, won, best, last in rows:
            if isinstance(game_id, str):
                _merge(totals.setdefault(game_id, _empty_stats()), played, won, best, last)
        if human_names is None or not rows:
            return totals
        # One player's record: their wins and best score from the human seats they sat in.
        for entry in totals.values():
            entry["won"], entry["best_score"] = 0, None
        names = sorted(human_names)
        marks = ", ".join("?" * len(names))
        rows = self._read(f"SELECT game, COUNT(DISTINCT CASE WHEN won = 1 THEN game_id END), "
                          f"{_NUMBER.format('score')} FROM humans WHERE name IN ({marks}) "
                          f"{'AND game = ?' if game is not None else ''} GROUP BY game", (*names, *params))
        for game_id, won, best in rows:
            if game_id in totals:
                _merge(totals[game_id], 0, won, best, None)
        return totals

    def _read(self, sql: str, params: tuple) -> list[tuple]:
        """Rows of a query, or none (with a notice) if the database fails under us. Called with _lock held."""
        self._read_ok = False
        if self._conn is None:
            return []
        try:
            rows = self._conn.execute(sql, params).fetchall()
            self._read_ok = True
            return rows
        except sqlite3.Error as exc:
            self._report("read_failed", f"The play history could not be read ({exc}).", locked=True, detail=exc)
            return []

    def _skipped(self, count: int) -> None:
        self._report("rows_skipped", f"{count} game(s) in the play history could not be read and are left out; "
                     "the file is kept as it is.", count=count)

    def _report(self, key: str, english: str, locked: bool = False, **args) -> None:
        """Remember a problem for the app to show (each kind once): `key` names its text under history.*.
        Arguments stay objects (a FileProblem is said in the player's language by the app)."""
        with contextlib.nullcontext() if locked else self._lock:
            self.problem = english
            self.problem_key = f"history.{key}"
            self.problem_args = args
            if key not in self._reported:
                self._reported.add(key)
                self._notices.append((self.problem_key, args))

    # -- opening ---------------------------------------------------------------------------------------------

    def _open(self) -> sqlite3.Connection | None:
        """The database at `path`, a fresh one if it was damaged, or None if the file is unusable."""
        try:
            conn, skipped = _connect(self.path)
        except sqlite3.OperationalError as exc:
            # Busy, locked, unreadable or unopenable: the file itself may be sound, so it stays where it is.
            return self._unusable(f"The play history could not be opened ({exc})", exc)
        except OSError as exc:
            return self._unusable(f"The play history could not be opened ({exc.strerror or exc})",
                                  exc.strerror or exc)
        except (_Damaged, sqlite3.DatabaseError):
            return self._replace_damaged()
        if skipped:
            self._skipped(skipped)
        return conn

    def _replace_damaged(self) -> sqlite3.Connection | None:
        try:
            aside = _set_aside(self.path)
            conn, _ = _connect(self.path)
        except (OSError, sqlite3.DatabaseError, _Damaged) as exc:
            return self._unusable(f"The play history was damaged and could not be replaced ({exc})", exc)
        self._report("set_aside", f"The play history was damaged and has been set aside as {aside.name}; a new one "
                     "was started.", file=aside.name)
        return conn

    def _unusable(self, reason: str, detail) -> None:
        self._report("in_memory", f"{reason}; games played now are kept in {PENDING_NAME} and added later.",
                     detail=detail)
        return None


_NUMBER = "MAX(CASE WHEN typeof({0}) IN ('integer', 'real') THEN {0} END)"  # a flipped bit is no number


# The statistics screen's queries. A game counts when a human sat in it (it has rows in `humans`, written
# from its parsed seats) and its finished_at is text. JSON functions only ever see a JSON array (the nested
# CASE: SQLite does not promise to evaluate the two sides of an AND in order), and a seat's fields are read
# through the whole document's path, which gives NULL, not an error, for a seat that is no object: a
# flipped bit in a row makes no query fail. Seats that are no array give NULL levels and player count.
_SEATS_ARE_A_LIST = "CASE WHEN json_valid(seats) THEN json_type(seats) END = 'array'"
_SEATED = f"""
SELECT id, game, finished_at, human_won = 1 AS won,
    CASE WHEN {_SEATS_ARE_A_LIST} THEN json_array_length(seats) END AS players,
    CASE WHEN {_SEATS_ARE_A_LIST} THEN (
        SELECT json_group_array(DISTINCT json_extract(seats, s.fullkey || '.level')) FROM json_each(seats) s
        WHERE s.type = 'object' AND json_extract(seats, s.fullkey || '.kind') = 'ai'
            AND json_type(seats, s.fullkey || '.level') = 'text') END AS levels
FROM games WHERE id IN (SELECT game_id FROM humans) AND typeof(finished_at) = 'text' {{where}}
"""
# Games and wins for each mix of player count and AI levels: a few rows, however long the history.
_BY_TABLE = "SELECT players, levels, COUNT(*), SUM(won) FROM (" + _SEATED + ") GROUP BY players, levels"
# Runs of wins and of losses ("gaps and islands": within a run, a game's place among all games and its
# place among the games of the same outcome go up together); the longest run of wins, then the last run.
_STREAKS = """
WITH seated AS (SELECT id, finished_at, human_won = 1 AS won FROM games
                WHERE id IN (SELECT game_id FROM humans) AND typeof(finished_at) = 'text' {where}),
numbered AS (SELECT won, ROW_NUMBER() OVER (ORDER BY finished_at, id) AS n,
                 ROW_NUMBER() OVER (PARTITION BY won ORDER BY finished_at, id) AS k FROM seated),
runs AS (SELECT won, COUNT(*) AS length, MAX(n) AS last FROM numbered GROUP BY won, n - k)
SELECT (SELECT MAX(length) FROM runs WHERE won), won, length FROM runs ORDER BY last DESC LIMIT 1
"""
_BEST_SCORES = """
SELECT h.game, h.name, h.score, g.finished_at FROM humans h JOIN games g ON g.id = h.game_id
WHERE typeof(h.score) IN ('integer', 'real') AND typeof(h.name) = 'text' AND typeof(h.game) = 'text' {where}
ORDER BY h.score DESC, g.finished_at LIMIT ?
"""


def _connect(path: Path) -> tuple[sqlite3.Connection, int]:
    """An open, checked history database (created if new, upgraded if old) and how many rows the upgrade
    could not read."""
    path.parent.mkdir(parents=True, exist_ok=True)
    conn = sqlite3.connect(path, timeout=READ_TIMEOUT)
    try:
        skipped = _check(conn)
    except BaseException:
        conn.close()  # closed before anyone renames the file (Windows cannot rename an open one)
        raise
    return conn, skipped


def _check(conn: sqlite3.Connection) -> int:
    """Create the schema in an empty database, upgrade a version-1 one (returning the rows it could not
    read); raise _Damaged if an existing one is unsound."""
    if conn.execute("PRAGMA quick_check").fetchone() != ("ok",):
        raise _Damaged("the integrity check failed")
    tables = {name for (name,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    if not tables:
        with conn:
            conn.executescript(SCHEMA)
            conn.execute("INSERT INTO meta VALUES ('schema_version', ?)", (str(SCHEMA_VERSION),))
        return 0
    if not {"meta", "games"} <= tables:
        raise _Damaged("the tables are missing")
    version = conn.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()
    columns = tuple(column[1] for column in conn.execute("PRAGMA table_info(games)"))
    if version == ("1",) and columns == V1_COLUMNS and "humans" not in tables:
        return _upgrade_from_1(conn)
    if version != (str(SCHEMA_VERSION),):
        raise _Damaged(f"unknown schema version {version}")
    if columns != COLUMNS or "humans" not in tables:
        raise _Damaged("the games table has the wrong columns")
    return 0


def _upgrade_from_1(conn: sqlite3.Connection) -> int:
    """Schema 1 → 2: the per-game summary columns and the humans table, filled from every row's JSON.
    A row whose JSON does not parse keeps counting as played, not as won. One transaction: an upgrade cut
    short leaves version 1 to be upgraded again."""
    skipped = 0
    with conn:
        conn.execute("ALTER TABLE games ADD COLUMN human_won INTEGER NOT NULL DEFAULT 0")
        conn.execute("ALTER TABLE games ADD COLUMN human_best NUMERIC")
        conn.execute("DROP INDEX IF EXISTS games_by_game")  # games_stats starts with the same columns
        conn.execute(HUMANS)
        summaries, humans = [], []
        for row_id, game, seats, winners, scores in conn.execute("SELECT id, game, seats, winners, scores FROM games"):
            try:
                won, best, seated = _summary(json.loads(seats), json.loads(winners), json.loads(scores))
            except (TypeError, ValueError, RecursionError):
                skipped += 1
                continue
            summaries.append((won, best, row_id))
            humans.extend((row_id, game, *human) for human in seated)
        conn.executemany("UPDATE games SET human_won = ?, human_best = ? WHERE id = ?", summaries)
        conn.executemany("INSERT INTO humans VALUES (?, ?, ?, ?, ?)", humans)
        for index in INDEXES:
            conn.execute(index)
        conn.execute("UPDATE meta SET value = ? WHERE key = 'schema_version'", (str(SCHEMA_VERSION),))
    return skipped


def _insert(conn: sqlite3.Connection, result: dict) -> None:
    won, best, humans = _summary(result["seats"], result["winners"], result["scores"])
    values = [json.dumps(result[k]) if k in ("seats", "options", "winners", "scores") else result[k]
              for k in RESULT_FIELDS]
    if not -(1 << 63) <= result["seed"] < 1 << 63:
        values[RESULT_FIELDS.index("seed")] = str(result["seed"])  # SQLite integers are signed 64-bit
    # A kill between the commit and the queue file's rewrite leaves a written result queued: not twice.
    same = " AND ".join(f"{k} IS ?" for k in RESULT_FIELDS)
    if conn.execute(f"SELECT 1 FROM games WHERE {same} LIMIT 1", values).fetchone():
        return
    cursor = conn.execute(f"INSERT INTO games ({', '.join(RESULT_FIELDS)}, human_won, human_best) "
                          f"VALUES ({', '.join('?' * (len(RESULT_FIELDS) + 2))})", (*values, won, best))
    conn.executemany("INSERT INTO humans VALUES (?, ?, ?, ?, ?)",
                     [(cursor.lastrowid, result["game"], *human) for human in humans])


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


def _summary(seats, winners, scores, human_names: set[str] | None = None) -> tuple[bool, object, list]:
    """Whether a counted human won, the best counted human score (None if none) and one (name, won, score)
    per human seat. Raises TypeError or ValueError for data of the wrong shape."""
    if not (isinstance(seats, list) and isinstance(winners, list) and isinstance(scores, list)):
        raise TypeError("seats, winners and scores are lists")
    humans = []
    for i, seat in enumerate(seats):
        if not isinstance(seat, dict):
            raise TypeError("a seat is a mapping")
        name = seat.get("name")
        if seat.get("kind") != "human" or not isinstance(name, str):
            continue
        score = scores[i] if i < len(scores) and _is_number(scores[i]) else None
        humans.append((name, int(i in winners), score))
    counted = [h for h in humans if human_names is None or h[0] in human_names]
    won = any(h[1] for h in counted)
    best = max((h[2] for h in counted if h[2] is not None), default=None)
    return won, best, humans


def _empty_record() -> dict:
    return {"played": 0, "won": 0}


def _levels(text) -> list[str] | None:
    """The AI levels of a game's seats, from the JSON array SQLite made of them; None if its seats could
    not be read."""
    try:
        levels = json.loads(text) if isinstance(text, str) else None
    except ValueError:
        return None
    return sorted({level for level in levels if isinstance(level, str)}) if isinstance(levels, list) else None


def _count_table(figures: dict, played, won, players, levels: list[str] | None) -> None:
    """Add `played` games (`won` of them by a human) with `players` seats against AIs of `levels` (no AI:
    the hot-seat row). Seats that could not be read (no player count or no levels) count in no table."""
    if not isinstance(played, int):
        return
    won = won if isinstance(won, int) else 0
    rows = [figures["seated"]]
    if isinstance(players, int) and players > 0 and levels is not None:
        rows += [figures["by_level"].setdefault(level, _empty_record()) for level in levels or [None]]
        rows.append(figures["by_players"].setdefault(players, _empty_record()))
    for row in rows:
        row["played"] += played
        row["won"] += won


def _add_queued(figures: dict, result: dict) -> None:
    """Count a queued result (already checked by `_valid_result`), after every stored game."""
    won, _, humans = _summary(result["seats"], result["winners"], result["scores"])
    if not humans:
        return
    seats = result["seats"]
    levels = sorted({s["level"] for s in seats if s.get("kind") == "ai" and isinstance(s.get("level"), str)})
    _count_table(figures, 1, int(won), len(seats), levels)
    streak = figures["streak"]
    streak["current"] = streak["current"] + 1 if streak["current_won"] is won else 1
    streak["current_won"] = won
    if won:
        streak["best"] = max(streak["best"], streak["current"])
    figures["best_scores"] += [{"game": result["game"], "name": name, "score": score,
                                "finished_at": result["finished_at"]} for name, _, score in humans if score is not None]


def _add_result(totals: dict, result: dict, human_names: set[str] | None) -> None:
    won, best, _ = _summary(result["seats"], result["winners"], result["scores"], human_names)
    _merge(totals.setdefault(result["game"], _empty_stats()), 1, int(won), best, result["finished_at"])


def _merge(entry: dict, played, won, best, last) -> None:
    """Add figures to an entry, ignoring any of the wrong type (a flipped bit in the file)."""
    entry["played"] += played if isinstance(played, int) else 0
    entry["won"] += won if isinstance(won, int) else 0
    if _is_number(best) and (entry["best_score"] is None or best > entry["best_score"]):
        entry["best_score"] = best
    if _is_date(last) and (entry["last_played"] is None or last > entry["last_played"]):
        entry["last_played"] = last


def _is_number(value: object) -> bool:
    # bool is an int subclass, and a True score would be a bug upstream, not a score of 1.
    return isinstance(value, int | float) and not isinstance(value, bool) and value == value  # not NaN


def _is_date(value: object) -> bool:
    if not isinstance(value, str):
        return False
    try:
        when = datetime.fromisoformat(value)
        return when.tzinfo is not None and 2000 <= when.year <= 9000  # astimezone() works on it everywhere
    except ValueError:
        return False


def _valid_result(result: object) -> bool:
    """A queued result as `record` writes it (the queue file may have been edited or damaged)."""
    if not isinstance(result, dict) or set(result) != set(RESULT_FIELDS):
        return False
    try:
        _summary(result["seats"], result["winners"], result["scores"])
    except (TypeError, ValueError):
        return False
    return (isinstance(result["game"], str) and _is_date(result["finished_at"])
            and isinstance(result["options"], dict)
            and all(isinstance(result[k], int) and not isinstance(result[k], bool)
                    for k in ("seed", "length", "actions")))


def _decode(row: dict) -> dict:
    for key in ("seats", "options", "winners", "scores"):
        row[key] = json.loads(row[key]) if isinstance(row[key], str) else _refuse(key)
    return row


def _refuse(key: str):
    raise ValueError(f"{key} is not JSON text")
