"""Three-Dragon Ante's zones (game/core/zones.py, spec §3.6): where each of the 100 cards is.

- "deck": face down, a count (ordered). "discard": face up, in order. "ante": face up, in the order placed.
- "reveal": the Sorcerer's cards (public) or the Silver Seer's (named to its owner only, a count to others).
- "hand/<seat>": named to its holder; to everyone else the cards they know to be there (a gift refused by
  the hand limit, the Prophet's dragon, a card taken at random to its victim) and handles for the rest.
- "flight/<seat>": face up, left to right.
- "out": the 20 unused specials, face down: named under Classic 10 and Choose, handles under Random 10.
"""

from __future__ import annotations

from ...core.zones import hidden, zone
from .state import NO

MAX_SEATS = 6
HAND_IDS = tuple(f"hand/{s}" for s in range(MAX_SEATS))
FLIGHT_IDS = tuple(f"flight/{s}" for s in range(MAX_SEATS))
GOLD_IDS = tuple(f"gold/{s}" for s in range(MAX_SEATS))
OUT_HANDLES = tuple(f"out#{i}" for i in range(20))


def known_in_hand(s, viewer, holder: int) -> list:
    """The cards of `holder`'s hand that `viewer` knows (§8), in hand order."""
    if not s.known:
        return []
    cards = {c for who, c in s.known if who in (NO, viewer)}
    return [c for c in s.hands[holder] if c in cards]


def zones(s, seat, own: bool, ids: tuple) -> list:
    out = [hidden("deck", None, "pile", len(s.deck), ordered=True),
           zone("discard", None, "pile", [ids[c] for c in s.discard]),
           zone("ante", None, "row", [ids[c] for c in s.ante])]
    if s.reveal_owner == NO or (own and seat == s.reveal_owner):
        out.append(zone("reveal", None, "row", [ids[c] for c in s.reveal]))
    else:
        out.append(hidden("reveal", None, "row", len(s.reveal)))
    for holder, hand in enumerate(s.hands):
        if own and holder == seat:
            out.append(zone(HAND_IDS[holder], holder, "hand", [ids[c] for c in hand], ordered=False))
            continue
        known = known_in_hand(s, seat, holder)
        if known:
            cards = [ids[c] for c in known] + [f"{HAND_IDS[holder]}#{i}" for i in range(len(hand) - len(known))]
            out.append(zone(HAND_IDS[holder], holder, "hand", cards, "down", ordered=False))
        else:
            out.append(hidden(HAND_IDS[holder], holder, "hand", len(hand)))
    for owner, flight in enumerate(s.flights):
        out.append(zone(FLIGHT_IDS[owner], owner, "row", [ids[c] for c in flight]))
    if s.options["specials"] == "random":
        out.append(zone("out", None, "box", list(OUT_HANDLES[:len(s.out)]), "down", ordered=False))
    else:
        out.append(zone("out", None, "box", [ids[c] for c in s.out], "down", ordered=False))
    return out
