"""The player's settings, kept as JSON in the user data directory.

A damaged settings file is set aside (renamed, never deleted) and the defaults are used, with a notice.
"""

from __future__ import annotations

import json
import os
import tempfile
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path

ANIM_SPEEDS = ("slow", "normal", "fast", "off")
LANGUAGE_SETTINGS = ("system", "en", "ja")


@dataclass
class Prefs:
    language: str = "system"
    anim_speed: str = "normal"
    fullscreen: bool = False
    volume: float = 0.7
    muted: bool = False
    assists: bool = True  # the default for each game's assist options in a new game
    names: list = field(default_factory=lambda: ["", "", "", "", "", ""])  # last player names typed
    favourites: list = field(default_factory=list)
    library_sort: str = "name"  # name, players, time or last_played
    library_people: int = 0  # show games for this many people (0: any)
    window: list = field(default_factory=lambda: [1280, 720])

    def validate(self) -> None:
        if self.language not in LANGUAGE_SETTINGS:
            self.language = "system"
        if self.anim_speed not in ANIM_SPEEDS:
            self.anim_speed = "normal"
        self.volume = min(1.0, max(0.0, float(self.volume)))
        if self.library_sort not in ("name", "players", "time", "last_played"):
            self.library_sort = "name"
        if not isinstance(self.library_people, int) or not 0 <= self.library_people <= 9:
            self.library_people = 0
        self.favourites = [str(f) for f in self.favourites if isinstance(f, str)]
        self.names = [str(n)[:24] for n in list(self.names)[:6]] + [""] * max(0, 6 - len(self.names))


def load(path: Path) -> tuple[Prefs, str | None]:
    """The saved settings (defaults when there are none) and a notice when the file had to be set aside."""
    if not path.exists():
        return Prefs(), None
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(data, dict):
            raise ValueError("not a mapping")
        known = {f.name for f in fields(Prefs)}
        prefs = Prefs(**{k: v for k, v in data.items() if k in known})
        prefs.validate()
        return prefs, None
    except (OSError, ValueError, TypeError) as exc:
        aside = path.with_name(path.name + ".damaged")
        try:
            os.replace(path, aside)
        except OSError:
            aside = path
        return Prefs(), f"settings_damaged|{aside.name}|{exc}"


def save(prefs: Prefs, path: Path) -> str | None:
    """Writes atomically; returns an error message instead of raising (a full disk must not crash)."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix="settings.", suffix=".tmp", dir=path.parent)
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(asdict(prefs), fh, ensure_ascii=False, indent=1)
        os.replace(tmp, path)
        return None
    except OSError as exc:
        return str(exc)
