"""Who sits where: the kinds a seat can be, the names new seats get (remembered people for human seats,
pirates for AI seats, so a person's name never lands on an AI seat) and the join and leave actions a
match offers between turns."""

from __future__ import annotations

from game.core.match import JOIN

from .ui import fonts
from .ui.strings import tr

KINDS = [("human", "newgame.human"), ("easy", "level.easy"), ("normal", "level.normal"), ("hard", "level.hard")]
NAME_LEN = 20  # characters in a player's name


# A seat's name follows its kind until the player types one: a human seat takes a remembered player name,
# an AI seat a pirate name, so a person's name never lands on an AI seat and a pirate on a human one.

def ai_name(seat: int, taken) -> str:
    """The pirate name of seat `seat` (newgame.ai_names, in turn), or the next one nobody has."""
    names = [n.strip() for n in tr("newgame.ai_names").split(",")]
    in_turn = names[seat % len(names):] + names[:seat % len(names)]
    return next((n for n in in_turn if n not in taken), in_turn[0])


def human_name(remembered, taken, number: int) -> str:
    """The first remembered player name nobody has, else "Player <number>"."""
    return next((n for n in remembered if n and n not in taken), tr("newgame.player", n=number))


def remembered_names(prefs) -> list[str]:
    """The player names the settings remember, cleaned as a text field would keep them (the file may hold
    anything: NUL, invisible characters)."""
    names = (fonts.clean_line(str(n))[:NAME_LEN].strip() for n in prefs.names)
    return [n for n in names if n]


def seat_name(kind: str, seat: int, remembered, taken) -> str:
    return human_name(remembered, taken, seat + 1) if kind == "human" else ai_name(seat, taken)


def seat_actions(match) -> tuple[list, list]:
    """The join and leave actions open now, made by the first present player (any player may do it)."""
    for seat in range(len(match.seats)):
        side = match.side_actions(seat)
        joins = [a for a in side if a.kind == JOIN]
        leaves = [a for a in side if a.kind == "leave"]
        if joins or leaves:
            return joins, leaves
    return [], []
