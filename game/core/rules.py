"""The contract every game implements, and the metadata a game registers with.

A game is a `Rules` object of functions over its own mutable `State`: `setup` makes one, `apply` advances
it in place and returns events, everything else only reads it. No wall clock, no I/O and no module-level
randomness inside rules: every chance event draws from the state's own `Rng`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from .actions import Action, Decision
from .events import Event
from .rng import Rng


class IllegalAction(ValueError):
    """An action that is not among the legal actions of its seat right now."""


@dataclass(frozen=True)
class OptionSpec:
    """One game option as the new-game screen shows it. `label`/`help` are text keys."""

    id: str
    default: Any
    choices: tuple = (False, True)
    label: str = ""
    help: str = ""
    assist: bool = False  # display-only help (odds, lists): changes nothing in the rules
    players: tuple = ()  # the player counts the option is offered at (empty: all); elsewhere it keeps its default
    # What generic code may rely on this option for (so it never recognises a game's option by its id):
    # "joining": while on, players may join and leave between turns (the pause menu's Players panel);
    # "arena_grid": the cooperative arena runs a grid over this option's values (a difficulty).
    role: str = ""
    # A pick-list option (pick > 0): its value is a tuple of `pick` distinct ids out of `pick_from` (a save
    # holds it as a JSON list); it matters only while the option `shown_when[0]` has the value `shown_when[1]`.
    pick: int = 0
    pick_from: tuple = ()
    shown_when: tuple = ()

    def validate(self, value):
        if self.pick:
            return self._validate_pick(value)
        # Compared by type too: 1 == True and 1.0 == 1 in Python, but an option declared with booleans takes
        # only booleans (a save holding 1 would otherwise play as True and hash differently).
        if not any(type(value) is type(choice) and value == choice for choice in self.choices):
            raise ValueError(f"option {self.id!r}: {value!r} is not one of {list(self.choices)}")
        return value

    def _validate_pick(self, value) -> tuple:
        if not isinstance(value, (list, tuple)) or not all(isinstance(v, str) for v in value):
            raise ValueError(f"option {self.id!r}: {value!r} is not a list of ids")
        if len(value) != self.pick or len(set(value)) != self.pick:
            raise ValueError(f"option {self.id!r}: pick exactly {self.pick} different ids, not {list(value)}")
        unknown = [v for v in value if v not in self.pick_from]
        if unknown:
            raise ValueError(f"option {self.id!r}: {unknown} are not among {list(self.pick_from)}")
        return tuple(value)


@dataclass(frozen=True)
class GameInfo:
    id: str
    names: dict  # {"en": ..., "ja": ...}
    min_players: int
    max_players: int
    play_time: tuple  # minutes (low, high)
    age: int
    year: int
    designers: tuple
    version: str  # the rules version: saves record it
    options: tuple = ()
    cooperative: bool = False
    house_data: dict = field(default_factory=dict)  # {"en": ..., "ja": ...} what data is our own design

    def option_with_role(self, role: str) -> OptionSpec | None:
        return next((spec for spec in self.options if spec.role == role), None)

    def option(self, option_id: str) -> OptionSpec:
        for spec in self.options:
            if spec.id == option_id:
                return spec
        raise KeyError(option_id)

    def resolve_options(self, options: dict | None) -> dict:
        """Defaults filled in; unknown options and bad values refused with a message."""
        if options is None:
            options = {}
        if not isinstance(options, dict):
            raise ValueError(f"{self.id}: options must be a mapping of names to values, not {options!r}")
        options = dict(options)
        out = {}
        for spec in self.options:
            out[spec.id] = spec.validate(options.pop(spec.id, spec.default))
        if options:
            raise ValueError(f"{self.id}: unknown option(s) {sorted(map(repr, options))}")
        return out


@dataclass(frozen=True)
class Team:
    """Seats that score together: an establishment's occupants, or the whole table of a cooperative game."""

    members: tuple
    score: float
    won: bool
    name: str = ""  # a text key naming the team, if it has a name

    def to_json(self) -> dict:
        return {"members": list(self.members), "score": self.score, "won": self.won, "name": self.name}


@dataclass
class Result:
    """The end of a match. `scores` per seat; `winners` seats sharing the win (cooperative: all or none)."""

    scores: list
    winners: list
    ranking: list  # rank per seat, 1 = best; equal ranks share a place
    details: dict = field(default_factory=dict)  # per-game breakdown for the results screen
    teams: list = field(default_factory=list)  # Team per team, for games played in teams (cooperative: one)

    @property
    def team_won(self) -> bool | None:
        """A cooperative game's outcome (one team of every seat), None in a game with winners of its own."""
        if len(self.teams) == 1 and len(self.teams[0].members) == len(self.scores):
            return self.teams[0].won
        return None

    def to_json(self) -> dict:
        return {"scores": self.scores, "winners": self.winners, "ranking": self.ranking,
                "details": self.details, "teams": [team.to_json() for team in self.teams]}


class Rules(Protocol):
    """What a game provides. `apply` mutates the state in place; every other call only reads it."""

    info: GameInfo

    def setup(self, players: int, options: dict, seed: int) -> Any: ...

    def pending(self, state) -> list[Decision]:
        """Who must decide what now; several entries are one simultaneous secret choice; empty = over."""
        ...

    def legal_actions(self, state, seat: int) -> list[Action]:
        """The single source of legality: the UI and the bots only ever choose from this list."""
        ...

    def apply(self, state, act: Action) -> list[Event]: ...

    def view(self, state, seat) -> dict:
        """What `seat` (or None: a spectator) may see, as plain JSON; hidden cards are opaque handles."""
        ...

    def result(self, state) -> Result | None: ...

    def determinize(self, state, seat: int, rng: Rng) -> Any:
        """A full state consistent with all that `seat` knows and a function of only that knowledge."""
        ...

    def to_json(self, state) -> dict: ...

    def from_json(self, data: dict) -> Any: ...

    def copy(self, state) -> Any: ...

    def turn_marker(self, state) -> tuple:
        """Changes exactly when a new turn starts: the horizon of a turn-limited search."""
        ...


class StateCodec:
    """to_json, from_json and copy for a game whose State class does them itself (set `State`)."""

    State: type

    def to_json(self, state) -> dict:
        return state.to_json()

    def from_json(self, data: dict):
        return self.State.from_json(data)

    def copy(self, state):
        return state.copy()
