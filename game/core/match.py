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


JOIN = "join"  # the side action that seats a new player: the match adds the next of its joining seats


class Match:
    """`seats` are the players in seat order. In a game that lets players join between turns, the seats
    after the first `initial` are the ones who joined later, in the order of the log's join actions."""

    def __init__(self, rules: Rules, seats: list[Seat], options: dict | None = None, seed: int = 0,
                 initial: int | None = None):
        info = rules.info
        initial = len(seats) if initial is None else initial
        if not info.min_players <= initial <= info.max_players or initial > len(seats):
            raise ValueError(f"{info.id} takes {info.min_players}–{info.max_players} players, not {initial}")
        self.rules = rules
        self.initial = initial
        self.seats = list(seats)
        self.options = info.resolve_options(options)
        self.seed = int(seed)
        self.state = rules.setup(initial, self.options, self.seed)
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

    def side_actions(self, seat: int) -> list[Action]:
        """Actions a game allows outside its decisions (a memo mark, a player joining), if it has any."""
        side = getattr(self.rules, "side_actions", None)
        return side(self.state, seat) if side else []

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
        if act not in self.rules.legal_actions(self.state, act.seat) and act not in self.side_actions(act.seat):
            raise IllegalAction(f"{act!r} is not legal now")
        if act.kind == JOIN and len(self.seats) <= self.initial + self._joins():
            raise IllegalAction("nobody is waiting to join")
        events = self.rules.apply(self.state, act)
        self.log.append(act)
        self.history.append(events)
        self.state_id += 1
        return events

    def _joins(self) -> int:
        return sum(1 for act in self.log if act.kind == JOIN)

    def join(self, seat: Seat, act: Action) -> list[Event]:
        """Seat a new player through the game's join action (`act`, one of its side actions)."""
        del self.seats[self.initial + self._joins():]  # nobody else is waiting
        self.seats.append(seat)
        try:
            return self.apply(act)
        except IllegalAction:
            self.seats.pop()
            raise

    def undo_point(self, seat: int) -> int | None:
        """Log length to go back to for undoing `seat`'s last action (and whatever bots did since), if
        undo is allowed now (see `undo_refusal`)."""
        return self._undo_scan(seat)[0]

    def undo_refusal(self, seat: int) -> str | None:
        """Why `seat` may not undo now, None if it may: "nothing" (no action of theirs to take back),
        "revealed" (something hidden or random has been shown to them since: undo must never let a player
        peek and take back), "other_player" (another person has acted since: nobody takes back their move)."""
        return self._undo_scan(seat)[1]

    def _undo_scan(self, seat: int) -> tuple[int | None, str | None]:
        for index in range(len(self.log) - 1, -1, -1):
            # A secret only others saw (a bot drawing into its hand) taught this player nothing.
            if any(ev.reveals and (ev.visible_to is None or seat in ev.visible_to) for ev in self.history[index]):
                return None, "revealed"
            actor = self.log[index].seat
            if actor == seat:
                return index, None
            if actor < len(self.seats) and self.seats[actor].is_human:
                return None, "other_player"
        return None, "nothing"

    def truncate(self, length: int) -> None:
        """Rebuild the state from the seed and the first `length` actions."""
        actions = self.log[:length]
        del self.seats[self.initial + sum(1 for act in actions if act.kind == JOIN):]
        self.state = self.rules.setup(self.initial, self.options, self.seed)
        self.log, self.history = [], []
        for act in actions:
            self.history.append(self.rules.apply(self.state, act))
            self.log.append(act)
        self.state_id += 1

    def replay(self, actions) -> None:
        """Apply a whole logged sequence, checking each action's legality."""
        for act in actions:
            self.apply(act)
