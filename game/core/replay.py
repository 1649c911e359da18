"""Replays: any match seen again step by step, and the record a finished game leaves for that.

A `Replay` is built from a match's seed, seats, options and action log (a save, a finished game's record).
One checked pass over the log keeps a copy of the state every `SNAPSHOT_EVERY` steps, the turn each step
is in and whether each action answered a secret choice; its `match` is then moved to any step (`seek`) by
copying the nearest snapshot at or before it and applying the few actions after it, so stepping back or
jumping is as quick as stepping forward, and every state equals a fresh rebuild from the seed.

`everything(rules, state)` is the view with every piece named: what a finished game shows "all face up".
It is built from the game's own views (each seat's and the spectator's), so every game has it without a
line of its own and it never shows a piece that no view of that moment names.

A finished game's record is a save document (game/core/saves.py: the same checks and the same replay when
read) kept in a folder of its own (`<user data>/replays`, never the saves folder), named after the game,
the time it finished and its seed so that the play history's row for it finds it (`find_replay`). Only the
newest `KEEP` records stay.
"""

from __future__ import annotations

import contextlib
import re
from datetime import UTC, datetime
from pathlib import Path

from . import canon, safeio, saves
from .actions import Action
from .events import ALL, Event
from .match import JOIN, Match, Seat

SNAPSHOT_EVERY = 16  # steps between kept states: a step back replays at most this many actions
KEEP = 200  # finished games' records kept; older ones are removed
FOLDER = "replays"


class Replay:
    """A match that can be moved to any step of its log: `step` actions applied, from 0 to `length`."""

    def __init__(self, rules, seats: list[Seat], options: dict, seed: int, initial: int | None,
                 actions: list[Action], every: int = SNAPSHOT_EVERY):
        """Every action is checked as it is applied (IllegalAction, a ValueError, if one is not legal)."""
        full = Match(rules, list(seats), options, seed, initial)
        self.rules, self.seats, self.every = rules, list(seats), every
        self.actions = list(actions)
        self.events: list[list[Event]] = []
        self.secret: list[bool] = []  # per action: it answered a secret choice (its arguments are its player's)
        self.turns = [rules.turn_marker(full.state)[0]]  # the turn at each step
        self._snapshots = {0: rules.copy(full.state)}
        for act in self.actions:
            # As game/cli.py's replay_steps: a side action (a memo mark) answers no secret choice.
            self.secret.append(any(d.secret for d in full.pending() if d.seat == act.seat)
                               and act in full.legal_actions(act.seat))
            self.events.append(full.apply(act))
            self.turns.append(rules.turn_marker(full.state)[0])
            if len(full.log) % every == 0:
                self._snapshots[len(full.log)] = rules.copy(full.state)
        self._turn_starts = [(turn, step) for step, turn in enumerate(self.turns)
                             if step == 0 or self.turns[step - 1] != turn]
        self.finished = full.is_over()
        self.final_hash = full.state_hash()
        self.match = Match(rules, list(seats), options, seed, initial)  # the match at `step`, starting at 0
        self.step = 0

    @classmethod
    def of(cls, match: Match, every: int = SNAPSHOT_EVERY) -> Replay:
        return cls(match.rules, match.seats, match.options, match.seed, match.initial, match.log, every)

    @property
    def length(self) -> int:
        return len(self.actions)

    # -- moving --------------------------------------------------------------------------------------------

    def seek(self, step: int) -> None:
        """Put `match` at `step` (clamped to 0..length): from where it is when that is a short way forward,
        else from the nearest snapshot. `match.state_id` grows on every move, as in a game."""
        step = max(0, min(self.length, step))
        start = self.step if self.step <= step < self.step + self.every else step - step % self.every
        match = self.match
        if start != self.step:
            match.state = self.rules.copy(self._snapshots[start])
        for index in range(start, step):
            self.rules.apply(match.state, self.actions[index])
        match.log = self.actions[:step]
        match.history = self.events[:step]
        match.joined = sum(1 for act in match.log if act.kind == JOIN)
        match.seats = self.seats[:match.seated()]  # as in Match.truncate: a player joins by their action
        match.state_id += 1
        self.step = step

    def forward(self) -> None:
        self.seek(self.step + 1)

    def back(self) -> None:
        self.seek(self.step - 1)

    # -- reading -------------------------------------------------------------------------------------------

    def turn_starts(self) -> list[tuple[int, int]]:
        """(turn, first step) for every turn, in order: where "jump to turn" lands."""
        return self._turn_starts

    def turn_at(self, step: int | None = None) -> int:
        return self.turns[self.step if step is None else step]

    def jump_to_turn(self, turn: int) -> None:
        """The first step of `turn` (the nearest turn before it if it never came)."""
        starts = self.turn_starts()
        self.seek(max((s for t, s in starts if t <= turn), default=0))

    def last_events(self) -> list[Event]:
        """The events of the action that led to this step (none at the start)."""
        return self.events[self.step - 1] if self.step else []

    def last_action(self) -> Action | None:
        return self.actions[self.step - 1] if self.step else None

    def face_up_allowed(self) -> bool:
        """Every card may be shown only once the game is over: before that, a replay is someone's game."""
        return self.finished


def everything(rules, state) -> dict:
    """The spectator's view with its zones replaced by every piece named: for each zone, its listing from
    whichever view (a seat's or the spectator's) names the most of its pieces, face up. The other keys stay
    the spectator's: they are what every table knows how to draw without a viewer."""
    spectator = rules.view(state, None)
    views = [rules.view(state, seat) for seat in range(spectator["players"])] + [spectator]
    best: dict[str, dict] = {}
    for view in views:
        for zone in view["zones"]:
            named = _named(zone)
            if zone["id"] not in best or named > _named(best[zone["id"]]):
                best[zone["id"]] = zone
    zones = [dict(best[z["id"]], face="up") if _named(best[z["id"]]) == best[z["id"]]["count"] else best[z["id"]]
             for z in spectator["zones"]]
    # A zone the spectator's view leaves out while empty may be listed by a seat's view.
    seen = {z["id"] for z in zones}
    zones += [best[name] for name in best if name not in seen]
    return dict(spectator, viewer=ALL, zones=zones)


def _named(zone: dict) -> int:
    """How many of a zone's pieces a view names (a handle names a place, not a piece)."""
    return sum(1 for entry in zone["cards"] if "#" not in entry)


# -- finished games' records ----------------------------------------------------------------------------------

_NAME = re.compile(r"^(\d{8}T\d{6}Z)-([a-z0-9_]+)-(\d+)\.json$")


def folder_of(user_dir: Path) -> Path:
    return Path(user_dir) / FOLDER


def record_name(game_id: str, seed: int, finished_at: datetime | str) -> str:
    """The file name of a finished game's record: its time first, so that name order is time order."""
    if isinstance(finished_at, str):
        finished_at = datetime.fromisoformat(finished_at)
    stamp = finished_at.astimezone(UTC).strftime("%Y%m%dT%H%M%SZ")
    return f"{stamp}-{game_id}-{seed}{saves.SUFFIX}"


def keep_record(folder: Path, match: Match, finished_at: datetime, keep: int = KEEP) -> Path:
    """Write the finished `match` as a record in `folder` and remove the oldest records beyond `keep`.
    A failure is a SaveError (nothing else in the folder is touched)."""
    folder = Path(folder)
    doc = {k: v for k, v in saves.to_document(match, now=finished_at).items() if k != "checksum"}
    doc["result"] = match.result().to_json()
    doc["checksum"] = canon.digest(doc)
    path = folder / record_name(match.game_id, match.seed, finished_at)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise saves.SaveError(folder, "file.write_failed", code=exc.errno) from None
    safeio.clean_temp_files(folder)  # a write the app was killed in the middle of
    saves.write_document(doc, path)
    prune(folder, keep)
    return path


def records(folder: Path) -> list[Path]:
    """The records in `folder`, the newest first (by name: a set-aside or foreign file is not one)."""
    try:
        names = [p.name for p in Path(folder).iterdir() if _NAME.match(p.name)]
    except OSError:
        return []
    return [Path(folder) / name for name in sorted(names, reverse=True)]


def prune(folder: Path, keep: int = KEEP) -> None:
    for path in records(folder)[keep:]:
        with contextlib.suppress(safeio.FileProblem):  # removed at the next game's end: one too many harms nothing
            safeio.remove(path)


def find_replay(folder: Path, game_id: str, seed: int, finished_at: datetime | str) -> Path | None:
    """The record of the game the play history lists as `game_id`, `seed`, `finished_at`; None if it was
    never kept (a game finished before replays were kept) or has been removed since."""
    try:
        path = Path(folder) / record_name(game_id, seed, finished_at)
    except (ValueError, TypeError):
        return None
    return path if saves.exists(path) else None


def load(path: Path) -> tuple[Replay, dict]:
    """A save or a record as a Replay; a SaveError (with its key for the message) if it does not read back."""
    match, doc = saves.load(path)
    return Replay.of(match), doc
