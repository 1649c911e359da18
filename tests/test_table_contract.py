"""The table half of the contract test (issue 12): every game that has a table, at every player count,
draws mid-game at 1280×720 and 1920×1080 in English and Japanese, and every legal action of the player's
decision is reachable by a gesture — directly (a drag, a click, a button) or after table-side steps such as
staging cards (`Gesture.use`). A new game's table is covered by registering it."""

from __future__ import annotations

import pygame
import pytest

from game.core.actions import deciding
from game.core.match import AI, HUMAN, Match, Seat
from game.core.rng import Rng
from game.games import rules as rules_for
from scenes.table.scene import TableScene
from scenes.tables import playable_ids

from .scenes_harness import frames, make_app, open_table

STEPS = 4  # table-side steps in a row a gesture may need (staging up to four cards)


def positions(game_id: str, players: int, count: int = 3):
    """Matches part-way through random games, each waiting for seat 0 (the person) to decide."""
    rules = rules_for(game_id)
    seats = [Seat("Aiko", HUMAN)] + [Seat(f"Bot {i}", AI, "easy") for i in range(1, players)]
    out = []
    for seed in range(40):
        match = Match(rules, seats, None, 300 + seed)
        rng = Rng(seed)
        for _ in range(rng.below(60)):
            if match.is_over():
                break
            seat = deciding(match.pending(), {0})[0].seat
            legal = match.legal_actions(seat)
            match.apply(legal[rng.below(len(legal))])
        if not match.is_over() and 0 in {d.seat for d in deciding(match.pending(), {0})}:
            out.append(match)
        if len(out) == count:
            break
    return out


def reachable(app, match) -> set:
    """Every action a gesture of the table leads to, exploring table-side steps from a fresh table each
    time (a step changes only the table, never the match)."""
    found, paths = set(), [()]
    while paths:
        path = paths.pop()
        scene = open_table(app, match)
        scene.viewer = 0
        for label in path:
            step = next(g for g in scene.gestures() if g.use is not None and g.label == label)
            scene.do(step)
        gestures = scene.gestures()
        found |= {g.action for g in gestures if g.action is not None}
        if len(path) < STEPS:
            paths += [path + (g.label,) for g in gestures if g.use is not None and g.label not in path]
    return found


def cells():
    for game_id in playable_ids():
        info = rules_for(game_id).info
        for players in range(info.min_players, info.max_players + 1):
            yield pytest.param(game_id, players, id=f"{game_id}-{players}p")


@pytest.mark.parametrize("game_id, players", list(cells()))
def test_every_legal_action_is_reachable_by_a_gesture(tmp_path, game_id, players):
    app = make_app(tmp_path)
    try:
        for match in positions(game_id, players):
            legal = set(match.legal_actions(0))
            missing = legal - reachable(app, match)
            assert not missing, f"no gesture leads to {sorted(map(repr, missing))[:3]}"
    finally:
        app.shutdown()


@pytest.mark.parametrize("game_id, players", list(cells()))
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_table_draws_mid_game(tmp_path, game_id, players, size, lang):
    app = make_app(tmp_path, size=size, lang=lang)
    try:
        for match in positions(game_id, players, count=1):
            scene = open_table(app, match)
            assert isinstance(scene, TableScene)
            frames(app, 2)
            for x in range(0, size[0], size[0] // 6):  # the pointer wanders: hovers, lifts, tooltips
                pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, size[1] * 2 // 3), rel=(0, 0),
                                                     buttons=(0, 0, 0)))
                frames(app, 1, 0.4)
    finally:
        app.shutdown()
