"""The player's settings, kept as JSON in the user data directory.

Each field is checked for its type and range on loading; a field that is wrong falls back to its default
and the rest are kept. A file that cannot be read at all, or that held a wrong field, is set aside (renamed,
never deleted: the next save would overwrite it) with a notice. Nothing here raises.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path

from game.core import safeio

ANIM_SPEEDS = ("slow", "normal", "fast", "off")
AI_SPEEDS = ("slow", "normal", "fast", "instant")  # the pause before each AI move
LANGUAGE_SETTINGS = ("system", "en", "ja")
UI_SCALES = (0.9, 1.0, 1.15, 1.3)  # menus' and dialogs' sizes, times the window's (see ui/access.py)
PALETTES = ("standard", "safe")  # a table's colours as designed, or told apart under colour blindness
COACH_MODES = ("first_games", "on", "off")  # the table's coach: in a player's first games of a game (scenes/coach.py)
LIBRARY_SORTS = ("name", "players", "time", "last_played")
LIBRARY_PEOPLE = (0, 2, 3, 4, 5, 6, 7, 8, 9)
WINDOW_MIN, WINDOW_MAX = (960, 540), (7680, 4320)
NAME_SLOTS, NAME_LENGTH = 9, 24  # names remembered: one per seat of the largest table (nine)
MAX_FAVOURITES = 100
MAX_PICKS, MAX_PICK_IDS, ID_LENGTH = 50, 100, 64  # remembered pick-list options: far more than any game has
LIMIT = 64 * 1024  # a settings file is under 1 KB


@dataclass
class Prefs:
    language: str = "system"
    anim_speed: str = "normal"
    ai_speed: str = "normal"
    reduced_motion: bool = False  # cards placed rather than flown, nothing shakes or bounces
    fullscreen: bool = False
    volume: float = 0.7
    muted: bool = False
    ui_scale: float = 1.0
    palette: str = "standard"
    assists: bool = True  # the default for each game's assist options in a new game
    coach: str = "first_games"  # one of COACH_MODES
    names: list = field(default_factory=lambda: [""] * NAME_SLOTS)  # last player names typed
    favourites: list = field(default_factory=list)
    owned: list = field(default_factory=list)  # the library's other marks: game ids, like the favourites
    want_to_play: list = field(default_factory=list)
    library_sort: str = "name"  # name, players, time or last_played
    library_people: int = 0  # show games for this many people (0: any)
    window: list = field(default_factory=lambda: [1280, 720])
    # The last pick made for each pick-list option of a new game ("<game>.<option>": [ids]), checked against
    # the game's option when the new-game screen reads it (`remembered_pick`).
    picks: dict = field(default_factory=dict)
    guided: list = field(default_factory=list)  # game ids whose guided first game was offered (scenes/guide.py)


class Invalid(ValueError):
    """A field's value that cannot be used."""


def _one_of(allowed):
    def check(value):
        if not isinstance(value, str) or value not in allowed:
            raise Invalid
        return value
    return check


def _flag(value):
    if not isinstance(value, bool):
        raise Invalid
    return value


def _volume(value):
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise Invalid
    return min(1.0, max(0.0, float(value)))


def _ui_scale(value):
    if isinstance(value, bool) or value not in UI_SCALES:
        raise Invalid
    return float(value)


def _names(value):
    if not isinstance(value, list):
        raise Invalid
    names = [v[:NAME_LENGTH] if isinstance(v, str) else "" for v in value[:NAME_SLOTS]]
    return names + [""] * (NAME_SLOTS - len(names))


def _game_ids(value):
    """A list of game ids (the favourites, the games owned or wanted); anything but a string is dropped."""
    if not isinstance(value, list):
        raise Invalid
    return list(dict.fromkeys(v for v in value[:MAX_FAVOURITES] if isinstance(v, str)))


def _picks(value):
    """A mapping of "<game>.<option>" to a list of ids; an entry of any other shape is dropped (the new-game
    screen then uses the option's default), the others are kept."""
    if not isinstance(value, dict):
        raise Invalid
    picks = {}
    for key, ids in list(value.items())[:MAX_PICKS]:
        if isinstance(key, str) and isinstance(ids, list) and len(ids) <= MAX_PICK_IDS and all(
                isinstance(i, str) and len(i) <= ID_LENGTH for i in ids):
            picks[key] = list(ids)
    return picks


def remembered_pick(prefs: Prefs, game_id: str, spec) -> tuple:
    """The pick remembered for a game's pick-list option, if the option still takes it (a card renamed or
    a count changed since: the option's default instead)."""
    try:
        return spec.validate(prefs.picks.get(f"{game_id}.{spec.id}"))
    except ValueError:
        return tuple(spec.default)


def remember_pick(prefs: Prefs, game_id: str, spec, value) -> None:
    prefs.picks[f"{game_id}.{spec.id}"] = list(value)


def _people(value):
    if isinstance(value, bool) or not isinstance(value, int) or value not in LIBRARY_PEOPLE:
        raise Invalid
    return value


def _window(value):
    """[width, height] in whole pixels that a screen can show; anything else is the default size."""
    if not isinstance(value, list) or len(value) != 2:
        raise Invalid
    for size, low, high in zip(value, WINDOW_MIN, WINDOW_MAX, strict=True):
        if isinstance(size, bool) or not isinstance(size, int) or not low <= size <= high:
            raise Invalid
    return list(value)


CHECKS = {
    "language": _one_of(LANGUAGE_SETTINGS),
    "anim_speed": _one_of(ANIM_SPEEDS),
    "ai_speed": _one_of(AI_SPEEDS),
    "reduced_motion": _flag,
    "fullscreen": _flag,
    "volume": _volume,
    "muted": _flag,
    "ui_scale": _ui_scale,
    "palette": _one_of(PALETTES),
    "assists": _flag,
    "coach": _one_of(COACH_MODES),
    "names": _names,
    "favourites": _game_ids,
    "owned": _game_ids,
    "want_to_play": _game_ids,
    "library_sort": _one_of(LIBRARY_SORTS),
    "library_people": _people,
    "window": _window,
    "picks": _picks,
    "guided": _game_ids,
}
assert set(CHECKS) == {f.name for f in fields(Prefs)}


def from_json(data: dict) -> tuple[Prefs, list[str]]:
    """Settings from a decoded file: every known field checked, the wrong ones (named in the list) left at
    their defaults. Unknown fields (from a newer version) are ignored."""
    prefs, wrong = Prefs(), []
    for name, check in CHECKS.items():
        if name in data:
            try:
                setattr(prefs, name, check(data[name]))
            except Invalid:
                wrong.append(name)
    return prefs, wrong


def load(path: Path) -> tuple[Prefs, tuple[str, dict] | None]:
    """The saved settings (defaults when there are none) and, when the file had to be set aside, a notice
    as (text key, args) for notice.*; a FileProblem among the args is said in the player's language."""
    try:
        data = safeio.read_json(path, LIMIT)
    except safeio.FileProblem as problem:
        if problem.key == "file.missing":
            return Prefs(), None
        return Prefs(), ("notice.settings_damaged", {"file": _set_aside(path), "detail": problem})
    if not isinstance(data, dict):
        problem = safeio.FileProblem(path, "file.bad_content", detail="not a set of settings")
        return Prefs(), ("notice.settings_damaged", {"file": _set_aside(path), "detail": problem})
    prefs, wrong = from_json(data)
    if wrong:
        return prefs, ("notice.settings_fixed", {"file": _set_aside(path), "fields": ", ".join(wrong)})
    return prefs, None


def _set_aside(path: Path) -> str:
    aside = safeio.set_aside(path)
    return (aside or path).name  # a read-only folder: it stays where it is, and is not overwritten either


def save(prefs: Prefs, path: Path) -> safeio.FileProblem | None:
    """Writes atomically; returns the problem instead of raising (a full disk must not crash)."""
    try:
        safeio.write_json(path, asdict(prefs))
    except safeio.FileProblem as problem:
        return problem
    return None
