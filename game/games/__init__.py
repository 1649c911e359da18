"""The registry of games: one line per game, module imported on first use."""

from __future__ import annotations

import importlib
from functools import cache

# game id -> module that defines RULES (a game.core.rules.Rules) and, for bots, BOT_FACTORIES.
REGISTRY = {
    "deadmans_draw": "game.games.deadmans_draw",
    "get_lucky": "game.games.get_lucky",
    "shipwreck_arcana": "game.games.shipwreck_arcana",
}


@cache
def module(game_id: str):
    try:
        return importlib.import_module(REGISTRY[game_id])
    except KeyError:
        raise KeyError(f"unknown game {game_id!r}; known: {', '.join(REGISTRY)}") from None


def rules(game_id: str):
    return module(game_id).RULES


def all_ids() -> list[str]:
    return list(REGISTRY)
