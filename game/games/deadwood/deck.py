"""The Deadwood cards in hands and piles: ids and kinds by index, drawing with the reshuffle (R5, R6),
discarding (R7), and the per-player-count parameters of §4 (R1)."""

from __future__ import annotations

from functools import cache

from ...core import events as common
from .cards import ITEMS, data

HOLSTER, DUSTER, HORSE, STETSON = ITEMS.index("holster"), ITEMS.index("duster_coat"), ITEMS.index("horse"), \
    ITEMS.index("stetson_hat")
MAX_SEATS = 9
HAND_IDS = tuple(f"hand/{p}" for p in range(MAX_SEATS))
COMMIT_IDS = tuple(f"commit/{p}" for p in range(MAX_SEATS))
OFFER_IDS = tuple(f"offer/{p}" for p in range(MAX_SEATS))
USED_IDS = tuple(f"used/{p}" for p in range(MAX_SEATS))
ROW_IDS = tuple(f"row/{p}" for p in range(MAX_SEATS))


@cache
def tables() -> tuple:
    """Per card: its id, gun index and item index; per gun: its faces. Built once from the YAML."""
    d = data()
    return (tuple(c.id for c in d.cards), tuple(c.gun for c in d.cards), tuple(c.item for c in d.cards),
            tuple(g.faces for g in d.guns))


@cache
def card_index() -> dict:
    return {card_id: i for i, card_id in enumerate(tables()[0])}


@cache
def kind_of() -> tuple:
    """Per card: its kind (gun, item) as one number, so that identical cards compare equal."""
    _, gun, item, _ = tables()
    return tuple(g * len(ITEMS) + i for g, i in zip(gun, item, strict=True))


def hand_size(players: int) -> int:
    return 3 if players >= 8 else 4


def heist_count(players: int) -> int:
    return 2 if players >= 8 else 3


def normal_rounds(players: int) -> int:
    return heist_count(players) + 1


def capacity(players: int) -> int:
    return data().capacity[players]


def distinct(hand: list) -> list:
    """The first card of each kind in a hand (sorted): choosing between identical cards is no choice."""
    kinds = kind_of()
    seen = set()
    out = []
    for c in hand:
        k = kinds[c]
        if k not in seen:
            seen.add(k)
            out.append(c)
    return out


def draw_one(s, seat: int, events: list) -> bool:
    """R6: from the draw pile, reshuffling the discard pile into it when it is empty. False if both are."""
    if not s.draw:
        if not s.discard:
            return False
        ids = tables()[0]
        for c in s.discard:
            events.append(common.moved(ids[c], "discard", "draw", common.DOWN, "reshuffle"))
        s.draw = s.discard
        s.discard = []
        s.rng.shuffle(s.draw)
        events.append(common.shuffled("draw", "reshuffle", cards=len(s.draw)))
    card = s.draw.pop()
    hand = s.hands[seat]
    hand.append(card)
    hand.sort()
    events.append(_drew(seat, card))
    return True


def refill(s, seat: int, events: list) -> None:
    """R5: draw until the hand holds the hand size (or both piles are empty)."""
    size = hand_size(s.players)
    while len(s.hands[seat]) < size and draw_one(s, seat, events):
        pass


def discard_from(s, seat: int, card: int, src: str, why: str, events: list) -> None:
    """A used card goes face up onto the discard pile from the zone `src` (hand, commit or offer)."""
    s.discard.append(card)
    s.shown &= ~(1 << card)
    events.append(common.moved(tables()[0][card], src, "discard", common.UP, why, seat=seat))


def commit_from_hand(s, seat: int, card: int, events: list) -> None:
    """A card committed face down (fight, Heist, volley). Everyone loses sight of the hand's shown cards:
    nobody else can tell which card left it."""
    hand = s.hands[seat]
    hand.remove(card)
    for c in hand:
        s.shown &= ~(1 << c)
    s.shown &= ~(1 << card)
    s.commits[seat] = card
    events.append(common.moved(tables()[0][card], HAND_IDS[seat], COMMIT_IDS[seat], common.DOWN, "commit",
                               visible_to=(seat,), seat=seat))


def return_to_hand(s, seat: int, card: int, src: str, why: str, events: list) -> None:
    """A face-up card back into its owner's hand, seen by everyone (an unchosen Holster, showdown cards)."""
    hand = s.hands[seat]
    hand.append(card)
    hand.sort()
    s.shown |= 1 << card
    events.append(common.moved(tables()[0][card], src, HAND_IDS[seat], common.UP, why, seat=seat))


def _drew(seat: int, card: int):
    return common.moved(tables()[0][card], "draw", HAND_IDS[seat], common.DOWN, "draw", visible_to=(seat,),
                        reveals=True, seat=seat)


@cache
def safe_tables() -> tuple:
    """Per safe: its id, type, value (badge number, gold, gun index, or None) and effect."""
    safes = data().safes
    return (tuple(x.id for x in safes), tuple(x.type for x in safes), tuple(x.value for x in safes),
            tuple(x.effect for x in safes))


@cache
def safe_index() -> dict:
    return {safe_id: i for i, safe_id in enumerate(safe_tables()[0])}
