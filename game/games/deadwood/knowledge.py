"""Who knows which safe (§8): the per-observer flags `content_known` and `slot_tracked`, and every rule
that changes them. Views and AIs read only these.

Kept in two parts of the state: `trk[p][k]`, the seats that know the safe in slot k of p's row *and* track
its slot (the owner always; everyone for a face-up safe), and `unk[o][p]`, the safes seat o knows are
somewhere in p's row without knowing which slot. Who tracks which slot is public (it follows from public
moves: deals, peeks, transfers, shuffles); only the contents are private.
"""

from __future__ import annotations


def everyone(s) -> int:
    return (1 << s.players) - 1


def content_known(s, observer: int, safe: int) -> bool:
    """Whether `observer` knows what `safe` is (in a row; a face-up or flipped heist safe is known to all)."""
    if s.up == safe or s.faceup >> safe & 1:
        return True
    for p, row in enumerate(s.rows):
        if safe in row:
            return bool(s.trk[p][row.index(safe)] >> observer & 1 or s.unk[observer][p] >> safe & 1)
    return False


def slot_tracked(s, observer: int, safe: int) -> bool:
    """Whether `observer` knows which slot holds `safe` (and so what it is)."""
    for p, row in enumerate(s.rows):
        if safe in row:
            return bool(s.trk[p][row.index(safe)] >> observer & 1)
    return False


def leave(s, p: int, k: int) -> tuple[int, int]:
    """Slot k leaves p's row (robbery or transfer); the slots to its right shift left, keeping their
    trackers (R8). No leak through untracked moves: every seat that does not track the leaving slot forgets
    all it knew untracked in that row. Returns the safe and the seats that tracked it."""
    safe = s.rows[p].pop(k)
    trackers = s.trk[p].pop(k)
    for o in range(s.players):
        if not trackers >> o & 1:
            s.unk[o][p] = 0
    return safe, trackers


def enter_shuffled(s, p: int, safe: int, knowers: int) -> None:
    """R9(a): a won safe joins p's row and the row is shuffled. `knowers` saw the safe: they and everyone
    who knew a face-down safe of the row keep its content, untracked; the owner tracks all."""
    row = s.rows[p]
    knew_before = dict(zip(row, s.trk[p], strict=True))
    knew_before[safe] = knowers
    row.append(safe)
    s.rng.shuffle(row)
    owner = 1 << p
    full = everyone(s)
    trk = s.trk[p] = [owner] * len(row)
    for k, x in enumerate(row):
        if s.faceup >> x & 1:
            trk[k] = full
            continue
        knew = knew_before[x] & ~owner
        bit = 1 << x
        o = 0
        while knew:
            if knew & 1:
                s.unk[o][p] |= bit
            knew >>= 1
            o += 1


def append(s, p: int, safe: int, trackers: int) -> None:
    """R9(b): a transferred safe goes to the right end of p's row, tracked by all who tracked it."""
    s.rows[p].append(safe)
    s.trk[p].append(trackers | 1 << p)


def peek(s, observer: int, p: int, k: int) -> int:
    """A Stetson Hat look: the observer now knows and tracks slot k of p's row. Returns the safe."""
    safe = s.rows[p][k]
    s.trk[p][k] |= 1 << observer
    s.unk[observer][p] &= ~(1 << safe)
    return safe


def turn_up(s, p: int, k: int) -> int:
    """A called badge turns face up in its slot: known and tracked by everyone from now on (R20)."""
    safe = s.rows[p][k]
    s.faceup |= 1 << safe
    s.trk[p][k] = everyone(s)
    for o in range(s.players):
        s.unk[o][p] &= ~(1 << safe)
    return safe
