"""Get Lucky bots (spec §13): the Normal heuristic, a casual Easy one, the evaluation Hard's search uses.

All of them read a determinized state (game.ai.bot.SeatInfo): other hands are a random re-deal of the
unseen pool, so the heuristics only count on what is public or their own.
"""

from __future__ import annotations

import math

from ...ai.bot import PolicyBot
from ...ai.ismcts import Ismcts
from .cards import deck
from .rules import luck_held, next_step, strength, tables
from .state import NO

WEIGHTS = (1, 2, 3, 4)


def steps_to(state, number: int) -> int:
    """How many of Doctor Lucky's end-of-turn steps until he reaches `number` (0: he is there)."""
    here, steps = state.lucky, 0
    while here != number and steps < 16:
        here = next_step(state, here)
        steps += 1
    return steps


def unseen_defence(state, seat: int) -> float:
    """Expected Luck defence in the other hands, from the unseen pool's make-up (public plus own cards)."""
    kind, _, defence, _ = tables()
    pool = [c for other in range(state.players) if other != seat for c in state.hands[other]] + state.deck
    if not pool:
        return 0.0
    others = sum(len(state.hands[o]) for o in range(state.players) if o != seat)
    total = sum(defence[c] for c in pool if kind[c] == 4)
    return total * others / len(pool)


def _luck_cards(state, seat: int) -> int:
    return sum(luck_held(state, seat))


def _action_value(state, seat: int, act) -> float:
    kind, names, _, _ = tables()
    k = act.kind
    luck = _luck_cards(state, seat)
    if k == "pass":
        return 0.0
    if k == "attract":
        target = act["target"]
        margin = strength(state, target) + luck - unseen_defence(state, seat) * 0.8
        return 1.5 + margin if margin > 0 else -1.0
    if k == "wmo":
        card = deck().card(act["card"]).index
        host = act["host"]
        bonus = 2 if names[card] == host else 1
        return bonus * (1.0 + 2.0 / (1 + steps_to(state, host)))
    if k == "take":
        x, y = act["take"], act.get("give")
        value = 0.5 + 3.0 / (1 + steps_to(state, x))
        if state.lucky == x:
            value += 1.0 + luck  # an attempt this very turn
        held = [c for c in state.hands[seat] if kind[c] < 3 and names[c] == x]
        value += 0.8 * len(held)  # cards in hand that would match it
        if y is not None:
            value -= 1.5 * sum(1 for c in state.attached[y] if c != NO) + strength(state, y) * 0.5
        return value - 1.0
    return 0.0


def _stop_vector(held: list[int], needed: int) -> tuple | None:
    """The cheapest choice of Luck (fewest cards, then least spare defence) that takes away `needed`."""
    best = None
    for a in range(held[0] + 1):
        for b in range(held[1] + 1):
            for c in range(held[2] + 1):
                for d in range(held[3] + 1):
                    total = a + 2 * b + 3 * c + 4 * d
                    if total < needed:
                        continue
                    key = (a + b + c + d, total)
                    if best is None or key < best[0]:
                        best = (key, (a, b, c, d))
    return best[1] if best else None


def normal_policy(rules, state, seat, legal, rng, eager: float = 1.5):
    if len(legal) == 1:
        return legal[0]
    kinds = {a.kind for a in legal}
    if "defend" in kinds:
        held = luck_held(state, seat)
        vector = _stop_vector(held, state.strength)
        last = len(state.defenders) == 1
        later_capacity = unseen_defence(state, seat) * (len(state.defenders) - 1) / max(1, state.players - 1)
        if vector is not None and (last or later_capacity < state.strength * eager or sum(vector) <= 1):
            return next(a for a in legal if a["luck"] == vector)
        return legal[0]  # pass
    if "attempt" in kinds:
        luck = luck_held(state, seat)
        base = strength(state, state.lucky)
        if base + sum(luck) > unseen_defence(state, seat) * 0.9:
            return next(a for a in legal if a.kind == "attempt" and a["luck"] == tuple(luck))
        return next(a for a in legal if a.kind == "attempt" and not any(a["luck"]))
    return max(legal, key=lambda a: (_action_value(state, seat, a), -legal.index(a)))


def easy_policy(rules, state, seat, legal, rng):
    if len(legal) == 1:
        return legal[0]
    kinds = {a.kind for a in legal}
    if "defend" in kinds:
        if len(state.defenders) == 1:
            vector = _stop_vector(luck_held(state, seat), state.strength)
            if vector is not None:
                return next(a for a in legal if a["luck"] == vector)
        return legal[0]
    if "attempt" in kinds:
        return next(a for a in legal if a.kind == "attempt" and not any(a["luck"]))
    plays = [a for a in legal if a.kind == "wmo"]
    if plays and rng.random() < 0.7:
        return plays[rng.below(len(plays))]
    return legal[rng.below(len(legal))]


def evaluate(rules, state) -> list[float]:
    """Chances to win, estimated: exact at the end; otherwise a softmax of each seat's threat (its best
    attacker's strength with its Luck, discounted by how far Doctor Lucky is) and its defence in hand."""
    n = state.players
    if state.phase == "over":
        if state.drawn:
            return [1.0 / n] * n
        return [1.0 if s == state.winner else 0.0 for s in range(n)]
    scores = []
    for seat in range(n):
        luck = luck_held(state, seat)
        attack = max((strength(state, c) + sum(luck)) / (1 + steps_to(state, c)) for c in state.areas[seat])
        defence = sum(w * k for w, k in zip(WEIGHTS, luck, strict=True))
        # The seat about to play acts first: it may Attract Doctor Lucky or arm the character he nears.
        tempo = 0.6 if seat == state.current else 0.0
        scores.append(0.8 * attack + 0.25 * defence + 0.05 * len(state.hands[seat]) + tempo)
    top = max(scores)
    exps = [math.exp(1.2 * (x - top)) for x in scores]
    total = sum(exps)
    return [e / total for e in exps]


def _hard(budget: float = 1.0, iterations: int | None = None, **_):
    # The end-of-turn evaluation is too rough to choose among actions (searched actions lost to Normal), so
    # Hard searches the tactical decisions, the attempt and each defence, and plays Normal's actions.
    return Ismcts(normal_policy, evaluate, budget=budget, iterations=iterations,
                  search_kinds={"attempt", "defend"})


BOTS = {
    "easy": lambda **_: PolicyBot("easy", easy_policy),
    "normal": lambda **_: PolicyBot("normal", normal_policy),
    "hard": _hard,
}
