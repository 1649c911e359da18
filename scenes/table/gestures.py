"""How a player's hand maps onto legal actions.

A game's table turns each legal action into a `Gesture`: the thing you may drag it from, the thing you
drop it on, and the thing you may simply click instead. The table scene only ever acts through these, so
every gesture is a legal action by construction.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from game.core.actions import Action


@dataclass(frozen=True)
class Gesture:
    action: Action | None  # None only with `use`
    drag_from: str | None = None  # a hit key (see a table's `hit`)
    drop_on: str | None = None
    click: str | None = None
    label: str = ""  # what the keyboard menu and the chooser call it
    # A step on the table that is not yet a move (staging a card before confirming): the scene calls it
    # instead of applying an action. The move itself is always a later gesture with a legal action.
    use: Callable[[], None] | None = None


def drags_from(gestures: list[Gesture], key: str) -> list[Gesture]:
    return [g for g in gestures if g.drag_from == key]


def drops(gestures: list[Gesture], source: str, target: str) -> list[Gesture]:
    return [g for g in gestures if g.drag_from == source and g.drop_on == target]


def clicks(gestures: list[Gesture], key: str) -> list[Gesture]:
    return [g for g in gestures if g.click == key]
