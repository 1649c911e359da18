"""Establishments and stars (R4): capacity, room, and moving a star."""

from __future__ import annotations

from functools import cache

from ...core import events as common
from .deck import capacity


@cache
def est_ids() -> tuple:
    from .cards import data
    return tuple(e.id for e in data().establishments)


@cache
def char_ids() -> tuple:
    from .cards import data
    return tuple(c.id for c in data().characters)


def zone_of(e: int) -> str:
    return f"est/{est_ids()[e]}"


def occupants(s, e: int) -> list:
    return [p for p in range(s.players) if s.est[p] == e]


def has_room(s, e: int) -> bool:
    return s.est.count(e) < capacity(s.players)


def destinations(s, seat: int) -> list:
    """The establishments other than the seat's own that have room (Horse, same-establishment duel)."""
    return [e for e in range(3) if e != s.est[seat] and has_room(s, e)]


def move(s, seat: int, e: int, why: str, events: list) -> None:
    src = s.est[seat]
    s.est[seat] = e
    events.append(common.moved(char_ids()[s.chars[seat]], zone_of(src), zone_of(e), common.UP, why, seat=seat))
