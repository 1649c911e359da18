"""Get Lucky's zones (game/core/zones.py): where each of the 15 characters and 66 action cards is (R22).

- "area/<seat>": the seat's characters in the order taken, by character id.
- "attached/<number>": the Weapon, Motive and Opportunity cards on a character in a player's area, in that
  slot order (one zone per such character; characters elsewhere never carry cards, R23).
- "parlor": the Parlor's characters, sorted.
- "characters": the character deck, face down; its set is public (spec §8) but not its order, so its ids
  are listed sorted and `ordered` is false.
- "hand/<seat>": named to its holder only, a count to everyone else.
- "deck": the action deck, a count. "discard": the discard pile, face up, in order.

Doctor Lucky is a pawn standing on a character, not a piece of a zone: the view's "lucky" says where.
"""

from __future__ import annotations

from functools import cache

from ...core.zones import hidden, zone
from .cards import deck

MAX_SEATS = 6
AREA_IDS = tuple(f"area/{s}" for s in range(MAX_SEATS))
HAND_IDS = tuple(f"hand/{s}" for s in range(MAX_SEATS))
ATTACHED_IDS = tuple(f"attached/{n}" for n in range(16))  # by character number 1–15


@cache
def character_ids() -> tuple:
    """The characters' ids by number (index 0 unused)."""
    return (None,) + tuple(c.id for c in deck().characters)


def zones(s, seat, own: bool, ids: tuple) -> list:
    """The zones `seat` sees (`own`: it is a seat at the table); `ids` are the action cards' ids by index."""
    chars = character_ids()
    out = []
    for owner, area in enumerate(s.areas):
        out.append(zone(AREA_IDS[owner], owner, "row", [chars[n] for n in area]))
        out += [zone(ATTACHED_IDS[n], owner, "area", [ids[c] for c in s.attached[n] if c >= 0]) for n in area]
    out.append(zone("parlor", None, "row", [chars[n] for n in s.parlor], ordered=False))
    out.append(zone("characters", None, "pile", [chars[n] for n in sorted(s.char_deck)], "down", ordered=False))
    for holder, hand in enumerate(s.hands):
        if own and holder == seat:
            out.append(zone(HAND_IDS[holder], holder, "hand", [ids[c] for c in hand], ordered=False))
        else:
            out.append(hidden(HAND_IDS[holder], holder, "hand", len(hand)))
    out.append(hidden("deck", None, "pile", len(s.deck), ordered=True))
    out.append(zone("discard", None, "pile", [ids[c] for c in s.discard]))
    return out
