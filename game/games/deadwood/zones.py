"""Deadwood's zones (game/core/zones.py): where each of the 9 stars, 50 Deadwood cards and 25 safes is.

- "characters": the stars nobody has chosen; "chosen": stars chosen, not yet drawn from the bag;
  "est/<establishment id>": the stars standing there (a team).
- "draw" (a count), "discard" (face up, in order), "hand/<seat>" (named to its holder only),
  "commit/<seat>" (a fight, heist or showdown card: named to its owner until revealed),
  "offer/<seat>" (a Holster offered, face up), "used/<seat>" (showdown cards used, face up).
- "row/<seat>": the safe row in slot order, face down; a slot is named only to a viewer who knows its
  content and tracks its slot (or when it is face up), otherwise it is the handle "row/<seat>#<slot>".
- "heist": the heist stack (a count); "heist_up": the flipped heist safe; "box": safes out of the game
  nobody has seen (a count); "gone": safes out of the game everyone knows (unused silver safes, an unwon
  heist safe).
"""

from __future__ import annotations

from ...core.zones import hidden, zone
from . import places
from .deck import COMMIT_IDS, HAND_IDS, OFFER_IDS, ROW_IDS, USED_IDS, safe_tables, tables
from .state import NO


def row_entries(s, seat, p: int) -> list:
    """The slots of p's row as `seat` may name them (None: a spectator)."""
    ids = safe_tables()[0]
    row, trk = s.rows[p], s.trk[p]
    if seat is None:
        return [ids[x] if s.faceup >> x & 1 else f"{ROW_IDS[p]}#{k + 1}" for k, x in enumerate(row)]
    return [ids[x] if trk[k] >> seat & 1 else f"{ROW_IDS[p]}#{k + 1}" for k, x in enumerate(row)]


def hand_entries(s, p: int) -> dict:
    """Another seat's hand: the cards everyone saw go into it by id, the rest as handles."""
    hand = s.hands[p]
    shown = [c for c in hand if s.shown >> c & 1]
    if not shown:
        return hidden(HAND_IDS[p], p, "hand", len(hand))
    ids = tables()[0]
    rest = [f"{HAND_IDS[p]}#{i + 1}" for i in range(len(hand) - len(shown))]
    return zone(HAND_IDS[p], p, "hand", [ids[c] for c in shown] + rest, "down", ordered=False)


def commit_public(s, p: int) -> bool:
    """A committed card everyone has seen: the two fight cards after the reveal."""
    return s.revealed and p in (s.attacker, s.defender)


def zones(s, seat) -> list:
    ids, sids = tables()[0], safe_tables()[0]
    chars = places.char_ids()
    out = [zone("characters", None, "box", [chars[c] for c in range(len(chars)) if c not in s.chars],
                ordered=False)]
    unplaced = [chars[s.chars[p]] for p in range(s.players) if s.chars[p] != NO and s.est[p] == NO]
    if unplaced:
        out.append(zone("chosen", None, "area", unplaced, ordered=False))
    for e in range(3):
        out.append(zone(places.zone_of(e), None, "area", [chars[s.chars[p]] for p in places.occupants(s, e)],
                        ordered=False))
    out.append(hidden("draw", None, "pile", len(s.draw), ordered=True))
    out.append(zone("discard", None, "pile", [ids[c] for c in s.discard]))
    for p in range(s.players):
        if p == seat:
            out.append(zone(HAND_IDS[p], p, "hand", [ids[c] for c in s.hands[p]], ordered=False))
        else:
            out.append(hand_entries(s, p))
        card = s.commits[p]
        if card == NO:
            out.append(zone(COMMIT_IDS[p], p, "slot", []))
        elif p == seat or commit_public(s, p):
            out.append(zone(COMMIT_IDS[p], p, "slot", [ids[card]], "up" if commit_public(s, p) else "down"))
        else:
            out.append(hidden(COMMIT_IDS[p], p, "slot", 1))
        out.append(zone(OFFER_IDS[p], p, "slot", [ids[s.offers[p]]] if s.offers[p] != NO else []))
        out.append(zone(USED_IDS[p], p, "area", [ids[c] for c in s.used[p]]))
        out.append(zone(ROW_IDS[p], p, "row", row_entries(s, seat, p), "down"))
    out.append(hidden("heist", None, "pile", len(s.heist), ordered=True))
    out.append(zone("heist_up", None, "slot", [sids[s.up]] if s.up != NO else []))
    out.append(hidden("box", None, "box", len(s.box)))
    out.append(zone("gone", None, "box", [sids[x] for x in s.gone], ordered=False))
    return out
