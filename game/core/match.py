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
        if not isinstance(self.name, str):
            raise ValueError(f"a seat's name must be text, not {self.name!r}")
        if self.kind not in (HUMAN, AI):
            raise ValueError(f"seat kind must be human or ai, not {self.kind!r}")
        if self.kind == AI and self.level not in AI_LEVELS:
            raise ValueError(f"AI level must be one of {AI_LEVELS}, not {self.level!r}")
        if self.kind == HUMAN and self.level is not None:
            raise ValueError(f"a human seat has no AI level, not {self.level!r}")

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
SEED_LIMIT = 1 << 64  # the generator keeps 64 bits: larger seeds would only repeat smaller ones


def is_int(value) -> bool:
    """A true int: JSON gives bools and floats that Python would otherwise take for one (True == 1)."""
    return type(value) is int


def check_seed(seed) -> int:
    if not is_int(seed) or not 0 <= seed < SEED_LIMIT:
        raise ValueError(f"a seed is a whole number from 0 to 2^64 - 1, not {seed!r}")
    return seed


class Match:
    """`seats` are the players in seat order. In a game that lets players join between turns, the seats
    after the first `initial` are the ones who joined later, in the order of the log's join actions."""

    def __init__(self, rules: Rules, seats: list[Seat], options: dict | None = None, seed: int = 0,
                 initial: int | None = None):
        """Everything is checked before the game is set up: a bad value (from a save, say) is refused with a
        ValueError naming it, never an error from inside the rules."""
        info = rules.info
        if not isinstance(seats, list | tuple) or not all(isinstance(seat, Seat) for seat in seats):
            raise ValueError(f"the seats must be a list of seats, not {seats!r}")
        initial = len(seats) if initial is None else initial
        if not is_int(initial) or not info.min_players <= initial <= info.max_players or initial > len(seats):
            raise ValueError(f"{info.id} takes {info.min_players}–{info.max_players} players, not {initial!r}")
        self.rules = rules
        self.initial = initial
        self.seats = list(seats)
        self.options = info.resolve_options(options)
        self.seed = check_seed(seed)
        self.state = rules.setup(initial, self.options, self.seed)
        self.log: list[Action] = []
        self.history: list[list[Event]] = []  # events of each logged action, parallel to `log`
        self.joined = 0  # join actions in the log: kept as a count, since every action's seat is checked
        self.state_id = 0

    # -- reading --------------------------------------------------------------------------------------

    @property
    def game_id(self) -> str:
        return self.rules.info.id

    def pending(self):
        return self.rules.pending(self.state)

    def is_over(self) -> bool:
        return not self.rules.pending(self.state)

    def seated(self) -> int:
        """How many players have taken a seat: the first `initial`, then one per join so far."""
        return self.initial + self.joined

    def check_seat(self, seat) -> int:
        """`seat` if it is one of the match's seated players; IllegalAction otherwise. The rules index lists
        by seat, so an outside number would read another player's entry (−1) or fail deep inside them."""
        if not is_int(seat) or not 0 <= seat < self.seated():
            raise IllegalAction(f"{seat!r} is not a seat of this match (seats 0–{self.seated() - 1})")
        return seat

    def legal_actions(self, seat: int) -> list[Action]:
        return self.rules.legal_actions(self.state, self.check_seat(seat))

    def side_actions(self, seat: int) -> list[Action]:
        """Actions a game allows outside its decisions (a memo mark, a player joining), if it has any."""
        side = getattr(self.rules, "side_actions", None)
        return side(self.state, self.check_seat(seat)) if side else []

    def view(self, seat):
        """What `seat` may see; None is a spectator."""
        return self.rules.view(self.state, None if seat is None else self.check_seat(seat))

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
        if not isinstance(act, Action):
            raise IllegalAction(f"{act!r} is not an action")
        if act not in self.legal_actions(act.seat) and act not in self.side_actions(act.seat):
            raise IllegalAction(f"{act!r} is not legal now")
        if act.kind == JOIN and len(self.seats) <= self.seated():
            raise IllegalAction("nobody is waiting to join")
        events = self.rules.apply(self.state, act)
        self.log.append(act)
        self.history.append(events)
        if act.kind == JOIN:
            self.joined += 1
        self.state_id += 1
        return events

    def join(self, seat: Seat, act: Action) -> list[Event]:
        """Seat a new player through the game's join action (`act`, one of its side actions)."""
        if not isinstance(seat, Seat):
            raise ValueError(f"not a seat: {seat!r}")
        del self.seats[self.seated():]  # nobody else is waiting
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
        self.joined = sum(1 for act in actions if act.kind == JOIN)
        del self.seats[self.seated():]
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
