"""Save files: JSON holding the seed and the action log, never pickles.

A save records the format version, app and game versions, seats, options, seed, actions, the hash of the
resulting state and a checksum of all of it. Loading reads through safeio (size and nesting limits, no
FIFO or device), checks every one of those fields and replays the actions; a file that fails any check is
refused with a SaveError naming it, and is never written to. Writing is atomic (safeio.write_atomic), so a
crash or a full disk leaves the previous save intact and a file keeps its mode.

Each game has its own autosave slot, `autosave-<game_id>.json`, holding its unfinished game; named saves
never take a file name that starts with "autosave".
"""

from __future__ import annotations

import contextlib
import os
import re
from datetime import UTC, datetime
from pathlib import Path

from .. import __version__
from ..games import REGISTRY
from ..games import rules as rules_for
from . import canon, safeio
from .actions import Action
from .match import Match, Seat

FORMAT = "card-parlor-save"
FORMAT_VERSION = 1
SUFFIX = ".json"
AUTOSAVE = "autosave"
LEGACY_AUTOSAVE = AUTOSAVE + SUFFIX  # the one slot shared by every game before 0.x; moved on first read
NAME_LIMIT = 32  # characters in a save's name


class SaveError(Exception):
    """A save that cannot be written or read. Like safeio.FileProblem it carries a text key (``load.*`` or
    ``file.*``) and its arguments, so `message(lang)` says it in the player's language; str() is English."""

    def __init__(self, path, key: str, **args):
        self.path = Path(path)
        self.key = key
        self.args_ = {"file": self.path.name, "detail": "", **args}
        super().__init__(self.message("en"))

    @classmethod
    def of(cls, problem: safeio.FileProblem) -> SaveError:
        return cls(problem.path, problem.key, **problem.args_)

    def message(self, lang: str = "en") -> str:
        try:
            from .i18n import text

            return text(self.key, lang, **self.args_)
        except Exception:  # the texts themselves may be unreadable: say it in plain English
            template = safeio.ENGLISH.get(self.key, "{file}: " + self.key)
            return template.format(**self.args_)


# -- writing ---------------------------------------------------------------------------------------------


def to_document(match: Match, label: str = "", now: datetime | None = None) -> dict:
    doc = {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "app_version": __version__,
        "game": match.game_id,
        "game_version": match.rules.info.version,
        "label": label,
        "saved_at": (now or datetime.now(UTC)).isoformat(timespec="seconds"),
        "seats": [seat.to_json() for seat in match.seats],
        "initial_seats": match.initial,
        "options": match.options,
        "seed": match.seed,
        "actions": [act.to_json() for act in match.log],
        "turn": match.rules.turn_marker(match.state)[0],
        "over": match.is_over(),
        "state_hash": match.state_hash(),
    }
    doc["checksum"] = canon.digest(doc)
    return doc


def write(match: Match, path: Path, label: str = "") -> None:
    write_document(to_document(match, label), Path(path))


def write_document(doc: dict, path: Path) -> None:
    try:
        safeio.write_json(path, doc)
    except safeio.FileProblem as problem:
        raise SaveError.of(problem) from None


def relabel(path: Path, label: str, target: Path) -> None:
    """Give the save at `path` a new name: written anew to `target` (the checksum covers the name), then
    the old file removed. Nothing is lost if either step fails."""
    doc = {k: v for k, v in read_document(path).items() if k != "checksum"}
    doc["label"] = label
    doc["checksum"] = canon.digest(doc)
    write_document(doc, Path(target))
    if not same_file(path, target):  # on a case-blind file system "Voyage" and "voyage" are one file
        delete(path)


def delete(path: Path) -> None:
    """Remove a save the player chose to delete (or a finished game's autosave)."""
    try:
        safeio.remove(path)
    except safeio.FileProblem as problem:
        raise SaveError.of(problem) from None


# -- reading ---------------------------------------------------------------------------------------------


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_action(value) -> bool:
    return isinstance(value, dict) and _is_int(value.get("seat")) and isinstance(value.get("kind"), str)


# What each field must hold before anything uses it: a wrong type is a damaged save, never a crash later.
FIELDS = {
    "game": lambda v: isinstance(v, str),
    "game_version": lambda v: isinstance(v, str),
    "label": lambda v: isinstance(v, str),
    "saved_at": lambda v: isinstance(v, str),
    "seats": lambda v: isinstance(v, list) and len(v) > 0 and all(isinstance(s, dict) for s in v),
    "initial_seats": lambda v: v is None or _is_int(v),
    "options": lambda v: isinstance(v, dict),
    "seed": _is_int,
    "actions": lambda v: isinstance(v, list) and all(_is_action(a) for a in v),
    "turn": _is_int,
    "over": lambda v: isinstance(v, bool),
    "state_hash": lambda v: isinstance(v, str),
}
OPTIONAL = {"label", "saved_at", "initial_seats", "turn", "over"}


def read_document(path: Path) -> dict:
    """The checked document (format, version, checksum, the type of every field) without replaying it:
    enough for a load list. Any problem is a SaveError; the file is only read."""
    path = Path(path)
    try:
        doc = safeio.read_json(path, safeio.SAVE_LIMIT)
    except safeio.FileProblem as problem:
        raise SaveError.of(problem) from None
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise SaveError(path, "load.not_a_save")
    version = doc.get("format_version")
    if version != FORMAT_VERSION or not _is_int(version):
        if _is_int(version) and version > FORMAT_VERSION:
            raise SaveError(path, "load.newer_format", version=version, supported=FORMAT_VERSION)
        raise SaveError(path, "load.bad_field", field="format_version")
    body = {k: v for k, v in doc.items() if k != "checksum"}
    if doc.get("checksum") != canon.digest(body):
        raise SaveError(path, "load.edited")
    for field, ok in FIELDS.items():
        if field in doc and ok(doc[field]) or field not in doc and field in OPTIONAL:
            continue
        raise SaveError(path, "load.bad_field", field=field)
    try:
        for seat in doc["seats"]:
            Seat.from_json(seat)  # a name, a kind and an AI level we know
    except ValueError:
        raise SaveError(path, "load.bad_field", field="seats") from None
    if doc["game"] not in REGISTRY:
        raise SaveError(path, "load.unknown_game", game=doc["game"][:40])
    return doc


def load(path: Path) -> tuple[Match, dict]:
    """Rebuild the match by replaying the save; refuse it if anything does not add up."""
    path = Path(path)
    doc = read_document(path)
    rules = rules_for(doc["game"])
    if doc["game_version"] != rules.info.version:
        raise SaveError(path, "load.rules_version", saved=doc["game_version"][:20], current=rules.info.version)
    try:
        options = rules.info.resolve_options(doc["options"])
    except ValueError:
        raise SaveError(path, "load.bad_field", field="options") from None
    try:
        match = Match(rules, [Seat.from_json(s) for s in doc["seats"]], options, doc["seed"], doc.get("initial_seats"))
    except ValueError:  # a number of players the game does not take
        raise SaveError(path, "load.bad_field", field="seats") from None
    for number, data in enumerate(doc["actions"], 1):
        try:
            act = Action.from_json(data)
            if not 0 <= act.seat < len(match.seats):
                raise ValueError("no such seat")
            match.apply(act)
        except ValueError:  # IllegalAction too: refuse the save and name the move
            raise SaveError(path, "load.replay_failed", move=number) from None
    if match.state_hash() != doc["state_hash"]:
        raise SaveError(path, "load.wrong_state")
    return match, doc


# -- the saves folder ------------------------------------------------------------------------------------


def autosave_path(folder: Path, game_id: str) -> Path:
    """The slot that holds the unfinished game of `game_id`."""
    return Path(folder) / f"{AUTOSAVE}-{game_id}{SUFFIX}"


def is_autosave(path: Path) -> bool:
    """An autosave slot (or the old shared one). Case-blind, as some file systems are."""
    return Path(path).name.lower().startswith(AUTOSAVE)


def _entries(folder: Path) -> list[os.DirEntry]:
    """The folder's save files; an unreadable or missing folder simply has none."""
    try:
        with os.scandir(folder) as found:
            return [e for e in found if e.name.endswith(SUFFIX)]
    except OSError:
        return []


def _mtime(entry: os.DirEntry) -> float:
    try:
        return entry.stat(follow_symlinks=False).st_mtime
    except OSError:
        return 0.0


def save_files(folder: Path) -> list[Path]:
    """Every save in the folder (damaged ones too), the most recently written first."""
    return [Path(e.path) for e in sorted(_entries(folder), key=_mtime, reverse=True)]


def exists(path: Path) -> bool:
    """True if anything (even a dangling link) is at `path`; never raises."""
    try:
        os.lstat(path)
        return True
    except OSError:
        return False


def same_file(a: Path, b: Path) -> bool:
    """True if both names reach one file (the same path, or a case-blind file system)."""
    try:
        return Path(a) == Path(b) or os.path.samefile(a, b)
    except OSError:
        return False


def migrate_legacy_autosave(folder: Path) -> None:
    """Move the old shared `autosave.json` into its game's slot, if that slot is free. A damaged one, or one
    that cannot be moved, stays where it is: it is listed (and can be continued or set aside) all the same."""
    legacy = Path(folder) / LEGACY_AUTOSAVE
    if not exists(legacy):
        return
    try:
        game = read_document(legacy)["game"]
    except SaveError:
        return
    slot = autosave_path(folder, game)
    if not exists(slot):
        with contextlib.suppress(OSError):
            os.rename(legacy, slot)


def unfinished(folder: Path) -> list[Path]:
    """The autosaves (one unfinished game per game, plus an old shared one that could not be moved), the
    most recent first."""
    migrate_legacy_autosave(folder)
    return [p for p in save_files(folder) if is_autosave(p)]


_RESERVED = {"CON", "PRN", "AUX", "NUL", *(f"COM{i}" for i in range(10)), *(f"LPT{i}" for i in range(10))}


def file_name(label: str) -> str:
    """A file name for a save's name: Japanese letters are kept, path characters are not. It never starts
    with "autosave" (that would take a game's slot) nor is a name Windows reserves."""
    stem = re.sub(r'[\\/:*?"<>|\s\x00-\x1f]+', "_", label.strip())[:40].strip("._") or "save"
    if stem.lower().startswith(AUTOSAVE) or stem.upper() in _RESERVED:
        stem = "save_" + stem
    return stem + SUFFIX


def clean_temp_files(folder: Path) -> int:
    """Remove the temp files of writes that a kill interrupted (the folder holds nothing but ours)."""
    return safeio.clean_temp_files(folder)
