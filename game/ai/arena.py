"""Playing bots against each other: one game, many games, and duplicate deals.

In a duplicate deal the same seed is played once per seat rotation, so every bot sits in every chair of
the same shuffle and luck largely cancels out. The unit of the confidence interval is the deal (its games
are correlated), using a normal approximation of the mean win share over deals.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from multiprocessing import get_context

from ..core.actions import deciding
from ..core.rng import Rng
from ..games import rules as rules_for
from .bot import SeatInfo, make_bot


@dataclass
class GameRecord:
    seed: int
    bots: list  # level per seat
    scores: list
    winners: list
    turns: int
    actions: int
    seconds: float
    error: str | None = None
    think: dict = field(default_factory=dict)  # level -> [decisions, seconds]


def play_game(game_id: str, levels: list, seed: int, *, budget: float = 1.0, iterations=None,
              options=None) -> GameRecord:
    """One whole game between bots; every action is checked against the legal list."""
    rules = rules_for(game_id)
    bots = [make_bot(game_id, level, budget=budget, iterations=iterations) for level in levels]
    rngs = [Rng(seed * 7919 + 104729 * (seat + 1)) for seat in range(len(levels))]
    state = rules.setup(len(levels), rules.info.resolve_options(options), seed)
    think = {level: [0, 0.0] for level in levels}
    started = time.perf_counter()
    actions = 0
    try:
        while True:
            pending = rules.pending(state)
            if not pending:
                break
            # A simultaneous choice is made seat by seat, each seeing its own view; a team's by one member.
            for decision in deciding(pending):
                seat = decision.seat
                info = SeatInfo(rules, state, seat, levels)
                t0 = time.perf_counter()
                act = bots[seat].choose(info, rngs[seat])
                if len(info.legal) > 1:
                    think[levels[seat]][0] += 1
                    think[levels[seat]][1] += time.perf_counter() - t0
                if act not in info.legal:
                    raise RuntimeError(f"{levels[seat]} bot chose an illegal action {act!r}")
                rules.apply(state, act)
                actions += 1
        result = rules.result(state)
        return GameRecord(seed, list(levels), result.scores, result.winners, rules.turn_marker(state)[0],
                          actions, time.perf_counter() - started, think=think)
    except Exception as exc:  # reported per game by simulate: one broken game must not hide the others
        return GameRecord(seed, list(levels), [], [], rules.turn_marker(state)[0], actions,
                          time.perf_counter() - started, f"{type(exc).__name__}: {exc}", think)


def _deal(args) -> list[GameRecord]:
    game_id, levels, seed, budget, iterations, options = args
    n = len(levels)
    return [play_game(game_id, levels[-r:] + levels[:-r] if r else list(levels), seed, budget=budget,
                      iterations=iterations, options=options) for r in range(n)]


def run_deals(game_id: str, levels: list, deals: int, seed: int, *, budget=1.0, iterations=None, jobs=1,
              options=None, progress=None) -> list[list[GameRecord]]:
    tasks = [(game_id, list(levels), seed + i, budget, iterations, options) for i in range(deals)]
    if jobs <= 1:
        out = []
        for task in tasks:
            out.append(_deal(task))
            if progress:
                progress(len(out), deals)
        return out
    with get_context("fork").Pool(jobs) as pool:
        out = []
        for records in pool.imap(_deal, tasks, chunksize=1):
            out.append(records)
            if progress:
                progress(len(out), deals)
        return out


def mean_ci(values: list[float]) -> tuple[float, float, float]:
    """Mean and its 95% interval (normal approximation)."""
    n = len(values)
    if n == 0:
        return 0.0, 0.0, 0.0
    mean = sum(values) / n
    if n == 1:
        return mean, mean, mean
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = 1.96 * math.sqrt(var / n)
    return mean, mean - half, mean + half


def summarize(levels: list, deals: list[list[GameRecord]]) -> dict:
    """Per distinct bot: win share with 95% CI (deal as the unit), mean score, thinking time."""
    names = list(dict.fromkeys(levels))
    per_bot = {}
    errors = [r.error for deal in deals for r in deal if r.error]
    for name in names:
        deal_shares, scores, decisions, seconds = [], [], 0, 0.0
        for deal in deals:
            shares = []
            for record in deal:
                if record.error:
                    continue
                for seat, level in enumerate(record.bots):
                    if level != name:
                        continue
                    won = seat in record.winners
                    shares.append(1.0 / len(record.winners) if won else 0.0)
                    scores.append(record.scores[seat])
                d, s = record.think.get(name, (0, 0.0))
                decisions += d
                seconds += s
            if shares:
                deal_shares.append(sum(shares) / len(shares))
        mean, low, high = mean_ci(deal_shares)
        per_bot[name] = {
            "win_rate": mean, "ci95": [low, high], "mean_score": sum(scores) / max(1, len(scores)),
            "seats_played": len(scores), "decisions": decisions,
            "mean_think_ms": 1000 * seconds / max(1, decisions),
        }
    games = sum(len(d) for d in deals)
    return {"deals": len(deals), "games": games, "errors": errors, "bots": per_bot,
            "fair_share": 1.0 / len(levels)}


def wilson(wins: int, n: int) -> tuple[float, float, float]:
    """A win rate and its 95% Wilson interval (sound near 0 and 1, where the normal one is not)."""
    if n == 0:
        return 0.0, 0.0, 0.0
    z = 1.96
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return p, max(0.0, centre - half), min(1.0, centre + half)


def _team_game(args) -> GameRecord:
    game_id, levels, seed, budget, iterations, options = args
    return play_game(game_id, levels, seed, budget=budget, iterations=iterations, options=options)


def team_rate(game_id: str, levels: list, games: int, seed: int, *, options=None, budget=1.0, iterations=None,
              jobs=1) -> dict:
    """A cooperative game: how often the whole table of bots wins. Every game is its own deal (a team has no
    seats to rotate against each other), so the game is the unit of the interval."""
    tasks = [(game_id, list(levels), seed + i, budget, iterations, options) for i in range(games)]
    if jobs <= 1:
        records = [_team_game(t) for t in tasks]
    else:
        with get_context("fork").Pool(jobs) as pool:
            records = pool.map(_team_game, tasks, chunksize=8)
    ok = [r for r in records if not r.error]
    wins = sum(1 for r in ok if r.winners)
    rate, low, high = wilson(wins, len(ok))
    decisions = sum(d for r in ok for d, _ in r.think.values())
    seconds = sum(s for r in ok for _, s in r.think.values())
    return {"players": len(levels), "bots": list(levels), "options": dict(options or {}), "games": len(records),
            "wins": wins, "win_rate": rate, "ci95": [low, high],
            "mean_turns": sum(r.turns for r in ok) / max(1, len(ok)),
            "mean_think_ms": 1000 * seconds / max(1, decisions),
            "errors": [r.error for r in records if r.error]}
