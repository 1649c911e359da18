"""Per-game table layouts: one module per game, looked up by game id. Each module provides its table class
and `breakdown(result, seat)`, the line under a player's score on the results screen."""

from __future__ import annotations

import importlib

TABLES = {
    "deadmans_draw": "scenes.tables.deadmans_draw",
}


def _module(game_id: str):
    return importlib.import_module(TABLES[game_id])


def table_for(game_id: str):
    return _module(game_id).Table


def breakdown_for(game_id: str):
    return _module(game_id).breakdown
