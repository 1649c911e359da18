"""Engine throughput on one core: random legal actions through the bare rules, and whole random games."""

from __future__ import annotations

import time

from .core.rng import Rng
from .games import rules as rules_for


def random_game(rules, players: int, options: dict, seed: int) -> int:
    """Plays one game by uniformly random legal actions; returns the number of actions."""
    state = rules.setup(players, options, seed)
    rng = Rng(seed ^ 0xA5A5)
    count = 0
    while True:
        pending = rules.pending(state)
        if not pending:
            return count
        seat = pending[0].seat if len(pending) == 1 else pending[rng.below(len(pending))].seat
        legal = rules.legal_actions(state, seat)
        rules.apply(state, legal[rng.below(len(legal))])
        count += 1


def bench(game_id: str, players: int | None = None, seconds: float = 3.0, seed: int = 1) -> dict:
    rules = rules_for(game_id)
    players = players or min(max(3, rules.info.min_players), rules.info.max_players)
    options = rules.info.resolve_options(None)
    games = actions = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        actions += random_game(rules, players, options, seed + games)
        games += 1
    elapsed = time.perf_counter() - started
    return {"game": game_id, "players": players, "games": games, "actions": actions,
            "seconds": round(elapsed, 3), "actions_per_s": round(actions / elapsed),
            "games_per_s": round(games / elapsed, 1), "actions_per_game": round(actions / games, 1)}
