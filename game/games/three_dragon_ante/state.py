"""The state of a Three-Dragon Ante match: cards are indexes (cards.table()), everything else ints and
lists, cheap to copy for AI search.

The flow of play is a stack of frames (`stack`), the bottom one the gambit itself: each frame is a list
[kind, step, owner, card, data...] that its resolver advances (effects/__init__.py explains the protocol).
`ask` is the one open question while the stack waits for an answer ([seat, kind, prompt params, options]);
the ante's sealed choices are asked of every seat at once through `sealed` instead.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...core.plainstate import PlainState
from ...core.rng import Rng

NO = -1
ANTE, PLAY, OVER = "ante", "play", "over"


@dataclass
class State(PlainState):
    LISTS = ("deck", "discard", "ante", "reveal", "out", "gold", "hole_gold", "sealed", "round_cards",
             "archmage", "warlord", "monarch", "dracolich", "marks", "colour_paid", "strength_paid", "seen",
             "known", "ask", "deck_known")
    NESTED = ("hands", "flights", "checked")

    players: int
    options: dict
    rng: Rng
    phase: str = ANTE
    deck: list = field(default_factory=list)  # face down; the top is the LAST element
    discard: list = field(default_factory=list)  # face up, in order
    ante: list = field(default_factory=list)  # face up, in the order placed
    reveal: list = field(default_factory=list)  # the Sorcerer's or Silver Seer's cards
    reveal_owner: int = NO  # whose Silver Seer is looking (private), or NO for public reveals
    out: list = field(default_factory=list)  # the 20 unused specials, sorted
    hands: list = field(default_factory=list)  # per seat, in the order received
    flights: list = field(default_factory=list)  # per seat, left to right
    gold: list = field(default_factory=list)
    hole_gold: list = field(default_factory=list)
    stakes: int = 0
    hole: int = 0
    sealed: list = field(default_factory=list)  # per seat: the sealed ante card, NO (not yet) or -2 (none)
    fails: int = 0  # consecutive failed antes this gambit (R8, H14)
    gambit: int = 1
    round: int = 0
    leader: int = 0
    start: int = 0  # the start player (R49)
    current: int = 0  # whose turn it is
    turns: int = 0  # turns taken this round
    turn_serial: int = 0  # every turn of the game, for turn_marker
    round_cards: list = field(default_factory=list)  # per seat: the round card (R14) or NO
    chain: int = 0  # replacement triggers this turn (R23)
    played_any: bool = False  # a card was played this round (H12)
    # Gambit effects (R24): per-seat flags and counters, whole-gambit flags, card marks.
    archmage: list = field(default_factory=list)
    warlord: list = field(default_factory=list)
    monarch: list = field(default_factory=list)
    dracolich: list = field(default_factory=list)
    druid: bool = False
    priest: bool = False
    payee: int = NO  # the Merchant Prince's payee (NO: no effect)
    marks: list = field(default_factory=list)  # marked cards (Dragonrider, Wyrmpriest)
    colour_paid: list = field(default_factory=list)  # R31
    strength_paid: list = field(default_factory=list)
    checked: list = field(default_factory=list)  # per seat: its flight as it stood at its last check in play
    winner: int = NO  # the last gambit's winner
    stopped: bool = False  # the stakes emptied (R42)
    split: bool = False  # H12: the tied candidates split the stakes, no winner
    stack: list = field(default_factory=list)
    ask: list = field(default_factory=list)
    answer: object = None
    # What each seat knows (§8): seen[c] has bit s when seat s has seen card c, bit `players` when it was
    # public; known holds [viewer, card] for a card known to be in another's hand (viewer NO: everyone);
    # deck_known is [seat, card] when a seat knows the deck's top card (the Silver Seer's, H16).
    seen: list = field(default_factory=list)
    known: list = field(default_factory=list)
    deck_known: list = field(default_factory=list)
    over: bool = False

    def copy(self) -> State:
        c = State.__new__(State)
        c.__dict__.update(self.__dict__)
        c.rng = self.rng.copy()
        for key in self.LISTS:
            setattr(c, key, getattr(self, key)[:])
        c.hands = [h[:] for h in self.hands]
        c.flights = [f[:] for f in self.flights]
        c.checked = [f[:] for f in self.checked]
        c.known = [k[:] for k in self.known]
        c.stack = [[x[:] if type(x) is list else x for x in frame] for frame in self.stack]
        c.ask = [x[:] if type(x) is list else x for x in self.ask]
        return c

    @classmethod
    def from_json(cls, d: dict):
        s = super().from_json(d)
        s.known = [list(k) for k in s.known]
        s.stack = [[list(x) if isinstance(x, (list, tuple)) else x for x in frame] for frame in s.stack]
        s.ask = [list(x) if isinstance(x, (list, tuple)) else x for x in s.ask]
        return s
