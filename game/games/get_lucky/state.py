"""The state of a Get Lucky match: small ints and lists, cheap to copy for AI search."""

from __future__ import annotations

from dataclasses import dataclass, field

from ...core.plainstate import PlainState
from ...core.rng import Rng

NO = -1
ACTION, ATTEMPT, DEFENCE, OVER = "action", "attempt", "defence", "over"
SLOTS = 3  # weapon, motive, opportunity


@dataclass
class State(PlainState):
    LISTS = ("parlor", "char_deck", "deck", "discard", "defenders")
    NESTED = ("areas", "attached", "hands")

    players: int
    options: dict
    rng: Rng
    phase: str = ACTION
    areas: list = field(default_factory=list)  # per seat: character numbers, in the order taken
    parlor: list = field(default_factory=list)
    char_deck: list = field(default_factory=list)  # face down; the top is the LAST element
    attached: list = field(default_factory=list)  # index = character number: [weapon, motive, opportunity]
    hands: list = field(default_factory=list)  # per seat: action card indexes, sorted
    deck: list = field(default_factory=list)  # face down; the top is the LAST element
    discard: list = field(default_factory=list)  # in order, public
    lucky: int = 0  # the character Doctor Lucky stands on
    current: int = 0
    turn: int = 1
    quiet: int = 0  # consecutive quiet turns (R24)
    deck_was_empty: bool = False  # the action deck was empty when this turn began
    quiet_action: bool = False  # this turn's action was Take or Pass
    attempted: bool = False
    strength: int = 0  # S during an attempt
    declared: int = 0  # S as announced, before any defence (for the record of a murder)
    attacker_char: int = 0
    defenders: list = field(default_factory=list)  # seats still to defend, in order
    stopper: int = NO
    winner: int = NO
    drawn: bool = False
    attempts: int = 0

    def copy(self) -> State:
        return State(
            self.players, self.options, self.rng.copy(), self.phase, [a[:] for a in self.areas], self.parlor[:],
            self.char_deck[:], [a[:] for a in self.attached], [h[:] for h in self.hands], self.deck[:],
            self.discard[:], self.lucky, self.current, self.turn, self.quiet, self.deck_was_empty,
            self.quiet_action, self.attempted, self.strength, self.declared, self.attacker_char, self.defenders[:],
            self.stopper, self.winner, self.drawn, self.attempts)
