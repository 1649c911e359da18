"""The state of a Deadwood 1876 match: small ints, lists and bitmasks, cheap to copy for AI search.

Cards and safes are their indexes (cards.py). A seat's knowledge of the safes (§8) is kept in two parts
(knowledge.py): `trk[p][k]`, a bitmask of the seats that know and track the safe in slot k of p's row, and
`unk[o][p]`, a bitmask of the safes that seat o knows are somewhere in p's row without knowing the slot.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...core.plainstate import PlainState
from ...core.rng import Rng

NO = -1
# Phases (what `pending` asks for).
CHARACTER, PASS, TURN, DEFEND, OFFER, ACCEPT, DESTINATION, TRANSFER, DUSTER, PEEK, HEIST, MYSTERY, VOLLEY, OVER = (
    "character", "pass", "turn", "defend", "offer", "accept", "destination", "transfer", "duster", "peek", "heist",
    "mystery", "volley", "over")
ROB, DUEL = "rob", "duel"
ATTACKER, DEFENDER = 0, 1


@dataclass
class State(PlainState):
    LISTS = ("chars", "est", "draw", "discard", "heist", "box", "gone", "passes", "commits", "offers", "sides",
             "asked", "holsters", "refills", "queue", "peeked", "gold", "mysteries", "showdowns", "alive",
             "wounds", "winners", "rolls", "claims", "claim_times")
    NESTED = ("hands", "rows", "trk", "unk", "used")

    players: int
    options: dict
    rng: Rng
    phase: str = CHARACTER
    first: int = 0  # the first player of every normal round (H9)
    active: int = 0  # whose turn it is (or who chooses a character)
    round: int = 0  # normal rounds 1..H+1; H+2 is the badge round
    step: int = 0  # turns begun in this normal round
    turns: int = 0  # turns begun in the whole game (the turn marker)
    chars: list = field(default_factory=list)  # per seat: character index or NO
    est: list = field(default_factory=list)  # per seat: establishment index or NO
    hands: list = field(default_factory=list)  # per seat: card indexes, sorted
    draw: list = field(default_factory=list)  # the top is the LAST element
    discard: list = field(default_factory=list)  # in order, public
    rows: list = field(default_factory=list)  # per seat: safe indexes by slot
    trk: list = field(default_factory=list)  # per seat, per slot: bitmask of seats tracking it
    unk: list = field(default_factory=list)  # [observer][row owner]: bitmask of safes known untracked there
    shown: int = 0  # bitmask of cards in hands that everyone has seen go there (returned offers, showdown cards)
    faceup: int = 0  # bitmask of face-up safes (called badges)
    heist: list = field(default_factory=list)  # heist stack, the top LAST
    up: int = NO  # the flipped heist safe
    box: list = field(default_factory=list)  # safes out of the game that nobody has seen, sorted
    gone: list = field(default_factory=list)  # safes out of the game known to all (unused silver, unwon heists)
    passes: list = field(default_factory=list)  # setup step 7, per seat: the slot (0/1) of the safe passed, or NO
    # A Robbery or Duel in progress (R13).
    fight: str = ""
    attacker: int = NO
    defender: int = NO
    slot: int = NO  # the robbed slot, 0-based
    revealed: bool = False
    commits: list = field(default_factory=list)  # per seat: the committed card, or NO
    offers: list = field(default_factory=list)  # per seat: the offered Holster card, or NO
    sides: list = field(default_factory=list)  # per seat: the side offered to (ATTACKER/DEFENDER)
    asked: list = field(default_factory=list)  # seats still to ask for a Holster offer, in order
    holsters: list = field(default_factory=list)  # [attacker's, defender's] chosen Holster card, or NO
    rolls: list = field(default_factory=list)  # the last roll's totals, per seat (NO: did not roll)
    # After an action: the seats to refill (R5), and what comes next ("turn" or "heist").
    refills: list = field(default_factory=list)
    then: str = ""
    giver: int = NO  # the holder of a 4th safe who must transfer one (R10)
    peeked: list = field(default_factory=list)  # Stetson Hat: (seat, slot) pairs looked at, flat
    # The badge round (R19).
    called: int = 0  # the last badge number called
    bonus_used: int = 0  # bitmask of badge numbers whose steal bonus is used
    queue: list = field(default_factory=list)  # seats owed a steal-bonus turn, in order
    optional: bool = False  # this turn may be declined (a badge or bonus turn)
    claimed: int = 0  # bitmask of seats that made a claim during this turn
    claims: list = field(default_factory=list)  # every claim: [seat, subject, slot, content], flat
    claim_times: list = field(default_factory=list)  # per claim: [turns, round] when it was made, flat
    # Final scoring and showdowns (R21, R22).
    gold: list = field(default_factory=list)  # per seat
    mysteries: list = field(default_factory=list)  # pending Gold Rush / Fool's Gold: [seat, safe], flat
    showdowns: list = field(default_factory=list)  # establishments still to hold a showdown
    alive: list = field(default_factory=list)  # survivors of the current showdown, in seat order
    wounds: list = field(default_factory=list)  # per seat: 0 healthy, 1 wounded, 2 eliminated
    used: list = field(default_factory=list)  # per seat: showdown cards used, face up
    winners: list = field(default_factory=list)

    def copy(self) -> State:
        c = State.__new__(State)
        d = dict(self.__dict__)
        for key in self.LISTS:
            d[key] = d[key][:]
        for key in self.NESTED:
            d[key] = [x[:] for x in d[key]]
        d["options"] = self.options
        d["rng"] = self.rng.copy()
        c.__dict__.update(d)
        return c
