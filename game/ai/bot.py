"""The bot protocol and what a bot may know.

A bot never touches the true state. `SeatInfo` is built from it once and keeps only what the seat may
know: its view, its legal actions, and `base`, a determinized state that is a function of the seat's
knowledge alone (hidden cards re-dealt in a canonical way). Search samples further determinizations from
`base`. A test checks that re-dealing hidden cards leaves a bot's whole input unchanged.
"""

from __future__ import annotations

from typing import Protocol

from ..core.actions import Action
from ..core.rng import Rng

# The fixed seed of the canonical determinization: only the seat's knowledge may vary it.
_BASE_SEED = 0x5EED


class SeatInfo:
    """`levels` is public table knowledge, not the state: who at the table is an AI and at what level (None
    for a person), for a bot that speaks for a group of AIs (Shipwreck Arcana's R21)."""

    __slots__ = ("rules", "seat", "view", "legal", "base", "levels")

    def __init__(self, rules, state, seat: int, levels: list | None = None):
        self.rules = rules
        self.seat = seat
        self.levels = levels
        self.view = rules.view(state, seat)
        self.legal = rules.legal_actions(state, seat)
        self.base = rules.determinize(state, seat, Rng(_BASE_SEED))

    def sample(self, rng: Rng):
        """A fresh full state consistent with what the seat knows."""
        return self.rules.determinize(self.base, self.seat, rng)


class Bot(Protocol):
    name: str

    def choose(self, info: SeatInfo, rng: Rng) -> Action: ...


class RandomBot:
    name = "random"

    def choose(self, info: SeatInfo, rng: Rng) -> Action:
        return info.legal[rng.below(len(info.legal))]


class PolicyBot:
    """A bot made of a game's policy function `policy(rules, state, seat, legal, rng) -> Action`."""

    def __init__(self, name: str, policy):
        self.name = name
        self.policy = policy

    def choose(self, info: SeatInfo, rng: Rng) -> Action:
        if len(info.legal) == 1:
            return info.legal[0]
        return self.policy(info.rules, info.base, info.seat, info.legal, rng)


def make_bot(game_id: str, level: str, **kwargs) -> Bot:
    """The bot for a seat: 'random' for any game, otherwise the game's own factory for that level."""
    from ..games import module

    if level == "random":
        return RandomBot()
    factories = module(game_id).BOTS
    if level not in factories:
        raise ValueError(f"{game_id} has no {level!r} bot; it has {', '.join(['random', *factories])}")
    return factories[level](**kwargs)
