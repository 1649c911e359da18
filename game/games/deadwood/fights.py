"""Robbery and Duel (R13–R17, §6.2, §6.3, §6.7): the secret fight cards (D3, D4), the Holster window (D5,
D6), the dice and the outcome; and the exact odds by enumerating die faces (§3.3), which the table's odds
assist and the AI share.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from itertools import product
from math import comb, factorial

from ...core import events as common
from ...core.events import Event
from . import knowledge, places
from .deck import COMMIT_IDS, HAND_IDS, OFFER_IDS, ROW_IDS, commit_from_hand, discard_from, return_to_hand, tables
from .state import ATTACKER, DEFEND, DEFENDER, DESTINATION, NO, OFFER, ROB

UNSET = -2  # a fighter has not yet answered the Holster offers made to them


# -- odds -------------------------------------------------------------------------------------------------

@cache
def totals(dice: tuple) -> dict:
    """How many of the 6^k face combinations of `dice` (gun indexes) give each total."""
    faces = tables()[3]
    out: dict = {}
    for combo in product(*(faces[g] for g in dice)):
        t = sum(combo)
        out[t] = out.get(t, 0) + 1
    return out


@cache
def counts(dice_a: tuple, dice_b: tuple) -> tuple[int, int, int]:
    """One roll of side A's dice against side B's: (wins, ties, losses) of A over all face combinations."""
    a, b = totals(tuple(sorted(dice_a))), totals(tuple(sorted(dice_b)))
    win = tie = loss = 0
    for ta, na in a.items():
        for tb, nb in b.items():
            if ta > tb:
                win += na * nb
            elif ta == tb:
                tie += na * nb
            else:
                loss += na * nb
    return win, tie, loss


def win_probability(dice_a: tuple, dice_b: tuple) -> Fraction:
    """A's exact chance to win a fight in which ties are rerolled until decided: W / (W + L)."""
    win, _, loss = counts(tuple(dice_a), tuple(dice_b))
    return Fraction(win, win + loss) if win + loss else Fraction(1, 2)


@cache
def _below_and_at(g: int) -> tuple:
    """Per value 0..12 of the other die: P(gun g's die shows less), P(it shows exactly that)."""
    faces = tables()[3][g]
    return tuple((sum(f < v for f in faces) / 6, faces.count(v) / 6) for v in range(13))


@cache
def heist_win(mine: int, others: tuple) -> float:
    """R18: the chance that gun `mine` wins a Heist against opponents holding `others` guns (counts per gun
    type), the tied top rerolling until one is highest. One roll of my die: every opponent below it, or
    some tied with it (they and I roll again) and the rest below."""
    faces = tables()[3][mine]
    again = 0.0  # everyone tied again: the same contest
    total = 0.0
    for v in faces:
        odds = [_below_and_at(g)[v] for g in range(len(others))]
        for tied in _sub_counts(others):
            p = 1.0 / 6
            for g, (count, j) in enumerate(zip(others, tied, strict=True)):
                below, at = odds[g]
                p *= comb(count, j) * at ** j * below ** (count - j)
            if not p:
                continue
            if tied == others and any(tied):
                again += p
            elif any(tied):
                total += p * heist_win(mine, tied)
            else:
                total += p
    return total / (1 - again) if again < 1 else 1 / (1 + sum(others))


@cache
def heist_win_against_deck(mine: int, k: int) -> float:
    """§13: the chance to win a Heist against k opponents, each holding a gun drawn independently from the
    deck's mix of guns."""
    gun = tables()[1]
    mix = [gun.count(g) / len(gun) for g in range(len(tables()[3]))]
    total = 0.0
    for counts in _compositions(k, len(mix)):
        p = factorial(k)
        for share, c in zip(mix, counts, strict=True):
            p *= share ** c / factorial(c)
        total += p * heist_win(mine, counts)
    return total


@cache
def volley_hit(mine: tuple, others: tuple) -> float:
    """R22.3: the chance that a survivor rolling `mine` (gun indexes: card and Showdown Guns) is the one hit
    in a volley against survivors rolling each of `others` (a sorted tuple of such tuples), the tied lowest
    rerolling until one is lowest; when the tied roll no dice at all, one of them is chosen at random (H29)."""
    players = (mine,) + others
    dists = [totals(tuple(sorted(d))) if d else {0: 1} for d in players]
    weight = 1
    for d in players:
        weight *= 6 ** len(d)
    hit = again = 0.0
    for combo in product(*(d.items() for d in dists)):
        values = [v for v, _ in combo]
        low = min(values)
        if values[0] != low:
            continue
        w = 1.0
        for _, count in combo:
            w *= count
        w /= weight
        tied = [i for i, v in enumerate(values) if v == low]
        if len(tied) == 1:
            hit += w
        elif len(tied) == len(players):
            again += w
        else:
            hit += w * volley_hit(mine, tuple(sorted(players[i] for i in tied[1:])))
    return hit / (1 - again) if again < 1 else 1 / len(players)


@cache
def volley_hit_against_deck(mine: int, k: int) -> float:
    """§13: the chance to be hit in a volley against k survivors whose single card guns are drawn
    independently from the deck's mix (no Showdown Guns)."""
    gun = tables()[1]
    guns = range(len(tables()[3]))
    total = 0.0
    for picks in product(guns, repeat=k):
        p = 1.0
        for g in picks:
            p *= gun.count(g) / len(gun)
        total += p * volley_hit((mine,), tuple(sorted((g,) for g in picks)))
    return total


def _sub_counts(counts: tuple):
    return product(*(range(c + 1) for c in counts))


def _compositions(k: int, parts: int):
    if parts == 1:
        yield (k,)
        return
    for first in range(k + 1):
        for rest in _compositions(k - first, parts - 1):
            yield (first,) + rest


def side_dice(s, side: int) -> tuple:
    """The guns one side of the current fight rolls: its card, plus its chosen Holster (R13.5)."""
    gun = tables()[1]
    card = s.commits[s.attacker if side == ATTACKER else s.defender]
    out = [gun[card]] if card != NO else []
    holster = s.holsters[side] if s.holsters else NO
    if holster >= 0:
        out.append(gun[holster])
    return tuple(out)


def roll(s, seat: int, dice: tuple, why: str, events: list) -> int:
    """R17: one face of each die, a total; a common `dice_rolled` event."""
    faces = tables()[3]
    got = tuple(faces[g][s.rng.below(6)] for g in dice)
    events.append(common.dice_rolled(seat, tuple(gun_id(g) for g in dice), got, why))
    return sum(got)


@cache
def gun_id(g: int) -> str:
    from .cards import data
    return data().guns[g].id


# -- the fight ----------------------------------------------------------------------------------------------

def declare(s, seat: int, kind: str, card: int, target: int, slot: int, events: list) -> bool:
    """D3: kind and target public, the card committed face down. Returns True when the fight is already
    decided (a defender without cards loses at once, H12)."""
    s.fight, s.attacker, s.defender, s.slot = kind, seat, target, slot
    commit_from_hand(s, seat, card, events)
    s.revealed = False
    s.holsters = [UNSET, UNSET]
    events.append(Event("declared", (("seat", seat), ("fight", kind), ("target", target),
                                     ("slot", slot + 1 if kind == ROB else 0))))
    if not s.hands[target]:
        events.append(Event("undefended", (("seat", target),)))
        return True
    s.phase = DEFEND
    return False


def defend(s, seat: int, card: int, events: list) -> None:
    """D4, then the reveal (R13.3) and the Holster window (R16): every other seat holding a card is asked in
    turn order from the attacker's left (asking only Holster holders would tell who holds one)."""
    commit_from_hand(s, seat, card, events)
    ids = tables()[0]
    for who in (s.attacker, s.defender):
        events.append(common.revealed((ids[s.commits[who]],), COMMIT_IDS[who], None, "fight", seat=who))
    s.revealed = True
    n = s.players
    s.asked = [p for p in ((s.attacker + i) % n for i in range(1, n))
               if p != s.defender and s.hands[p]]
    s.phase = OFFER



def offer(s, seat: int, card: int, side: int, events: list) -> None:
    """D5: one Holster card (or none) offered publicly to one side."""
    s.asked.pop(0)
    if card == NO:
        events.append(Event("no_offer", (("seat", seat),)))
        return
    s.hands[seat].remove(card)
    s.shown &= ~(1 << card)
    s.offers[seat] = card
    s.sides[seat] = side
    events.append(common.moved(tables()[0][card], HAND_IDS[seat], OFFER_IDS[seat], common.UP, "offer", seat=seat,
                               side=side))


def offers_to(s, side: int) -> list:
    """The seats whose Holster was offered to `side`, in turn order from the attacker's left."""
    n = s.players
    return [p for p in ((s.attacker + i) % n for i in range(1, n)) if s.offers[p] != NO and s.sides[p] == side]


def chooser(s) -> int:
    """D6: the side still to answer the offers made to it (attacker first), or NO when both have."""
    for side in (ATTACKER, DEFENDER):
        if s.holsters[side] == UNSET:
            if offers_to(s, side):
                return side
            s.holsters[side] = NO
    return NO


def accept(s, side: int, owner: int, events: list) -> None:
    """D6: the fighter takes the Holster offered by `owner` (NO: none)."""
    s.holsters[side] = s.offers[owner] if owner != NO else NO
    fighter = s.attacker if side == ATTACKER else s.defender
    events.append(Event("accepted", (("seat", fighter), ("owner", owner))))


def shoot(s, events: list) -> int:
    """R13.5–6: both sides roll, rerolling every die on a tie. Returns the winning side."""
    dice_a, dice_d = side_dice(s, ATTACKER), side_dice(s, DEFENDER)
    while True:
        a = roll(s, s.attacker, dice_a, "fight", events)
        d = roll(s, s.defender, dice_d, "fight", events)
        if a != d:
            return ATTACKER if a > d else DEFENDER


def clear_table(s, events: list) -> list:
    """R13.7, R16.3: the fight cards and the chosen Holsters to the discard pile (attacker's, defender's,
    Holster), unchosen offers back to their owners' hands. Returns the seats that used a card."""
    used = [s.attacker]
    discard_from(s, s.attacker, s.commits[s.attacker], COMMIT_IDS[s.attacker], "fight", events)
    s.commits[s.attacker] = NO
    if s.commits[s.defender] != NO:
        discard_from(s, s.defender, s.commits[s.defender], COMMIT_IDS[s.defender], "fight", events)
        s.commits[s.defender] = NO
        used.append(s.defender)
    chosen = [h for h in s.holsters if h >= 0]
    for p in range(s.players):
        card = s.offers[p]
        if card == NO:
            continue
        if card in chosen:
            discard_from(s, p, card, OFFER_IDS[p], "holster", events)
            used.append(p)
        else:
            return_to_hand(s, p, card, OFFER_IDS[p], "returned", events)
        s.offers[p] = NO
    return used


def rob_result(s, events: list) -> int:
    """R14, R9(a): the robber takes the safe and shuffles their row. Returns the safe."""
    a, d, k = s.attacker, s.defender, s.slot
    safe, trackers = knowledge.leave(s, d, k)
    knowers = trackers | 1 << a
    # Named to the robber alone: after the shuffle nobody else can tell which slot it is in.
    events.append(common.moved(safe_id(safe), ROW_IDS[d], ROW_IDS[a], common.DOWN, "rob", visible_to=(a,),
                               seat=a, slot=k + 1))
    knowledge.enter_shuffled(s, a, safe, knowers)
    events.append(common.shuffled(ROW_IDS[a], "won", seat=a))
    return safe


def duel_result(s, events: list) -> bool:
    """R15: a swap, or a same-establishment target moved; True when the attacker must choose where (D7)."""
    a, d = s.attacker, s.defender
    if s.est[a] != s.est[d]:
        here, there = s.est[a], s.est[d]
        places.move(s, a, there, "duel", events)
        places.move(s, d, here, "duel", events)
        return False
    dests = places.destinations(s, d)
    if len(dests) == 1:
        places.move(s, d, dests[0], "duel", events)
        return False
    s.phase = DESTINATION
    return True


def end_fight(s) -> None:
    s.fight = ""
    s.attacker = s.defender = s.slot = NO
    s.revealed = False
    s.holsters = []
    s.asked = []



@cache
def safe_id(safe: int) -> str:
    from .cards import data
    return data().safes[safe].id


def _seats(mask: int) -> tuple:
    out = []
    p = 0
    while mask:
        if mask & 1:
            out.append(p)
        mask >>= 1
        p += 1
    return tuple(out)

