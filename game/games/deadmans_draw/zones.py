"""Dead Man's Draw's zones (game/core/zones.py): where each of the 60 loot cards and 17 traits is.

- "draw": the draw pile, face down, top last; a card revealed by an Oracle or Mystic is named, the others
  are the view's handles "draw#<position from the bottom>".
- "discard": face down but its contents are public (spec §8.1): sorted ids.
- "reveal": the cards a Map turned up while its owner chooses one (empty otherwise).
- "play": the Play Area in placement order.
- "bank/<seat>/<suit>": one Suit Stack, ascending, top last; listed while it holds cards, as in the view's
  "banks" (30 to 40 empty zones would cost every view more than all the others together).
- "trait/<seat>": the kept trait: face down while the traits are chosen (named to its holder only), face
  up after the reveal.
- "dealt/<seat>": the dealt traits not kept: both while the seat chooses, the one left after its pick, and
  after the reveal the returned trait, out of play. Its holder still knows it (the view's "returned",
  spec §8.2), but it lies face down and no table draws it, so it is a count to every viewer: once the
  traits are revealed, every seat's zones are the same and a hot-seat table needs no hand-over curtain.
- "box": the traits nobody was dealt (all 17 in a game without traits), known to nobody.
"""

from __future__ import annotations

from functools import cache

from ...core.zones import hidden, zone
from .cards import deck
from .effects import BANK_IDS, CARD_ID, MAX_SEATS
from .state import NO, TRAITS

TRAIT_IDS = tuple(f"trait/{s}" for s in range(MAX_SEATS))
DEALT_IDS = tuple(f"dealt/{s}" for s in range(MAX_SEATS))
DRAW_HANDLES = tuple(f"draw#{i}" for i in range(60))


@cache
def trait_ids() -> tuple:
    return tuple(t.id for t in deck().traits)


def draw_pile(state) -> list:
    """The draw pile bottom first (top last): the revealed top cards by id, the others by handle."""
    unknown = len(state.draw) - state.known
    return list(DRAW_HANDLES[:unknown]) + [CARD_ID[c] for c in state.draw[unknown:]]


def zones(state, seat, own: bool, draw: list) -> list:
    """The zones `seat` sees (`own`: it is a seat at the table); `draw` is draw_pile(state)."""
    choice = state.choice
    shown = choice.cards if choice is not None and choice.kind == "map" else ()
    out = [
        zone("draw", None, "pile", draw, "down"),
        zone("discard", None, "pile", sorted(CARD_ID[c] for c in state.discard), "down", ordered=False),
        zone("reveal", None, "area", [CARD_ID[c] for c in shown] if shown else [], ordered=False),
        zone("play", None, "row", [CARD_ID[c] for c in state.play] if state.play else []),
    ]
    for s, bank in enumerate(state.banks):
        names = BANK_IDS[s]
        out += [zone(names[i], s, "stack", [CARD_ID[c] for c in stack]) for i, stack in enumerate(bank) if stack]
    out += _trait_zones(state, seat, own)
    out.append(hidden("box", None, "box", len(trait_ids()) - sum(len(d) for d in state.dealt)))
    return out


def _trait_zones(state, seat, own: bool) -> list:
    names = trait_ids()
    choosing = state.phase == TRAITS
    out = []
    for s, dealt in enumerate(state.dealt):
        mine = own and s == seat
        kept = state.kept[s] if choosing else state.traits[s]
        if kept == NO:
            out.append(zone(TRAIT_IDS[s], s, "slot", []))
        elif mine or not choosing:
            out.append(zone(TRAIT_IDS[s], s, "slot", [names[kept]], "down" if choosing else "up"))
        else:
            out.append(hidden(TRAIT_IDS[s], s, "slot", 1))
        rest = [names[t] for t in dealt if t != kept]
        if mine and choosing:
            out.append(zone(DEALT_IDS[s], s, "hand", rest, ordered=False))
        else:
            out.append(hidden(DEALT_IDS[s], s, "hand", len(rest)))
    return out
