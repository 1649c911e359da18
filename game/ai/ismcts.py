"""Information-set Monte Carlo tree search (single observer), usable by any game.

Each round samples a full state consistent with the searching seat's knowledge and tries every root
action on a copy of it (common random numbers: the actions are compared on the same hidden cards, which
removes most of the noise from their difference). Below the root, once a node has been visited
`expand_after` times, it walks the tree choosing by UCB among
the actions legal in *that* sample (counting availability, as ISMCTS requires), adds one node, then plays
the game's heuristic policy until the horizon (by default the end of the current turn; a game may pass its
own `horizon(rules, state)` marker, the search stopping once it changes) and scores the position with
the game's evaluation, one value in [0, 1] per seat. Each node's statistics are kept from the point of
view of the seat that chose its action. The root action with the best mean value is chosen; the search
stops early when the leader is clear of the runner-up by three standard errors. `root_stats()` gives the
last search's (mean, standard error, visits) per root action, for a bot that wants to weigh its confidence.

Forced moves (one legal action) are applied without tree nodes. Decision kinds the game does not list in
`search_kinds` (e.g. a trait draft whose value only shows at the end) are answered by the policy.
"""

from __future__ import annotations

import math
import time

from ..core.rng import Rng
from .bot import SeatInfo


class _Node:
    __slots__ = ("seat", "children", "visits", "avail", "total", "squares")

    def __init__(self, seat: int):
        self.seat = seat
        self.children: dict = {}
        self.visits = 0
        self.avail = 0
        self.total = 0.0
        self.squares = 0.0

    def mean_and_error(self) -> tuple[float, float]:
        mean = self.total / self.visits
        variance = max(0.0, self.squares / self.visits - mean * mean)
        return mean, math.sqrt(variance / self.visits)


class Ismcts:
    name = "hard"

    def __init__(self, policy, evaluate, *, budget: float = 1.0, iterations: int | None = None,
                 search_kinds=None, exploration: float = 0.3, max_rollout: int = 200, expand_after: int = 24,
                 horizon=None):
        self.policy = policy  # policy(rules, state, seat, legal, rng) -> Action
        self.evaluate = evaluate  # evaluate(rules, state) -> list of values in [0, 1]
        self.budget = budget
        self.iterations = iterations
        self.search_kinds = search_kinds
        self.c = exploration
        self.max_rollout = max_rollout
        self.expand_after = expand_after
        self.horizon = horizon or (lambda rules, state: rules.turn_marker(state))
        self.last_iterations = 0
        self._last_root: _Node | None = None

    def choose(self, info: SeatInfo, rng: Rng):
        legal = info.legal
        self._last_root = None
        if len(legal) == 1:
            return legal[0]
        rules, seat = info.rules, info.seat
        kinds = {d.kind for d in rules.pending(info.base) if d.seat == seat}
        if self.search_kinds is not None and not kinds & self.search_kinds:
            return self.policy(rules, info.base, seat, legal, rng)
        root = _Node(seat)
        horizon = self.horizon(rules, info.base)
        deadline = time.perf_counter() + self.budget
        rounds = 0
        while True:
            if self.iterations is not None:
                if rounds * len(legal) >= self.iterations:
                    break
            elif rounds >= 4 and (time.perf_counter() >= deadline or rounds % 16 == 0 and self._settled(root, legal)):
                break
            # One determinization, every root action tried on it: the actions are compared on the same
            # hidden cards (common random numbers), which makes their difference far less noisy.
            sample = info.sample(rng)
            for i, act in enumerate(legal):
                state = sample if i == len(legal) - 1 else rules.copy(sample)
                self._iterate(rules, state, seat, root, horizon, rng, act)
            rounds += 1
        self.last_iterations = rounds * len(legal)
        self._last_root = root
        return max(legal, key=lambda a: root.children[a].total / root.children[a].visits)

    def _iterate(self, rules, state, seat, root, horizon, rng, first_action):
        node, path = root, []
        first = True
        while True:
            pending = rules.pending(state)
            if not pending or (not first and self.horizon(rules, state) != horizon):
                break
            if first:
                first = False
                child = root.children.get(first_action)
                if child is None:
                    child = root.children[first_action] = _Node(seat)
                rules.apply(state, first_action)
                node = child
                path.append(child)
                continue
            if node.visits < self.expand_after:
                # Until a node has been reached often enough for its statistics to mean something, the
                # game's policy plays on from it: a young tree would play worse than the heuristic.
                break
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
            value = values[child.seat]
            child.visits += 1
            child.total += value
            child.squares += value * value

    def root_stats(self) -> dict:
        """{action: (mean value, standard error, visits)} of the root actions of the last search."""
        if self._last_root is None:
            return {}
        return {a: (*c.mean_and_error(), c.visits) for a, c in self._last_root.children.items()}

    @staticmethod
    def _settled(root: _Node, legal) -> bool:
        """The best root action leads the runner-up by far more than the noise: more search would not
        change the choice. Most decisions settle long before the budget runs out."""
        stats = sorted((root.children[a].mean_and_error() for a in legal), reverse=True)
        (best, best_err), (second, second_err) = stats[0], stats[1]
        if best_err == 0.0 and second_err == 0.0:
            return True  # every sample agrees: nothing more to learn
        return best - second > 3.0 * math.sqrt(best_err ** 2 + second_err ** 2)

    def _ucb(self, node: _Node) -> float:
        return node.total / node.visits + self.c * math.sqrt(math.log(max(node.avail, 1)) / node.visits)

    def _rollout(self, rules, state, horizon, rng):
        for _ in range(self.max_rollout):
            pending = rules.pending(state)
            if not pending or self.horizon(rules, state) != horizon:
                return
            decision = pending[rng.below(len(pending))] if len(pending) > 1 else pending[0]
            legal = rules.legal_actions(state, decision.seat)
            act = legal[0] if len(legal) == 1 else self.policy(rules, state, decision.seat, legal, rng)
            rules.apply(state, act)
