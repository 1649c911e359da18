"""Flight strength (§5.6), special flights (§5.7) and the gambit's candidates (R43): pure reads of a state."""

from __future__ import annotations

from .cards import COLOURS, EVIL, GOOD, table


def current(s, seat: int) -> int:
    """R25: the sum of the printed strengths."""
    strength = table().strength
    return sum(strength[c] for c in s.flights[seat])


def scoring(s, seat: int) -> int:
    """R26: marked Dragonriders count as the weakest dragon of their flight; +2 per evil dragon per Dracolich."""
    t = table()
    flight = s.flights[seat]
    total = 0
    for c in flight:
        if t.effect[c] == "dragonrider" and c in s.marks:
            total += min((t.strength[d] for d in flight if t.dragon[d]), default=0)
        else:
            total += t.strength[c]
    if s.dracolich[seat]:
        total += 2 * s.dracolich[seat] * sum(1 for c in flight if t.dragon[c] and t.align[c] == EVIL)
    return total


MORTALS = len(COLOURS)  # the Mortals' group, after the ten colours (H1)
WILD = tuple(range(len(COLOURS) + 1))  # a marked Wyrmpriest: every colour, and still a Mortal


def groups_of(s, card: int) -> tuple:
    """R28: the colour groups (and the Mortal group) a card counts in."""
    t = table()
    if t.effect[card] == "wyrmpriest" and card in s.marks:
        return WILD
    return t.groups[card]


def colour_reward(s, seat: int) -> int:
    """R28, H22, H23: the largest G over the flight's complete groups (3+ of a colour, or 3+ Mortals); 0 if
    none. G is the group's second-highest current strength."""
    flight = s.flights[seat]
    if len(flight) < 3:
        return 0
    t = table()
    strength, groups = t.strength, t.groups
    marks = s.marks
    members: dict = {}
    for c in flight:
        for g in (groups_of(s, c) if marks and c in marks else groups[c]):
            members.setdefault(g, []).append(strength[c])
    best = 0
    for values in members.values():
        if len(values) >= 3:
            values.sort()
            best = max(best, values[-2])
    return best


def strength_reward(s, seat: int, at_scoring: bool = False) -> int:
    """R29: the highest strength held by 3+ cards of the flight (current, or scoring strengths), or 0."""
    flight = s.flights[seat]
    if len(flight) < 3:
        return 0
    t = table()
    if at_scoring:
        weakest = min((t.strength[d] for d in flight if t.dragon[d]), default=0)
        values = [weakest if t.effect[c] == "dragonrider" and c in s.marks else t.strength[c] for c in flight]
    else:
        strength = t.strength
        values = [strength[c] for c in flight]
    best = 0
    for v in values:
        if v > best and values.count(v) >= 3:
            best = v
    return best


def barred(s, seat: int) -> bool:
    """R43: Bahamut with an evil dragon, or Tiamat with a good dragon, in one flight."""
    t = table()
    flight = s.flights[seat]
    gods = [c for c in flight if t.god[c]]
    if not gods:
        return False
    for god in gods:
        other = EVIL if t.align[god] == GOOD else GOOD
        if any(t.dragon[c] and t.align[c] == other for c in flight):
            return True
    return False


def candidates(s) -> list[int]:
    """R43 with H7: the non-barred seats with the best scoring strength (the lowest under the Druid)."""
    seats = range(s.players)
    free = [seat for seat in seats if not barred(s, seat)] or list(seats)
    scores = {seat: scoring(s, seat) for seat in free}
    best = min(scores.values()) if s.druid else max(scores.values())
    return [seat for seat in free if scores[seat] == best]


def next_leader(s) -> int:
    """R38: the highest strength that exactly one present round card has leads; otherwise the same leader."""
    strength = table().strength
    values = [strength[c] for c in s.round_cards if c >= 0]
    unique = [v for v in values if values.count(v) == 1]
    if not unique:
        return s.leader
    top = max(unique)
    return next(seat for seat, c in enumerate(s.round_cards) if c >= 0 and strength[c] == top)


def good_dragons(s, seat: int) -> int:
    t = table()
    return sum(1 for c in s.flights[seat] if t.dragon[c] and t.align[c] == GOOD)


def mixed(s, seat: int) -> bool:
    """Both a good and an evil dragon in the flight (Bahamut's power, the Queen)."""
    t = table()
    aligns = {t.align[c] for c in s.flights[seat] if t.dragon[c]}
    return GOOD in aligns and EVIL in aligns
