"""A match: a game's rules, its seats, options and seed, and the action log that is the whole truth.

Every change goes through `apply`, which checks legality against `legal_actions`; `state_id` grows on
every change so that a late AI answer computed for an older state can be recognised and dropped. Undo is
a replay of the log minus its tail, which is exact because all chance comes from the seeded state RNG.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass

from . import canon
from .actions import Action
from .events import Event, redact_all
from .rules import IllegalAction, Rules

HUMAN, AI = "human", "ai"
AI_LEVELS = ("random", "easy", "normal", "hard")


@dataclass(frozen=True)
class Seat:
    name: str
    kind: str = HUMAN  # "human" or "ai"
    level: str | None = None  # AI level

    def __post_init__(self):
        if self.kind not in (HUMAN, AI):
            raise ValueError(f"seat kind must be human or ai, not {self.kind!r}")
        if self.kind == AI and self.level not in AI_LEVELS:
            raise ValueError(f"AI level must be one of {AI_LEVELS}, not {self.level!r}")

    @property
    def is_human(self) -> bool:
        return self.kind == HUMAN

    def to_json(self) -> dict:
        return asdict(self)

    @staticmethod
    def from_json(data) -> Seat:
        if not isinstance(data, dict) or not isinstance(data.get("name"), str):
            raise ValueError(f"not a seat: {data!r}")
        return Seat(data["name"], data.get("kind", HUMAN), data.get("level"))


class Match:
    def __init__(self, rules: Rules, seats: list[Seat], options: dict | None = None, seed: int = 0):
        info = rules.info
        if not info.min_players <= len(seats) <= info.max_players:
            raise ValueError(f"{info.id} takes {info.min_players}–{info.max_players} players, not {len(seats)}")
        self.rules = rules
        self.seats = list(seats)
        self.options = info.resolve_options(options)
        self.seed = int(seed)
        self.state = rules.setup(len(seats), self.options, self.seed)
        self.log: list[Action] = []
        self.history: list[list[Event]] = []  # events of each logged action, parallel to `log`
        self.state_id = 0

    # -- reading --------------------------------------------------------------------------------------

    @property
    def game_id(self) -> str:
        return self.rules.info.id

    def pending(self):
        return self.rules.pending(self.state)

    def is_over(self) -> bool:
        return not self.rules.pending(self.state)

    def legal_actions(self, seat: int) -> list[Action]:
        return self.rules.legal_actions(self.state, seat)

    def view(self, seat):
        return self.rules.view(self.state, seat)

    def result(self):
        return self.rules.result(self.state)

    def state_hash(self) -> str:
        return canon.digest(self.rules.to_json(self.state))

    def events_for(self, viewer, start: int = 0) -> list[Event]:
        """Every event since action `start`, as `viewer` may see them."""
        out = []
        for events in self.history[start:]:
            out.extend(redact_all(events, viewer))
        return out

    # -- changing -------------------------------------------------------------------------------------

    def apply(self, act: Action) -> list[Event]:
        if act not in self.rules.legal_actions(self.state, act.seat):
            raise IllegalAction(f"{act!r} is not legal now")
        events = self.rules.apply(self.state, act)
        self.log.append(act)
        self.history.append(events)
        self.state_id += 1
        return events

    def undo_point(self, seat: int) -> int | None:
        """Log length to go back to for undoing `seat`'s last action, if nothing hidden or random was
        revealed since (undo must never let a player peek and take back)."""
        for index in range(len(self.log) - 1, -1, -1):
            if any(ev.reveals for ev in self.history[index]):
                return None
            if self.log[index].seat == seat:
                return index
        return None

    def truncate(self, length: int) -> None:
        """Rebuild the state from the seed and the first `length` actions."""
        actions = self.log[:length]
        self.state = self.rules.setup(len(self.seats), self.options, self.seed)
        self.log, self.history = [], []
        for act in actions:
            self.history.append(self.rules.apply(self.state, act))
            self.log.append(act)
        self.state_id += 1

    def replay(self, actions) -> None:
        """Apply a whole logged sequence, checking each action's legality."""
        for act in actions:
            self.apply(act)
