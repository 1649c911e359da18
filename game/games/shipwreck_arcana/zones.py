"""The Shipwreck Arcana's zones (game/core/zones.py): where each of the 21 cards (The Hours and 20 arcana)
and the 21 fates is (R1).

- "row/0": The Hours, always there (a fate played on it moves on at once, R12).
- "row/<slot>" (1–4): the arcana card in the slot, or nothing.
- "fates/<slot>" (1–4): the fates lying in front of that card, face up, in the order placed.
- "deck": face up, top last. The top card and the cards seen going to the bottom are named; the others,
  whose places nobody knows (spec §8), are handles "deck#<position from the bottom>".
- "stock": the power stock in order of fading; "removed": The Restless Hours' used powers. Both lie power
  side up, which is the cards' back ("down"), and both are public.
- "hand/<position>": one per position (two per player in the challenge mode; a player who left keeps an
  empty one), owned by the position's player: named to that player, a count to everyone else.
- "bag": a count.

A fate is named "fate_<value>:<n>", n being the number the view gives it: its token id in its owner's own
hand, its public handle (100 and up) in the row. Only a fate's value is public, never which of the three
tokens of that value it is (R13), so a fate's name changes when it moves, as in the view.
"""

from __future__ import annotations

from ...core.zones import hidden, zone
from .cards import TOKENS, deck, tables, value_of
from .state import SLOTS

ROW_IDS = tuple(f"row/{i}" for i in range(SLOTS + 1))
FATES_IDS = tuple(f"fates/{i}" for i in range(SLOTS + 1))
OWN_FATES = tuple(f"fate_{value_of(t)}:{t}" for t in range(TOKENS))

DECK_HANDLES = tuple(f"deck#{i}" for i in range(20))


def hand_id(pos: int) -> str:
    return f"hand/{pos}"


def deck_entries(s, ids: tuple) -> list:
    """The deck bottom first: the seen bottom cards and the top by id, the others by handle."""
    n = len(s.deck)
    known = min(s.known_bottom, n)
    out = [ids[c] for c in s.deck[:known]] + list(DECK_HANDLES[known:n - 1])
    if n > known:
        out.append(ids[s.deck[-1]])
    return out


def zones(s, seat, own: bool) -> list:
    """The zones `seat` sees (`own`: it is a player of the match)."""
    ids = tables()[4]
    out = [zone(ROW_IDS[0], None, "slot", [deck().hours.id])]
    for i, (card, tokens) in enumerate(zip(s.row, s.fates, strict=True)):
        out.append(zone(ROW_IDS[i + 1], None, "slot", [ids[card]] if card >= 0 else []))
        out.append(zone(FATES_IDS[i + 1], None, "tokens",
                        [f"fate_{value_of(t)}:{s.handles[t]}" for t in tokens]))
    out.append(zone("deck", None, "pile", deck_entries(s, ids)))
    out.append(zone("stock", None, "row", [ids[c] for c in s.stock], "down"))
    out.append(zone("removed", None, "pile", [ids[c] for c in s.removed], "down"))
    for pos, hand in enumerate(s.hand):
        owner = s.owner[pos]
        if own and owner == seat:
            out.append(zone(hand_id(pos), owner, "hand", [OWN_FATES[t] for t in hand], ordered=False))
        else:
            out.append(hidden(hand_id(pos), owner, "hand", len(hand)))
    out.append(hidden("bag", None, "tokens", len(s.bag)))
    return out
