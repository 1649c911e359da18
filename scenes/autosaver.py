"""Autosaves written on a thread of their own.

A table keeps its game after every move. Building the save document takes well under a millisecond, but
writing it safely (temp file, fsync, rename) can take a tenth of a second on a busy disk: on the UI thread
that was the longest frame of every game. So the UI thread hands the document over and goes on; this
writer puts it on disk. Only the newest document of each slot is written (an older one waiting is simply
replaced), problems come back to the UI thread through `problems()`, and `flush()` waits until everything
handed over is on disk: before the saves folder is read (Continue, Load) and when the app closes, so a move
is never lost.
"""

from __future__ import annotations

import threading
from pathlib import Path

from game.core import saves


class AutosaveWriter:
    def __init__(self):
        self._cond = threading.Condition()
        self._waiting: dict[Path, dict] = {}  # slot -> the newest document not yet written
        self._writing: Path | None = None
        self._problems: list[saves.SaveError] = []
        self._thread: threading.Thread | None = None

    def put(self, path: Path, doc: dict) -> None:
        """Write `doc` to `path` soon (replacing a document for the same slot that is still waiting)."""
        with self._cond:
            self._waiting[Path(path)] = doc
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="card-parlor-autosave", daemon=True)
                self._thread.start()
            self._cond.notify_all()

    def drop(self, path: Path) -> None:
        """Forget what waits for `path` and wait out a write of it under way (before the slot is removed)."""
        path = Path(path)
        with self._cond:
            self._waiting.pop(path, None)
            self._cond.wait_for(lambda: self._writing != path)

    def flush(self, timeout: float = 10.0) -> bool:
        """Wait until everything handed over is on disk (or has failed); False if it took too long."""
        with self._cond:
            return self._cond.wait_for(lambda: not self._waiting and self._writing is None, timeout)

    def problems(self) -> list[saves.SaveError]:
        """The writes that failed since the last call, oldest first."""
        with self._cond:
            found, self._problems = self._problems, []
        return found

    def _run(self) -> None:
        while True:
            with self._cond:
                if not self._waiting:
                    self._thread = None
                    return
                path, doc = next(iter(self._waiting.items()))
                del self._waiting[path]
                self._writing = path
            try:
                saves.write_document(doc, path)
            except saves.SaveError as exc:
                with self._cond:
                    self._problems.append(exc)
            finally:
                with self._cond:
                    self._writing = None
                    self._cond.notify_all()
