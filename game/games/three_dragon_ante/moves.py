"""The moves every rule and power is made of, each with its events: drawing and reshuffling (R34, R35), the
discard pile, paying and taking gold (R32, R33), hole gold, the forced purchase (R37), cards between hands.

Every card move goes through here, so that the zones, the events and what each seat has seen (§8) stay in
step. Zone ids are those of zones.py; gold holders are "gold/<seat>", "stakes" and "hole".
"""

from __future__ import annotations

from functools import cache

from ...core import events as common
from ...core.events import Event
from .cards import table
from .state import NO
from .zones import FLIGHT_IDS, GOLD_IDS, HAND_IDS

HAND_LIMIT = 10
_RESHUFFLED = common.moved(None, "discard", "deck", common.DOWN, "reshuffle")  # one card's move, shared


def public_bits(s) -> int:
    """The `seen` mask of a card everyone has seen: every seat's bit and the public bit."""
    return (1 << (s.players + 1)) - 1


def show(s, card: int) -> None:
    s.seen[card] = public_bits(s)


def forget(s, card: int) -> None:
    """The card left a hand: what was known of it there no longer applies."""
    if s.known:
        s.known = [k for k in s.known if k[1] != card]


def refill_deck(s, events: list) -> None:
    """H11: the moment the deck is empty, the whole discard pile is shuffled into a new deck (public)."""
    if s.deck or not s.discard:
        return
    events += [_RESHUFFLED] * len(s.discard)  # count moves: the shuffled deck names no card
    s.deck = s.discard
    s.discard = []
    s.rng.shuffle(s.deck)
    s.deck_known = []
    events.append(common.shuffled("deck", "reshuffle"))


def pop_deck(s, events: list) -> int:
    """The deck's top card taken off (R35: reshuffling first if need be), or NO when there is none (H12).
    The caller puts it somewhere; the deck refills at once if this emptied it (H11), without that card."""
    refill_deck(s, events)
    if not s.deck:
        return NO
    card = s.deck.pop()
    if s.deck_known and s.deck_known[1] == card:
        s.deck_known = []
    refill_deck(s, events)  # H11: at once, before the card reaches its place (R37's price card)
    return card


def draw(s, seat: int, events: list) -> int:
    """R34/R35: one card from the deck into the hand (nothing with a full hand or no card); the card or NO."""
    if len(s.hands[seat]) >= HAND_LIMIT:
        return NO
    card = pop_deck(s, events)
    if card == NO:
        return NO
    s.hands[seat].append(card)
    s.seen[card] |= 1 << seat
    events.append(_drawn(seat, card))
    return card


@cache
def _drawn(seat: int, card: int):
    """The event of a draw (shared: events are never changed once made, and draws are the commonest)."""
    return common.moved(table().ids[card], "deck", HAND_IDS[seat], common.DOWN, "draw", visible_to=(seat,),
                        reveals=True, seat=seat)


def draw_up_to(s, seat: int, size: int, events: list) -> None:
    while len(s.hands[seat]) < size:
        if draw(s, seat, events) == NO:
            return


def to_discard(s, card: int, src: str, events: list, why: str = "discard", **extra) -> None:
    """R36: the card goes face up on the discard pile (seen by everyone)."""
    s.discard.append(card)
    s.seen[card] = public_bits(s)
    events.append(_discarded(card, src, why, tuple(extra.items())))


@cache
def _discarded(card: int, src: str, why: str, extra: tuple):
    return common.moved(table().ids[card], src, "discard", common.UP, why, **dict(extra))


def discard_from_hand(s, seat: int, card: int, events: list, why: str = "discard") -> None:
    s.hands[seat].remove(card)
    forget(s, card)
    to_discard(s, card, HAND_IDS[seat], events, why, seat=seat)


def discard_from_flight(s, seat: int, card: int, events: list, why: str = "discard") -> int:
    """The card leaves its flight for the discard pile; returns the position it held. Marks end (R22)."""
    flight = s.flights[seat]
    pos = flight.index(card)
    del flight[pos]
    if card in s.marks:
        s.marks.remove(card)
    if s.round_cards[seat] == card:
        s.round_cards[seat] = NO  # R14: a removed round card is gone for the round
    to_discard(s, card, FLIGHT_IDS[seat], events, why, seat=seat)
    return pos


def into_flight(s, seat: int, card: int, pos: int, src: str, events: list, why: str, **extra) -> None:
    """The card enters the flight at `pos` (the end: len), face up."""
    s.flights[seat].insert(pos, card)
    s.seen[card] = public_bits(s)
    events.append(_entered(seat, card, src, why) if not extra else
                  common.moved(table().ids[card], src, FLIGHT_IDS[seat], common.UP, why, seat=seat, **extra))


@cache
def _entered(seat: int, card: int, src: str, why: str):
    return common.moved(table().ids[card], src, FLIGHT_IDS[seat], common.UP, why, seat=seat)


def hand_to_hand(s, giver: int, taker: int, card: int, events: list, why: str, public: bool) -> bool:
    """A card given (revealed to all) or taken at random (told to the two players only, §6.0). Respects the
    hand limit (R34): with the taker's hand full nothing moves; returns whether the card moved."""
    if len(s.hands[taker]) >= HAND_LIMIT:
        return False
    s.hands[giver].remove(card)
    s.hands[taker].append(card)
    forget(s, card)
    card_id = table().ids[card]
    if public:
        show(s, card)
        s.known.append([NO, card])
        events.append(common.moved(card_id, HAND_IDS[giver], HAND_IDS[taker], common.DOWN, why, seat=taker,
                                   giver=giver))
    else:
        s.seen[card] |= (1 << giver) | (1 << taker)
        s.known.append([giver, card])
        events.append(common.moved(card_id, HAND_IDS[giver], HAND_IDS[taker], common.DOWN, why,
                                   visible_to=(giver, taker), reveals=True, seat=taker, giver=giver))
    return True


def take_from_hand(s, seat: int, card: int) -> int:
    """The card leaves its holder's hand for somewhere the caller puts it (a Wyrmling's replacement)."""
    s.hands[seat].remove(card)
    forget(s, card)
    return card


def reveal_from_deck(s, owner: int, events: list) -> int:
    """The deck's top card into the reveal zone (R35: reshuffling as needed), shown to everyone (owner NO:
    the Sorcerer) or to `owner` alone (the Silver Seer); the card, or NO when there is none."""
    card = pop_deck(s, events)
    if card == NO:
        return NO
    s.reveal.append(card)
    s.reveal_owner = owner
    card_id = table().ids[card]
    if owner == NO:
        show(s, card)
        events.append(common.moved(card_id, "deck", "reveal", common.UP, "reveal"))
    else:
        s.seen[card] |= 1 << owner
        events.append(common.moved(card_id, "deck", "reveal", common.DOWN, "look", visible_to=(owner,),
                                   reveals=True, seat=owner))
    return card


def ante_to_hand(s, seat: int, card: int, events: list, why: str) -> bool:
    """An ante card into a hand (R34: not into a full hand)."""
    if len(s.hands[seat]) >= HAND_LIMIT:
        return False
    s.ante.remove(card)
    s.hands[seat].append(card)
    events.append(common.moved(table().ids[card], "ante", HAND_IDS[seat], common.DOWN, why, seat=seat))
    s.known.append([NO, card])  # everyone saw it leave the ante for that hand
    return True


def reveal_in_hand(s, seat: int, card: int, events: list, why: str) -> None:
    """A card shown to everyone that stays in its holder's hand (a refused gift H15, the Prophet's dragon)."""
    show(s, card)
    if [NO, card] not in s.known:
        s.known.append([NO, card])
    events.append(common.revealed((table().ids[card],), HAND_IDS[seat], None, why, seat=seat))


# -- gold ---------------------------------------------------------------------------------------------------

def hole(s, seat: int, amount: int, events: list) -> None:
    if amount > 0:
        s.hole_gold[seat] += amount
        events.append(Event("hole_gold", (("seat", seat), ("amount", amount), ("total", s.hole_gold[seat]))))


def pay(s, payer: int, amount: int, to, events: list, why: str = "") -> int:
    """R32: the payer pays what they can to a seat or (to=None) into the stakes; the shortfall is hole gold.
    Paying oneself does nothing. Returns what was paid."""
    if to == payer or amount <= 0:
        return 0
    paid = min(amount, s.gold[payer])
    s.gold[payer] -= paid
    if to is None:
        s.stakes += paid
    else:
        s.gold[to] += paid
    if paid:
        events.append(common.coins_moved(paid, GOLD_IDS[payer], "stakes" if to is None else GOLD_IDS[to], why,
                                         seat=payer))
    hole(s, payer, amount - paid, events)
    return paid


def take_stakes(s, seat: int, amount: int, events: list, why: str = "") -> bool:
    """R33: take min(amount, stakes). Returns True when that emptied the stakes: play stops (R42)."""
    taken = min(amount, s.stakes)
    if taken > 0:
        s.stakes -= taken
        s.gold[seat] += taken
        events.append(common.coins_moved(taken, "stakes", GOLD_IDS[seat], why, seat=seat))
        if s.stakes == 0:
            s.stopped = True
            events.append(Event("stakes_empty", ()))
    return s.stopped


def payee(s) -> int:
    """The Merchant Prince's payee (H19): the owner of the flight holding a Merchant Prince, else the last."""
    if s.payee == NO:
        return NO
    effect = table().effect
    for seat, flight in enumerate(s.flights):
        for c in flight:
            if effect[c] == "merchant_prince":
                s.payee = seat
    return s.payee


def purchase(s, seat: int, events: list) -> None:
    """R37: reveal the price card onto the discard pile, pay its strength (to the Merchant Prince's payee if
    there is one), then draw up to 4. No price card: price 0."""
    card = pop_deck(s, events)  # H11: a reshuffle happens before the price card reaches the discard pile
    price = table().strength[card] if card != NO else 0
    if card != NO:
        to_discard(s, card, "deck", events, "price", seat=seat)
    events.append(Event("purchase", (("seat", seat), ("price", price))))
    receiver = payee(s)
    pay(s, seat, price, None if receiver == NO else receiver, events, "price")
    draw_up_to(s, seat, 4, events)
