"""What one seat believes about every safe (spec §8, §13), read from its knowledge flags only.

A slot the seat tracks is known. Every other slot of a row holds, at random, one of the safes the seat
knows are "somewhere in this row" (passes, lost safes, safes seen before a shuffle) or else an unseen safe:
one of the pool of safes whose place the seat does not know (unseen rows, the heist stack, the box). Claims
(§6.16) move an untracked slot a little towards what was claimed; lies included, so the weight is small and
a claim never overrides what the seat has seen.

A safe is summarised by three numbers, `Features`: its gold, whether it is a badge, and the mean of its
Showdown Gun's die (0 if none). A slot's belief is the expectation of these.
"""

from __future__ import annotations

from functools import cache

from .deck import safe_tables, tables
from .state import NO

CLAIM_WEIGHT = 0.15  # how far one claim moves an untracked slot towards its content (cheap talk, §13)
CLAIMED = {"badge": (0.0, 1.0, 0.0), "showdown_gun": (0.0, 0.0, 3.2), "nothing": (0.0, 0.0, 0.0),
           "mystery": (0.0, 0.0, 0.0)}
CLAIMED.update({f"gold_{n}": (float(n), 0.0, 0.0) for n in range(1, 6)})


@cache
def gun_means() -> tuple:
    return tuple(sum(f) / 6 for f in tables()[3])


@cache
def features(safe: int) -> tuple:
    """(gold, badge, Showdown Gun die mean) of one safe."""
    _, types, values, effects = safe_tables()
    if types[safe] == "gold":
        return (float(values[safe]), 0.0, 0.0)
    if types[safe] == "badge" or effects[safe] == "mystery_deputy_badge":
        return (0.0, 1.0, 0.0)
    if types[safe] == "showdown_gun":
        return (0.0, 0.0, gun_means()[values[safe]])
    return (0.0, 0.0, 0.0)


@cache
def _table() -> tuple:
    """features() of every safe, by index: slots() reads it at every decision."""
    return tuple(features(x) for x in range(len(safe_tables()[1])))


def _mean(safes: list) -> tuple:
    if not safes:
        return (0.0, 0.0, 0.0)
    table = _table()
    n = len(safes)
    return tuple(sum(table[x][i] for x in safes) / n for i in range(3))


def _bits(mask: int) -> list:
    out, x = [], 0
    while mask:
        if mask & 1:
            out.append(x)
        mask >>= 1
        x += 1
    return out


def slots(s, seat: int, use_claims: bool = True) -> list:
    """Per seat p, per slot k of p's row: the seat's expected Features of that safe."""
    n = s.players
    table = _table()
    bit = 1 << seat
    tracked = [[bool(t & bit) for t in s.trk[p][:len(s.rows[p])]] for p in range(n)]
    fixed = {x for p in range(n) for x, known in zip(s.rows[p], tracked[p], strict=True) if known}
    inside = [_bits(s.unk[seat][p]) for p in range(n)]
    placed = {x for p in range(n) for x in inside[p]}
    known = fixed | placed | set(s.gone) | ({s.up} if s.up != NO else set())
    pool = [x for p in range(n) for x in s.rows[p] if x not in known]
    pool += [x for x in s.heist + s.box if x not in known]
    unseen = _mean(pool)
    out = []
    for p in range(n):
        row = s.rows[p]
        free = tracked[p].count(False)
        if free:
            extra = free - len(inside[p])
            total = [sum(table[x][i] for x in inside[p]) + extra * unseen[i] for i in range(3)]
            guess = tuple(t / free for t in total)
        out.append([table[x] if known else guess for x, known in zip(row, tracked[p], strict=True)])
    if use_claims:
        _claims(s, seat, out)
    return out


def _claims(s, seat: int, out: list) -> None:
    """Each claim about a row moves the slots the seat does not track a little towards the claimed content
    (the named slot, or the row's untracked slots shared out for a claim without a slot)."""
    c = s.claims
    for i in range(0, len(c), 4):
        speaker, subject, slot, content = c[i], c[i + 1], c[i + 2], c[i + 3]
        if speaker == seat or subject >= len(out):
            continue
        row = out[subject]
        free = [k for k in range(len(row)) if not s.trk[subject][k] >> seat & 1]
        if slot:
            free = [k for k in free if k == slot - 1]
        if not free:
            continue
        target = CLAIMED.get(content, (0.0, 0.0, 0.0))
        w = CLAIM_WEIGHT / len(free) if content != "nothing" else CLAIM_WEIGHT
        for k in free:
            row[k] = tuple(a + w * (b - a) for a, b in zip(row[k], target, strict=True))


def omniscient(s) -> list:
    """The true Features of every slot (for scoring a sampled, fully determinized state)."""
    return [[features(x) for x in row] for row in s.rows]
