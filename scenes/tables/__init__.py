"""Per-game table layouts: one module per game, looked up by game id. Each module provides its table class
and `breakdown(result, seat)`, the line under a player's score on the results screen."""

from __future__ import annotations

import importlib

TABLES = {
    "deadmans_draw": "scenes.tables.deadmans_draw",
    "deadwood": "scenes.tables.deadwood",
    "get_lucky": "scenes.tables.get_lucky",
    "shipwreck_arcana": "scenes.tables.shipwreck_arcana",
    "three_dragon_ante": "scenes.tables.three_dragon_ante",
}


def playable_ids() -> list[str]:
    """The registered games that have a table: the ones the library and the new-game screen offer. A game
    whose engine exists but whose table does not yet (it can still be simulated from the command line)
    stays out of the app."""
    from game.games import all_ids

    return [g for g in all_ids() if g in TABLES]


def _module(game_id: str):
    return importlib.import_module(TABLES[game_id])


def table_for(game_id: str):
    return _module(game_id).Table


def breakdown_for(game_id: str):
    return _module(game_id).breakdown
