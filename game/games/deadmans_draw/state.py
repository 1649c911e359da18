"""The state of a Dead Man's Draw match: plain lists of small ints, cheap to copy for AI search."""

from __future__ import annotations

from dataclasses import dataclass, field

from ...core.rng import Rng

# Suit indexes (display order); a loot card c has suit c // 6.
ANCHOR, CANNON, CHEST, HOOK, KEY, KRAKEN, MAP, MERMAID, ORACLE, SWORD = range(10)
NO = -1  # "none" for int fields (no trait, no mark, no card)

# Phases
TRAITS, MARK, PLAY, OVER = "traits", "mark", "play", "over"


@dataclass
class Choice:
    """The pending choice in play: `kind` is an action kind; `cards` holds a Map's revealed cards or the
    Plunderer's N."""

    seat: int
    kind: str
    cards: list = field(default_factory=list)


@dataclass
class State:
    players: int
    options: dict
    rng: Rng
    phase: str = TRAITS
    draw: list = field(default_factory=list)  # face down; the top card is the LAST element
    known: int = 0  # how many top cards of the draw pile are publicly revealed (Oracle, Mystic)
    discard: list = field(default_factory=list)  # an unordered collection (R16)
    play: list = field(default_factory=list)  # the Play Area in placement order
    banks: list = field(default_factory=list)  # banks[seat][suit] = cards ascending; top = last
    traits: list = field(default_factory=list)  # kept trait index per seat, NO without
    dealt: list = field(default_factory=list)  # the two traits dealt to each seat (private)
    kept: list = field(default_factory=list)  # secret pick per seat during the trait phase, NO until made
    undealt: list = field(default_factory=list)  # traits nobody has seen
    mark: int = NO  # the Vulture's mark
    start: int = NO
    current: int = 0
    turn: int = 0
    owed: int = 0  # the Kraken obligation (R10)
    hooked: int = NO  # the card the Hook in play brought in (Grapnel keeps it, R13)
    after: list = field(default_factory=list)  # continuations: "hook2" = Double Hook's second pick
    choice: Choice | None = None

    def copy(self) -> State:
        return State(
            self.players, self.options, self.rng.copy(), self.phase, self.draw[:], self.known,
            self.discard[:], self.play[:], [[s[:] for s in bank] for bank in self.banks], self.traits[:],
            [d[:] for d in self.dealt], self.kept[:], self.undealt[:], self.mark, self.start, self.current,
            self.turn, self.owed, self.hooked, self.after[:],
            None if self.choice is None else Choice(self.choice.seat, self.choice.kind, self.choice.cards[:]),
        )

    def to_json(self) -> dict:
        return {
            "players": self.players, "options": self.options, "rng": self.rng.state, "phase": self.phase,
            "draw": self.draw, "known": self.known, "discard": self.discard, "play": self.play,
            "banks": self.banks, "traits": self.traits, "dealt": self.dealt, "kept": self.kept,
            "undealt": self.undealt, "mark": self.mark, "start": self.start, "current": self.current,
            "turn": self.turn, "owed": self.owed, "hooked": self.hooked, "after": self.after,
            "choice": None if self.choice is None else {
                "seat": self.choice.seat, "kind": self.choice.kind, "cards": self.choice.cards},
        }

    @staticmethod
    def from_json(d: dict) -> State:
        c = d["choice"]
        return State(
            d["players"], dict(d["options"]), Rng(d["rng"]), d["phase"], list(d["draw"]), d["known"],
            list(d["discard"]), list(d["play"]), [[list(s) for s in bank] for bank in d["banks"]],
            list(d["traits"]), [list(x) for x in d["dealt"]], list(d["kept"]), list(d["undealt"]), d["mark"],
            d["start"], d["current"], d["turn"], d["owed"], d["hooked"], list(d["after"]),
            None if c is None else Choice(c["seat"], c["kind"], list(c["cards"])),
        )
