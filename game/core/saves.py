"""Save files: JSON holding the seed and the action log, never pickles.

A save records the format version, app and game versions, seats, options, seed, actions, the hash of the
resulting state and a checksum of all of it. Loading checks every one of those and replays the actions;
a file that fails any check is refused with a message and never written to. Writing is atomic (temp file,
fsync, rename), so a crash or a full disk leaves the previous save intact.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from datetime import UTC, datetime
from pathlib import Path

from .. import __version__
from ..games import REGISTRY
from ..games import rules as rules_for
from . import canon
from .actions import Action
from .match import Match, Seat
from .rules import IllegalAction

FORMAT = "card-parlor-save"
FORMAT_VERSION = 1


class SaveError(Exception):
    """A save that cannot be written or read. The message is meant for the player."""


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
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(doc, fh, ensure_ascii=False, indent=1)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except OSError as exc:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise SaveError(f"Could not write the save {path.name}: {exc.strerror or exc}") from exc


def read_document(path: Path) -> dict:
    """The checked document (format, version, checksum) without replaying it: enough for a load list."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise SaveError(f"The save {path.name} does not exist.") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise SaveError(f"The save {path.name} cannot be read: {exc}") from None
    try:
        doc = json.loads(text)
    except json.JSONDecodeError:
        raise SaveError(f"The save {path.name} is damaged or incomplete (not valid JSON).") from None
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise SaveError(f"{path.name} is not a Card Parlor save.")
    version = doc.get("format_version")
    if version != FORMAT_VERSION:
        raise SaveError(
            f"The save {path.name} has format version {version!r}; this Card Parlor reads version "
            f"{FORMAT_VERSION}. It may come from a newer release."
        )
    body = {k: v for k, v in doc.items() if k != "checksum"}
    if doc.get("checksum") != canon.digest(body):
        raise SaveError(f"The save {path.name} has been edited or damaged (its checksum does not match).")
    if doc.get("game") not in REGISTRY:
        raise SaveError(f"The save {path.name} is for an unknown game {doc.get('game')!r}.")
    return doc


def load(path: Path) -> tuple[Match, dict]:
    """Rebuild the match by replaying the save; refuse it if anything does not add up."""
    path = Path(path)
    doc = read_document(path)
    rules = rules_for(doc["game"])
    if doc.get("game_version") != rules.info.version:
        raise SaveError(
            f"The save {path.name} was made with rules version {doc.get('game_version')!r} of this game; "
            f"this release has version {rules.info.version!r}."
        )
    try:
        seats = [Seat.from_json(s) for s in doc["seats"]]
        match = Match(rules, seats, doc["options"], doc["seed"], doc.get("initial_seats"))
        match.replay(Action.from_json(a) for a in doc["actions"])
    except (KeyError, TypeError, ValueError, IllegalAction) as exc:
        raise SaveError(f"The save {path.name} cannot be replayed: {exc}") from None
    if match.state_hash() != doc.get("state_hash"):
        raise SaveError(f"The save {path.name} does not replay to the state it recorded.")
    return match, doc
