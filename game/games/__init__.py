"""The registry of games: one line per game, module imported on first use."""

from __future__ import annotations

import importlib
from functools import cache

# game id -> module that defines RULES (a game.core.rules.Rules) and, for bots, BOT_FACTORIES.
REGISTRY = {
    "deadmans_draw": "game.games.deadmans_draw",
    "deadwood": "game.games.deadwood",
    "get_lucky": "game.games.get_lucky",
    "shipwreck_arcana": "game.games.shipwreck_arcana",
    "three_dragon_ante": "game.games.three_dragon_ante",
}


def module(game_id: str):
    """The game's module; an id that is not a registered game (or not even a string) is refused with a
    ValueError, so that a damaged save or option file gets a message rather than a TypeError."""
    if not isinstance(game_id, str) or game_id not in REGISTRY:
        raise ValueError(f"unknown game {game_id!r}; known: {', '.join(REGISTRY)}")
    return _import(game_id)


@cache
def _import(game_id: str):
    return importlib.import_module(REGISTRY[game_id])


def rules(game_id: str):
    return module(game_id).RULES


def all_ids() -> list[str]:
    return list(REGISTRY)
