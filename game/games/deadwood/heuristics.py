"""The team picture and the value of a position for one seat (spec §13, "Heuristic evaluation").

`Picture` holds, per seat, the expected gold, badges and Showdown Gun dice of its row (from belief.py, or
the truth of a sampled state), every star's establishment and the seat's hand. Its `utility(seat)` is

    P(the seat's team wins the scoring) × P(the seat survives its showdown) + a little for badges,

with team gold uncertain by the turns still to come (a logistic of the gold gap) and the small-team
tie-break counted as a fraction of a gold; the showdown share weighs each member's dice: Showdown Guns and
the mean of the hand held (which counts the more, the later it is: it becomes the showdown arsenal).
Decisions are scored by how they change this utility (heuristics of ai.py).
"""

from __future__ import annotations

import math
from functools import cache

from . import belief
from .deck import normal_rounds, tables
from .fights import win_probability

AVERAGE_GUN = sum(belief.gun_means()[g] for g in tables()[1]) / len(tables()[1])  # 2.74: a refilled card
SMALL_TEAM = 0.5  # gold: what one member fewer is worth at equal gold (tie-break, §7)
SHOWDOWN_SLOPE = 0.9  # per point of dice mean, in the showdown share's softmax
BADGE = 0.02  # a badge's tempo in the badge round

# fights.heist_win_against_deck(gun, k) for k = 1..8 opponents (rounded; a test checks it): exact, but its
# first computation takes seconds at k = 7 or 8, too long to keep a person waiting at a 9-player Heist.
HEIST_ODDS = (
    (0.3398, 0.1768, 0.1100, 0.0745, 0.0528, 0.0384, 0.0285, 0.0214),
    (0.4794, 0.2668, 0.1643, 0.1082, 0.0747, 0.0534, 0.0391, 0.0292),
    (0.5282, 0.4249, 0.3701, 0.3317, 0.3018, 0.2773, 0.2565, 0.2387),
    (0.6249, 0.4269, 0.3129, 0.2416, 0.1938, 0.1597, 0.1343, 0.1145),
    (0.7014, 0.5544, 0.4640, 0.4013, 0.3548, 0.3189, 0.2904, 0.2671),
)


def gun(card: int) -> int:
    return tables()[1][card]


def mean(card: int) -> float:
    return belief.gun_means()[gun(card)]


@cache
def defender_mix() -> tuple:
    """The gun a defender is taken to hold: the better of two cards drawn from the deck's mix (a defender
    usually has a choice). Per gun index, its probability."""
    guns = tables()[1]
    mix = [guns.count(g) / len(guns) for g in range(5)]
    below = [sum(mix[:g]) for g in range(5)]
    return tuple(mix[g] * (2 * below[g] + mix[g]) for g in range(5))


@cache
def win_against_defence(mine: tuple) -> float:
    """Exact odds of `mine` (gun dice) in a one-on-one fight, averaged over a defender's likely gun."""
    return sum(p * float(win_probability(mine, (g,))) for g, p in enumerate(defender_mix()))


def heist_odds(g: int, k: int) -> float:
    """The chance that gun g wins a Heist against k opponents holding guns from the deck's mix."""
    return HEIST_ODDS[g][k - 1] if k else 1.0


def persistence(s) -> float:
    """How likely the hand held now is the showdown arsenal: small early, large in the badge round."""
    last = normal_rounds(s.players)
    if s.round > last:
        return 0.8
    if s.round == last:
        return 0.45
    return 0.12


def turns_left(s) -> int:
    last = normal_rounds(s.players)
    if s.round > last:
        return 2
    return max(0, (last - s.round) * s.players + s.players - s.step) + 3


class Picture:
    __slots__ = ("players", "est", "gold", "badges", "dice", "hand", "seat", "persist", "sigma", "rows", "_chances")

    def __init__(self, s, seat: int, rows: list):
        self.players = s.players
        self.seat = seat
        self.rows = rows
        self.est = list(s.est)
        self.gold = [sum(f[0] for f in row) for row in rows]
        self.badges = [sum(f[1] for f in row) for row in rows]
        self.dice = [sum(f[2] for f in row) for row in rows]
        self.hand = [mean(c) for c in s.hands[seat]]
        self.persist = persistence(s)
        self.sigma = 1.2 + 0.35 * math.sqrt(turns_left(s))
        self._chances = None  # (key, team_chances()): the last answer and what it was computed from

    def copy(self) -> Picture:
        c = Picture.__new__(Picture)
        c.players, c.seat, c.rows, c.persist, c.sigma = self.players, self.seat, self.rows, self.persist, self.sigma
        c.est, c.gold, c.badges, c.dice, c.hand = self.est[:], self.gold[:], self.badges[:], self.dice[:], self.hand[:]
        c._chances = self._chances  # kept with its key: still right until the copy's stars or gold move
        return c

    # -- moves on the picture ---------------------------------------------------------------------------

    def move_safe(self, src: int, k: int, dst: int) -> None:
        f = self.rows[src][k]
        self.gold[src] -= f[0]
        self.badges[src] -= f[1]
        self.dice[src] -= f[2]
        self.gold[dst] += f[0]
        self.badges[dst] += f[1]
        self.dice[dst] += f[2]

    def move_features(self, f: tuple, src: int, dst: int) -> None:
        for vec, i in ((self.gold, 0), (self.badges, 1), (self.dice, 2)):
            vec[src] -= f[i]
            vec[dst] += f[i]

    # -- values -----------------------------------------------------------------------------------------

    def team_chances(self) -> tuple:
        """Per establishment: the chance its team wins the scoring (0 for an empty one). A decision asks
        this of the same picture many times (once per action and outcome), so the last answer is kept with
        the stars' places, gold and spread it was computed from, and reused only while those are the same:
        the moves and the copies above change them in place."""
        key = (tuple(self.est), tuple(self.gold), self.sigma)
        if self._chances is not None and self._chances[0] == key:
            return self._chances[1]
        gold = [0.0, 0.0, 0.0]
        members = [0, 0, 0]
        for p, e in enumerate(self.est):
            gold[e] += self.gold[p]
            members[e] += 1
        scores = [gold[e] - SMALL_TEAM * members[e] for e in range(3)]
        top = max([scores[e] for e in range(3) if members[e]])
        scale = 1.7 / self.sigma
        exps = [math.exp(scale * (scores[e] - top)) if members[e] else 0.0 for e in range(3)]
        total = exps[0] + exps[1] + exps[2]
        chances = (exps[0] / total, exps[1] / total, exps[2] / total)
        self._chances = (key, chances)
        return chances

    def hand_strength(self, hand: list | None = None) -> float:
        hand = self.hand if hand is None else hand
        held = sum(hand) / len(hand) if hand else AVERAGE_GUN
        return self.persist * held + (1 - self.persist) * AVERAGE_GUN

    def showdown_share(self, seat: int, hand_strength: float | None = None) -> float:
        here = self.est[seat]
        mine = self.hand_strength() if hand_strength is None else hand_strength
        total = 0.0
        for p, e in enumerate(self.est):
            if e == here and p != seat:
                total += math.exp(SHOWDOWN_SLOPE * (self.dice[p] + AVERAGE_GUN - self.dice[seat] - mine))
        return 1.0 / (1.0 + total)

    def utility(self, seat: int | None = None, hand_strength: float | None = None) -> float:
        seat = self.seat if seat is None else seat
        chance = self.team_chances()[self.est[seat]]
        return chance * self.showdown_share(seat, hand_strength) + BADGE * self.badges[seat]


def picture(s, seat: int, claims: bool = True, doubt: bool = False) -> Picture:
    """The seat's team picture; with `doubt`, team gold is as uncertain as the safes it has not seen make
    it (see doubtful_sigma), not only by the turns to come."""
    pic = Picture(s, seat, belief.slots(s, seat, claims))
    if doubt:
        pic.sigma = doubtful_sigma(s, seat, pic.sigma)
    return pic


UNSEEN_VARIANCE = 2.54  # of an unseen safe's gold in the normal set: E[g²] − E[g]² = 99/21 − (31/21)²


def doubtful_sigma(s, seat: int, sigma: float) -> float:
    """The spread of a gap in team gold when the seat's unknown slots count too: each slot it does not
    track adds an unseen safe's variance, and a gap between two teams holds two thirds of the slots."""
    unknown = sum(1 for p in range(s.players) for k in range(len(s.rows[p])) if not s.trk[p][k] >> seat & 1)
    return math.sqrt(sigma * sigma + UNSEEN_VARIANCE * unknown * 2 / 3)


def hand_after(pic: Picture, spent: list) -> float:
    """The hand strength after using the cards `spent` (gun means), each refilled by an average card."""
    hand = list(pic.hand)
    for m in spent:
        if m in hand:
            hand.remove(m)
            hand.append(AVERAGE_GUN)
    return pic.hand_strength(hand)


def others_with_cards(s, seat: int) -> int:
    return sum(1 for p in range(s.players) if p != seat and s.hands[p])


def fewest_receiver(s, giver: int) -> int:
    counts = [len(row) if p != giver else 99 for p, row in enumerate(s.rows)]
    return counts.index(min(counts))


def full_rows(s) -> bool:
    """The three-safe limit still applies (R10)."""
    return s.round <= normal_rounds(s.players)
