"""How a player's hand maps onto legal actions.

A game's table turns each legal action into a `Gesture`: the thing you may drag it from, the thing you
drop it on, and the thing you may simply click instead. The table scene only ever acts through these, so
every gesture is a legal action by construction.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.core.actions import Action


@dataclass(frozen=True)
class Gesture:
    action: Action
    drag_from: str | None = None  # a hit key (see a table's `hit`)
    drop_on: str | None = None
    click: str | None = None
    label: str = ""  # what the keyboard menu and the chooser call it


def drags_from(gestures: list[Gesture], key: str) -> list[Gesture]:
    return [g for g in gestures if g.drag_from == key]


def drops(gestures: list[Gesture], source: str, target: str) -> list[Gesture]:
    return [g for g in gestures if g.drag_from == source and g.drop_on == target]


def clicks(gestures: list[Gesture], key: str) -> list[Gesture]:
    return [g for g in gestures if g.click == key]
