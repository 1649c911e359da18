"""The state of a Shipwreck Arcana match: small ints and lists, cheap to copy for the AI.

Players are the match's seats (people or AIs). Positions are the hands in the turn order: one per player,
or two per player in the two-player challenge mode (R47). A player who leaves keeps its number (the
match's seat list never shrinks); its position leaves the turn order.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...core.plainstate import PlainState
from ...core.rng import Rng

NO = -1
SLOTS = 4  # arcana slots 1–4; slot 0 is The Hours
DRAW, PLAY, AFTER, REVEAL, PREDICT, SECOND, OVER = "draw", "play", "after", "reveal", "predict", "second", "over"


@dataclass
class State(PlainState):
    LISTS = ("left", "owner", "colour", "carried", "marks", "marked", "order", "played_order", "row", "via_hours",
             "handles", "deck", "stock", "removed", "bag", "predictions", "asked")
    NESTED = ("hand", "clues", "fates")  # clue entries are never changed in place, so a shallow copy is enough

    players: int  # players ever seated
    options: dict
    rng: Rng
    phase: str = DRAW
    left: list = field(default_factory=list)  # per player
    owner: list = field(default_factory=list)  # per position: its player
    colour: list = field(default_factory=list)  # per position: index into the five colours
    hand: list = field(default_factory=list)  # per position: token ids, a carried token first
    carried: list = field(default_factory=list)  # per position: the token it carried into this turn, or NO
    marks: list = field(default_factory=list)  # per position: eliminated values as a 7-bit mask (R37)
    marked: list = field(default_factory=list)  # the marks changed this turn, one entry per change (MARK_CHANGES)
    clues: list = field(default_factory=list)  # per position: public evidence on its held fate (§13.2)
    order: list = field(default_factory=list)  # positions in turn order
    active: int = 0  # the active position
    last_played: int = NO  # the position whose turn came last (R55)
    played_order: list = field(default_factory=list)  # the turn order when that turn ended (R55's "old order")
    turn: int = 1
    row: list = field(default_factory=list)  # slots 1–4: arcana card number or NO
    fates: list = field(default_factory=list)  # slots 1–4: token ids lying in front of the card
    via_hours: list = field(default_factory=list)  # token ids in the row that came through The Hours
    # Per token: the public handle of a fate lying in the row (NO elsewhere). Views and events name row
    # fates by handle, never by token id: ids followed across the bag would tell an old fate from a new
    # one without Old? (R13).
    handles: list = field(default_factory=list)
    placed: int = 0  # placements so far: the next handle
    deck: list = field(default_factory=list)  # face up; the top is the LAST element
    known_bottom: int = 0  # how many cards at the bottom were seen going there, in order
    stock: list = field(default_factory=list)  # faded cards whose power is unused, in order of fading
    removed: list = field(default_factory=list)  # The Restless Hours: used powers
    bag: list = field(default_factory=list)  # token ids, sorted
    score: int = 0
    doom: int = 0
    power_used: bool = False
    correct: bool = False
    played: int = NO  # the token played this turn
    hidden: int = NO  # the active position's kept token after the play
    predictions: list = field(default_factory=list)
    twice: bool = False
    asked: list = field(default_factory=list)  # positions that kept their fate since the last public event
    outcome: str = ""  # "" while playing, "won", "doom" or "deck"

    def copy(self) -> State:
        c = State.__new__(State)
        d = c.__dict__
        d.update(self.__dict__)
        d["rng"] = self.rng.copy()
        d["options"] = self.options
        for key in self.LISTS:
            d[key] = self.__dict__[key][:]
        for key in self.NESTED:
            d[key] = [x[:] for x in self.__dict__[key]]
        return c

