"""The special items (§6.4–6.7): Duster Coat, Horse, Stetson Hat, and which cards may be offered as a
Holster."""

from __future__ import annotations

from itertools import combinations

from . import knowledge, places
from .deck import HAND_IDS, HOLSTER, discard_from, distinct, draw_one, hand_size, kind_of, tables
from .fights import safe_id
from .state import DUSTER as DUSTER_PHASE
from .state import PEEK


def use(s, seat: int, card: int, why: str, events: list) -> None:
    s.hands[seat].remove(card)
    discard_from(s, seat, card, HAND_IDS[seat], why, events)


def duster(s, seat: int, card: int, events: list) -> bool:
    """§6.4, H18: discard the coat, draw 4 (reshuffling as needed). True when discards must follow (D10)."""
    use(s, seat, card, "item", events)
    for _ in range(4):
        if not draw_one(s, seat, events):
            break
    if len(s.hands[seat]) > hand_size(s.players):
        s.phase = DUSTER_PHASE
        return True
    return False


def discard_choices(s, seat: int) -> list:
    """D10: every set of (hand − hand size) cards, identical cards counted once, as sorted tuples."""
    hand = s.hands[seat]
    extra = len(hand) - hand_size(s.players)
    kinds = kind_of()
    seen = set()
    out = []
    for combo in combinations(hand, extra):
        key = tuple(kinds[c] for c in combo)
        if key not in seen:
            seen.add(key)
            out.append(combo)
    return out


def discard_down(s, seat: int, cards: tuple, events: list) -> None:
    for card in cards:
        use(s, seat, card, "duster_discard", events)



def horse(s, seat: int, card: int, e: int, events: list) -> None:
    use(s, seat, card, "item", events)
    places.move(s, seat, e, "horse", events)


def peek_targets(s, seat: int) -> list:
    """§6.6, H19: the other players' safes not yet looked at with this hat, as (owner, slot) pairs."""
    done = set(zip(s.peeked[::2], s.peeked[1::2], strict=True))
    return [(p, k) for p in range(s.players) if p != seat for k in range(len(s.rows[p])) if (p, k) not in done]



def stetson(s, seat: int, card: int, events: list) -> None:
    use(s, seat, card, "item", events)
    s.peeked = []
    s.phase = PEEK


def peek(s, seat: int, p: int, k: int, events: list) -> bool:
    """One look; True when the hat is done (2 looks, or every other safe looked at)."""
    from ...core import events as common
    safe = knowledge.peek(s, seat, p, k)
    s.peeked += [p, k]
    events.append(common.revealed((safe_id(safe),), f"row/{p}", (seat,), "peek", seat=seat, owner=p, slot=k + 1))
    return len(s.peeked) == 4 or not peek_targets(s, seat)


def holster_cards(s, seat: int) -> list:
    """The distinct Holster cards a seat may offer."""
    item = tables()[2]
    return [c for c in distinct(s.hands[seat]) if item[c] == HOLSTER]
