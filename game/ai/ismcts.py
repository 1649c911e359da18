"""Information-set Monte Carlo tree search (single observer), usable by any game.

Each iteration samples a full state consistent with the searching seat's knowledge, walks the tree
choosing by UCB among the actions legal in *that* sample (counting availability, as ISMCTS requires),
adds one node, then plays the game's heuristic policy until the horizon (the end of the current turn by
default) and scores the position with the game's evaluation, one value in [0, 1] per seat. Each node's
statistics are kept from the point of view of the seat that chose its action.

Forced moves (one legal action) are applied without tree nodes. Decision kinds the game does not list in
`search_kinds` (e.g. a trait draft whose value only shows at the end) are answered by the policy.
"""

from __future__ import annotations

import math
import time

from ..core.rng import Rng
from .bot import SeatInfo


class _Node:
    __slots__ = ("seat", "children", "visits", "avail", "total")

    def __init__(self, seat: int):
        self.seat = seat
        self.children: dict = {}
        self.visits = 0
        self.avail = 0
        self.total = 0.0


class Ismcts:
    name = "hard"

    def __init__(self, policy, evaluate, *, budget: float = 1.0, iterations: int | None = None,
                 search_kinds=None, exploration: float = 0.7, max_rollout: int = 200):
        self.policy = policy  # policy(rules, state, seat, legal, rng) -> Action
        self.evaluate = evaluate  # evaluate(rules, state) -> list of values in [0, 1]
        self.budget = budget
        self.iterations = iterations
        self.search_kinds = search_kinds
        self.c = exploration
        self.max_rollout = max_rollout
        self.last_iterations = 0

    def choose(self, info: SeatInfo, rng: Rng):
        legal = info.legal
        if len(legal) == 1:
            return legal[0]
        rules, seat = info.rules, info.seat
        kinds = {d.kind for d in rules.pending(info.base) if d.seat == seat}
        if self.search_kinds is not None and not kinds & self.search_kinds:
            return self.policy(rules, info.base, seat, legal, rng)
        root = _Node(seat)
        horizon = rules.turn_marker(info.base)
        deadline = time.perf_counter() + self.budget
        iterations = 0
        while True:
            if self.iterations is not None:
                if iterations >= self.iterations:
                    break
            elif iterations >= 8 and time.perf_counter() >= deadline:
                break
            self._iterate(rules, info.sample(rng), seat, root, horizon, rng)
            iterations += 1
        self.last_iterations = iterations
        best = max(legal, key=lambda a: (root.children[a].visits if a in root.children else -1))
        return best

    def _iterate(self, rules, state, seat, root, horizon, rng):
        node, path = root, []
        first = True
        while True:
            pending = rules.pending(state)
            if not pending or (not first and rules.turn_marker(state) != horizon):
                break
            first = False
            # A simultaneous choice: take the seats in a random order; the searcher's own first.
            mine = [d for d in pending if d.seat == seat]
            decision = mine[0] if mine else pending[rng.below(len(pending))]
            legal = rules.legal_actions(state, decision.seat)
            if len(legal) == 1:
                rules.apply(state, legal[0])
                continue
            children = node.children
            for act in legal:
                child = children.get(act)
                if child is not None:
                    child.avail += 1
            untried = [a for a in legal if a not in children]
            if untried:
                act = untried[rng.below(len(untried))]
                child = children[act] = _Node(decision.seat)
                child.avail = 1
                rules.apply(state, act)
                path.append(child)
                break
            act = max(legal, key=lambda a: self._ucb(children[a]))
            rules.apply(state, act)
            node = children[act]
            path.append(node)
        self._rollout(rules, state, horizon, rng)
        values = self.evaluate(rules, state)
        root.visits += 1
        for child in path:
            child.visits += 1
            child.total += values[child.seat]

    def _ucb(self, node: _Node) -> float:
        return node.total / node.visits + self.c * math.sqrt(math.log(max(node.avail, 1)) / node.visits)

    def _rollout(self, rules, state, horizon, rng):
        for _ in range(self.max_rollout):
            pending = rules.pending(state)
            if not pending or rules.turn_marker(state) != horizon:
                return
            decision = pending[rng.below(len(pending))] if len(pending) > 1 else pending[0]
            legal = rules.legal_actions(state, decision.seat)
            act = legal[0] if len(legal) == 1 else self.policy(rules, state, decision.seat, legal, rng)
            rules.apply(state, act)
