"""Zones: the shared vocabulary of where every game piece is, read by code that knows no game's own keys.

Every game's `view(state, seat)` carries, beside its game-specific keys, `view["zones"]`: a list of zone
dicts, one per place a piece can be (a pile, a hand, a row, a bank's stack, the bag, the box of unused
pieces). Generic code (a table kit, replays, tests) reads what is where from it alone.

A zone is a dict with exactly these keys:

- `id`: a string unique in the view, e.g. "draw", "discard", "hand/2", "bank/0/anchor", "row/3"; a place
  keeps its id all game (a seat's zones put the seat number after the zone's name). A game may leave out
  a zone while it is empty when listing every possible one would be costly (Dead Man's Draw's Suit
  Stacks, Get Lucky's cards attached to a character).
- `owner`: the seat the zone belongs to (an int), or None for a shared zone.
- `kind`: a hint for drawing: one of KINDS ("pile", "hand", "row", "stack", "slot", "area", "tokens",
  "box").
- `cards`: the pieces in the zone as this viewer may name them, in order, the top (or last placed) last.
  An entry is a piece's id when the viewer knows it, or an opaque handle when it does not. A handle
  contains "#" and no piece id does (e.g. Dead Man's Draw's "draw#12", the same handle as its view's
  "draw" key); a handle names a position, never a piece, so it tells nothing. Every entry is unique over
  all the zones of a view. A zone whose pieces the viewer cannot name at all may list nothing and give
  only its `count` (a hidden hand, a bag, a face-down deck): then `cards` is [] and `face` is "down".
- `count`: how many pieces are in the zone, always; equal to len(cards) whenever cards are listed.
- `face`: "up" when this viewer sees the faces of the zone's pieces, "down" when it sees their backs. A
  face-down zone may still list the ids the viewer knows (a discard pile whose contents are public, the
  revealed top of a draw pile, its own face-down pick).
- `ordered`: whether the order of `cards` is the zone's real order (a draw pile, a row in placement order)
  rather than a sorted listing of a collection whose order is unknown or does not matter.

Every piece of a game (card, trait, fate token, character…) is in exactly one zone at every moment,
including the box zones of pieces out of play, so the total count over the zones of a view is the same in
every view of a game, from setup to the end. Markers that stand on pieces (a pawn, a score counter, a
mark) are not pieces of a zone; their places stay in the game-specific keys.

Zones never reveal more than the game-specific keys of the same view: a piece hidden from the viewer
appears only as a handle or in a count. Every view also carries "players", the number of seats, so that
a checker can ask every seat for its view, and "seating": [position, seat] pairs of the players at the
table in turn order (a position is a place at the table; in a game where players join and leave, a seat
that left has none, and the order says where a joining player sits).
"""

from __future__ import annotations

KINDS = frozenset(("pile", "hand", "row", "stack", "slot", "area", "tokens", "box"))
FACES = ("up", "down")
KEYS = frozenset(("id", "owner", "kind", "cards", "count", "face", "ordered"))
HANDLE_MARK = "#"


class ZoneError(ValueError):
    """A view's zones break the schema above."""


def zone(zone_id: str, owner, kind: str, cards: list, face: str = "up", ordered: bool = True) -> dict:
    """A zone whose pieces are listed (ids or handles)."""
    return {"id": zone_id, "owner": owner, "kind": kind, "cards": cards, "count": len(cards), "face": face,
            "ordered": ordered}


def hidden(zone_id: str, owner, kind: str, count: int, ordered: bool = False) -> dict:
    """A face-down zone listed by its count alone: the viewer can name none of its pieces."""
    return {"id": zone_id, "owner": owner, "kind": kind, "cards": [], "count": count, "face": "down",
            "ordered": ordered}


def is_handle(entry: str) -> bool:
    return HANDLE_MARK in entry


def total(zones: list) -> int:
    """How many pieces the zones hold: the same in every view of one game."""
    return sum(z["count"] for z in zones)


def check(zones) -> None:
    """Raises ZoneError naming the zone and the rule it breaks; returns None when the zones keep the schema."""
    if not isinstance(zones, list):
        raise ZoneError(f"zones must be a list, not {type(zones).__name__}")
    ids: set = set()
    seen: dict = {}
    for z in zones:
        if not isinstance(z, dict) or set(z) != KEYS:
            keys = sorted(z) if isinstance(z, dict) else type(z).__name__
            raise ZoneError(f"a zone must have exactly the keys {sorted(KEYS)}: {keys}")
        name = z["id"]
        if not isinstance(name, str) or not name:
            raise ZoneError(f"zone id {name!r} is not a non-empty string")
        if name in ids:
            raise ZoneError(f"zone id {name!r} is used twice")
        ids.add(name)
        _check_fields(z)
        for entry in z["cards"]:
            if not isinstance(entry, str) or not entry:
                raise ZoneError(f"zone {name!r}: entry {entry!r} is not a non-empty string")
            if entry in seen:
                raise ZoneError(f"{entry!r} is in both zone {seen[entry]!r} and zone {name!r}")
            seen[entry] = name


def _check_fields(z: dict) -> None:
    name, owner, cards, count = z["id"], z["owner"], z["cards"], z["count"]
    if owner is not None and (type(owner) is not int or owner < 0):
        raise ZoneError(f"zone {name!r}: owner {owner!r} is neither a seat nor None")
    if z["kind"] not in KINDS:
        raise ZoneError(f"zone {name!r}: kind {z['kind']!r} is not one of {sorted(KINDS)}")
    if z["face"] not in FACES:
        raise ZoneError(f"zone {name!r}: face {z['face']!r} is not 'up' or 'down'")
    if type(z["ordered"]) is not bool:
        raise ZoneError(f"zone {name!r}: ordered {z['ordered']!r} is not a bool")
    if not isinstance(cards, list):
        raise ZoneError(f"zone {name!r}: cards must be a list")
    if type(count) is not int or count < 0:
        raise ZoneError(f"zone {name!r}: count {count!r} is not a count")
    if len(cards) != count:
        if cards:
            raise ZoneError(f"zone {name!r}: {len(cards)} cards listed but count {count}")
        if z["face"] != "down":
            raise ZoneError(f"zone {name!r}: {count} pieces listed by count alone must lie face down")


def check_views(views: list) -> int:
    """Checks the zones of every view of one position (every seat's and the spectator's) and that they
    agree on the number of pieces; returns that number."""
    totals = set()
    for view in views:
        zones = view.get("zones")
        try:
            check(zones)
        except ZoneError as problem:
            raise ZoneError(f"viewer {view.get('viewer')!r}: {problem}") from None
        totals.add(total(zones))
    if len(totals) != 1:
        raise ZoneError(f"the views of one position count different numbers of pieces: {sorted(totals)}")
    return totals.pop()


def views_of(rules, state) -> list:
    """Every seat's view and the spectator's."""
    spectator = rules.view(state, None)
    return [rules.view(state, seat) for seat in range(spectator["players"])] + [spectator]
