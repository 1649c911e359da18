"""Exact Bayesian inference on a held fate (spec §13.2), shared by the elimination assist and the AI.

The engine records, per position, the public evidence on the fate it holds (its "clues", reset when the
hand empties). A clue is a plain JSON list:

- ["play", cards, counts, p, slot, loads, score, doom]: the position played value p on `slot` (0 = via The
  Hours) with the row's four card numbers `cards` (NO for an empty slot), the visible count of each value
  1–7 before the placement, the loads of slots 1–4 before it, and the score and doom then. A play on a
  position that already had clues continues a carried chain (E2); otherwise it is a fresh turn (E1).
- ["known", v, c]: a token of value v became known from somewhere else while c copies of v were unknown (E4).
- ["test", kind, arg, answer]: hard evidence on the held value h (E3): kind "gt" (h > arg), "in" (h in
  the tuple arg), "ne" (h != arg).
- ["old", answer]: Old? said whether the played token was the carried one.

`posterior` folds the clues with a likelihood model λ: the literal one here (λ0, what the cards say), or a
pragmatic one from the AI. Weights are over values 1–7 (list index 0–6) and unnormalised.
"""

from __future__ import annotations

from functools import cache

from .cards import allowed, tables
from .state import NO

VALUES = tuple(range(1, 8))


def seen_mask(counts) -> int:
    """The visible values as a 7-bit mask (bit v-1), for The Prophet and The Rider."""
    mask = 0
    for i, n in enumerate(counts):
        if n:
            mask |= 1 << i
    return mask


@cache
def legal_set(cards: tuple, seen: int, a: int, b: int) -> tuple:
    """The legal (slot, value) plays on slots 1–4 for the hand {a, b} (b = 0: one fate), R10."""
    conditions = tables()[0]
    out = []
    for i, card in enumerate(cards):
        if card != NO:
            for v in allowed(conditions[card], a, b, seen):
                out.append((i + 1, v))
    return tuple(out)


def plays_for(cards: tuple, seen: int, a: int, b: int) -> tuple:
    """Every play open to the hand {a, b}: the legal set, or The Hours with either value when it is empty."""
    found = legal_set(cards, seen, a, b)
    if found:
        return found
    return ((0, a),) if a == b else ((0, a), (0, b))


@cache
def _literal(cards: tuple, seen: int, p: int, slot: int) -> tuple:
    out = []
    for x in VALUES:
        plays = plays_for(cards, seen, min(p, x), max(p, x))
        out.append(1.0 / len(plays) if (slot, p) in plays else 0.0)
    return tuple(out)


def literal(clue, beta_prev=None) -> tuple:
    """λ0(k, p | {p, x}) for each x: 1/|plays| when the play was open to the hand {p, x}, else 0."""
    return _literal(tuple(clue[1]), seen_mask(clue[2]), clue[3], clue[4])


def unknown(counts) -> list:
    """c_v: copies of each value not visible in the row."""
    return [3 - n for n in counts]


def play_step(beta_prev, c: list, p: int, lam) -> tuple:
    """The weights after a play of p (E1 fresh when beta_prev is None, else E2) as (A, B): A the worlds in
    which the old fate was played (the new one is kept), B those in which the old one is kept. A fresh
    turn has no such split: everything is in A and B is None."""
    pi = p - 1
    cp = c[pi]
    if beta_prev is None:
        a = [2.0 * cp * c[i] * lam[i] if i != pi else cp * (cp - 1) * lam[i] for i in range(7)]
        return a, None
    bp = beta_prev[pi]
    a = [bp * c[i] * lam[i] for i in range(7)]
    b = [beta_prev[i] * cp * lam[i] for i in range(7)]
    same = bp * (cp - 1) * lam[pi] / 2  # old = new = p: one world, half to each branch
    a[pi] = same
    b[pi] = same
    return a, b


def holds(kind: str, arg, answer, h: int) -> bool:
    if kind == "gt":
        return (h > arg) == answer
    if kind == "in":
        return (h in arg) == answer
    return h != arg  # "ne"


def posterior(clues, lam=literal, own=(), counts=None) -> list | None:
    """The weights on the held fate's value after all clues, or None with no play recorded. `own` are
    values the listener itself holds and `counts` the row's visible counts now: E4 for those tokens is
    applied at the end, which is exact because conditioning on them commutes with the other evidence."""
    a = b = None
    for clue in clues:
        tag = clue[0]
        if tag == "play":
            prev = None if a is None else (a if b is None else [x + y for x, y in zip(a, b, strict=True)])
            a, b = play_step(prev, unknown(clue[2]), clue[3], lam(clue, prev))
        elif a is None:
            continue
        elif tag == "old":
            if b is None:
                continue  # a fresh turn: both fates were drawn this turn, so "new" says nothing (H6)
            if clue[1]:
                b = None
            else:
                a, b = b, None
        else:
            if tag == "known":
                v, c = clue[1], clue[2]
                factors = [c - (h == v) for h in VALUES]
            else:
                factors = [1.0 if holds(clue[1], clue[2], clue[3], h) else 0.0 for h in VALUES]
            a = [x * f for x, f in zip(a, factors, strict=True)]
            if b is not None:
                b = [x * f for x, f in zip(b, factors, strict=True)]
    if a is None:
        return None
    beta = a if b is None else [x + y for x, y in zip(a, b, strict=True)]
    if own:
        c = unknown(counts)
        for v in own:
            beta = [w * max(0, c[v - 1] - (h == v)) for w, h in zip(beta, VALUES, strict=True)]
            c[v - 1] -= 1
    return beta


def normalised(beta) -> list:
    total = sum(beta)
    return [w / total for w in beta] if total > 0 else [1 / 7] * 7


def eliminated(clues) -> list:
    """The values public information rules out (the elimination assist, R40): the zero set of the literal
    posterior from public counts."""
    beta = posterior(clues)
    if beta is None:
        return []
    return [v for v, w in zip(VALUES, beta, strict=True) if w <= 0]
